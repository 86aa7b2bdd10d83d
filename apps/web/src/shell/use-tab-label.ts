import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../lib/menu-store.ts';
import { useSettings } from '../lib/settings-store.ts';
import { decodeRouterPath } from './iframe-allow.ts';
import { buildMenuPath, findMenuEntry, menuLabel } from './menu-path.ts';
import { findTabRoute, IFRAME_PREFIX, isIframePath } from './route-table.ts';
import type { Tab } from './tabs.ts';

/**
 * Display label of a tab in the current language: the menu entry that leads to it, else the route's own
 * title, else the frame address.
 */
export function useTabLabel(): (tab: Pick<Tab, 'value' | 'label'>) => string {
  const { t } = useTranslation();
  const menu = useMenu((s) => s.menu);
  const locale = useSettings((s) => s.locale);
  return useCallback(
    (tab) => {
      const hit = findMenuEntry(menu, (item) => buildMenuPath(item).pathname === tab.value);
      if (hit) return menuLabel(hit.item, locale);
      if (isIframePath(tab.value))
        return tab.label || decodeRouterPath(tab.value.slice(IFRAME_PREFIX.length)) || tab.value;
      const route = findTabRoute(tab.value);
      return route ? t(route.titleKey) : tab.label || tab.value;
    },
    [menu, locale, t],
  );
}
