import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITEM_SIGN, type ItemType } from '../src/finance.ts';
import {
  divideHalfUp,
  fromUnits,
  lineMoney,
  splitAmount,
  sumMoney,
  TAX_RATES,
  toUnits,
  withinTolerance,
} from '../src/finance-money.ts';

/**
 * The money rule of statements (issue #15, ARCHITECTURE.md "Money in finance") checked against an
 * independent decimal.js implementation for random lines: quantities with up to 3 decimals, prices with
 * 2–6 decimals, tax rates 0/1/3/6/9/13 %, returns and fees signed; per line and summed.
 */
const decimal = (scale: number, max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 10 ** scale - 1 }))
    .map(([whole, fraction]) =>
      scale > 0 ? `${whole}.${String(fraction).padStart(scale, '0')}` : String(whole),
    );

const line = fc.record({
  itemType: fc.constantFrom<ItemType>('1', '2', '3', '4'),
  quantity: decimal(3, 100_000),
  price: fc.integer({ min: 2, max: 6 }).chain((scale) => decimal(scale, 50_000)),
  taxRate: fc.constantFrom(...TAX_RATES),
});

function reference(quantity: string, price: string, rate: string) {
  const amount = new Decimal(quantity).mul(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const net = amount.mul(100).div(new Decimal(100).add(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { amount, net, tax: amount.sub(net) };
}

describe('finance money rule', () => {
  it('per line: amount = round2(quantity × price), net = round2(amount / (1 + rate)), tax = amount − net', () => {
    fc.assert(
      fc.property(line, (l) => {
        const ours = lineMoney(l.quantity, l.price, l.taxRate);
        const ref = reference(l.quantity, l.price, l.taxRate);
        expect(ours).toEqual({
          amount: ref.amount.toFixed(2),
          netAmount: ref.net.toFixed(2),
          taxAmount: ref.tax.toFixed(2),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('a statement’s totals are the exact sums of its signed lines, and net + tax = total', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), (lines) => {
        const signed = lines.map((l) => ({
          ...lineMoney(l.quantity, l.price, l.taxRate),
          sign: ITEM_SIGN[l.itemType],
        }));
        const total = sumMoney(signed);
        let amount = new Decimal(0);
        let net = new Decimal(0);
        for (const l of lines) {
          const ref = reference(l.quantity, l.price, l.taxRate);
          amount = amount.add(ref.amount.mul(ITEM_SIGN[l.itemType]));
          net = net.add(ref.net.mul(ITEM_SIGN[l.itemType]));
        }
        expect(total.amount).toBe(amount.toFixed(2));
        expect(total.netAmount).toBe(net.toFixed(2));
        expect(new Decimal(total.netAmount).add(total.taxAmount).toFixed(2)).toBe(total.amount);
      }),
      { numRuns: 500 },
    );
  });

  it('rounds half up at exactly half, away from zero for negatives', () => {
    expect(divideHalfUp(5n, 2n)).toBe(3n);
    expect(divideHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideHalfUp(4n, 3n)).toBe(1n);
    expect(lineMoney('1', '0.005', '0').amount).toBe('0.01');
    expect(lineMoney('3', '0.001666', '0').amount).toBe('0.00');
    expect(splitAmount('113.00', '13')).toEqual({
      amount: '113.00',
      netAmount: '100.00',
      taxAmount: '13.00',
    });
    expect(splitAmount('100.01', '6')).toEqual({ amount: '100.01', netAmount: '94.35', taxAmount: '5.66' });
  });

  it('converts decimal text to units and back without floats', () => {
    expect(toUnits('12.345', 3)).toBe(12345n);
    expect(toUnits('-0.5', 2)).toBe(-50n);
    expect(fromUnits(-50n, 2)).toBe('-0.50');
    expect(fromUnits(123456789012345678901234567890n, 2)).toBe('1234567890123456789012345678.90');
    expect(() => toUnits('1e5', 2)).toThrow();
  });
});

/**
 * The three-way match's tolerance (issue #15): for random expected and invoiced amounts (signed, 2
 * decimals) and random limits (an amount, a percentage with 2 decimals, either unset), the rule against
 * decimal.js: the difference invoiced − expected, within when |Δ| ≤ amount and |Δ| ≤ |expected| × percent
 * / 100 for every limit set; with none set only an exact match.
 */
describe('invoice match tolerance', () => {
  const signedMoney = fc
    .tuple(fc.boolean(), decimal(2, 2_000_000))
    .map(([negative, v]) => (negative && v !== '0.00' ? `-${v}` : v));
  const limit = (value: fc.Arbitrary<string>) => fc.option(value, { nil: null });
  it('agrees with decimal.js for random amounts and limits', () => {
    fc.assert(
      fc.property(
        signedMoney,
        fc.oneof(signedMoney, fc.integer({ min: -500, max: 500 })),
        limit(decimal(2, 100)),
        limit(decimal(2, 99)),
        (expected, delta, amount, percent) => {
          // Invoiced amounts near the expected one (a few cents to a few units off) as well as far away.
          const invoiced =
            typeof delta === 'number'
              ? new Decimal(expected).add(new Decimal(delta).div(100)).toFixed(2)
              : delta;
          const got = withinTolerance(invoiced, expected, {
            toleranceAmount: amount,
            tolerancePercent: percent,
          });
          const diff = new Decimal(invoiced).sub(expected);
          let within = diff.isZero();
          if (!within && (amount !== null || percent !== null)) {
            within = true;
            if (amount !== null) within &&= diff.abs().lte(amount);
            if (percent !== null)
              within &&= diff.abs().lte(new Decimal(expected).abs().mul(percent).div(100));
          }
          expect(got.difference).toBe(diff.toFixed(2));
          expect(got.within).toBe(within);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('applies the stricter limit and needs the exact amount without limits', () => {
    const both = { toleranceAmount: '1.00', tolerancePercent: '0.50' };
    expect(withinTolerance('100.40', '100.00', both)).toEqual({ difference: '0.40', within: true });
    // 0.60 is within 1.00 but above 0.5 % of 100.00.
    expect(withinTolerance('100.60', '100.00', both).within).toBe(false);
    // 2.00 is within 0.5 % of 1,000.00 but above 1.00.
    expect(withinTolerance('1002.00', '1000.00', both).within).toBe(false);
    expect(withinTolerance('-100.30', '-100.00', both)).toEqual({ difference: '-0.30', within: true });
    const none = { toleranceAmount: null, tolerancePercent: null };
    expect(withinTolerance('100.01', '100.00', none).within).toBe(false);
    expect(withinTolerance('100.00', '100.00', none).within).toBe(true);
  });
});
