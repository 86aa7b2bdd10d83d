import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import enLogin from '../locales/en/login.json';
import enPages from '../locales/en/pages.json';
import enShell from '../locales/en/shell.json';
import zhCommon from '../locales/zh_cn/common.json';
import zhLogin from '../locales/zh_cn/login.json';
import zhPages from '../locales/zh_cn/pages.json';
import zhShell from '../locales/zh_cn/shell.json';
import { useSettings } from './settings-store.ts';

/** Translation namespaces: one JSON file per namespace and locale under src/locales (DESIGN §8). */
export const NAMESPACES = ['common', 'login', 'shell', 'pages'] as const;

void i18n.use(initReactI18next).init({
  resources: {
    zh_cn: { common: zhCommon, login: zhLogin, shell: zhShell, pages: zhPages },
    en: { common: enCommon, login: enLogin, shell: enShell, pages: enPages },
  },
  lng: useSettings.getState().locale,
  fallbackLng: 'zh_cn',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Redraw when texts arrive after the language is set: the company's texts of a language the user has just
  // switched to (tenant-i18n.ts) load after the switch, and would otherwise show only at the next redraw.
  react: { bindI18nStore: 'added' },
});

useSettings.subscribe((state, prev) => {
  if (state.locale !== prev.locale) void i18n.changeLanguage(state.locale);
});

export default i18n;
