import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';
import { describedField, LINE_NUMBER_STEP } from './field-labels.ts';

/**
 * Custom rules carry a message key (rule.positive, rule.percent) that the server translates with the
 * field's name in the caller's language (apps/server/src/platform/validation.ts).
 */

const decimalPattern = (integerDigits: number, scale: number) =>
  new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`);
const decimalMessage = (integerDigits: number, scale: number) =>
  `must be a decimal with at most ${integerDigits} integer digits and ${scale} decimals`;
/** Exact decimals travel as strings (DESIGN §4): money in the order's currency, quantities in the line's unit. */
const decimal = (integerDigits: number, scale: number) =>
  z
    .string()
    .trim()
    .regex(decimalPattern(integerDigits, scale), { message: decimalMessage(integerDigits, scale) });
/**
 * A decimal greater than 0. The sign is checked first: '-1' answers only "must be greater than 0" (the rule
 * it breaks), a malformed value only the format (issue #12).
 */
const positiveDecimal = (integerDigits: number, scale: number) =>
  z
    .string()
    .trim()
    .refine((v) => !/^-\s*(\d+(\.\d*)?|\.\d+)$/.test(v), { message: 'rule.positive', abort: true })
    .regex(decimalPattern(integerDigits, scale), {
      message: decimalMessage(integerDigits, scale),
      abort: true,
    })
    .refine((v) => Number(v) > 0, { message: 'rule.positive' });
const isoDate = z.iso.date();

/** Order and purchase type codes 0–9 (seed 001 §3). */
export const ORDER_TYPES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** Custom fields fbk1…fbk50 (seed 001 §3 "custom fields fbk1 to fbk50 recur on most documents"). */
export const CUSTOM_FIELD_COUNT = 50;
/** Longest value of one custom field, in characters (after trimming). */
export const CUSTOM_FIELD_MAX_LENGTH = 100;
export type CustomFieldKey = `fbk${number}`;
/** 'fbk1' … 'fbk50', in order. */
export const CUSTOM_FIELD_KEYS: readonly CustomFieldKey[] = Array.from(
  { length: CUSTOM_FIELD_COUNT },
  (_, i) => `fbk${i + 1}` as const,
);
const CUSTOM_FIELD_KEY_SET: ReadonlySet<string> = new Set(CUSTOM_FIELD_KEYS);

/**
 * fbk1…fbk50 as optional flat strings of a document or line: trimmed, at most 100 characters; an empty
 * string means "absent" (the server does not store it).
 */
export const customFieldShape = Object.fromEntries(
  CUSTOM_FIELD_KEYS.map((key) => [key, z.string().trim().max(CUSTOM_FIELD_MAX_LENGTH).optional()]),
) as Record<CustomFieldKey, z.ZodOptional<z.ZodString>>;

/**
 * Refuses keys that look like a custom field but are not one of fbk1…fbk50 (fbk0, fbk51, fbk007 …), so
 * a typo answers '400' naming the key instead of being dropped silently. Other unknown keys are ignored.
 */
function refuseUnknownCustomFields(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const unknown = Object.keys(value).filter((k) => /^fbk\d+$/i.test(k) && !CUSTOM_FIELD_KEY_SET.has(k));
  if (unknown.length > 0) ctx.addIssue({ code: 'unrecognized_keys', keys: unknown, input: value });
}

/**
 * The labels of an order line's fields in both languages: the order's kernel definition
 * (purchase-order-definition.ts) shows them, and the save body's schema carries them so a refused value is
 * named "Line 10, Quantity must be greater than 0" / "第 10 行 数量 必须大于 0" (issue #33, field-labels.ts).
 */
export const ORDER_LINE_LABELS = {
  materialNumber: { zh_cn: '物料编码', en: 'Material number' },
  materialDesc: { zh_cn: '物料描述', en: 'Material description' },
  unit: { zh_cn: '单位', en: 'Unit' },
  quantity: { zh_cn: '数量', en: 'Quantity' },
  priceExcludingTax: { zh_cn: '不含税单价', en: 'Price excl. tax' },
  taxRate: { zh_cn: '税率', en: 'Tax rate' },
  deliveryDate: { zh_cn: '交货日期', en: 'Delivery date' },
  minPackingQuantity: { zh_cn: '最小包装量', en: 'Minimum packing quantity' },
  overTolerance: { zh_cn: '超交容差', en: 'Over-delivery tolerance' },
  lackTolerance: { zh_cn: '欠交容差', en: 'Under-delivery tolerance' },
} as const;
/** The order lines' array label (the definition's `lines.label`). */
export const ORDER_LINES_LABEL = { zh_cn: '订单行', en: 'Lines' } as const;

const lineField = <T extends z.ZodType>(key: keyof typeof ORDER_LINE_LABELS, schema: T): T =>
  describedField(schema, { label: ORDER_LINE_LABELS[key] });

/** One order line as the buyer saves it. */
export const orderItemInputSchema = z
  .looseObject({
    id: z.uuid().optional(),
    materialId: z.uuid().optional(),
    materialNumber: lineField('materialNumber', z.string().trim().min(1).max(40)),
    materialDesc: lineField('materialDesc', z.string().trim().min(1).max(200)),
    unit: lineField('unit', z.string().trim().min(1).max(10)),
    /** Quantity > 0 (seed 001 §5 "order quantity greater than 0"). */
    quantity: lineField('quantity', positiveDecimal(12, 3)),
    /** Defaults from the price master when absent. */
    priceExcludingTax: lineField('priceExcludingTax', decimal(12, 6).optional()),
    /** Percent, 0–100. */
    taxRate: lineField(
      'taxRate',
      decimal(3, 2)
        .refine((v) => Number(v) <= 100, { message: 'rule.percent' })
        .optional(),
    ),
    deliveryDate: lineField('deliveryDate', isoDate),
    minPackingQuantity: lineField('minPackingQuantity', decimal(12, 3).optional()),
    overTolerance: lineField('overTolerance', decimal(3, 2).optional()),
    lackTolerance: lineField('lackTolerance', decimal(3, 2).optional()),
    ...customFieldShape,
  })
  .superRefine(refuseUnknownCustomFields);

/**
 * The labels of an order header's input fields in both languages: the order's kernel definition shows them,
 * and the save body's schema carries them so a refused value is named by its label ("Order type …" /
 * "订单类型 …"), not by its path (issue #33, field-labels.ts).
 */
export const ORDER_HEADER_LABELS = {
  toElsAccount: { zh_cn: '供应商账号', en: 'Supplier account' },
  orderType: { zh_cn: '订单类型', en: 'Order type' },
  purchaseType: { zh_cn: '采购类型', en: 'Purchase type' },
  orderDate: { zh_cn: '订单日期', en: 'Order date' },
  currency: { zh_cn: '币种', en: 'Currency' },
  exchangeRate: { zh_cn: '汇率', en: 'Exchange rate' },
  payTermsCode: { zh_cn: '付款条件', en: 'Payment terms' },
  payTermsText: { zh_cn: '付款条件说明', en: 'Payment terms text' },
  incotermsCode: { zh_cn: '国际贸易条款', en: 'Incoterms' },
  incotermsDesc: { zh_cn: '贸易条款说明', en: 'Incoterms place' },
  deliveryAddress: { zh_cn: '收货地址', en: 'Delivery address' },
  urgencyFlag: { zh_cn: '紧急程度', en: 'Urgency' },
  purchaseOrganization: { zh_cn: '采购组织', en: 'Purchase organisation' },
  purchaseGroup: { zh_cn: '采购组', en: 'Purchase group' },
  remark: { zh_cn: '备注', en: 'Remarks' },
} as const;

const headerField = <T extends z.ZodType>(key: keyof typeof ORDER_HEADER_LABELS, schema: T): T =>
  describedField(schema, { label: ORDER_HEADER_LABELS[key] });

/**
 * POST /apis/order/PurchaseOrderService/save body (create without id, edit with id + version). Header and
 * lines take fbk1…fbk50 flat (customFieldShape); an unknown fbkN is refused with '400' naming it.
 */
export const orderSaveBodySchema = z
  .looseObject({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    toElsAccount: headerField('toElsAccount', elsAccountSchema),
    /** Order type is required to save (seed 001 §5). */
    orderType: headerField('orderType', z.enum(ORDER_TYPES)),
    purchaseType: headerField('purchaseType', z.enum(ORDER_TYPES).default('0')),
    orderDate: headerField('orderDate', isoDate),
    currency: headerField(
      'currency',
      z
        .string()
        .regex(/^[A-Z]{3}$/)
        .default('CNY'),
    ),
    /** Exchange rate format 10.6 (seed 001 §5). */
    exchangeRate: headerField('exchangeRate', decimal(4, 6).default('1')),
    payTermsCode: headerField('payTermsCode', z.string().trim().max(20).optional()),
    payTermsText: headerField('payTermsText', z.string().trim().max(200).optional()),
    incotermsCode: headerField('incotermsCode', z.string().trim().max(10).optional()),
    incotermsDesc: headerField('incotermsDesc', z.string().trim().max(200).optional()),
    deliveryAddress: headerField('deliveryAddress', z.string().trim().max(200).optional()),
    urgencyFlag: headerField('urgencyFlag', z.enum(['0', '1']).default('0')),
    purchaseOrganization: headerField('purchaseOrganization', z.string().trim().max(40).optional()),
    purchaseGroup: headerField('purchaseGroup', z.string().trim().max(40).optional()),
    remark: headerField('remark', z.string().trim().max(500).optional()),
    /**
     * At least one line (seed 001 §5 "add at least one row"). Saved lines are numbered 10, 20 … by position
     * (order service buildLines), so errors name a line by that number.
     */
    items: describedField(z.array(orderItemInputSchema).min(1).max(500), {
      label: ORDER_LINES_LABEL,
      lineStep: LINE_NUMBER_STEP,
    }),
    ...customFieldShape,
  })
  .superRefine(refuseUnknownCustomFields);
export type OrderSaveBody = z.infer<typeof orderSaveBodySchema>;

/** Labels in both languages (seed 001 §4 order and approval statuses). */
export const AUDIT_STATUS = {
  '0': { zh_cn: '未提交审批', en: 'Not submitted' },
  '1': { zh_cn: '审批中', en: 'Under approval' },
  '2': { zh_cn: '审批通过', en: 'Approved' },
  '3': { zh_cn: '审批拒绝', en: 'Rejected' },
  '4': { zh_cn: '已撤回', en: 'Withdrawn' },
} as const;
export const SEND_STATUS = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '已发送', en: 'Sent' },
} as const;
export const ORDER_STATUS = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '待确认', en: 'To be confirmed' },
  '2': { zh_cn: '部分确认', en: 'Partial confirmation' },
  '3': { zh_cn: '全部确认', en: 'All confirmed' },
  '4': { zh_cn: '已拒绝', en: 'Refused' },
  '5': { zh_cn: '已关闭', en: 'Closed' },
  /** Price bidding on an unsent order (seed 001 §4 "in bidding"): back to '0' when awarded or cancelled. */
  '6': { zh_cn: '竞价中', en: 'In bidding' },
} as const;
export const CHANGE_STATUS = {
  '0': { zh_cn: '无变更', en: 'No change' },
  '1': { zh_cn: '变更未发送', en: 'Change not sent' },
  '2': { zh_cn: '变更已发送', en: 'Change sent' },
  '3': { zh_cn: '变更已确认', en: 'Change confirmed' },
  '4': { zh_cn: '变更已退回', en: 'Change returned' },
} as const;
export const ITEM_STATUS = {
  '0': { zh_cn: '待确认', en: 'To be confirmed' },
  '1': { zh_cn: '已确认', en: 'Confirmed' },
  '2': { zh_cn: '已拒绝', en: 'Refused' },
} as const;
export const URGENCY = {
  '0': { zh_cn: '普通', en: 'Normal' },
  '1': { zh_cn: '紧急', en: 'Urgent' },
} as const;
/**
 * Delivery status of an order header (seed 001 §3 deliveryStatus, §4 "shipment in transit", "partial
 * receipt", "all goods received"): set by the supplier's ship and the buyer's receive actions.
 */
export const DELIVERY_STATUS = {
  '0': { zh_cn: '未发货', en: 'Not shipped' },
  '1': { zh_cn: '发货在途', en: 'Shipment in transit' },
  '2': { zh_cn: '部分收货', en: 'Partial receipt' },
  '3': { zh_cn: '全部收货', en: 'All goods received' },
} as const;
/** Status of one shipment (the order's ASN-like sub-document). */
export const SHIPMENT_STATUS = {
  '1': { zh_cn: '在途', en: 'In transit' },
  '2': { zh_cn: '已收货', en: 'Received' },
} as const;

/** A shipped or received quantity in the line's unit: > 0, at most 12 integer digits and 3 decimals. */
const positiveQuantity = positiveDecimal(12, 3);

/**
 * POST /apis/order/SaleOrderService/ship/{id} body. Logistics information is required (seed 001 §5):
 * logisticsCompany and trackingNumber. shipDate defaults to today; expectedArrivalDate, when given, is
 * not before shipDate. Lines: at least one (seed 001 §5 "select at least one row"), each an order line
 * and a quantity > 0 in the line's unit (seed 001 §5 "shipment quantity greater than 0 and at most the
 * remaining quantity" — the remaining check is the server's).
 */
export const orderShipBodySchema = z.object({
  version: z.number().int().min(0),
  logisticsCompany: z.string().trim().min(1).max(100),
  trackingNumber: z.string().trim().min(1).max(50),
  shipDate: isoDate.optional(),
  expectedArrivalDate: isoDate.optional(),
  remark: z.string().trim().max(500).optional(),
  lines: z
    .array(z.object({ itemId: z.uuid(), quantity: positiveQuantity }))
    .min(1)
    .max(500),
});
export type OrderShipBody = z.infer<typeof orderShipBodySchema>;

/**
 * POST /apis/order/PurchaseOrderService/receive/{id} body: a receipt against one shipment of the order;
 * lines name order lines of that shipment with the quantity received (> 0, at most shipped − received
 * on that shipment line; checked by the server).
 */
export const orderReceiveBodySchema = z.object({
  version: z.number().int().min(0),
  shipmentId: z.uuid(),
  remark: z.string().trim().max(500).optional(),
  lines: z
    .array(z.object({ itemId: z.uuid(), quantity: positiveQuantity }))
    .min(1)
    .max(500),
});
export type OrderReceiveBody = z.infer<typeof orderReceiveBodySchema>;

/**
 * Status of one supplier's bid in the retired order price bidding (issue #5; since issue #13 an order in
 * bidding is a one-round RFQ, and `purchase_order_bid` is kept read-only as the history of biddings before
 * migration 0060, which moved them into RFQs). Was: seed 001 §4 "in
 * bidding"): invited, quoted (may quote again until the quote end time), won, not won, cancelled.
 */
export const BID_STATUS = {
  '0': { zh_cn: '已邀请', en: 'Invited' },
  '1': { zh_cn: '已报价', en: 'Quoted' },
  '2': { zh_cn: '中标', en: 'Won' },
  '3': { zh_cn: '未中标', en: 'Not won' },
  '4': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/**
 * POST /apis/order/PurchaseOrderService/startBidding/{id} body: the order's version, the invited
 * suppliers (1–20 linked suppliers, each once), the quote end time (ISO-8601 date-time with offset,
 * later than now — seed 001 §5 "bidding end time later than the current time"; checked by the server)
 * and an optional remark for the invitees.
 */
export const orderStartBiddingBodySchema = z.object({
  version: z.number().int().min(0).max(2_000_000_000),
  toElsAccounts: z
    .array(elsAccountSchema)
    .min(1)
    .max(20)
    .superRefine((accounts, ctx) => {
      for (const [i, account] of accounts.entries())
        if (accounts.indexOf(account) !== i)
          ctx.addIssue({ code: 'custom', path: [i], message: 'rule.duplicate' });
    }),
  quoteEndTime: z.iso.datetime({ offset: true }),
  remark: z.string().trim().max(500).optional(),
});
export type OrderStartBiddingBody = z.infer<typeof orderStartBiddingBodySchema>;
