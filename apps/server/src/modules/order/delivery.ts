import type { OrderReceiveBody, OrderShipBody } from '@srm/contracts/purchase-order';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { notify } from '../message/notify.ts';
import {
  assertBuyer,
  assertVersion,
  creatorOf,
  findItems,
  findOrderForBuyer,
  findOrderForSupplier,
  ORDER_KIND,
  orderLink,
  transition,
  userKey,
} from './service.ts';
import { purchaseOrderItem, purchaseOrderShipment, purchaseOrderShipmentItem } from './tables.ts';

/**
 * Shipping and receiving of purchase orders (issue #5; seed 001 §3 deliveryStatus, §4 "shipment in
 * transit", "partial receipt", "all goods received", §5 shipment quantity and logistics rules).
 *
 * The supplier ships confirmed open lines in shipments (ASN-like sub-documents of the order); the buyer
 * receives against one shipment at a time. Quantities are exact decimals in the line's unit.
 */

type ItemRow = typeof purchaseOrderItem.$inferSelect;
export type ShipmentRow = typeof purchaseOrderShipment.$inferSelect;
export type ShipmentItemRow = typeof purchaseOrderShipmentItem.$inferSelect;

/** Prefix of shipment numbers (per supplier company and month: SN2026110001). */
export const SHIPMENT_PREFIX = 'SN';

const fmt = (d: Decimal) => d.toFixed(3).replace(/\.?0+$/, '');

/**
 * How much of a line can still be shipped: quantity × (1 + overTolerance/100) − shipped, never below 0
 * (3 decimals, rounded down so a shipment never exceeds the tolerance).
 */
export function remainingToShip(
  line: Pick<ItemRow, 'quantity' | 'overTolerance' | 'shippedQuantity'>,
): Decimal {
  const allowed = new Decimal(line.quantity)
    .mul(new Decimal(1).add(new Decimal(line.overTolerance).div(100)))
    .toDecimalPlaces(3, Decimal.ROUND_DOWN);
  const rest = allowed.sub(line.shippedQuantity);
  return rest.isNegative() ? new Decimal(0) : rest;
}

/**
 * The delivery status after a receipt: 3 "all goods received" when every confirmed open line has
 * received at least quantity × (1 − lackTolerance/100), else 2 "partial receipt".
 */
export function deliveryStatusAfterReceipt(
  lines: Array<
    Pick<ItemRow, 'quantity' | 'lackTolerance' | 'receivedQuantity' | 'itemStatus' | 'isClose' | 'isDel'>
  >,
): '2' | '3' {
  const open = lines.filter((l) => l.itemStatus === '1' && l.isClose === 'N' && l.isDel === 'N');
  const complete = open.every((l) =>
    new Decimal(l.receivedQuantity).gte(
      new Decimal(l.quantity).mul(new Decimal(1).sub(new Decimal(l.lackTolerance).div(100))),
    ),
  );
  return complete ? '3' : '2';
}

export function assertSupplier(auth: AuthContext) {
  if (auth.station !== 'sale') throw forbidden('onlySupplier');
}

/** Refuses a body that names the same order line twice ('400' naming its line number). */
function assertDistinct(lines: Array<{ itemId: string }>, items: ItemRow[]) {
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.itemId)) {
      const item = items.find((i) => i.id === line.itemId);
      throw badRequest('lineRepeated', { line: item?.itemNumber ?? line.itemId });
    }
    seen.add(line.itemId);
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The supplier ships lines of a sent, (partly) confirmed order that is not closed and has no change
 * waiting for confirmation: each line confirmed, open, not deleted, quantity > 0 and at most
 * remainingToShip. Creates one shipment (status 1 in transit) with its lines, adds the quantities to the
 * lines' shippedQuantity, sets the order's deliveryStatus to 1 and tells the buyer who created the
 * order — one transaction, one audit-trail row ('ship', remark = shipment number), '409' when stale.
 */
export async function shipOrder(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: OrderShipBody,
) {
  assertSupplier(auth);
  const shipDate = body.shipDate ?? today();
  if (body.expectedArrivalDate && body.expectedArrivalDate < shipDate) throw badRequest('arrivalBeforeShip');
  return db.transaction(async (tx) => {
    const order = await findOrderForSupplier(tx, auth, id, true);
    assertVersion(order, body.version);
    if (!['2', '3'].includes(order.orderStatus) || order.changeStatus === '2')
      throw badRequest('shipNeedsConfirmed');
    const items = await findItems(tx, id);
    assertDistinct(body.lines, items);
    const shipped: Array<{ item: ItemRow; quantity: Decimal }> = [];
    for (const line of body.lines) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw badRequest('lineNotInOrder', { id: line.itemId });
      if (item.itemStatus !== '1' || item.isClose === 'Y' || item.isDel === 'Y')
        throw badRequest('lineNotShippable', { line: item.itemNumber });
      const quantity = new Decimal(line.quantity);
      const remaining = remainingToShip(item);
      if (quantity.gt(remaining))
        throw badRequest('shipOverRemaining', {
          line: item.itemNumber,
          quantity: fmt(quantity),
          remaining: fmt(remaining),
        });
      shipped.push({ item, quantity });
    }
    const [shipment] = await tx
      .insert(purchaseOrderShipment)
      .values({
        orderId: order.id,
        elsAccount: order.elsAccount,
        toElsAccount: order.toElsAccount,
        shipmentNumber: await nextDocumentNumber(tx, order.toElsAccount, SHIPMENT_PREFIX),
        logisticsCompany: body.logisticsCompany,
        trackingNumber: body.trackingNumber,
        shipDate,
        expectedArrivalDate: body.expectedArrivalDate ?? null,
        remark: body.remark || null,
        createUser: userKey(auth),
        lastUpdateUser: userKey(auth),
      })
      .returning();
    const lines = await tx
      .insert(purchaseOrderShipmentItem)
      .values(
        shipped.map(({ item, quantity }) => ({
          shipmentId: shipment.id,
          orderItemId: item.id,
          itemNumber: item.itemNumber,
          shippedQuantity: quantity.toFixed(3),
        })),
      )
      .returning();
    for (const { item, quantity } of shipped) {
      await tx
        .update(purchaseOrderItem)
        .set({ shippedQuantity: sql`${purchaseOrderItem.shippedQuantity} + ${quantity.toFixed(3)}` })
        .where(eq(purchaseOrderItem.id, item.id));
    }
    const row = await transition(
      tx,
      auth,
      order,
      { deliveryStatus: '1' },
      'ship',
      order.deliveryStatus,
      '1',
      shipment.shipmentNumber,
    );
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: `供应商已发货：采购订单 ${order.orderNumber}，发货单 ${shipment.shipmentNumber}`,
      msgContent: `${shipment.logisticsCompany} ${shipment.trackingNumber}`,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return { order: row, shipment, lines };
  });
}

/**
 * The buyer receives against one in-transit shipment of its sent order: lines of that shipment, each
 * quantity > 0 and at most shipped − received on the shipment line. Adds the quantities to the shipment
 * lines and order lines; the shipment becomes 2 "received" when every line of it is received in full;
 * the order's deliveryStatus becomes 3 or 2 (deliveryStatusAfterReceipt). Receiving stays possible on a
 * closed order or closed lines (goods already on the way still arrive). One transaction, one
 * audit-trail row ('receive', remark = shipment number), a message to the supplier company; '409' stale.
 */
export async function receiveShipment(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: OrderReceiveBody,
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, body.version);
    const [shipment] = await tx
      .select()
      .from(purchaseOrderShipment)
      .where(
        and(
          eq(purchaseOrderShipment.id, body.shipmentId),
          eq(purchaseOrderShipment.orderId, order.id),
          eq(purchaseOrderShipment.elsAccount, auth.elsAccount),
        ),
      )
      .for('update');
    if (!shipment) throw notFound('shipmentNotFound');
    if (shipment.status !== '1')
      throw badRequest('shipmentNotInTransit', { number: shipment.shipmentNumber });
    const shipmentLines = await tx
      .select()
      .from(purchaseOrderShipmentItem)
      .where(eq(purchaseOrderShipmentItem.shipmentId, shipment.id));
    const items = await findItems(tx, id);
    assertDistinct(body.lines, items);
    const received: Array<{ line: ShipmentItemRow; quantity: Decimal }> = [];
    for (const input of body.lines) {
      const line = shipmentLines.find((l) => l.orderItemId === input.itemId);
      const item = items.find((i) => i.id === input.itemId);
      if (!item) throw badRequest('lineNotInOrder', { id: input.itemId });
      if (!line)
        throw badRequest('lineNotInShipment', { line: item.itemNumber, number: shipment.shipmentNumber });
      const quantity = new Decimal(input.quantity);
      const remaining = new Decimal(line.shippedQuantity).sub(line.receivedQuantity);
      if (quantity.gt(remaining))
        throw badRequest('receiveOverShipped', {
          line: item.itemNumber,
          quantity: fmt(quantity),
          remaining: fmt(remaining),
        });
      received.push({ line, quantity });
    }
    for (const { line, quantity } of received) {
      const q = quantity.toFixed(3);
      await tx
        .update(purchaseOrderShipmentItem)
        .set({ receivedQuantity: sql`${purchaseOrderShipmentItem.receivedQuantity} + ${q}` })
        .where(eq(purchaseOrderShipmentItem.id, line.id));
      await tx
        .update(purchaseOrderItem)
        .set({ receivedQuantity: sql`${purchaseOrderItem.receivedQuantity} + ${q}` })
        .where(eq(purchaseOrderItem.id, line.orderItemId));
    }
    const complete = shipmentLines.every((l) => {
      const got = received.find((r) => r.line.id === l.id)?.quantity ?? new Decimal(0);
      return new Decimal(l.receivedQuantity).add(got).gte(l.shippedQuantity);
    });
    const [shipmentAfter] = await tx
      .update(purchaseOrderShipment)
      .set({
        status: complete ? '2' : '1',
        receiveDate: sql`now()`,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
      })
      .where(eq(purchaseOrderShipment.id, shipment.id))
      .returning();
    const to = deliveryStatusAfterReceipt(await findItems(tx, id));
    const row = await transition(
      tx,
      auth,
      order,
      { deliveryStatus: to },
      'receive',
      order.deliveryStatus,
      to,
      body.remark ? `${shipment.shipmentNumber} ${body.remark}` : shipment.shipmentNumber,
    );
    await notify(tx, env, {
      receivers: { companies: [order.toElsAccount] },
      msgTitle: `采购方已收货：采购订单 ${order.orderNumber}，发货单 ${shipment.shipmentNumber}`,
      msgContent: received.map((r) => `#${r.line.itemNumber} × ${fmt(r.quantity)}`).join('，'),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    const lines = await tx
      .select()
      .from(purchaseOrderShipmentItem)
      .where(eq(purchaseOrderShipmentItem.shipmentId, shipment.id))
      .orderBy(asc(purchaseOrderShipmentItem.itemNumber));
    return { order: row, shipment: shipmentAfter, lines };
  });
}

/**
 * The shipments of an order the caller may already see (call after getOrder checked the side and
 * company), oldest first, each with its lines in line order.
 */
export async function findShipments(db: Queryable, orderId: string) {
  const shipments = await db
    .select()
    .from(purchaseOrderShipment)
    .where(eq(purchaseOrderShipment.orderId, orderId))
    .orderBy(asc(purchaseOrderShipment.createDate), asc(purchaseOrderShipment.shipmentNumber));
  if (shipments.length === 0) return [];
  const lines = await db
    .select()
    .from(purchaseOrderShipmentItem)
    .where(
      inArray(
        purchaseOrderShipmentItem.shipmentId,
        shipments.map((s) => s.id),
      ),
    )
    .orderBy(asc(purchaseOrderShipmentItem.itemNumber));
  return shipments.map((s) => ({ shipment: s, lines: lines.filter((l) => l.shipmentId === s.id) }));
}
