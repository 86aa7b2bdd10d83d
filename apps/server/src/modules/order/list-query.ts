import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import {
  createListQuery,
  type ListFilter,
  rowJsonLateral as lateralOf,
  likePrefix,
  type RowField,
} from '../../platform/document/list-query.ts';
import type { AuthContext } from '../../platform/http.ts';
import { purchaseOrder } from './tables.ts';

export {
  ESTIMATE_TTL_MS,
  EXACT_COUNT_LIMIT,
  OFFSET_WINDOW_ROWS,
} from '../../platform/document/list-query.ts';

/*
 * Purchase order lists on the document kernel's list query (platform/document/list-query.ts, issue #12):
 * the design measured here first (issue #5) — exact-sort indexes (tables.ts), keyset cursors, capped
 * count and estimate, rows rendered as JSON by PostgreSQL — is now the kernel's; this file only says
 * which fields, sorts and filters the order lists have.
 */

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
/** An order as a list reads it (the export): the header row. */
export type ListedOrder = typeof purchaseOrder.$inferSelect;
/**
 * One list row as the API answers it (toHeader in routes.ts), rendered by PostgreSQL as JSON text: the
 * server then joins 20 strings instead of parsing ~900 fields, mapping them and serializing them again
 * (BENCHMARKS.md "Purchase order lists at scale"). Same fields, same formats: numerics as their text,
 * dates 'YYYY-MM-DD', times ISO-8601 UTC with milliseconds (as Date#toISOString). Custom fields are
 * appended by listOrdersJson. `order-list.test.ts` compares both renderings on every order it creates.
 * Each entry: [API name, column, how it is written].
 */
const ROW_FIELDS: RowField[] = [
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
 * `(select z.… as "id", …) as y`: the lateral row of one page row `z` that `row_to_json(y)` writes as
 * compact JSON. Exported for the bench's bare SQL.
 */
export function rowJsonLateral(z: string): string {
  return lateralOf(ROW_FIELDS, z);
}

/** The filters an order list can combine; each present one adds a condition with its own placeholder. */
const FILTERS: ListFilter[] = [
  ['numberLike', (p) => sql`${purchaseOrder.orderNumber} collate "C" like ${p}`],
  ['toElsAccount', (p) => eq(purchaseOrder.toElsAccount, p)],
  ['auditStatus', (p) => eq(purchaseOrder.auditStatus, p)],
  ['orderStatus', (p) => eq(purchaseOrder.orderStatus, p)],
  ['sendStatus', (p) => eq(purchaseOrder.sendStatus, p)],
  ['deliveryStatus', (p) => eq(purchaseOrder.deliveryStatus, p)],
  ['orderDateFrom', (p) => gte(purchaseOrder.orderDate, p)],
  ['orderDateTo', (p) => lte(purchaseOrder.orderDate, p)],
];

/**
 * The order lists: the buyer's by order date, create date, id; the supplier's (orders sent to it) by
 * send time, id; a number search by number (unique per buyer, not across the buyers a supplier sees: the
 * id breaks ties). Cursor tags 'date', 'sent', 'number' (issue #5's cursors stay valid).
 */
const orderList = createListQuery<Side>({
  name: 'order',
  table: purchaseOrder,
  fields: ROW_FIELDS,
  customFieldsColumn: 'custom_fields',
  sorts: {
    purchase: {
      columns: [purchaseOrder.orderDate, purchaseOrder.createDate, purchaseOrder.id],
      casts: ['date', 'timestamptz', 'uuid'],
      tag: 'date',
    },
    sale: {
      columns: [purchaseOrder.sendTime, purchaseOrder.id],
      casts: ['timestamptz', 'uuid'],
      tag: 'sent',
    },
    number: {
      columns: [purchaseOrder.orderNumber, purchaseOrder.id],
      casts: ['text', 'uuid'],
      collateC: true,
      tag: 'number',
    },
  },
  filters: FILTERS,
  // Tenant scoping is the explicit account predicate (purchase_order carries no row-level policy).
  scope: (side, account) =>
    side === 'purchase'
      ? (eq(purchaseOrder.elsAccount, account) as SQL)
      : (and(eq(purchaseOrder.toElsAccount, account), eq(purchaseOrder.sendStatus, '1')) as SQL),
  numberFilter: 'numberLike',
});

/** The columns a JSON page row reads, by name (those of ROW_FIELDS and the custom fields). */
export const JSON_ROW_COLUMNS = orderList.jsonColumns;

/** An order filter as the list query reads it: a number prefix becomes its LIKE pattern. */
function filterValues(side: Side, filter: OrderFilter) {
  const numberPrefix = filter.orderNumber?.trim();
  return {
    numberLike: numberPrefix ? likePrefix(numberPrefix) : undefined,
    toElsAccount: side === 'purchase' ? filter.toElsAccount : undefined,
    auditStatus: filter.auditStatus,
    orderStatus: filter.orderStatus,
    sendStatus: side === 'purchase' ? filter.sendStatus : undefined,
    deliveryStatus: filter.deliveryStatus,
    orderDateFrom: filter.orderDateFrom,
    orderDateTo: filter.orderDateTo,
  };
}

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
export async function listOrders(db: Queryable, auth: AuthContext, side: Side, filter: OrderFilter) {
  const { rows, ...page } = await orderList.rows(
    db,
    auth.elsAccount,
    side,
    filter,
    filterValues(side, filter),
  );
  return { records: rows as unknown as ListedOrder[], ...page };
}

/**
 * The same page as listOrders with `records` already the JSON text of the answer's array (rows as the
 * API shapes them, rendered by PostgreSQL: see ROW_FIELDS). For the list routes, which send it as is.
 */
export async function listOrdersJson(db: Queryable, auth: AuthContext, side: Side, filter: OrderFilter) {
  return orderList.json(db, auth.elsAccount, side, filter, filterValues(side, filter));
}
