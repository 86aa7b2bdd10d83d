import { sumMoney } from './finance-money.ts';

/**
 * The new-statement picker's rows (issue #15 "Statements", issue #32): what the picker shows and counts
 * from the candidate lines `findReconcilable` answers (each signed as on the statement). Shared so the
 * picker's rows can be checked against the lines a save writes (apps/server/test/finance.test.ts).
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

/** A picker row: a line and its table key. */
export type ReconPickRow<L extends ReconPickLine> = L & { key: string };

/** The source a save names for a line: `{itemType}:{sourceId}` (a fee sheet is one source). */
export const reconSourceKey = (l: Pick<ReconPickLine, 'itemType' | 'sourceId'>) => `${l.itemType}:${l.sourceId}`;

/** Candidates as rows: fee sheets (item types 3, 4) become one row with their lines' sums. */
export function reconPickerRows<L extends ReconPickLine>(lines: readonly L[]): ReconPickRow<L>[] {
  const rows = new Map<string, ReconPickRow<L>>();
  for (const line of lines) {
    const fee = line.itemType === '3' || line.itemType === '4';
    const key = fee ? reconSourceKey(line) : `${reconSourceKey(line)}:${line.sourceItemNumber}`;
    const seen = rows.get(key);
    if (!seen) rows.set(key, { ...line, key, sourceItemNumber: fee ? null : line.sourceItemNumber });
    else {
      const sum = sumMoney([seen, line]);
      const taxRate = seen.taxRate === line.taxRate ? seen.taxRate : '—';
      rows.set(key, {
        ...seen,
        ...sum,
        taxRate,
        quantity: null,
        materialDesc: `${seen.materialDesc ?? ''} …`,
      });
    }
  }
  return [...rows.values()];
}
