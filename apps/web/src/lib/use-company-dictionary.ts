import { useEffect } from 'react';
import { type Dictionaries, loadDictionaries, useDicts } from './dict.ts';

/**
 * The entries of dictionary `code` as the caller's company labels them (issue #19: its admin's overrides),
 * loading the dictionaries once (module apps load them on first use); null until loaded or when `code` is
 * null. Pages with built-in labels show those meanwhile.
 */
export function useCompanyDictionary(code: string | null): Dictionaries[string] | null {
  useEffect(() => {
    if (code) void loadDictionaries();
  }, [code]);
  return useDicts((s) => (code ? (s.dicts?.[code] ?? null) : null));
}
