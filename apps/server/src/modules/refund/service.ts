import { Decimal } from '@srm/contracts/decimal';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { refundDefinition as def } from '@srm/contracts/refund';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { companyToday } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { deliveryNoteKind } from '../delivery-note/service.ts';
import { deliveryNote, deliveryNoteItem } from '../delivery-note/tables.ts';
import { fmt } from '../order/delivery.ts';
import { purchaseOrder, purchaseOrderItem } from '../order/tables.ts';
import { refund, refundItem } from './tables.ts';

/**
 * Returns' own rules (issue #12; seed 001 §3 return fields, §5 "return reason required", "back reason
 * not empty"): the buyer returns goods received on one delivery notice, at most what was received and
 * not yet returned per line; a sent return reserves its quantities on the notice lines until the
 * supplier refuses it or the buyer cancels it; a confirmed return adds to the order lines'
 * returnQuantity. Money: line amount = quantity × the order line's price including tax, 2 decimals
 * half-up; the total is the sum of the lines.
 */

type RefundItemRow = typeof refundItem.$inferSelect;
type NoteItemRow = typeof deliveryNoteItem.$inferSelect;

/** What a notice line can still return: received − on sent or confirmed returns (never below 0). */
export function returnable(line: Pick<NoteItemRow, 'confirmQuantity' | 'returnQuantity'>): Decimal {
  const rest = new Decimal(line.confirmQuantity).sub(line.returnQuantity);
  return rest.isNegative() ? new Decimal(0) : rest;
}

/** Line amount of a return: quantity × price including tax, 2 decimals half-up (exact decimals). */
export function returnAmount(quantity: Decimal.Value, priceIncludingTax: Decimal.Value): string {
  return new Decimal(quantity).mul(priceIncludingTax).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** The buyer's notice (one it may see) and its lines, for a return; '400' when nothing was received. */
async function noteForReturn(db: Queryable, auth: AuthContext, deliveryNoteId: string, lock = false) {
  const note = await deliveryNoteKind.find(db, auth, 'purchase', deliveryNoteId, lock);
  if (!['4', '5'].includes(note.noteStatus))
    throw badRequest('refundNoteNotReceived', { number: note.deliveryNoteNumber });
  const lines = (await deliveryNoteKind.findLines(db, note.id)) as unknown as NoteItemRow[];
  return { note, lines };
}

function assertReturnable(line: NoteItemRow, quantity: Decimal.Value) {
  const q = new Decimal(quantity);
  const rest = returnable(line);
  if (q.gt(rest))
    throw badRequest('refundOverReturnable', {
      line: line.itemNumber,
      quantity: fmt(q),
      remaining: fmt(rest),
    });
}

/** Save (buyer): lines of one notice it received goods on, each once, quantity ≤ returnable. */
async function saveRefund(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  const deliveryNoteId = (current?.deliveryNoteId as string | undefined) ?? (body.deliveryNoteId as string);
  const { note, lines: noteLines } = await noteForReturn(tx, auth, deliveryNoteId);
  const input = body.lines as Array<{
    deliveryNoteItemId: string;
    returnQuantity: string;
    backReason?: string;
  }>;
  const seen = new Set<string>();
  const chosen = input.map((l, i) => {
    const line = noteLines.find((n) => n.id === l.deliveryNoteItemId);
    if (!line) throw badRequest('docLineNotOnDocument', { id: l.deliveryNoteItemId });
    if (seen.has(line.id)) throw badRequest('docLineRepeated', { line: lineNumberAt(i) });
    seen.add(line.id);
    assertReturnable(line, l.returnQuantity);
    return { line, input: l };
  });
  const items = await tx
    .select({
      id: purchaseOrderItem.id,
      price: purchaseOrderItem.priceIncludingTax,
      currency: purchaseOrder.currency,
    })
    .from(purchaseOrderItem)
    .innerJoin(purchaseOrder, eq(purchaseOrder.id, purchaseOrderItem.orderId))
    .where(
      inArray(
        purchaseOrderItem.id,
        chosen.map((c) => c.line.orderItemId),
      ),
    );
  const lines = chosen.map(({ line, input: l }) => {
    const item = items.find((i) => i.id === line.orderItemId);
    const price = item?.price ?? '0';
    return {
      deliveryNoteItemId: line.id,
      orderItemId: line.orderItemId,
      orderNumber: line.orderNumber,
      itemNumber: line.itemNumber,
      materialNumber: line.materialNumber,
      materialDesc: line.materialDesc,
      unit: line.unit,
      returnQuantity: new Decimal(l.returnQuantity).toFixed(3),
      priceIncludingTax: price,
      totalAmount: returnAmount(l.returnQuantity, price),
      backReason: l.backReason || null,
    };
  });
  const total = lines.reduce((sum, l) => sum.add(l.totalAmount), new Decimal(0));
  const text = (name: string) =>
    typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;
  return {
    header: {
      elsAccount: note.elsAccount,
      toElsAccount: note.toElsAccount,
      deliveryNoteId: note.id,
      deliveryNoteNumber: note.deliveryNoteNumber,
      supplierName: note.supplierName,
      buyerName: note.buyerName,
      returnData: text('returnData') ?? (await companyToday(tx, note.elsAccount)),
      backReason: text('backReason'),
      costType: text('costType') ?? '2',
      deductType: text('deductType') ?? '2',
      currency: items[0]?.currency ?? 'CNY',
      totalAmount: total.toFixed(2),
      remark: text('remark'),
    },
    lines,
  };
}

/** Moves quantities reserved on notice lines (+ when sent, − when refused or cancelled). */
async function reserve(tx: Tx, lines: RefundItemRow[], sign: 1 | -1) {
  for (const line of lines)
    await tx
      .update(deliveryNoteItem)
      .set({
        returnQuantity:
          sign > 0
            ? sql`${deliveryNoteItem.returnQuantity} + ${line.returnQuantity}`
            : sql`greatest(${deliveryNoteItem.returnQuantity} - ${line.returnQuantity}, 0)`,
      })
      .where(eq(deliveryNoteItem.id, line.deliveryNoteItemId));
}

const asLines = (lines: DocRow[]) => lines as unknown as RefundItemRow[];

/** Send: the quantities are checked again against the notice (another return may have been sent) and reserved. */
async function send(ctx: ActionContext) {
  const lines = asLines(ctx.lines);
  const { lines: noteLines } = await noteForReturn(ctx.tx, ctx.auth, ctx.row.deliveryNoteId, true);
  for (const line of lines) {
    const noteLine = noteLines.find((n) => n.id === line.deliveryNoteItemId);
    if (!noteLine) throw badRequest('docLineNotOnDocument', { id: line.deliveryNoteItemId });
    assertReturnable(noteLine, line.returnQuantity);
  }
  await reserve(ctx.tx, lines, 1);
  return { content: ctx.row.backReason as string };
}

/** Confirm (supplier): the returned quantities are accepted and added to the order lines. */
async function confirm(ctx: ActionContext) {
  for (const line of asLines(ctx.lines)) {
    await ctx.tx
      .update(refundItem)
      .set({ refundQuantity: line.returnQuantity })
      .where(eq(refundItem.id, line.id));
    await ctx.tx
      .update(purchaseOrderItem)
      .set({ returnQuantity: sql`${purchaseOrderItem.returnQuantity} + ${line.returnQuantity}` })
      .where(eq(purchaseOrderItem.id, line.orderItemId));
  }
  return { set: { supplierRemark: ctx.body.remark ?? null } };
}

/** Refuse (supplier, remark required): the reserved quantities are released. */
async function refuse(ctx: ActionContext) {
  await reserve(ctx.tx, asLines(ctx.lines), -1);
  return { set: { supplierRemark: ctx.body.remark ?? null } };
}

/** Cancel (buyer): a sent return releases what it reserved. */
async function cancel(ctx: ActionContext) {
  if (ctx.row.refundStatus === '1') await reserve(ctx.tx, asLines(ctx.lines), -1);
  return undefined;
}

export const refundKind = defineKind({
  def,
  header: refund,
  lines: refundItem,
  documentId: refundItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  // Approval conditions (issue #19): the returned materials' categories (a return has no type field).
  approvalConditions: { category: { materialNumber: 'materialNumber' } },
  numberOwner: 'purchase',
  save: saveRefund,
  // The import names the notice by its number and its lines by their line numbers.
  importRefs: {
    deliveryNoteId: {
      columns: [{ key: 'number', label: { zh_cn: '送货单号', en: 'Notice number' }, type: 'text' }],
      resolve: async (db, auth, side, values) => {
        const [row] = await db
          .select({ id: deliveryNote.id })
          .from(deliveryNote)
          .where(
            and(
              eq(deliveryNote.deliveryNoteNumber, (values.number ?? '').trim().toUpperCase()),
              deliveryNoteKind.scopeFor(auth, side),
            ),
          )
          .limit(1);
        return row?.id ?? null;
      },
    },
    deliveryNoteItemId: {
      columns: [
        { key: 'lineNumber', label: { zh_cn: '送货单行号', en: 'Notice line number' }, type: 'integer' },
      ],
      resolve: async (db, _auth, _side, values, header) => {
        const lineNumber = Number(values.lineNumber);
        if (typeof header.deliveryNoteId !== 'string' || !Number.isInteger(lineNumber)) return null;
        const [row] = await db
          .select({ id: deliveryNoteItem.id })
          .from(deliveryNoteItem)
          .where(
            and(
              eq(deliveryNoteItem.documentId, header.deliveryNoteId),
              eq(deliveryNoteItem.lineNumber, lineNumber),
            ),
          );
        return row?.id ?? null;
      },
    },
  },
  effects: { send, confirm, refuse, cancel },
  approvalAmount: (row) => String(row.totalAmount ?? '0'),
});

/**
 * The lines of a notice the buyer can return (received − already on sent or confirmed returns), for the
 * return form. '404' for a notice that is not the caller's, '400' when nothing was received.
 */
export async function findReturnableLines(db: Queryable, auth: AuthContext, deliveryNoteId: string) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
  const { note, lines } = await noteForReturn(db, auth, deliveryNoteId);
  return {
    deliveryNote: {
      id: note.id,
      deliveryNoteNumber: note.deliveryNoteNumber,
      toElsAccount: note.toElsAccount,
      supplierName: note.supplierName,
    },
    lines: lines.map((l) => ({
      deliveryNoteItemId: l.id,
      orderNumber: l.orderNumber,
      itemNumber: l.itemNumber,
      materialNumber: l.materialNumber,
      materialDesc: l.materialDesc,
      unit: l.unit,
      confirmQuantity: l.confirmQuantity,
      returnedQuantity: l.returnQuantity,
      returnableQuantity: returnable(l).toFixed(3),
    })),
  };
}
