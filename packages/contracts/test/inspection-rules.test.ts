import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { saveSchema } from '../src/document/define.ts';
import {
  duplicateItemName,
  facInsTemplateDefinition,
  inspectionResult,
  isInspector,
  maxTotal,
  scoreOutOfRange,
  scoreUnits,
} from '../src/inspection.ts';

/** Factory inspection rules (issue #16): unique item names, scores in range, exact totals and the result. */
describe('duplicate item names (seed 001 §5)', () => {
  it('finds the first repeated name, trimmed and in any case', () => {
    expect(duplicateItemName(['质量体系', '生产能力'])).toBeNull();
    expect(duplicateItemName(['A', 'b', ' B '])).toBe('B');
    expect(duplicateItemName([])).toBeNull();
  });
});

describe('scores', () => {
  it('reads scores of at most 2 decimals as hundredths and refuses anything else', () => {
    expect(scoreUnits('12.5')).toBe(1250n);
    expect(scoreUnits('0')).toBe(0n);
    for (const bad of ['-1', '1.005', '1e3', '', 'abc', '12345']) expect(scoreUnits(bad), bad).toBeNull();
  });

  it('names the first item outside 0 … max', () => {
    const items = [
      { maxScore: '10', score: '10' },
      { maxScore: '10', score: null },
      { maxScore: '5.5', score: '5.51' },
    ];
    expect(scoreOutOfRange(items)).toBe(2);
    expect(scoreOutOfRange(items.slice(0, 2))).toBe(-1);
  });

  it('sums exactly and passes at the pass score', () => {
    expect(inspectionResult([{ score: '29.9' }, { score: '20.15' }, { score: '20.25' }], '70.3')).toEqual({
      total: '70.30',
      result: 'pass',
      complete: true,
    });
    expect(inspectionResult([{ score: '70.29' }, { score: null }], '70.3')).toEqual({
      total: '70.29',
      result: 'fail',
      complete: false,
    });
    expect(maxTotal([{ maxScore: '33.33' }, { maxScore: '66.67' }])).toBe('100.00');
  });

  it('agrees with decimal.js for random scores', () => {
    const score = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }))
      .map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(score, { minLength: 1, maxLength: 30 }), score, (scores, pass) => {
        const got = inspectionResult(
          scores.map((s) => ({ score: s })),
          pass,
        );
        const total = scores.reduce((sum, s) => sum.add(s), new Decimal(0));
        expect(got.total).toBe(total.toFixed(2));
        expect(got.result).toBe(total.gte(pass) ? 'pass' : 'fail');
      }),
    );
  });
});

describe('weights and inspectors (issue #16)', () => {
  it('weighs each score, rounds half up once, and defaults to weight 1', () => {
    expect(
      inspectionResult(
        [
          { score: '5.5', weight: '2' },
          { score: '7.25', weight: '0.5' },
        ],
        '14.63',
      ),
    ).toEqual({ total: '14.63', result: 'pass', complete: true });
    expect(inspectionResult([{ score: '5.5', weight: '2' }, { score: '7.25' }], '0').total).toBe('18.25');
    expect(
      maxTotal([
        { maxScore: '10', weight: '2' },
        { maxScore: '10', weight: '0.5' },
      ]),
    ).toBe('25.00');
  });

  it('agrees with decimal.js for random scores and weights', () => {
    const two = (max: number) =>
      fc
        .tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 99 }))
        .map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`);
    const weight = two(999).filter((w) => w !== '0.00');
    fc.assert(
      fc.property(fc.array(fc.tuple(two(9999), weight), { minLength: 1, maxLength: 30 }), (items) => {
        const got = inspectionResult(
          items.map(([score, w]) => ({ score, weight: w })),
          '0',
        );
        const total = items.reduce((sum, [s, w]) => sum.add(new Decimal(s).mul(w)), new Decimal(0));
        expect(got.total).toBe(total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      }),
    );
  });

  it('knows the inspectors of a saved list', () => {
    expect(isInspector('buyer1, admin', 'admin')).toBe(true);
    expect(isInspector('buyer1，admin', 'buyer1')).toBe(true);
    expect(isInspector('buyer10', 'buyer1')).toBe(false);
    expect(isInspector(null, 'buyer1')).toBe(false);
  });
});

describe('template save body', () => {
  it('refuses names over 50 characters and max scores of 0', () => {
    const schema = saveSchema(facInsTemplateDefinition);
    const ok = { templateName: 'x'.repeat(50), passScore: '60', lines: [{ itemName: 'A', maxScore: '10' }] };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, templateName: 'x'.repeat(51) }).success).toBe(false);
    expect(schema.safeParse({ ...ok, lines: [{ itemName: 'A', maxScore: '0' }] }).success).toBe(false);
  });
});
