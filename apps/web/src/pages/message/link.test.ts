import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { linkHref, messageFilterBody } from './link.ts';

describe('linked document route', () => {
  it('portal pages open as their own tab, with the query', () => {
    expect(linkHref('/portal/info/message')).toBe('/portal/info/message');
    expect(linkHref('/portal/info/todo?id=7')).toBe('/portal/info/todo?id=7');
  });
  it('audit and module pages follow the menu path rules', () => {
    expect(linkHref('/audit/x?taskId=1')).toBe('/audit?taskId=1');
    expect(linkHref('/order/#/v2/order/detail')).toBe(
      `/myiframe/${encodeURIComponent('/order/#/v2/order/detail')}`,
    );
  });
  it('no link, no route', () => {
    expect(linkHref(null)).toBeNull();
    expect(linkHref('  ')).toBeNull();
  });
});

describe('message-center filters', () => {
  it('sends only what is filled', () => {
    expect(messageFilterBody({ keyword: '  ', readFlag: '', handleFlag: '' })).toEqual({});
    expect(messageFilterBody({ keyword: ' 大会 ', readFlag: 'N', handleFlag: 'Y' })).toEqual({
      keyword: '大会',
      readFlag: 'N',
      handleFlag: 'Y',
    });
  });
  it('sends the buyer filter only when one is chosen (issue #16)', () => {
    expect(messageFilterBody({ senderElsAccount: '100002' })).toEqual({ senderElsAccount: '100002' });
    expect(messageFilterBody({ senderElsAccount: null })).toEqual({});
  });
  it('a date range covers whole days, as ISO-8601', () => {
    const body = messageFilterBody({ range: [dayjs('2026-03-01T10:00:00'), dayjs('2026-03-02T08:00:00')] });
    expect(body.sendTimeStart).toBe(dayjs('2026-03-01T00:00:00').toISOString());
    expect(body.sendTimeEnd).toBe(dayjs('2026-03-02T23:59:59.999').toISOString());
  });
});
