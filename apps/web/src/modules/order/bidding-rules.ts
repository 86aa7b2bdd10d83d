/**
 * Pure rules of an order's price bidding (issue #5, seed 001 §4 "in bidding", §5 price > 0): which bid is
 * lowest, whether a supplier may still quote, and what is wrong with a typed quote.
 */
import type { Bid, BidInvitation } from './bidding-api.ts';
import { isDecimal } from './rules.ts';

/** The lowest quoted total among quoted bids (exact: compared as decimals, not floats). */
export function lowestBidId(bids: readonly Bid[]): string | null {
  let best: Bid | null = null;
  for (const b of bids) {
    if (b.totalAmount === null || b.bidStatus === '4') continue;
    if (!best || compareDecimal(b.totalAmount, best.totalAmount as string) < 0) best = b;
  }
  return best?.id ?? null;
}

/** Compares two non-negative decimal strings exactly (-1, 0, 1). */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether the supplier may still quote a bid (the server checks the order's state and the time too). */
export function canQuote(bid: Pick<BidInvitation, 'bidStatus' | 'quoteEndTime'>, now = Date.now()): boolean {
  return ['0', '1'].includes(bid.bidStatus) && Date.parse(bid.quoteEndTime) > now;
}

export type LineValues = Record<string, { price: string; taxRate: string }>;

/** The first problem of the typed quote (seed 001 §5: price > 0; tax rate a percent), as text keys. */
export function quoteProblems(
  items: ReadonlyArray<{ id: string; itemNumber: number }>,
  values: LineValues,
): Array<{ key: 'priceRule' | 'taxRule'; line: number }> {
  const problems: Array<{ key: 'priceRule' | 'taxRule'; line: number }> = [];
  for (const item of items) {
    const v = values[item.id] ?? { price: '', taxRate: '' };
    if (!isDecimal(v.price, 12, 6) || !/[1-9]/.test(v.price))
      problems.push({ key: 'priceRule', line: item.itemNumber });
    if (!isDecimal(v.taxRate, 3, 2) || Number(v.taxRate) > 100)
      problems.push({ key: 'taxRule', line: item.itemNumber });
  }
  return problems;
}
