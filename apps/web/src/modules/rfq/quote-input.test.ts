import { describe, expect, it } from 'vitest';
import { parseAmounts, parseLadder } from './QuotePage.tsx';

describe('the quote page’s text inputs', () => {
  it('reads a ladder, one step per row', () => {
    expect(parseLadder('1:0.011\n 5000 : 0.0098 \n\n')).toEqual([
      { quantity: '1', price: '0.011' },
      { quantity: '5000', price: '0.0098' },
    ]);
  });
  it('reads named amounts with either colon, keeping a row without one for the server to name', () => {
    expect(parseAmounts('材料:6.25\n加工：3.1\n包装')).toEqual([
      { name: '材料', amount: '6.25' },
      { name: '加工', amount: '3.1' },
      { name: '包装', amount: '' },
    ]);
  });
});
