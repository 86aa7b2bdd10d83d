/**
 * Re-pricing the lines of the order form when what their price depends on changes (issue #5): the
 * supplier, the currency or the order date. Pure rules; OrderEdit.tsx asks the price master and applies.
 */
import { lineNumberAt } from '@srm/contracts/field-labels';

/**
 * Where a line's price came from: 'master' when the price master filled it in the form, 'manual' when the
 * buyer typed it, 'missing' when the price master was asked and had no valid price for the order's
 * supplier, currency and date (the price stays empty until typed or a new context finds one). Absent for
 * lines loaded from a saved order (the origin of a saved price is not stored) and for lines whose price
 * is still empty and was not looked up (or the lookup failed: the server prices them at save).
 */
export type PriceSource = 'master' | 'manual' | 'missing';

export type PricedLine = {
  materialId?: string;
  materialNumber?: string;
  priceExcludingTax?: string;
  priceSource?: PriceSource;
};

/** What the price master's price depends on: the order's supplier, currency and date (YYYY-MM-DD). */
export type PriceContext = { supplier: string; currency: string; date: string };

/** A stable key of a context: equal keys need no re-pricing. */
export function priceContextKey(c: PriceContext): string {
  return [c.supplier.trim(), c.currency, c.date].join('|');
}

const hasPrice = (l: PricedLine) => Boolean(l.priceExcludingTax?.trim());

/**
 * Which lines (by index) a new context re-prices and which keep their price. Re-priced: lines picked from
 * the material master (materialId) whose price came from the price master or is still empty. Kept: every
 * other line with a price — typed by hand, or loaded from the saved order — so the buyer can check it.
 * Lines with neither (typed material, no price) are left alone.
 */
export function repricePlan(lines: ReadonlyArray<PricedLine | undefined>): {
  reprice: number[];
  kept: number[];
} {
  const reprice: number[] = [];
  const kept: number[] = [];
  lines.forEach((line, index) => {
    if (!line) return;
    if (line.materialId && (line.priceSource === 'master' || !hasPrice(line))) reprice.push(index);
    else if (hasPrice(line)) kept.push(index);
  });
  return { reprice, kept };
}

/** The price master's answer for one re-priced line (rules.ts linePriceFrom), or why it gave none. */
export type RepriceOutcome =
  | { ok: true; priceExcludingTax: string; taxRate: string }
  | { ok: false; reason: 'noPrice' | 'currency' | 'error'; currency?: string };

/**
 * Whether the price master's answer for a line may still be applied when it arrives: the line still holds
 * the material it was asked for, and the buyer did not type a price meanwhile (a typed price is the
 * buyer's; a late answer never overwrites it).
 */
export function answerStillApplies(line: PricedLine | undefined, materialId: string): boolean {
  return line?.materialId === materialId && line.priceSource !== 'manual';
}

/**
 * The price source a line takes from the price master's answer: 'master' with a price; 'missing' when
 * there is no valid price (none, or only in another currency); none when the lookup failed.
 */
export function priceSourceOf(outcome: RepriceOutcome): PriceSource | undefined {
  if (outcome.ok) return 'master';
  return outcome.reason === 'error' ? undefined : 'missing';
}

/**
 * What the amount cell of a line without an amount says: 'noPrice' when the price master had no valid
 * price for it (the buyer must type one); 'incomplete' when the line has a price, so what is missing is
 * a valid quantity or tax rate; else 'fromMaster' (the price is taken from the price master).
 */
export function lineAmountNote(line: PricedLine | undefined): 'noPrice' | 'incomplete' | 'fromMaster' {
  if (line && hasPrice(line)) return 'incomplete';
  return line?.priceSource === 'missing' ? 'noPrice' : 'fromMaster';
}

/** The lines a re-pricing touched, as the form shows them ("10 (M-1000)"), by what happened to them. */
export type RepriceSummary = { repriced: string[]; missing: string[]; kept: string[] };

/**
 * "line number (material number)" of a line index, for the note listing the lines: the number the save
 * gives the line (10, 20 …), as the form's line column and the server's messages name it (issue #33).
 */
export function lineTag(lines: ReadonlyArray<PricedLine | undefined>, index: number): string {
  const material = lines[index]?.materialNumber?.trim();
  const line = lineNumberAt(index);
  return material ? `${line} (${material})` : String(line);
}

/** Sorts the outcomes into the note's three lists (outcomes by line index; kept from the plan). */
export function repriceSummary(
  lines: ReadonlyArray<PricedLine | undefined>,
  outcomes: ReadonlyArray<{ index: number; outcome: RepriceOutcome }>,
  kept: readonly number[],
): RepriceSummary {
  const sorted = [...outcomes].sort((a, b) => a.index - b.index);
  return {
    repriced: sorted.filter((o) => o.outcome.ok).map((o) => lineTag(lines, o.index)),
    missing: sorted.filter((o) => !o.outcome.ok).map((o) => lineTag(lines, o.index)),
    kept: kept.map((i) => lineTag(lines, i)),
  };
}
