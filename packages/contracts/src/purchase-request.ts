import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';
import { DICTIONARIES } from './dictionaries.ts';
import { APPROVAL_STATUS, decimalSchema, defineDocument } from './document/define.ts';

/**
 * Purchase requisitions, kind `purchaseRequest` (seed 001 §1 "purchase requisitions, demand pool", §2
 * "Requisition", "Demand pool", "Requirement pool", §3 purchase requisition fields, §4 "demand and
 * inquiry" statuses, §5 "application/request type required on save", "required quantity greater than 0",
 * "back reason not empty", §8 "failed to cancel or scrap a requisition"). Buyer-internal: a requester of
 * the buying company raises it, it is approved like an order, and its lines then wait in the company's
 * demand pool, where a purchaser claims them, returns them to the requester with a remark, or turns them
 * into purchase orders (and later RFQs). The supplier side sees nothing (`sides: ['purchase']`);
 * `toElsAccount` is the buying company itself. The spec does not name the module or service of
 * requisitions (000 §7): `/apis/purchaseRequest/PurchaseRequestService/…` (docs/document-kernel.md).
 */

/** Requisition status (seed 001 §4 demand: "order created", "transferred", "closed"). */
export const REQUEST_STATUS = {
  '0': { zh_cn: '未转单', en: 'Not transferred' },
  '1': { zh_cn: '部分转单', en: 'Partly transferred' },
  '2': { zh_cn: '已转单', en: 'Transferred' },
  '3': { zh_cn: '已取消', en: 'Cancelled' },
  '4': { zh_cn: '已作废', en: 'Scrapped' },
} as const;

/**
 * Line status: not released (the requisition is not approved), in the demand pool (open), partly or
 * fully transferred (to orders, RFQs, biddings), returned to the requester, cancelled.
 */
export const REQUEST_ITEM_STATUS = {
  '0': { zh_cn: '未发布', en: 'Not released' },
  '1': { zh_cn: '待处理', en: 'Open' },
  '2': { zh_cn: '部分转单', en: 'Partly transferred' },
  '3': { zh_cn: '已转单', en: 'Transferred' },
  '4': { zh_cn: '已退回', en: 'Returned' },
  '5': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** Line statuses of the demand pool: released and not fully transferred. */
export const POOL_ITEM_STATUSES = ['1', '2'] as const;

/** Whether a purchaser has claimed a pool line. */
export const CLAIM_STATUS = {
  '0': { zh_cn: '未认领', en: 'Unclaimed' },
  '1': { zh_cn: '已认领', en: 'Claimed' },
} as const;

/** Request type = the order and purchase type codes 0–9 (seed 001 §3 table). */
export const REQUEST_TYPE = DICTIONARIES.orderType;

/** Where a requisition line came from (seed 001 §3 sourceType). */
export const REQUEST_SOURCE_TYPE = {
  '0': { zh_cn: '手工创建', en: 'Manual' },
  '1': { zh_cn: 'ERP', en: 'ERP' },
  '2': { zh_cn: '采购计划', en: 'Purchase plan' },
} as const;

export const YES_NO = {
  Y: { zh_cn: '是', en: 'Yes' },
  N: { zh_cn: '否', en: 'No' },
} as const;

export const purchaseRequestDefinition = defineDocument({
  kind: 'purchaseRequest',
  module: 'purchaseRequest',
  service: 'Request',
  title: { zh_cn: '采购申请', en: 'Purchase requisition' },
  prefix: 'PR',
  numberField: 'purchaseRequestNumber',
  dateField: 'requestDate',
  detailPath: '/order/#/v2/requisition/detail',
  customFields: 30,
  sides: ['purchase'],
  approval: { kind: 'purchaseRequest', link: '/order/#/v2/requisition/detail' },
  header: {
    purchaseRequestNumber: {
      label: { zh_cn: '采购申请号', en: 'Requisition number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    requestType: {
      label: { zh_cn: '申请类型', en: 'Request type' },
      type: 'code',
      codes: REQUEST_TYPE,
      input: true,
      required: true,
      list: true,
      filter: 'eq',
    },
    requestDate: {
      label: { zh_cn: '申请日期', en: 'Request date' },
      type: 'date',
      input: true,
      list: true,
      filter: 'range',
    },
    applicant: {
      label: { zh_cn: '申请人', en: 'Applicant' },
      type: 'text',
      max: 40,
      input: true,
      list: true,
    },
    applyDept: {
      label: { zh_cn: '申请部门', en: 'Department' },
      type: 'text',
      max: 60,
      input: true,
      list: true,
    },
    purchaseFactory: {
      label: { zh_cn: '工厂', en: 'Factory' },
      type: 'text',
      org: 'factory',
      max: 40,
      input: true,
      list: true,
      filter: 'eq',
    },
    purchasePerson: {
      label: { zh_cn: '采购员', en: 'Purchaser' },
      type: 'text',
      max: 40,
      input: true,
      list: true,
      filter: 'eq',
    },
    purchaseType: {
      label: { zh_cn: '采购类型', en: 'Purchase type' },
      type: 'code',
      codes: REQUEST_TYPE,
      input: true,
      default: '0',
    },
    costCenter: {
      label: { zh_cn: '成本中心', en: 'Cost center' },
      type: 'text',
      org: 'costCenter',
      max: 40,
      input: true,
    },
    isPlaned: {
      label: { zh_cn: '计划内', en: 'Planned' },
      type: 'code',
      codes: YES_NO,
      input: true,
      default: 'N',
    },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
    totalAmount: { label: { zh_cn: '预算总额', en: 'Budget amount' }, type: 'decimal', list: true },
  },
  lines: {
    label: { zh_cn: '申请明细', en: 'Lines' },
    max: 500,
    fields: {
      requestItemNumber: { label: { zh_cn: '行号', en: 'Line' }, type: 'integer' },
      materialNumber: {
        label: { zh_cn: '物料编码', en: 'Material number' },
        type: 'text',
        max: 40,
        input: true,
        required: true,
      },
      materialDesc: {
        label: { zh_cn: '物料描述', en: 'Material description' },
        type: 'text',
        max: 200,
        input: true,
      },
      cateCode: { label: { zh_cn: '物料分类', en: 'Category' }, type: 'text' },
      unit: { label: { zh_cn: '单位', en: 'Unit' }, type: 'text', max: 10, input: true },
      quantity: {
        label: { zh_cn: '需求数量', en: 'Required quantity' },
        type: 'decimal',
        digits: [12, 3],
        positive: true,
        input: true,
        required: true,
      },
      budgetPrice: {
        label: { zh_cn: '预算单价', en: 'Budget price' },
        type: 'decimal',
        digits: [12, 6],
        input: true,
      },
      deliveryDate: {
        label: { zh_cn: '需求日期', en: 'Required date' },
        type: 'date',
        input: true,
        required: true,
      },
      expectSupplierEls: {
        label: { zh_cn: '建议供应商账号', en: 'Suggested supplier' },
        type: 'account',
        input: true,
      },
      expectSupplierName: { label: { zh_cn: '建议供应商', en: 'Suggested supplier name' }, type: 'text' },
      sourceType: {
        label: { zh_cn: '来源类型', en: 'Source type' },
        type: 'code',
        codes: REQUEST_SOURCE_TYPE,
        input: true,
        default: '0',
      },
      sourceNumber: { label: { zh_cn: '来源单号', en: 'Source number' }, type: 'text', max: 40, input: true },
      sourceItemNumber: {
        label: { zh_cn: '来源行号', en: 'Source line' },
        type: 'text',
        max: 20,
        input: true,
      },
      itemStatus: {
        label: { zh_cn: '行状态', en: 'Line status' },
        type: 'code',
        codes: REQUEST_ITEM_STATUS,
      },
      claimStatus: { label: { zh_cn: '认领状态', en: 'Claim' }, type: 'code', codes: CLAIM_STATUS },
      claimUser: { label: { zh_cn: '认领人', en: 'Claimed by' }, type: 'text' },
      toEnquiryQuantity: { label: { zh_cn: '已转询价数量', en: 'To RFQ' }, type: 'decimal' },
      toBiddingQuantity: { label: { zh_cn: '已转招标数量', en: 'To bidding' }, type: 'decimal' },
      toOrderQuantity: { label: { zh_cn: '已转订单数量', en: 'To orders' }, type: 'decimal' },
      backRemark: { label: { zh_cn: '退回原因', en: 'Back remark' }, type: 'text' },
    },
  },
  statuses: { requestStatus: REQUEST_STATUS, auditStatus: APPROVAL_STATUS },
  editable: { purchase: { requestStatus: ['0'] } },
  actions: {
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: { purchase: { requestStatus: ['0'], auditStatus: ['0', '3', '4'] } },
      target: { requestStatus: '3' },
      remark: 'optional',
      danger: true,
    },
    scrap: {
      label: { zh_cn: '作废', en: 'Scrap' },
      sides: { purchase: { requestStatus: ['0', '1'], auditStatus: ['2'] } },
      target: { requestStatus: '4' },
      remark: 'required',
      danger: true,
    },
  },
  print: {
    header: [
      'purchaseRequestNumber',
      'requestType',
      'requestDate',
      'applicant',
      'applyDept',
      'purchaseFactory',
      'purchasePerson',
      'costCenter',
      'totalAmount',
    ],
    lines: [
      'requestItemNumber',
      'materialNumber',
      'materialDesc',
      'quantity',
      'unit',
      'budgetPrice',
      'deliveryDate',
      'expectSupplierName',
    ],
  },
});

// ——— the demand pool (需求池) ———

const decimal3 = z
  .string()
  .trim()
  .refine((v) => !/^-/.test(v) && !/^0*(\.0*)?$/.test(v), { message: 'rule.positive', abort: true })
  .regex(/^\d{1,12}(\.\d{1,3})?$/, {
    message: 'must be a decimal with at most 12 integer digits and 3 decimals',
  });

/** POST …/demandPool body: keyset paging and the pool's filters. */
export const demandPoolQuerySchema = z.object({
  pageSize: z.number().int().min(1).max(100).default(20),
  /** nextCursor of the previous page. */
  cursor: z.string().trim().min(1).max(200).optional(),
  /** Material number prefix. */
  materialNumber: z.string().trim().max(40).optional(),
  /** Material category code (any level). */
  cateCode: z.string().trim().max(40).optional(),
  purchaseFactory: z.string().trim().max(40).optional(),
  purchasePerson: z.string().trim().max(40).optional(),
  /** The claimant's sub-account; `claimStatus` 0 the unclaimed lines only, 1 the claimed ones. */
  claimUser: z.string().trim().max(64).optional(),
  claimStatus: z.enum(['0', '1']).optional(),
});
export type DemandPoolQuery = z.infer<typeof demandPoolQuerySchema>;

/** Claim (or, with `backRemark`, return) pool lines by their ids. */
export const poolLinesBodySchema = z.object({ lineIds: z.array(z.uuid()).min(1).max(200) });
/** Return pool lines to the requester: the back remark is required (seed 001 §5 "back reason not empty"). */
export const poolReturnBodySchema = poolLinesBodySchema.extend({
  backRemark: z.string().trim().min(1).max(500),
});

/** Turn claimed pool lines into purchase order drafts, one per supplier. */
export const poolToOrderBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.uuid(),
        /** Default: what is left of the line (quantity − moved to RFQs, biddings and orders). */
        quantity: decimal3.optional(),
        /** Default: the line's suggested supplier (expectSupplierEls). */
        toElsAccount: elsAccountSchema.optional(),
      }),
    )
    .min(1)
    .max(200),
  orderType: z.enum(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']).default('0'),
  /** Default: today. */
  orderDate: z.iso.date().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
});
export type PoolToOrderBody = z.infer<typeof poolToOrderBodySchema>;

/**
 * Turn claimed pool lines into one RFQ draft (kind `enquiry`): one RFQ line per pool line with the
 * quantity moved and the suppliers invited on it (linked suppliers, at least 3, each once).
 */
export const poolToEnquiryBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.uuid(),
        /** In the line's unit, > 0 and at most what is left of the line. */
        quantity: decimal3,
        suppliers: z.array(elsAccountSchema).min(1).max(50),
      }),
    )
    .min(1)
    .max(200),
  enquiryDesc: z.string().trim().min(1).max(200),
  /** ISO date-time, in the future. */
  quoteEndTime: z.iso.datetime({ offset: true }),
  /** Default: one year after the quote deadline. */
  priceValidDate: z.iso.date().optional(),
  enquiryType: z.enum(['1', '2']).default('1'),
  quoteMethod: z.enum(['1', '2']).default('1'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  payMethod: z.string().trim().max(100).optional(),
  remark: z.string().trim().max(500).optional(),
});
export type PoolToEnquiryBody = z.infer<typeof poolToEnquiryBodySchema>;

/**
 * Turn claimed pool lines into one per-line e-auction draft (kind `ebidding`, issue #14 "created from
 * demand-pool lines"): one auction line per pool line with the quantity moved (`toBiddingQuantity`) and
 * its starting unit price (excl. tax, in `currency`); the suppliers invited on the whole auction (linked,
 * at least 2, each once); the schedule and least decrement as the auction's save takes them.
 */
export const poolToBiddingBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.uuid(),
        /** In the line's unit, > 0 and at most what is left of the line. */
        quantity: decimal3,
        /** The line's starting unit price, excl. tax, > 0. */
        startingPrice: decimalSchema(12, 6, true),
      }),
    )
    .min(1)
    .max(200),
  ebiddingName: z.string().trim().min(1).max(100),
  suppliers: z.array(elsAccountSchema).min(1).max(500),
  /** ISO date-times: a scheduled start in the future, the end after it. */
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  /** '1' the least decrement is an amount, '2' a percentage (default '1'). */
  priceReviseType: z.enum(['1', '2']).default('1'),
  priceReviseExtent: decimalSchema(12, 6, true),
  /** Anti-sniping: an offer in the last `quotePostponeMinute` minutes extends the end by `postponeMinute`, at most `canPostponeBout` times. */
  quotePostponeMinute: z.number().int().min(1).optional(),
  postponeMinute: z.number().int().min(1).optional(),
  canPostponeBout: z.number().int().min(1).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  remark: z.string().trim().max(500).optional(),
});
export type PoolToBiddingBody = z.infer<typeof poolToBiddingBodySchema>;
