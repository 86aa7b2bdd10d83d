import { canDo } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { type OrderStartBiddingBody, orderStartBiddingBodySchema } from '@srm/contracts/purchase-order';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { now } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { ownRouteAction } from '../../platform/document/routes.ts';
import { badRequest } from '../../platform/errors.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { findLinkedSuppliers } from '../account/index.ts';
import {
  closeOrderEnquiry,
  createFromOrder,
  ORDER_SOURCE,
  registerOrderAward,
  registerSourceRelease,
} from '../enquiry/service.ts';
import { material } from '../masterdata/tables.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import type { toHeader as ToHeader } from './routes.ts';
import {
  assertBuyer,
  assertVersion,
  findItems,
  findOrderForBuyer,
  lineMoney,
  ORDER_DEFINITION,
  orderTotals,
  transition,
} from './service.ts';
import { purchaseOrder, purchaseOrderItem } from './tables.ts';

/**
 * Price bidding on an unsent order (issue #5; seed 001 §4 order status "in bidding", §5 "bidding end time
 * later than the current time") — since issue #13 a client of the RFQ (kind `enquiry`, module enquiry):
 *
 * - startBidding makes, in the order's transaction, a one-round RFQ of enquiryType 3 ("order bidding"): one
 *   RFQ line per active order line (master material, quantity, unit, delivery date; source 2 = the order
 *   number and line), the chosen suppliers invited on every line (at least one, each once: the company's
 *   "3 suppliers per line" minimum does not apply — the order's own flow decided whom to ask), the quote end
 *   time, published at once without RFQ approval, quotes sealed as any RFQ's until the deadline or until every
 *   invitee has answered. The order goes to '6' and keeps the RFQ's id and number.
 * - Suppliers quote in the RFQ's quote screens (their RFQ inbox); the buyer compares and awards in the RFQ app.
 *   The award (one supplier for every line at 100 %) writes price-master records and, through the write-back
 *   registered here, the winner and its prices onto this order, which goes back to '0' (no new order draft).
 * - cancelBidding closes the RFQ; closing it (here or in the RFQ app) returns the order to '0'.
 *
 * The bids of the biddings before (purchase_order_bid) were moved into RFQs by migration 0060 and stay as a
 * read-only history; the routes findBids, award and the supplier's bid routes are retired (the RFQ's own
 * routes and screens do that work).
 */

/**
 * The buyer puts an unsent order that is not submitted, rejected or withdrawn (sendStatus 0, orderStatus 0)
 * out for bidding: every invitee a linked, invitable supplier; the quote end time later than now; every active
 * line a material of the buyer's master (by id, else by number). Creates and publishes the order's RFQ
 * (createFromOrder) and moves the order to '6' with the RFQ's id and number, one audit row (remark: the RFQ
 * number). One transaction. '400' rules, '403' suppliers, '404' not the caller's order, '409' stale version.
 */
export async function startBidding(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: OrderStartBiddingBody,
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    if (!canDo(ORDER_DEFINITION, 'startBidding', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'startBidding' });
    assertVersion(order, body.version);
    const quoteEndTime = new Date(body.quoteEndTime);
    if (quoteEndTime.getTime() <= now()) throw badRequest('quoteEndTimeNotFuture');
    const linked = await findLinkedSuppliers(tx, auth.elsAccount, body.toElsAccounts);
    for (const account of body.toElsAccounts)
      if (!linked.some((l) => l.account === account)) throw badRequest('supplierNotLinked', { account });
    await assertSupplierRights(tx, auth.elsAccount, body.toElsAccounts, 'invite');
    const items = (await findItems(tx, order.id)).filter((i) => i.isDel === 'N' && i.isClose === 'N');
    const numbers = items.filter((i) => !i.materialId).map((i) => i.materialNumber);
    const byNumber = numbers.length
      ? await tx
          .select({ id: material.id, materialNumber: material.materialNumber })
          .from(material)
          .where(and(eq(material.elsAccount, auth.elsAccount), inArray(material.materialNumber, numbers)))
      : [];
    const lines = items.map((item) => {
      const materialId =
        item.materialId ?? byNumber.find((m) => m.materialNumber === item.materialNumber)?.id ?? null;
      if (!materialId)
        throw badRequest('orderBidMaterialMissing', { line: item.itemNumber, material: item.materialNumber });
      return {
        itemNumber: item.itemNumber,
        materialId,
        materialDesc: item.materialDesc,
        unit: item.unit,
        quantity: item.quantity,
        deliveryDate: item.deliveryDate,
      };
    });
    const remark = body.remark || null;
    const rfq = await createFromOrder(tx, env, auth, {
      orderNumber: order.orderNumber,
      currency: order.currency,
      exchangeRate: order.exchangeRate,
      taxRate: items[0]?.taxRate ?? '13',
      quoteEndTime,
      remark,
      suppliers: body.toElsAccounts,
      lines,
    });
    return transition(
      tx,
      auth,
      order,
      { orderStatus: '6', enquiryId: rfq.id, enquiryNumber: rfq.enquiryNumber },
      'startBidding',
      '0',
      '6',
      remark ? `${rfq.enquiryNumber} ${remark}` : rfq.enquiryNumber,
    );
  });
}

/**
 * The buyer cancels the bidding of an order in bidding: its RFQ is closed (the kind's close: timer
 * cancelled, invitees told), which returns the order to '0' (releaseOrder below, the same path as closing
 * the RFQ in the RFQ app). Answers the order as it is then. '400' when not in bidding, '403' a selling-side
 * user, '404' not the caller's order, '409' stale version.
 */
export async function cancelBidding(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  version: number,
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, version);
    if (!canDo(ORDER_DEFINITION, 'cancelBidding', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'cancelBidding' });
    if (order.enquiryId) await closeOrderEnquiry(tx, env, auth, order.enquiryId, undefined);
    const current = await findOrderForBuyer(tx, auth, id);
    // An order in bidding without an RFQ (cannot happen after migration 0060): back to '0' directly.
    if (current.orderStatus === '6')
      return transition(tx, auth, current, { orderStatus: '0' }, 'cancelBidding', '6', '0');
    return current;
  });
}

/** The order of an RFQ's source, locked: the buyer's order with that number, in bidding on that RFQ. */
async function orderOfEnquiry(
  tx: Tx,
  source: { elsAccount: string; orderNumber: string; enquiryId: string },
) {
  const [order] = await tx
    .select()
    .from(purchaseOrder)
    .where(
      and(eq(purchaseOrder.elsAccount, source.elsAccount), eq(purchaseOrder.orderNumber, source.orderNumber)),
    )
    .for('update');
  return order?.orderStatus === '6' && order.enquiryId === source.enquiryId ? order : null;
}

/**
 * Closing (or deleting) the RFQ of an order's bidding returns the order to '0' unchanged, link cleared, one
 * audit row 'cancelBidding' naming the RFQ. Called once per RFQ line (the RFQ's source release): the first
 * call moves the order, the others find it no longer in bidding on that RFQ and do nothing.
 */
registerSourceRelease(ORDER_SOURCE, async (tx, source, user) => {
  const order = await orderOfEnquiry(tx, { ...source, orderNumber: source.sourceNumber });
  if (!order) return;
  const [elsAccount, ...rest] = user.split('_');
  const actor = { elsAccount, elsSubAccount: rest.join('_') } as AuthContext;
  await transition(
    tx,
    actor,
    order,
    { orderStatus: '0', enquiryId: null, enquiryNumber: null },
    'cancelBidding',
    '6',
    '0',
    source.enquiryNumber,
  );
});

/**
 * The award of an order's RFQ written back to the order (issue #13): the winner becomes the order's supplier
 * (header and lines), each awarded order line takes the quoted unit price excl. tax and tax rate (price incl.
 * tax, line amount and header totals recomputed exactly), and the order goes back to '0', ready for approval
 * and sending as usual; one audit row 'award' naming the winner and the RFQ. '400' orderBiddingGone when the
 * order is no longer in bidding on that RFQ.
 */
registerOrderAward(async (tx, _env, auth, source, winner) => {
  const order = await orderOfEnquiry(tx, source);
  if (!order) throw badRequest('orderBiddingGone', { number: source.orderNumber });
  const linked = await findLinkedSuppliers(tx, order.elsAccount, [winner.toElsAccount]);
  const supplierName = linked[0]?.name ?? winner.toElsAccount;
  const items = await findItems(tx, order.id);
  const moneys: Array<{ amountExcl: string; amount: string }> = [];
  for (const item of items) {
    const active = item.isDel === 'N' && item.isClose === 'N';
    const price = active ? winner.lines.find((l) => l.itemNumber === item.itemNumber) : undefined;
    const money = price ? lineMoney(item.quantity, price.priceExcludingTax, price.taxRate) : null;
    if (money) moneys.push(money);
    else if (active) moneys.push(lineMoney(item.quantity, item.priceExcludingTax, item.taxRate));
    await tx
      .update(purchaseOrderItem)
      .set({
        toElsAccount: winner.toElsAccount,
        ...(price && money
          ? {
              priceExcludingTax: price.priceExcludingTax,
              taxRate: price.taxRate,
              priceIncludingTax: money.priceIncludingTax,
              lineAmount: money.amount,
            }
          : {}),
      })
      .where(eq(purchaseOrderItem.id, item.id));
  }
  const row = await transition(
    tx,
    auth,
    order,
    {
      toElsAccount: winner.toElsAccount,
      supplierName,
      orderStatus: '0',
      ...orderTotals(moneys, order.exchangeRate),
    },
    'award',
    '6',
    '0',
    `${supplierName} (${source.enquiryNumber})`,
  );
  return { id: row.id, orderNumber: row.orderNumber };
});

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────────

const idParams = z.object({ id: z.uuid() });

/**
 * The bidding routes (issue #5, seed 001 §4 "in bidding"; issue #13 the RFQ behind them); registered by
 * registerOrderRoutes, which hands over the order header's response schema and mapper so every action
 * answers the same header.
 */
export function registerBiddingRoutes(
  app: App,
  deps: AppDeps,
  header: { headerSchema: z.ZodType; toHeader: typeof ToHeader },
): void {
  const r = zod(app);
  const env = deps.config.ENV_NAME;
  const kick = () => void deps.outbox.kick();
  const headerAnswer = envelopeSchema(header.headerSchema);

  /**
   * POST /apis/order/PurchaseOrderService/startBidding/{id} — the buyer puts an unsent order out for price
   * bidding as a one-round RFQ (issue #5, seed 001 §4 "in bidding"; issue #13). Body
   * (orderStartBiddingBodySchema): { version (the order's), toElsAccounts (1–20 linked supplier accounts,
   * each once), quoteEndTime (ISO-8601 date-time with offset, later than now — seed 001 §5), remark? (≤ 500,
   * the RFQ's remark shown to the invitees) }. Only an order not sent and not submitted, rejected or
   * withdrawn (orderStatus '0'), every active line a master material. Makes and publishes an RFQ of
   * enquiryType '3' (one line per order line, every invitee on every line, quotes open once all answered)
   * and moves the order to '6' with `enquiryId`/`enquiryNumber`; the suppliers get the RFQ invitation.
   * Answers the order header. '400' rules (orderStatusNotAllowed; body.quoteEndTime not later than now;
   * supplierNotLinked; orderBidMaterialMissing naming the line), '403' a selling-side user, '404' not the
   * caller's order, '409' stale version.
   * Function permission (issue #19): `order.startBidding`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/startBidding/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'startBidding') },
      schema: {
        tags: ['order'],
        summary: 'Start price bidding on an unsent order as a one-round RFQ (buyer)',
        params: idParams,
        body: orderStartBiddingBodySchema,
        response: { 200: headerAnswer },
      },
    },
    async (request) => {
      const row = await startBidding(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body,
      );
      kick();
      return ok(header.toHeader(row));
    },
  );

  /**
   * POST /apis/order/PurchaseOrderService/cancelBidding/{id} — the buyer cancels the bidding of an order in
   * bidding (issue #5, seed 001 §4 "in bidding"; issue #13). Body { version (the order's) }. The order's
   * RFQ is closed (its invitees told) and the order goes back to orderStatus '0' unchanged, without the RFQ
   * link. Answers the order header. '400' when not in bidding, '403' a selling-side user, '404' not the
   * caller's order, '409' stale version.
   * Function permission (issue #19): `order.cancelBidding`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/cancelBidding/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'cancelBidding') },
      schema: {
        tags: ['order'],
        summary: 'Cancel the bidding of an order: its RFQ is closed (buyer)',
        params: idParams,
        body: z.object({ version: z.number().int().min(0).max(2_000_000_000) }),
        response: { 200: headerAnswer },
      },
    },
    async (request) => {
      const row = await cancelBidding(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body.version,
      );
      kick();
      return ok(header.toHeader(row));
    },
  );
}
