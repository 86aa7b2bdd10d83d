import DecimalJs from 'decimal.js';

/** An exact oracle: decimal.js with enough digits for a 12.6 price × a 4.6 rate (no intermediate rounding). */
const Decimal = DecimalJs.clone({ precision: 60 });

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, currencyRatesProblem, rateFor } from '../src/enquiry.ts';

/**
 * Quote currencies of an RFQ (issue #13 "converted to the RFQ currency"; spec 001 §3 exchangeRate 10.6):
 * the buyer's fixed rates, and the exact conversion the comparison uses.
 */
describe('RFQ currency conversion', () => {
  it('converts exactly, rounding half up to the asked decimals', () => {
    expect(convert('1.234567', '7.123456', 6)).toBe('8.794384');
    expect(convert('1.5', '7.1', 6)).toBe('10.650000');
    expect(convert('12.345', '0.5', 2)).toBe('6.17');
    expect(convert('0.000001', '0.5', 6)).toBe('0.000001'); // 0.0000005 → half up
    expect(convert('0.000001', '0.499999', 6)).toBe('0.000000');
    expect(convert('100', '1', 2)).toBe('100.00');
  });

  it('agrees with decimal arithmetic for any price and rate of the formats', () => {
    const decimalText = (whole: number, fraction: number, scale: number) =>
      `${whole}.${String(fraction).padStart(scale, '0')}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom(2, 6),
        (pw, pf, rw, rf, scale) => {
          const price = decimalText(pw, pf, 6);
          const rate = decimalText(rw, rf, 6);
          const expected = new Decimal(price)
            .mul(rate)
            .toDecimalPlaces(scale, DecimalJs.ROUND_HALF_UP)
            .toFixed(scale);
          expect(convert(price, rate, scale)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("takes the RFQ's own currency at 1 and a listed one at its rate, nothing else", () => {
    const rates = [{ currency: 'USD', exchangeRate: '7.1' }];
    expect(rateFor('CNY', rates, 'CNY')).toBe('1.000000');
    expect(rateFor('CNY', rates, 'USD')).toBe('7.100000');
    expect(rateFor('CNY', rates, 'EUR')).toBeNull();
  });

  it('refuses a quote currency listed twice, the own currency, or a rate of 0', () => {
    expect(currencyRatesProblem('CNY', [{ currency: 'USD', exchangeRate: '7.1' }])).toBeNull();
    expect(
      currencyRatesProblem('CNY', [
        { currency: 'USD', exchangeRate: '7.1' },
        { currency: 'USD', exchangeRate: '7.2' },
      ])?.key,
    ).toBe('enquiryCurrencyRepeated');
    expect(currencyRatesProblem('CNY', [{ currency: 'CNY', exchangeRate: '1' }])?.key).toBe(
      'enquiryCurrencyRepeated',
    );
    expect(currencyRatesProblem('CNY', [{ currency: 'EUR', exchangeRate: '0.000000' }])?.key).toBe(
      'enquiryRateNotPositive',
    );
  });
});
