import { Decimal } from '@srm/contracts/decimal';
import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { canDo } from '@srm/contracts/document/define';
import type { OrderReceiveBody, OrderShipBody } from '@srm/contracts/purchase-order';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit-trail.ts';
import { companyToday, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { findCompanyName } from '../account/index.ts';
import { deliveryNote, deliveryNoteItem } from '../delivery-note/tables.ts';
import { fillText, notify } from '../message/index.ts';
import {
  assertBuyer,
  assertVersion,
  creatorOf,
  findItems,
  findOrderForBuyer,
  findOrderForSupplier,
  ORDER_DEFINITION,
  ORDER_KIND,
  orderLink,
  transition,
  userKey,
} from './service.ts';
import { purchaseOrder, purchaseOrderItem } from './tables.ts';

/**
 * What deliveries do to purchase orders (issue #5, #12; seed 001 §3 deliveryStatus, §4 "shipment in
 * transit", "partial receipt", "all goods received", §5 shipment quantity and logistics rules).
 *
 * Goods travel on delivery notices (modules/delivery-note, the kernel kind `deliveryNote`): shipping a
 * notice adds its quantities to the order lines' shippedQuantity and sets the orders' deliveryStatus;
 * receiving adds to receivedQuantity. The order's own calls `ship/{id}` and `receive/{id}` remain as a
 * shortcut for one order: they make (or receive) a sales-initiated notice of that order's lines.
 * Quantities are exact decimals in the line's unit.
 */

type ItemRow = typeof purchaseOrderItem.$inferSelect;
export type NoteRow = typeof deliveryNote.$inferSelect;
export type NoteItemRow = typeof deliveryNoteItem.$inferSelect;

/** Quantities as shown in messages: 3 decimals without trailing zeros. */
export const fmt = (d: Decimal) => d.toFixed(3).replace(/\.?0+$/, '');

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

/** An order line's quantity moved by a notice (shipped, received, or taken back by a cancel). */
export type LineMove = { orderId: string; orderItemId: string; quantity: string };

/** The orders of the moves, locked, in a stable order (no deadlock between two notices). */
async function lockOrders(tx: Tx, moves: LineMove[]) {
  const ids = [...new Set(moves.map((m) => m.orderId))].sort();
  return tx
    .select()
    .from(purchaseOrder)
    .where(inArray(purchaseOrder.id, ids))
    .orderBy(purchaseOrder.id)
    .for('update');
}

/**
 * A notice's lines were shipped: adds each quantity to its order line's shippedQuantity and moves each
 * order to deliveryStatus 1 "shipment in transit" (version + 1, one order audit row 'ship' with the
 * notice number as remark). Call inside the notice's transaction.
 */
export async function applyShipment(tx: Tx, auth: AuthContext, noteNumber: string, moves: LineMove[]) {
  const orders = await lockOrders(tx, moves);
  for (const move of moves)
    await tx
      .update(purchaseOrderItem)
      .set({ shippedQuantity: sql`${purchaseOrderItem.shippedQuantity} + ${move.quantity}` })
      .where(eq(purchaseOrderItem.id, move.orderItemId));
  const after = [];
  for (const order of orders)
    after.push(
      await transition(
        tx,
        auth,
        order,
        { deliveryStatus: '1' },
        'ship',
        order.deliveryStatus,
        '1',
        noteNumber,
      ),
    );
  return after;
}

/**
 * A notice's lines were received: adds each quantity to its order line's receivedQuantity and moves
 * each order to deliveryStatusAfterReceipt (2 partial or 3 all goods received), with one order audit
 * row 'receive' (remark: the notice number and the receiver's remark).
 */
export async function applyReceipt(
  tx: Tx,
  auth: AuthContext,
  noteNumber: string,
  moves: LineMove[],
  remark?: string,
) {
  const orders = await lockOrders(tx, moves);
  for (const move of moves)
    await tx
      .update(purchaseOrderItem)
      .set({ receivedQuantity: sql`${purchaseOrderItem.receivedQuantity} + ${move.quantity}` })
      .where(eq(purchaseOrderItem.id, move.orderItemId));
  const after = [];
  for (const order of orders) {
    const to = deliveryStatusAfterReceipt(await findItems(tx, order.id));
    after.push(
      await transition(
        tx,
        auth,
        order,
        { deliveryStatus: to },
        'receive',
        order.deliveryStatus,
        to,
        remark ? `${noteNumber} ${remark}` : noteNumber,
      ),
    );
  }
  return after;
}

/**
 * A shipped notice with nothing received was cancelled: takes its quantities back from the order lines'
 * shippedQuantity; an order with nothing shipped any more returns to 0 "not shipped", one with goods
 * received keeps its receipt status, else stays 1 in transit. One order audit row 'cancelShipment'.
 */
export async function revertShipment(tx: Tx, auth: AuthContext, noteNumber: string, moves: LineMove[]) {
  const orders = await lockOrders(tx, moves);
  for (const move of moves)
    await tx
      .update(purchaseOrderItem)
      .set({ shippedQuantity: sql`greatest(${purchaseOrderItem.shippedQuantity} - ${move.quantity}, 0)` })
      .where(eq(purchaseOrderItem.id, move.orderItemId));
  for (const order of orders) {
    const items = await findItems(tx, order.id);
    const shipped = items.some((i) => new Decimal(i.shippedQuantity).gt(0));
    const received = items.some((i) => new Decimal(i.receivedQuantity).gt(0));
    const to = !shipped && !received ? '0' : received ? deliveryStatusAfterReceipt(items) : '1';
    await transition(
      tx,
      auth,
      order,
      { deliveryStatus: to },
      'cancelShipment',
      order.deliveryStatus,
      to,
      noteNumber,
    );
  }
}

/** Whether an order line can be delivered now: a sent, (partly) confirmed order without a pending change, a confirmed open line. */
export function lineOpenForDelivery(
  order: Pick<typeof purchaseOrder.$inferSelect, 'sendStatus' | 'orderStatus' | 'changeStatus'>,
  item: Pick<ItemRow, 'itemStatus' | 'isClose' | 'isDel'>,
) {
  return (
    canDo(ORDER_DEFINITION, 'ship', order, 'sale') &&
    item.itemStatus === '1' &&
    item.isClose === 'N' &&
    item.isDel === 'N'
  );
}

const noteTexts = deliveryNoteDefinition.actions;

/**
 * The supplier ships lines of one sent, (partly) confirmed order that is not closed and has no change
 * waiting for confirmation (the order's shortcut: `SaleOrderService/ship/{id}`): each line confirmed,
 * open, not deleted, quantity > 0 and at most remainingToShip. Makes one sales-initiated delivery notice
 * in status 3 "shipped" (DN…), adds the quantities to the lines' shippedQuantity, sets the order's
 * deliveryStatus to 1 and tells the buyer who created the order — one transaction, one order audit row
 * ('ship', remark = notice number) and one notice audit row; '409' when stale.
 */
export async function shipOrder(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: OrderShipBody,
) {
  assertSupplier(auth);
  if (body.shipDate && body.expectedArrivalDate && body.expectedArrivalDate < body.shipDate)
    throw badRequest('arrivalBeforeShip');
  return db.transaction(async (tx) => {
    const order = await findOrderForSupplier(tx, auth, id, true);
    // Today in the buyer's calendar when the supplier names no date (issue #35).
    const shipDate = body.shipDate ?? (await companyToday(tx, order.elsAccount));
    if (body.expectedArrivalDate && body.expectedArrivalDate < shipDate)
      throw badRequest('arrivalBeforeShip');
    assertVersion(order, body.version);
    if (!canDo(ORDER_DEFINITION, 'ship', order, 'sale')) throw badRequest('shipNeedsConfirmed');
    const items = await findItems(tx, id);
    assertDistinct(body.lines, items);
    const shipped: Array<{ item: ItemRow; quantity: Decimal }> = [];
    for (const line of body.lines) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw badRequest('lineNotInOrder', { id: line.itemId });
      if (!lineOpenForDelivery(order, item)) throw badRequest('lineNotShippable', { line: item.itemNumber });
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
    const buyer = { name: await findCompanyName(tx, order.elsAccount) };
    const total = shipped.reduce((sum, s) => sum.add(s.quantity), new Decimal(0));
    const [note] = await tx
      .insert(deliveryNote)
      .values({
        elsAccount: order.elsAccount,
        toElsAccount: order.toElsAccount,
        deliveryNoteNumber: await nextDocumentNumber(tx, order.toElsAccount, deliveryNoteDefinition.prefix),
        noteType: '1',
        noteStatus: '3',
        sendStatus: '1',
        supplierName: order.supplierName,
        buyerName: buyer?.name ?? order.elsAccount,
        noteDate: shipDate,
        logisticsCompany: body.logisticsCompany,
        trackingNumber: body.trackingNumber,
        expectedArrivalDate: body.expectedArrivalDate ?? null,
        receivedAddress: order.deliveryAddress,
        remark: body.remark || null,
        totalQuantity: total.toFixed(3),
        sendTime: nowDate(),
        createUser: userKey(auth),
        lastUpdateUser: userKey(auth),
      })
      .returning();
    const lines = await tx
      .insert(deliveryNoteItem)
      .values(
        shipped.map(({ item, quantity }, i) => ({
          documentId: note.id,
          elsAccount: order.elsAccount,
          toElsAccount: order.toElsAccount,
          lineNumber: (i + 1) * 10,
          orderId: order.id,
          orderItemId: item.id,
          orderNumber: order.orderNumber,
          itemNumber: item.itemNumber,
          materialNumber: item.materialNumber,
          materialDesc: item.materialDesc,
          unit: item.unit,
          quantity: item.quantity,
          deliveryDate: item.deliveryDate,
          sendDeliveryNoteQuantity: quantity.toFixed(3),
          boxCount: defaultBoxCount(quantity, item.minPackingQuantity),
        })),
      )
      .returning();
    await recordAudit(tx, {
      elsAccount: order.elsAccount,
      documentKind: deliveryNoteDefinition.kind,
      documentId: note.id,
      action: 'ship',
      fromStatus: null,
      toStatus: '3',
      createUser: userKey(auth),
    });
    const [row] = await applyShipment(
      tx,
      auth,
      note.deliveryNoteNumber,
      shipped.map((s) => ({ orderId: order.id, orderItemId: s.item.id, quantity: s.quantity.toFixed(3) })),
    );
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: fillText(noteTexts.ship.notify.title, {
        number: `${note.deliveryNoteNumber} (${order.orderNumber})`,
      }),
      msgContent: `${body.logisticsCompany} ${body.trackingNumber}`,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return { order: row, note, lines };
  });
}

/** Boxes of a line: quantity ÷ minimum packing quantity, rounded up; one box without a packing quantity. */
export function defaultBoxCount(quantity: Decimal.Value, minPackingQuantity: Decimal.Value | null): number {
  const pack = new Decimal(minPackingQuantity ?? 0);
  if (pack.lte(0)) return 1;
  return Math.max(1, Math.min(9999, new Decimal(quantity).div(pack).ceil().toNumber()));
}

/**
 * The buyer receives against one shipped notice of its sent order (the order's shortcut:
 * `PurchaseOrderService/receive/{id}`, `shipmentId` = the notice): lines of that notice and order, each
 * quantity > 0 and at most delivered − received on the notice line. The notice becomes 5 "fully
 * received" when every line of it is received in full, else 4 "partial receipt"; the order's
 * deliveryStatus 3 or 2 (deliveryStatusAfterReceipt). Receiving stays possible on a closed order or
 * closed lines (goods already on the way still arrive). One transaction, an audit row on the order
 * ('receive', remark = notice number) and on the notice, a message to the supplier company; '409' stale.
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
    const [note] = await tx
      .select()
      .from(deliveryNote)
      .where(and(eq(deliveryNote.id, body.shipmentId), eq(deliveryNote.elsAccount, auth.elsAccount)))
      .for('update');
    const noteLines = note
      ? (await tx.select().from(deliveryNoteItem).where(eq(deliveryNoteItem.documentId, note.id))).filter(
          (l) => l.orderId === order.id,
        )
      : [];
    if (!note || noteLines.length === 0) throw notFound('shipmentNotFound');
    if (!['3', '4'].includes(note.noteStatus))
      throw badRequest('shipmentNotInTransit', { number: note.deliveryNoteNumber });
    const items = await findItems(tx, id);
    assertDistinct(body.lines, items);
    const received = receivedLines(
      body.lines.map((l) => {
        const item = items.find((i) => i.id === l.itemId);
        if (!item) throw badRequest('lineNotInOrder', { id: l.itemId });
        const line = noteLines.find((n) => n.orderItemId === l.itemId);
        if (!line)
          throw badRequest('lineNotInShipment', { line: item.itemNumber, number: note.deliveryNoteNumber });
        return { line, quantity: l.quantity };
      }),
      'receiveOverShipped',
    );
    const after = await receiveNoteLines(tx, auth, note, received, body.remark);
    const [row] = await applyReceipt(
      tx,
      auth,
      note.deliveryNoteNumber,
      received.map((r) => ({
        orderId: r.line.orderId,
        orderItemId: r.line.orderItemId,
        quantity: r.quantity.toFixed(3),
      })),
      body.remark,
    );
    await notify(tx, env, {
      receivers: { companies: [order.toElsAccount] },
      msgTitle: fillText(noteTexts.receive.notify.title, {
        number: `${note.deliveryNoteNumber} (${order.orderNumber})`,
      }),
      msgContent: received.map((r) => `#${r.line.itemNumber} × ${fmt(r.quantity)}`).join(', '),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    const lines = (
      await tx.select().from(deliveryNoteItem).where(eq(deliveryNoteItem.documentId, note.id))
    ).filter((l) => l.orderId === order.id);
    return { order: row, note: after, lines };
  });
}

/**
 * Checks quantities received on notice lines: each > 0 and at most delivered − received ('400' naming
 * the line with `overKey`). Answers the quantities as exact decimals.
 */
export function receivedLines(
  input: Array<{ line: NoteItemRow; quantity: string }>,
  overKey: 'receiveOverShipped' | 'noteReceiveOver',
) {
  return input.map(({ line, quantity }) => {
    const q = new Decimal(quantity);
    const remaining = new Decimal(line.sendDeliveryNoteQuantity).sub(line.confirmQuantity);
    if (q.gt(remaining))
      throw badRequest(overKey, { line: line.itemNumber, quantity: fmt(q), remaining: fmt(remaining) });
    return { line, quantity: q };
  });
}

/**
 * Adds received quantities to a notice's lines and moves the notice to 5 "fully received" (every line
 * received in full) or 4 "partial receipt" at version + 1, with one notice audit row. For the order's
 * shortcut; the kernel's receive action writes the notice itself.
 */
async function receiveNoteLines(
  tx: Tx,
  auth: AuthContext,
  note: NoteRow,
  received: Array<{ line: NoteItemRow; quantity: Decimal }>,
  remark?: string,
) {
  const to = await addReceipts(tx, note.id, received);
  const [after] = await tx
    .update(deliveryNote)
    .set({
      noteStatus: to,
      confirmDate: sql`now()`,
      lastUpdateUser: userKey(auth),
      lastUpdateDate: sql`now()`,
      version: sql`${deliveryNote.version} + 1`,
    })
    .where(eq(deliveryNote.id, note.id))
    .returning();
  await recordAudit(tx, {
    elsAccount: note.elsAccount,
    documentKind: deliveryNoteDefinition.kind,
    documentId: note.id,
    action: 'receive',
    fromStatus: note.noteStatus,
    toStatus: to,
    remark: remark ?? null,
    createUser: userKey(auth),
  });
  return after;
}

/** Adds receipts to notice lines; answers the notice's status after them (5 all received, else 4). */
export async function addReceipts(
  tx: Tx,
  noteId: string,
  received: Array<{ line: NoteItemRow; quantity: Decimal }>,
) {
  for (const { line, quantity } of received)
    await tx
      .update(deliveryNoteItem)
      .set({ confirmQuantity: sql`${deliveryNoteItem.confirmQuantity} + ${quantity.toFixed(3)}` })
      .where(eq(deliveryNoteItem.id, line.id));
  const lines = await tx.select().from(deliveryNoteItem).where(eq(deliveryNoteItem.documentId, noteId));
  return lines.every((l) => new Decimal(l.confirmQuantity).gte(l.sendDeliveryNoteQuantity)) ? '5' : '4';
}

/**
 * The shipped notices that carry lines of an order (call after the caller's side and company were
 * checked on the order), oldest first, each with that order's lines only: what the order's detail shows
 * as its shipments.
 */
export async function findOrderNotes(db: Queryable, orderId: string) {
  const lines = await db
    .select()
    .from(deliveryNoteItem)
    .where(eq(deliveryNoteItem.orderId, orderId))
    .orderBy(asc(deliveryNoteItem.itemNumber));
  if (lines.length === 0) return [];
  const notes = await db
    .select()
    .from(deliveryNote)
    .where(
      and(
        inArray(deliveryNote.id, [...new Set(lines.map((l) => l.documentId))]),
        inArray(deliveryNote.noteStatus, ['3', '4', '5']),
      ),
    )
    .orderBy(asc(deliveryNote.createDate), asc(deliveryNote.deliveryNoteNumber));
  return notes.map((note) => ({ note, lines: lines.filter((l) => l.documentId === note.id) }));
}

/** Whether a notice that is not cancelled (a draft, a request, shipped or received) holds lines of the order. */
export async function orderHasLiveNotes(db: Queryable, orderId: string) {
  const rows = await db
    .select({ id: deliveryNote.id })
    .from(deliveryNoteItem)
    .innerJoin(deliveryNote, eq(deliveryNote.id, deliveryNoteItem.documentId))
    .where(and(eq(deliveryNoteItem.orderId, orderId), ne(deliveryNote.noteStatus, '6')))
    .limit(1);
  return rows.length > 0;
}
