import { describe, expect, it } from 'vitest';
import { enquiryProblems, hasProblems } from './enquiry-problems.ts';

describe('the demand pool\'s "To RFQ" dialog marks each broken rule (issue #33)', () => {
  it('names the description, the deadline and each line that breaks its own rule, not one toast', () => {
    const problems = enquiryProblems({
      enquiryDesc: '  ',
      quoteEnd: null,
      lines: [
        { lineId: 'a', quantity: '5', suppliers: ['1', '2', '3'] },
        { lineId: 'b', quantity: '', suppliers: ['1', '2'] },
        { lineId: 'c', quantity: '2', suppliers: [] },
      ],
    });
    expect(problems).toEqual({
      enquiryDesc: 'descRequired',
      quoteEnd: 'quoteEndRequired',
      lines: {
        b: { quantity: 'quantityRequired', suppliers: 'suppliersMin' },
        c: { suppliers: 'suppliersMin' },
      },
    });
    expect(hasProblems(problems)).toBe(true);
  });

  it('has none when every rule holds', () => {
    const problems = enquiryProblems({
      enquiryDesc: 'Bolts',
      quoteEnd: new Date(),
      lines: [{ lineId: 'a', quantity: '5', suppliers: ['1', '2', '3'] }],
    });
    expect(hasProblems(problems)).toBe(false);
  });
});
