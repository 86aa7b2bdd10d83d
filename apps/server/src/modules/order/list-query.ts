import type { Queryable } from '../../platform/db.ts';
import type { AuthContext } from '../../platform/http.ts';
import { orderKind } from './kind.ts';
import type { purchaseOrder } from './tables.ts';

export {
  ESTIMATE_TTL_MS,
  EXACT_COUNT_LIMIT,
  OFFSET_WINDOW_ROWS,
} from '../../platform/document/list-query.ts';

/*
 * Purchase order lists are the order kind's kernel list (kind.ts, platform/document/list-query.ts, issue
 * #12): the design measured first for orders (issue #5) — exact-sort indexes (tables.ts), keyset cursors,
 * capped count and estimate, rows rendered as JSON by PostgreSQL. This file keeps the names the order
 * suites and bench/orders read.
 */

/** A list filter of orders: paging, cursor and the definition's filters (orderNumber prefix, statuses …). */
export type OrderFilter = {
  currentPage: number;
  pageSize: number;
  cursor?: string;
} & Record<string, unknown>;

/** An order as a list reads it (the export): the header row. */
export type ListedOrder = typeof purchaseOrder.$inferSelect;

/** The columns a JSON page row reads, by name (for bench/orders' bare SQL). */
export const JSON_ROW_COLUMNS = orderKind.list.jsonColumns;

/** `(select z.… as "id", …) as y`: the lateral row of one page row `z` (for bench/orders' bare SQL). */
export const rowJsonLateral = (z: string): string => orderKind.list.lateral(z);

/**
 * A page of orders for a side (seed 001 §3, DESIGN §3 lists), as rows: the buyer's newest order date
 * first, the supplier's (sent to it) newest sent first, a number search in number order. data { records,
 * total, totalExact, nextCursor }. '400' for a page beyond the window or a foreign cursor.
 */
export async function listOrders(
  db: Queryable,
  auth: Pick<AuthContext, 'elsAccount'>,
  side: 'purchase' | 'sale',
  filter: OrderFilter,
) {
  const { rows, ...page } = await orderKind.list.rows(
    db,
    auth.elsAccount,
    side,
    { currentPage: filter.currentPage, pageSize: filter.pageSize, cursor: filter.cursor },
    orderKind.listFilter(filter),
  );
  return { records: rows as unknown as ListedOrder[], ...page };
}
