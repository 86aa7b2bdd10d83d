import { describe, expect, it } from 'vitest';
import { canReturn, describeLine, keepOneBuyer, leftToReceive, selectableFor } from './rules.ts';

describe('delivery notice rules', () => {
  const a1 = { elsAccount: '100000', orderItemId: 'a1' };
  const a2 = { elsAccount: '100000', orderItemId: 'a2' };
  const b1 = { elsAccount: '100001', orderItemId: 'b1' };

  it('a notice holds lines of one buyer (several of its orders are fine)', () => {
    expect(selectableFor([], b1)).toBe(true);
    expect(selectableFor([a1], a2)).toBe(true);
    expect(selectableFor([a1], b1)).toBe(false);
    expect(keepOneBuyer([a1, b1, a2])).toEqual({ kept: [a1, a2], dropped: 1 });
    expect(keepOneBuyer([])).toEqual({ kept: [], dropped: 0 });
  });

  it('what is left to receive, and whether received goods can be returned', () => {
    const line = {
      id: 'l',
      sendDeliveryNoteQuantity: '10.000',
      confirmQuantity: '4.500',
      returnQuantity: '0',
    };
    expect(leftToReceive(line)).toBe('5.5');
    expect(canReturn([line])).toBe(true);
    expect(canReturn([{ ...line, returnQuantity: '4.5' }])).toBe(false);
    expect(canReturn([{ ...line, confirmQuantity: '0' }])).toBe(false);
  });

  it('describes a line by order, line and material', () => {
    expect(
      describeLine({ orderNumber: 'PO1', itemNumber: 10, materialNumber: 'M1', materialDesc: 'Bolt' }),
    ).toBe('PO1/10 M1 Bolt');
  });
});
