import { LIST_OFFSET_WINDOW_ROWS } from '@srm/contracts/constants';
import { CUSTOM_FIELD_KEYS } from '@srm/contracts/purchase-order';
import { and, count, eq, getTableColumns, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
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
  orderDateFrom?: string;
  orderDateTo?: string;
};

type Side = 'purchase' | 'sale';
/** What a list page reads: typed rows (export) or each row's answer as JSON text (list routes). */
type ListFormat = 'rows' | 'json';
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
 * dates 'YYYY-MM-DD', times ISO-8601 UTC with milliseconds (as Date#toISOString), custom fields fbk1…fbk50
 * flat and only when non-empty. `order-list.test.ts` compares both renderings on every demo order.
 */
const ROW_FIELDS: Array<[string, SQL]> = (() => {
  const o = purchaseOrder;
  const iso = (c: SQL) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return [
    ['id', sql`${o.id}`],
    ['elsAccount', sql`${o.elsAccount}`],
    ['toElsAccount', sql`${o.toElsAccount}`],
    ['supplierName', sql`${o.supplierName}`],
    ['orderNumber', sql`${o.orderNumber}`],
    ['orderType', sql`${o.orderType}`],
    ['purchaseType', sql`${o.purchaseType}`],
    ['orderDate', sql`to_char(${o.orderDate}, 'YYYY-MM-DD')`],
    ['currency', sql`${o.currency}`],
    ['exchangeRate', sql`${o.exchangeRate}::text`],
    ['localCurrency', sql`${o.localCurrency}`],
    ['payTermsCode', sql`${o.payTermsCode}`],
    ['payTermsText', sql`${o.payTermsText}`],
    ['incotermsCode', sql`${o.incotermsCode}`],
    ['incotermsDesc', sql`${o.incotermsDesc}`],
    ['deliveryAddress', sql`${o.deliveryAddress}`],
    ['urgencyFlag', sql`${o.urgencyFlag}`],
    ['remark', sql`${o.remark}`],
    ['auditStatus', sql`${o.auditStatus}`],
    ['sendStatus', sql`${o.sendStatus}`],
    ['sendTime', iso(sql`${o.sendTime}`)],
    ['orderStatus', sql`${o.orderStatus}`],
    ['changeStatus', sql`${o.changeStatus}`],
    ['rejectReason', sql`${o.rejectReason}`],
    ['deliveryStatus', sql`${o.deliveryStatus}`],
    ['totalAmountExcludingTax', sql`${o.totalAmountExcludingTax}::text`],
    ['totalTaxAmount', sql`${o.totalTaxAmount}::text`],
    ['totalAmount', sql`${o.totalAmount}::text`],
    ['totalAmountLocal', sql`${o.totalAmountLocal}::text`],
    ['createUser', sql`${o.createUser}`],
    ['createDate', iso(sql`${o.createDate}`)],
    ['version', sql`${o.version}`],
  ];
})();
export const ROW_JSON: SQL = (() => {
  // row_to_json of a one-row subselect writes compact JSON (json_build_object puts " : " and ", " between
  // fields: 12 % more bytes on the wire).
  const fields = sql`(select row_to_json(r) from (select ${sql.join(
    ROW_FIELDS.map(([name, value]) => sql`${value} as ${sql.raw(`"${name}"`)}`),
    sql`, `,
  )}) as r)`;
  const keys = sql.raw(`array[${CUSTOM_FIELD_KEYS.map((k) => `'${k}'`).join(', ')}]`);
  const custom = sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(${purchaseOrder.customFields}) e
    where e.key = any(${keys}) and jsonb_typeof(e.value) = 'string' and e.value <> '""'::jsonb)`;
  return sql`case when ${purchaseOrder.customFields} = '{}'::jsonb then ${fields}::text else (${fields}::jsonb || ${custom})::text end`;
})();

/** Which sort a list uses: the buyer's by order date, the supplier's by send time, a number search by number. */
type SortKind = 'date' | 'sent' | 'number';

/**
 * The sort of each list and the columns of its keyset (all descending, matching the list indexes of
 * tables.ts, so every page is an index range read in order). Key values travel as text so timestamps
 * keep PostgreSQL's microseconds.
 */
const SORTS: Record<SortKind, { columns: SQL[]; keyText: SQL[]; casts: string[] }> = {
  date: {
    columns: [sql`${purchaseOrder.orderDate}`, sql`${purchaseOrder.createDate}`, sql`${purchaseOrder.id}`],
    keyText: [
      sql`${purchaseOrder.orderDate}::text`,
      sql`${purchaseOrder.createDate}::text`,
      sql`${purchaseOrder.id}::text`,
    ],
    casts: ['date', 'timestamptz', 'uuid'],
  },
  sent: {
    columns: [sql`${purchaseOrder.sendTime}`, sql`${purchaseOrder.id}`],
    keyText: [sql`${purchaseOrder.sendTime}::text`, sql`${purchaseOrder.id}::text`],
    casts: ['timestamptz', 'uuid'],
  },
  // Numbers are unique per buyer, not across the buyers a supplier sees: the id breaks ties.
  number: {
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
  withCursor: boolean,
  format: ListFormat,
) {
  const matching = matchingCondition(
    side,
    Object.fromEntries(present.map((n) => [n, sql.placeholder(n)])),
    sql.placeholder('account'),
  );
  const sort = SORTS[kind];
  // The keyset key travels as JSON text: only the last row's is ever parsed (a text[] column was parsed
  // on every row).
  const key = sql<string>`json_build_array(${sql.join(sort.keyText, sql`, `)})::text`;
  const page = db
    .select(format === 'json' ? { json: sql<string>`${ROW_JSON}`, key } : { ...LISTED_COLUMNS, key })
    .from(purchaseOrder)
    .where(withCursor ? and(matching, afterKey(kind)) : matching)
    .orderBy(...sort.columns.map((c) => sql`${c} desc`))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('');
  const countQuery = db
    .select({ n: count() })
    .from(sql`(select 1 from ${purchaseOrder} where ${matching} limit ${EXACT_COUNT_LIMIT + 1}) as capped`)
    .prepare('');
  return { page, count: countQuery };
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
  const shapeKey = `${format}|${side}|${kind}|${present.join(',')}|${filter.cursor ? 'cursor' : 'offset'}`;
  let shape = byShape.get(shapeKey);
  if (!shape) {
    shape = buildShape(db, side, kind, present, Boolean(filter.cursor), format);
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
 * The same page as listOrders with `records` already the JSON text of the answer's array (rows as the
 * API shapes them, rendered by PostgreSQL: see ROW_JSON). For the list routes, which send it as is.
 */
export async function listOrdersJson(db: Queryable, auth: AuthContext, side: Side, filter: OrderFilter) {
  const { rows, ...page } = await runList(db, auth, side, filter, 'json');
  return {
    records: `[${(rows as unknown as Array<{ json: string }>).map((r) => r.json).join(',')}]`,
    ...page,
  };
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
