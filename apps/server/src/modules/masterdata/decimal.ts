/**
 * The master data's decimal rules (DESIGN §4: money and quantities never pass through floats), on the one
 * decimal module (`@srm/contracts/decimal`, issue #35).
 */
import { add, compare, decimalPattern, div, fixed, isDecimal, round, toUnits } from '@srm/contracts/decimal';

/** A regex for unsigned decimals with at most `integerDigits` integer digits and `scale` decimals. */
export { decimalPattern };

/**
 * `value` as an integer scaled by 10^scale; extra decimals are rounded half up. Null when `value` is not
 * an unsigned decimal string.
 */
export function toScaled(value: string, scale: number): bigint | null {
  return isDecimal(value) ? toUnits(value, scale, 'halfUp') : null;
}

/** A decimal string, or 0 when it is not an unsigned decimal (what the comparisons below take). */
const orZero = (value: string) => (isDecimal(value) ? value : '0');

/** Compares two decimal strings exactly: -1, 0 or 1. Both must be valid decimals (others count 0). */
export function compareDecimal(a: string, b: string): number {
  return compare(orZero(a), orZero(b));
}

/** Whether `value` lies in [min, max] (decimal strings). */
export function decimalBetween(value: string, min: string, max: string): boolean {
  return compareDecimal(value, min) >= 0 && compareDecimal(value, max) <= 0;
}

/**
 * Price including tax = excluding × (1 + rate / 100), rounded half up to 6 decimals (seed 001 §3
 * price master). `excluding` has ≤ 6 decimals, `taxRate` (percent) ≤ 2 decimals (more are rounded half up
 * first; text that is not a decimal counts 0).
 */
export function priceIncludingTax(excluding: string, taxRate: string): string {
  const e = round(orZero(excluding), 6, 'halfUp');
  const r = round(orZero(taxRate), 2, 'halfUp');
  return fixed(div(e.mul(add(100, r)), 100, 6, 'halfUp'), 6);
}
