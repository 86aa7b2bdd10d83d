import { z } from 'zod';

/**
 * The RFQ price comparison, paged by line (issue #13, "a comparison that stays light at 500 lines × 20
 * suppliers"): `GET /apis/inquiry/PurchaseEnquiryService/findComparison/{id}?lineFrom=&limit=`.
 *
 * A page holds up to `limit` lines (default 50, at most 200) whose line number is ≥ `lineFrom` (keyset on
 * the RFQ line number; absent = from the first line), and `nextLineFrom` (the next page's `lineFrom`, null
 * after the last line). Suppliers are named once per page in `suppliers`; each quote cell points into it
 * (`supplier`, an index). Fields that are empty are left out of a cell (no nulls, no `false`), and the
 * as-quoted price only appears when the quote is in another currency than the RFQ's. The first page (no
 * `lineFrom`) also carries `summary`: per supplier and for the whole RFQ, computed in one SQL statement.
 * `expandComparisonLines` turns a page back into the full per-line shape the detail page and the Excel
 * export use.
 */
export const COMPARISON_PAGE_DEFAULT = 50;
export const COMPARISON_PAGE_MAX = 200;

/** Query of findComparison: where the page starts (a line number, inclusive) and how many lines. */
export const comparisonPageQuerySchema = z.object({
  lineFrom: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(COMPARISON_PAGE_MAX).default(COMPARISON_PAGE_DEFAULT),
});
export type ComparisonPageQuery = z.infer<typeof comparisonPageQuerySchema>;

const ladder = z.array(z.object({ quantity: z.string(), price: z.string() }));
const amounts = z.array(z.object({ name: z.string(), amount: z.string() }));

/** One supplier's cell on one line; empty fields left out (see the file's comment). */
export const comparisonCellSchema = z.object({
  /** Index into the page's `suppliers`. */
  supplier: z.number().int(),
  quoteStatus: z.string(),
  declineReason: z.string().optional(),
  quota: z.string().optional(),
  /** Unit price excl. tax for the line's quantity in the RFQ's currency (6 decimals). */
  priceExcludingTax: z.string().optional(),
  /** As quoted, only when the quote's currency is not the RFQ's: currency, rate applied, unit price. */
  quoted: z.object({ currency: z.string(), exchangeRate: z.string(), price: z.string() }).optional(),
  taxRate: z.string().optional(),
  ladder: ladder.optional(),
  /** The round of the current quote; `outOfRound` when the supplier is not in the RFQ's current round. */
  bout: z.number().optional(),
  outOfRound: z.literal(true).optional(),
  lineAmount: z.string().optional(),
  costs: amounts.optional(),
  fees: amounts.optional(),
  feeTotal: z.string().optional(),
  totalAmount: z.string().optional(),
  lowest: z.literal(true).optional(),
  highest: z.literal(true).optional(),
  savings: z.string().optional(),
  savingsRate: z.string().optional(),
  budgetSavings: z.string().optional(),
  budgetSavingsRate: z.string().optional(),
});
export type ComparisonCell = z.infer<typeof comparisonCellSchema>;

export const comparisonPageLineSchema = z.object({
  itemId: z.string(),
  lineNumber: z.number(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  unit: z.string(),
  quantity: z.string(),
  deliveryDate: z.string(),
  lastPrice: z.string().nullable(),
  lastPriceCurrency: z.string().nullable(),
  lastPriceOriginal: z.string().nullable(),
  lastPriceMissing: z.enum(['none', 'noRate']).nullable(),
  budgetPrice: z.string().nullable(),
  quotes: z.array(comparisonCellSchema),
});
export type ComparisonPageLine = z.infer<typeof comparisonPageLineSchema>;

/**
 * The whole RFQ at a glance (first page only): per invited supplier the lines it is invited to, quoted
 * (with a price) and declined, the sum of its line amounts and of its totals with fees (RFQ currency,
 * 2 decimals), and on how many lines it is the lowest; for the RFQ the line count, lines with at least one
 * price, and the sum over lines of the lowest line amount.
 */
export const comparisonSummarySchema = z.object({
  lineCount: z.number(),
  quotedLines: z.number(),
  lowestTotal: z.string(),
  suppliers: z.array(
    z.object({
      toElsAccount: z.string(),
      supplierName: z.string(),
      invitedLines: z.number(),
      quotedLines: z.number(),
      declinedLines: z.number(),
      lowestLines: z.number(),
      amount: z.string(),
      totalAmount: z.string(),
    }),
  ),
});
export type ComparisonSummary = z.infer<typeof comparisonSummarySchema>;

export const pendingAwardSchema = z
  .object({
    lines: z.array(
      z.object({
        itemId: z.string(),
        awards: z.array(z.object({ toElsAccount: z.string(), quota: z.string() })),
      }),
    ),
    remark: z.string().nullable(),
    requestedBy: z.string(),
    requestedAt: z.string(),
  })
  .nullable();

/** One page of the comparison (the route's `data`). */
export const comparisonPageSchema = z.object({
  record: z.record(z.string(), z.unknown()),
  costItems: z.array(z.string()),
  feeItems: z.array(z.string()),
  /** The award waiting for its approval, its lines limited to this page's lines; null when none. */
  pendingAward: pendingAwardSchema,
  suppliers: z.array(z.object({ toElsAccount: z.string(), supplierName: z.string() })),
  lines: z.array(comparisonPageLineSchema),
  nextLineFrom: z.number().nullable(),
  summary: comparisonSummarySchema.nullable(),
});
export type ComparisonPage = z.infer<typeof comparisonPageSchema>;

/** A quote cell in full (every field present, null when empty), as the detail page renders it. */
export type ComparisonQuoteFull = {
  toElsAccount: string;
  supplierName: string;
  quoteStatus: string;
  declineReason: string | null;
  quota: string | null;
  priceExcludingTax: string | null;
  quoteCurrency: string | null;
  quoteExchangeRate: string | null;
  quotedPrice: string | null;
  taxRate: string | null;
  ladder: Array<{ quantity: string; price: string }> | null;
  bout: number | null;
  inRound: boolean;
  lineAmount: string | null;
  costs: Array<{ name: string; amount: string }> | null;
  fees: Array<{ name: string; amount: string }> | null;
  feeTotal: string | null;
  totalAmount: string | null;
  lowest: boolean;
  highest: boolean;
  savings: string | null;
  savingsRate: string | null;
  budgetSavings: string | null;
  budgetSavingsRate: string | null;
};
export type ComparisonLineFull = Omit<ComparisonPageLine, 'quotes'> & { quotes: ComparisonQuoteFull[] };

/** A full cell from a page's cell: the supplier named, empty fields null, the as-quoted price filled. */
export function expandComparisonCell(
  c: ComparisonCell,
  suppliers: ReadonlyArray<{ toElsAccount: string; supplierName: string }>,
  rfqCurrency: string,
): ComparisonQuoteFull {
  const s = suppliers[c.supplier];
  const price = c.priceExcludingTax ?? null;
  return {
    toElsAccount: s.toElsAccount,
    supplierName: s.supplierName,
    quoteStatus: c.quoteStatus,
    declineReason: c.declineReason ?? null,
    quota: c.quota ?? null,
    priceExcludingTax: price,
    quoteCurrency: c.quoted?.currency ?? (price !== null ? rfqCurrency : null),
    quoteExchangeRate: c.quoted?.exchangeRate ?? (price !== null ? '1.000000' : null),
    quotedPrice: c.quoted?.price ?? price,
    taxRate: c.taxRate ?? null,
    ladder: c.ladder ?? null,
    bout: c.bout ?? null,
    inRound: !c.outOfRound,
    lineAmount: c.lineAmount ?? null,
    costs: c.costs ?? null,
    fees: c.fees ?? null,
    feeTotal: c.feeTotal ?? null,
    // A cell without fees carries no total (it equals the line amount, see the server's slim cell).
    totalAmount: c.totalAmount ?? c.lineAmount ?? null,
    lowest: !!c.lowest,
    highest: !!c.highest,
    savings: c.savings ?? null,
    savingsRate: c.savingsRate ?? null,
    budgetSavings: c.budgetSavings ?? null,
    budgetSavingsRate: c.budgetSavingsRate ?? null,
  };
}

/** A page's lines in full (see `expandComparisonCell`). */
export function expandComparisonLines(page: Pick<ComparisonPage, 'record' | 'suppliers' | 'lines'>) {
  const currency = String(page.record.currency ?? 'CNY');
  return page.lines.map(
    (l): ComparisonLineFull => ({
      ...l,
      quotes: l.quotes.map((c) => expandComparisonCell(c, page.suppliers, currency)),
    }),
  );
}
