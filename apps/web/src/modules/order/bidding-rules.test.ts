import { describe, expect, it } from 'vitest';
import type { Bid } from './bidding-api.ts';
import { canQuote, compareDecimal, lowestBidId, quoteProblems } from './bidding-rules.ts';

const bid = (id: string, totalAmount: string | null, bidStatus = '1'): Bid => ({
  id,
  toElsAccount: id,
  supplierName: id,
  round: 1,
  bidStatus,
  quoteEndTime: '2030-01-01T00:00:00.000Z',
  inviteRemark: null,
  quoteTime: null,
  quoteRemark: null,
  totalAmount,
  lines: [],
  version: 1,
});

describe('bidding rules', () => {
  it('compares decimals exactly, whatever their scale', () => {
    expect(compareDecimal('10.5', '10.50')).toBe(0);
    expect(compareDecimal('9.99', '10')).toBe(-1);
    expect(compareDecimal('100000000000000.01', '100000000000000.001')).toBe(1);
  });
  it('finds the lowest quoted total, ignoring unquoted and cancelled bids', () => {
    expect(lowestBidId([bid('a', '1200.00'), bid('b', '999.99'), bid('c', null, '0')])).toBe('b');
    expect(lowestBidId([bid('a', '5.00', '4'), bid('b', '7.00')])).toBe('b');
    expect(lowestBidId([bid('a', null, '0')])).toBeNull();
  });
  it('lets a supplier quote only an invited or quoted bid before its end time', () => {
    const now = Date.parse('2029-12-31T00:00:00Z');
    expect(canQuote({ bidStatus: '0', quoteEndTime: '2030-01-01T00:00:00Z' }, now)).toBe(true);
    expect(canQuote({ bidStatus: '1', quoteEndTime: '2030-01-01T00:00:00Z' }, now)).toBe(true);
    expect(canQuote({ bidStatus: '1', quoteEndTime: '2029-12-30T00:00:00Z' }, now)).toBe(false);
    for (const s of ['2', '3', '4'])
      expect(canQuote({ bidStatus: s, quoteEndTime: '2030-01-01T00:00:00Z' }, now)).toBe(false);
  });
  it('names each line whose price is not > 0 or whose tax rate is not a percent', () => {
    const items = [
      { id: 'x', itemNumber: 10 },
      { id: 'y', itemNumber: 20 },
      { id: 'z', itemNumber: 30 },
    ];
    expect(
      quoteProblems(items, {
        x: { price: '12.5', taxRate: '13' },
        y: { price: '0.000', taxRate: '101' },
        z: { price: 'abc', taxRate: '6' },
      }),
    ).toEqual([
      { key: 'priceRule', line: 20 },
      { key: 'taxRule', line: 20 },
      { key: 'priceRule', line: 30 },
    ]);
    expect(quoteProblems(items.slice(0, 1), { x: { price: '0.000001', taxRate: '0' } })).toEqual([]);
    expect(quoteProblems(items.slice(0, 1), {})).toEqual([
      { key: 'priceRule', line: 10 },
      { key: 'taxRule', line: 10 },
    ]);
  });
});
