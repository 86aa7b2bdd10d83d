/**
 * The one decimal module (issue #35 "One decimal implementation"; ARCHITECTURE.md "One decimal module"):
 * money, quantities, prices, rates, percentages and scores are exact decimals — never floats (DESIGN §4) —
 * computed on decimal.js by the server and the browser alike. Every money rule (`finance-money.ts`, the
 * RFQ's, the auction's and the inspection's rules, the master data's and the order's previews) is written
 * with these functions, so a rounding rule reads the same wherever it is applied.
 *
 * Values go in as plain decimal text ("12.345", "-0.5"), numbers that are already exact, bigints or
 * `Decimal`s; results are `Decimal`s (exact, chainable) or, from `fixed`, text with a fixed number of
 * decimals. Scale = digits after the point. Rounding is half-up (ties away from zero) unless a rule says
 * otherwise.
 *
 * Exactness: `Decimal` keeps 100 significant digits, so sums and products of the inputs this project has
 * (at most 14 integer digits and 9 decimals each) are exact, and `div` — the only inexact operation — is
 * rounded once, to the scale asked for.
 */
import DecimalJs from 'decimal.js';

/**
 * decimal.js with room for every figure here: 100 significant digits (decimal.js's default of 20 would
 * round a 14.6 price × a 12.3 quantity), half-up. Exponent notation as decimal.js's defaults (`toString`
 * of ≥ 1e21 or < 1e-7); `fixed` and `toFixed` never use it.
 */
export const Decimal = DecimalJs.clone({ precision: 100, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;
/** decimal.js's own types beside the class: `Decimal.Value` (what its constructor and methods take). */
export declare namespace Decimal {
  type Value = DecimalJs.Value;
  type Rounding = DecimalJs.Rounding;
}
/** The same precision, truncating: `div`'s intermediate quotient. */
const Truncating = DecimalJs.clone({ precision: 100, rounding: DecimalJs.ROUND_DOWN });

/** What the functions take: decimal text, an exact number, a bigint (whole units) or a Decimal. */
export type DecimalValue = string | number | bigint | DecimalJs;

/**
 * How a figure is rounded to its scale: `halfUp` ties away from zero (the money rule), `halfEven` ties to
 * even, `down` toward zero (truncation), `up` away from zero, `floor` toward −∞, `ceil` toward +∞.
 */
export type Rounding = 'halfUp' | 'halfEven' | 'down' | 'up' | 'floor' | 'ceil';

const MODES: Record<Rounding, DecimalJs.Rounding> = {
  halfUp: DecimalJs.ROUND_HALF_UP,
  halfEven: DecimalJs.ROUND_HALF_EVEN,
  down: DecimalJs.ROUND_DOWN,
  up: DecimalJs.ROUND_UP,
  floor: DecimalJs.ROUND_FLOOR,
  ceil: DecimalJs.ROUND_CEIL,
};

/** Plain decimal text: optional minus, digits, optional point with digits (no exponent, no '.5'). */
const PLAIN = /^-?\d+(\.\d+)?$/;

/**
 * A regex for plain decimal text with 1 … `integerDigits` integer digits and at most `scale` decimals
 * (`signed`: a leading minus allowed). decimalPattern(4, 6) takes "7.123456", not "12345" or "1.1234567".
 */
export function decimalPattern(integerDigits: number, scale: number, signed = false): RegExp {
  const fraction = scale > 0 ? `(\\.\\d{1,${scale}})?` : '';
  return new RegExp(`^${signed ? '-?' : ''}\\d{1,${integerDigits}}${fraction}$`);
}

/** Limits of `isDecimal` / `parseDecimal`: integer digits, decimals (scale), whether a minus is allowed. */
export type DecimalFormat = { integerDigits?: number; scale?: number; signed?: boolean };

/**
 * Whether `value` (trimmed) is plain decimal text within `format`: by default any unsigned decimal of any
 * length. isDecimal('12.50', { integerDigits: 4, scale: 2 }) is true; '1e3', '.5', '-1' are not decimals.
 */
export function isDecimal(value: string, format: DecimalFormat = {}): boolean {
  const text = value.trim();
  const { integerDigits, scale, signed = false } = format;
  if (!PLAIN.test(text) || (!signed && text.startsWith('-'))) return false;
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  return (
    (integerDigits === undefined || whole.length <= integerDigits) &&
    (scale === undefined || fraction.length <= scale)
  );
}

/** `value` (trimmed) as a Decimal when it is plain decimal text within `format` (see `isDecimal`), else null. */
export function parseDecimal(value: string, format: DecimalFormat = {}): DecimalJs | null {
  return isDecimal(value, format) ? new Decimal(value.trim()) : null;
}

/**
 * `value` as a Decimal. Text must be plain decimal text (surrounding blanks allowed); anything else throws
 * `not a decimal: …` (callers validate first — see `isDecimal`). Numbers must be finite.
 */
export function toDecimal(value: DecimalValue): DecimalJs {
  if (DecimalJs.isDecimal(value)) return value as DecimalJs;
  if (typeof value === 'bigint') return new Decimal(value.toString());
  const text = String(value).trim();
  if (!PLAIN.test(text)) throw new Error(`not a decimal: ${text}`);
  return new Decimal(text);
}

/** `value` rounded to `scale` decimals (half-up unless `rounding` says otherwise). */
export function round(value: DecimalValue, scale: number, rounding: Rounding = 'halfUp'): DecimalJs {
  return toDecimal(value).toDecimalPlaces(scale, MODES[rounding]);
}

/**
 * `value` rounded to `scale` decimals as text with exactly `scale` decimals, never "-0.00":
 * fixed('2.005', 2) = '2.01', fixed('7', 3) = '7.000', fixed('-1.239', 2, 'down') = '-1.23'.
 */
export function fixed(value: DecimalValue, scale: number, rounding: Rounding = 'halfUp'): string {
  const rounded = round(value, scale, rounding);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(scale);
}

/** a + b, exact. */
export function add(a: DecimalValue, b: DecimalValue): DecimalJs {
  return toDecimal(a).add(toDecimal(b));
}

/** a − b, exact. */
export function sub(a: DecimalValue, b: DecimalValue): DecimalJs {
  return toDecimal(a).sub(toDecimal(b));
}

/** a × b, exact; rounded to `scale` decimals (half-up unless `rounding` says otherwise) when a scale is given. */
export function mul(
  a: DecimalValue,
  b: DecimalValue,
  scale?: number,
  rounding: Rounding = 'halfUp',
): DecimalJs {
  const product = toDecimal(a).mul(toDecimal(b));
  return scale === undefined ? product : product.toDecimalPlaces(scale, MODES[rounding]);
}

/**
 * a ÷ b rounded to `scale` decimals (half-up unless `rounding` says otherwise). Throws `division by zero`
 * when b is 0. div('5', '2', 0) = 3, div('-5', '2', 0) = −3, div('2', '3', 6, 'down') = 0.666666.
 */
export function div(
  a: DecimalValue,
  b: DecimalValue,
  scale: number,
  rounding: Rounding = 'halfUp',
): DecimalJs {
  const divisor = toDecimal(b);
  if (divisor.isZero()) throw new Error('division by zero');
  // The quotient at 100 significant digits, truncated, then rounded once to the scale: for operands of
  // up to 40 digits no quotient lies closer than 10^-60 to a rounding boundary without being on it.
  const quotient = new Truncating(toDecimal(a)).div(new Truncating(divisor));
  return new Decimal(quotient).toDecimalPlaces(scale, MODES[rounding]);
}

/** -1, 0 or 1 as a < b, a = b, a > b (exact: compare('100.00', '100') = 0). */
export function compare(a: DecimalValue, b: DecimalValue): -1 | 0 | 1 {
  return toDecimal(a).comparedTo(toDecimal(b)) as -1 | 0 | 1;
}

/** The exact sum of `values` (0 for none); nothing is rounded. */
export function sum(values: Iterable<DecimalValue>): DecimalJs {
  let total = new Decimal(0);
  for (const value of values) total = total.add(toDecimal(value));
  return total;
}

/**
 * `percent` % of `value`: value × percent / 100, rounded to `scale` decimals (half-up unless `rounding`
 * says otherwise). percentOf('200', '13', 2) = 26.00; percentOf('10', '33.333', 3, 'down') = 3.333.
 */
export function percentOf(
  value: DecimalValue,
  percent: DecimalValue,
  scale: number,
  rounding: Rounding = 'halfUp',
): DecimalJs {
  return toDecimal(value).mul(toDecimal(percent)).div(100).toDecimalPlaces(scale, MODES[rounding]);
}

/**
 * `value` as a whole count of 10^-scale units (the scaled-integer form some callers keep), rounded to the
 * scale with `rounding` (default `down`: extra digits are cut). toUnits('12.345', 3) = 12345n.
 */
export function toUnits(value: DecimalValue, scale: number, rounding: Rounding = 'down'): bigint {
  return BigInt(
    round(value, scale, rounding)
      .mul(new Decimal(`1e${scale}`))
      .toFixed(0),
  );
}

/** A whole count of 10^-scale units as text with exactly `scale` decimals: fromUnits(-50n, 2) = '-0.50'. */
export function fromUnits(units: bigint, scale: number): string {
  return fixed(new Decimal(units.toString()).div(new Decimal(`1e${scale}`)), scale);
}

/** Text without trailing zeros after the point ('120.500000' → '120.5', '3.000' → '3'); other text as is. */
export function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
