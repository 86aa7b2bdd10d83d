import { Decimal } from '@srm/contracts/decimal';
import { canDo } from '@srm/contracts/document/define';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { CUSTOM_FIELD_KEYS, type CustomFieldKey, type OrderSaveBody } from '@srm/contracts/purchase-order';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit-trail.ts';
import { companyToday } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { userKey } from '../../platform/document/kind.ts';
import { assertOrgCodes, orgCodeValuesOf } from '../../platform/document/org-codes.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { findLinkedSuppliers } from '../account/index.ts';
import { findEffectivePrice } from '../masterdata/index.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import { orderHasLiveNotes } from './delivery.ts';
import { purchaseOrder, purchaseOrderItem } from './tables.ts';

export const ORDER_KIND = 'order';
/** The order's fields, statuses and transition table (shared with the web's toolbar). */
export const ORDER_DEFINITION = purchaseOrderDefinition;

type OrderRow = typeof purchaseOrder.$inferSelect;
type ItemRow = typeof purchaseOrderItem.$inferSelect;

/** The buyer sub-account who created the order (createUser is `{elsAccount}_{elsSubAccount}`). */
export const creatorOf = (order: OrderRow) => ({
  elsAccount: order.elsAccount,
  elsSubAccount: order.createUser.slice(order.elsAccount.length + 1),
});
/** The caller as createUser/lastUpdateUser record it (the kernel's). */
export { userKey };
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
          throw badRequest('noPriceForLine', { line: lineNumberAt(i), material: item.materialNumber }).at([
            'items',
            i,
            'priceExcludingTax',
          ]);
        price ??= found ? unitPriceFromMaster(found.priceExcludingTax, found.priceBase) : undefined;
        rate ??= found?.taxRate ?? '13';
      }
      const money = lineMoney(item.quantity, price!, rate!);
      return {
        itemNumber: lineNumberAt(i),
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

/** The order's organisation columns by data item (its kind's dataPermission mapping). */
const ORDER_ORG_FIELDS = {
  header: { purchaseOrg: 'purchaseOrganization', purchaseGroup: 'purchaseGroup' },
  lines: {},
} as const;

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
    // Issue #16: orders only to suppliers whose stage allows them (drafts from awards and the pool too).
    await assertSupplierRights(tx, auth.elsAccount, [body.toElsAccount], 'order');
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
    // Issue #19: the organisation and group must be enabled records of the company's masters (the kernel's
    // rule, platform/document/org-codes.ts; an edit may keep a value the order already holds).
    const orgValues = (current: OrderRow | null) =>
      assertOrgCodes(tx, auth.elsAccount, orgCodeValuesOf(ORDER_ORG_FIELDS, header, [], current, []));
    let order: OrderRow;
    if (!body.id) {
      await orgValues(null);
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
      await orgValues(current);
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

/** Copies an order into a new, unsubmitted one (new number, same supplier, lines and custom fields). */
export async function copyOrder(db: Queryable, auth: AuthContext, id: string) {
  assertBuyer(auth);
  const source = await findOrderForBuyer(db, auth, id);
  const items = await findItems(db, id);
  return saveOrder(db, auth, {
    toElsAccount: source.toElsAccount,
    orderType: source.orderType as OrderSaveBody['orderType'],
    purchaseType: source.purchaseType as OrderSaveBody['purchaseType'],
    orderDate: await companyToday(db, auth.elsAccount),
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
