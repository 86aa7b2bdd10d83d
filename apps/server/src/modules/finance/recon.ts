import type { Side } from '@srm/contracts/document/define';
import { ITEM_SIGN, type ItemType, reconDefinition } from '@srm/contracts/finance';
import { fromUnits, lineMoney, negate, sumMoney, toUnits } from '@srm/contracts/finance-money';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { companyTimeZone, companyToday, dateOf, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { dropActionRequest } from '../../platform/document/action-approval.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { erpConnector } from '../../platform/erp-push.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { deliveryNote, deliveryNoteItem } from '../delivery-note/tables.ts';
import { purchaseOrder, purchaseOrderItem } from '../order/tables.ts';
import { refund, refundItem } from '../refund/tables.ts';
import { linkedPair } from './fee-sheet.ts';
import { addCost, addCostItem, deductCost, deductCostItem, recon, reconItem } from './tables.ts';

/**
 * Reconciliation statements' own rules (issue #15; seed 001 §3 reconciliation fields, itemType 1–4; §4
 * statuses). A statement is for one buyer and one supplier (the caller and a linked counterpart), one
 * currency and a period (beginDate ≤ endDate). Its lines are pulled from their sources, never typed:
 *
 * - itemType 1 collection: a delivery-notice line the buyer received (notice partly or fully received,
 *   last receipt in the period, the order in the currency) — its received quantity not yet on a live
 *   statement (`delivery_note_item.recon_quantity` reserves it) × the order line's price including tax;
 * - itemType 2 refund: a line of a confirmed return (return date in the period) × the same price, negative;
 * - itemType 3 deduction / 4 additional: a confirmed fee sheet settled on the statement (cost date in the
 *   period), one statement line per chargeable fee line, negative for deductions.
 *
 * Saving reserves every source in the save's transaction with a conditional update: a source another
 * statement took in the meantime answers '409' and nothing is saved. Editing releases the old lines first;
 * deleting or cancelling releases them; posting marks fee sheets and return lines reconciled. Figures by
 * finance-money.ts: per line, then summed.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** At most this many candidate lines are answered (and a statement holds at most as many lines). */
export const RECON_MAX_LINES = reconDefinition.lines.max;

/** One line a statement can pull, with its figures (signed) as it would be on the statement. */
export type ReconCandidate = {
  itemType: ItemType;
  /** The id the save names: a notice line (1), a return line (2) or a fee sheet (3, 4). */
  sourceId: string;
  sourceNumber: string;
  sourceItemNumber: number | null;
  orderNumber: string | null;
  orderItemId: string | null;
  businessDate: string | null;
  materialNumber: string | null;
  materialDesc: string | null;
  unit: string | null;
  quantity: string | null;
  price: string | null;
  taxRate: string;
  amount: string;
  netAmount: string;
  taxAmount: string;
  costNumber: string | null;
  isReturn: string | null;
};

export type ReconScope = {
  buyer: string;
  supplier: string;
  currency: string;
  beginDate: string;
  endDate: string;
};

/** A date column's value as 'YYYY-MM-DD' (timestamps are turned into the company's date by the caller). */
const dateText = (value: unknown): string | null => (value == null ? null : String(value).slice(0, 10));

/** The statement's scope from a save or search body of `side`; '400' naming the field when wrong. */
export async function reconScope(
  db: Queryable,
  auth: AuthContext,
  side: Side,
  body: Record<string, unknown>,
) {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  const counterpart = side === 'purchase' ? text('toElsAccount') : text('elsAccount');
  if (!counterpart)
    throw badRequest('rule.required', { field: side === 'purchase' ? 'toElsAccount' : 'elsAccount' });
  const buyer = side === 'purchase' ? auth.elsAccount : counterpart;
  const supplier = side === 'purchase' ? counterpart : auth.elsAccount;
  const names = await linkedPair(db, buyer, supplier, side === 'purchase' ? 'supplier' : 'buyer');
  const beginDate = text('beginDate');
  const endDate = text('endDate');
  if (!DATE.test(beginDate)) throw badRequest('rule.required', { field: 'beginDate' });
  if (!DATE.test(endDate)) throw badRequest('rule.required', { field: 'endDate' });
  if (beginDate > endDate) throw badRequest('reconPeriodOrder', { from: beginDate, to: endDate });
  const currency = (text('currency') || 'CNY').toUpperCase();
  return { scope: { buyer, supplier, currency, beginDate, endDate } satisfies ReconScope, names };
}

/** Collections: received notice lines with quantity not yet on a live statement. */
async function collectionCandidates(db: Queryable, s: ReconScope, ids?: string[]): Promise<ReconCandidate[]> {
  // Receipts count by their date in the buyer's calendar: a month's statement cuts at its midnight (issue #35).
  const zone = await companyTimeZone(db, s.buyer);
  const rows = await db
    .select({
      id: deliveryNoteItem.id,
      number: deliveryNote.deliveryNoteNumber,
      lineNumber: deliveryNoteItem.lineNumber,
      orderNumber: deliveryNoteItem.orderNumber,
      orderItemId: deliveryNoteItem.orderItemId,
      confirmDate: deliveryNote.confirmDate,
      materialNumber: deliveryNoteItem.materialNumber,
      materialDesc: deliveryNoteItem.materialDesc,
      unit: deliveryNoteItem.unit,
      open: sql<string>`(${deliveryNoteItem.confirmQuantity} - ${deliveryNoteItem.reconQuantity})::text`,
      price: purchaseOrderItem.priceIncludingTax,
      taxRate: purchaseOrderItem.taxRate,
    })
    .from(deliveryNoteItem)
    .innerJoin(deliveryNote, eq(deliveryNote.id, deliveryNoteItem.documentId))
    .innerJoin(purchaseOrderItem, eq(purchaseOrderItem.id, deliveryNoteItem.orderItemId))
    .innerJoin(purchaseOrder, eq(purchaseOrder.id, purchaseOrderItem.orderId))
    .where(
      and(
        eq(deliveryNote.elsAccount, s.buyer),
        eq(deliveryNote.toElsAccount, s.supplier),
        inArray(deliveryNote.noteStatus, ['4', '5']),
        sql`(${deliveryNote.confirmDate} at time zone ${zone})::date between ${s.beginDate}::date and ${s.endDate}::date`,
        eq(purchaseOrder.currency, s.currency),
        gt(deliveryNoteItem.confirmQuantity, deliveryNoteItem.reconQuantity),
        ids ? inArray(deliveryNoteItem.id, ids) : undefined,
      ),
    )
    .orderBy(asc(deliveryNote.deliveryNoteNumber), asc(deliveryNoteItem.lineNumber))
    .limit(RECON_MAX_LINES);
  return rows.map((r) => {
    const money = lineMoney(r.open, r.price, r.taxRate);
    return {
      itemType: '1',
      sourceId: r.id,
      sourceNumber: r.number,
      sourceItemNumber: r.lineNumber,
      orderNumber: r.orderNumber,
      orderItemId: r.orderItemId,
      businessDate: r.confirmDate ? dateOf(r.confirmDate, zone) : null,
      materialNumber: r.materialNumber,
      materialDesc: r.materialDesc,
      unit: r.unit,
      quantity: fromUnits(toUnits(r.open, 3), 3),
      price: r.price,
      taxRate: r.taxRate,
      ...money,
      costNumber: null,
      isReturn: null,
    };
  });
}

/** Refunds: lines of confirmed returns not yet on a statement, negative. */
async function refundCandidates(db: Queryable, s: ReconScope, ids?: string[]): Promise<ReconCandidate[]> {
  const rows = await db
    .select({
      id: refundItem.id,
      number: refund.refundNumber,
      lineNumber: refundItem.lineNumber,
      orderNumber: refundItem.orderNumber,
      orderItemId: refundItem.orderItemId,
      returnData: refund.returnData,
      materialNumber: refundItem.materialNumber,
      materialDesc: refundItem.materialDesc,
      unit: refundItem.unit,
      quantity: refundItem.refundQuantity,
      price: refundItem.priceIncludingTax,
      taxRate: purchaseOrderItem.taxRate,
    })
    .from(refundItem)
    .innerJoin(refund, eq(refund.id, refundItem.documentId))
    .innerJoin(purchaseOrderItem, eq(purchaseOrderItem.id, refundItem.orderItemId))
    .where(
      and(
        eq(refund.elsAccount, s.buyer),
        eq(refund.toElsAccount, s.supplier),
        eq(refund.refundStatus, '2'),
        eq(refund.currency, s.currency),
        sql`${refund.returnData} between ${s.beginDate}::date and ${s.endDate}::date`,
        eq(refundItem.reconFlag, '0'),
        gt(refundItem.refundQuantity, '0'),
        ids ? inArray(refundItem.id, ids) : undefined,
      ),
    )
    .orderBy(asc(refund.refundNumber), asc(refundItem.lineNumber))
    .limit(RECON_MAX_LINES);
  return rows.map((r) => {
    const money = lineMoney(r.quantity, r.price, r.taxRate);
    return {
      itemType: '2',
      sourceId: r.id,
      sourceNumber: r.number,
      sourceItemNumber: r.lineNumber,
      orderNumber: r.orderNumber,
      orderItemId: r.orderItemId,
      businessDate: dateText(r.returnData),
      materialNumber: r.materialNumber,
      materialDesc: r.materialDesc,
      unit: r.unit,
      quantity: r.quantity,
      price: r.price,
      taxRate: r.taxRate,
      amount: negate(money.amount),
      netAmount: negate(money.netAmount),
      taxAmount: negate(money.taxAmount),
      costNumber: null,
      isReturn: 'Y',
    };
  });
}

/** Fee sheets (deductions negative, additional charges positive): one line per chargeable fee line. */
async function feeCandidates(
  db: Queryable,
  s: ReconScope,
  itemType: '3' | '4',
  ids?: string[],
): Promise<ReconCandidate[]> {
  const sheet = itemType === '3' ? deductCost : addCost;
  const item = itemType === '3' ? deductCostItem : addCostItem;
  const rows = await db
    .select({
      id: sheet.id,
      number: sheet.costNumber,
      costDate: sheet.costDate,
      lineNumber: item.lineNumber,
      conditionType: item.conditionType,
      costDesc: item.costDesc,
      quantity: item.balanceQuantity,
      amount: item.costAmount,
      netAmount: item.netAmount,
      taxAmount: item.taxAmount,
      taxRate: item.taxRate,
    })
    .from(sheet)
    .innerJoin(item, eq(item.documentId, sheet.id))
    .where(
      and(
        eq(sheet.elsAccount, s.buyer),
        eq(sheet.toElsAccount, s.supplier),
        eq(sheet.costStatus, '2'),
        eq(sheet.reconFlag, '0'),
        eq(sheet.costWay, '1'),
        eq(sheet.currency, s.currency),
        sql`${sheet.costDate} between ${s.beginDate}::date and ${s.endDate}::date`,
        sql`${item.freeItem} is null`,
        ids ? inArray(sheet.id, ids) : undefined,
      ),
    )
    .orderBy(asc(sheet.costNumber), asc(item.lineNumber))
    .limit(RECON_MAX_LINES);
  const sign = ITEM_SIGN[itemType];
  const signed = (v: string) => (sign < 0 ? negate(v) : v);
  return rows.map((r) => ({
    itemType,
    sourceId: r.id,
    sourceNumber: r.number,
    sourceItemNumber: r.lineNumber,
    orderNumber: null,
    orderItemId: null,
    businessDate: dateText(r.costDate),
    materialNumber: null,
    materialDesc: r.costDesc,
    unit: null,
    quantity: r.quantity,
    price: null,
    taxRate: r.taxRate,
    amount: signed(r.amount),
    netAmount: signed(r.netAmount),
    taxAmount: signed(r.taxAmount),
    costNumber: r.number,
    isReturn: null,
  }));
}

/** Every line the scope can pull (or only the named sources), collections first, at most RECON_MAX_LINES. */
export async function reconCandidates(
  db: Queryable,
  scope: ReconScope,
  only?: Partial<Record<ItemType, string[]>>,
): Promise<ReconCandidate[]> {
  const want = (t: ItemType) => !only || (only[t]?.length ?? 0) > 0;
  const out: ReconCandidate[] = [];
  if (want('1')) out.push(...(await collectionCandidates(db, scope, only?.['1'])));
  if (want('2')) out.push(...(await refundCandidates(db, scope, only?.['2'])));
  if (want('3')) out.push(...(await feeCandidates(db, scope, '3', only?.['3'])));
  if (want('4')) out.push(...(await feeCandidates(db, scope, '4', only?.['4'])));
  return out.slice(0, RECON_MAX_LINES);
}

/** The header figures of a statement's lines: per item type, and net, tax and total (sums, never re-rounded). */
export function reconTotals(
  lines: ReadonlyArray<Pick<ReconCandidate, 'itemType' | 'amount' | 'netAmount' | 'taxAmount'>>,
) {
  const byType = (t: ItemType) => sumMoney(lines.filter((l) => l.itemType === t)).amount;
  const all = sumMoney(lines);
  return {
    collectionAmount: byType('1'),
    refundAmount: byType('2'),
    deductAmount: byType('3'),
    additionalAmount: byType('4'),
    netAmount: all.netAmount,
    taxAmount: all.taxAmount,
    totalAmount: all.amount,
  };
}

/** The distinct source ids of a statement's lines of one item type. */
function sourceIds(lines: ReadonlyArray<Record<string, unknown>>, type: string): string[] {
  return [...new Set(lines.filter((l) => l.itemType === type).map((l) => String(l.sourceId)))];
}

type ReconLine = typeof reconItem.$inferSelect;
const csv = (values: readonly string[]) => values.join(',');

/**
 * Reserves the lines' sources for a statement, all or nothing: a source another statement took first (or
 * whose received quantity is no longer open) answers '409' (reconSourceTaken). Quantities in the line's unit.
 */
async function reserve(tx: Tx, lines: ReadonlyArray<Pick<ReconLine, 'itemType' | 'sourceId' | 'quantity'>>) {
  const of = (t: string) => lines.filter((l) => l.itemType === t);
  const collections = of('1');
  // Row locks in id order first: two statements claiming overlapping sources wait for each other instead
  // of deadlocking (an UPDATE … FROM locks in the order of its plan).
  const lockInOrder = async (table: string, ids: readonly string[]) => {
    if (ids.length > 0)
      await tx.execute(
        sql`select id from ${sql.identifier(table)} where id = any(string_to_array(${csv(ids)}, ',')::uuid[]) order by id for update`,
      );
  };
  await lockInOrder(
    'delivery_note_item',
    collections.map((l) => l.sourceId),
  );
  await lockInOrder('refund_item', sourceIds(lines, '2'));
  await lockInOrder('deduct_cost', sourceIds(lines, '3'));
  await lockInOrder('add_cost', sourceIds(lines, '4'));
  if (collections.length > 0) {
    const result = await tx.execute(sql`
      update delivery_note_item d set recon_quantity = d.recon_quantity + v.q
      from (select unnest(string_to_array(${csv(collections.map((l) => l.sourceId))}, ','))::uuid as id,
                   unnest(string_to_array(${csv(collections.map((l) => String(l.quantity)))}, ','))::numeric as q) v
      where d.id = v.id and d.confirm_quantity - d.recon_quantity >= v.q
      returning d.id`);
    if (rowsOf(result).length !== collections.length) throw conflict('reconSourceTaken');
  }
  const refunds = sourceIds(lines, '2');
  if (refunds.length > 0) {
    const taken = await tx
      .update(refundItem)
      .set({ reconFlag: '1' })
      .where(and(inArray(refundItem.id, refunds), eq(refundItem.reconFlag, '0')))
      .returning({ id: refundItem.id });
    if (taken.length !== refunds.length) throw conflict('reconSourceTaken');
  }
  for (const [type, sheet] of [
    ['3', deductCost],
    ['4', addCost],
  ] as const) {
    const ids = sourceIds(lines, type);
    if (ids.length === 0) continue;
    const taken = await tx
      .update(sheet)
      .set({ reconFlag: '1' })
      .where(and(inArray(sheet.id, ids), eq(sheet.reconFlag, '0'), eq(sheet.costStatus, '2')))
      .returning({ id: sheet.id });
    if (taken.length !== ids.length) throw conflict('reconSourceTaken');
  }
}

/** Gives the lines' sources back (an edited, deleted or cancelled statement). */
async function release(tx: Tx, lines: readonly DocRow[]) {
  const typed = lines as unknown as ReconLine[];
  const of = (t: string) => typed.filter((l) => l.itemType === t);
  const collections = of('1');
  if (collections.length > 0)
    await tx.execute(sql`
      update delivery_note_item d set recon_quantity = greatest(d.recon_quantity - v.q, 0)
      from (select unnest(string_to_array(${csv(collections.map((l) => l.sourceId))}, ','))::uuid as id,
                   unnest(string_to_array(${csv(collections.map((l) => String(l.quantity)))}, ','))::numeric as q) v
      where d.id = v.id`);
  const refunds = sourceIds(lines, '2');
  if (refunds.length > 0)
    await tx.update(refundItem).set({ reconFlag: '0' }).where(inArray(refundItem.id, refunds));
  for (const [type, sheet] of [
    ['3', deductCost],
    ['4', addCost],
  ] as const) {
    const ids = sourceIds(lines, type);
    if (ids.length > 0)
      await tx
        .update(sheet)
        .set({ reconFlag: '0', reconId: null, reconNumber: null })
        .where(inArray(sheet.id, ids));
  }
}

/** rows of a raw `execute` on either driver (pg: { rows }, PGlite: { rows }). */
function rowsOf(result: unknown): unknown[] {
  return ((result as { rows?: unknown[] }).rows ?? []) as unknown[];
}

/**
 * Save (the creating side): the scope, then the named sources (`lines: [{ itemType, sourceId }]`, a fee
 * sheet once), each still open in the scope — '400' naming the first that is not — reserved for this
 * statement ('409' when another took it). An edit releases the statement's old lines first.
 */
async function saveRecon(ctx: SaveContext) {
  const { tx, auth, side, body, current, currentLines } = ctx;
  const scopeBody = current
    ? { ...body, elsAccount: current.elsAccount, toElsAccount: current.toElsAccount }
    : body;
  const { scope, names } = await reconScope(tx, auth, side, scopeBody);
  if (current) await release(tx, currentLines);
  const wanted = body.lines as Array<{ itemType: ItemType; sourceId: string }>;
  const only: Partial<Record<ItemType, string[]>> = {};
  for (const type of new Set(wanted.map((l) => l.itemType))) only[type] = sourceIds(wanted, type);
  const found = await reconCandidates(tx, scope, only);
  const open = new Set(found.map((f) => `${f.itemType}:${f.sourceId}`));
  const missing = wanted.find((w) => !open.has(`${w.itemType}:${w.sourceId}`));
  if (missing) {
    // Taken by another live statement since the caller listed it: the same answer as a race ('409').
    const [onStatement] = await tx
      .select({ id: reconItem.id })
      .from(reconItem)
      .innerJoin(recon, eq(recon.id, reconItem.documentId))
      .where(and(eq(reconItem.sourceId, missing.sourceId), sql`${recon.checkStatus} <> '5'`))
      .limit(1);
    if (onStatement) throw conflict('reconSourceTaken');
    throw badRequest('reconSourceNotOpen', { id: missing.sourceId });
  }
  await reserve(tx, found);
  const text = (name: string) =>
    typeof body[name] === 'string' && (body[name] as string).trim() !== ''
      ? (body[name] as string).trim()
      : null;
  return {
    header: {
      elsAccount: scope.buyer,
      toElsAccount: scope.supplier,
      ...names,
      reconSource: current ? current.reconSource : side === 'purchase' ? '1' : '2',
      reconDate: current ? current.reconDate : await companyToday(tx, scope.buyer),
      beginDate: scope.beginDate,
      endDate: scope.endDate,
      currency: scope.currency,
      ...reconTotals(found),
      remark: text('remark'),
    },
    lines: found.map(({ ...line }) => line),
  };
}

/** Send: fee sheets name the statement; a reason from an earlier return is cleared. */
async function send(ctx: ActionContext) {
  const ids = (type: string) => sourceIds(ctx.lines, type);
  for (const [type, sheet] of [
    ['3', deductCost],
    ['4', addCost],
  ] as const)
    if (ids(type).length > 0)
      await ctx.tx
        .update(sheet)
        .set({ reconId: ctx.row.id, reconNumber: ctx.row.reconNumber })
        .where(inArray(sheet.id, ids(type)));
  return { set: { backReason: null } };
}

async function sendBack(ctx: ActionContext) {
  return { set: { backReason: ctx.body.remark ?? null }, content: ctx.body.remark ?? '' };
}

async function cancel(ctx: ActionContext) {
  await release(ctx.tx, ctx.lines);
  return undefined;
}

/** Post (buyer, confirmed): the voucher is recorded; fee sheets and return lines become reconciled. */
async function post(ctx: ActionContext) {
  const ids = (type: string) => sourceIds(ctx.lines, type);
  if (ids('2').length > 0)
    await ctx.tx
      .update(refundItem)
      .set({ reconFlag: '2' })
      .where(inArray(refundItem.id, ids('2')));
  if (ids('3').length > 0)
    await ctx.tx
      .update(deductCost)
      .set({ reconFlag: '2' })
      .where(inArray(deductCost.id, ids('3')));
  if (ids('4').length > 0)
    await ctx.tx
      .update(addCost)
      .set({ reconFlag: '2' })
      .where(inArray(addCost.id, ids('4')));
  await scheduleErpPush(ctx.tx, ctx.row.id);
  return {
    set: {
      voucherNumber: String(ctx.body.voucherNumber ?? '').trim(),
      postTime: nowDate(),
      erpPushStatus: 'P',
      erpPushMessage: null,
    },
  };
}

/** The job that pushes a posted statement to the ERP (platform/jobs.ts: once, even across processes). */
export const RECON_ERP_PUSH_JOB = 'reconErpPush';

/** Schedules the ERP push of a statement now, in the posting transaction (a retry gets its own key). */
async function scheduleErpPush(tx: Tx, reconId: string) {
  await scheduleJob(tx, {
    kind: RECON_ERP_PUSH_JOB,
    key: `${reconId}:${Date.now()}`,
    runAt: nowDate(),
    payload: { reconId },
  });
}

/** Push to the ERP again (buyer, posted, last push failed or never answered): a new push job. */
async function pushErp(ctx: ActionContext) {
  await scheduleErpPush(ctx.tx, ctx.row.id);
  return { set: { erpPushStatus: 'P', erpPushMessage: null } };
}

/** Withdraw a posting that waits for its approval (buyer): the tasks are cancelled, the asked post dropped. */
async function withdrawPost(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'reconPost', ctx.row);
  return undefined;
}

/**
 * Registers the statement's ERP push job (issue #15 "the ERP push of a posted statement"; seed 001 §8
 * "push ERP successful"): the job reads the posted statement in its transaction; without ERP_PUSH_URL the
 * statement says no ERP is connected ('0'); else, after that transaction commits, the connector posts
 * { kind: 'recon', action: 'post', elsAccount, number, document, lines } and the answer is written on the
 * statement — S with the ERP's voucher number, or E with the error (the buyer may push again). A process
 * that dies between the two leaves 'P', which the buyer may push again too. Not a user's edit: the
 * version stays.
 */
export function registerReconErpPush(): void {
  // The job's database and configuration are the runner's (JobContext): handlers outlive one server.
  registerJobHandler(RECON_ERP_PUSH_JOB, async (tx, job, { afterCommit, db, config }) => {
    const reconId = String(job.payload.reconId ?? '');
    const [row] = (await tx.select().from(recon).where(eq(recon.id, reconId))) as unknown as DocRow[];
    if (row?.checkStatus !== '4') return;
    const connector = config ? erpConnector(config) : null;
    if (!connector) {
      await tx.update(recon).set({ erpPushStatus: '0', erpPushMessage: null }).where(eq(recon.id, reconId));
      return;
    }
    const lines = (await tx
      .select()
      .from(reconItem)
      .where(eq(reconItem.documentId, reconId))
      .orderBy(asc(reconItem.lineNumber))) as unknown as DocRow[];
    afterCommit(async () => {
      const result = await connector.push({
        kind: 'recon',
        action: 'post',
        elsAccount: row.elsAccount,
        number: String(row.reconNumber),
        document: reconKind.toRecord(row),
        lines: lines.map((l) => reconKind.toLine(l)),
      });
      await db
        .update(recon)
        .set(
          result.ok
            ? { erpPushStatus: 'S', erpPushMessage: null, erpVoucherNumber: result.erpNumber }
            : { erpPushStatus: 'E', erpPushMessage: result.message },
        )
        .where(eq(recon.id, reconId));
    });
  });
}

export const reconKind = defineKind({
  def: reconDefinition,
  header: recon,
  lines: reconItem,
  documentId: reconItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  numberOwner: 'purchase',
  save: saveRecon,
  effects: { send, sendBack, cancel, post, pushErp, withdrawPost },
  release: (tx, _row, lines) => release(tx, lines),
  approvalAmount: (row) => String(row.totalAmount ?? '0'),
});
