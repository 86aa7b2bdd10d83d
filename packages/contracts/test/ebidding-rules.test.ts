import { describe, expect, it } from 'vitest';
import { allowedActions } from '../src/document/define.ts';
import {
  clockPrice,
  ebiddingDefinition,
  englishBidProblem,
  extendedEnd,
  improvedBound,
  priceText,
  scheduleProblem,
  splitProblem,
} from '../src/ebidding.ts';
import { scaled } from '../src/enquiry.ts';

const bid = (offer: string, over: Partial<Parameters<typeof englishBidProblem>[0]> = {}) =>
  englishBidProblem({
    offer,
    startingPrice: '1000',
    ownLast: null,
    best: null,
    priceReviseType: '1',
    priceReviseExtent: '5',
    ...over,
  });

describe('English reverse offers (spec 001 §5, issue #14)', () => {
  it('takes a first offer above 0 and at most the starting price', () => {
    expect(bid('1000')).toBeNull();
    expect(bid('0.000001')).toBeNull();
    expect(bid('0')).toEqual({ key: 'ebidOfferNotPositive', params: {} });
    expect(bid('1000.000001')).toEqual({ key: 'ebidOfferAboveStart', params: { start: '1000' } });
  });

  it('needs the decrement below the bidder’s own last offer and below the best, as an amount', () => {
    expect(bid('995', { ownLast: '1000' })).toBeNull();
    expect(bid('995.01', { ownLast: '1000' })).toEqual({
      key: 'ebidOfferNotBelowOwn',
      params: { bound: '995.000000' },
    });
    expect(bid('960', { ownLast: '990', best: '964' })).toEqual({
      key: 'ebidOfferNotBelowBest',
      params: { bound: '959.000000' },
    });
    expect(bid('959', { ownLast: '990', best: '964' })).toBeNull();
    // a tie with the best is never an improvement, even with the smallest decrement
    expect(bid('964', { best: '964', priceReviseExtent: '0.000001' })?.key).toBe('ebidOfferNotBelowBest');
  });

  it('reads the decrement as a percentage of the price it beats with priceReviseType 2', () => {
    const pct = { priceReviseType: '2', priceReviseExtent: '0.5' };
    expect(bid('995', { ...pct, best: '1000' })).toBeNull();
    expect(bid('995.000001', { ...pct, best: '1000' })?.key).toBe('ebidOfferNotBelowBest');
    // 333.33 × 99.5 % = 331.66335 exactly: the bound is exact at 6 decimals
    expect(improvedBound(scaled('333.33', 6), '2', '0.5')).toBe(scaled('331.66335', 6));
    // an inexact bound rounds down (the offer must improve by at least the percentage)
    expect(priceText(improvedBound(scaled('0.000003', 6), '2', '50'))).toBe('0.000001');
  });
});

describe('automatic extension (anti-sniping)', () => {
  const end = new Date('2026-11-24T10:00:00Z');
  const base = { end, windowMinutes: 2, extendMinutes: 3, rule: '1', done: 0, maxExtensions: 2 };
  it('extends an offer in the last minutes from the offer time (rule 1) or the end (rule 2)', () => {
    const at = new Date('2026-11-24T09:59:00Z');
    expect(extendedEnd({ ...base, at })?.toISOString()).toBe('2026-11-24T10:02:00.000Z');
    expect(extendedEnd({ ...base, at, rule: '2' })?.toISOString()).toBe('2026-11-24T10:03:00.000Z');
  });
  it('leaves the end alone before the window, after the end, and once the extensions are used up', () => {
    expect(extendedEnd({ ...base, at: new Date('2026-11-24T09:57:59Z') })).toBeNull();
    expect(extendedEnd({ ...base, at: new Date('2026-11-24T09:58:00Z') })).not.toBeNull();
    expect(extendedEnd({ ...base, at: new Date('2026-11-24T10:00:00Z') })).toBeNull();
    expect(extendedEnd({ ...base, at: new Date('2026-11-24T09:59:30Z'), done: 2 })).toBeNull();
    expect(extendedEnd({ ...base, at: new Date('2026-11-24T09:59:30Z'), windowMinutes: 0 })).toBeNull();
  });
  it('never moves the end earlier (rule 1 with an extension shorter than the time left)', () => {
    expect(extendedEnd({ ...base, at: new Date('2026-11-24T09:58:30Z'), extendMinutes: 1 })).toBeNull();
  });
});

describe('descending clock (Dutch and Japanese steps)', () => {
  const start = new Date('2026-11-24T10:00:00Z');
  const clock = (minutes: number, over: Partial<Parameters<typeof clockPrice>[0]> = {}) =>
    clockPrice({
      startingPrice: '100',
      lowestPrice: '80',
      priceReviseType: '1',
      priceReviseExtent: '5',
      intervalMinutes: 2,
      start,
      now: new Date(start.getTime() + minutes * 60_000),
      ...over,
    });
  it('falls one step every interval from the start', () => {
    expect(clock(0)).toEqual({ step: 0, price: scaled('100', 6), floor: false });
    expect(clock(1.99).step).toBe(0);
    expect(clock(2)).toEqual({ step: 1, price: scaled('95', 6), floor: false });
    expect(clock(6.5)).toEqual({ step: 3, price: scaled('85', 6), floor: false });
  });
  it('stops at the floor', () => {
    expect(clock(8)).toEqual({ step: 4, price: scaled('80', 6), floor: true });
    expect(clock(60).price).toBe(scaled('80', 6));
  });
  it('takes percentage steps of the starting price', () => {
    expect(clock(4, { priceReviseType: '2', priceReviseExtent: '2.5' }).price).toBe(scaled('95', 6));
  });
  it('is at the starting price before the start', () => {
    expect(clock(-5).price).toBe(scaled('100', 6));
  });
});

describe('auction settings (spec 001 §5)', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const ok = {
    ebiddingType: '1',
    startMethod: '2',
    startTime: new Date('2026-11-24T11:00:00Z'),
    endTime: new Date('2026-11-24T12:00:00Z'),
    now,
    quoteInterval: null,
    quotePostponeMinute: 2,
    postponeMinute: 3,
    canPostponeBout: 5,
  };
  it('accepts a sound schedule', () => expect(scheduleProblem(ok)).toBeNull());
  it('needs the end later than now and than the start', () => {
    expect(scheduleProblem({ ...ok, endTime: new Date('2026-11-24T10:30:00Z') })?.key).toBe(
      'ebidEndBeforeStart',
    );
    expect(scheduleProblem({ ...ok, endTime: new Date('2026-11-24T09:59:00Z') })?.key).toBe(
      'ebidEndBeforeStart',
    );
  });
  it('needs a scheduled start in the future', () =>
    expect(scheduleProblem({ ...ok, startTime: new Date('2026-11-24T09:00:00Z') })?.key).toBe(
      'ebidStartInPast',
    ));
  it('needs a step interval for Dutch and Japanese auctions', () =>
    expect(scheduleProblem({ ...ok, ebiddingType: '2' })?.key).toBe('ebidIntervalRequired'));
  it('needs extension settings as positive integers ("add times a positive integer")', () => {
    expect(scheduleProblem({ ...ok, canPostponeBout: 0 })?.key).toBe('ebidPostponeNotPositive');
    expect(scheduleProblem({ ...ok, canPostponeBout: 1.5 })?.key).toBe('ebidPostponeNotPositive');
    expect(
      scheduleProblem({ ...ok, quotePostponeMinute: 0, postponeMinute: 0, canPostponeBout: null }),
    ).toBeNull();
  });
});

describe('the e-auction definition', () => {
  it('lets the buyer publish only an approved draft, and end only a running auction', () => {
    const draft = { ebiddingStatus: '0', auditStatus: '2' };
    expect(allowedActions(ebiddingDefinition, draft, 'purchase')).toContain('publish');
    expect(allowedActions(ebiddingDefinition, { ...draft, auditStatus: '0' }, 'purchase')).not.toContain(
      'publish',
    );
    const running = { ebiddingStatus: '2', auditStatus: '2', endAuditStatus: '0' };
    expect(allowedActions(ebiddingDefinition, running, 'purchase')).toContain('finish');
    // While an early end waits for its approval ("e-bidding end"): not again, but it may be withdrawn.
    const waiting = allowedActions(ebiddingDefinition, { ...running, endAuditStatus: '1' }, 'purchase');
    expect(waiting).not.toContain('finish');
    expect(waiting).toContain('withdrawFinish');
    expect(allowedActions(ebiddingDefinition, { ...running, endAuditStatus: '3' }, 'purchase')).toContain(
      'finish',
    );
    // The supplier's only step is its own offer (issue #19 `ebidding.bid`): published, running or, for a
    // bargain round's final offer, ended; never on a draft or once awarded.
    expect(allowedActions(ebiddingDefinition, { ebiddingStatus: '2', auditStatus: '2' }, 'sale')).toEqual([
      'bid',
    ]);
    expect(allowedActions(ebiddingDefinition, { ebiddingStatus: '4', auditStatus: '2' }, 'sale')).toEqual([]);
  });
});

describe('a total-price award split into line prices', () => {
  it('needs the line amounts (unit price × quantity, to the cent) to sum to the winning total', () => {
    const lines = [
      { quantity: '1000', price: '0.012345' },
      { quantity: '3', price: '100.005' },
    ];
    // 12.345 → 12.35 (half-up) and 300.015 → 300.02: 312.37
    expect(splitProblem('312.37', lines)).toBeNull();
    expect(splitProblem('312.365', lines)).toBeNull();
    expect(splitProblem('312.36', lines)).toEqual({
      key: 'ebidSplitMismatch',
      params: { sum: '312.37', total: '312.36' },
    });
  });
});
