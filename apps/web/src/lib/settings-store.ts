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

/** Colours offered when the theme-colour switch is on. */
export const THEME_COLORS = ['#1677ff', '#722ed1', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96'] as const;

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
      storage: wrappedStorage<Partial<SettingsState>>('local'),
      partialize: ({ setLocale, setDensity, setSwitch, setColorPrimary, setTheme, setGrayMode, ...rest }) =>
        rest,
    },
  ),
);

/** Applies the document-wide settings (gray mode, theme attribute) now and on every change. */
export function applyDocumentSettings(): void {
  const apply = ({ grayMode, theme }: UiSettings) => {
    document.documentElement.classList.toggle('gray-mode', grayMode);
    document.documentElement.dataset.theme = theme;
  };
  apply(useSettings.getState());
  useSettings.subscribe((state, prev) => {
    if (state.grayMode !== prev.grayMode || state.theme !== prev.theme) apply(state);
  });
}
