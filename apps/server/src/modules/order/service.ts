import { canDo } from '@srm/contracts/document/define';
import { CUSTOM_FIELD_KEYS, type CustomFieldKey, type OrderSaveBody } from '@srm/contracts/purchase-order';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import Decimal from 'decimal.js';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { findAuditTrail, recordAudit } from '../../platform/audit-trail.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { accountRelation, company } from '../account/tables.ts';
import {
  cancelFlow,
  findDocumentTasks,
  notifyApprovers,
  registerAuditHandler,
  startFlow,
} from '../audit/service.ts';
import { findEffectivePrice } from '../masterdata/repository.ts';
import { fillText, notify } from '../message/notify.ts';
import { orderHasLiveNotes } from './delivery.ts';
import { purchaseOrder, purchaseOrderItem } from './tables.ts';

export const ORDER_KIND = 'order';
/** The order's fields, statuses and transition table (shared with the web's toolbar). */
export const ORDER_DEFINITION = purchaseOrderDefinition;

/**
 * Titles of the messages an order sends, in both languages: each receiver reads them in their own
 * (issue #12). `{number}` is the order number.
 */
export const ORDER_TEXTS = {
  toApprove: { zh_cn: '待审批：采购订单 {number}', en: 'To approve: purchase order {number}' },
  sent: { zh_cn: '新采购订单待确认：{number}', en: 'New purchase order to confirm: {number}' },
  changeSent: { zh_cn: '采购订单变更待确认：{number}', en: 'Purchase order change to confirm: {number}' },
  closed: { zh_cn: '采购订单行已关闭：{number}', en: 'Purchase order lines closed: {number}' },
  confirmed: {
    zh_cn: '供应商已确认采购订单：{number}',
    en: 'The supplier confirmed purchase order {number}',
  },
  refused: {
    zh_cn: '供应商拒绝了采购订单行：{number}',
    en: 'The supplier refused lines of purchase order {number}',
  },
  changeConfirmed: {
    zh_cn: '供应商已确认订单变更：{number}',
    en: 'The supplier confirmed the change of order {number}',
  },
  changeReturned: {
    zh_cn: '供应商退回了订单变更：{number}',
    en: 'The supplier returned the change of order {number}',
  },
  approved: { zh_cn: '审批通过：采购订单 {number}', en: 'Approved: purchase order {number}' },
  rejected: { zh_cn: '审批拒绝：采购订单 {number}', en: 'Rejected: purchase order {number}' },
  bidInvited: { zh_cn: '竞价邀请：采购订单 {number}', en: 'Invitation to bid: purchase order {number}' },
  bidQuoteEnd: { zh_cn: '报价截止时间：{time}', en: 'Quotes close at {time}' },
  bidWon: { zh_cn: '中标通知：采购订单 {number}', en: 'You won the bidding: purchase order {number}' },
  bidLost: { zh_cn: '未中标：采购订单 {number}', en: 'Not won: purchase order {number}' },
  bidCancelled: { zh_cn: '竞价已取消：采购订单 {number}', en: 'Bidding cancelled: purchase order {number}' },
  bidQuoted: { zh_cn: '供应商已报价：采购订单 {number}', en: 'A supplier quoted: purchase order {number}' },
} as const;
type OrderRow = typeof purchaseOrder.$inferSelect;
type ItemRow = typeof purchaseOrderItem.$inferSelect;

/** The buyer sub-account who created the order (createUser is `{elsAccount}_{elsSubAccount}`). */
export const creatorOf = (order: OrderRow) => ({
  elsAccount: order.elsAccount,
  elsSubAccount: order.createUser.slice(order.elsAccount.length + 1),
});
export const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;
export const orderLink = (id: string) => `/order/#/v2/order/detail?id=${id}`;

/**
 * The custom fields fbk1…fbk50 of a save body (header or line) as stored in `custom_fields`: only the
 * known keys with a non-empty (already trimmed) value; an empty string means absent.
 */
export function customFieldsOf(input: Partial<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of CUSTOM_FIELD_KEYS) {
    const value = input[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/**
 * Stored custom fields back as flat fbkN properties (known keys with string values only, in fbk order);
 * tolerates a missing column value (null/undefined → no properties).
 */
export function flatCustomFields(
  stored: Record<string, unknown> | null | undefined,
): Partial<Record<CustomFieldKey, string>> {
  const out: Partial<Record<CustomFieldKey, string>> = {};
  if (!stored) return out;
  for (const key of CUSTOM_FIELD_KEYS) {
    const value = stored[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/**
 * Money of a line (seed 001 §3): price including tax = excl × (1 + rate/100), 6 decimals; line amounts
 * = quantity × price, 2 decimals, half-up. All exact decimals (decimal.js), never floats.
 */
export function lineMoney(quantity: string, priceExcludingTax: string, taxRate: string) {
  const q = new Decimal(quantity);
  const excl = new Decimal(priceExcludingTax);
  const incl = excl
    .mul(new Decimal(1).add(new Decimal(taxRate).div(100)))
    .toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  const amountExcl = q.mul(excl).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const amount = q.mul(incl).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { priceIncludingTax: incl.toFixed(6), amountExcl: amountExcl.toFixed(2), amount: amount.toFixed(2) };
}

/** Order totals from its active lines, and the total in local currency (× exchange rate). */
export function orderTotals(lines: Array<{ amountExcl: string; amount: string }>, exchangeRate: string) {
  const excl = lines.reduce((sum, l) => sum.add(l.amountExcl), new Decimal(0));
  const incl = lines.reduce((sum, l) => sum.add(l.amount), new Decimal(0));
  return {
    totalAmountExcludingTax: excl.toFixed(2),
    totalTaxAmount: incl.sub(excl).toFixed(2),
    totalAmount: incl.toFixed(2),
    totalAmountLocal: incl.mul(exchangeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/**
 * The order status that follows from its lines (seed 001 §4): closed when no active line remains,
 * refused when every active line is refused, all confirmed, partial, or still to be confirmed.
 */
export function deriveOrderStatus(lines: Array<Pick<ItemRow, 'itemStatus' | 'isClose' | 'isDel'>>): string {
  const live = lines.filter((l) => l.isDel === 'N');
  const active = live.filter((l) => l.isClose === 'N');
  if (active.length === 0) return live.length > 0 ? '5' : '1';
  if (active.every((l) => l.itemStatus === '2')) return '4';
  if (active.every((l) => l.itemStatus === '1')) return '3';
  if (active.some((l) => l.itemStatus !== '0')) return '2';
  return '1';
}

export async function findOrderForBuyer(tx: Queryable, auth: AuthContext, id: string, lock = false) {
  const query = tx
    .select()
    .from(purchaseOrder)
    .where(and(eq(purchaseOrder.id, id), eq(purchaseOrder.elsAccount, auth.elsAccount)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('orderNotFound');
  return row;
}

export async function findOrderForSupplier(tx: Queryable, auth: AuthContext, id: string, lock = false) {
  const query = tx
    .select()
    .from(purchaseOrder)
    .where(
      and(
        eq(purchaseOrder.id, id),
        eq(purchaseOrder.toElsAccount, auth.elsAccount),
        eq(purchaseOrder.sendStatus, '1'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('orderNotFound');
  return row;
}

/** Which of `accounts` are suppliers linked to the buyer `elsAccount`, with their company names. */
export async function findLinkedSuppliers(tx: Queryable, elsAccount: string, accounts: string[]) {
  return tx
    .select({ account: accountRelation.toElsAccount, name: company.companyName })
    .from(accountRelation)
    .innerJoin(company, eq(company.elsAccount, accountRelation.toElsAccount))
    .where(and(eq(accountRelation.elsAccount, elsAccount), inArray(accountRelation.toElsAccount, accounts)));
}

export async function findItems(tx: Queryable, orderId: string) {
  return tx
    .select()
    .from(purchaseOrderItem)
    .where(eq(purchaseOrderItem.orderId, orderId))
    .orderBy(purchaseOrderItem.itemNumber);
}

export function assertBuyer(auth: AuthContext) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
}

export function assertVersion(order: OrderRow, version: number) {
  if (order.version !== version) throw conflict();
}

/** Writes a new header state at the read version and leaves the audit-trail row; '409' when stale. */
export async function transition(
  tx: Tx,
  auth: AuthContext,
  order: OrderRow,
  set: Partial<typeof purchaseOrder.$inferInsert>,
  action: string,
  from: string | null,
  to: string | null,
  remark?: string | null,
) {
  const [row] = await tx
    .update(purchaseOrder)
    .set({
      ...set,
      lastUpdateUser: userKey(auth),
      lastUpdateDate: sql`now()`,
      version: sql`${purchaseOrder.version} + 1`,
    })
    .where(and(eq(purchaseOrder.id, order.id), eq(purchaseOrder.version, order.version)))
    .returning();
  if (!row) throw conflict();
  await recordAudit(tx, {
    elsAccount: order.elsAccount,
    documentKind: ORDER_KIND,
    documentId: order.id,
    action,
    fromStatus: from,
    toStatus: to,
    remark: remark ?? null,
    createUser: userKey(auth),
  });
  return row;
}

/**
 * The unit price of a line from a price-master record: the record's price is for `priceBase` units, so
 * it is divided by it (exact, half-up to 6 decimals; priceBase 1 leaves it as it is).
 */
export function unitPriceFromMaster(priceExcludingTax: string, priceBase: string): string {
  return new Decimal(priceExcludingTax).div(priceBase).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
}

/**
 * The lines to store. A line without a price (or tax rate) takes it from the price master: the price of
 * its material (materialId) from the order's supplier valid at the order date (UTC midnight), in the
 * order's currency (a price in another currency is not used), per unit. '400' noPriceForLine otherwise.
 */
async function buildLines(tx: Queryable, auth: AuthContext, body: OrderSaveBody) {
  return Promise.all(
    body.items.map(async (item, i) => {
      let price = item.priceExcludingTax;
      let rate = item.taxRate;
      if (price === undefined || rate === undefined) {
        const record = item.materialId
          ? await findEffectivePrice(
              tx,
              auth.elsAccount,
              body.toElsAccount,
              item.materialId,
              new Date(body.orderDate),
            )
          : null;
        const found = record?.currency === body.currency ? record : null;
        if (!found && price === undefined)
          throw badRequest('noPriceForLine', { line: i + 1, material: item.materialNumber });
        price ??= found ? unitPriceFromMaster(found.priceExcludingTax, found.priceBase) : undefined;
        rate ??= found?.taxRate ?? '13';
      }
      const money = lineMoney(item.quantity, price!, rate!);
      return {
        itemNumber: (i + 1) * 10,
        materialId: item.materialId ?? null,
        materialNumber: item.materialNumber,
        materialDesc: item.materialDesc,
        unit: item.unit,
        quantity: item.quantity,
        priceExcludingTax: price!,
        taxRate: rate!,
        priceIncludingTax: money.priceIncludingTax,
        lineAmount: money.amount,
        deliveryDate: item.deliveryDate,
        minPackingQuantity: item.minPackingQuantity ?? '0',
        overTolerance: item.overTolerance ?? '0',
        lackTolerance: item.lackTolerance ?? '0',
        customFields: customFieldsOf(item),
        money,
      };
    }),
  );
}

/**
 * Creates or edits a purchase order (buyer). Editable while not approved and not sent; after sending,
 * an edit is a change (changeStatus 1 "change not sent") that the supplier confirms or returns.
 * Prices default from the price master. Custom fields fbk1…fbk50 of the header and of each line are
 * stored as given (non-empty values only; an edit replaces them). One transaction, one audit-trail row.
 */
export async function saveOrder(db: Queryable, auth: AuthContext, body: OrderSaveBody) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const [link] = await findLinkedSuppliers(tx, auth.elsAccount, [body.toElsAccount]);
    if (!link) throw badRequest('supplierNotLinked', { account: body.toElsAccount });
    const lines = await buildLines(tx, auth, body);
    const totals = orderTotals(
      lines.map((l) => l.money),
      body.exchangeRate,
    );
    const header = {
      toElsAccount: body.toElsAccount,
      supplierName: link.name,
      orderType: body.orderType,
      purchaseType: body.purchaseType,
      orderDate: body.orderDate,
      currency: body.currency,
      exchangeRate: body.exchangeRate,
      payTermsCode: body.payTermsCode ?? null,
      payTermsText: body.payTermsText ?? null,
      incotermsCode: body.incotermsCode ?? null,
      incotermsDesc: body.incotermsDesc ?? null,
      deliveryAddress: body.deliveryAddress ?? null,
      urgencyFlag: body.urgencyFlag,
      purchaseOrganization: body.purchaseOrganization ?? null,
      purchaseGroup: body.purchaseGroup ?? null,
      remark: body.remark ?? null,
      customFields: customFieldsOf(body),
      ...totals,
    };
    let order: OrderRow;
    if (!body.id) {
      [order] = await tx
        .insert(purchaseOrder)
        .values({
          ...header,
          elsAccount: auth.elsAccount,
          orderNumber: await nextDocumentNumber(tx, auth.elsAccount, 'PO'),
          createUser: userKey(auth),
          lastUpdateUser: userKey(auth),
        })
        .returning();
      await recordAudit(tx, {
        elsAccount: auth.elsAccount,
        documentKind: ORDER_KIND,
        documentId: order.id,
        action: 'create',
        fromStatus: null,
        toStatus: '0',
        createUser: userKey(auth),
      });
    } else {
      const current = await findOrderForBuyer(tx, auth, body.id, true);
      if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
      assertVersion(current, body.version);
      // The transition table (purchaseOrderDefinition.editable) decides; the message names the case.
      if (!canDo(ORDER_DEFINITION, 'edit', current, 'purchase')) {
        // In bidding (bidding.ts): the invitees quote these lines; award or cancel the bidding first.
        if (current.orderStatus === '6') throw badRequest('orderStatusNotAllowed', { action: 'edit' });
        if (current.sendStatus !== '1') throw badRequest('orderNotEditable');
        if (current.orderStatus === '5' || current.changeStatus === '2')
          throw badRequest('orderStatusNotAllowed', { action: 'change' });
        throw badRequest('orderShippedNoChange');
      }
      if (current.toElsAccount !== body.toElsAccount && current.sendStatus === '1')
        throw badRequest('orderStatusNotAllowed', { action: 'toElsAccount' });
      if (current.sendStatus === '1') {
        // A change replaces the lines; lines on delivery notices (drafts too) carry deliveries and receipts,
        // so no change once the supplier has put them on a notice.
        if (await orderHasLiveNotes(tx, current.id)) throw badRequest('orderShippedNoChange');
        order = await transition(
          tx,
          auth,
          current,
          { ...header, changeStatus: '1' },
          'change',
          current.changeStatus,
          '1',
        );
      } else {
        order = await transition(tx, auth, current, header, 'edit', current.auditStatus, current.auditStatus);
      }
      await tx.delete(purchaseOrderItem).where(eq(purchaseOrderItem.orderId, order.id));
    }
    await tx.insert(purchaseOrderItem).values(
      lines.map(({ money: _m, ...line }) => ({
        ...line,
        orderId: order.id,
        elsAccount: auth.elsAccount,
        toElsAccount: body.toElsAccount,
      })),
    );
    return order;
  });
}

/** Deletes an order that is neither approved nor sent (seed 001 §4 rule), nor in bidding. */
export async function deleteOrder(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  await db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    if (!canDo(ORDER_DEFINITION, 'delete', order, 'purchase'))
      throw order.orderStatus === '6'
        ? badRequest('orderStatusNotAllowed', { action: 'delete' })
        : badRequest('orderNotEditable');
    await tx.delete(purchaseOrder).where(eq(purchaseOrder.id, id));
    await recordAudit(tx, {
      elsAccount: auth.elsAccount,
      documentKind: ORDER_KIND,
      documentId: id,
      action: 'delete',
      fromStatus: order.auditStatus,
      toStatus: null,
      createUser: userKey(auth),
    });
  });
}

/** Copies an order into a new, unsubmitted one (new number, same supplier, lines and custom fields). */
export async function copyOrder(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  const source = await findOrderForBuyer(db, auth, id);
  const items = await findItems(db, id);
  return saveOrder(db, auth, {
    toElsAccount: source.toElsAccount,
    orderType: source.orderType as OrderSaveBody['orderType'],
    purchaseType: source.purchaseType as OrderSaveBody['purchaseType'],
    orderDate: new Date().toISOString().slice(0, 10),
    currency: source.currency,
    exchangeRate: source.exchangeRate,
    payTermsCode: source.payTermsCode ?? undefined,
    payTermsText: source.payTermsText ?? undefined,
    incotermsCode: source.incotermsCode ?? undefined,
    incotermsDesc: source.incotermsDesc ?? undefined,
    deliveryAddress: source.deliveryAddress ?? undefined,
    urgencyFlag: source.urgencyFlag,
    remark: source.remark ?? undefined,
    ...flatCustomFields(source.customFields),
    items: items
      .filter((i) => i.isDel === 'N')
      .map((i) => ({
        materialId: i.materialId ?? undefined,
        materialNumber: i.materialNumber,
        materialDesc: i.materialDesc,
        unit: i.unit,
        quantity: i.quantity,
        priceExcludingTax: i.priceExcludingTax,
        taxRate: i.taxRate,
        deliveryDate: i.deliveryDate,
        minPackingQuantity: i.minPackingQuantity,
        overTolerance: i.overTolerance,
        lackTolerance: i.lackTolerance,
        ...flatCustomFields(i.customFields),
      })),
  });
}

/**
 * Submits an order for approval: with no applicable approval step it is approved at once; otherwise
 * the first task waits and its approvers get a message. '400' unless not submitted, rejected or withdrawn.
 */
export async function submitOrder(
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
    if (!canDo(ORDER_DEFINITION, 'submit', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'submit' });
    const flow = await startFlow(tx, {
      elsAccount: auth.elsAccount,
      documentKind: ORDER_KIND,
      documentId: order.id,
      documentNumber: order.orderNumber,
      amount: order.totalAmountLocal,
      promoter: userKey(auth),
    });
    const to = flow.state === 'approved' ? '2' : '1';
    const row = await transition(
      tx,
      auth,
      order,
      { auditStatus: to, flowId: flow.flowId },
      'submit',
      order.auditStatus,
      to,
    );
    if (flow.state === 'pending')
      await notifyApprovers(tx, env, auth.elsAccount, ORDER_KIND, order.id, {
        title: { zh_cn: '采购订单', en: 'Purchase order' },
        number: order.orderNumber,
        content: `${order.supplierName} · ${order.totalAmount} ${order.currency}`,
      });
    return row;
  });
}

/** Withdraws an order under approval (auditStatus 1 → 4); its pending tasks are cancelled. */
export async function withdrawOrder(db: Queryable, auth: AuthContext, id: string, version: number) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, version);
    if (!canDo(ORDER_DEFINITION, 'withdraw', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'withdraw' });
    await cancelFlow(tx, auth.elsAccount, ORDER_KIND, order.id);
    return transition(tx, auth, order, { auditStatus: '4' }, 'withdraw', '1', '4');
  });
}

/** Sends an approved order to the supplier (seed 001 §4: only approved orders can be sent). */
export async function sendOrder(db: Queryable, auth: AuthContext, env: string, id: string, version: number) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, version);
    if (order.auditStatus !== '2') throw badRequest('orderOnlyApprovedSend');
    if (!canDo(ORDER_DEFINITION, 'send', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'send' });
    const row = await transition(
      tx,
      auth,
      order,
      { sendStatus: '1', sendTime: new Date(), orderStatus: '1' },
      'send',
      order.orderStatus,
      '1',
    );
    await notify(tx, env, {
      receivers: { companies: [order.toElsAccount] },
      msgTitle: fillText(ORDER_TEXTS.sent, { number: order.orderNumber }),
      msgContent: `${order.totalAmount} ${order.currency}`,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return row;
  });
}

/** Sends a change of a sent order to the supplier (changeStatus 1 → 2); its lines wait for confirmation again. */
export async function sendChange(db: Queryable, auth: AuthContext, env: string, id: string, version: number) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, version);
    if (!canDo(ORDER_DEFINITION, 'sendChange', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'sendChange' });
    const row = await transition(tx, auth, order, { changeStatus: '2' }, 'sendChange', '1', '2');
    await notify(tx, env, {
      receivers: { companies: [order.toElsAccount] },
      msgTitle: fillText(ORDER_TEXTS.changeSent, { number: order.orderNumber }),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return row;
  });
}

/** Closes lines (or, without itemIds, every line) of an order; the order closes when no line is open. */
export async function closeOrder(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  version: number,
  itemIds?: string[],
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, version);
    if (!canDo(ORDER_DEFINITION, 'close', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'close' });
    const items = await findItems(tx, id);
    const targets = itemIds ?? items.map((i) => i.id);
    if (targets.length === 0) throw badRequest('selectAtLeastOneRow');
    const unknown = targets.find((t) => !items.some((i) => i.id === t));
    if (unknown) throw badRequest('lineNotInOrder', { id: unknown });
    await tx.update(purchaseOrderItem).set({ isClose: 'Y' }).where(inArray(purchaseOrderItem.id, targets));
    const after = items.map((i) => (targets.includes(i.id) ? { ...i, isClose: 'Y' as const } : i));
    const status =
      order.sendStatus === '1'
        ? deriveOrderStatus(after)
        : after.every((i) => i.isClose === 'Y')
          ? '5'
          : order.orderStatus;
    const row = await transition(
      tx,
      auth,
      order,
      { orderStatus: status },
      'close',
      order.orderStatus,
      status,
    );
    if (order.sendStatus === '1') {
      await notify(tx, env, {
        receivers: { companies: [order.toElsAccount] },
        msgTitle: fillText(ORDER_TEXTS.closed, { number: order.orderNumber }),
        sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
        businessType: ORDER_KIND,
        businessId: order.id,
        linkUrl: orderLink(order.id),
      });
    }
    return row;
  });
}

/**
 * The supplier confirms lines with reply delivery dates (all or some; at least one). A return reason
 * cannot be given when confirming (seed 001 §5). The order becomes partially or fully confirmed.
 */
export async function confirmLines(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: {
    version: number;
    lines: Array<{ itemId: string; replyDeliveryDate?: string }>;
    rejectReason?: string;
  },
) {
  if (body.rejectReason?.trim()) throw badRequest('returnReasonOnConfirm');
  if (body.lines.length === 0) throw badRequest('selectAtLeastOneRow');
  return db.transaction(async (tx) => {
    const order = await findOrderForSupplier(tx, auth, id, true);
    assertVersion(order, body.version);
    if (!canDo(ORDER_DEFINITION, 'confirm', order, 'sale'))
      throw badRequest('orderStatusNotAllowed', { action: 'confirm' });
    const items = await findItems(tx, id);
    for (const [i, line] of body.lines.entries()) {
      const item = items.find((x) => x.id === line.itemId && x.isDel === 'N' && x.isClose === 'N');
      if (!item) throw badRequest('lineNotInOrder', { id: line.itemId });
      if (!line.replyDeliveryDate) throw badRequest('replyDateRequired', { line: i + 1 });
      await tx
        .update(purchaseOrderItem)
        .set({ itemStatus: '1', replyDeliveryDate: line.replyDeliveryDate, supplierRemark: null })
        .where(eq(purchaseOrderItem.id, item.id));
    }
    const after = await findItems(tx, id);
    const status = deriveOrderStatus(after);
    const row = await transition(
      tx,
      auth,
      order,
      { orderStatus: status },
      'confirm',
      order.orderStatus,
      status,
    );
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: fillText(ORDER_TEXTS.confirmed, { number: order.orderNumber }),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return row;
  });
}

/** The supplier refuses lines; remarks are required (seed 001 §5 "refusing requires supplier remarks"). */
export async function refuseLines(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: { version: number; itemIds: string[]; remark?: string },
) {
  const remark = body.remark?.trim();
  if (!remark) throw badRequest('refuseNeedsRemark');
  if (body.itemIds.length === 0) throw badRequest('selectAtLeastOneRow');
  return db.transaction(async (tx) => {
    const order = await findOrderForSupplier(tx, auth, id, true);
    assertVersion(order, body.version);
    if (!canDo(ORDER_DEFINITION, 'refuse', order, 'sale'))
      throw badRequest('orderStatusNotAllowed', { action: 'refuse' });
    const items = await findItems(tx, id);
    for (const itemId of body.itemIds) {
      const item = items.find((x) => x.id === itemId && x.isDel === 'N' && x.isClose === 'N');
      if (!item) throw badRequest('lineNotInOrder', { id: itemId });
      if (new Decimal(item.shippedQuantity).gt(0))
        throw badRequest('lineShippedNoRefuse', { line: item.itemNumber });
    }
    await tx
      .update(purchaseOrderItem)
      .set({ itemStatus: '2', supplierRemark: remark })
      .where(inArray(purchaseOrderItem.id, body.itemIds));
    const status = deriveOrderStatus(await findItems(tx, id));
    const row = await transition(
      tx,
      auth,
      order,
      { orderStatus: status, rejectReason: remark },
      'refuse',
      order.orderStatus,
      status,
      remark,
    );
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: fillText(ORDER_TEXTS.refused, { number: order.orderNumber }),
      msgContent: remark,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return row;
  });
}

/** The supplier confirms a change (2 → 3) or returns it with a reason (2 → 4). */
export async function answerChange(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: { version: number; accept: boolean; reason?: string },
) {
  const reason = body.reason?.trim();
  if (body.accept && reason) throw badRequest('returnReasonOnConfirm');
  if (!body.accept && !reason) throw badRequest('returnReasonRequired');
  return db.transaction(async (tx) => {
    const order = await findOrderForSupplier(tx, auth, id, true);
    assertVersion(order, body.version);
    const action = body.accept ? 'confirmChange' : 'returnChange';
    if (!canDo(ORDER_DEFINITION, action, order, 'sale'))
      throw badRequest('orderStatusNotAllowed', { action });
    const to = body.accept ? '3' : '4';
    const extra = body.accept
      ? { orderStatus: deriveOrderStatus(await findItems(tx, id)) }
      : { rejectReason: reason };
    const row = await transition(
      tx,
      auth,
      order,
      { changeStatus: to, ...extra },
      body.accept ? 'confirmChange' : 'returnChange',
      '2',
      to,
      reason,
    );
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: fillText(body.accept ? ORDER_TEXTS.changeConfirmed : ORDER_TEXTS.changeReturned, {
        number: order.orderNumber,
      }),
      msgContent: reason ?? '',
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return row;
  });
}

/** One order with its lines, audit trail and approval tasks, for the side that may see it. */
export async function getOrder(db: Queryable, auth: AuthContext, side: 'purchase' | 'sale', id: string) {
  const order =
    side === 'purchase' ? await findOrderForBuyer(db, auth, id) : await findOrderForSupplier(db, auth, id);
  const [items, trail, tasks] = await Promise.all([
    findItems(db, id),
    findAuditTrail(db, order.elsAccount, ORDER_KIND, id),
    side === 'purchase' ? findDocumentTasks(db, order.elsAccount, ORDER_KIND, id) : Promise.resolve([]),
  ]);
  return { order, items, trail, tasks };
}

/** Counts for the home portal (spec 000 §7 findConfirmCount), from the caller's side of the orders. */
export async function confirmCounts(db: Queryable, auth: AuthContext) {
  const scope =
    auth.station === 'sale'
      ? and(eq(purchaseOrder.toElsAccount, auth.elsAccount), eq(purchaseOrder.sendStatus, '1'))
      : eq(purchaseOrder.elsAccount, auth.elsAccount);
  const countWhere = async (extra: SQL) => {
    const [{ n }] = await db.select({ n: count() }).from(purchaseOrder).where(and(scope, extra));
    return Number(n);
  };
  const [toBeConfirmed, changeToBeConfirmed, partialConfirmed, refused] = await Promise.all([
    countWhere(eq(purchaseOrder.orderStatus, '1')),
    countWhere(eq(purchaseOrder.changeStatus, '2')),
    countWhere(eq(purchaseOrder.orderStatus, '2')),
    countWhere(eq(purchaseOrder.orderStatus, '4')),
  ]);
  return { available: true, counts: { toBeConfirmed, changeToBeConfirmed, partialConfirmed, refused } };
}

/** What an approval's end does to an order (registered with the approval module). */
export function registerOrderApprovalHandler(env: string) {
  const finish = async (
    tx: Tx,
    elsAccount: string,
    documentId: string,
    user: string,
    approved: boolean,
    remark?: string,
  ) => {
    const [order] = await tx
      .select()
      .from(purchaseOrder)
      .where(and(eq(purchaseOrder.id, documentId), eq(purchaseOrder.elsAccount, elsAccount)))
      .for('update');
    if (order?.auditStatus !== '1') return;
    const to = approved ? '2' : '3';
    await tx
      .update(purchaseOrder)
      .set({
        auditStatus: to,
        lastUpdateUser: user,
        lastUpdateDate: sql`now()`,
        version: sql`${purchaseOrder.version} + 1`,
      })
      .where(eq(purchaseOrder.id, order.id));
    await recordAudit(tx, {
      elsAccount,
      documentKind: ORDER_KIND,
      documentId,
      action: approved ? 'approve' : 'reject',
      fromStatus: '1',
      toStatus: to,
      remark: remark ?? null,
      createUser: user,
    });
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: fillText(approved ? ORDER_TEXTS.approved : ORDER_TEXTS.rejected, {
        number: order.orderNumber,
      }),
      msgContent: remark ?? '',
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
  };
  registerAuditHandler(ORDER_KIND, {
    onApproved: (tx, elsAccount, documentId, user) => finish(tx, elsAccount, documentId, user, true),
    onRejected: (tx, elsAccount, documentId, user, remark) =>
      finish(tx, elsAccount, documentId, user, false, remark),
  });
}
