import { Decimal } from '@srm/contracts/decimal';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { eq, inArray } from 'drizzle-orm';
import { nowDate } from '../../platform/clock.ts';
import { type ActionContext, type DocRow, defineKind } from '../../platform/document/kind.ts';
import { badRequest } from '../../platform/errors.ts';
import { findLabels } from '../custom-field/service.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import { orderErpConnected, scheduleOrderErpPush } from './erp-push.ts';
import { deriveOrderStatus, findItems } from './service.ts';
import { purchaseOrder, purchaseOrderItem } from './tables.ts';

/*
 * Purchase orders on the document kernel (DESIGN §11, issue #12). The kernel answers both sides' lists,
 * Excel export, submit/withdraw with the default approval handler, delete, and the actions whose body is
 * the kernel's (send, sendChange, confirmChange, returnChange); every action — also those with the
 * order's own bodies (close with line ids, confirm with reply dates, refuse with line ids), whose routes
 * are in routes.ts — runs through runAction: lock, version ('409'), the transition table ('400' naming
 * the status), the effect below, one audit row, and the message in the receiver's language. The order's
 * own routes: save (price master, change orders), copy, detail (with its delivery notices), print,
 * shipping and receiving shortcuts (delivery.ts) and price bidding (bidding.ts).
 */

/** Body of close: the lines to close (default: every line). */
export type CloseBody = { version: number; itemIds?: string[] };
/** Body of confirm: lines with the supplier's reply delivery date; a return reason must stay empty. */
export type ConfirmBody = {
  version: number;
  lines: Array<{ itemId: string; replyDeliveryDate?: string }>;
  rejectReason?: string;
};
/** Body of refuse: the refused lines and the required remark. */
export type RefuseBody = { version: number; itemIds: string[]; remark?: string };

const linesOf = async (ctx: ActionContext) => findItems(ctx.tx, ctx.row.id);

/** close: the given lines (or all) are closed; the order closes when none is open. */
async function close(ctx: ActionContext) {
  const body = ctx.body as unknown as CloseBody;
  const items = await linesOf(ctx);
  const targets = body.itemIds ?? items.map((i) => i.id);
  if (targets.length === 0) throw badRequest('selectAtLeastOneRow');
  const unknown = targets.find((t) => !items.some((i) => i.id === t));
  if (unknown) throw badRequest('lineNotInOrder', { id: unknown });
  await ctx.tx.update(purchaseOrderItem).set({ isClose: 'Y' }).where(inArray(purchaseOrderItem.id, targets));
  const after = items.map((i) => (targets.includes(i.id) ? { ...i, isClose: 'Y' as const } : i));
  const orderStatus =
    ctx.row.sendStatus === '1'
      ? deriveOrderStatus(after)
      : after.every((i) => i.isClose === 'Y')
        ? '5'
        : ctx.row.orderStatus;
  return { set: { orderStatus } };
}

/** confirm: each line gets its reply date and is confirmed; the order is partly or fully confirmed. */
async function confirm(ctx: ActionContext) {
  const body = ctx.body as unknown as ConfirmBody;
  if (body.rejectReason?.trim()) throw badRequest('returnReasonOnConfirm');
  if (body.lines.length === 0) throw badRequest('selectAtLeastOneRow');
  const items = await linesOf(ctx);
  for (const line of body.lines) {
    const item = items.find((x) => x.id === line.itemId && x.isDel === 'N' && x.isClose === 'N');
    if (!item) throw badRequest('lineNotInOrder', { id: line.itemId });
    if (!line.replyDeliveryDate) throw badRequest('replyDateRequired', { line: item.itemNumber });
    await ctx.tx
      .update(purchaseOrderItem)
      .set({ itemStatus: '1', replyDeliveryDate: line.replyDeliveryDate, supplierRemark: null })
      .where(eq(purchaseOrderItem.id, item.id));
  }
  return { set: { orderStatus: deriveOrderStatus(await linesOf(ctx)) } };
}

/** refuse: lines not shipped yet are refused with the supplier's remark (seed 001 §5). */
async function refuse(ctx: ActionContext) {
  const body = ctx.body as unknown as RefuseBody;
  const remark = body.remark?.trim();
  if (!remark) throw badRequest('refuseNeedsRemark');
  if (body.itemIds.length === 0) throw badRequest('selectAtLeastOneRow');
  const items = await linesOf(ctx);
  for (const itemId of body.itemIds) {
    const item = items.find((x) => x.id === itemId && x.isDel === 'N' && x.isClose === 'N');
    if (!item) throw badRequest('lineNotInOrder', { id: itemId });
    if (new Decimal(item.shippedQuantity).gt(0))
      throw badRequest('lineShippedNoRefuse', { line: item.itemNumber });
  }
  await ctx.tx
    .update(purchaseOrderItem)
    .set({ itemStatus: '2', supplierRemark: remark })
    .where(inArray(purchaseOrderItem.id, body.itemIds));
  return {
    set: { orderStatus: deriveOrderStatus(await linesOf(ctx)), rejectReason: remark },
    content: remark,
  };
}

/**
 * The purchase order kind. Its lists keep issue #5's sorts and cursor tags: the buyer's by order date
 * ('date'), the supplier's by send time ('sent'), a number search by number ('number').
 */
export const orderKind = defineKind({
  def: purchaseOrderDefinition,
  header: purchaseOrder,
  lines: purchaseOrderItem,
  documentId: purchaseOrderItem.orderId,
  // Data permissions (issue #19): purchase organisation and group, and the supplier.
  dataPermission: {
    purchaseOrg: 'purchaseOrganization',
    purchaseGroup: 'purchaseGroup',
    supplier: 'toElsAccount',
  },
  // Approval conditions (issue #19): order type, the lines' material categories (master data); the
  // purchase organisation comes from the data permission mapping.
  approvalConditions: { documentType: 'orderType', category: { materialNumber: 'materialNumber' } },
  lineNumber: 'itemNumber',
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
  },
  ownRoutes: [
    'findDetail',
    'print',
    'copy',
    'close',
    'confirm',
    'refuse',
    'ship',
    'startBidding',
    'award',
    'cancelBidding',
  ],
  approvalAmount: (row: DocRow) => row.totalAmountLocal,
  beforeSubmit: (tx, row) => assertSupplierRights(tx, row.elsAccount, [row.toElsAccount], 'order'),
  approvalContent: (row: DocRow) => `${row.supplierName} · ${row.totalAmount} ${row.currency}`,
  customFieldLabels: async (db, elsAccount) => (await findLabels(db, elsAccount, 'purchaseOrder')).labels,
  effects: {
    send: async ({ tx, row }) => {
      // Issue #16: a supplier blacklisted, frozen … since the order was saved is refused at send.
      await assertSupplierRights(tx, row.elsAccount, [row.toElsAccount], 'order');
      // Issue #18: the sent order goes to the ERP after commit (erp-push.ts), when one is connected.
      const erp = orderErpConnected();
      if (erp) await scheduleOrderErpPush(tx, row.id);
      return {
        set: { sendTime: nowDate(), ...(erp ? { erpPushStatus: 'P', erpPushMessage: null } : {}) },
        content: { zh_cn: `${row.totalAmount} ${row.currency}`, en: `${row.totalAmount} ${row.currency}` },
      };
    },
    close,
    confirm,
    refuse,
    confirmChange: async (ctx) => ({ set: { orderStatus: deriveOrderStatus(await linesOf(ctx)) } }),
    returnChange: async ({ body }) => ({ set: { rejectReason: body.remark?.trim() } }),
    pushErp: async ({ tx, row }) => {
      await scheduleOrderErpPush(tx, row.id);
      return { set: { erpPushStatus: 'P', erpPushMessage: null } };
    },
  },
});

type Auth = Parameters<typeof orderKind.runAction>[2];
type Db = Parameters<typeof orderKind.runAction>[0];
type OrderRow = typeof purchaseOrder.$inferSelect;
type ItemRow = typeof purchaseOrderItem.$inferSelect;
const asOrder = (row: DocRow) => row as unknown as OrderRow;

/*
 * The order's actions as calls (the demo seed and tests drive orders with them): each is the kernel's
 * action on the order kind, exactly what the routes run.
 */

/** Submits an order for approval (kernel submit: approved at once without steps). */
export const submitOrder = async (db: Db, auth: Auth, env: string, id: string, version: number) =>
  asOrder(await orderKind.submit(db, env, auth, 'purchase', id, version));
/** Withdraws an order from approval. */
export const withdrawOrder = async (db: Db, auth: Auth, id: string, version: number) =>
  asOrder(await orderKind.withdraw(db, auth, 'purchase', id, version));
/** Runs one action of the order's transition table for the side that has it. */
export const runOrderAction = async (
  db: Db,
  auth: Auth,
  env: string,
  action: string,
  id: string,
  body: { version: number; remark?: string } & Record<string, unknown>,
) =>
  asOrder(
    await orderKind.runAction(
      db,
      env,
      auth,
      orderKind.table[action]?.sides.purchase ? 'purchase' : 'sale',
      action,
      id,
      body,
    ),
  );
/** The order and its lines for a side ('404' when not the caller's or, for the supplier, not sent). */
export async function getOrder(db: Db, auth: Auth, side: 'purchase' | 'sale', id: string) {
  const order = asOrder(await orderKind.find(db, auth, side, id));
  const items = (await orderKind.findLines(db, id)) as unknown as ItemRow[];
  return { order, items };
}
