import { ENABLE_CLOSE_HOME_PAGE, HOME_TAB_PATH } from '@srm/contracts/constants';

/** An open tab (spec 000 §3): label, value (path), params, query, group, taskId, close flag. */
export type Tab = {
  label: string;
  value: string;
  params: Record<string, string>;
  query: Record<string, string>;
  group: string[];
  taskId?: string;
  /** Whether the tab shows a close button. */
  close: boolean;
  /** Code of the menu entry that opened it, for the active-entry rule. */
  code?: string;
};

export type TabsState = { tabs: Tab[]; active: string };

export type TabAction =
  | { type: 'visit'; tab: Tab }
  | { type: 'close'; key: string }
  | { type: 'closeOthers' }
  | { type: 'homeOnly' }
  | { type: 'reset' };

function queryString(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k])}`)
    .join('&');
}

/** Identity of a tab: its path plus its query in a stable order (spec 000 §4 "equal" tabs). */
export function tabKey(tab: Pick<Tab, 'value' | 'query'>): string {
  const q = queryString(tab.query);
  return q ? `${tab.value}?${q}` : tab.value;
}

/** True for audit-page paths, which reopen as /audit (spec 000 §2 "Tab strip"). */
export function isAuditPath(path: string): boolean {
  return path === '/audit' || path.startsWith('/audit/');
}

/**
 * Builds a tab for a visited path (spec 000 §3, §4). Audit paths become /audit; the home tab is closable
 * only if ENABLE_CLOSE_HOME_PAGE (false).
 */
export function makeTab(
  value: string,
  query: Record<string, string> = {},
  label = '',
  extra: Partial<Pick<Tab, 'params' | 'group' | 'taskId' | 'code'>> = {},
): Tab {
  const path = isAuditPath(value) ? '/audit' : value;
  return {
    label,
    value: path,
    params: extra.params ?? {},
    query: { ...query },
    group: extra.group ?? [],
    ...(extra.taskId ? { taskId: extra.taskId } : {}),
    ...(extra.code ? { code: extra.code } : {}),
    close: path !== HOME_TAB_PATH || ENABLE_CLOSE_HOME_PAGE,
  };
}

/** The home tab (spec 000 §9: value /portal/wel/index). */
export function homeTab(label = ''): Tab {
  return makeTab(HOME_TAB_PATH, {}, label);
}

/** Initial tab strip: only the home tab, active. */
export function initialTabs(label = ''): TabsState {
  const home = homeTab(label);
  return { tabs: [home], active: tabKey(home) };
}

function isClosable(tab: Tab): boolean {
  return tab.value !== HOME_TAB_PATH || ENABLE_CLOSE_HOME_PAGE;
}

/**
 * Tab strip reducer (spec 000 §2, §4). A visit adds a tab unless an equal one exists (then selects it);
 * closing the active tab activates the next, or the previous when none follows; 'close others' keeps the
 * active tab and the home tab; 'home only' resets to the home tab; the home tab never closes.
 */
export function tabsReducer(state: TabsState, action: TabAction): TabsState {
  switch (action.type) {
    case 'visit': {
      const key = tabKey(action.tab);
      const existing = state.tabs.findIndex((t) => tabKey(t) === key);
      if (existing >= 0) {
        const current = state.tabs[existing];
        const tabs =
          action.tab.label && !current.label
            ? state.tabs.map((t, i) => (i === existing ? { ...t, label: action.tab.label } : t))
            : state.tabs;
        return { tabs, active: key };
      }
      return { tabs: [...state.tabs, action.tab], active: key };
    }
    case 'close': {
      const index = state.tabs.findIndex((t) => tabKey(t) === action.key);
      if (index < 0 || !isClosable(state.tabs[index])) return state;
      const tabs = state.tabs.filter((_, i) => i !== index);
      if (action.key !== state.active) return { tabs, active: state.active };
      const next = state.tabs[index + 1] ?? state.tabs[index - 1];
      return { tabs, active: next ? tabKey(next) : '' };
    }
    case 'closeOthers': {
      const tabs = state.tabs.filter((t) => tabKey(t) === state.active || !isClosable(t));
      return { tabs, active: state.active };
    }
    case 'homeOnly':
    case 'reset': {
      const home = state.tabs.find((t) => t.value === HOME_TAB_PATH) ?? homeTab();
      return { tabs: [home], active: tabKey(home) };
    }
  }
}

/** Where selecting a tab navigates (spec 000 §2): audit tabs reopen as /audit with their query. */
export function tabHref(tab: Pick<Tab, 'value' | 'query'>): string {
  const path = isAuditPath(tab.value) ? '/audit' : tab.value;
  const search = new URLSearchParams(tab.query).toString();
  return search ? `${path}?${search}` : path;
}
