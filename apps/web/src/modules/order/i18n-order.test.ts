import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { CUSTOM_AND_PICKER, LINE_TEXTS } from './i18n-order.ts';

/** Every key of a nested text object, as dotted paths. */
function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('order texts of the custom fields and the material picker', () => {
  it('has the same keys in zh_cn and en, none empty', () => {
    const zh = keys(CUSTOM_AND_PICKER.zh_cn).sort();
    expect(zh).toEqual(keys(CUSTOM_AND_PICKER.en).sort());
    expect(zh.length).toBeGreaterThan(10);
    for (const lang of ['zh_cn', 'en'] as const)
      for (const key of zh) expect(i18n.t(`order:${key}`, { lng: lang }), `${lang} ${key}`).not.toBe(key);
  });
  it('has the line custom field and re-pricing texts in both languages, none empty', () => {
    const zh = keys(LINE_TEXTS.zh_cn).sort();
    expect(zh).toEqual(keys(LINE_TEXTS.en).sort());
    for (const lang of ['zh_cn', 'en'] as const)
      for (const key of zh) expect(i18n.t(`order:${key}`, { lng: lang }), `${lang} ${key}`).not.toBe(key);
    expect(i18n.t('order:lineCustom.count', { lng: 'en', count: 2 })).toBe('2 set');
  });
  it('merges into the order namespace without dropping the existing texts', () => {
    expect(i18n.t('order:edit.customFields', { lng: 'zh_cn' })).toBe('自定义字段');
    expect(i18n.t('order:edit.customFields', { lng: 'en' })).toBe('Custom fields');
    expect(i18n.t('order:edit.cols.materialNumber', { lng: 'zh_cn' })).toBe('物料编码');
    expect(i18n.t('order:edit.cols.minPackingQuantity', { lng: 'en' })).toBe('Min. packing qty');
  });
});
