import { describe, expect, it } from 'vitest';
import { lineTag, priceContextKey, repricePlan, repriceSummary } from './line-prices.ts';

describe('priceContextKey', () => {
  it('changes with the supplier, currency or date, not with spaces around the supplier', () => {
    const base = { supplier: '200001', currency: 'CNY', date: '2026-11-22' };
    expect(priceContextKey({ ...base, supplier: ' 200001 ' })).toBe(priceContextKey(base));
    expect(priceContextKey({ ...base, supplier: '200002' })).not.toBe(priceContextKey(base));
    expect(priceContextKey({ ...base, currency: 'USD' })).not.toBe(priceContextKey(base));
    expect(priceContextKey({ ...base, date: '2026-11-23' })).not.toBe(priceContextKey(base));
  });
});

describe('repricePlan (the supplier, currency or date of the order changed)', () => {
  it('re-prices picked materials priced by the master or still without price, keeps other prices', () => {
    const plan = repricePlan([
      { materialId: 'm1', materialNumber: 'M-1', priceExcludingTax: '12.5', priceSource: 'master' },
      { materialId: 'm2', materialNumber: 'M-2', priceExcludingTax: '9', priceSource: 'manual' },
      { materialId: 'm3', materialNumber: 'M-3', priceExcludingTax: '' },
      { materialNumber: 'FREE-1', priceExcludingTax: '3' },
      { materialNumber: 'FREE-2' },
      undefined,
      // Loaded from a saved order: where its price came from is unknown, so it is kept.
      { materialId: 'm7', materialNumber: 'M-7', priceExcludingTax: '4' },
      // A master price whose material was typed over (no materialId any more) is the buyer's now.
      { materialNumber: 'M-8X', priceExcludingTax: '5', priceSource: 'master' },
      // Typed and then emptied: empty, so the master may fill it.
      { materialId: 'm9', priceExcludingTax: '  ', priceSource: 'manual' },
    ]);
    expect(plan).toEqual({ reprice: [0, 2, 8], kept: [1, 3, 6, 7] });
  });
  it('has nothing to do for an empty form', () => {
    expect(repricePlan([])).toEqual({ reprice: [], kept: [] });
  });
});

describe('repriceSummary', () => {
  it('lists re-priced, missing and kept lines by number and material, in line order', () => {
    const lines = [
      { materialNumber: 'M-1' },
      { materialNumber: 'M-2' },
      { materialNumber: ' ' },
      { materialNumber: 'M-4' },
    ];
    const summary = repriceSummary(
      lines,
      [
        { index: 2, outcome: { ok: false, reason: 'currency', currency: 'USD' } },
        { index: 0, outcome: { ok: true, priceExcludingTax: '1.5', taxRate: '13' } },
        { index: 3, outcome: { ok: false, reason: 'noPrice' } },
      ],
      [1],
    );
    expect(summary).toEqual({ repriced: ['1 (M-1)'], missing: ['3', '4 (M-4)'], kept: ['2 (M-2)'] });
    expect(lineTag(lines, 9)).toBe('10');
  });
});
