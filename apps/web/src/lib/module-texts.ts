import type { Locale } from '@srm/contracts/constants';
import { useAuth } from './auth-store.ts';
import { API_BASE } from './http.ts';
import i18n from './i18n.ts';
import { useSettings } from './settings-store.ts';
import { unflatten } from './tenant-i18n.ts';

/**
 * A tenant's interface texts in the module apps the shell opens in iframes (/order/, /rfq/, /system/ …;
 * issue #18/#19, spec 000 §7 "language JSON files by tenant id and language"). Module-app code only: the
 * shell and the login page load them with tenant-i18n.ts, whose bytes are in the login and home budgets.
 */

type Overrides = Record<string, Record<string, string>>;

/** The tenant whose texts apply: the company the user acts for, else its own (as the shell). */
export const tenantOf = (s: ReturnType<typeof useAuth.getState>): string | undefined =>
  s.userInfo?.actingElsAccount ?? s.userInfo?.elsAccount;

/** The absolute address of GET /apis/i18n/{tenant}/{locale} (as the shell's call resolves it). */
export const textsUrl = (tenant: string, locale: Locale, base = window.location.href): string =>
  new URL(`${API_BASE}/i18n/${encodeURIComponent(tenant)}/${locale}`, base).href;

/**
 * Whether the window that opened this app in its iframe (the shell, same origin) has already loaded `url`
 * during its page load (a resource-timing entry of its own call). Its answer is then in the HTTP cache and
 * no older than that page load, so it may be taken without revalidating. False outside a frame, across
 * origins, or when the parent's timing buffer no longer records it (a normal fetch then).
 */
export function parentLoaded(url: string, win: Window = window): boolean {
  try {
    if (win.parent === win) return false;
    return win.parent.performance.getEntriesByName(url).length > 0;
  } catch {
    return false;
  }
}

/** The tenant's texts merged, per `locale|namespace` (dotted key → text). */
const applied = new Map<string, Record<string, string>>();
/** The app's own text of each key a tenant text replaced, per `locale|namespace|key` (first seen wins). */
const originals = new Map<string, string>();
let merging = false;

const textAt = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (n, p) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[p] : undefined),
      tree,
    );

function remember(locale: string, ns: string, key: string, value: unknown) {
  const id = `${locale}|${ns}|${key}`;
  if (typeof value === 'string' && !originals.has(id)) originals.set(id, value);
}

// A namespace registered after the tenant's texts (a lazy chunk; merged without overwriting, so the tenant's
// text stays): its own texts of the replaced keys are remembered for bundledText. (addResourceBundle passes
// the resources as a third argument; i18next's typing of the listener names only two.)
i18n.store.on('added', (lng: string, ns: string, resources?: unknown) => {
  const texts = applied.get(`${lng}|${ns}`);
  if (!texts || merging) return;
  for (const key of Object.keys(texts)) remember(lng, ns, key, textAt(resources, key));
});

/** Merges { namespace: { dotted key: text } } over the texts of `locale`, overwriting them. */
export function mergeTenantTexts(locale: Locale, overrides: Overrides): void {
  merging = true;
  try {
    for (const [ns, texts] of Object.entries(overrides)) {
      for (const key of Object.keys(texts)) remember(locale, ns, key, i18n.getResource(locale, ns, key));
      applied.set(`${locale}|${ns}`, { ...applied.get(`${locale}|${ns}`), ...texts });
      i18n.addResourceBundle(locale, ns, unflatten(texts), true, true);
    }
  } finally {
    merging = false;
  }
}

/**
 * The app's own value of a key (a string, an object for a group of texts, undefined when unknown), not the
 * tenant's replacement merged over it: what the interface-texts page shows as the default text.
 */
export function bundledText(locale: Locale, ns: string, key: string): unknown {
  if (!key) return undefined;
  return originals.get(`${locale}|${ns}|${key}`) ?? i18n.getResource(locale, ns, key);
}

/**
 * Fetches a tenant's overrides ({ namespace: { key: text } }) and merges them over the bundled strings of
 * `locale` (overwriting; namespaces registered later by lazy chunks merge without overwriting, so the
 * tenant's texts stay). One call: the shell's cached answer when it loaded the same one (`force-cache`),
 * else a normal request (the server answers `no-cache`: revalidated). Resolves to whether any text was
 * merged; failures are logged and leave the bundled texts.
 */
export async function loadModuleTexts(
  tenant: string,
  locale: Locale,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const url = textsUrl(tenant, locale);
  try {
    const res = await fetcher(url, parentLoaded(url) ? { cache: 'force-cache' } : {});
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { code?: string; data?: { overrides?: Overrides } };
    if (body.code !== '200') throw new Error(`code ${body.code}`);
    const overrides = body.data?.overrides ?? {};
    mergeTenantTexts(locale, overrides);
    return Object.keys(overrides).length > 0;
  } catch (e) {
    console.error('tenant language file failed to load', e);
    return false;
  }
}

/** How long the first render waits for the texts at most (ms); later arrivals re-render. */
export const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Loads the signed-in user's tenant texts in its language before the module app's first render (`render`,
 * called once: at once without a session, else when they are merged or after FIRST_RENDER_WAIT_MS), then
 * again whenever the language or the acting company changes (the shell's settings and session reach the
 * frame by storage events). Texts that arrive after a render re-render the translated components (the
 * language is set again: react-i18next re-renders on 'languageChanged'). `fetcher` is for tests. Returns a
 * stop function.
 */
export function bootTenantTexts(
  render: () => void,
  { waitMs = FIRST_RENDER_WAIT_MS, fetcher = fetch }: { waitMs?: number; fetcher?: typeof fetch } = {},
): () => void {
  let rendered = false;
  const first = () => {
    if (rendered) return;
    rendered = true;
    render();
  };
  let current: string | null = null;
  const load = () => {
    const tenant = tenantOf(useAuth.getState());
    const { locale } = useSettings.getState();
    const key = tenant ? `${tenant}/${locale}` : '';
    if (key === current) return;
    current = key;
    if (!tenant) return first();
    void loadModuleTexts(tenant, locale, fetcher).then((merged) => {
      if (!rendered) return first();
      if (merged && current === key && i18n.language === locale) void i18n.changeLanguage(locale);
    });
  };
  load();
  const timer = setTimeout(first, waitMs);
  const stopSettings = useSettings.subscribe(load);
  const stopAuth = useAuth.subscribe(load);
  return () => {
    clearTimeout(timer);
    stopSettings();
    stopAuth();
  };
}
