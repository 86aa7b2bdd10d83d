import { HOME_TAB_PATH } from '@srm/contracts/constants';
import type { MenuItem } from '@srm/contracts/menu';
import { Menu, type MenuProps } from 'antd';
// The search box alone: the `Input` barrel brings the text area, password and one-time-code inputs (issue #12).
import Search from 'antd/es/input/Search';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { useMenu } from '../../lib/menu-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { menuIcon } from '../menu-icons.tsx';
import {
  buildMenuPath,
  filterMenuByRoles,
  findMenuEntry,
  isMenuEntryActive,
  menuLabel,
  targetHref,
} from '../menu-path.ts';
import { tabKey } from '../tabs.ts';
import { useTabs } from '../tabs-store.ts';
import { useUi } from '../ui-store.ts';

type AntItem = Required<MenuProps>['items'][number];

function toAntItems(items: readonly MenuItem[], locale: 'zh_cn' | 'en', depth = 0): AntItem[] {
  return items.map((item) => {
    const label = menuLabel(item, locale);
    const icon = menuIcon(item.appIcon, depth === 0);
    if (item.children.length > 0) {
      return { key: item.id, label, icon, children: toAntItems(item.children, locale, depth + 1) };
    }
    return { key: item.id, label, icon };
  });
}

function filterByText(items: readonly MenuItem[], text: string, locale: 'zh_cn' | 'en'): MenuItem[] {
  if (!text) return [...items];
  const needle = text.toLowerCase();
  const out: MenuItem[] = [];
  for (const item of items) {
    if (menuLabel(item, locale).toLowerCase().includes(needle)) {
      out.push(item);
      continue;
    }
    const children = filterByText(item.children, text, locale);
    if (children.length > 0) out.push({ ...item, children });
  }
  return out;
}

function allIds(items: readonly MenuItem[]): Map<string, MenuItem> {
  const map = new Map<string, MenuItem>();
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      map.set(item.id, item);
      walk(item.children);
    }
  };
  walk(items);
  return map;
}

/** Items of the user's menu after the client-side role filter (spec 000 §2, §6). */
export function useVisibleMenu(): MenuItem[] {
  const menu = useMenu((s) => s.menu);
  const roles = useAuth((s) => s.userInfo?.roles);
  return useMemo(() => filterMenuByRoles(menu, roles ?? []), [menu, roles]);
}

/** Opens a menu entry by pushing its built path (spec 000 §2 "Path building"). */
export function useOpenMenuEntry(): (item: MenuItem) => void {
  const navigate = useNavigate();
  const setCollapsed = useUi((s) => s.setCollapsed);
  const size = useUi((s) => s.sizeClass);
  return (item) => {
    navigate(targetHref(buildMenuPath(item)));
    if (size === 0) setCollapsed(true);
  };
}

/**
 * Side bar (spec 000 §2): logo (goes home), optional search, and a one-open-at-a-time nested inline menu
 * with the active entry marked by the active-entry rule.
 */
export function SideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useSettings((s) => s.locale);
  const showSearch = useSettings((s) => s.showSearch);
  const collapsed = useUi((s) => s.collapsed);
  const visible = useVisibleMenu();
  const openEntry = useOpenMenuEntry();
  const [search, setSearch] = useState('');
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const activeTab = useTabs((s) => s.tabs.find((tab) => tabKey(tab) === s.active));

  const shown = useMemo(() => filterByText(visible, search.trim(), locale), [visible, search, locale]);
  const byId = useMemo(() => allIds(visible), [visible]);
  const items = useMemo(() => toAntItems(shown, locale), [shown, locale]);

  const active = useMemo(
    () =>
      findMenuEntry(visible, (item) =>
        isMenuEntryActive(
          item,
          { path: location.pathname, code: activeTab?.code, label: activeTab?.label || undefined },
          locale,
        ),
      ),
    [visible, location.pathname, activeTab, locale],
  );

  // Follows the active entry when it changes, not each time the tab list is redrawn (a tab's title or loading
  // state): that would close a group the user has just opened.
  const activeKey = active ? JSON.stringify([active.item.id, active.parents]) : undefined;
  useEffect(() => {
    if (activeKey !== undefined) setOpenKeys((JSON.parse(activeKey) as [string, string[]])[1]);
  }, [activeKey]);

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    if (!latest) {
      setOpenKeys(keys);
      return;
    }
    // One open at a time: keep only the newly opened group and its ancestors.
    const ancestors = findGroupAncestors(visible, latest) ?? [];
    setOpenKeys([...ancestors, latest]);
  };

  return (
    <div className="side-menu">
      <button
        type="button"
        className="shell-logo"
        onClick={() => navigate(HOME_TAB_PATH)}
        // WCAG 2.5.3 (issue #32): the name starts with the title shown ("SRM Supplier Portal — back to
        // home"); the "SRM" mark is the logo's picture (drawn by layout.css), and starts the name too.
        aria-label={t('shell:menu.logo', { title: t('common:app.title') })}
      >
        <span className="shell-logo-mark" aria-hidden="true" />
        {!collapsed && <span className="shell-logo-text">{t('common:app.title')}</span>}
      </button>
      {showSearch && !collapsed && (
        <div className="side-search">
          <Search
            allowClear
            size="small"
            placeholder={t('shell:menu.search')}
            aria-label={t('shell:menu.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      )}
      <nav className="side-nav" aria-label={t('shell:menu.nav')}>
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={active ? [active.item.id] : []}
          {...(collapsed ? {} : { openKeys: search ? shown.map((i) => i.id) : openKeys, onOpenChange })}
          onClick={({ key }) => {
            const item = byId.get(String(key));
            if (item) openEntry(item);
          }}
        />
      </nav>
    </div>
  );
}

function findGroupAncestors(
  items: readonly MenuItem[],
  id: string,
  parents: string[] = [],
): string[] | undefined {
  for (const item of items) {
    if (item.id === id) return parents;
    if (item.children.length) {
      const hit = findGroupAncestors(item.children, id, [...parents, item.id]);
      if (hit) return hit;
    }
  }
  return undefined;
}
