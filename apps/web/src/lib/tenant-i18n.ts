import type { Locale } from '@srm/contracts/constants';
import { call } from './http.ts';
import i18n from './i18n.ts';

type Overrides = Record<string, Record<string, string>>;

/** Overrides already merged, per tenant and language (one call each per page load). */
const merged = new Map<string, Promise<void>>();

/** Unflattens { 'a.b': 'x' } into { a: { b: 'x' } } so dotted keys override nested bundled strings. */
export function unflatten(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = text;
  }
  return out;
}

/**
 * A tenant's interface texts (spec 000 §7 "Language JSON files … by tenant id and language"): GET
 * /apis/i18n/{tenant}/{locale} (public; the server falls back to the default tenant) merged over the
 * bundled strings. Before login the tenant is 'default'. Failures are logged; the bundled texts stay.
 */
export function loadTenantTexts(tenant: string, locale: Locale): Promise<void> {
  const key = `${tenant}/${locale}`;
  const known = merged.get(key);
  if (known) return known;
  const p = call<{ tenant: string | null; overrides: Overrides }>(
    { url: `/i18n/${encodeURIComponent(tenant)}/${locale}` },
    { public: true },
  )
    .then(({ overrides }) => {
      for (const [ns, texts] of Object.entries(overrides ?? {})) {
        i18n.addResourceBundle(locale, ns, unflatten(texts), true, true);
      }
    })
    .catch((e) => {
      merged.delete(key);
      console.error('tenant language file failed to load', e);
    });
  merged.set(key, p);
  return p;
}
