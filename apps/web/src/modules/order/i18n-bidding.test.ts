import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { BIDDING_TEXTS } from './i18n-bidding.ts';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('order bidding texts', () => {
  it('has the same keys in zh_cn and en, each resolving in the order namespace', () => {
    const zh = keys(BIDDING_TEXTS.zh_cn).sort();
    expect(zh).toEqual(keys(BIDDING_TEXTS.en).sort());
    expect(zh.length).toBeGreaterThan(20);
    for (const lang of ['zh_cn', 'en'] as const)
      for (const key of zh) expect(i18n.t(`order:${key}`, { lng: lang }), `${lang} ${key}`).not.toBe(key);
  });
  it('keeps the order texts it merges beside', () => {
    expect(i18n.t('order:trail.award', { lng: 'zh_cn' })).toBe('授标');
    expect(i18n.t('order:actions.startBidding', { lng: 'en' })).toBe('Start bidding');
    expect(i18n.t('order:edit.customFields', { lng: 'en' })).toBe('Custom fields');
    expect(i18n.t('order:bidding.card', { lng: 'en', number: 'RFQ2026110001' })).toBe(
      'Bidding RFQ RFQ2026110001',
    );
  });
});
