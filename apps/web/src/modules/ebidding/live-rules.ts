import { add, compare, type Decimal, div, fixed, mul, round, sub, sum } from '@srm/contracts/decimal';
import {
  awardLineAmount,
  improvedBound,
  PRICE_SCALE,
  priceText,
  splitProblem,
} from '@srm/contracts/ebidding';
import { scaled, scaledDecimal } from '@srm/contracts/enquiry';

/**
 * The bidding room's arithmetic (issue #14), pure: the clock offset between this browser and the server,
 * the time left, a supplier's rank from a push's ranking, the highest acceptable next offer, and the
 * pro-rata split of a total-price award into line prices.
 */

/**
 * The server's clock minus this browser's, in ms, from an answer's `serverTime` read at `receivedAt`
 * (the browser's Date.now() when the answer arrived). Half the round trip is not corrected: answers on a
 * LAN arrive in milliseconds, and the countdown shows whole seconds.
 */
export function clockOffset(serverTime: string, receivedAt: number): number {
  return new Date(serverTime).getTime() - receivedAt;
}

/** Milliseconds until `until` (ISO-8601) by the server's clock, never below 0. */
export function remainingMs(until: string, offset: number, now = Date.now()): number {
  return Math.max(0, new Date(until).getTime() - (now + offset));
}

/** "1:02:03" / "02:03" of a duration in ms (whole seconds, rounded up so 0 shows only at the end). */
export function countdownText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A supplier's rank (1 = best) from a push's ranking of bid-log numbers; null when its offer is not there. */
export function rankOf(ranking: readonly number[], ownSeq: number | null): number | null {
  if (ownSeq === null) return null;
  const i = ranking.indexOf(ownSeq);
  return i < 0 ? null : i + 1;
}

/**
 * The highest offer the rules accept next (issue #14): below the best and the own offer by the least
 * decrement (an amount, or a percentage of the price beaten), at most the starting price. Text with 6
 * decimals; the server decides, this only explains before sending.
 */
export function highestAcceptable(input: {
  startingPrice: string;
  best: string | null;
  own: string | null;
  priceReviseType: string;
  priceReviseExtent: string;
}): string {
  let top = scaled(input.startingPrice, PRICE_SCALE);
  for (const reference of [input.best, input.own]) {
    if (reference === null) continue;
    const bound = improvedBound(
      scaled(reference, PRICE_SCALE),
      input.priceReviseType,
      input.priceReviseExtent,
    );
    if (bound < top) top = bound;
  }
  return priceText(top);
}

/**
 * Line unit prices for a total-price award, pro rata by quantity: the total's cents shared out by
 * quantity (largest remainders), each line's price its share ÷ its quantity to 6 decimals; the last lines
 * are nudged by a millionth until the amounts (price × quantity, to the cent) sum to the total. Answers
 * the prices, and whether they meet the server's rule (splitProblem) — a very large quantity can leave a
 * cent the buyer must place by hand.
 */
export function proRataSplit(
  total: string,
  lines: ReadonlyArray<{ itemId: string; quantity: string }>,
): { prices: Array<{ itemId: string; price: string }>; exact: boolean } {
  const cent = '0.01';
  const millionth = '0.000001';
  const cents = round(scaledDecimal(total, PRICE_SCALE), 2, 'halfUp');
  const qty = lines.map((l) => scaledDecimal(l.quantity, 3));
  const all = sum(qty);
  // Each line's share of the total by quantity, cut to the cent; the cents left over go one each to the
  // lines with the largest remainders.
  const shares = qty.map((q) => (all.isZero() ? cents.mul(0) : div(mul(cents, q), all, 2, 'down')));
  const rests = qty.map((q, i) => (all.isZero() ? cents.mul(0) : sub(mul(cents, q), mul(shares[i], all))));
  let left = sub(cents, sum(shares));
  const order = qty.map((_, i) => i).sort((a, b) => compare(rests[b], rests[a]));
  for (const i of order) {
    if (left.lte(0)) break;
    shares[i] = add(shares[i], cent);
    left = sub(left, cent);
  }
  // price (6 decimals) = share ÷ quantity, half-up
  const prices = shares.map((c, i) => (qty[i].isZero() ? c.mul(0) : div(c, qty[i], PRICE_SCALE, 'halfUp')));
  // amount in cents of a price × quantity, as the server rounds it (splitProblem)
  const amount = (price: Decimal, q: Decimal) => awardLineAmount(price, q);
  const last = lines.length - 1;
  // Large quantities move an amount by more than a cent per millionth: nudge the first line and let the
  // last absorb the rest, trying a few hundred millionths each way.
  const exactAlready = sum(prices.map((p, i) => amount(p, qty[i]))).eq(cents);
  search: for (let k = 0; k <= 400 && last >= 0 && !exactAlready; k++) {
    const delta = mul(millionth, k % 2 === 0 ? k / 2 : -(k + 1) / 2);
    const trial = [...prices];
    if (last > 0) trial[0] = add(prices[0], delta);
    // never a negative price (the server takes unsigned prices only)
    if (trial[0].lt(0)) continue;
    const need = sub(cents, sum(trial.slice(0, last).map((p, i) => amount(p, qty[i]))));
    if (qty[last].isZero()) continue;
    const guess = div(need, qty[last], PRICE_SCALE, 'down');
    for (const d of [0, 1, -1, 2, -2, 3, -3]) {
      const p = add(add(guess, mul(millionth, d)), last === 0 ? delta : 0);
      if (p.gt(0) && amount(p, qty[last]).eq(need)) {
        trial[last] = p;
        prices.splice(0, prices.length, ...trial);
        break search;
      }
    }
  }
  const text = () => lines.map((l, i) => ({ itemId: l.itemId, price: fixed(prices[i], PRICE_SCALE) }));
  const check = () =>
    splitProblem(
      total,
      text().map((p, i) => ({ quantity: lines[i].quantity, price: p.price })),
    );
  return { prices: text(), exact: check() === null };
}

/**
 * What a supplier may do on a descending clock (Dutch '2', Japanese '3'; issue #14): 'accept' the
 * current price; Dutch, 'youTook' the lot or line (own offer) or it is 'taken' by another; Japanese,
 * 'roundAccepted' (its offer is of the current round) or 'droppedOut' (in round n > 1 without an offer
 * of round n − 1). The server decides all the same; this only spares a click it would refuse.
 */
export type ClockAcceptState = 'accept' | 'taken' | 'youTook' | 'roundAccepted' | 'droppedOut';
export function clockAcceptState(input: {
  ebiddingType: string;
  round: number | null;
  ownPrice: string | null;
  ownBout: number | null;
  bidders: number;
}): ClockAcceptState {
  if (input.ebiddingType === '2') {
    if (input.ownPrice !== null) return 'youTook';
    return input.bidders > 0 ? 'taken' : 'accept';
  }
  const round = input.round ?? 1;
  if (input.ownBout === round) return 'roundAccepted';
  if (round > 1 && input.ownBout !== round - 1) return 'droppedOut';
  return 'accept';
}
