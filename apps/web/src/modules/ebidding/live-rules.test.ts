import { splitProblem } from '@srm/contracts/ebidding';
import { describe, expect, it } from 'vitest';
import {
  clockAcceptState,
  clockOffset,
  countdownText,
  highestAcceptable,
  proRataSplit,
  rankOf,
  remainingMs,
} from './live-rules.ts';

describe('the bidding room’s clock', () => {
  it('corrects the countdown by the server’s clock', () => {
    const offset = clockOffset('2026-11-24T10:00:05.000Z', Date.parse('2026-11-24T10:00:00.000Z'));
    expect(offset).toBe(5000);
    // the browser says 10:00:00; the server 10:00:05: 55 s left to 10:01:00
    expect(remainingMs('2026-11-24T10:01:00.000Z', offset, Date.parse('2026-11-24T10:00:00.000Z'))).toBe(
      55_000,
    );
    expect(remainingMs('2026-11-24T09:00:00.000Z', offset, Date.parse('2026-11-24T10:00:00.000Z'))).toBe(0);
  });
  it('shows whole seconds, rounding up', () => {
    expect(countdownText(61_001)).toBe('01:02');
    expect(countdownText(3_600_000)).toBe('1:00:00');
    expect(countdownText(0)).toBe('00:00');
  });
});

describe('rank and the next acceptable offer', () => {
  it('finds the own offer in a push’s ranking', () => {
    expect(rankOf([7, 3, 9], 3)).toBe(2);
    expect(rankOf([7, 3, 9], 4)).toBeNull();
    expect(rankOf([7], null)).toBeNull();
  });
  it('explains the bound: below the best and the own offer by the decrement, at most the start', () => {
    const base = { startingPrice: '1000', priceReviseType: '1', priceReviseExtent: '10' };
    expect(highestAcceptable({ ...base, best: null, own: null })).toBe('1000.000000');
    expect(highestAcceptable({ ...base, best: '950', own: '990' })).toBe('940.000000');
    expect(
      highestAcceptable({ ...base, priceReviseType: '2', priceReviseExtent: '1', best: '500', own: null }),
    ).toBe('495.000000');
  });
});

describe('pro-rata split of a total-price award', () => {
  it('gives prices whose amounts sum to the total to the cent', () => {
    const lines = [
      { itemId: 'a', quantity: '3' },
      { itemId: 'b', quantity: '7' },
      { itemId: 'c', quantity: '11' },
    ];
    const { prices, exact } = proRataSplit('1000', lines);
    expect(exact).toBe(true);
    expect(
      splitProblem(
        '1000',
        prices.map((p, i) => ({ quantity: lines[i].quantity, price: p.price })),
      ),
    ).toBeNull();
  });
  it('keeps the plain quotient when it is exact (one line: total ÷ quantity)', () => {
    expect(proRataSplit('48000', [{ itemId: 'a', quantity: '1000' }]).prices[0].price).toBe('48.000000');
  });
  it('splits the demo’s lot the same way the server checks it', () => {
    const { exact } = proRataSplit('8320', [
      { itemId: 'r', quantity: '200000' },
      { itemId: 'c', quantity: '150000' },
    ]);
    expect(exact).toBe(true);
  });
});

describe('accepting on a descending clock', () => {
  const base = { round: 1, ownPrice: null, ownBout: null, bidders: 0 };
  it('Dutch: open until someone accepts; then taken, or yours', () => {
    expect(clockAcceptState({ ...base, ebiddingType: '2' })).toBe('accept');
    expect(clockAcceptState({ ...base, ebiddingType: '2', bidders: 1 })).toBe('taken');
    expect(clockAcceptState({ ...base, ebiddingType: '2', bidders: 1, ownPrice: '0.03', ownBout: 1 })).toBe(
      'youTook',
    );
  });
  it('Japanese: each round once, and only after accepting the round before', () => {
    expect(clockAcceptState({ ...base, ebiddingType: '3' })).toBe('accept');
    expect(clockAcceptState({ ...base, ebiddingType: '3', ownPrice: '100', ownBout: 1 })).toBe(
      'roundAccepted',
    );
    expect(clockAcceptState({ ...base, ebiddingType: '3', round: 2, ownPrice: '100', ownBout: 1 })).toBe(
      'accept',
    );
    expect(clockAcceptState({ ...base, ebiddingType: '3', round: 2 })).toBe('droppedOut');
    expect(clockAcceptState({ ...base, ebiddingType: '3', round: 3, ownPrice: '100', ownBout: 1 })).toBe(
      'droppedOut',
    );
  });
});
