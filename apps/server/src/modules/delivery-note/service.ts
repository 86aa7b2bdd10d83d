import { Decimal } from '@srm/contracts/decimal';
import { deliveryNoteDefinition as def, TRANSPORT_WAY } from '@srm/contracts/delivery-note';
import type { Side } from '@srm/contracts/document/define';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companyToday, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { likePrefix } from '../../platform/document/list-query.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { findCompanyName, findCompanyNames } from '../account/index.ts';
import {
  addReceipts,
  applyReceipt,
  applyShipment,
  defaultBoxCount,
  fmt,
  type LineMove,
  lineOpenForDelivery,
  receivedLines,
  remainingToShip,
  revertShipment,
} from '../order/delivery.ts';
import { purchaseOrder, purchaseOrderItem } from '../order/tables.ts';
import { deliveryNote, deliveryNoteItem } from './tables.ts';

/**
 * Delivery notices' own rules (issue #12; seed 001 §3 delivery notice, §4 deliveries, §5 "shipment
 * quantity greater than 0 and at most the remaining quantity", "logistics information required"). The
 * kernel (platform/document) does the rest: lists, detail, versions, the transition table, audit rows
 * and messages.
 */

type NoteRow = typeof deliveryNote.$inferSelect;
type NoteItemRow = typeof deliveryNoteItem.$inferSelect;
type OrderItem = typeof purchaseOrderItem.$inferSelect;
type Order = typeof purchaseOrder.$inferSelect;

/** The order lines named by a notice with their orders, for the side that saves it. */
async function orderLinesFor(tx: Queryable, auth: AuthContext, side: Side, ids: string[]) {
  const rows = await tx
    .select({ item: purchaseOrderItem, order: purchaseOrder })
    .from(purchaseOrderItem)
    .innerJoin(purchaseOrder, eq(purchaseOrder.id, purchaseOrderItem.orderId))
    .where(
      and(
        inArray(purchaseOrderItem.id, ids),
        side === 'sale'
          ? eq(purchaseOrder.toElsAccount, auth.elsAccount)
          : eq(purchaseOrder.elsAccount, auth.elsAccount),
        eq(purchaseOrder.sendStatus, '1'),
      ),
    );
  return new Map(rows.map((r) => [r.item.id, r]));
}

/** '400' when a shipped quantity is more than the order line can still take (its tolerance included). */
function assertWithinRemaining(order: Order, item: OrderItem, quantity: Decimal.Value) {
  const q = new Decimal(quantity);
  const remaining = remainingToShip(item);
  if (q.gt(remaining))
    throw badRequest('noteOverRemaining', {
      order: order.orderNumber,
      line: item.itemNumber,
      quantity: fmt(q),
      remaining: fmt(remaining),
    });
}

/**
 * Save of a notice (both sides): lines of confirmed open order lines (each once) of one buyer and one
 * supplier, quantities > 0 and at most what each line can still take. The supplier's notice is
 * sales-initiated (noteType 1), the buyer's a delivery request (noteType 2). Names of both companies and
 * the order lines' data are copied onto the notice.
 */
export async function saveNote(ctx: SaveContext) {
  const { tx, auth, side, body, current } = ctx;
  const lines = body.lines as Array<{
    orderItemId: string;
    sendDeliveryNoteQuantity: string;
    batchNumber?: string;
    boxCount?: number;
  }>;
  const seen = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (seen.has(line.orderItemId)) throw badRequest('docLineRepeated', { line: lineNumberAt(i) });
    seen.add(line.orderItemId);
  }
  const found = await orderLinesFor(
    tx,
    auth,
    side,
    lines.map((l) => l.orderItemId),
  );
  const first = found.get(lines[0].orderItemId)?.order;
  const buyer = current?.elsAccount ?? first?.elsAccount;
  const supplier = current?.toElsAccount ?? first?.toElsAccount;
  for (const line of lines) {
    const entry = found.get(line.orderItemId);
    if (!entry) throw badRequest('noteLineUnknown', { id: line.orderItemId });
    if (entry.order.elsAccount !== buyer || entry.order.toElsAccount !== supplier)
      throw badRequest('noteOneBuyer');
    if (!lineOpenForDelivery(entry.order, entry.item))
      throw badRequest('noteLineNotOpen', { order: entry.order.orderNumber, line: entry.item.itemNumber });
    assertWithinRemaining(entry.order, entry.item, line.sendDeliveryNoteQuantity);
  }
  const buyerCompany = { name: await findCompanyName(tx, buyer ?? '') };
  const total = lines.reduce((sum, l) => sum.add(l.sendDeliveryNoteQuantity), new Decimal(0));
  const text = (name: string) =>
    typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;
  return {
    header: {
      elsAccount: buyer,
      toElsAccount: supplier,
      noteType: side === 'sale' ? '1' : '2',
      supplierName: first?.supplierName ?? current?.supplierName,
      buyerName: buyerCompany?.name ?? buyer,
      noteDate: text('noteDate') ?? (await companyToday(tx, buyer as string)),
      transportWay: text('transportWay'),
      logisticsCompany: text('logisticsCompany'),
      trackingNumber: text('trackingNumber'),
      deliveryTimeSlot: text('deliveryTimeSlot'),
      expectedArrivalDate: text('expectedArrivalDate'),
      receivedAddress: text('receivedAddress') ?? first?.deliveryAddress ?? null,
      receivedUser: text('receivedUser'),
      receivedPhone: text('receivedPhone'),
      remark: text('remark'),
      totalQuantity: total.toFixed(3),
    },
    lines: lines.map((line) => {
      const { item, order } = found.get(line.orderItemId) as { item: OrderItem; order: Order };
      return {
        orderId: order.id,
        orderItemId: item.id,
        orderNumber: order.orderNumber,
        itemNumber: item.itemNumber,
        materialNumber: item.materialNumber,
        materialDesc: item.materialDesc,
        unit: item.unit,
        quantity: item.quantity,
        deliveryDate: item.deliveryDate,
        sendDeliveryNoteQuantity: new Decimal(line.sendDeliveryNoteQuantity).toFixed(3),
        batchNumber: line.batchNumber || null,
        boxCount: line.boxCount ?? defaultBoxCount(line.sendDeliveryNoteQuantity, item.minPackingQuantity),
      };
    }),
  };
}

const moves = (lines: DocRow[], quantity: (l: NoteItemRow) => string): LineMove[] =>
  (lines as unknown as NoteItemRow[]).map((l) => ({
    orderId: l.orderId,
    orderItemId: l.orderItemId,
    quantity: quantity(l),
  }));

/**
 * Ship: the logistics information is required (seed 001 §5; the definition's `requires`, checked by the
 * kernel) — from the notice or the action's body; every line must still be open and within what its order line can take (checked again: a draft holds
 * nothing). The order lines' shipped quantities and the orders' delivery status follow (applyShipment).
 */
async function ship(ctx: ActionContext) {
  const { tx, auth, row, lines, body } = ctx;
  const pick = (name: 'transportWay' | 'logisticsCompany' | 'trackingNumber') =>
    (typeof body[name] === 'string' && body[name] !== '' ? body[name] : row[name]) as string | null;
  const logistics = {
    transportWay: pick('transportWay'),
    logisticsCompany: pick('logisticsCompany'),
    trackingNumber: pick('trackingNumber'),
  };
  const found = await orderLinesFor(
    tx,
    auth,
    'sale',
    lines.map((l) => l.orderItemId),
  );
  for (const line of lines as unknown as NoteItemRow[]) {
    const entry = found.get(line.orderItemId);
    if (!entry || !lineOpenForDelivery(entry.order, entry.item))
      throw badRequest('noteLineNotOpen', { order: line.orderNumber, line: line.itemNumber });
    assertWithinRemaining(entry.order, entry.item, line.sendDeliveryNoteQuantity);
  }
  await applyShipment(
    tx,
    auth,
    row.deliveryNoteNumber,
    moves(lines, (l) => l.sendDeliveryNoteQuantity),
  );
  const way = logistics.transportWay
    ? TRANSPORT_WAY[logistics.transportWay as keyof typeof TRANSPORT_WAY]
    : null;
  return {
    set: { ...logistics, sendTime: nowDate() },
    content: {
      zh_cn: [way?.zh_cn, logistics.logisticsCompany, logistics.trackingNumber].filter(Boolean).join(' '),
      en: [way?.en, logistics.logisticsCompany, logistics.trackingNumber].filter(Boolean).join(' '),
    },
  };
}

/**
 * Receive (buyer): quantities per notice line, each > 0 and at most delivered − received; the notice
 * becomes 5 fully received or 4 partial receipt; the order lines and orders follow (applyReceipt).
 */
async function receive(ctx: ActionContext) {
  const { tx, auth, row, lines, body } = ctx;
  const input = body.lines ?? [];
  const seen = new Set<string>();
  const received = receivedLines(
    input.map((l) => {
      const line = (lines as unknown as NoteItemRow[]).find((n) => n.id === l.lineId);
      if (!line) throw badRequest('docLineNotOnDocument', { id: l.lineId });
      if (seen.has(line.id)) throw badRequest('docLineRepeated', { line: line.itemNumber });
      seen.add(line.id);
      return { line, quantity: l.quantity };
    }),
    'noteReceiveOver',
  );
  const status = await addReceipts(tx, row.id, received);
  await applyReceipt(
    tx,
    auth,
    row.deliveryNoteNumber,
    received.map((r) => ({
      orderId: r.line.orderId,
      orderItemId: r.line.orderItemId,
      quantity: r.quantity.toFixed(3),
    })),
    body.remark,
  );
  const summary = received
    .map((r) => `${r.line.orderNumber}/${r.line.itemNumber} × ${fmt(r.quantity)}`)
    .join(', ');
  return { set: { noteStatus: status, confirmDate: nowDate() }, content: summary };
}

/** Cancel: a shipped notice gives its quantities back to the order lines (nothing received: guard 3). */
async function cancel(ctx: ActionContext) {
  const { tx, auth, row, lines } = ctx;
  if ((lines as unknown as NoteItemRow[]).some((l) => new Decimal(l.confirmQuantity).gt(0)))
    throw badRequest('noteHasReceipts');
  if (row.noteStatus === '3')
    await revertShipment(
      tx,
      auth,
      row.deliveryNoteNumber,
      moves(lines, (l) => l.sendDeliveryNoteQuantity),
    );
  return undefined;
}

/** Reply (supplier, to a delivery request): the expected arrival and time slot it promises. */
async function reply(ctx: ActionContext) {
  const set: Record<string, unknown> = {};
  for (const name of ['expectedArrivalDate', 'deliveryTimeSlot'] as const)
    if (typeof ctx.body[name] === 'string' && ctx.body[name] !== '') set[name] = ctx.body[name];
  return { set };
}

/** What is left to deliver on each line's order line (remainQuantity), beside the notice's own figures. */
async function decorateLines(db: Queryable, _row: DocRow, lines: DocRow[]) {
  if (lines.length === 0) return lines;
  const items = await db
    .select()
    .from(purchaseOrderItem)
    .where(
      inArray(
        purchaseOrderItem.id,
        lines.map((l) => l.orderItemId as string),
      ),
    );
  return lines.map((l) => {
    const item = items.find((i) => i.id === l.orderItemId);
    return { ...l, remainQuantity: item ? remainingToShip(item).toFixed(3) : null };
  });
}

export const deliveryNoteKind = defineKind({
  def,
  header: deliveryNote,
  lines: deliveryNoteItem,
  documentId: deliveryNoteItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  numberOwner: 'sale',
  save: saveNote,
  // The import names an order line by order number and line number, not by its id.
  importRefs: {
    orderItemId: {
      columns: [
        { key: 'orderNumber', label: { zh_cn: '订单号', en: 'Order number' }, type: 'text' },
        { key: 'itemNumber', label: { zh_cn: '订单行号', en: 'Order line number' }, type: 'integer' },
      ],
      resolve: findOrderLineIdByNumber,
    },
  },
  effects: { ship, receive, cancel, reply },
  decorateLines,
});

/** One open order line a side can put on a delivery notice. */
export type OpenOrderLine = {
  orderId: string;
  orderNumber: string;
  orderItemId: string;
  itemNumber: number;
  elsAccount: string;
  buyerName: string;
  toElsAccount: string;
  supplierName: string;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  quantity: string;
  shippedQuantity: string;
  receivedQuantity: string;
  remainQuantity: string;
  deliveryDate: string;
  replyDeliveryDate: string | null;
  minPackingQuantity: string;
};

/**
 * The open order lines of the caller's side that can still be delivered (spec 000 §7
 * findCreateDeliveryManage): confirmed, open lines of sent, (partly) confirmed orders without a pending
 * change, with something left (quantity × (1 + over tolerance) − shipped > 0); oldest requested date
 * first. The supplier sees lines of orders sent to it (filter elsAccount: one buyer), the buyer its own
 * (filter toElsAccount: one supplier); orderNumber filters by prefix.
 */
export async function findOpenLines(
  db: Queryable,
  auth: AuthContext,
  side: Side,
  filter: {
    currentPage: number;
    pageSize: number;
    elsAccount?: string;
    toElsAccount?: string;
    orderNumber?: string;
  },
) {
  const where: SQL[] = [
    side === 'sale'
      ? eq(purchaseOrder.toElsAccount, auth.elsAccount)
      : eq(purchaseOrder.elsAccount, auth.elsAccount),
    eq(purchaseOrder.sendStatus, '1'),
    inArray(purchaseOrder.orderStatus, ['2', '3']),
    sql`${purchaseOrder.changeStatus} <> '2'`,
    eq(purchaseOrderItem.itemStatus, '1'),
    eq(purchaseOrderItem.isClose, 'N'),
    eq(purchaseOrderItem.isDel, 'N'),
    sql`trunc(${purchaseOrderItem.quantity} * (1 + ${purchaseOrderItem.overTolerance} / 100), 3) > ${purchaseOrderItem.shippedQuantity}`,
  ];
  if (side === 'sale' && filter.elsAccount) where.push(eq(purchaseOrder.elsAccount, filter.elsAccount));
  if (side === 'purchase' && filter.toElsAccount)
    where.push(eq(purchaseOrder.toElsAccount, filter.toElsAccount));
  if (filter.orderNumber)
    where.push(sql`${purchaseOrder.orderNumber} like ${likePrefix(filter.orderNumber)}`);
  const rows = await db
    .select({ item: purchaseOrderItem, order: purchaseOrder })
    .from(purchaseOrderItem)
    .innerJoin(purchaseOrder, eq(purchaseOrder.id, purchaseOrderItem.orderId))
    .where(and(...where))
    .orderBy(
      asc(purchaseOrderItem.deliveryDate),
      asc(purchaseOrder.orderNumber),
      asc(purchaseOrderItem.itemNumber),
    )
    .limit(filter.pageSize + 1)
    .offset((filter.currentPage - 1) * filter.pageSize);
  // The buyers' names from the account module's entry (one query for the page), not a join on its table.
  const names = await findCompanyNames(
    db,
    rows.map((r) => r.order.elsAccount),
  );
  const records: OpenOrderLine[] = rows.slice(0, filter.pageSize).map(({ item, order }) => ({
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderItemId: item.id,
    itemNumber: item.itemNumber,
    elsAccount: order.elsAccount,
    buyerName: names.get(order.elsAccount) ?? order.elsAccount,
    toElsAccount: order.toElsAccount,
    supplierName: order.supplierName,
    materialNumber: item.materialNumber,
    materialDesc: item.materialDesc,
    unit: item.unit,
    quantity: item.quantity,
    shippedQuantity: item.shippedQuantity,
    receivedQuantity: item.receivedQuantity,
    remainQuantity: remainingToShip(item).toFixed(3),
    deliveryDate: item.deliveryDate,
    replyDeliveryDate: item.replyDeliveryDate,
    minPackingQuantity: item.minPackingQuantity,
  }));
  return {
    available: true,
    records,
    total: (filter.currentPage - 1) * filter.pageSize + rows.length,
    hasMore: rows.length > filter.pageSize,
  };
}

/** The id of the caller's side's notice with this exact number ('404' when none of its side). */
/**
 * The id of an order line named by order number and line number that the side may deliver against: the
 * buyer's own orders, or orders sent to the supplier (of any of its buyers: one match only). Null when
 * there is none or more than one.
 */
export async function findOrderLineIdByNumber(
  db: Queryable,
  auth: AuthContext,
  side: Side,
  values: Record<string, string>,
): Promise<string | null> {
  const itemNumber = Number(values.itemNumber);
  if (!values.orderNumber || !Number.isInteger(itemNumber)) return null;
  const rows = await db
    .select({ id: purchaseOrderItem.id })
    .from(purchaseOrderItem)
    .innerJoin(purchaseOrder, eq(purchaseOrder.id, purchaseOrderItem.orderId))
    .where(
      and(
        eq(purchaseOrder.orderNumber, values.orderNumber.trim().toUpperCase()),
        eq(purchaseOrderItem.itemNumber, itemNumber),
        side === 'purchase'
          ? eq(purchaseOrder.elsAccount, auth.elsAccount)
          : and(eq(purchaseOrder.toElsAccount, auth.elsAccount), eq(purchaseOrder.sendStatus, '1')),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0].id : null;
}

export async function findNoteIdByNumber(db: Queryable, auth: AuthContext, side: Side, number: string) {
  const [row] = await db
    .select({ id: deliveryNote.id })
    .from(deliveryNote)
    .where(
      and(
        eq(deliveryNote.deliveryNoteNumber, number.trim().toUpperCase()),
        deliveryNoteKind.scopeFor(auth, side),
      ),
    )
    .limit(1);
  // The message does not repeat the number: an answer never echoes an id it was not asked to show.
  if (!row) throw new AppError('404', 'noteNotByNumber');
  return row.id;
}

export type { NoteRow, Tx };
