import { PRICE_SCALE, priceText, splitProblem } from '@srm/contracts/ebidding';
import { scaled } from '@srm/contracts/enquiry';

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
  const bound = (reference: string) => {
    const r = scaled(reference, PRICE_SCALE);
    if (input.priceReviseType === '2') {
      const e = scaled(input.priceReviseExtent, PRICE_SCALE);
      return (r * (100n * 10n ** 6n - e)) / (100n * 10n ** 6n);
    }
    return r - scaled(input.priceReviseExtent, PRICE_SCALE);
  };
  let top = scaled(input.startingPrice, PRICE_SCALE);
  for (const reference of [input.best, input.own])
    if (reference !== null) top = minBig(top, bound(reference));
  return priceText(top);
}
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

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
  const cents = (scaled(total, PRICE_SCALE) + 5000n) / 10000n;
  const qty = lines.map((l) => scaled(l.quantity, 3));
  const sum = qty.reduce((a, b) => a + b, 0n);
  const shares = qty.map((q) => (sum === 0n ? 0n : (cents * q) / sum));
  let left = cents - shares.reduce((a, b) => a + b, 0n);
  const order = qty
    .map((q, i) => ({ i, rest: sum === 0n ? 0n : (cents * q) % sum }))
    .sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : 0));
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  // price (6 decimals) = cents × 10^4 × 10^3 / quantity(3 decimals), half-up
  const prices = shares.map((c, i) => (qty[i] === 0n ? 0n : (c * 10_000_000n + qty[i] / 2n) / qty[i]));
  // amount in cents of a price (6 decimals) × quantity (3 decimals), half-up as the server rounds
  const amount = (price: bigint, q: bigint) => ((price * q + 500n) / 1000n + 5000n) / 10000n;
  const last = lines.length - 1;
  // Large quantities move an amount by more than a cent per millionth: nudge the first line and let the
  // last absorb the rest, trying a few hundred millionths each way.
  const exactAlready = prices.reduce((a, p, i) => a + amount(p, qty[i]), 0n) === cents;
  search: for (let k = 0; k <= 400 && last >= 0 && !exactAlready; k++) {
    const delta = BigInt(k % 2 === 0 ? k / 2 : -(k + 1) / 2);
    const trial = [...prices];
    if (last > 0) trial[0] = prices[0] + delta;
    const others = trial.slice(0, last).reduce((a, p, i) => a + amount(p, qty[i]), 0n);
    const need = cents - others;
    if (qty[last] === 0n) continue;
    const guess = (need * 10_000_000n) / qty[last];
    for (const d of [0n, 1n, -1n, 2n, -2n, 3n, -3n]) {
      const p = guess + d + (last === 0 ? delta : 0n);
      if (p > 0n && amount(p, qty[last]) === need) {
        trial[last] = p;
        prices.splice(0, prices.length, ...trial);
        break search;
      }
    }
  }
  const text = () => lines.map((l, i) => ({ itemId: l.itemId, price: priceText(prices[i]) }));
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
