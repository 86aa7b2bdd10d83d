import {
  checkTemplate,
  computedScore,
  DEFAULT_BANDS,
  gradeFor,
  manualScore,
  rankBand,
  ratingStatus,
  totalScore,
} from '@srm/contracts/appraisal';
import { describe, expect, it } from 'vitest';

/** Appraisal rules (issue #17; seed 001 §4 rating statuses, §5 weights and duplicate names). */
const item = (itemName: string, weight: number, kind: 'computed' | 'manual' = 'manual') => ({
  itemName,
  weight,
  kind,
  metric: kind === 'computed' ? ('onTimeDelivery' as const) : undefined,
});
const bands = { ...DEFAULT_BANDS };

describe('template rules', () => {
  it('weights must total exactly 100', () => {
    expect(checkTemplate({ ...bands, items: [item('a', 50), item('b', 50)] })).toBeNull();
    expect(checkTemplate({ ...bands, items: [item('a', 50), item('b', 49.99)] })).toEqual({
      rule: 'weightSum',
      sum: 99.99,
    });
    expect(checkTemplate({ ...bands, items: [item('a', 60), item('b', 50)] })).toEqual({
      rule: 'weightSum',
      sum: 110,
    });
    // Decimal weights that a float sum would miss (0.1 + 0.2 …).
    expect(
      checkTemplate({ ...bands, items: [item('a', 33.3), item('b', 33.3), item('c', 33.4)] }),
    ).toBeNull();
  });

  it('duplicate item names are refused (trimmed, case-insensitive)', () => {
    expect(checkTemplate({ ...bands, items: [item('Service', 50), item(' service ', 50)] })).toEqual({
      rule: 'duplicateName',
      name: 'service',
    });
  });

  it('a computed item names its metric; bands descend', () => {
    expect(
      checkTemplate({
        ...bands,
        items: [{ itemName: 'x', weight: 100, kind: 'computed', metric: undefined }],
      }),
    ).toEqual({ rule: 'metricMissing', name: 'x' });
    expect(
      checkTemplate({ excellentMin: 80, goodMin: 80, qualifiedMin: 60, items: [item('a', 100)] }),
    ).toEqual({
      rule: 'bandsOrder',
    });
  });
});

describe('grade bands at their edges (defaults 90/80/60)', () => {
  it.each([
    [100, 'excellent'],
    [90, 'excellent'],
    [89.99, 'good'],
    [80, 'good'],
    [79.99, 'qualified'],
    [60, 'qualified'],
    [59.99, 'unqualified'],
    [0, 'unqualified'],
  ])('%s → %s', (total, grade) => {
    expect(gradeFor(total, bands)).toBe(grade);
  });
  it('follows the template’s own bands', () => {
    expect(gradeFor(85, { excellentMin: 85, goodMin: 70, qualifiedMin: 50 })).toBe('excellent');
    expect(gradeFor(49, { excellentMin: 85, goodMin: 70, qualifiedMin: 50 })).toBe('unqualified');
  });
});

describe('scores', () => {
  it('computed score = rate × weight; manual = given ÷ scale × weight', () => {
    expect(computedScore(2 / 3, 20)).toBe(13.33);
    expect(computedScore(1.2, 20)).toBe(20);
    expect(manualScore(8, 10, 20)).toBe(16);
  });
  it('total over the items that apply, × 100', () => {
    expect(
      totalScore([
        { weight: 20, score: 10 },
        { weight: 80, score: 80 },
      ]),
    ).toBe(90);
    // A computed item without documents does not apply: 70 of 80 → 87.5.
    expect(
      totalScore([
        { weight: 20, score: null },
        { weight: 80, score: 70 },
      ]),
    ).toBe(87.5);
    expect(totalScore([{ weight: 20, score: null }])).toBeNull();
  });
  it('rating status: not rated, partially rated, rated', () => {
    expect(ratingStatus(2, 0)).toBe('0');
    expect(ratingStatus(2, 1)).toBe('1');
    expect(ratingStatus(2, 2)).toBe('2');
    expect(ratingStatus(0, 0)).toBe('2');
  });
  it('rank bands', () => {
    expect(rankBand(1, 10)).toBe('top10');
    expect(rankBand(2, 8)).toBe('top25');
    expect(rankBand(3, 6)).toBe('top50');
    expect(rankBand(4, 6)).toBe('bottom50');
  });
});
