/**
 * The one money rule of reconciliation, fee sheets and invoices (issue #15; ARCHITECTURE.md "Money in
 * finance"): exact decimals as scaled integers (no floats, no library in the browser bundle), the same
 * code on screen, in the API, the Excel and the PDF.
 *
 * Per line, prices include tax (Chinese VAT practice, seed 001 §3 priceIncludingTax):
 * - amount including tax = quantity × price including tax, rounded half-up to 2 decimals;
 * - amount excluding tax = amount including tax × 100 / (100 + tax rate %), rounded half-up to 2 decimals;
 * - tax = amount including tax − amount excluding tax (so the three always add up to the cent).
 * A statement's totals are the sums of its lines' three figures, each line signed by its item type
 * (collection and additional +, refund and deduction −); nothing is rounded again after summing.
 */

/** Decimal places of money, quantities and prices. */
export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;
export const PRICE_SCALE = 6;

/** Tax rates a line may carry, in percent (seed 001 §3 taxRate; 0/1/3/6/9/13 % Chinese VAT). */
export const TAX_RATES = ['0', '1', '3', '6', '9', '13'] as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal string as an integer count of 10^-scale units; extra digits are cut (callers validate). */
export function toUnits(value: string | number, scale: number): bigint {
  const text = String(value).trim();
  if (!DECIMAL.test(text)) throw new Error(`not a decimal: ${text}`);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units =
    BigInt(whole) * 10n ** BigInt(scale) + BigInt((fraction + '0'.repeat(scale)).slice(0, scale) || '0');
  return negative ? -units : units;
}

/** An integer of 10^-scale units as a decimal string with exactly `scale` decimals. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const unit = 10n ** BigInt(scale);
  const whole = abs / unit;
  const fraction = scale > 0 ? `.${String(abs % unit).padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** numerator / denominator rounded half-up (away from zero at exactly half), both integers. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

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
  // quantity (10^-3) × price (10^-6) = 10^-9 units; to cents: / 10^7, half-up.
  const amount = divideHalfUp(toUnits(quantity, QUANTITY_SCALE) * toUnits(price, PRICE_SCALE), 10n ** 7n);
  return splitAmount(fromUnits(amount, MONEY_SCALE), taxRate);
}

/** An amount including tax (2 decimals) split into net and tax at `taxRate` percent (up to 2 decimals). */
export function splitAmount(amountIncludingTax: string, taxRate: string): LineMoney {
  const amount = toUnits(amountIncludingTax, MONEY_SCALE);
  const rate = toUnits(taxRate, 2); // percent × 100
  const net = divideHalfUp(amount * 10_000n, 10_000n + rate);
  return {
    amount: fromUnits(amount, MONEY_SCALE),
    netAmount: fromUnits(net, MONEY_SCALE),
    taxAmount: fromUnits(amount - net, MONEY_SCALE),
  };
}

/** The sum of signed line figures: each of the three summed exactly (no rounding after summing). */
export function sumMoney(lines: ReadonlyArray<LineMoney & { sign?: 1 | -1 }>): LineMoney {
  let amount = 0n;
  let net = 0n;
  let tax = 0n;
  for (const line of lines) {
    const sign = BigInt(line.sign ?? 1);
    amount += sign * toUnits(line.amount, MONEY_SCALE);
    net += sign * toUnits(line.netAmount, MONEY_SCALE);
    tax += sign * toUnits(line.taxAmount, MONEY_SCALE);
  }
  return {
    amount: fromUnits(amount, MONEY_SCALE),
    netAmount: fromUnits(net, MONEY_SCALE),
    taxAmount: fromUnits(tax, MONEY_SCALE),
  };
}

/** A signed money figure (2 decimals). */
export function negate(value: string): string {
  return fromUnits(-toUnits(value, MONEY_SCALE), MONEY_SCALE);
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
  const delta = toUnits(invoiced, MONEY_SCALE) - toUnits(expected, MONEY_SCALE);
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const difference = fromUnits(delta, MONEY_SCALE);
  if (delta === 0n) return { difference, within: true };
  const { toleranceAmount: amount, tolerancePercent: percent } = tolerance;
  if (amount === null && percent === null) return { difference, within: false };
  let within = true;
  if (amount !== null) within &&= abs(delta) <= toUnits(amount, MONEY_SCALE);
  // cents × 100 × 100 ≤ cents × (percent × 100)
  if (percent !== null)
    within &&= abs(delta) * 10_000n <= abs(toUnits(expected, MONEY_SCALE)) * toUnits(percent, 2);
  return { difference, within };
}
