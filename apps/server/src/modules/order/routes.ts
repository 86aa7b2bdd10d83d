import { customFieldLabel } from '@srm/contracts/custom-field';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import {
  AUDIT_STATUS,
  CUSTOM_FIELD_KEYS,
  type CustomFieldKey,
  DELIVERY_STATUS,
  ORDER_STATUS,
  orderReceiveBodySchema,
  orderSaveBodySchema,
  orderShipBodySchema,
  SEND_STATUS,
} from '@srm/contracts/purchase-order';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { company } from '../account/tables.ts';
import { findLabels, findOrderLabels } from '../custom-field/service.ts';
import { registerBiddingRoutes } from './bidding.ts';
import { findOrderNotes, type NoteItemRow, type NoteRow, receiveShipment, shipOrder } from './delivery.ts';
import { type ListedOrder, listOrders, listOrdersJson, type OrderFilter } from './list-query.ts';
import { renderOrderPdf } from './print.ts';
import {
  answerChange,
  closeOrder,
  confirmCounts,
  confirmLines,
  copyOrder,
  deleteOrder,
  flatCustomFields,
  getOrder,
  refuseLines,
  registerOrderApprovalHandler,
  saveOrder,
  sendChange,
  sendOrder,
  submitOrder,
  withdrawOrder,
} from './service.ts';
import type { purchaseOrder, purchaseOrderItem } from './tables.ts';

const isoDate = z.iso.date();
const filterSchema = pagingSchema.extend({
  cursor: z.string().trim().min(1).max(512).optional(),
  orderNumber: z.string().trim().max(40).optional(),
  toElsAccount: z.string().trim().max(32).optional(),
  auditStatus: z.enum(['0', '1', '2', '3', '4']).optional(),
  /** ORDER_STATUS: … 5 closed, 6 in bidding. */
  orderStatus: z.enum(['0', '1', '2', '3', '4', '5', '6']).optional(),
  sendStatus: z.enum(['0', '1']).optional(),
  /** 0 not shipped, 1 shipment in transit, 2 partial receipt, 3 all goods received. */
  deliveryStatus: z.enum(['0', '1', '2', '3']).optional(),
  orderDateFrom: isoDate.optional(),
  orderDateTo: isoDate.optional(),
});

/** fbk1…fbk50 in answers: present only when the document (or line) has a value for them. */
const customFieldsOut = Object.fromEntries(
  CUSTOM_FIELD_KEYS.map((key) => [key, z.string().optional()]),
) as Record<CustomFieldKey, z.ZodOptional<z.ZodString>>;

const headerSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string(),
  supplierName: z.string(),
  orderNumber: z.string(),
  orderType: z.string(),
  purchaseType: z.string(),
  orderDate: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  localCurrency: z.string(),
  payTermsCode: z.string().nullable(),
  payTermsText: z.string().nullable(),
  incotermsCode: z.string().nullable(),
  incotermsDesc: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  urgencyFlag: z.string(),
  remark: z.string().nullable(),
  auditStatus: z.string(),
  sendStatus: z.string(),
  sendTime: z.string().nullable(),
  orderStatus: z.string(),
  changeStatus: z.string(),
  rejectReason: z.string().nullable(),
  /** 0 not shipped, 1 shipment in transit, 2 partial receipt, 3 all goods received (DELIVERY_STATUS). */
  deliveryStatus: z.string(),
  totalAmountExcludingTax: z.string(),
  totalTaxAmount: z.string(),
  totalAmount: z.string(),
  totalAmountLocal: z.string(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number(),
  ...customFieldsOut,
});
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
      createDate: z.string(),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.string(),
      stepName: z.string(),
      status: z.string(),
      handledBy: z.string().nullable(),
      remark: z.string().nullable(),
    }),
  ),
});
const pageSchema = envelopeSchema(
  z.object({
    records: z.array(headerSchema),
    total: z.number(),
    /** false: more than EXACT_COUNT_LIMIT match and `total` is an estimate. */
    totalExact: z.boolean(),
    /** Reads the next page by keyset (any depth); null on the last page. */
    nextCursor: z.string().nullable(),
    currentPage: z.number(),
    pageSize: z.number(),
  }),
);
const versionBody = z.object({ version: z.number().int().min(0) });
const idParams = z.object({ id: z.uuid() });

/**
 * The custom fields an order export lists, in fbk order: those the buyer named, and any other one with a
 * value in the exported orders (so no value is left out; it is titled with its key).
 */
function exportCustomFields(
  labels: ReadonlyArray<{ fieldKey: string }>,
  rows: ReadonlyArray<Pick<ListedOrder, 'customFields'>>,
): CustomFieldKey[] {
  const shown = new Set<string>(labels.map((l) => l.fieldKey));
  for (const row of rows) for (const key of Object.keys(flatCustomFields(row.customFields))) shown.add(key);
  return CUSTOM_FIELD_KEYS.filter((key) => shown.has(key));
}

/**
 * An order header as answered (seed 001 §3): money as decimal strings in the order's currency, dates
 * 'YYYY-MM-DD', times ISO-8601 UTC; custom fields flat. The list routes get the same shape rendered by
 * PostgreSQL (list-query.ts ROW_FIELDS); exported for the suite that compares the two.
 */
export function toHeader(row: ListedOrder) {
  return {
    id: row.id,
    elsAccount: row.elsAccount,
    toElsAccount: row.toElsAccount,
    supplierName: row.supplierName,
    orderNumber: row.orderNumber,
    orderType: row.orderType,
    purchaseType: row.purchaseType,
    orderDate: row.orderDate,
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    localCurrency: row.localCurrency,
    payTermsCode: row.payTermsCode,
    payTermsText: row.payTermsText,
    incotermsCode: row.incotermsCode,
    incotermsDesc: row.incotermsDesc,
    deliveryAddress: row.deliveryAddress,
    urgencyFlag: row.urgencyFlag,
    remark: row.remark,
    auditStatus: row.auditStatus,
    sendStatus: row.sendStatus,
    sendTime: row.sendTime?.toISOString() ?? null,
    orderStatus: row.orderStatus,
    changeStatus: row.changeStatus,
    rejectReason: row.rejectReason,
    deliveryStatus: row.deliveryStatus,
    totalAmountExcludingTax: row.totalAmountExcludingTax,
    totalTaxAmount: row.totalTaxAmount,
    totalAmount: row.totalAmount,
    totalAmountLocal: row.totalAmountLocal,
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    version: row.version,
    ...flatCustomFields(row.customFields),
  };
}
/** A line as answered: without its tenancy columns, custom fields flat (fbkN) instead of nested. */
const toItem = ({
  orderId: _o,
  elsAccount: _e,
  toElsAccount: _t,
  customFields,
  ...item
}: typeof purchaseOrderItem.$inferSelect) => ({ ...item, ...flatCustomFields(customFields) });
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

/** Purchase orders, buyer side (Purchase…Service) and supplier side (Sale…Service): issue #5, seed 001 §3–§5. */
export function registerOrderRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const env = deps.config.ENV_NAME;
  const kick = () => void deps.outbox.kick();
  registerOrderApprovalHandler(env);
  // Price bidding on unsent orders (bidding.ts): answers the same header as the other actions.
  registerBiddingRoutes(app, deps, { headerSchema, toHeader });

  for (const side of ['purchase', 'sale'] as const) {
    const service = side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService';
    /**
     * POST /apis/order/{Purchase|Sale}OrderService/findPageList — orders newest first (buyer: by order
     * date; supplier: by send time). The buyer sees its own; the supplier sees those sent to it. Body
     * { currentPage, pageSize, cursor?, orderNumber? (prefix; the list is then in number order),
     * toElsAccount? (buyer), auditStatus?, orderStatus?, sendStatus? (buyer), deliveryStatus?, orderDateFrom?, orderDateTo?
     * (ISO dates) }. data { records, total, totalExact, nextCursor, currentPage, pageSize }: pages reach
     * the first 10,000 rows, `nextCursor` any depth; `total` is exact up to 1,000 (see list-query.ts).
     * '400' for a page beyond the window or a foreign cursor.
     */
    r.post(
      `/apis/order/${service}/findPageList`,
      {
        schema: {
          tags: ['order'],
          summary: `Orders (${side} side)`,
          body: filterSchema,
          response: { 200: pageSchema },
        },
      },
      // The rows come as JSON text rendered by PostgreSQL in toHeader's shape (list-query.ts ROW_FIELDS; the
      // list suite compares the two): the answer is assembled, not serialized field by field (issue #5).
      async (request, reply) => {
        const { currentPage, pageSize } = request.body;
        const { records, total, totalExact, nextCursor } = await listOrdersJson(
          deps.db,
          requireAuth(request.auth),
          side,
          request.body as OrderFilter,
        );
        const data = `{"records":${records},"total":${total},"totalExact":${totalExact},"nextCursor":${JSON.stringify(nextCursor)},"currentPage":${currentPage},"pageSize":${pageSize}}`;
        // Returned: the compression hook may still be running when the handler's promise settles.
        return reply
          .type('application/json; charset=utf-8')
          .send(`{"code":"200","message":"success","data":${data}}` as never);
      },
    );
    /**
     * GET /apis/order/{Purchase|Sale}OrderService/findDetail/{id} — header, lines, audit trail, approval
     * tasks (buyer), and shipments (both sides: the order's shipments oldest first, each with its lines;
     * this is where both sides list them — there is no separate shipment list route). Header and lines
     * carry their non-empty custom fields flat (fbk1…fbk50, strings; seed 001 §3), on both sides; lines
     * carry shippedQuantity and receivedQuantity, the header deliveryStatus. '404' when the order is not
     * the caller's (or, for the supplier, not sent).
     */
    r.get(
      `/apis/order/${service}/findDetail/:id`,
      {
        schema: {
          tags: ['order'],
          summary: `One order (${side} side)`,
          params: idParams,
          response: { 200: envelopeSchema(detailSchema) },
        },
      },
      async (request) => {
        const { order, items, trail, tasks } = await getOrder(
          deps.db,
          requireAuth(request.auth),
          side,
          request.params.id,
        );
        const shipments = await findOrderNotes(deps.db, order.id);
        return ok({
          order: toHeader(order),
          items: items.map(toItem),
          shipments: shipments.map((s) => toShipment(s.note, s.lines)),
          trail: trail.map((t) => ({
            action: t.action,
            fromStatus: t.fromStatus,
            toStatus: t.toStatus,
            remark: t.remark,
            createUser: t.createUser,
            createDate: t.createDate.toISOString(),
          })),
          tasks: tasks.map((t) => ({
            id: t.id,
            stepName: t.stepName,
            status: t.status,
            handledBy: t.handledBy,
            remark: t.remark,
          })),
        });
      },
    );
  }

  /**
   * POST /apis/order/PurchaseOrderService/save — create (no id) or edit (id + version) an order.
   * Body: orderSaveBodySchema (contracts/purchase-order.ts): supplier toElsAccount (must be linked),
   * orderType 0–9 (required), orderDate, currency, exchangeRate (10.6), … and items (≥ 1; quantity > 0 in
   * the line's unit; prices in the order currency default from the price master). Header and each line
   * take optional custom fields fbk1…fbk50 flat (strings, trimmed, ≤ 100 characters, empty = absent;
   * seed 001 §3); an over-long value answers '400' naming it (e.g. body.fbk3, body.items.0.fbk7), an
   * unknown fbkN (fbk51 …) '400' "field … is not allowed". After sending, an edit is a change. '400'
   * rules, '403' suppliers, '409' stale version.
   */
  r.post(
    '/apis/order/PurchaseOrderService/save',
    {
      schema: {
        tags: ['order'],
        summary: 'Create or edit a purchase order',
        body: orderSaveBodySchema,
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => ok(toHeader(await saveOrder(deps.db, requireAuth(request.auth), request.body))),
  );

  const simple: Array<
    [
      string,
      string,
      (
        id: string,
        version: number,
        auth: ReturnType<typeof requireAuth>,
      ) => Promise<typeof purchaseOrder.$inferSelect>,
    ]
  > = [
    [
      'submit',
      'Submit for approval (approved at once without approval steps)',
      (id, v, auth) => submitOrder(deps.db, auth, env, id, v),
    ],
    ['withdraw', 'Withdraw from approval', (id, v, auth) => withdrawOrder(deps.db, auth, id, v)],
    ['send', 'Send an approved order to the supplier', (id, v, auth) => sendOrder(deps.db, auth, env, id, v)],
    [
      'sendChange',
      'Send a change of a sent order to the supplier',
      (id, v, auth) => sendChange(deps.db, auth, env, id, v),
    ],
  ];
  for (const [action, summary, run] of simple) {
    /** POST /apis/order/PurchaseOrderService/{submit|withdraw|send|sendChange}/{id} — body { version }. '400' when the status does not allow it, '409' stale. */
    r.post(
      `/apis/order/PurchaseOrderService/${action}/:id`,
      {
        schema: {
          tags: ['order'],
          summary,
          params: idParams,
          body: versionBody,
          response: { 200: envelopeSchema(headerSchema) },
        },
      },
      async (request) => {
        const row = await run(request.params.id, request.body.version, requireAuth(request.auth));
        kick();
        return ok(toHeader(row));
      },
    );
  }

  for (const side of ['purchase', 'sale'] as const) {
    /**
     * GET /apis/order/{Purchase|Sale}OrderService/print/{id} — the order as a PDF (A4), labels in the
     * caller's language; the file is named after the order number.
     */
    r.get(
      `/apis/order/${side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService'}/print/:id`,
      {
        schema: {
          tags: ['order'],
          summary: `Print an order (${side} side)`,
          params: idParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const { order, items } = await getOrder(deps.db, requireAuth(request.auth), side, request.params.id);
        const [buyer] = await deps.db
          .select({ name: company.companyName })
          .from(company)
          .where(eq(company.elsAccount, order.elsAccount));
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
   */
  r.post(
    '/apis/order/PurchaseOrderService/close/:id',
    {
      schema: {
        tags: ['order'],
        summary: 'Close lines or the whole order',
        params: idParams,
        body: versionBody.extend({ itemIds: z.array(z.uuid()).max(500).optional() }),
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => {
      const row = await closeOrder(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body.version,
        request.body.itemIds,
      );
      kick();
      return ok(toHeader(row));
    },
  );

  /** POST /apis/order/PurchaseOrderService/copy/{id} — a new unsubmitted order with the same supplier and lines. */
  r.post(
    '/apis/order/PurchaseOrderService/copy/:id',
    {
      schema: {
        tags: ['order'],
        summary: 'Copy an order',
        params: idParams,
        response: { 200: envelopeSchema(headerSchema) },
      },
    },
    async (request) => ok(toHeader(await copyOrder(deps.db, requireAuth(request.auth), request.params.id))),
  );

  /** POST /apis/order/PurchaseOrderService/delete/{id} — only orders neither approved nor sent. */
  r.post(
    '/apis/order/PurchaseOrderService/delete/:id',
    {
      schema: {
        tags: ['order'],
        summary: 'Delete an unapproved order',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteOrder(deps.db, requireAuth(request.auth), request.params.id);
      return ok(null);
    },
  );

  /**
   * POST /apis/order/PurchaseOrderService/export — the filtered list as an .xlsx file (all pages, up to
   * 10,000 rows), headers and status labels in the caller's language. Then the header custom fields: each
   * one the buyer named (custom field labels, purchaseOrder) under its label, and any other one holding a
   * value in the exported orders under its key (fbkN), in fbk order.
   */
  r.post(
    '/apis/order/PurchaseOrderService/export',
    {
      schema: {
        tags: ['order'],
        summary: 'Export orders to Excel',
        body: filterSchema.omit({ currentPage: true, pageSize: true, cursor: true }),
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const lang = request.locale;
      const rows: ListedOrder[] = [];
      // Keyset pages of 100 up to 10,000 rows: each page is an index range, whatever its depth.
      let cursor: string | undefined;
      for (let page = 1; page <= 100; page++) {
        const { records, nextCursor } = await listOrders(deps.db, auth, 'purchase', {
          ...request.body,
          currentPage: 1,
          pageSize: 100,
          cursor,
        });
        rows.push(...records);
        if (!nextCursor) break;
        cursor = nextCursor;
      }
      const { labels } = await findLabels(deps.db, auth.elsAccount, 'purchaseOrder');
      // exceljs loads on first use: ~30 MiB the server need not hold (issue #7).
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(lang === 'en' ? 'Orders' : '采购订单');
      const en = lang === 'en';
      sheet.columns = [
        { header: en ? 'Order number' : '订单号', key: 'orderNumber', width: 16 },
        { header: en ? 'Supplier' : '供应商', key: 'supplierName', width: 28 },
        { header: en ? 'Order date' : '订单日期', key: 'orderDate', width: 12 },
        { header: en ? 'Currency' : '币种', key: 'currency', width: 8 },
        { header: en ? 'Total incl. tax' : '含税总额', key: 'totalAmount', width: 14 },
        { header: en ? 'Approval' : '审批状态', key: 'auditStatus', width: 12 },
        { header: en ? 'Sent' : '发送状态', key: 'sendStatus', width: 10 },
        { header: en ? 'Status' : '订单状态', key: 'orderStatus', width: 14 },
        { header: en ? 'Delivery' : '发货状态', key: 'deliveryStatus', width: 16 },
        ...exportCustomFields(labels, rows).map((key) => ({
          header: customFieldLabel(labels, key, lang),
          key,
          width: 16,
        })),
      ];
      for (const row of rows) {
        sheet.addRow({
          ...flatCustomFields(row.customFields),
          orderNumber: row.orderNumber,
          supplierName: row.supplierName,
          orderDate: row.orderDate,
          currency: row.currency,
          totalAmount: Number(row.totalAmount),
          auditStatus: AUDIT_STATUS[row.auditStatus as keyof typeof AUDIT_STATUS]?.[lang] ?? row.auditStatus,
          sendStatus: SEND_STATUS[row.sendStatus as keyof typeof SEND_STATUS]?.[lang] ?? row.sendStatus,
          orderStatus: ORDER_STATUS[row.orderStatus as keyof typeof ORDER_STATUS]?.[lang] ?? row.orderStatus,
          deliveryStatus:
            DELIVERY_STATUS[row.deliveryStatus as keyof typeof DELIVERY_STATUS]?.[lang] ?? row.deliveryStatus,
        });
      }
      sheet.getRow(1).font = { bold: true };
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="orders-${stamp}.xlsx"`)
        .send(buffer);
    },
  );

  /**
   * POST /apis/order/SaleOrderService/confirm/{id} — the supplier confirms lines. Body { version, lines:
   * [{ itemId, replyDeliveryDate (ISO date) }] (≥ 1: "select at least one row"), rejectReason? (must be
   * empty: a return reason cannot be given when confirming) }.
   */
  r.post(
    '/apis/order/SaleOrderService/confirm/:id',
    {
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
      const row = await confirmLines(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body,
      );
      kick();
      return ok(toHeader(row));
    },
  );

  /** POST /apis/order/SaleOrderService/refuse/{id} — body { version, itemIds (≥ 1), remark (required) }. */
  r.post(
    '/apis/order/SaleOrderService/refuse/:id',
    {
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
      const row = await refuseLines(deps.db, requireAuth(request.auth), env, request.params.id, request.body);
      kick();
      return ok(toHeader(row));
    },
  );

  for (const [action, accept] of [
    ['confirmChange', true],
    ['returnChange', false],
  ] as const) {
    /** POST /apis/order/SaleOrderService/{confirmChange|returnChange}/{id} — body { version, reason? (required to return, refused when confirming) }. */
    r.post(
      `/apis/order/SaleOrderService/${action}/:id`,
      {
        schema: {
          tags: ['order'],
          summary: accept ? 'Confirm a change (supplier)' : 'Return a change (supplier)',
          params: idParams,
          body: versionBody.extend({ reason: z.string().max(500).optional() }),
          response: { 200: envelopeSchema(headerSchema) },
        },
      },
      async (request) => {
        const row = await answerChange(deps.db, requireAuth(request.auth), env, request.params.id, {
          ...request.body,
          accept,
        });
        kick();
        return ok(toHeader(row));
      },
    );
  }

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
   */
  r.post(
    '/apis/order/SaleOrderService/ship/:id',
    {
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
   */
  r.post(
    '/apis/order/PurchaseOrderService/receive/:id',
    {
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
