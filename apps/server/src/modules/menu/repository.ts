import { and, eq, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { menu, menuOverride } from './tables.ts';

export type MenuRow = typeof menu.$inferSelect;

/**
 * A menu row as the company's admin sees it (issue #19 Menu management): the row with the company's
 * override applied, plus what the platform row says (null for the company's own entries), whether it is
 * hidden for the company and the version to send back (override version, 0 when none yet; own rows: the
 * row's version).
 */
export type AdminMenuRow = MenuRow & {
  own: boolean;
  hidden: boolean;
  platform: { appName: string; appNameEn: string; sortOrder: number } | null;
  overridden: boolean;
};

/**
 * Every menu row of a station the company sees (platform-wide and its own), with the company's overrides
 * (menu_override) applied, hidden ones included, ordered by the effective sort order then code.
 */
export async function findAdminMenuRows(
  db: Queryable,
  station: 'purchase' | 'sale',
  elsAccount: string,
): Promise<AdminMenuRow[]> {
  const rows = await db
    .select({ row: menu, override: menuOverride })
    .from(menu)
    .leftJoin(menuOverride, and(eq(menuOverride.menuId, menu.id), eq(menuOverride.elsAccount, elsAccount)))
    .where(and(eq(menu.station, station), or(isNull(menu.elsAccount), eq(menu.elsAccount, elsAccount))));
  const merged = rows.map(({ row, override }): AdminMenuRow => {
    const own = row.elsAccount !== null;
    return {
      ...row,
      appName: override?.appName ?? row.appName,
      appNameEn: override?.appNameEn ?? row.appNameEn,
      sortOrder: override?.sortOrder ?? row.sortOrder,
      version: own ? row.version : (override?.version ?? 0),
      own,
      hidden: override?.hidden ?? false,
      platform: own ? null : { appName: row.appName, appNameEn: row.appNameEn, sortOrder: row.sortOrder },
      overridden: override !== null,
    };
  });
  return merged.sort(
    (a, b) => a.sortOrder - b.sortOrder || (a.appCode < b.appCode ? -1 : a.appCode > b.appCode ? 1 : 0),
  );
}

/**
 * Menu rows of a station as the company's users get them (spec 000 §3; issue #19 Menu management): the
 * platform-wide ones and the company's own, renamed and reordered by the company's overrides; entries the
 * company hid are left out with everything under them.
 */
export async function findMenuRows(
  db: Queryable,
  station: 'purchase' | 'sale',
  elsAccount: string,
): Promise<MenuRow[]> {
  const rows = await findAdminMenuRows(db, station, elsAccount);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hiddenUp = (row: AdminMenuRow | undefined): boolean => {
    for (let r = row; r; r = r.parentId ? byId.get(r.parentId) : undefined) if (r.hidden) return true;
    return false;
  };
  return rows
    .filter((r) => !hiddenUp(r))
    .map(({ own: _o, hidden: _h, platform: _p, overridden: _v, ...row }) => row);
}
