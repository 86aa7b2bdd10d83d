import { LIST_OFFSET_WINDOW_ROWS } from '@srm/contracts/constants';
import {
  and,
  count,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { flatCustomFields } from './service.ts';
import { purchaseOrder } from './tables.ts';

/** Lists count exactly up to this many matches; above it `total` is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 1_000;
/** How long an estimated total (above EXACT_COUNT_LIMIT) is reused for the same list and filter (ms). */
export const ESTIMATE_TTL_MS = 10_000;

/** Page numbers reach this many rows (OFFSET); deeper rows are read with the keyset `cursor`. */
export const OFFSET_WINDOW_ROWS = LIST_OFFSET_WINDOW_ROWS;

export type OrderFilter = {
  currentPage: number;
  pageSize: number;
  /** Opaque keyset cursor from a previous page's `nextCursor`: the page after that page's last row. */
  cursor?: string;
  /** Number prefix ("starts with", case-insensitive); the list is then in number order, highest first. */
  orderNumber?: string;
  toElsAccount?: string;
  auditStatus?: string;
  orderStatus?: string;
  sendStatus?: string;
  deliveryStatus?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
};

type Side = 'purchase' | 'sale';
/** What a list page reads: typed rows (export) or each row's answer as JSON text (list routes). */
type ListFormat = 'rows' | 'json';
/** How a page is reached: the first page, a page number past it (OFFSET), or a keyset cursor. */
type Paging = 'first' | 'offset' | 'cursor';
/** Columns a list row never answers (see toHeader in routes.ts): not read, not parsed (issue #5 bench). */
const UNLISTED = [
  'purchaseOrganization',
  'purchaseGroup',
  'flowId',
  'extendFields',
  'lastUpdateUser',
  'lastUpdateDate',
] as const;
/** An order as a list reads it: the header without the columns in UNLISTED. */
export type ListedOrder = Omit<typeof purchaseOrder.$inferSelect, (typeof UNLISTED)[number]>;
const LISTED_COLUMNS = Object.fromEntries(
  Object.entries(getTableColumns(purchaseOrder)).filter(
    ([name]) => !(UNLISTED as readonly string[]).includes(name),
  ),
) as { [K in keyof ListedOrder]: (typeof purchaseOrder)['_']['columns'][K] };
/**
 * One list row as the API answers it (toHeader in routes.ts), rendered by PostgreSQL as JSON text: the
 * server then joins 20 strings instead of parsing ~900 fields, mapping them and serializing them again
 * (BENCHMARKS.md "Purchase order lists at scale"). Same fields, same formats: numerics as their text,
 * dates 'YYYY-MM-DD', times ISO-8601 UTC with milliseconds (as Date#toISOString). Custom fields are
 * appended by listOrdersJson. `order-list.test.ts` compares both renderings on every order it creates.
 * Each entry: [API name, column, how it is written].
 */
const ROW_FIELDS: Array<[string, string, 'as is' | 'text' | 'date' | 'time']> = [
  ['id', 'id', 'as is'],
  ['elsAccount', 'els_account', 'as is'],
  ['toElsAccount', 'to_els_account', 'as is'],
  ['supplierName', 'supplier_name', 'as is'],
  ['orderNumber', 'order_number', 'as is'],
  ['orderType', 'order_type', 'as is'],
  ['purchaseType', 'purchase_type', 'as is'],
  ['orderDate', 'order_date', 'date'],
  ['currency', 'currency', 'as is'],
  ['exchangeRate', 'exchange_rate', 'text'],
  ['localCurrency', 'local_currency', 'as is'],
  ['payTermsCode', 'pay_terms_code', 'as is'],
  ['payTermsText', 'pay_terms_text', 'as is'],
  ['incotermsCode', 'incoterms_code', 'as is'],
  ['incotermsDesc', 'incoterms_desc', 'as is'],
  ['deliveryAddress', 'delivery_address', 'as is'],
  ['urgencyFlag', 'urgency_flag', 'as is'],
  ['remark', 'remark', 'as is'],
  ['auditStatus', 'audit_status', 'as is'],
  ['sendStatus', 'send_status', 'as is'],
  ['sendTime', 'send_time', 'time'],
  ['orderStatus', 'order_status', 'as is'],
  ['changeStatus', 'change_status', 'as is'],
  ['rejectReason', 'reject_reason', 'as is'],
  ['deliveryStatus', 'delivery_status', 'as is'],
  ['totalAmountExcludingTax', 'total_amount_excluding_tax', 'text'],
  ['totalTaxAmount', 'total_tax_amount', 'text'],
  ['totalAmount', 'total_amount', 'text'],
  ['totalAmountLocal', 'total_amount_local', 'text'],
  ['createUser', 'create_user', 'as is'],
  ['createDate', 'create_date', 'time'],
  ['version', 'version', 'as is'],
];

/**
 * `(select z.… as "id", …) as y`: the lateral row of one page row `z` (a subquery holding the columns of
 * ROW_FIELDS by name) that `row_to_json(y)` writes as compact JSON. Exported for the bench's bare SQL.
 */
export function rowJsonLateral(z: string): string {
  const fields = ROW_FIELDS.map(([name, column, how]) => {
    const ref = `"${z}"."${column}"`;
    const value =
      how === 'text'
        ? `${ref}::text`
        : how === 'date'
          ? `to_char(${ref}, 'YYYY-MM-DD')`
          : how === 'time'
            ? `to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
            : ref;
    return `${value} as "${name}"`;
  });
  return `(select ${fields.join(', ')}) as y`;
}
/** The columns a JSON page row reads, by name (those of ROW_FIELDS, the custom fields and the sort keys). */
export const JSON_ROW_COLUMNS = [...new Set([...ROW_FIELDS.map(([, column]) => column), 'custom_fields'])];

/** Which sort a list uses: the buyer's by order date, the supplier's by send time, a number search by number. */
type SortKind = 'date' | 'sent' | 'number';

/**
 * The sort of each list and the columns of its keyset (all descending, matching the list indexes of
 * tables.ts, so every page is an index range read in order). Key values travel as text so timestamps
 * keep PostgreSQL's microseconds.
 */
const SORTS: Record<SortKind, { columns: SQL[]; names: string[]; keyText: SQL[]; casts: string[] }> = {
  date: {
    names: ['order_date', 'create_date', 'id'],
    columns: [sql`${purchaseOrder.orderDate}`, sql`${purchaseOrder.createDate}`, sql`${purchaseOrder.id}`],
    keyText: [
      sql`${purchaseOrder.orderDate}::text`,
      sql`${purchaseOrder.createDate}::text`,
      sql`${purchaseOrder.id}::text`,
    ],
    casts: ['date', 'timestamptz', 'uuid'],
  },
  sent: {
    names: ['send_time', 'id'],
    columns: [sql`${purchaseOrder.sendTime}`, sql`${purchaseOrder.id}`],
    keyText: [sql`${purchaseOrder.sendTime}::text`, sql`${purchaseOrder.id}::text`],
    casts: ['timestamptz', 'uuid'],
  },
  // Numbers are unique per buyer, not across the buyers a supplier sees: the id breaks ties.
  number: {
    names: ['order_number', 'id'],
    columns: [sql`${purchaseOrder.orderNumber} collate "C"`, sql`${purchaseOrder.id}`],
    keyText: [sql`${purchaseOrder.orderNumber}`, sql`${purchaseOrder.id}::text`],
    casts: ['text', 'uuid'],
  },
};

/** Encodes a keyset position: base64url of JSON { s: sort kind, k: key values as text }. */
function encodeCursor(kind: SortKind, key: string[]): string {
  return Buffer.from(JSON.stringify({ s: kind, k: key })).toString('base64url');
}

/** Decodes a cursor for `kind`; '400' naming `cursor` when it is not one this list issued. */
function decodeCursor(kind: SortKind, cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const value = parsed as { s?: unknown; k?: unknown } | null;
  const key = value?.k;
  if (
    !value ||
    value.s !== kind ||
    !Array.isArray(key) ||
    key.length !== SORTS[kind].casts.length ||
    !key.every((k) => typeof k === 'string' && k.length > 0 && k.length <= 64 && !k.includes('\u0000')) ||
    !keyParses(kind, key as string[])
  ) {
    throw badRequest('rule.invalidCursor', { field: 'body.cursor' });
  }
  return key as string[];
}

/** Cheap shape checks so a forged cursor is a '400', not a database cast error. */
function keyParses(kind: SortKind, key: string[]): boolean {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const stamp = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
  if (kind === 'date') return day.test(key[0]) && stamp.test(key[1]) && uuid.test(key[2]);
  if (kind === 'sent') return stamp.test(key[0]) && uuid.test(key[1]);
  return uuid.test(key[1]);
}

/** `(c1, c2, …) < (:k0, :k1, …)`: the rows after the cursor in a descending list (placeholders k0…). */
function afterKey(kind: SortKind): SQL {
  const { columns, casts } = SORTS[kind];
  const values = casts.map((cast, i) =>
    cast === 'text'
      ? sql`${sql.placeholder(`k${i}`)} collate "C"`
      : sql`${sql.placeholder(`k${i}`)}::${sql.raw(cast)}`,
  );
  return sql`(${sql.join(columns, sql`, `)}) < (${sql.join(values, sql`, `)})`;
}

/** The filters a list can combine; each present one adds a condition with its own placeholder. */
const FILTERS = [
  ['numberLike', (p: Placeholder) => sql`${purchaseOrder.orderNumber} collate "C" like ${p}`],
  ['toElsAccount', (p: Placeholder) => eq(purchaseOrder.toElsAccount, p)],
  ['auditStatus', (p: Placeholder) => eq(purchaseOrder.auditStatus, p)],
  ['orderStatus', (p: Placeholder) => eq(purchaseOrder.orderStatus, p)],
  ['sendStatus', (p: Placeholder) => eq(purchaseOrder.sendStatus, p)],
  ['deliveryStatus', (p: Placeholder) => eq(purchaseOrder.deliveryStatus, p)],
  ['orderDateFrom', (p: Placeholder) => gte(purchaseOrder.orderDate, p)],
  ['orderDateTo', (p: Placeholder) => lte(purchaseOrder.orderDate, p)],
] as const;
type FilterName = (typeof FILTERS)[number][0];

/**
 * The page and count statements of one list shape (side, sort, which filters, cursor or offset), built
 * once per database and reused with new values: building a 40-column select through the query builder
 * cost more than running it (BENCHMARKS.md). Unnamed statements, so PostgreSQL still plans each call
 * with its values (a number prefix stays an index range).
 */
function buildShape(
  db: Queryable,
  side: Side,
  kind: SortKind,
  present: FilterName[],
  paging: Paging,
  format: ListFormat,
) {
  const matching = matchingCondition(
    side,
    Object.fromEntries(present.map((n) => [n, sql.placeholder(n)])),
    sql.placeholder('account'),
  );
  const sort = SORTS[kind];
  const order = sort.columns.map((c) => sql`${c} desc`);
  // The keyset key travels as JSON text: only the last row's is ever parsed (a text[] column was parsed
  // on every row).
  const key = sql<string>`json_build_array(${sql.join(sort.keyText, sql`, `)})::text`;
  // The rows of the page, with the given columns: by keyset or from the top (an index range), or, for a
  // page number past the first, by a deferred join: the skipped rows are walked in the list's index alone
  // (each list index ends with id: an index-only scan) and only the page's rows are read from the table
  // and rendered. Skipping 9,980 rows read and rendered 9,980 rows before (BENCHMARKS.md).
  const pageOf = (selection: SelectedFields) => {
    const rows = db.select(selection).from(purchaseOrder).$dynamic();
    return paging === 'offset'
      ? rows
          .where(
            inArray(
              purchaseOrder.id,
              db
                .select({ id: purchaseOrder.id })
                .from(purchaseOrder)
                .where(matching)
                .orderBy(...order)
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset')),
            ),
          )
          .orderBy(...order)
      : rows
          .where(paging === 'cursor' ? and(matching, afterKey(kind)) : matching)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
  };
  if (format === 'rows')
    return { page: pageOf({ ...LISTED_COLUMNS, key }).prepare(''), count: countOf(db, matching) };
  // JSON rows: the page's rows as a subquery z, each written by row_to_json over a lateral row of the
  // answer's fields (compact JSON; planned in a third of the time of a per-row JSON expression).
  const byName = Object.fromEntries(
    Object.values(getTableColumns(purchaseOrder))
      .filter((column) => JSON_ROW_COLUMNS.includes(column.name))
      .map((column) => [column.name, column]),
  );
  const z = pageOf({ ...byName, key: sql<string>`${key}`.as('key') }).as('z');
  const zOrder = sort.names
    .map((name) => `"z"."${name}"${kind === 'number' && name === 'order_number' ? ' collate "C"' : ''} desc`)
    .join(', ');
  const page = db
    .select({
      json: sql<string>`row_to_json(y)::text`,
      key: sql<string>`"z"."key"`,
      cf: sql<Record<string, unknown> | null>`nullif("z"."custom_fields", '{}'::jsonb)`,
    })
    .from(z)
    .crossJoinLateral(sql.raw(rowJsonLateral('z')))
    .orderBy(sql.raw(zOrder))
    .prepare('');
  return { page, count: countOf(db, matching) };
}

/** `count(*)` of the matches, stopping after EXACT_COUNT_LIMIT + 1. */
function countOf(db: Queryable, matching: SQL) {
  return db
    .select({ n: count() })
    .from(sql`(select 1 from ${purchaseOrder} where ${matching} limit ${EXACT_COUNT_LIMIT + 1}) as capped`)
    .prepare('');
}
/**
 * Per database: the built statements by shape, and estimated totals by list and filter (never exact
 * ones, which must follow every change at once).
 */
const perDatabase = new WeakMap<
  object,
  { shapes: Map<string, ReturnType<typeof buildShape>>; estimates: LRUCache<string, number> }
>();
function cachesOf(db: Queryable) {
  let caches = perDatabase.get(db);
  if (!caches) {
    caches = { shapes: new Map(), estimates: new LRUCache({ max: 10_000, ttl: ESTIMATE_TTL_MS }) };
    perDatabase.set(db, caches);
  }
  return caches;
}

/** The WHERE of a list: the caller's side and account, then each present filter (values or placeholders). */
function matchingCondition(side: Side, filters: Partial<Record<FilterName, unknown>>, account: unknown): SQL {
  const where: SQL[] =
    side === 'purchase'
      ? [eq(purchaseOrder.elsAccount, account as string)]
      : [eq(purchaseOrder.toElsAccount, account as string), eq(purchaseOrder.sendStatus, '1')];
  for (const [name, condition] of FILTERS)
    if (filters[name] !== undefined) where.push(condition(filters[name] as Placeholder));
  return and(...where) as SQL;
}

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself. */
const likePrefix = (text: string) => `${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of orders (spec 001 §3, DESIGN §3 lists). The buyer sees its own orders, newest order date first;
 * the supplier sees orders sent to it, newest sent first (one row, two sides: DESIGN §4); a number search
 * is a prefix match in number order. Scoped by the caller's account in every query.
 *
 * Pages: `currentPage` × `pageSize` reaches at most OFFSET_WINDOW_ROWS rows ('400' naming currentPage
 * beyond); every full page returns `nextCursor`, which reads the following page by keyset at any depth.
 * `total` is exact up to EXACT_COUNT_LIMIT matches (`totalExact` true), else the planner's estimate.
 * Errors: '400' for a deep page or a cursor this list did not issue.
 */
async function runList(
  db: Queryable,
  auth: AuthContext,
  side: Side,
  filter: OrderFilter,
  format: ListFormat,
) {
  const numberPrefix = filter.orderNumber?.trim();
  const values: Record<string, string | number> = { account: auth.elsAccount };
  if (numberPrefix) values.numberLike = likePrefix(numberPrefix);
  if (filter.toElsAccount && side === 'purchase') values.toElsAccount = filter.toElsAccount;
  if (filter.auditStatus) values.auditStatus = filter.auditStatus;
  if (filter.orderStatus) values.orderStatus = filter.orderStatus;
  if (filter.sendStatus && side === 'purchase') values.sendStatus = filter.sendStatus;
  if (filter.deliveryStatus) values.deliveryStatus = filter.deliveryStatus;
  if (filter.orderDateFrom) values.orderDateFrom = filter.orderDateFrom;
  if (filter.orderDateTo) values.orderDateTo = filter.orderDateTo;
  const present = FILTERS.map(([name]) => name).filter((name) => name in values);

  const kind: SortKind = numberPrefix ? 'number' : side === 'purchase' ? 'date' : 'sent';
  const offset = (filter.currentPage - 1) * filter.pageSize;
  if (!filter.cursor && offset >= OFFSET_WINDOW_ROWS) {
    throw badRequest('rule.pageTooDeep', { field: 'body.currentPage', rows: OFFSET_WINDOW_ROWS });
  }
  const pageValues: Record<string, string | number> = {
    ...values,
    limit: filter.pageSize,
    offset: filter.cursor ? 0 : offset,
  };
  if (filter.cursor) {
    for (const [i, k] of decodeCursor(kind, filter.cursor).entries()) pageValues[`k${i}`] = k;
  }

  const { shapes: byShape, estimates } = cachesOf(db);
  const paging: Paging = filter.cursor ? 'cursor' : offset > 0 ? 'offset' : 'first';
  const shapeKey = `${format}|${side}|${kind}|${present.join(',')}|${paging}`;
  let shape = byShape.get(shapeKey);
  if (!shape) {
    shape = buildShape(db, side, kind, present, paging, format);
    byShape.set(shapeKey, shape);
  }

  // Tenant scoping is the explicit account predicate (purchase_order carries no row-level policy, so a
  // tenant-context transaction would add three round trips and guard nothing: ARCHITECTURE.md).
  // The page and the count run side by side; a list known to be large reuses its estimate for a while.
  const filterKey = JSON.stringify([side, values]);
  const cached = estimates.get(filterKey);
  const [rows, counted] = await Promise.all([
    shape.page.execute(pageValues),
    cached === undefined ? countMatches(db, side, shape, values) : { total: cached, totalExact: false },
  ]);
  if (!counted.totalExact && cached === undefined) estimates.set(filterKey, counted.total);
  const last = rows.at(-1) as { key: string } | undefined;
  return {
    rows,
    total: counted.total,
    totalExact: counted.totalExact,
    nextCursor: rows.length === filter.pageSize && last ? encodeCursor(kind, JSON.parse(last.key)) : null,
  };
}

export async function listOrders(db: Queryable, auth: AuthContext, side: Side, filter: OrderFilter) {
  const { rows, ...page } = await runList(db, auth, side, filter, 'rows');
  return { records: rows as unknown as ListedOrder[], ...page };
}

/**
 * A row's JSON text with its non-empty custom fields fbk1…fbk50 appended (flatCustomFields, as toHeader
 * puts them after the header's fields). Few orders carry any: the others are sent as PostgreSQL wrote them.
 */
function withCustomFields(json: string, stored: Record<string, unknown> | null): string {
  const extra = Object.entries(flatCustomFields(stored))
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`)
    .join('');
  return extra ? `${json.slice(0, -1)}${extra}}` : json;
}

/**
 * The same page as listOrders with `records` already the JSON text of the answer's array (rows as the
 * API shapes them, rendered by PostgreSQL: see ROW_FIELDS). For the list routes, which send it as is.
 */
export async function listOrdersJson(db: Queryable, auth: AuthContext, side: Side, filter: OrderFilter) {
  const { rows, ...page } = await runList(db, auth, side, filter, 'json');
  const records = (rows as unknown as Array<{ json: string; cf: Record<string, unknown> | null }>).map((r) =>
    withCustomFields(r.json, r.cf),
  );
  return { records: `[${records.join(',')}]`, ...page };
}

/**
 * How many orders match: exact when at most EXACT_COUNT_LIMIT (a count that stops there), otherwise the
 * planner's row estimate — a million-row list costs a plan, not a scan. Never below the exact limit + 1.
 * The estimate is then reused for ESTIMATE_TTL_MS by listOrders.
 */
async function countMatches(
  db: Queryable,
  side: Side,
  shape: ReturnType<typeof buildShape>,
  values: Record<string, string | number>,
) {
  const [{ n }] = await shape.count.execute(values);
  const exact = Number(n);
  if (exact <= EXACT_COUNT_LIMIT) return { total: exact, totalExact: true };
  const { account, ...filters } = values;
  const matching = matchingCondition(side, filters, account);
  // Both drivers answer { rows } and parse the json column (as seed/demo.ts reads execute()).
  const plan = (await db.execute(
    sql`explain (format json) select 1 from ${purchaseOrder} where ${matching}`,
  )) as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }> };
  const estimate = Number(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows']);
  return {
    total: Math.max(exact, Number.isFinite(estimate) ? Math.round(estimate) : exact),
    totalExact: false,
  };
}
