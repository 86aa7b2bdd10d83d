import {
  ACTIONS,
  type ActionCode,
  type AdminRole,
  type AdminSubaccount,
  mayUse,
  type Permissions,
  type RoleCreate,
  type RoleEdit,
  type SubaccountCreate,
  type SubaccountEdit,
} from '@srm/contracts/company-admin';
import {
  DATA_ITEM_LABELS,
  DATA_ITEMS,
  type DataItem,
  type DataPermission,
  type DataPermissionSave,
} from '@srm/contracts/data-permission';
import { orgUnitTypeOfItem } from '@srm/contracts/org-master';
import { isValidShellPassword } from '@srm/contracts/validators';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { toDataScope } from '../../platform/document/data-permission.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AppDeps, AuthContext } from '../../platform/http.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { accountRelation, role, subaccount } from '../account/tables.ts';
import { revokeOtherSessions } from '../auth/repository.ts';
import { decryptField } from '../auth/service.ts';
import { unknownOrgCodes } from '../masterdata/index.ts';
import { materialCategory } from '../masterdata/tables.ts';
import { findAdminMenuRows } from '../menu/repository.ts';
import {
  findCompanyRoles,
  findCompanySubaccount,
  findDataPermission,
  findGrantsOf,
  findRolesOf,
  findSubaccountPage,
  replaceDataPermission,
  replaceRoles,
} from './repository.ts';

type SubaccountRecord = typeof subaccount.$inferSelect;

function toAdminSubaccount(
  row: SubaccountRecord,
  roles: Array<{ id: string; roleCode: string }> = [],
): AdminSubaccount {
  return {
    id: row.id,
    elsAccount: row.elsAccount,
    elsSubAccount: row.elsSubAccount,
    name: row.name,
    station: row.station,
    permission: row.permission,
    email: row.email,
    mobile: row.mobile,
    defaultOrg: row.defaultOrg,
    status: row.status,
    fbk10: row.fbk10,
    locked: row.lockedUntil !== null && row.lockedUntil.getTime() > Date.now(),
    roleIds: roles.map((r) => r.id),
    roleCodes: roles.map((r) => r.roleCode),
    lastLoginDate: row.lastLoginDate?.toISOString() ?? null,
    version: row.version,
  };
}

/**
 * The caller's function permissions (issue #19): the admin permission value grants every action, anyone
 * else holds the union of their roles' actions.
 */
export async function permissionsOf(db: Queryable, auth: AuthContext): Promise<Permissions> {
  const grants = await findGrantsOf(db, auth.subaccountId);
  const granted = new Set(grants.flatMap((g) => g.actions));
  return {
    permission: auth.permission,
    roles: grants.map((g) => g.roleCode),
    actions: ACTIONS.filter((a) => mayUse(auth.permission, [...granted], a)),
  };
}

/**
 * Whether the caller may use `action` (issue #19): the admin permission value, or a role granting it. For
 * checks that must not answer '403' (the attachment download answers a refusal as a missing file).
 */
export async function holdsAction(
  db: Queryable,
  auth: Pick<AuthContext, 'permission' | 'subaccountId'>,
  action: ActionCode,
): Promise<boolean> {
  if (mayUse(auth.permission, [], action)) return true;
  const grants = await findGrantsOf(db, auth.subaccountId);
  return grants.some((g) => g.actions.includes(action));
}

/** '403' unless the caller may use `action` (the check behind a route's `config.action`). */
export async function requireAction(db: Queryable, auth: AuthContext, action: ActionCode): Promise<void> {
  if (!(await holdsAction(db, auth, action))) throw forbidden();
}

/** One keyset page of the caller's company's sub-accounts (issue #19 Account management). */
export async function listSubaccounts(
  db: Queryable,
  auth: AuthContext,
  query: { pageSize: number; cursor?: string | null; keyword?: string; status?: 'active' | 'disabled' },
) {
  const page = await findSubaccountPage(db, auth.elsAccount, query);
  const roles = await findRolesOf(
    db,
    page.records.map((r) => r.id),
  );
  return {
    records: page.records.map((r) => toAdminSubaccount(r, roles.get(r.id))),
    total: page.total,
    pageSize: query.pageSize,
    nextCursor: page.nextCursor,
  };
}

/** One sub-account of the caller's company; '404' for any other id. */
export async function getSubaccount(db: Queryable, auth: AuthContext, id: string): Promise<AdminSubaccount> {
  const row = await findCompanySubaccount(db, auth.elsAccount, id);
  if (!row) throw notFound('accountNotFound');
  return toAdminSubaccount(row, (await findRolesOf(db, [id])).get(id));
}

/** '400' naming body.email unless an email or a mobile is given ("one of email or phone must be filled"). */
function requireContact(body: { email?: string | null; mobile?: string | null }) {
  if (!body.email && !body.mobile) throw badRequest('emailOrMobileRequired', { field: 'body.email' });
}

/** '400' naming body.roleIds when a role id is not a role of the company. */
async function requireCompanyRoles(db: Queryable, elsAccount: string, roleIds: string[]) {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.elsAccount, elsAccount), inArray(role.id, unique)));
  if (found.length !== unique.length) throw badRequest('rule.invalid', { field: 'body.roleIds' });
  return unique;
}

/**
 * Creates a sub-account of the caller's company (station follows the company). The first password
 * (AES-encrypted) follows the shell rule and must be changed at first login (fbk10 = 'Y').
 * '400' duplicate elsSubAccount, bad roles, no contact; data: the new account.
 */
export async function createSubaccount(
  deps: AppDeps,
  auth: AuthContext,
  body: SubaccountCreate,
): Promise<AdminSubaccount> {
  requireContact(body);
  const password = decryptField(deps, 'password', body.password);
  if (!isValidShellPassword(password)) throw badRequest('passwordRule');
  const roleIds = await requireCompanyRoles(deps.db, auth.elsAccount, body.roleIds);
  const passwordHash = await hashPassword(password);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subaccount)
      .values({
        elsAccount: auth.elsAccount,
        elsSubAccount: body.elsSubAccount,
        name: body.name,
        station: auth.station,
        passwordHash,
        email: body.email || null,
        mobile: body.mobile || null,
        defaultOrg: body.defaultOrg || null,
        fbk10: 'Y',
      })
      .onConflictDoNothing()
      .returning({ id: subaccount.id });
    if (!row) throw badRequest('rule.duplicate', { field: 'body.elsSubAccount' });
    await replaceRoles(tx, row.id, roleIds);
    return row.id;
  });
  return getSubaccount(deps.db, auth, id);
}

/** Edits a sub-account (version → '409' when stale); its cached sessions and menu are dropped. */
export async function editSubaccount(
  deps: AppDeps,
  auth: AuthContext,
  body: SubaccountEdit,
): Promise<AdminSubaccount> {
  requireContact(body);
  const roleIds = await requireCompanyRoles(deps.db, auth.elsAccount, body.roleIds);
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(subaccount)
      .set({
        name: body.name,
        email: body.email || null,
        mobile: body.mobile || null,
        defaultOrg: body.defaultOrg || null,
        lastUpdateDate: sql`now()`,
        version: sql`${subaccount.version} + 1`,
      })
      .where(
        and(
          eq(subaccount.id, body.id),
          eq(subaccount.elsAccount, auth.elsAccount),
          eq(subaccount.version, body.version),
        ),
      )
      .returning({ id: subaccount.id });
    if (rows.length === 0) {
      if (await findCompanySubaccount(tx, auth.elsAccount, body.id)) throw conflict();
      throw notFound('accountNotFound');
    }
    await replaceRoles(tx, body.id, roleIds);
  });
  deps.sessions.forgetUser(body.id);
  return getSubaccount(deps.db, auth, body.id);
}

/**
 * Disables or re-enables a sub-account. Disabling revokes every session of the user in the same
 * transaction (refresh tokens of revoked sessions are refused) and drops them from every process's
 * session cache, so the user's next call answers '401' at once. An admin cannot disable themselves.
 */
export async function setSubaccountStatus(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  status: 'active' | 'disabled',
): Promise<AdminSubaccount> {
  if (status === 'disabled' && id === auth.subaccountId)
    throw badRequest('cannotDisableSelf', { field: 'params.id' });
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(subaccount)
      .set({ status, lastUpdateDate: sql`now()`, version: sql`${subaccount.version} + 1` })
      .where(and(eq(subaccount.id, id), eq(subaccount.elsAccount, auth.elsAccount)))
      .returning({ id: subaccount.id });
    if (rows.length === 0) throw notFound('accountNotFound');
    if (status === 'disabled') await revokeOtherSessions(tx, id, null, 'account disabled');
  });
  deps.sessions.forgetUser(id);
  return getSubaccount(deps.db, auth, id);
}

/**
 * An admin sets a new password (AES-encrypted, shell rule) for a sub-account of the company: the user
 * must change it at the next login (fbk10 = 'Y'), the lock is lifted and the user's sessions end.
 */
export async function resetSubaccountPassword(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  encrypted: string,
): Promise<void> {
  const password = decryptField(deps, 'password', encrypted);
  if (!isValidShellPassword(password)) throw badRequest('passwordRule');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(subaccount)
      .set({
        passwordHash,
        fbk10: 'Y',
        failedLoginCount: 0,
        lockedUntil: null,
        passwordChangedDate: sql`now()`,
        lastUpdateDate: sql`now()`,
        version: sql`${subaccount.version} + 1`,
      })
      .where(and(eq(subaccount.id, id), eq(subaccount.elsAccount, auth.elsAccount)))
      .returning({ id: subaccount.id });
    if (rows.length === 0) throw notFound('accountNotFound');
    if (id !== auth.subaccountId) await revokeOtherSessions(tx, id, null, 'password reset by admin');
  });
  if (id !== auth.subaccountId) deps.sessions.forgetUser(id);
}

/** Every role of the caller's company (issue #19 Role management). */
export async function listRoles(db: Queryable, auth: AuthContext): Promise<AdminRole[]> {
  return (await findCompanyRoles(db, auth.elsAccount)).map((r) => ({ ...r, members: Number(r.members) }));
}

/**
 * '400' naming body.menuIds when an id is not a menu entry of the caller's station and company (platform
 * or the company's own, hidden ones included).
 */
async function requireStationMenus(db: Queryable, auth: AuthContext, menuIds: string[] | null) {
  if (menuIds === null) return null;
  const unique = [...new Set(menuIds)];
  // Entries the company hid (Menu management) stay valid: a role listing one keeps it while it is hidden.
  const known = new Set((await findAdminMenuRows(db, auth.station, auth.elsAccount)).map((m) => m.id));
  if (unique.some((id) => !known.has(id))) throw badRequest('rule.invalid', { field: 'body.menuIds' });
  return unique;
}

/** Creates a role of the caller's company; '400' body.roleCode when the code exists. */
export async function createRole(deps: AppDeps, auth: AuthContext, body: RoleCreate): Promise<AdminRole> {
  const menuIds = await requireStationMenus(deps.db, auth, body.menuIds);
  const [row] = await deps.db
    .insert(role)
    .values({
      elsAccount: auth.elsAccount,
      roleCode: body.roleCode,
      roleName: body.roleName,
      roleNameEn: body.roleNameEn,
      menuIds,
      actions: [...new Set(body.actions)],
    })
    .onConflictDoNothing()
    .returning({ id: role.id });
  if (!row) throw badRequest('rule.duplicate', { field: 'body.roleCode' });
  const created = (await listRoles(deps.db, auth)).find((r) => r.id === row.id);
  if (!created) throw new AppError('500', 'unknownError');
  return created;
}

/**
 * Edits a role's names, menu entries and actions (version → '409'). Every cached session and menu
 * is dropped, so holders see the change at their next call or "permission refresh", without logging out.
 */
export async function editRole(deps: AppDeps, auth: AuthContext, body: RoleEdit): Promise<AdminRole> {
  const menuIds = await requireStationMenus(deps.db, auth, body.menuIds);
  const rows = await deps.db
    .update(role)
    .set({
      roleName: body.roleName,
      roleNameEn: body.roleNameEn,
      menuIds,
      actions: [...new Set(body.actions)],
      version: sql`${role.version} + 1`,
    })
    .where(and(eq(role.id, body.id), eq(role.elsAccount, auth.elsAccount), eq(role.version, body.version)))
    .returning({ id: role.id });
  const all = await listRoles(deps.db, auth);
  const edited = all.find((r) => r.id === body.id);
  if (!edited) throw notFound('roleNotFound');
  if (rows.length === 0) throw conflict();
  deps.sessions.forgetAll();
  return edited;
}

/**
 * A sub-account's data permissions (issue #19, spec 001 §6): its values per item, absent items = all.
 * Whoever holds the action account.list (checked by the route, like the other account calls); '404' for a
 * sub-account of another company.
 */
export async function getDataPermission(
  db: Queryable,
  auth: AuthContext,
  id: string,
): Promise<DataPermission> {
  if (!(await findCompanySubaccount(db, auth.elsAccount, id))) throw notFound('accountNotFound');
  return { subaccountId: id, items: toDataScope(await findDataPermission(db, auth.elsAccount, id)) };
}

/**
 * Replaces a sub-account's data permissions (values trimmed and deduplicated; an item with no values =
 * all). The user's cached session is dropped, so the kernel's filters follow at their next call or
 * "permission refresh", without logging out. Whoever holds the action account.edit (checked by the route);
 * '404' for another company's id.
 */
/**
 * Refuses values the company's master data does not have (issue #19): a supplier must be linked to the
 * company (`account_relation`, either direction), a material category must be one of its categories, and a
 * purchase organisation, purchase group, factory or cost centre one of its organisation records (`org_unit`,
 * enabled or disabled: a disabled value already saved stays valid). '400' naming the field, the item and the
 * first unknown values.
 */
async function checkDataValues(tx: Queryable, elsAccount: string, item: DataItem, values: string[]) {
  let known: Set<string>;
  if (item === 'supplier') {
    const rows = await tx
      .select({ a: accountRelation.elsAccount, b: accountRelation.toElsAccount })
      .from(accountRelation)
      .where(
        or(
          and(eq(accountRelation.elsAccount, elsAccount), inArray(accountRelation.toElsAccount, values)),
          and(eq(accountRelation.toElsAccount, elsAccount), inArray(accountRelation.elsAccount, values)),
        ),
      );
    known = new Set(rows.map((r) => (r.a === elsAccount ? r.b : r.a)));
  } else if (item === 'materialCategory') {
    const rows = await tx
      .select({ code: materialCategory.cateCode })
      .from(materialCategory)
      .where(and(eq(materialCategory.elsAccount, elsAccount), inArray(materialCategory.cateCode, values)));
    known = new Set(rows.map((r) => r.code));
  } else {
    const type = orgUnitTypeOfItem(item);
    if (!type) return;
    const missing = new Set(await unknownOrgCodes(tx, elsAccount, type, values));
    known = new Set(values.filter((v) => !missing.has(v)));
  }
  const unknown = values.filter((v) => !known.has(v));
  if (unknown.length === 0) return;
  throw new AppError(
    '400',
    'dataValueUnknown',
    { field: `body.items.${item}`, values: unknown.slice(0, 5).join(', ') },
    null,
    (locale) => ({ item: DATA_ITEM_LABELS[item][locale] }),
  );
}

export async function saveDataPermission(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: DataPermissionSave,
): Promise<DataPermission> {
  const items = DATA_ITEMS.flatMap((item) => {
    const values = [...new Set(body.items[item] ?? [])];
    return values.length > 0 ? [{ item, values }] : [];
  });
  await deps.db.transaction(async (tx) => {
    if (!(await findCompanySubaccount(tx, auth.elsAccount, id))) throw notFound('accountNotFound');
    for (const { item, values } of items) await checkDataValues(tx, auth.elsAccount, item, values);
    await replaceDataPermission(tx, auth.elsAccount, id, items, `${auth.elsAccount}_${auth.elsSubAccount}`);
  });
  deps.sessions.forgetUser(id);
  return getDataPermission(deps.db, auth, id);
}
