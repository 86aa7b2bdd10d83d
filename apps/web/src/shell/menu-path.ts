import type { Locale } from '@srm/contracts/constants';
import type { MenuItem } from '@srm/contracts/menu';

/** Where a menu entry leads: a route path of the shell plus its query. */
export type MenuTarget = { pathname: string; query: Record<string, string> };

/** The marker of a shell page path (spec 000 §2 "a path containing /portal/ is used as is"). */
const PORTAL_MARK = '/portal/';

/**
 * Path building for a menu entry (spec 000 §2): a path containing /portal/ is used as is — the shell route
 * from its `/portal/` on (so a prefix such as a sub-path `/srm/portal/…` does not matter), with a query it
 * carries joined to the entry's (the entry's `query` wins); the route table then opens it as the shell page
 * it names, or as the 404 page inside its tab for a `/portal/…` page the shell does not have (route-table
 * findTabRoute). An absolute http(s) address is no path: it goes to the frame like other addresses. An
 * /audit/ path becomes /audit with its query; a /forward/detail path becomes /forward/detail with its
 * query; any other path becomes /myiframe/{URL-encoded path} with its query.
 */
export function buildMenuPath(item: Pick<MenuItem, 'appUrl' | 'query'>): MenuTarget {
  const url = item.appUrl;
  const query = { ...(item.query ?? {}) };
  const portal = url.indexOf(PORTAL_MARK);
  if (portal >= 0 && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    const [path, search = ''] = url.slice(portal).split('#', 1)[0].split('?', 2);
    return { pathname: path, query: { ...Object.fromEntries(new URLSearchParams(search)), ...query } };
  }
  if (url === '/audit' || url.startsWith('/audit/') || url.startsWith('/audit?'))
    return { pathname: '/audit', query };
  if (url.startsWith('/forward/detail')) return { pathname: '/forward/detail', query };
  return { pathname: `/myiframe/${encodeURIComponent(url)}`, query };
}

/** `pathname?query` of a target, for the router. */
export function targetHref(target: MenuTarget): string {
  const search = new URLSearchParams(target.query).toString();
  return search ? `${target.pathname}?${search}` : target.pathname;
}

/** Label of an entry in the given language (spec 000 §3: appName, with both languages in appNameI18n). */
export function menuLabel(item: Pick<MenuItem, 'appName' | 'appNameI18n'>, locale: Locale): string {
  return item.appNameI18n?.[locale] || item.appName;
}

/** What the current route is: its path, the code of the entry that opened it, and its tab label. */
export type CurrentRoute = { path: string; code?: string; label?: string };

/**
 * Active-entry rule (spec 000 §2): an entry is active when the current route matches its code, one of
 * its group paths, or its label — or simply its own built path.
 */
export function isMenuEntryActive(item: MenuItem, current: CurrentRoute, locale: Locale): boolean {
  if (buildMenuPath(item).pathname === current.path) return true;
  if (current.code && item.appCode && item.appCode === current.code) return true;
  if ((item.group ?? []).some((g) => g === current.path)) return true;
  if (current.label && menuLabel(item, locale) === current.label && item.children.length === 0) return true;
  return false;
}

/**
 * Role filter (spec 000 §2, §6): an entry shows when it has no role restriction or the user holds one of
 * its roles. A group whose children are all hidden is hidden too.
 */
export function filterMenuByRoles(items: readonly MenuItem[], roles: readonly string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    const allowed = item.meta?.roles ?? [];
    if (allowed.length > 0 && !allowed.some((r) => roles.includes(r))) continue;
    const hadChildren = (item.children ?? []).length > 0;
    const children = filterMenuByRoles(item.children ?? [], roles);
    if (hadChildren && children.length === 0) continue;
    out.push({ ...item, children });
  }
  return out;
}

/** Walks the menu depth-first, returning the first leaf for which `test` holds and its ancestors' ids. */
export function findMenuEntry(
  items: readonly MenuItem[],
  test: (item: MenuItem) => boolean,
  parents: string[] = [],
): { item: MenuItem; parents: string[] } | undefined {
  for (const item of items) {
    if (item.children?.length) {
      const hit = findMenuEntry(item.children, test, [...parents, item.id]);
      if (hit) return hit;
    } else if (test(item)) {
      return { item, parents };
    }
  }
  return undefined;
}
