import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-store.ts';
import i18n from './i18n.ts';
import { bootTenantTexts, bundledText, loadModuleTexts, parentLoaded, textsUrl } from './module-texts.ts';
import { useSettings } from './settings-store.ts';

/**
 * The boot path of a module app (issue #18/#19): the tenant's texts are fetched and merged before the first
 * render, again on a change of language, and the interface-texts page still sees the app's own texts.
 */

type Answer = Record<string, Record<string, string>>;

/** A fetch answering GET /apis/i18n/{tenant}/{locale} from `byUrl`, recording the calls. */
function fakeFetch(byUrl: Record<string, Answer>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const overrides = byUrl[String(url)];
    return new Response(
      JSON.stringify({ code: '200', data: { tenant: overrides ? 'x' : null, overrides: overrides ?? {} } }),
    );
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

const signIn = (elsAccount: string) => useAuth.setState({ token: 't', userInfo: { elsAccount } as never });

afterEach(() => {
  useAuth.setState({ token: null, userInfo: null });
  useSettings.setState({ locale: 'zh_cn' });
});

describe('module app texts', () => {
  it('merges a tenant text over the bundled one and keeps the bundled one for the texts page', async () => {
    const bundled = i18n.getResource('zh_cn', 'shell', 'topbar.followUs');
    expect(typeof bundled).toBe('string');
    const { fetcher, calls } = fakeFetch({
      [textsUrl('T1', 'zh_cn')]: { shell: { 'topbar.followUs': '关注我们 T1' } },
    });
    expect(await loadModuleTexts('T1', 'zh_cn', fetcher)).toBe(true);
    expect(calls).toHaveLength(1);
    // Not in a frame: a normal request, revalidated by the browser.
    expect(calls[0].init?.cache).toBeUndefined();
    expect(i18n.getFixedT('zh_cn', 'shell')('topbar.followUs')).toBe('关注我们 T1');
    expect(bundledText('zh_cn', 'shell', 'topbar.followUs')).toBe(bundled);
  });

  it("remembers the app's own text of a namespace registered after the tenant's texts", async () => {
    const { fetcher } = fakeFetch({ [textsUrl('T2', 'en')]: { lateNs: { 'a.b': 'Tenant text' } } });
    await loadModuleTexts('T2', 'en', fetcher);
    // A lazy chunk registers its namespace later, without overwriting.
    i18n.addResourceBundle('en', 'lateNs', { a: { b: 'Own text', c: 'Other' } }, true, false);
    expect(i18n.getFixedT('en', 'lateNs')('a.b')).toBe('Tenant text');
    expect(i18n.getFixedT('en', 'lateNs')('a.c')).toBe('Other');
    expect(bundledText('en', 'lateNs', 'a.b')).toBe('Own text');
  });

  it('leaves the bundled texts when the call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = vi.fn(async () => new Response('{}', { status: 503 })) as unknown as typeof fetch;
    const before = i18n.getFixedT('zh_cn', 'common')('ok');
    expect(await loadModuleTexts('T3', 'zh_cn', failing)).toBe(false);
    expect(i18n.getFixedT('zh_cn', 'common')('ok')).toBe(before);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("reuses the shell's copy only when the parent window has loaded that address", () => {
    const url = textsUrl('T4', 'en', 'http://h/order/');
    expect(url).toBe('http://h/apis/i18n/T4/en');
    const framed = (names: string[]) => {
      const parent = { performance: { getEntriesByName: (n: string) => (names.includes(n) ? [{}] : []) } };
      return { parent } as unknown as Window;
    };
    expect(parentLoaded(url, framed([url]))).toBe(true);
    expect(parentLoaded(url, framed([]))).toBe(false);
    const top = {} as { parent?: unknown };
    top.parent = top;
    expect(parentLoaded(url, top as unknown as Window)).toBe(false);
    const crossOrigin = {
      get parent(): never {
        throw new Error('SecurityError');
      },
    };
    expect(parentLoaded(url, crossOrigin as unknown as Window)).toBe(false);
  });

  it('renders once the texts are merged, and loads them again when the language changes', async () => {
    signIn('T5');
    useSettings.setState({ locale: 'zh_cn' });
    const { fetcher, calls } = fakeFetch({
      [textsUrl('T5', 'zh_cn')]: { common: { ok: '好的 T5' } },
      [textsUrl('T5', 'en')]: { common: { ok: 'Fine T5' } },
    });
    const seen: string[] = [];
    const stop = bootTenantTexts(() => seen.push(i18n.getFixedT('zh_cn', 'common')('ok')), {
      waitMs: 60_000,
      fetcher,
    });
    // The first render waits for the texts: it sees the tenant's text.
    await vi.waitFor(() => expect(seen).toEqual(['好的 T5']));
    expect(calls.map((c) => c.url)).toEqual([textsUrl('T5', 'zh_cn')]);

    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    useSettings.setState({ locale: 'en' });
    await vi.waitFor(() => expect(i18n.getFixedT('en', 'common')('ok')).toBe('Fine T5'));
    expect(calls.map((c) => c.url)).toEqual([textsUrl('T5', 'zh_cn'), textsUrl('T5', 'en')]);
    // The texts that arrived after the render re-render the app (the language is set again), and the
    // app was rendered once only.
    await vi.waitFor(() => expect(changed.mock.calls.filter(([l]) => l === 'en').length).toBe(2));
    expect(seen).toHaveLength(1);
    i18n.off('languageChanged', changed);
    stop();
    await i18n.changeLanguage('zh_cn');
  });

  it('renders at once without a session, and after the wait when the texts are slow', async () => {
    const never = vi.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    const render = vi.fn();
    const stop = bootTenantTexts(render, { waitMs: 60_000, fetcher: never });
    expect(render).toHaveBeenCalledTimes(1);
    expect(never).not.toHaveBeenCalled();
    stop();

    signIn('T6');
    vi.useFakeTimers();
    try {
      const slow = vi.fn();
      const stopSlow = bootTenantTexts(slow, { waitMs: 500, fetcher: never });
      expect(never).toHaveBeenCalledTimes(1);
      expect(slow).not.toHaveBeenCalled();
      vi.advanceTimersByTime(500);
      expect(slow).toHaveBeenCalledTimes(1);
      stopSlow();
    } finally {
      vi.useRealTimers();
    }
  });
});
