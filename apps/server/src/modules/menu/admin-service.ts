import type { MenuAdd, MenuAdminEntry, MenuEdit, MenuRemove } from '@srm/contracts/menu-admin';
import { and, eq, sql } from 'drizzle-orm';
import { nowDate } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AppDeps, AuthContext } from '../../platform/http.ts';
import { type AdminMenuRow, findAdminMenuRows } from './repository.ts';
import { menu, menuOverride } from './tables.ts';

/**
 * Menu management (issue #19): how a company admin changes the company's side menu.
 *
 * Storage (chosen here): platform-wide entries (menu.els_account NULL) are never edited in place; a
 * company's rename / reorder / hide of one is a row of menu_override keyed (els_account, menu_id), whose
 * version is the optimistic lock (0 = no override yet). The company's own entries are menu rows with
 * els_account set (they keep a stable id, so Role management grants them like any entry), edited in place
 * under menu.version. getMenu (findMenuRows) merges both; other companies never see either. Every change
 * drops the cached menus and sessions of every process (sessions.forgetAll), so the next getMenu or
 * "permission refresh" shows it without logging out.
 */

const userOf = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/**
 * The company's whole menu of the caller's station as a tree (hidden entries included, flagged), in the
 * effective order. Caller must be the company admin (checked by the route).
 */
export async function menuAdminTree(deps: AppDeps, auth: AuthContext): Promise<MenuAdminEntry[]> {
  const rows = await findAdminMenuRows(deps.db, auth.station, auth.elsAccount);
  const hasChildren = new Set(rows.map((r) => r.parentId).filter(Boolean));
  const build = (parentId: string | null): MenuAdminEntry[] =>
    rows
      .filter((r) => (r.parentId ?? null) === parentId)
      .map((r) => ({
        id: r.id,
        parentId: r.parentId,
        appName: r.appName,
        appNameEn: r.appNameEn,
        platform: r.platform,
        appUrl: r.appUrl,
        appCode: r.appCode,
        group: r.appUrl === '' || hasChildren.has(r.id),
        own: r.own,
        hidden: r.hidden,
        overridden: r.overridden,
        sortOrder: r.sortOrder,
        version: r.version,
        children: build(r.id),
      }));
  return build(null);
}

async function entryOf(deps: AppDeps, auth: AuthContext, id: string): Promise<AdminMenuRow> {
  const row = (await findAdminMenuRows(deps.db, auth.station, auth.elsAccount)).find((r) => r.id === id);
  if (!row) throw notFound('menuEntryNotFound');
  return row;
}

/**
 * Renames, reorders or hides an entry for the caller's company. Platform entry: upserts its override
 * (body.version 0 = none read yet); body.appUrl is refused ('400' body.appUrl) — a platform page's link is
 * not the company's to change. Own entry: updates the row, appUrl included when given. '404' for an entry
 * outside the station/company, '409' when the version is stale.
 */
export async function editMenuEntry(deps: AppDeps, auth: AuthContext, body: MenuEdit): Promise<void> {
  const row = await entryOf(deps, auth, body.id);
  if (row.own) {
    const updated = await deps.db
      .update(menu)
      .set({
        appName: body.appName,
        appNameEn: body.appNameEn,
        sortOrder: body.sortOrder,
        ...(body.appUrl === undefined ? {} : { appUrl: body.appUrl }),
        version: sql`${menu.version} + 1`,
      })
      .where(and(eq(menu.id, body.id), eq(menu.elsAccount, auth.elsAccount), eq(menu.version, body.version)))
      .returning({ id: menu.id });
    if (updated.length === 0) throw conflict();
    // Hiding an own entry goes through an override row too, so both kinds hide the same way.
    await setHidden(deps, auth, body.id, body.hidden);
  } else {
    if (body.appUrl !== undefined && body.appUrl !== row.appUrl)
      throw badRequest('rule.invalid', { field: 'body.appUrl' });
    const values = {
      appName: body.appName === row.platform?.appName ? null : body.appName,
      appNameEn: body.appNameEn === row.platform?.appNameEn ? null : body.appNameEn,
      sortOrder: body.sortOrder === row.platform?.sortOrder ? null : body.sortOrder,
      hidden: body.hidden,
      lastUpdateUser: userOf(auth),
      lastUpdateDate: nowDate(),
    };
    if (body.version === 0) {
      const inserted = await deps.db
        .insert(menuOverride)
        .values({ elsAccount: auth.elsAccount, menuId: body.id, ...values })
        .onConflictDoNothing()
        .returning({ id: menuOverride.menuId });
      if (inserted.length === 0) throw conflict();
    } else {
      const updated = await deps.db
        .update(menuOverride)
        .set({ ...values, version: sql`${menuOverride.version} + 1` })
        .where(
          and(
            eq(menuOverride.elsAccount, auth.elsAccount),
            eq(menuOverride.menuId, body.id),
            eq(menuOverride.version, body.version),
          ),
        )
        .returning({ id: menuOverride.menuId });
      if (updated.length === 0) throw conflict();
    }
  }
  deps.sessions.forgetAll();
}

/** Hides (or shows again) an own entry through its override row (no version: the row's version guards). */
async function setHidden(deps: AppDeps, auth: AuthContext, menuId: string, hidden: boolean) {
  if (!hidden) {
    await deps.db
      .delete(menuOverride)
      .where(and(eq(menuOverride.elsAccount, auth.elsAccount), eq(menuOverride.menuId, menuId)));
    return;
  }
  await deps.db
    .insert(menuOverride)
    .values({ elsAccount: auth.elsAccount, menuId, hidden: true, lastUpdateUser: userOf(auth) })
    .onConflictDoUpdate({
      target: [menuOverride.elsAccount, menuOverride.menuId],
      set: { hidden: true, lastUpdateUser: userOf(auth), lastUpdateDate: nowDate() },
    });
}

/**
 * Adds the company's own entry under a group of the caller's station (a platform group or the company's
 * own; '400' body.parentId otherwise). sortOrder defaults to after the group's last entry. Returns its id.
 */
export async function addMenuEntry(deps: AppDeps, auth: AuthContext, body: MenuAdd): Promise<string> {
  const rows = await findAdminMenuRows(deps.db, auth.station, auth.elsAccount);
  const parent = rows.find((r) => r.id === body.parentId && r.appUrl === '');
  if (!parent) throw badRequest('rule.menuParent', { field: 'body.parentId' });
  const siblings = rows.filter((r) => r.parentId === parent.id).map((r) => r.sortOrder);
  const sortOrder = body.sortOrder ?? Math.min(100_000, Math.max(0, ...siblings) + 10);
  const suffix = crypto.randomUUID().slice(0, 8);
  const [row] = await deps.db
    .insert(menu)
    .values({
      station: auth.station,
      elsAccount: auth.elsAccount,
      parentId: parent.id,
      appName: body.appName,
      appNameEn: body.appNameEn,
      appUrl: body.appUrl,
      appCode: `custom-${suffix}`,
      roles: [],
      groupPaths: [],
      sortOrder,
    })
    .returning({ id: menu.id });
  deps.sessions.forgetAll();
  return row.id;
}

/**
 * Undoes the company's change: a platform entry's override is deleted (the platform's name, order and
 * visibility again); the company's own entry is deleted (with its override). '404' outside the company,
 * '409' when the version is stale; a platform entry without override is left as it is.
 */
export async function removeMenuEntry(deps: AppDeps, auth: AuthContext, body: MenuRemove): Promise<void> {
  const row = await entryOf(deps, auth, body.id);
  if (row.version !== body.version) throw conflict();
  if (row.own) {
    const deleted = await deps.db
      .delete(menu)
      .where(and(eq(menu.id, body.id), eq(menu.elsAccount, auth.elsAccount), eq(menu.version, body.version)))
      .returning({ id: menu.id });
    if (deleted.length === 0) throw conflict();
  } else if (body.version > 0) {
    const deleted = await deps.db
      .delete(menuOverride)
      .where(
        and(
          eq(menuOverride.elsAccount, auth.elsAccount),
          eq(menuOverride.menuId, body.id),
          eq(menuOverride.version, body.version),
        ),
      )
      .returning({ id: menuOverride.menuId });
    if (deleted.length === 0) throw conflict();
  }
  deps.sessions.forgetAll();
}
