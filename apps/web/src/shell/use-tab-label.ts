import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../lib/menu-store.ts';
import { useSettings } from '../lib/settings-store.ts';
import { FORWARD_DETAIL_PATH } from './forward.ts';
import { decodeRouterPath } from './iframe-allow.ts';
import { buildMenuPath, findMenuEntry, menuLabel } from './menu-path.ts';
import {
  findTabRoute,
  IFRAME_PREFIX,
  isIframePath,
  moduleRouteTitleKey,
  splitModuleAddress,
} from './route-table.ts';
import type { Tab } from './tabs.ts';

/**
 * Display label of a tab in the current language: the menu entry that leads to it, else the route's own
 * title — for a frame, the module page's title (MODULE_ROUTES), else the label of the menu entry that
 * leads to the same module page with another query — else the frame address. A /forward/detail tab shows
 * its query's `title`, else the title of the module page its `url` names.
 */
export function useTabLabel(): (tab: Pick<Tab, 'value' | 'label'> & Partial<Pick<Tab, 'query'>>) => string {
  const { t } = useTranslation();
  const menu = useMenu((s) => s.menu);
  const locale = useSettings((s) => s.locale);
  return useCallback(
    (tab) => {
      const hit = findMenuEntry(menu, (item) => buildMenuPath(item).pathname === tab.value);
      if (hit) return menuLabel(hit.item, locale);
      if (tab.value === FORWARD_DETAIL_PATH && tab.query?.url) {
        // A forward (spec 000 §2): its own title, else the title of the module page it names.
        const { url, title, ...props } = tab.query;
        if (title) return title;
        const titleKey = moduleRouteTitleKey(url, props);
        if (titleKey) return t(titleKey);
      }
      if (isIframePath(tab.value)) {
        const address = decodeRouterPath(tab.value.slice(IFRAME_PREFIX.length));
        if (!address) return tab.label || tab.value;
        const titleKey = moduleRouteTitleKey(address, tab.query);
        if (titleKey) return t(titleKey);
        const { page } = splitModuleAddress(address);
        const samePage = findMenuEntry(menu, (item) => {
          const built = buildMenuPath(item).pathname;
          if (!isIframePath(built)) return false;
          const other = decodeRouterPath(built.slice(IFRAME_PREFIX.length));
          return other !== undefined && splitModuleAddress(other).page === page;
        });
        if (samePage) return menuLabel(samePage.item, locale);
        return tab.label || address;
      }
      const route = findTabRoute(tab.value);
      return route ? t(route.titleKey) : tab.label || tab.value;
    },
    [menu, locale, t],
  );
}
