/**
 * Exact decimal arithmetic on strings (DESIGN §4: money and quantities never pass through floats).
 * A decimal is held as a BigInt scaled by 10^scale.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A regex for unsigned decimals with at most `integerDigits` integer digits and `scale` decimals. */
export function decimalPattern(integerDigits: number, scale: number): RegExp {
  return new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`);
}

/**
 * `value` as an integer scaled by 10^scale; extra decimals are rounded half up. Null when `value` is not
 * an unsigned decimal string.
 */
export function toScaled(value: string, scale: number): bigint | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let scaled = BigInt(m[1] + kept);
  if (fraction.length > scale && Number(fraction[scale]) >= 5) scaled += 1n;
  return scaled;
}

/** A scaled integer back to a decimal string with exactly `scale` decimals. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Compares two decimal strings exactly: -1, 0 or 1. Both must be valid decimals. */
export function compareDecimal(a: string, b: string): number {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const x = toScaled(a, scale) ?? 0n;
  const y = toScaled(b, scale) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Whether `value` lies in [min, max] (decimal strings). */
export function decimalBetween(value: string, min: string, max: string): boolean {
  return compareDecimal(value, min) >= 0 && compareDecimal(value, max) <= 0;
}

/**
 * Price including tax = excluding × (1 + rate / 100), rounded half up to 6 decimals (seed 001 §3
 * price master). `excluding` has ≤ 6 decimals, `taxRate` (percent) ≤ 2 decimals.
 */
export function priceIncludingTax(excluding: string, taxRate: string): string {
  const e = toScaled(excluding, 6) ?? 0n; // × 10^6
  const r = toScaled(taxRate, 2) ?? 0n; // × 10^2
  // e × (10000 + r) / 10000, rounded half up (all operands are non-negative).
  const numerator = e * (10_000n + r);
  const quotient = numerator / 10_000n;
  const rest = numerator % 10_000n;
  return fromScaled(rest * 2n >= 10_000n ? quotient + 1n : quotient, 6);
}
