import { describe, expect, it } from 'vitest';
import { type Dictionaries, dictLabel, dictOptions } from './dict.ts';

const dicts: Dictionaries = {
  orderStatus: { EXPIRE: { zh_cn: '已过期', en: 'Expired' }, PAID: { zh_cn: '已支付' } },
};

describe('dictionary labels', () => {
  it('looks a value up in the current language', () => {
    expect(dictLabel(dicts, 'orderStatus', 'EXPIRE', 'zh_cn')).toBe('已过期');
    expect(dictLabel(dicts, 'orderStatus', 'EXPIRE', 'en')).toBe('Expired');
  });
  it('falls back to the other language, then to the value', () => {
    expect(dictLabel(dicts, 'orderStatus', 'PAID', 'en')).toBe('已支付');
    expect(dictLabel(dicts, 'orderStatus', 'NEW', 'en')).toBe('NEW');
    expect(dictLabel(dicts, 'nope', 1, 'en')).toBe('1');
    expect(dictLabel(null, 'orderStatus', 'EXPIRE', 'en')).toBe('EXPIRE');
    expect(dictLabel(dicts, 'orderStatus', null, 'en')).toBe('');
  });
  it('lists options in order', () => {
    expect(dictOptions(dicts, 'orderStatus', 'en')).toEqual([
      { value: 'EXPIRE', label: 'Expired' },
      { value: 'PAID', label: '已支付' },
    ]);
  });
  it('leaves out values the company disabled, but keeps the one a document holds (issue #19)', () => {
    const withDisabled: Dictionaries = {
      orderStatus: {
        EXPIRE: { zh_cn: '已过期', en: 'Expired', disabled: 'Y' },
        PAID: { zh_cn: '已支付', en: 'Paid' },
      },
    };
    expect(dictOptions(withDisabled, 'orderStatus', 'en')).toEqual([{ value: 'PAID', label: 'Paid' }]);
    expect(dictOptions(withDisabled, 'orderStatus', 'en', 'EXPIRE')).toEqual([
      { value: 'EXPIRE', label: 'Expired' },
      { value: 'PAID', label: 'Paid' },
    ]);
    expect(dictLabel(withDisabled, 'orderStatus', 'EXPIRE', 'zh_cn')).toBe('已过期');
  });
});
