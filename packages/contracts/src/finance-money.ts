/**
 * The one money rule of reconciliation, fee sheets and invoices (issue #15; ARCHITECTURE.md "Money in
 * finance"): exact decimals of the one decimal module (`decimal.ts`, issue #35), the same code on screen,
 * in the API, the Excel and the PDF.
 *
 * Per line, prices include tax (Chinese VAT practice, seed 001 §3 priceIncludingTax):
 * - amount including tax = quantity × price including tax, rounded half-up to 2 decimals;
 * - amount excluding tax = amount including tax × 100 / (100 + tax rate %), rounded half-up to 2 decimals;
 * - tax = amount including tax − amount excluding tax (so the three always add up to the cent).
 * A statement's totals are the sums of its lines' three figures, each line signed by its item type
 * (collection and additional +, refund and deduction −); nothing is rounded again after summing.
 * Inputs with more decimals than their scale (quantity 3, price 6, money and rates 2) are cut to it
 * (callers validate).
 */
import * as decimal from './decimal.ts';

/** Decimal places of money, quantities and prices. */
export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;
export const PRICE_SCALE = 6;

/** Tax rates a line may carry, in percent (seed 001 §3 taxRate; 0/1/3/6/9/13 % Chinese VAT). */
export const TAX_RATES = ['0', '1', '3', '6', '9', '13'] as const;

/**
 * A decimal string as an integer count of 10^-scale units; extra digits are cut (callers validate).
 * Throws `not a decimal: …` for anything but plain decimal text (`decimal.toUnits`).
 */
export function toUnits(value: string | number, scale: number): bigint {
  return decimal.toUnits(value, scale, 'down');
}

/** An integer of 10^-scale units as a decimal string with exactly `scale` decimals. */
export function fromUnits(units: bigint, scale: number): string {
  return decimal.fromUnits(units, scale);
}

/** numerator / denominator rounded half-up (away from zero at exactly half), both integers. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return BigInt(decimal.div(numerator, denominator, 0, 'halfUp').toFixed(0));
}

/** A figure cut to its scale (the rule's inputs: extra digits are not rounded in). */
const cut = (value: string, scale: number) => decimal.round(value, scale, 'down');

export type LineMoney = {
  /** Amount including tax, 2 decimals. */
  amount: string;
  /** Amount excluding tax (net), 2 decimals. */
  netAmount: string;
  /** Tax, 2 decimals: amount − netAmount. */
  taxAmount: string;
};

/**
 * One line's three figures under the rule above. `quantity` in the line's unit (≤ 3 decimals), `price`
 * including tax in the document's currency (≤ 6 decimals), `taxRate` in percent (e.g. '13').
 */
export function lineMoney(quantity: string, price: string, taxRate: string): LineMoney {
  const amount = decimal.mul(cut(quantity, QUANTITY_SCALE), cut(price, PRICE_SCALE), MONEY_SCALE, 'halfUp');
  return splitAmount(decimal.fixed(amount, MONEY_SCALE), taxRate);
}

/** An amount including tax (2 decimals) split into net and tax at `taxRate` percent (up to 2 decimals). */
export function splitAmount(amountIncludingTax: string, taxRate: string): LineMoney {
  const amount = cut(amountIncludingTax, MONEY_SCALE);
  const rate = cut(taxRate, 2);
  const net = decimal.div(amount.mul(100), decimal.add(100, rate), MONEY_SCALE, 'halfUp');
  return {
    amount: decimal.fixed(amount, MONEY_SCALE),
    netAmount: decimal.fixed(net, MONEY_SCALE),
    taxAmount: decimal.fixed(amount.sub(net), MONEY_SCALE),
  };
}

/** The sum of signed line figures: each of the three summed exactly (no rounding after summing). */
export function sumMoney(lines: ReadonlyArray<LineMoney & { sign?: 1 | -1 }>): LineMoney {
  const signed = (figure: keyof LineMoney) =>
    decimal.fixed(
      decimal.sum(lines.map((line) => cut(line[figure], MONEY_SCALE).mul(line.sign ?? 1))),
      MONEY_SCALE,
    );
  return { amount: signed('amount'), netAmount: signed('netAmount'), taxAmount: signed('taxAmount') };
}

/** A signed money figure (2 decimals). */
export function negate(value: string): string {
  return decimal.fixed(cut(value, MONEY_SCALE).neg(), MONEY_SCALE);
}

/**
 * The three-way match's tolerance (issue #15), configured by the buyer: an amount (money, 2 decimals) and
 * a percentage of the expected figure (2 decimals). A difference passes when it is within every limit
 * that is set — the stricter one applies, as in SAP's tolerance keys; a limit left unset (null) does not
 * apply, and with neither set the figures must be equal to the cent.
 */
export type Tolerance = { toleranceAmount: string | null; tolerancePercent: string | null };

/**
 * Whether `invoiced` (money, 2 decimals, signed) is within `tolerance` of `expected`, and the difference
 * invoiced − expected (signed, 2 decimals). Exact: |Δ| ≤ amount and |Δ| × 100 ≤ |expected| × percent.
 */
export function withinTolerance(
  invoiced: string,
  expected: string,
  tolerance: Tolerance,
): { difference: string; within: boolean } {
  const delta = decimal.sub(cut(invoiced, MONEY_SCALE), cut(expected, MONEY_SCALE));
  const difference = decimal.fixed(delta, MONEY_SCALE);
  if (delta.isZero()) return { difference, within: true };
  const { toleranceAmount: amount, tolerancePercent: percent } = tolerance;
  if (amount === null && percent === null) return { difference, within: false };
  let within = true;
  if (amount !== null) within &&= delta.abs().lte(cut(amount, MONEY_SCALE));
  // |Δ| × 100 ≤ |expected| × percent, exact
  if (percent !== null)
    within &&= delta
      .abs()
      .mul(100)
      .lte(cut(expected, MONEY_SCALE).abs().mul(cut(percent, 2)));
  return { difference, within };
}
