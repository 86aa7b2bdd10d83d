import type { Locale } from '@srm/contracts/constants';
import type { MenuItem } from '@srm/contracts/menu';
import type { MenuRow } from './repository.ts';

/** Whether a user with these roles may see an entry (spec 000 §2 "role filter"). */
export function isVisibleTo(entryRoles: string[], userRoles: string[]): boolean {
  return entryRoles.length === 0 || entryRoles.some((r) => userRoles.includes(r));
}

/**
 * Builds the menu tree (spec 000 §3) from flat rows, keeping only what the roles allow. A hidden parent
 * hides its children; a group whose children are all hidden and which has no page of its own is dropped.
 */
export function buildMenuTree(rows: MenuRow[], userRoles: string[], locale: Locale): MenuItem[] {
  const byParent = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const key = row.parentId ?? null;
    const list = byParent.get(key) ?? [];
    list.push(row);
    byParent.set(key, list);
  }
  const build = (parentId: string | null): MenuItem[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => isVisibleTo(row.roles, userRoles))
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
