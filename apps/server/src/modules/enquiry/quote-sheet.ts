import type { Locale } from '@srm/contracts/constants';
import {
  enquiryDefinition as def,
  type EnquiryQuoteBody,
  type LadderStep,
  ladderProblem,
  ladderStepSchema,
  QUOTE_STATUS,
} from '@srm/contracts/enquiry';
import type { Queryable } from '../../platform/db.ts';
import type { RowError } from '../../platform/document/import.ts';
import { IMPORT_MAX_ERRORS } from '../../platform/document/import.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { type Column, readWorkbook, streamWorkbook, writeWorkbook } from '../../platform/excel.ts';
import type { AuthContext } from '../../platform/http.ts';
import { type MessageKey, t } from '../../platform/messages.ts';
import { comparisonLinePages, findQuotePage, isOpen, quote, supplierInvitations } from './service.ts';

/**
 * The supplier's quote sheet (issue #13 "Excel download and upload of the quote sheet with per-row
 * errors"): its invited lines of one RFQ as an .xlsx in the caller's language, with the current quote
 * prefilled, and the upload that submits the filled sheet through the same `quote` as the quote page —
 * all or nothing, each bad row reported.
 *
 * Layout: line number (the key of a row), material number, description, unit, quantity and requested
 * date (written, ignored on upload), then the editable column: the unit price excl. tax (per unit, at
 * most 12 integer digits and 6 decimals) for a unit-price RFQ, or the ladder
 * ("1000:9.8; 5000:9.5", quantities rising, at most 10 steps) for a ladder-price RFQ. A row without a
 * price is left unquoted.
 */

const PRICE_DIGITS = { integer: 12, scale: 6 } as const;
const MAX_LADDER_STEPS = 10;

const label = (name: keyof typeof def.lines.fields) => def.lines.fields[name].label;

/** The sheet's columns for a unit-price (false) or ladder-price (true) RFQ. */
export function quoteSheetColumns(ladder: boolean): Column[] {
  const shown = (key: keyof typeof def.lines.fields, width: number, kind?: Column['kind']): Column => ({
    key,
    ...label(key),
    width,
    kind,
    exportOnly: true,
  });
  return [
    { key: 'lineNumber', zh_cn: '行号', en: 'Line number', kind: 'int', width: 10, required: true },
    shown('materialNumber', 18),
    shown('materialDesc', 30),
    shown('unit', 8),
    shown('quantity', 12, 'decimal'),
    shown('deliveryDate', 14),
    ladder
      ? {
          key: 'ladder',
          zh_cn: '阶梯价格（数量:不含税单价; …）',
          en: 'Ladder (quantity:unit price excl. tax; …)',
          width: 36,
          required: true,
        }
      : {
          key: 'priceExcludingTax',
          zh_cn: '不含税单价',
          en: 'Unit price excl. tax',
          kind: 'decimal',
          width: 16,
          required: true,
        },
  ];
}

/** A decimal for the sheet: trailing zeros after the point dropped ("9.800000" → "9.8"). */
const plain = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** A ladder as the sheet writes it. */
export const ladderText = (steps: readonly LadderStep[]) =>
  steps.map((s) => `${plain(s.quantity)}:${plain(s.price)}`).join('; ');

/**
 * The quote sheet of the caller's invited lines ('404' when not invited, '400' enquiryNotOpen when the
 * RFQ takes no quotes): the workbook and a file name.
 */
export async function quoteSheet(
  db: Queryable,
  auth: AuthContext,
  id: string,
  locale: Locale,
): Promise<{ bytes: Buffer; fileName: string }> {
  const page = await findQuotePage(db, auth, id);
  if (!page.open) throw badRequest('enquiryNotOpen');
  if ((page.record as Record<string, unknown>).quoteMethod === '3')
    throw badRequest('enquirySheetCostMethod');
  const record = page.record as Record<string, unknown>;
  const ladder = record.quoteMethod === '2';
  const rows = page.lines.map((line) => ({
    lineNumber: line.lineNumber,
    materialNumber: line.materialNumber,
    materialDesc: line.materialDesc,
    unit: line.unit,
    quantity: plain(line.quantity),
    deliveryDate: line.deliveryDate,
    ...(ladder
      ? { ladder: line.quote?.ladder ? ladderText(line.quote.ladder) : null }
      : { priceExcludingTax: line.quote ? plain(line.quote.priceExcludingTax) : null }),
  }));
  const number = String(record.enquiryNumber ?? 'rfq').replace(/[^\w.-]/g, '_');
  return {
    bytes: await writeWorkbook(locale === 'en' ? 'Quote' : '报价单', quoteSheetColumns(ladder), rows, locale),
    fileName: `quote-${number}.xlsx`,
  };
}

/** A price cell: its problem (caller's language) or null. */
function priceProblem(value: string, locale: Locale, field: string): string | null {
  const parsed = ladderStepSchema.shape.price.safeParse(value);
  if (parsed.success) return null;
  // The price schema checks the sign first (rule.positive: '0', '-1'), then the number's format.
  return parsed.error.issues.some((i) => i.message === 'rule.positive')
    ? t(locale, 'rule.positive', { field })
    : t(locale, 'docImportDecimal', { field, ...PRICE_DIGITS });
}

/** A ladder cell ("1000:9.8; 5000:9.5", full-width separators too): its steps, or a problem. */
function parseLadder(
  text: string,
  locale: Locale,
  field: string,
): { steps: LadderStep[] } | { problem: string } {
  const format = () => ({ problem: t(locale, 'enquirySheetLadderFormat', { field }) });
  const parts = text
    .split(/[;；\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.length > MAX_LADDER_STEPS) return format();
  const steps: LadderStep[] = [];
  for (const part of parts) {
    const pair = part.split(/[:：]/).map((p) => p.trim());
    if (pair.length !== 2) return format();
    if (!ladderStepSchema.shape.quantity.safeParse(pair[0]).success) return format();
    const bad = priceProblem(pair[1], locale, field);
    if (bad) return { problem: bad };
    steps.push(ladderStepSchema.parse({ quantity: pair[0], price: pair[1] }));
  }
  const problem = ladderProblem(steps);
  if (problem) return { problem: t(locale, problem.key as MessageKey, problem.params) };
  return { steps };
}

/**
 * Submits a filled quote sheet: rows matched to the caller's invited lines by line number, each cell
 * checked (price a decimal > 0 of at most 12 integer digits and 6 decimals; a ladder's quantities rising),
 * then the quote of every priced row through `quote` — the quote route's own rules and transaction, all
 * or nothing. '400' enquirySheetRejected with data { errors: [{ row, field, message }] } (sheet row
 * numbers, column labels in the caller's language; never an id) when any row is bad; '404' when not
 * invited; '400' enquiryNotOpen. Answers the quote page.
 */
export async function importQuoteSheet(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  bytes: Buffer,
  locale: Locale,
) {
  const { row: header, rows: invited } = await supplierInvitations(db, auth, id);
  if (!isOpen(header)) throw badRequest('enquiryNotOpen');
  if (header.quoteMethod === '3') throw badRequest('enquirySheetCostMethod');
  const ladder = header.quoteMethod === '2';
  const columns = quoteSheetColumns(ladder);
  const [lineColumn] = columns;
  const priceColumn = columns[columns.length - 1];
  const sheetRows = await readWorkbook(bytes, columns);
  const errors: RowError[] = [];
  const badRows = new Set<number>();
  const fail = (row: number, field: string, message: string) => {
    badRows.add(row);
    if (errors.length < IMPORT_MAX_ERRORS) errors.push({ row, field, message });
  };
  const seen = new Map<number, number>();
  const lines: EnquiryQuoteBody['lines'] = [];
  for (const r of sheetRows) {
    const lineLabel = lineColumn[locale];
    const priceLabel = priceColumn[locale];
    const number = r.values.lineNumber;
    const cell = r.values[priceColumn.key];
    if (number === undefined) {
      fail(r.row, lineLabel, t(locale, 'rule.required', { field: lineLabel }));
      continue;
    }
    const found = typeof number === 'number' ? invited.find((i) => i.item.lineNumber === number) : undefined;
    if (!found) {
      fail(r.row, lineLabel, t(locale, 'enquirySheetLineUnknown', { line: String(number).slice(0, 20) }));
      continue;
    }
    const first = seen.get(found.item.lineNumber);
    if (first !== undefined) {
      fail(
        r.row,
        lineLabel,
        t(locale, 'enquirySheetLineRepeated', { line: found.item.lineNumber, row: first }),
      );
      continue;
    }
    seen.set(found.item.lineNumber, r.row);
    if (cell === undefined) continue; // not quoted
    const text = String(cell).trim();
    if (ladder) {
      const parsed = parseLadder(text, locale, priceLabel);
      if ('problem' in parsed) fail(r.row, priceLabel, parsed.problem);
      else lines.push({ itemId: found.item.id, ladder: parsed.steps });
    } else {
      const problem = priceProblem(text, locale, priceLabel);
      if (problem) fail(r.row, priceLabel, problem);
      else lines.push({ itemId: found.item.id, priceExcludingTax: text });
    }
  }
  if (badRows.size > 0)
    throw new AppError(
      '400',
      'enquirySheetRejected',
      { count: badRows.size },
      { errors: errors.sort((a, b) => a.row - b.row) },
    );
  if (lines.length === 0) throw badRequest('enquirySheetNoPrices');
  return quote(db, env, auth, id, { lines });
}

/** The comparison sheet's columns (one row per line × invited supplier). */
const comparisonColumns: Column[] = [
  { key: 'lineNumber', zh_cn: '行号', en: 'Line', kind: 'int', width: 8 },
  { key: 'materialNumber', zh_cn: '物料编码', en: 'Material number', width: 16 },
  { key: 'materialDesc', zh_cn: '物料描述', en: 'Material description', width: 28 },
  { key: 'quantity', zh_cn: '需求数量', en: 'Quantity', kind: 'decimal', width: 12 },
  { key: 'unit', zh_cn: '单位', en: 'Unit', width: 8 },
  { key: 'supplier', zh_cn: '供应商', en: 'Supplier', width: 30 },
  { key: 'quoteStatus', zh_cn: '报价状态', en: 'Quote status', width: 12 },
  { key: 'bout', zh_cn: '报价轮次', en: 'Round', kind: 'int', width: 8 },
  { key: 'price', zh_cn: '单价(不含税)', en: 'Unit price excl. tax', kind: 'decimal', width: 16 },
  { key: 'ladder', zh_cn: '阶梯价格', en: 'Ladder', width: 24 },
  { key: 'taxRate', zh_cn: '税率 %', en: 'Tax rate %', kind: 'decimal', width: 9 },
  { key: 'lineAmount', zh_cn: '行金额(不含税)', en: 'Line amount excl. tax', kind: 'decimal', width: 16 },
  { key: 'costs', zh_cn: '成本构成', en: 'Cost breakdown', width: 28 },
  { key: 'fees', zh_cn: '附加费用', en: 'Additional fees', width: 24 },
  { key: 'totalAmount', zh_cn: '含费用合计', en: 'Total with fees', kind: 'decimal', width: 16 },
  { key: 'mark', zh_cn: '最低/最高', en: 'Lowest/highest', width: 12 },
  { key: 'lastPrice', zh_cn: '上次价格', en: 'Last price', kind: 'decimal', width: 12 },
  { key: 'lastPriceOriginal', zh_cn: '上次价格(原币种)', en: 'Last price as recorded', width: 18 },
  { key: 'savings', zh_cn: '节约金额', en: 'Savings', kind: 'decimal', width: 12 },
  { key: 'savingsRate', zh_cn: '节约率 %', en: 'Savings %', kind: 'decimal', width: 10 },
  { key: 'budgetPrice', zh_cn: '预算单价', en: 'Budget price', kind: 'decimal', width: 12 },
  { key: 'budgetSavings', zh_cn: '预算节约', en: 'Savings vs budget', kind: 'decimal', width: 14 },
  { key: 'budgetSavingsRate', zh_cn: '预算节约率 %', en: 'Savings vs budget %', kind: 'decimal', width: 12 },
  { key: 'quota', zh_cn: '配额 %', en: 'Quota %', kind: 'decimal', width: 9 },
];

/**
 * The price comparison as an .xlsx in the caller's language (issue #13 "Excel export of the comparison"):
 * the same figures as findComparison — per line × invited supplier the status, round, unit price excl.
 * tax for the line's quantity (the RFQ's currency), ladder, line amount (2 decimals), lowest/highest,
 * last price (in the RFQ's currency, and as recorded with its currency), savings, the requisition's budget
 * price (in the RFQ's currency) with the savings against it (amount and %, empty for a line without a
 * requisition budget) and quota — so nobody rebuilds the table by hand.
 *
 * Streamed: the first page of 100 lines is read here, so the comparison's rules answer before anything is
 * sent — '400' sealed or not opened; '404' for another company's RFQ — and the answer's `write(out)` then
 * streams the workbook (platform/excel.ts streamWorkbook), reading the next 100 lines only as the rows of
 * the previous ones have been written: memory holds one page of cells, whatever the RFQ's size.
 */
export async function comparisonSheet(
  db: Queryable,
  auth: AuthContext,
  id: string,
  locale: Locale,
): Promise<{ fileName: string; write: (out: NodeJS.WritableStream) => Promise<void> }> {
  const mark = (q: { lowest: boolean; highest: boolean }) =>
    q.lowest
      ? locale === 'en'
        ? 'Lowest'
        : '最低'
      : q.highest
        ? locale === 'en'
          ? 'Highest'
          : '最高'
        : '';
  const pages = comparisonLinePages(db, auth, id);
  const first = await pages.next();
  if (first.done) throw new Error('comparisonLinePages yields at least one page');
  const record = first.value.record as Record<string, unknown>;
  async function* rows() {
    for (let page = first; !page.done; page = await pages.next())
      for (const line of page.value.lines)
        for (const q of line.quotes)
          yield {
            lineNumber: line.lineNumber / 10,
            materialNumber: line.materialNumber,
            materialDesc: line.materialDesc,
            quantity: plain(line.quantity),
            unit: line.unit,
            supplier: `${q.toElsAccount} ${q.supplierName}`,
            quoteStatus: QUOTE_STATUS[q.quoteStatus as keyof typeof QUOTE_STATUS]?.[locale] ?? q.quoteStatus,
            bout: q.bout,
            price: q.priceExcludingTax ? plain(q.priceExcludingTax) : null,
            ladder: q.ladder ? ladderText(q.ladder) : null,
            taxRate: q.taxRate ? plain(q.taxRate) : null,
            lineAmount: q.lineAmount,
            costs: q.costs ? q.costs.map((c) => `${c.name}:${plain(c.amount)}`).join('; ') : null,
            fees: q.fees ? q.fees.map((f) => `${f.name}:${f.amount}`).join('; ') : null,
            totalAmount: q.totalAmount,
            mark: mark(q),
            lastPrice: line.lastPrice ? plain(line.lastPrice) : null,
            // As recorded, with its currency (the converted column above is empty without an RFQ rate for it).
            lastPriceOriginal: line.lastPriceOriginal
              ? `${plain(line.lastPriceOriginal)} ${line.lastPriceCurrency}`
              : null,
            savings: q.savings,
            savingsRate: q.savingsRate,
            budgetPrice: line.budgetPrice ? plain(line.budgetPrice) : null,
            budgetSavings: q.budgetSavings,
            budgetSavingsRate: q.budgetSavingsRate,
            quota: q.quota ? plain(q.quota) : null,
          };
  }
  const number = String(record.enquiryNumber ?? 'rfq').replace(/[^\w.-]/g, '_');
  return {
    fileName: `comparison-${number}.xlsx`,
    write: (out) =>
      streamWorkbook(locale === 'en' ? 'Comparison' : '比价', comparisonColumns, rows(), locale, out),
  };
}
