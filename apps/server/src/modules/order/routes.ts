import { approvalTaskFields } from '@srm/contracts/approval-task';
import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { envelopeSchema } from '@srm/contracts/envelope';
import {
  CUSTOM_FIELD_KEYS,
  type CustomFieldKey,
  orderReceiveBodySchema,
  orderSaveBodySchema,
  orderShipBodySchema,
} from '@srm/contracts/purchase-order';
import { z } from 'zod';
import type { DocRow } from '../../platform/document/kind.ts';
import { ownRouteAction, recordSchemaOf, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { findCompanyName } from '../account/index.ts';
import { findOrderLabels, orderFieldLabels } from '../custom-field/service.ts';
import { registerBiddingRoutes } from './bidding.ts';
import { findOrderNotes, type NoteItemRow, type NoteRow, receiveShipment, shipOrder } from './delivery.ts';
import { registerOrderErpPush } from './erp-push.ts';
import { orderKind } from './kind.ts';
import { renderOrderPdf } from './print.ts';
import { confirmCounts, copyOrder, saveOrder } from './service.ts';
import type { purchaseOrder, purchaseOrderItem } from './tables.ts';

const isoDate = z.iso.date();
/** fbk1…fbk50 in answers: present only when the document (or line) has a value for them. */
const customFieldsOut = Object.fromEntries(
  CUSTOM_FIELD_KEYS.map((key) => [key, z.string().optional()]),
) as Record<CustomFieldKey, z.ZodOptional<z.ZodString>>;

/** The order header as answered: the kernel's record of the order definition (kind.ts toRecord). */
const headerSchema = recordSchemaOf(orderKind);
const itemSchema = z.object({
  id: z.string(),
  itemNumber: z.number(),
  materialId: z.string().nullable(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  unit: z.string(),
  quantity: z.string(),
  priceExcludingTax: z.string(),
  taxRate: z.string(),
  priceIncludingTax: z.string(),
  lineAmount: z.string(),
  deliveryDate: z.string(),
  replyDeliveryDate: z.string().nullable(),
  minPackingQuantity: z.string(),
  overTolerance: z.string(),
  lackTolerance: z.string(),
  itemStatus: z.string(),
  supplierRemark: z.string().nullable(),
  isClose: z.string(),
  isDel: z.string(),
  /** Shipped and received so far, in the line's unit (decimal strings, 3 decimals). */
  shippedQuantity: z.string(),
  receivedQuantity: z.string(),
  /** On confirmed returns (issue #12), in the line's unit. */
  returnQuantity: z.string(),
  ...customFieldsOut,
});
/** A shipment of an order with its lines (quantities in the order line's unit). */
const shipmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string(),
  shipmentNumber: z.string(),
  logisticsCompany: z.string(),
  trackingNumber: z.string(),
  shipDate: z.string(),
  expectedArrivalDate: z.string().nullable(),
  /** 1 in transit, 2 received (SHIPMENT_STATUS). */
  status: z.string(),
  remark: z.string().nullable(),
  receiveDate: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  lines: z.array(
    z.object({
      id: z.string(),
      orderItemId: z.string(),
      itemNumber: z.number(),
      shippedQuantity: z.string(),
      receivedQuantity: z.string(),
    }),
  ),
});
/** What ship and receive answer: the order header after the action and the shipment it touched. */
const deliveryAnswerSchema = z.object({ order: headerSchema, shipment: shipmentSchema });
const detailSchema = z.object({
  order: headerSchema,
  /** The creator's sub-account name; null when createUser names none (show the code). */
  createUserName: z.string().nullable(),
  /** The actions the caller may run now (the transition table, as the toolbar shows them). */
  actions: z.array(z.string()),
  items: z.array(itemSchema),
  /** The order's shipments, oldest first (both sides). */
  shipments: z.array(shipmentSchema),
  trail: z.array(
    z.object({
      action: z.string(),
      fromStatus: z.string().nullable(),
      toStatus: z.string().nullable(),
      remark: z.string().nullable(),
      createUser: z.string(),
      /** The acting user's name; null when the actor is no sub-account (show createUser). */
      createUserName: z.string().nullable(),
      createDate: z.string(),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.string(),
      /** Issue #33: the step's name in both languages; who may approve it while it waits. */
      ...approvalTaskFields,
      status: z.string(),
      handledBy: z.string().nullable(),
      /** The handler's sub-account name (null: none, show handledBy). */
      handledByName: z.string().nullable(),
      /** Delegation (issue #19): the sub-account the handler acted for; null when for themselves. */
      handledOnBehalfOf: z.string().nullable(),
      handledOnBehalfOfName: z.string().nullable(),
      remark: z.string().nullable(),
    }),
  ),
});
const versionBody = z.object({ version: z.number().int().min(0) });
const idParams = z.object({ id: z.uuid() });

/**
 * A delivery notice as one of the order's shipments (issue #12: shipments became delivery notices; the
 * order's detail keeps the shape): shipmentNumber is the notice number, status '1' in transit (shipped
 * or partly received) or '2' received in full; lines are the order's lines on the notice.
 */
const toShipment = (n: NoteRow, lines: NoteItemRow[]) => ({
  id: n.id,
  orderId: lines[0]?.orderId ?? '',
  elsAccount: n.elsAccount,
  toElsAccount: n.toElsAccount,
  shipmentNumber: n.deliveryNoteNumber,
  logisticsCompany: n.logisticsCompany ?? '',
  trackingNumber: n.trackingNumber ?? '',
  shipDate: n.noteDate,
  expectedArrivalDate: n.expectedArrivalDate,
  status: n.noteStatus === '5' ? '2' : '1',
  remark: n.remark,
  receiveDate: n.confirmDate?.toISOString() ?? null,
  createUser: n.createUser,
  createDate: n.createDate.toISOString(),
  lines: lines.map((l) => ({
    id: l.id,
    orderItemId: l.orderItemId,
    itemNumber: l.itemNumber,
    shippedQuantity: l.sendDeliveryNoteQuantity,
    receivedQuantity: l.confirmQuantity,
  })),
});

/**
 * An order header as answered (seed 001 §3): the kernel's record — money as decimal strings in the
 * order's currency, dates 'YYYY-MM-DD', times ISO-8601 UTC, custom fields flat. The lists answer the
 * same shape rendered by PostgreSQL (order-list.test.ts compares the two).
 */
export const toHeader = (row: typeof purchaseOrder.$inferSelect | DocRow) =>
  orderKind.toRecord(row as DocRow) as unknown as z.infer<typeof headerSchema>;

/** Purchase orders, buyer side (Purchase…Service) and supplier side (Sale…Service): issue #5, seed 001 §3–§5. */
export function registerOrderRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const env = deps.config.ENV_NAME;
  const kick = () => void deps.outbox.kick();
  // The kernel's calls: both sides' lists and Excel export, submit/withdraw (and the default approval
  // handler), delete, send, sendChange, confirmChange, returnChange (kind.ts); the rest are below.
  registerDocumentRoutes(app, deps, orderKind);
  // Issue #18: sent orders go to the ERP (ERP_PUSH_URL) from a job; pushErp/{id} asks again.
  registerOrderErpPush(deps.config, orderKind);
  // Price bidding on unsent orders (bidding.ts): answers the same header as the other actions.
  registerBiddingRoutes(app, deps, { headerSchema, toHeader });

  for (const side of ['purchase', 'sale'] as const) {
    const service = side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService';
    /**
     * GET /apis/order/{Purchase|Sale}OrderService/findDetail/{id} — header, lines, audit trail, approval
     * tasks (buyer), and shipments (both sides: the order's shipments oldest first, each with its lines;
     * this is where both sides list them — there is no separate shipment list route). Header and lines
     * carry their non-empty custom fields flat (fbk1…fbk50, strings; seed 001 §3), on both sides; lines
     * carry shippedQuantity and receivedQuantity, the header deliveryStatus. '404' when the order is not
     * the caller's (or, for the supplier, not sent).
     * Function permission (issue #19): `order.read`; without it '403'.
     */
    r.get(
      `/apis/order/${service}/findDetail/:id`,
      {
        config: { action: ownRouteAction(orderKind.def, 'read') },
        schema: {
          tags: ['order'],
          summary: `One order (${side} side)`,
          params: idParams,
          response: { 200: envelopeSchema(detailSchema) },
        },
      },
      async (request) => {
        const { row, answer } = await orderKind.detail(
          deps.db,
          requireAuth(request.auth),
          side,
          request.params.id,
        );
        const shipments = await findOrderNotes(deps.db, row.id);
        return ok({
          order: answer.record,
          createUserName: answer.createUserName,
          items: answer.lines,
          shipments: shipments.map((s) => toShipment(s.note, s.lines)),
          trail: answer.trail,
          tasks: answer.tasks,
          actions: answer.actions,
        } as never);
      },
    );
  }

  /**
   * POST /apis/order/PurchaseOrderService/save — create (no id) or edit (id + version) an order.
   * Body: orderSaveBodySchema (contracts/purchase-order.ts): supplier toElsAccount (must be linked),
   * orderType 0–9 (required), orderDate, currency, exchangeRate (10.6), … and items (≥ 1; quantity > 0 in
   * the line's unit; prices in the order currency default from the price master). Header and each line
   * take optional custom fields fbk1…fbk50 flat (strings, trimmed, ≤ 100 characters, empty = absent;
   * seed 001 §3); an over-long value answers '400' naming it by the buyer's name of it, an unnamed one by its
   * key ("Line 10, Batch …", "fbk3 …"; issue #33), an
   * unknown fbkN (fbk51 …) '400' "field … is not allowed". After sending, an edit is a change. '400'
   * rules, '403' suppliers, '409' stale version.
   * Function permission (issue #19): `order.save`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/save',
    {
      config: {
        action: ownRouteAction(orderKind.def, 'save'),
        // A refused custom field is named by the buyer's name of it (issue #33).
        fieldLabels: async (request) => orderFieldLabels(deps.db, requireAuth(request.auth).elsAccount),
      },
      schema: {
        tags: ['order'],
        summary: 'Create or edit a purchase order',
        body: orderSaveBodySchema,
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => ok(toHeader(await saveOrder(deps.db, requireAuth(request.auth), request.body))),
  );

  for (const side of ['purchase', 'sale'] as const) {
    /**
     * GET /apis/order/{Purchase|Sale}OrderService/print/{id} — the order as a PDF (A4), labels in the
     * caller's language; the file is named after the order number.
     * Function permission (issue #19): `order.read`; without it '403'.
     */
    r.get(
      `/apis/order/${side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService'}/print/:id`,
      {
        config: { action: ownRouteAction(orderKind.def, 'read') },
        schema: {
          tags: ['order'],
          summary: `Print an order (${side} side)`,
          params: idParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const order = (await orderKind.find(
          deps.db,
          requireAuth(request.auth),
          side,
          request.params.id,
        )) as unknown as typeof purchaseOrder.$inferSelect;
        const items = (await orderKind.findLines(deps.db, order.id)) as unknown as Array<
          typeof purchaseOrderItem.$inferSelect
        >;
        const buyer = { name: await findCompanyName(deps.db, order.elsAccount) };
        const labels = await findOrderLabels(deps.db, order.elsAccount);
        const pdf = await renderOrderPdf(
          order,
          items,
          buyer?.name ?? order.elsAccount,
          request.locale,
          labels,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${order.orderNumber}.pdf"`)
          .send(pdf);
      },
    );
  }

  /**
   * POST /apis/order/PurchaseOrderService/close/{id} — body { version, itemIds? (default: every line) }.
   * Allowed with goods in transit: shipments stay, the buyer can still receive them, and closed lines
   * cannot be shipped any more; the delivery status is left as it is.
   * Function permission (issue #19): `order.close`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/close/:id',
    {
      config: { action: ownRouteAction(orderKind.def, 'close') },
      schema: {
        tags: ['order'],
        summary: 'Close lines or the whole order',
        params: idParams,
        body: versionBody.extend({ itemIds: z.array(z.uuid()).max(500).optional() }),
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => {
      const row = await orderKind.runAction(
        deps.db,
        env,
        requireAuth(request.auth),
        'purchase',
        'close',
        request.params.id,
        request.body,
      );
      kick();
      return ok(toHeader(row));
    },
  );

  /**
   * POST /apis/order/PurchaseOrderService/copy/{id} — a new unsubmitted order with the same supplier and lines.
   * Function permission (issue #19): `order.save`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/copy/:id',
    {
      config: { action: ownRouteAction(orderKind.def, 'save') },
      schema: {
        tags: ['order'],
        summary: 'Copy an order',
        params: idParams,
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => ok(toHeader(await copyOrder(deps.db, requireAuth(request.auth), request.params.id))),
  );

  /**
   * POST /apis/order/SaleOrderService/confirm/{id} — the supplier confirms lines. Body { version, lines:
   * [{ itemId, replyDeliveryDate (ISO date) }] (≥ 1: "select at least one row"), rejectReason? (must be
   * empty: a return reason cannot be given when confirming) }.
   * Function permission (issue #19): `order.confirm`; without it '403'.
   */
  r.post(
    '/apis/order/SaleOrderService/confirm/:id',
    {
      config: { action: ownRouteAction(orderKind.def, 'confirm') },
      schema: {
        tags: ['order'],
        summary: 'Confirm order lines (supplier)',
        params: idParams,
        body: versionBody.extend({
          lines: z.array(z.object({ itemId: z.uuid(), replyDeliveryDate: isoDate.optional() })).max(500),
          rejectReason: z.string().max(500).optional(),
        }),
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => {
      const row = await orderKind.runAction(
        deps.db,
        env,
        requireAuth(request.auth),
        'sale',
        'confirm',
        request.params.id,
        request.body as never,
      );
      kick();
      return ok(toHeader(row));
    },
  );

  /**
   * POST /apis/order/SaleOrderService/refuse/{id} — body { version, itemIds (≥ 1), remark (required) }.
   * Function permission (issue #19): `order.refuse`; without it '403'.
   */
  r.post(
    '/apis/order/SaleOrderService/refuse/:id',
    {
      config: { action: ownRouteAction(orderKind.def, 'refuse') },
      schema: {
        tags: ['order'],
        summary: 'Refuse order lines (supplier)',
        params: idParams,
        body: versionBody.extend({
          itemIds: z.array(z.uuid()).max(500),
          remark: z.string().max(500).optional(),
        }),
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => {
      const row = await orderKind.runAction(
        deps.db,
        env,
        requireAuth(request.auth),
        'sale',
        'refuse',
        request.params.id,
        request.body,
      );
      kick();
      return ok(toHeader(row));
    },
  );

  /**
   * POST /apis/order/SaleOrderService/ship/{id} — the supplier ships confirmed lines (issue #5; seed 001
   * §3 deliveryStatus, §4 "shipment in transit", §5). Body (orderShipBodySchema): { version,
   * logisticsCompany (required, ≤ 100), trackingNumber (required, ≤ 50) — "logistics information
   * required"; shipDate? (ISO date, default today), expectedArrivalDate? (ISO date, not before shipDate),
   * remark?, lines: [{ itemId (order line id), quantity (decimal string > 0, ≤ 3 decimals, in the line's
   * unit) }] (≥ 1) }. Only a sent order that is partly or all confirmed, not closed and without a change
   * waiting for confirmation; each line confirmed, open, not deleted, listed once, and quantity at most
   * quantity × (1 + overTolerance%) − already shipped. Answers { order (deliveryStatus '1'), shipment
   * (a sales-initiated delivery notice in status 3 shipped, as shipment status '1' in transit, shipmentNumber DNyyyyMM####, lines) }; the buyer who created the order gets a
   * message. '400' rules (message names the field or line), '403' a buying-side user, '404' not the
   * caller's sent order, '409' stale version.
   * Function permission (issue #19): `order.ship`; without it '403'.
   */
  r.post(
    '/apis/order/SaleOrderService/ship/:id',
    {
      config: { action: ownRouteAction(orderKind.def, 'ship') },
      schema: {
        tags: ['order'],
        summary: 'Ship confirmed order lines (supplier)',
        params: idParams,
        body: orderShipBodySchema,
        response: { 200: envelopeSchema(deliveryAnswerSchema) },
      },
    },
    async (request) => {
      const { order, note, lines } = await shipOrder(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body,
      );
      kick();
      return ok({ order: toHeader(order), shipment: toShipment(note, lines) });
    },
  );

  /**
   * POST /apis/order/PurchaseOrderService/receive/{id} — the buyer receives goods of one shipment (issue
   * #5; seed 001 §4 "partial receipt", "all goods received"). Body (orderReceiveBodySchema): { version,
   * shipmentId (a shipment of this order, in transit), remark?, lines: [{ itemId (order line id on that
   * shipment), quantity (decimal string > 0, ≤ 3 decimals, at most shipped − received on that shipment
   * line) }] (≥ 1) }. The order's deliveryStatus becomes '3' when every confirmed open line has received
   * ≥ quantity × (1 − lackTolerance%), else '2'; the shipment becomes '2' received once every line of it
   * is received in full. Receiving works on closed orders too (goods in transit still arrive). Answers {
   * order, shipment }; the supplier company gets a message. '400' rules, '403' a selling-side user,
   * '404' not the caller's order or shipment, '409' stale version.
   * Function permission (issue #19): `deliveryNote.receive`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/receive/:id',
    {
      config: { action: ownRouteAction(deliveryNoteDefinition, 'receive') },
      schema: {
        tags: ['order'],
        summary: 'Receive goods of a shipment (buyer)',
        params: idParams,
        body: orderReceiveBodySchema,
        response: { 200: envelopeSchema(deliveryAnswerSchema) },
      },
    },
    async (request) => {
      const { order, note, lines } = await receiveShipment(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body,
      );
      kick();
      return ok({ order: toHeader(order), shipment: toShipment(note, lines) });
    },
  );

  const countsSchema = envelopeSchema(
    z.object({ available: z.boolean(), counts: z.record(z.string(), z.number()) }),
  );
  for (const method of ['GET', 'POST'] as const) {
    /**
     * GET and POST /apis/order/SaleOrderService/findConfirmCount (spec 000 §7) — order counts for the home
     * portal from the caller's side: { toBeConfirmed, changeToBeConfirmed, partialConfirmed, refused }.
     */
    r.route({
      method,
      url: '/apis/order/SaleOrderService/findConfirmCount',
      // Both stations' home portal (spec 000 §7), whatever the service's name (issue #32).
      config: { station: 'any' },
      schema: {
        tags: ['home'],
        summary: 'Order counts for the home portal',
        ...(method === 'POST' ? { body: z.object({}).passthrough().optional() } : {}),
        response: { 200: countsSchema },
      },
      handler: async (request) => ok(await confirmCounts(deps.db, requireAuth(request.auth))),
    });
  }
}
