import type { Locale } from '@srm/contracts/constants';
import type { MenuItem } from '@srm/contracts/menu';
import type { MenuRow } from './repository.ts';

/** Whether a user with these roles may see an entry (spec 000 §2 "role filter"). */
export function isVisibleTo(entryRoles: string[], userRoles: string[]): boolean {
  return entryRoles.length === 0 || entryRoles.some((r) => userRoles.includes(r));
}

/**
 * The menu entries a user's roles open (issue #19 Role management): null (no limit) when the user holds no
 * role or a role without a menu list; otherwise the listed entries with their descendants and ancestors.
 */
export function allowedMenuIds(
  rows: Pick<MenuRow, 'id' | 'parentId'>[],
  grants: Array<{ menuIds: string[] | null }>,
): Set<string> | null {
  if (grants.length === 0 || grants.some((g) => g.menuIds === null)) return null;
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId ?? null]));
  const listed = new Set(grants.flatMap((g) => g.menuIds ?? []));
  const allowed = new Set<string>();
  for (const row of rows) {
    // An entry is open when it or one of its ancestors is listed; the ancestors of a listed entry show too.
    for (let id: string | null = row.id; id; id = parentOf.get(id) ?? null) {
      if (listed.has(id)) {
        for (let up: string | null = row.id; up; up = parentOf.get(up) ?? null) allowed.add(up);
        break;
      }
    }
  }
  return allowed;
}

/**
 * Builds the menu tree (spec 000 §3) from flat rows, keeping only what the roles allow (and, when the
 * roles list menu entries, only those: `allowed`). A hidden parent hides its children; a group whose
 * children are all hidden and which has no page of its own is dropped.
 */
export function buildMenuTree(
  rows: MenuRow[],
  userRoles: string[],
  locale: Locale,
  allowed: Set<string> | null = null,
): MenuItem[] {
  const byParent = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const key = row.parentId ?? null;
    const list = byParent.get(key) ?? [];
    list.push(row);
    byParent.set(key, list);
  }
  const build = (parentId: string | null): MenuItem[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => isVisibleTo(row.roles, userRoles) && (allowed === null || allowed.has(row.id)))
      .map(
        (row): MenuItem => ({
          id: row.id,
          appName: locale === 'en' ? row.appNameEn : row.appName,
          appNameI18n: { zh_cn: row.appName, en: row.appNameEn },
          appUrl: row.appUrl,
          appIcon: row.appIcon,
          appCode: row.appCode,
          component: row.component,
          meta: { roles: row.roles, keepAlive: row.keepAlive },
          group: row.groupPaths,
          query: row.query,
          children: build(row.id),
        }),
      )
      .filter((item) => item.children.length > 0 || (item.appUrl !== '' && !byParent.has(item.id)));
  return build(null);
}
