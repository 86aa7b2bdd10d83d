import type { Locale } from './constants.ts';

/**
 * A menu entry (spec 000 §3): appName is the label in the caller's language, appNameI18n holds both
 * languages so the browser can switch without a reload. children default key is appList.
 */
export type MenuItem = {
  id: string;
  appName: string;
  appNameI18n: Record<Locale, string>;
  appUrl: string;
  appIcon: string | null;
  appCode: string;
  component: string | null;
  meta: { roles: string[]; keepAlive?: boolean };
  group: string[];
  query: Record<string, string>;
  children: MenuItem[];
};
