import { describe, expect, it } from 'vitest';
import {
  answerStillApplies,
  lineAmountNote,
  lineTag,
  type PricedLine,
  priceContextKey,
  priceSourceOf,
  repricePlan,
  repriceSummary,
} from './line-prices.ts';

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
    // Lines are named by the number the save gives them (10, 20 …), not by their row (issue #33).
    expect(summary).toEqual({ repriced: ['10 (M-1)'], missing: ['30', '40 (M-4)'], kept: ['20 (M-2)'] });
    expect(lineTag(lines, 9)).toBe('100');
  });
});

describe('the amount cell of a line without an amount (after a supplier change or a material pick)', () => {
  it('says "no valid price" when the price master had none for the new supplier, not "from price master"', () => {
    // A line priced by the master for 200001; the supplier changes to 200002, which has no price for it.
    const line: PricedLine = {
      materialId: 'm2',
      materialNumber: 'MCU-1',
      priceExcludingTax: '8.2',
      priceSource: 'master',
    };
    expect(repricePlan([line]).reprice).toEqual([0]);
    const outcome = { ok: false, reason: 'noPrice' } as const;
    // What the form then holds for the line: the old price removed, the source from the outcome.
    const after: PricedLine = { ...line, priceExcludingTax: undefined, priceSource: priceSourceOf(outcome) };
    expect(after.priceSource).toBe('missing');
    expect(lineAmountNote(after)).toBe('noPrice');
    // A price only in another currency is no valid price either.
    expect(priceSourceOf({ ok: false, reason: 'currency', currency: 'USD' })).toBe('missing');
    // The next supplier change asks the master again for it.
    expect(repricePlan([after]).reprice).toEqual([0]);
  });
  it('keeps "from price master" while the price is still to come or the lookup failed', () => {
    // No supplier yet, or a material whose price was not looked up: the server prices it at save.
    expect(lineAmountNote({ materialId: 'm1' })).toBe('fromMaster');
    expect(lineAmountNote(undefined)).toBe('fromMaster');
    // The lookup failed (network): unknown, so no claim that there is no price.
    expect(priceSourceOf({ ok: false, reason: 'error' })).toBeUndefined();
    expect(priceSourceOf({ ok: true, priceExcludingTax: '1', taxRate: '13' })).toBe('master');
    // Once the buyer types a price, a missing amount means the quantity (or tax rate) is what is missing,
    // whatever the price master said before.
    expect(lineAmountNote({ materialId: 'm1', priceExcludingTax: '3', priceSource: 'missing' })).toBe(
      'incomplete',
    );
    expect(lineAmountNote({ priceExcludingTax: '12.5', priceSource: 'manual' })).toBe('incomplete');
    expect(lineAmountNote({ priceExcludingTax: '  ', priceSource: 'missing' })).toBe('noPrice');
  });
});

describe('a price master answer arriving late', () => {
  it('never overwrites a price the buyer typed while it was on its way', () => {
    // Asked when material m1 was picked (the pick empties the price and its source).
    expect(answerStillApplies({ materialId: 'm1' }, 'm1')).toBe(true);
    // The buyer typed a price before the answer came: the answer is dropped.
    expect(
      answerStillApplies({ materialId: 'm1', priceExcludingTax: '5', priceSource: 'manual' }, 'm1'),
    ).toBe(false);
    // The line now holds another material (or was removed): the answer is not for it.
    expect(answerStillApplies({ materialId: 'm2' }, 'm1')).toBe(false);
    expect(answerStillApplies(undefined, 'm1')).toBe(false);
    // A re-pricing answer for a line priced by the master or found without price still applies.
    expect(answerStillApplies({ materialId: 'm1', priceSource: 'missing' }, 'm1')).toBe(true);
  });
});
