import { ADMIN_PERMISSION } from '@srm/contracts/company-admin';
import { DATA_ITEMS, type DataItem, type DataScope } from '@srm/contracts/data-permission';
import type { Side } from '@srm/contracts/document/define';
import { and, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../http.ts';

/**
 * Data permissions in the kernel's queries (issue #19, spec 001 §2/§6): a kind maps header columns to the
 * data items (contracts data-permission.ts), and every buyer-side list, detail, export and action of the
 * kind reads only rows whose mapped columns hold one of the caller's values for that item. An item without
 * values, the supplier side and company admins (permission 'admin') are unrestricted. A row outside the
 * values is as another company's: '404' on detail and actions, absent from lists and exports. A mapped
 * column that is empty (null) matches no restricted value, so a restricted user does not see it.
 */

/**
 * An item held by the kind's LINES (e.g. a requisition line's material category): a document is visible when
 * at least one of its lines holds one of the caller's values (`exists` over the line table).
 */
export type LineDataColumn = {
  lines: PgTable;
  /** The line table's column naming its document. */
  documentId: AnyPgColumn;
  /** The header's id column. */
  headerId: AnyPgColumn;
  column: AnyPgColumn;
};

/**
 * A kind's mapping: item → the header column holding its value, or the line column (LineDataColumn); only
 * items the kind really has.
 */
export type DataColumns = Partial<Record<DataItem, AnyPgColumn | LineDataColumn>>;

const isLine = (target: AnyPgColumn | LineDataColumn): target is LineDataColumn => 'lines' in target;

/** The condition of one item: `match(column)` on the header, or `exists` a line where it holds. */
function itemCondition(target: AnyPgColumn | LineDataColumn, match: (column: AnyPgColumn) => SQL): SQL {
  if (!isLine(target)) return match(target);
  return sql`exists (select 1 from ${target.lines} where ${target.documentId} = ${target.headerId} and ${match(target.column)})`;
}

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
    ...Object.entries(values).map(([item, v]) =>
      itemCondition(columns[item as DataItem] as AnyPgColumn | LineDataColumn, (column) =>
        inArray(column, v as string[]),
      ),
    ),
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
    ([item, target]) =>
      [
        dataFilterName(item as DataItem),
        (p: Placeholder) =>
          itemCondition(target as AnyPgColumn | LineDataColumn, (column) => sql`${column} = any(${p})`),
      ] as const,
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

/**
 * The first value a document about to be saved holds outside the caller's data permissions (issue #19):
 * a restricted buyer cannot create or change a document (or import one) into an organisation, factory,
 * category … it may not see. `header` and `lines` are the values the save will store; `fields` names each
 * mapped item's field on the header or on the lines. Null when everything is within (or unrestricted).
 * An empty value on a restricted item is outside too (the user could not see the document afterwards).
 */
export function outsideDataPermission(
  columns: DataColumns,
  fields: { header: Partial<Record<DataItem, string>>; lines: Partial<Record<DataItem, string>> },
  auth: Pick<AuthContext, 'permission' | 'dataScope'>,
  side: Side,
  header: Record<string, unknown>,
  lines: ReadonlyArray<Record<string, unknown>>,
): { field: string; value: string } | null {
  const values = restrictingValues(columns, auth, side);
  if (!values) return null;
  for (const [item, allowed] of Object.entries(values) as Array<[DataItem, string[]]>) {
    const onHeader = fields.header[item];
    if (onHeader) {
      const v = header[onHeader];
      if (v === null || v === undefined || v === '' || !allowed.includes(String(v)))
        return { field: onHeader, value: v == null ? '' : String(v) };
      continue;
    }
    const onLine = fields.lines[item];
    if (!onLine) continue;
    // A document is visible when one of its lines is within; every line must be, so none escapes.
    for (const [i, line] of lines.entries()) {
      const v = line[onLine];
      if (v === null || v === undefined || v === '' || !allowed.includes(String(v)))
        return { field: `lines[${i}].${onLine}`, value: v == null ? '' : String(v) };
    }
  }
  return null;
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
