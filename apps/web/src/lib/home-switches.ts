import { create } from 'zustand';
import { getStore, setStore } from './storage.ts';

/** The five home sections and their setting codes (spec 000 §2 "Home page has five display switches"). */
export const HOME_SECTIONS = {
  purchase: 'IndexPage_Purchase',
  enquiry: 'IndexPage_Enquiry',
  order: 'IndexPage_Order',
  logistics: 'IndexPage_Logistics',
  head: 'IndexPage_Head',
} as const;
export type HomeSection = keyof typeof HOME_SECTIONS;
export type HomeSwitches = Record<HomeSection, 0 | 1>;

export const DEFAULT_HOME_SWITCHES: HomeSwitches = {
  purchase: 1,
  enquiry: 1,
  order: 1,
  logistics: 1,
  head: 1,
};
export const HOME_SECTION_ORDER: readonly HomeSection[] = [
  'head',
  'purchase',
  'order',
  'enquiry',
  'logistics',
];

/**
 * Setting rows → the five numeric switches (spec 000 §2): each defaults to 1 (shown) when its row is
 * missing; '0' (or 0) turns a section off; any other value keeps it on.
 */
export function parseHomeSwitches(
  rows: ReadonlyArray<{ setCode: string; setValue: unknown }> | null | undefined,
): HomeSwitches {
  const result: HomeSwitches = { ...DEFAULT_HOME_SWITCHES };
  for (const [section, code] of Object.entries(HOME_SECTIONS) as [HomeSection, string][]) {
    const row = rows?.find((r) => r.setCode === code);
    if (row && String(row.setValue).trim() === '0') result[section] = 0;
  }
  return result;
}

const STORE_KEY = 'homeSwitches';

/** Reads stored switches, tolerating anything malformed (→ defaults). */
export function readStoredSwitches(): HomeSwitches {
  const stored = getStore<Partial<Record<HomeSection, unknown>>>(STORE_KEY);
  const result: HomeSwitches = { ...DEFAULT_HOME_SWITCHES };
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(result) as HomeSection[]) if (stored[key] === 0) result[key] = 0;
  }
  return result;
}

type SwitchState = { switches: HomeSwitches; set: (s: HomeSwitches) => void };

/** The switches, kept in local storage (spec 000 §2) and refreshed from the server by the home page. */
export const useHomeSwitches = create<SwitchState>()((set) => ({
  switches: typeof window === 'undefined' ? DEFAULT_HOME_SWITCHES : readStoredSwitches(),
  set: (switches) => {
    setStore(STORE_KEY, switches);
    set({ switches });
  },
}));
