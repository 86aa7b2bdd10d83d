import { describe, expect, it } from 'vitest';
import { pickLocale, toPortalLocale } from './locale.ts';

describe('locale choice (spec 000 §9)', () => {
  it('maps browser tags to portal locales', () => {
    expect(toPortalLocale('zh-CN')).toBe('zh_cn');
    expect(toPortalLocale('zh-TW')).toBe('zh_cn');
    expect(toPortalLocale('en-US')).toBe('en');
    expect(toPortalLocale('en')).toBe('en');
    expect(toPortalLocale('fr-FR')).toBeUndefined();
  });
  it('prefers the saved choice, then the browser language, then zh_cn', () => {
    expect(pickLocale('en', ['zh-CN'])).toBe('en');
    expect(pickLocale(undefined, ['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLocale(null, ['de-DE'])).toBe('zh_cn');
    expect(pickLocale(undefined, [])).toBe('zh_cn');
  });
});
