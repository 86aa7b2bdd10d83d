import { LIST_OFFSET_WINDOW_ROWS } from '@srm/contracts/constants';
import {
  and,
  count,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db.ts';
import { badRequest } from '../errors.ts';

/**
 * The kernel's list-query generator (DESIGN §11, issue #12), the design measured on purchase orders
 * (BENCHMARKS.md "Purchase order lists at scale") made generic over a document table:
 * - every list reads an index in its exact sort order (the kind declares the indexes: `listIndexes`),
 *   so a page is an index range with no sort;
 * - page numbers reach the first LIST_OFFSET_WINDOW_ROWS rows (a deferred join past the first page);
 *   every full page returns `nextCursor`, an opaque keyset position that reads the next page at any
 *   depth in the time of the first;
 * - `total` is exact up to EXACT_COUNT_LIMIT matches, else the planner's estimate (reused for
 *   ESTIMATE_TTL_MS per list and filter), flagged `totalExact: false`;
 * - rows are rendered as the answer's JSON text by PostgreSQL (`row_to_json` over a lateral row);
 * - each list shape's statements are built once per database and run as unnamed statements, so
 *   PostgreSQL still plans each call with its values.
 */

/** Lists count exactly up to this many matches; above it `total` is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 1_000;
/** PostgreSQL's plan estimate of the rows `query` (a `select … where …`) returns; NaN when unreadable. */
export async function plannedRows(db: Queryable, query: SQLWrapper): Promise<number> {
  const plan = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;
  };
  return Number(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows']);
}

/**
 * A list's total from its capped count: exact up to EXACT_COUNT_LIMIT; above it the plan estimate
 * `planned`, never below the rows counted, with `totalExact: false`.
 */
export function totalOf(counted: number, planned?: number): { total: number; totalExact: boolean } {
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, totalExact: true };
  const estimate = planned !== undefined && Number.isFinite(planned) ? Math.round(planned) : counted;
  return { total: Math.max(counted, estimate), totalExact: false };
}

/** How long an estimated total (above EXACT_COUNT_LIMIT) is reused for the same list and filter (ms). */
export const ESTIMATE_TTL_MS = 10_000;
/** Page numbers reach this many rows (OFFSET); deeper rows are read with the keyset `cursor`. */
export const OFFSET_WINDOW_ROWS = LIST_OFFSET_WINDOW_ROWS;

/** How a field is written in a JSON row: as stored, numerics as text, dates, times as ISO-8601 UTC. */
export type RowFieldFormat = 'as is' | 'text' | 'date' | 'time';
/** [API name, column name, format]. */
export type RowField = readonly [string, string, RowFieldFormat];
/** What a key column is cast to when a cursor's text comes back. */
export type KeyCast = 'date' | 'timestamptz' | 'uuid' | 'text';

/**
 * One sort of a list: key columns, all descending, ending with the id; `tag` names it in the cursors it
 * issues (default: the list's side or 'number'), so a cursor of one sort is refused by another.
 */
export type ListSort = {
  columns: readonly AnyPgColumn[];
  casts: readonly KeyCast[];
  collateC?: boolean;
  tag?: string;
};

/**
 * The condition of one filter on its own placeholder (eq, prefix LIKE, ≥, ≤); `many` when the value is
 * a list of codes (then `= any(…)`).
 */
export type ListFilter = readonly [name: string, condition: (p: Placeholder, many: boolean) => SQL];

/**
 * A side listed from an index table (columns.ts saleIndexTable: one row per document × account) instead
 * of the header, for documents many accounts of that side may read (issue #13: an RFQ's invited
 * suppliers). The page's ids, the capped count, the estimate and the keyset are read from the index
 * table in its own index order; the page's rows from the header by id (a deferred join), so the answer is
 * the header's as for any list. A present filter the index table does not answer is applied on the
 * header, joined by id.
 */
export type IndexedSide = {
  table: PgTable;
  /** The index table's column holding the header's id. */
  documentId: AnyPgColumn;
  /** The side's account condition and visibility, on the index table's columns. */
  scope: (account: Placeholder | string) => SQL;
  /**
   * The side's list sort and the number sort on the index table: the same keys (values and casts) as the
   * header's sorts of that side, in the order of the index table's indexes.
   */
  sorts: { list: ListSort; number: ListSort };
  /** The filters the index table answers, by the spec's filter names. */
  filters: readonly ListFilter[];
};

export type ListSpec<Side extends string> = {
  /** Names the spec in cache keys. */
  name: string;
  table: PgTable;
  /** The fields of a JSON row, in answer order. */
  fields: readonly RowField[];
  /** Fields computed per page row after the stored ones (their SQL reads only `jsonColumns`). */
  computed?: readonly ComputedField[];
  /** A column holding custom fields fbkN as JSONB (appended flat to each row), if any. */
  customFieldsColumn?: string;
  /** The sort of each side's list, and of a number search (prefix match, listed in number order). */
  sorts: Readonly<Record<Side | 'number', ListSort>>;
  filters: readonly ListFilter[];
  /** Who may see which rows: the side's account predicate (and visibility), with the account placeholder. */
  scope: (side: Side, account: Placeholder | string) => SQL;
  /** The filter holding a number prefix (switches to the number sort). */
  numberFilter: string;
  /** Sides listed from an index table (the supplier's side of an RFQ), see IndexedSide. */
  indexed?: Partial<Record<Side, IndexedSide>>;
};

export type ListFilterValues = Record<string, string | string[] | undefined>;
export type ListPaging = { currentPage: number; pageSize: number; cursor?: string };
type Paging = 'first' | 'offset' | 'cursor';

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself; a prefix match, upper-cased. */
export const likePrefix = (text: string) => `${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
/** Cheap shape checks so a forged cursor is a '400', not a database cast error. */
const keyParses = (cast: KeyCast, value: string) =>
  cast === 'uuid'
    ? UUID.test(value)
    : cast === 'date'
      ? DAY.test(value)
      : cast === 'timestamptz'
        ? STAMP.test(value)
        : true;

/** A JSON row field's SQL: `z.column` written as the API answers it. */
function fieldSql(z: string, column: string, how: RowFieldFormat): string {
  const ref = `"${z}"."${column}"`;
  if (how === 'text') return `${ref}::text`;
  if (how === 'date') return `to_char(${ref}, 'YYYY-MM-DD')`;
  if (how === 'time') return `to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return ref;
}

/**
 * A field computed per row rather than stored in the table: [API name, SQL over the row's alias (quoted
 * identifier, e.g. `"z"`)] — e.g. the buyer's short name read from the company (issue #16).
 */
export type ComputedField = readonly [string, (row: string) => string];

/** `(select z.… as "name", …) as y`: the lateral row `row_to_json(y)` writes as compact JSON. */
export function rowJsonLateral(
  fields: readonly RowField[],
  z: string,
  computed: readonly ComputedField[] = [],
): string {
  const all = [
    ...fields.map(([name, column, how]) => `${fieldSql(z, column, how)} as "${name}"`),
    ...computed.map(([name, expr]) => `${expr(`"${z}"`)} as "${name}"`),
  ];
  return `(select ${all.join(', ')}) as y`;
}

/** A JSON row with its non-empty custom fields appended (few rows carry any). */
function withCustomFields(json: string, stored: Record<string, unknown> | null): string {
  if (!stored) return json;
  const extra = Object.keys(stored)
    .filter((k) => /^fbk\d+$/.test(k) && typeof stored[k] === 'string' && stored[k] !== '')
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
    .map((name) => `,${JSON.stringify(name)}:${JSON.stringify(stored[name])}`)
    .join('');
  return extra ? `${json.slice(0, -1)}${extra}}` : json;
}

/**
 * Builds the list of one document table. `list` answers a page of typed rows (export, tests) or of JSON
 * text (list routes, sent as is). Errors: '400' naming currentPage past the window, or cursor when it
 * is not one this list issued.
 */
export function createListQuery<Side extends string>(spec: ListSpec<Side>) {
  const columnsByName = Object.fromEntries(
    Object.values(getTableColumns(spec.table)).map((c) => [c.name, c as AnyPgColumn]),
  );
  const jsonColumns = [
    ...new Set([
      ...spec.fields.map(([, c]) => c),
      ...(spec.customFieldsColumn ? [spec.customFieldsColumn] : []),
    ]),
  ];
  const sortSql = (sort: ListSort) =>
    sort.columns.map((c, i) => (i === 0 && sort.collateC ? sql`${c} collate "C"` : sql`${c}`));

  function afterKey(sort: ListSort): SQL {
    const values = sort.casts.map((cast, i) =>
      cast === 'text'
        ? sql`${sql.placeholder(`k${i}`)} collate "C"`
        : sql`${sql.placeholder(`k${i}`)}::${sql.raw(cast)}`,
    );
    return sql`(${sql.join(sortSql(sort), sql`, `)}) < (${sql.join(values, sql`, `)})`;
  }

  /**
   * The WHERE of a list: the side's scope, then each present filter (its placeholder or its value). On an
   * indexed side, on the index table's columns where it answers the filter, else on the header's.
   */
  function matching(
    side: Side,
    present: ReadonlyMap<string, { value: Placeholder | string | string[]; many: boolean }>,
    account: Placeholder | string,
  ) {
    const indexed = spec.indexed?.[side];
    const own = new Map(indexed?.filters ?? []);
    const where = [indexed ? indexed.scope(account) : spec.scope(side, account)];
    for (const [name, condition] of spec.filters) {
      const entry = present.get(name);
      if (entry) where.push((own.get(name) ?? condition)(entry.value as Placeholder, entry.many));
    }
    return and(...where) as SQL;
  }

  /**
   * What a list's rows are selected from: the header, or an indexed side's index table (joined to the
   * header only when a present filter needs a header column).
   */
  function source(side: Side, present: Iterable<string>): SQL {
    const indexed = spec.indexed?.[side];
    if (!indexed) return sql`${spec.table}`;
    const own = new Set(indexed.filters.map(([name]) => name));
    const needsHeader = [...present].some((name) => !own.has(name));
    return needsHeader
      ? sql`${indexed.table} inner join ${spec.table} on ${eq(columnsByName.id, indexed.documentId)}`
      : sql`${indexed.table}`;
  }

  function buildShape(
    db: Queryable,
    side: Side,
    sortName: Side | 'number',
    present: string[],
    paging: Paging,
    format: 'rows' | 'json',
  ) {
    const sort = spec.sorts[sortName];
    // `name` or `name[]` (a list of codes).
    const placeholders = new Map(
      present.map((n) => [
        n.replace('[]', ''),
        { value: sql.placeholder(n.replace('[]', '')), many: n.endsWith('[]') },
      ]),
    );
    const where = matching(side, placeholders, sql.placeholder('account'));
    const from = source(side, placeholders.keys());
    const order = sortSql(sort).map((c) => sql`${c} desc`);
    const key = sql<string>`json_build_array(${sql.join(
      sort.columns.map((c) => sql`${c}::text`),
      sql`, `,
    )})::text`;
    const idColumn = columnsByName.id;
    const indexed = spec.indexed?.[side];
    // An indexed side: the page's ids from the index table in its order (each paging mode an index
    // range), the rows from the header by id.
    const indexedIds = () => {
      if (!indexed) return null;
      const ixSort = sortName === 'number' ? indexed.sorts.number : indexed.sorts.list;
      const ixOrder = sortSql(ixSort).map((c) => sql`${c} desc`);
      return sql`(select ${indexed.documentId} from ${from} where ${
        paging === 'cursor' ? and(where, afterKey(ixSort)) : where
      } order by ${sql.join(ixOrder, sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')})`;
    };
    const pageOf = (selection: SelectedFields) => {
      const rows = db.select(selection).from(spec.table).$dynamic();
      const ids = indexedIds();
      if (ids) return rows.where(inArray(idColumn, ids)).orderBy(...order);
      return paging === 'offset'
        ? rows
            .where(
              inArray(
                idColumn,
                db
                  .select({ id: idColumn })
                  .from(spec.table)
                  .where(where)
                  .orderBy(...order)
                  .limit(sql.placeholder('limit'))
                  .offset(sql.placeholder('offset')),
              ),
            )
            .orderBy(...order)
        : rows
            .where(paging === 'cursor' ? and(where, afterKey(sort)) : where)
            .orderBy(...order)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'));
    };
    const countStatement = db
      .select({ n: count() })
      .from(sql`(select 1 from ${from} where ${where} limit ${EXACT_COUNT_LIMIT + 1}) as capped`)
      .prepare('');
    if (format === 'rows') {
      const tableName = `"${getTableName(spec.table)}"`;
      const computed = Object.fromEntries(
        (spec.computed ?? []).map(([name, expr]) => [name, sql.raw(expr(tableName))]),
      );
      return {
        page: pageOf({ ...getTableColumns(spec.table), ...computed, key }).prepare(''),
        count: countStatement,
      };
    }
    const z = pageOf({
      ...Object.fromEntries(jsonColumns.map((name) => [name, columnsByName[name]])),
      key: sql<string>`${key}`.as('key'),
    }).as('z');
    const zOrder = sort.columns
      .map((c, i) => `"z"."${c.name}"${i === 0 && sort.collateC ? ' collate "C"' : ''} desc`)
      .join(', ');
    const cf = spec.customFieldsColumn;
    const page = db
      .select({
        json: sql<string>`row_to_json(y)::text`,
        key: sql<string>`"z"."key"`,
        cf: cf
          ? sql<Record<string, unknown> | null>`nullif(${sql.raw(`"z"."${cf}"`)}, '{}'::jsonb)`
          : sql<null>`null`,
      })
      .from(z)
      .crossJoinLateral(sql.raw(rowJsonLateral(spec.fields, 'z', spec.computed)))
      .orderBy(sql.raw(zOrder))
      .prepare('');
    return { page, count: countStatement };
  }

  const perDatabase = new WeakMap<
    object,
    { shapes: Map<string, ReturnType<typeof buildShape>>; estimates: LRUCache<string, number> }
  >();
  const cachesOf = (db: Queryable) => {
    let caches = perDatabase.get(db);
    if (!caches) {
      caches = { shapes: new Map(), estimates: new LRUCache({ max: 10_000, ttl: ESTIMATE_TTL_MS }) };
      perDatabase.set(db, caches);
    }
    return caches;
  };

  function decodeCursor(tag: string, sort: ListSort, cursor: string): string[] {
    let parsed: { s?: unknown; k?: unknown } | null = null;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      parsed = null;
    }
    const key = parsed?.k;
    if (
      !parsed ||
      parsed.s !== tag ||
      !Array.isArray(key) ||
      key.length !== sort.casts.length ||
      !key.every(
        (k, i) =>
          typeof k === 'string' &&
          k.length > 0 &&
          k.length <= 64 &&
          !k.includes('\u0000') &&
          keyParses(sort.casts[i], k),
      )
    )
      throw badRequest('rule.invalidCursor', { field: 'body.cursor' });
    return key as string[];
  }

  async function estimate(
    db: Queryable,
    side: Side,
    account: string,
    values: Map<string, string | string[]>,
  ) {
    const present = new Map([...values].map(([n, value]) => [n, { value, many: Array.isArray(value) }]));
    return plannedRows(
      db,
      sql`select 1 from ${source(side, present.keys())} where ${matching(side, present, account)}`,
    );
  }

  /**
   * A page of the side's list. `filter` holds the values of the spec's filters (undefined = absent);
   * the number filter holds the LIKE pattern (likePrefix) and switches to the number sort.
   */
  async function list(
    db: Queryable,
    account: string,
    side: Side,
    paging: ListPaging,
    filter: ListFilterValues,
    format: 'rows' | 'json',
  ) {
    const values = new Map<string, string | string[]>();
    for (const [name] of spec.filters) {
      const value = filter[name];
      if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))
        values.set(name, value);
    }
    const present = [...values].map(([n, v]) => (Array.isArray(v) ? `${n}[]` : n));
    const sortName: Side | 'number' = values.has(spec.numberFilter) ? 'number' : side;
    const sort = spec.sorts[sortName];
    const offset = (paging.currentPage - 1) * paging.pageSize;
    if (!paging.cursor && offset >= OFFSET_WINDOW_ROWS)
      throw badRequest('rule.pageTooDeep', { field: 'body.currentPage', rows: OFFSET_WINDOW_ROWS });
    const mode: Paging = paging.cursor ? 'cursor' : offset > 0 ? 'offset' : 'first';
    const pageValues: Record<string, unknown> = {
      ...Object.fromEntries(values),
      account,
      limit: paging.pageSize,
      offset: paging.cursor ? 0 : offset,
    };
    if (paging.cursor)
      for (const [i, k] of decodeCursor(sort.tag ?? sortName, sort, paging.cursor).entries())
        pageValues[`k${i}`] = k;

    const { shapes, estimates } = cachesOf(db);
    const shapeKey = `${format}|${side}|${sortName}|${present.join(',')}|${mode}`;
    let shape = shapes.get(shapeKey);
    if (!shape) {
      shape = buildShape(db, side, sortName, present, mode, format);
      shapes.set(shapeKey, shape);
    }
    const countValues = { ...Object.fromEntries(values), account };
    const filterKey = JSON.stringify([side, account, present.map((n) => [n, values.get(n)])]);
    const cached = estimates.get(filterKey);
    const counting = async () => {
      const [{ n }] = (await shape.count.execute(countValues)) as Array<{ n: number }>;
      const exact = Number(n);
      if (exact <= EXACT_COUNT_LIMIT) return totalOf(exact);
      return totalOf(exact, await estimate(db, side, account, values));
    };
    const [rows, counted] = await Promise.all([
      shape.page.execute(pageValues) as Promise<Array<Record<string, unknown> & { key: string }>>,
      cached === undefined ? counting() : Promise.resolve({ total: cached, totalExact: false }),
    ]);
    if (!counted.totalExact && cached === undefined) estimates.set(filterKey, counted.total);
    const last = rows.at(-1);
    const nextCursor =
      rows.length === paging.pageSize && last
        ? Buffer.from(JSON.stringify({ s: sort.tag ?? sortName, k: JSON.parse(last.key) })).toString(
            'base64url',
          )
        : null;
    return { rows, total: counted.total, totalExact: counted.totalExact, nextCursor };
  }

  return {
    /** A page of typed rows (each with its keyset `key`). */
    rows: (db: Queryable, account: string, side: Side, paging: ListPaging, filter: ListFilterValues) =>
      list(db, account, side, paging, filter, 'rows'),
    /** A page whose `records` is the JSON text of the answer's array. */
    async json(db: Queryable, account: string, side: Side, paging: ListPaging, filter: ListFilterValues) {
      const { rows, ...page } = await list(db, account, side, paging, filter, 'json');
      const records = (rows as unknown as Array<{ json: string; cf: Record<string, unknown> | null }>).map(
        (r) => withCustomFields(r.json, r.cf),
      );
      return { records: `[${records.join(',')}]`, ...page };
    },
    /** The columns a JSON row reads (for a bench's bare SQL). */
    jsonColumns,
    /** The lateral row of one page row `z` as the list renders it (for a bench's bare SQL). */
    lateral: (z: string) => rowJsonLateral(spec.fields, z, spec.computed),
  };
}
