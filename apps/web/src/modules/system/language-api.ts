import type { Locale } from '@srm/contracts/constants';
import { API_BASE, call } from '../../lib/http.ts';
import type { Overrides } from './language-rows.ts';

/** The company's saved overrides of one language; version null when none is saved yet. */
export type SavedLanguage = { overrides: Overrides; version: number | null };

export const LANGUAGE_KEYS = { saved: (lang: Locale) => ['system', 'language', lang] as const };

/**
 * POST /apis/SystemSettingService/findLanguage — body { lang }; data { overrides: { namespace: { key:
 * text } }, version } (spec 000 §7). Buyer admin only ('403').
 */
export function findLanguage(lang: Locale): Promise<SavedLanguage> {
  return call({ url: '/SystemSettingService/findLanguage', method: 'POST', data: { lang } });
}

/**
 * POST /apis/SystemSettingService/saveLanguage — replaces the company's overrides of one language: body
 * { lang, overrides, version (the one read; absent for the first save) }; '409' when someone saved
 * meanwhile, '400' naming the field for a text over 500 characters or more than 2,000 texts.
 */
export function saveLanguage(
  lang: Locale,
  overrides: Overrides,
  version: number | null,
): Promise<SavedLanguage> {
  return call({
    url: '/SystemSettingService/saveLanguage',
    method: 'POST',
    data: { lang, overrides, ...(version === null ? {} : { version }) },
  });
}

/**
 * Replaces this browser's stored copy of GET /apis/i18n/{tenant}/{lang} (public, revalidated at each page
 * load) with the texts just saved: the module apps this page opens next reuse the copy the shell loaded
 * (lib/module-texts.ts) and so show them at once. A failure leaves the old copy until the next page load.
 */
export async function refreshCachedTexts(tenant: string, lang: Locale): Promise<void> {
  try {
    await fetch(`${API_BASE}/i18n/${encodeURIComponent(tenant)}/${lang}`, { cache: 'reload' });
  } catch (e) {
    console.error('tenant texts cache refresh failed', e);
  }
}
