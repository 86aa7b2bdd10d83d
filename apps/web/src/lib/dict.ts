import type { Locale } from '@srm/contracts/constants';
import { create } from 'zustand';
import { call } from './http.ts';
import { onSessionCleared } from './session.ts';
import { useSettings } from './settings-store.ts';

/**
 * code → value → { zh_cn, en, disabled? } (GET /apis/DictService/findAll): the labels of the caller's
 * company (its admin's overrides, issue #19); `disabled: 'Y'` when its admin took the value out of pickers.
 */
export type Dictionaries = Record<
  string,
  Record<string, Partial<Record<Locale, string>> & { disabled?: 'Y' }>
>;

/**
 * Label of a dictionary value in a language (spec 000 §3 "value = label"): the label in that language,
 * else the other language's, else the value itself (so an unknown code still shows something true).
 */
export function dictLabel(
  dicts: Dictionaries | null | undefined,
  code: string,
  value: string | number | boolean | null | undefined,
  locale: Locale,
): string {
  if (value === null || value === undefined) return '';
  const key = String(value);
  const entry = dicts?.[code]?.[key];
  if (!entry) return key;
  return entry[locale] ?? entry.zh_cn ?? entry.en ?? key;
}

/**
 * Options of a dictionary (value + label) in a language, in the server's order, without the values the
 * company disabled (issue #19) — except `keep`, the value a document already holds, so it still shows.
 */
export function dictOptions(
  dicts: Dictionaries | null | undefined,
  code: string,
  locale: Locale,
  keep?: string | null,
): { value: string; label: string }[] {
  const entries = dicts?.[code] ?? {};
  const offered = Object.keys(entries).filter((value) => entries[value].disabled !== 'Y' || value === keep);
  return offered.map((value) => ({
    value,
    label: dictLabel(dicts, code, value, locale),
  }));
}

type DictState = { dicts: Dictionaries | null; loading: Promise<void> | null; reset: () => void };

/** Dictionaries of this session, loaded once after login (spec 000 §2 "On start … loads dictionaries"). */
export const useDicts = create<DictState>()((set) => ({
  dicts: null,
  loading: null,
  reset: () => set({ dicts: null, loading: null }),
}));

/** Loads the dictionaries once per session (cached in memory); a failure is logged and retried next time. */
export function loadDictionaries(): Promise<void> {
  const state = useDicts.getState();
  if (state.dicts) return Promise.resolve();
  if (state.loading) return state.loading;
  const loading = call<Dictionaries>({ url: '/DictService/findAll' })
    .then((dicts) => useDicts.setState({ dicts, loading: null }))
    .catch((e) => {
      console.error('dictionaries failed to load', e);
      useDicts.setState({ loading: null });
    });
  useDicts.setState({ loading });
  return loading;
}

/** `useDict(code)`: label lookup and options of one dictionary in the current language. */
export function useDict(code: string) {
  const dicts = useDicts((s) => s.dicts);
  const locale = useSettings((s) => s.locale);
  return {
    ready: Boolean(dicts?.[code]),
    label: (value: string | number | boolean | null | undefined) => dictLabel(dicts, code, value, locale),
    options: (keep?: string | null) => dictOptions(dicts, code, locale, keep),
  };
}

// A new session loads its own dictionaries (another user may see other ones).
onSessionCleared(() => useDicts.getState().reset());
