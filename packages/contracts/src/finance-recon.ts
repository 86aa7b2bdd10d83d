import { fromUnits, sumMoney, toUnits } from './finance-money.ts';

/**
 * The new-statement picker's rows (issue #15 "Statements", issue #32): what the picker shows and counts
 * from the candidate lines `findReconcilable` answers (each signed as on the statement, computed by the
 * same `reconCandidates` the save uses). The save names sources (a notice line, a return line, a whole fee
 * sheet) and writes every candidate line of them, so the picker shows one row per line the statement will
 * hold — a fee sheet of several lines is several rows, each with its own tax rate — and a fee sheet's rows
 * are selected together. Shared so the rows are checked against the saved lines
 * (apps/server/test/finance.test.ts).
 */

/** The fields of a candidate (or saved) statement line the picker uses. */
export type ReconPickLine = {
  itemType: string;
  sourceId: string;
  sourceItemNumber: number | null;
  materialDesc: string | null;
  quantity: string | null;
  taxRate: string;
  amount: string;
  netAmount: string;
  taxAmount: string;
};

/** A picker row: a line and its table key (`{itemType}:{sourceId}:{sourceItemNumber}`). */
export type ReconPickRow<L extends ReconPickLine> = L & { key: string };

/** The source a save names for a line: `{itemType}:{sourceId}` (a fee sheet is one source). */
export const reconSourceKey = (l: Pick<ReconPickLine, 'itemType' | 'sourceId'>) =>
  `${l.itemType}:${l.sourceId}`;

/**
 * Candidates as rows, one per statement line, in the answer's order. When editing, a notice line can come
 * twice (its quantity on this statement and what is still open): the save writes it once with both, so the
 * two become one row with the summed figures (quantity unknown here: shown empty).
 */
export function reconPickerRows<L extends ReconPickLine>(lines: readonly L[]): ReconPickRow<L>[] {
  const rows = new Map<string, ReconPickRow<L>>();
  for (const line of lines) {
    const key = `${reconSourceKey(line)}:${line.sourceItemNumber}`;
    const seen = rows.get(key);
    if (!seen) rows.set(key, { ...line, key });
    else rows.set(key, { ...seen, ...sumMoney([seen, line]), quantity: null });
  }
  return [...rows.values()];
}

/**
 * The selection after a change in the table (`before` → `after`, row keys): a source is taken whole, so
 * a row selected or cleared selects or clears every row of its source (a fee sheet's lines together).
 */
export function reconSelection(
  rows: ReadonlyArray<ReconPickRow<ReconPickLine>>,
  before: readonly string[],
  after: readonly string[],
): string[] {
  const source = new Map(rows.map((r) => [r.key, reconSourceKey(r)]));
  const was = new Set(before);
  const now = new Set(after);
  const added = new Set(after.filter((k) => !was.has(k)).map((k) => source.get(k)));
  const removed = new Set(before.filter((k) => !now.has(k)).map((k) => source.get(k)));
  return rows
    .filter((r) => {
      const s = reconSourceKey(r);
      return !removed.has(s) && (added.has(s) || now.has(r.key));
    })
    .map((r) => r.key);
}

/** The sources a save names for the selected rows, each once, in the rows' order. */
export function reconSourcesOf(
  rows: ReadonlyArray<Pick<ReconPickLine, 'itemType' | 'sourceId'>>,
): Array<{ itemType: string; sourceId: string }> {
  return [
    ...new Map(rows.map((r) => [reconSourceKey(r), { itemType: r.itemType, sourceId: r.sourceId }])).values(),
  ];
}

/**
 * What a confirmed (2) or posted (4) statement still has to be invoiced (issue #32): its total incl. tax
 * minus `invoicedAmount` (the accepted and posted invoices' sum), 2 decimals, in the statement's currency;
 * null when the statement cannot be invoiced yet (other statuses) or is fully invoiced (`invoiceStatus` 2).
 */
export function reconToInvoice(record: Readonly<Record<string, unknown>>): string | null {
  if (record.checkStatus !== '2' && record.checkStatus !== '4') return null;
  if (record.invoiceStatus === '2') return null;
  const units = (v: unknown) => toUnits(v === null || v === undefined || v === '' ? '0' : String(v), 2);
  return fromUnits(units(record.totalAmount) - units(record.invoicedAmount), 2);
}
