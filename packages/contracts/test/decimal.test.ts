import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimalPattern,
  div,
  fixed,
  fromUnits,
  isDecimal,
  mul,
  parseDecimal,
  percentOf,
  round,
  sub,
  sum,
  toDecimal,
  toUnits,
  trimZeros,
} from '../src/decimal.ts';

/**
 * The one decimal module (issue #35) against an independent oracle: plain BigInt integers of 10^-scale
 * units, with the rounding rules written out by hand — the fixed-point code the module replaced.
 */
const units = (scale: number) =>
  fc.bigInt({ min: -(10n ** BigInt(12 + scale)), max: 10n ** BigInt(12 + scale) });
const text = (u: bigint, scale: number): string => {
  const negative = u < 0n;
  const abs = negative ? -u : u;
  const base = 10n ** BigInt(scale);
  const whole = `${abs / base}`;
  const fraction = scale > 0 ? `.${String(abs % base).padStart(scale, '0')}` : '';
  return `${negative && u !== 0n ? '-' : ''}${whole}${fraction}`;
};
/** n / d to a whole number, half-up (ties away from zero), by hand. */
const halfUp = (n: bigint, d: bigint) => {
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
};
/** n / d toward zero (BigInt's own division). */
const down = (n: bigint, d: bigint) => n / d;
/** n / d toward −∞. */
const floor = (n: bigint, d: bigint) => {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
};

const scales = fc.integer({ min: 0, max: 6 });

describe('decimal module', () => {
  it('adds, subtracts and sums exactly', () => {
    fc.assert(
      fc.property(scales, fc.array(units(6), { minLength: 1, maxLength: 8 }), (scale, values) => {
        const texts = values.map((v) => text(v, scale));
        const total = values.reduce((a, b) => a + b, 0n);
        expect(sum(texts).toFixed(scale)).toBe(text(total, scale));
        expect(fixed(add(texts[0], texts.at(-1) ?? '0'), scale)).toBe(
          text(values[0] + (values.at(-1) ?? 0n), scale),
        );
        expect(fixed(sub(texts[0], texts.at(-1) ?? '0'), scale)).toBe(
          text(values[0] - (values.at(-1) ?? 0n), scale),
        );
      }),
    );
  });

  it('multiplies exactly and rounds the product half-up, down or toward −∞ to a scale', () => {
    fc.assert(
      fc.property(units(3), units(6), fc.integer({ min: 0, max: 9 }), (q, p, scale) => {
        const product = q * p; // 10^-9 units
        const drop = 10n ** BigInt(9 - scale);
        expect(mul(text(q, 3), text(p, 6)).toFixed(9)).toBe(text(product, 9));
        expect(fixed(mul(text(q, 3), text(p, 6), scale), scale)).toBe(text(halfUp(product, drop), scale));
        expect(fixed(mul(text(q, 3), text(p, 6)), scale, 'down')).toBe(text(down(product, drop), scale));
        expect(fixed(mul(text(q, 3), text(p, 6)), scale, 'floor')).toBe(text(floor(product, drop), scale));
      }),
    );
  });

  it('divides with one rounding to the scale asked for', () => {
    fc.assert(
      fc.property(units(2), units(3), fc.integer({ min: 0, max: 8 }), (a, b, scale) => {
        fc.pre(b !== 0n);
        // (a / 10^2) / (b / 10^3) in 10^-scale units = a × 10^(1 + scale) / b
        const n = a * 10n ** BigInt(1 + scale);
        expect(fixed(div(text(a, 2), text(b, 3), scale), scale)).toBe(text(halfUp(n, b), scale));
        expect(fixed(div(text(a, 2), text(b, 3), scale, 'down'), scale)).toBe(text(down(n, b), scale));
        expect(fixed(div(text(a, 2), text(b, 3), scale, 'floor'), scale)).toBe(text(floor(n, b), scale));
      }),
    );
  });

  it('compares exactly, whatever the scales', () => {
    fc.assert(
      fc.property(units(6), units(2), (a, b) => {
        const expected = a < b * 10_000n ? -1 : a > b * 10_000n ? 1 : 0;
        expect(compare(text(a, 6), text(b, 2))).toBe(expected);
      }),
    );
  });

  it('takes a percentage, rounded to the scale', () => {
    fc.assert(
      fc.property(units(2), fc.bigInt({ min: 0n, max: 10_000n }), (value, percent) => {
        // value (10^-2) × percent (10^-2) / 100 → 10^-6 units; to cents: / 10^4
        expect(fixed(percentOf(text(value, 2), text(percent, 2), 2), 2)).toBe(
          text(halfUp(value * percent, 10_000n), 2),
        );
      }),
    );
  });

  it('converts to and from scaled integers', () => {
    fc.assert(
      fc.property(units(6), scales, (u, scale) => {
        expect(fromUnits(u, 6)).toBe(text(u, 6));
        expect(toUnits(text(u, 6), 6)).toBe(u);
        expect(toUnits(text(u, 6), scale)).toBe(down(u, 10n ** BigInt(6 - scale)));
        expect(toUnits(text(u, 6), scale, 'halfUp')).toBe(halfUp(u, 10n ** BigInt(6 - scale)));
      }),
    );
    expect(fromUnits(123456789012345678901234567890n, 2)).toBe('1234567890123456789012345678.90');
  });

  it('formats to a fixed scale: half-up at ties, no negative zero', () => {
    expect(fixed('2.005', 2)).toBe('2.01');
    expect(fixed('-2.005', 2)).toBe('-2.01');
    expect(fixed('2.0049', 2)).toBe('2.00');
    expect(fixed('7', 3)).toBe('7.000');
    expect(fixed('-0.004', 2)).toBe('0.00');
    expect(fixed('-1.239', 2, 'down')).toBe('-1.23');
    expect(fixed('2.5', 0, 'halfEven')).toBe('2');
    expect(round('1.0001', 3, 'up').toFixed()).toBe('1.001');
    expect(round('-1.0001', 3, 'ceil').toFixed()).toBe('-1');
    expect(trimZeros('120.500000')).toBe('120.5');
    expect(trimZeros('3.000')).toBe('3');
    expect(trimZeros('300')).toBe('300');
  });

  it('validates plain decimal text by integer digits, scale and sign', () => {
    expect(isDecimal('12.50', { integerDigits: 4, scale: 2 })).toBe(true);
    expect(isDecimal(' 12.5 ')).toBe(true);
    expect(isDecimal('12.505', { scale: 2 })).toBe(false);
    expect(isDecimal('12345', { integerDigits: 4 })).toBe(false);
    for (const bad of ['1e3', '.5', '5.', '', '0x10', '+1', '1,5', 'NaN', 'Infinity'])
      expect(isDecimal(bad)).toBe(false);
    expect(isDecimal('-1')).toBe(false);
    expect(isDecimal('-1', { signed: true })).toBe(true);
    expect(parseDecimal('-1.5', { signed: true })?.toFixed(2)).toBe('-1.50');
    expect(parseDecimal('1.5', { scale: 0 })).toBeNull();
    expect(decimalPattern(4, 6).test('7.123456')).toBe(true);
    expect(decimalPattern(4, 6).test('12345')).toBe(false);
    expect(decimalPattern(4, 6).test('1.1234567')).toBe(false);
    expect(decimalPattern(3, 0).test('1.5')).toBe(false);
    expect(decimalPattern(3, 2, true).test('-1.5')).toBe(true);
    expect(() => toDecimal('1e3')).toThrow('not a decimal: 1e3');
    expect(() => div('1', '0.000', 2)).toThrow('division by zero');
  });

  it('keeps 100 significant digits (decimal.js alone keeps 20)', () => {
    const price = '99999999999999.999999';
    const quantity = '999999999999.999';
    expect(mul(price, quantity).toFixed(9)).toBe('99999999999999899999000000.000000001');
  });
});
