import { ADMIN_PERMISSION } from '@srm/contracts/company-admin';
import { DATA_ITEMS, type DataItem, type DataScope } from '@srm/contracts/data-permission';
import type { Side } from '@srm/contracts/document/define';
import { and, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../http.ts';

/**
 * Data permissions in the kernel's queries (issue #19, spec 001 §2/§6): a kind maps header columns to the
 * data items (contracts data-permission.ts), and every buyer-side list, detail, export and action of the
 * kind reads only rows whose mapped columns hold one of the caller's values for that item. An item without
 * values, the supplier side and company admins (permission 'admin') are unrestricted. A row outside the
 * values is as another company's: '404' on detail and actions, absent from lists and exports. A mapped
 * column that is empty (null) matches no restricted value, so a restricted user does not see it.
 */

/** A kind's mapping: item → the header column holding its value (only items the kind really has). */
export type DataColumns = Partial<Record<DataItem, AnyPgColumn>>;

/** The list filter name that carries an item's values (never a body field: see listFilter). */
export const dataFilterName = (item: DataItem) => `dataScope_${item}`;

/**
 * The values that restrict `auth` on `side` over the kind's mapped columns, by item (only items with a
 * mapped column and at least one value); null when the caller is unrestricted there.
 */
export function restrictingValues(
  columns: DataColumns,
  auth: Pick<AuthContext, 'permission' | 'dataScope'>,
  side: Side,
): Partial<Record<DataItem, string[]>> | null {
  if (side !== 'purchase' || auth.permission === ADMIN_PERMISSION || !auth.dataScope) return null;
  const out: Partial<Record<DataItem, string[]>> = {};
  let any = false;
  for (const item of DATA_ITEMS) {
    const values = auth.dataScope[item];
    if (!columns[item] || !values || values.length === 0) continue;
    out[item] = [...values];
    any = true;
  }
  return any ? out : null;
}

/**
 * The condition for one document query (detail, action, copy …): `column in (values)` per restricting
 * item, joined by AND; undefined when unrestricted (drizzle's `and` drops it).
 */
export function dataPermissionWhere(
  columns: DataColumns,
  auth: Pick<AuthContext, 'permission' | 'dataScope'>,
  side: Side,
): SQL | undefined {
  const values = restrictingValues(columns, auth, side);
  if (!values) return undefined;
  return and(
    ...Object.entries(values).map(([item, v]) => inArray(columns[item as DataItem] as AnyPgColumn, v)),
  );
}

/**
 * The list filters of a kind's mapped items (list-query.ts ListFilter shape): each `column = any($values)`
 * on its own placeholder, so a list shape with data permissions is prepared once like any other filter.
 */
export function dataPermissionFilters(
  columns: DataColumns,
): Array<readonly [string, (p: Placeholder, many: boolean) => SQL]> {
  return Object.entries(columns).map(
    ([item, column]) =>
      [dataFilterName(item as DataItem), (p: Placeholder) => sql`${column} = any(${p})`] as const,
  );
}

/** The list filter values of the caller's restricting items (merged into the kind's listFilter). */
export function dataPermissionFilterValues(
  columns: DataColumns,
  auth: Pick<AuthContext, 'permission' | 'dataScope'>,
  side: Side,
): Record<string, string[]> {
  const values = restrictingValues(columns, auth, side) ?? {};
  return Object.fromEntries(
    Object.entries(values).map(([item, v]) => [dataFilterName(item as DataItem), v as string[]]),
  );
}

/** Normalises stored rows into a scope: items in DATA_ITEMS order, non-empty, deduplicated values. */
export function toDataScope(rows: ReadonlyArray<{ item: string; values: readonly string[] }>): DataScope {
  const scope: DataScope = {};
  for (const item of DATA_ITEMS) {
    const values = [...new Set(rows.filter((r) => r.item === item).flatMap((r) => r.values))];
    if (values.length > 0) scope[item] = values;
  }
  return scope;
}
