import { DEFAULT_LOCALE, LOCALES, type Locale } from '@srm/contracts/constants';

/** Maps a BCP 47 tag (navigator.language) to a portal locale, or undefined if unsupported (spec 000 §9). */
export function toPortalLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase().replace('-', '_');
  if ((LOCALES as readonly string[]).includes(lower)) return lower as Locale;
  if (lower.startsWith('zh')) return 'zh_cn';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/**
 * Initial interface language (spec 000 §9): the user's saved choice, else the browser language,
 * else zh_cn.
 */
export function pickLocale(saved: string | null | undefined, browser: readonly string[]): Locale {
  const fromSaved = toPortalLocale(saved);
  if (fromSaved) return fromSaved;
  for (const tag of browser) {
    const l = toPortalLocale(tag);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}
