import type { DataItem, DataScope } from '@srm/contracts/data-permission';
import { and, asc, count, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db.ts';
import { role, subaccount, subaccountRole } from '../account/tables.ts';
import { subaccountDataPermission } from './tables.ts';

/** Escapes LIKE wildcards so a keyword matches literally. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The company's sub-accounts matching a search: `keyword` in the sub-account, name, mobile or e-mail
 * (case-insensitive, wildcards taken literally), and optionally a status and a station. Shared by the
 * admin's account list and the account search (findPageListFuzzy).
 */
export function subaccountFilter(
  elsAccount: string,
  query: { keyword?: string; status?: 'active' | 'disabled'; station?: 'purchase' | 'sale' },
) {
  const keyword = query.keyword ? `%${likeEscape(query.keyword)}%` : null;
  return and(
    eq(subaccount.elsAccount, elsAccount),
    query.status ? eq(subaccount.status, query.status) : undefined,
    query.station ? eq(subaccount.station, query.station) : undefined,
    keyword
      ? or(
          ilike(subaccount.elsSubAccount, keyword),
          ilike(subaccount.name, keyword),
          ilike(subaccount.mobile, keyword),
          ilike(subaccount.email, keyword),
        )
      : undefined,
  );
}

/**
 * One keyset page of a company's sub-accounts ordered by elsSubAccount (the unique index
 * subaccount_account_uq serves both the filter and the order). Tenant-scoped by `elsAccount`.
 */
export async function findSubaccountPage(
  db: Queryable,
  elsAccount: string,
  query: { pageSize: number; cursor?: string | null; keyword?: string; status?: 'active' | 'disabled' },
) {
  const filter = subaccountFilter(elsAccount, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(subaccount)
      .where(and(filter, query.cursor ? gt(subaccount.elsSubAccount, query.cursor) : undefined))
      .orderBy(asc(subaccount.elsSubAccount))
      .limit(query.pageSize + 1),
    db.select({ total: count() }).from(subaccount).where(filter),
  ]);
  const more = rows.length > query.pageSize;
  const records = more ? rows.slice(0, query.pageSize) : rows;
  return { records, total, nextCursor: more ? records[records.length - 1].elsSubAccount : null };
}

/** A sub-account row of the company, or null (another company's id finds nothing). */
export async function findCompanySubaccount(db: Queryable, elsAccount: string, id: string) {
  const [row] = await db
    .select()
    .from(subaccount)
    .where(and(eq(subaccount.id, id), eq(subaccount.elsAccount, elsAccount)));
  return row ?? null;
}

/** The roles (id and code) of several sub-accounts, keyed by sub-account id. */
export async function findRolesOf(db: Queryable, subaccountIds: string[]) {
  const map = new Map<string, Array<{ id: string; roleCode: string }>>();
  if (subaccountIds.length === 0) return map;
  const rows = await db
    .select({ subaccountId: subaccountRole.subaccountId, id: role.id, roleCode: role.roleCode })
    .from(subaccountRole)
    .innerJoin(role, eq(role.id, subaccountRole.roleId))
    .where(inArray(subaccountRole.subaccountId, subaccountIds))
    .orderBy(asc(role.roleCode));
  for (const row of rows) {
    const list = map.get(row.subaccountId) ?? [];
    list.push({ id: row.id, roleCode: row.roleCode });
    map.set(row.subaccountId, list);
  }
  return map;
}

/** Replaces a sub-account's role assignments. */
export async function replaceRoles(db: Queryable, subaccountId: string, roleIds: string[]) {
  await db.delete(subaccountRole).where(eq(subaccountRole.subaccountId, subaccountId));
  if (roleIds.length > 0)
    await db.insert(subaccountRole).values(roleIds.map((roleId) => ({ subaccountId, roleId })));
}

/** Every role of a company with its member count, by code (a company has tens of roles, not millions). */
export async function findCompanyRoles(db: Queryable, elsAccount: string) {
  return db
    .select({
      id: role.id,
      roleCode: role.roleCode,
      roleName: role.roleName,
      roleNameEn: role.roleNameEn,
      menuIds: role.menuIds,
      actions: role.actions,
      version: role.version,
      members: sql<number>`(select count(*)::int from ${subaccountRole} where ${subaccountRole.roleId} = ${role.id})`,
    })
    .from(role)
    .where(eq(role.elsAccount, elsAccount))
    .orderBy(asc(role.roleCode));
}

/** The roles of one user with their menus and actions (permission checks, menu building). */
export async function findGrantsOf(db: Queryable, subaccountId: string) {
  return db
    .select({ roleCode: role.roleCode, menuIds: role.menuIds, actions: role.actions })
    .from(subaccountRole)
    .innerJoin(role, eq(role.id, subaccountRole.roleId))
    .where(eq(subaccountRole.subaccountId, subaccountId))
    .orderBy(asc(role.roleCode));
}

/**
 * The data permission values of the sub-account whose id is `subaccountId` as one JSON object item →
 * values (issue #19), a subquery to read with the session (auth, API keys) so the kernel's filters cost
 * no extra query per call; {} when unrestricted. A material category covers its sub-categories (at most
 * three levels, seed 001 §5): the item's values come out with the codes of every category below them, so
 * a line that holds a level-3 code matches a user granted its level-1 category.
 */
export const dataScopeSql = (subaccountId: AnyPgColumn) =>
  sql<DataScope>`coalesce((select jsonb_object_agg(d.item, case when d.item = 'materialCategory' then (
    select to_jsonb(array_agg(distinct x.code)) from (
      select unnest(d.values) as code
      union all
      select c2.cate_code from material_category c1 join material_category c2 on c2.parent_id = c1.id
        where c1.els_account = d.els_account and c1.cate_code = any(d.values)
      union all
      select c3.cate_code from material_category c1 join material_category c2 on c2.parent_id = c1.id
        join material_category c3 on c3.parent_id = c2.id
        where c1.els_account = d.els_account and c1.cate_code = any(d.values)
    ) x) else to_jsonb(d.values) end) from ${subaccountDataPermission} d where d.subaccount_id = ${subaccountId}), '{}'::jsonb)`;

/** A sub-account's stored values per item (absent items: all). Scoped to the company. */
export async function findDataPermission(db: Queryable, elsAccount: string, subaccountId: string) {
  return db
    .select({ item: subaccountDataPermission.item, values: subaccountDataPermission.values })
    .from(subaccountDataPermission)
    .where(
      and(
        eq(subaccountDataPermission.elsAccount, elsAccount),
        eq(subaccountDataPermission.subaccountId, subaccountId),
      ),
    );
}

/** Replaces a sub-account's values: items with values are written, every other item removed (= all). */
export async function replaceDataPermission(
  db: Queryable,
  elsAccount: string,
  subaccountId: string,
  items: ReadonlyArray<{ item: DataItem; values: string[] }>,
  user: string,
) {
  await db
    .delete(subaccountDataPermission)
    .where(
      and(
        eq(subaccountDataPermission.elsAccount, elsAccount),
        eq(subaccountDataPermission.subaccountId, subaccountId),
      ),
    );
  if (items.length > 0)
    await db.insert(subaccountDataPermission).values(
      items.map((i) => ({
        subaccountId,
        elsAccount,
        item: i.item,
        values: i.values,
        lastUpdateUser: user,
      })),
    );
}
