import { DEFAULT_LOCALE, type Locale, type RowDensity } from '@srm/contracts/constants';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { pickLocale } from './locale.ts';
import { wrappedStorage } from './storage.ts';

/** The nine on/off switches of the settings panel (spec 000 §2). */
export const SETTING_SWITCHES = [
  'showTag',
  'showLog',
  'showTheme',
  'showColor',
  'showFullScreen',
  'showLock',
  'showSearch',
  'showCollapse',
  'showTopMenu',
] as const;
export type SettingSwitch = (typeof SETTING_SWITCHES)[number];

/**
 * Colours offered when the theme-colour switch is on: antd's blue-7, purple-6, cyan-8, green-8, orange-8
 * and magenta-7, each with a contrast of at least 5.4:1 against white, so white text on a primary button
 * and primary-coloured links on white both meet WCAG 2.1 AA 1.4.3 (4.5:1; issue #19).
 */
export const THEME_COLORS = ['#0958d9', '#722ed1', '#006d75', '#237804', '#ad4e00', '#c41d7f'] as const;

/** The lighter colours offered before issue #19 (below 4.5:1 with white) → their accessible successors. */
const LEGACY_THEME_COLORS: Record<string, string> = {
  '#1677ff': '#0958d9',
  '#13c2c2': '#006d75',
  '#52c41a': '#237804',
  '#fa8c16': '#ad4e00',
  '#eb2f96': '#c41d7f',
};

export type ThemeName = 'light' | 'dark';

export type UiSettings = Record<SettingSwitch, boolean> & {
  locale: Locale;
  columnHeight: RowDensity;
  colorPrimary: string;
  /** Light or dark theme (spec 000 §3 persisted `theme`). */
  theme: ThemeName;
  /** Gray mode of seed 001 §2: the whole app in grayscale. */
  grayMode: boolean;
};

type SettingsState = UiSettings & {
  setLocale: (locale: Locale) => void;
  setDensity: (density: RowDensity) => void;
  setSwitch: (key: SettingSwitch, on: boolean) => void;
  setColorPrimary: (color: string) => void;
  setTheme: (theme: ThemeName) => void;
  setGrayMode: (on: boolean) => void;
};

/** Defaults of the persisted UI settings (spec 000 §3: columnHeight medium, showTag, showCollapse …). */
export const DEFAULT_SETTINGS: UiSettings = {
  locale: DEFAULT_LOCALE,
  columnHeight: 'medium',
  colorPrimary: THEME_COLORS[0],
  theme: 'light',
  grayMode: false,
  showTag: true,
  showLog: false,
  showTheme: false,
  showColor: false,
  showFullScreen: true,
  showLock: true,
  showSearch: true,
  showCollapse: true,
  showTopMenu: false,
};

function initialLocale(): Locale {
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
  return pickLocale(undefined, navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** Persisted UI settings in local storage, applied at start (spec 000 §2 "Settings panel"). */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      locale: initialLocale(),
      setLocale: (locale) => set({ locale }),
      setDensity: (columnHeight) => set({ columnHeight }),
      setSwitch: (key, on) => set({ [key]: on } as Partial<UiSettings>),
      setColorPrimary: (colorPrimary) => set({ colorPrimary }),
      setTheme: (theme) => set({ theme }),
      setGrayMode: (grayMode) => set({ grayMode }),
    }),
    {
      name: 'settings',
      // Version 1 (issue #19): a stored pre-#19 theme colour becomes its accessible successor.
      version: 1,
      migrate: (stored) => {
        const state = (stored ?? {}) as Partial<SettingsState>;
        const legacy = state.colorPrimary && LEGACY_THEME_COLORS[state.colorPrimary];
        return (legacy ? { ...state, colorPrimary: legacy } : state) as SettingsState;
      },
      storage: wrappedStorage<Partial<SettingsState>>('local'),
      partialize: ({ setLocale, setDensity, setSwitch, setColorPrimary, setTheme, setGrayMode, ...rest }) =>
        rest,
    },
  ),
);

/** The `<html lang>` value of an interface language (WCAG 3.1.1): zh_cn → zh-CN, en → en. */
export function htmlLang(locale: Locale): string {
  return locale === 'en' ? 'en' : 'zh-CN';
}

/**
 * Applies the document-wide settings (gray mode, theme attribute, `<html lang>` following the selected
 * language) now and on every change; every entry (portal, login, module apps) calls it at start.
 */
export function applyDocumentSettings(): void {
  const apply = ({ grayMode, theme, locale }: UiSettings) => {
    document.documentElement.classList.toggle('gray-mode', grayMode);
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = htmlLang(locale);
  };
  apply(useSettings.getState());
  useSettings.subscribe((state, prev) => {
    if (state.grayMode !== prev.grayMode || state.theme !== prev.theme || state.locale !== prev.locale)
      apply(state);
  });
}
