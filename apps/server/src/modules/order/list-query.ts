import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import type { AuthContext } from '../../platform/http.ts';
import { withTenant } from '../../platform/tenant.ts';
import { purchaseOrder } from './tables.ts';

export type OrderFilter = {
  currentPage: number;
  pageSize: number;
  orderNumber?: string;
  toElsAccount?: string;
  auditStatus?: string;
  orderStatus?: string;
  sendStatus?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
};

/**
 * A page of orders, newest first. The buyer sees its own orders; the supplier sees orders sent to it
 * (one row, two sides: DESIGN §4). Runs in the caller's tenant context.
 */
export async function listOrders(
  db: Queryable,
  auth: AuthContext,
  side: 'purchase' | 'sale',
  filter: OrderFilter,
) {
  const where: SQL[] =
    side === 'purchase'
      ? [eq(purchaseOrder.elsAccount, auth.elsAccount)]
      : [eq(purchaseOrder.toElsAccount, auth.elsAccount), eq(purchaseOrder.sendStatus, '1')];
  if (filter.orderNumber)
    where.push(ilike(purchaseOrder.orderNumber, `%${filter.orderNumber.replace(/[\\%_]/g, '')}%`));
  if (filter.toElsAccount && side === 'purchase')
    where.push(eq(purchaseOrder.toElsAccount, filter.toElsAccount));
  if (filter.auditStatus) where.push(eq(purchaseOrder.auditStatus, filter.auditStatus));
  if (filter.orderStatus) where.push(eq(purchaseOrder.orderStatus, filter.orderStatus));
  if (filter.sendStatus && side === 'purchase') where.push(eq(purchaseOrder.sendStatus, filter.sendStatus));
  if (filter.orderDateFrom) where.push(gte(purchaseOrder.orderDate, filter.orderDateFrom));
  if (filter.orderDateTo) where.push(lte(purchaseOrder.orderDate, filter.orderDateTo));
  const condition = and(...where);
  const order =
    side === 'purchase'
      ? [desc(purchaseOrder.createDate), desc(purchaseOrder.id)]
      : [desc(purchaseOrder.sendTime), desc(purchaseOrder.id)];
  return withTenant(db, auth.elsAccount, async (tx) => {
    const [records, [{ n }]] = await Promise.all([
      tx
        .select()
        .from(purchaseOrder)
        .where(condition)
        .orderBy(...order)
        .limit(filter.pageSize)
        .offset((filter.currentPage - 1) * filter.pageSize),
      tx.select({ n: count() }).from(purchaseOrder).where(condition),
    ]);
    return { records, total: Number(n) };
  });
}
