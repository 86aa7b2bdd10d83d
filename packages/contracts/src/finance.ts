import {
  type ActionDef,
  APPROVAL_STATUS,
  defineDocument,
  type FieldDef,
  type Side,
} from './document/define.ts';
import { TAX_RATES } from './finance-money.ts';
import { COST_TYPE, DEDUCT_TYPE } from './refund.ts';

/**
 * Financial coordination (issue #15; seed 001 §1, §2 "Reconciliation management created by the purchasing
 * side and by the supplier side, Additional and deduction cost orders, Deduction fee management", §3
 * reconciliation and additional charge fields, §4 "Invoice and statement: to be confirmed, confirmed,
 * posted", codes costType, deductType, itemType, freeItem; §8 "failed to confirm or return fee sheets").
 * Module `finance`: `/apis/finance/{Purchase|Sale}{Service}Service/…`, screens in the `/finance/` app.
 * Money follows finance-money.ts (one rule everywhere).
 */

/** Fee sheet status: draft, to be confirmed, confirmed, returned (with a reason), cancelled. */
export const COST_STATUS = {
  '0': { zh_cn: '新建', en: 'Draft' },
  '1': { zh_cn: '待确认', en: 'To be confirmed' },
  '2': { zh_cn: '已确认', en: 'Confirmed' },
  '3': { zh_cn: '已退回', en: 'Returned' },
  '4': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** Whether a confirmed fee sheet is on a reconciliation statement (seed 001 "reconciliationFlag"). */
export const RECON_FLAG = {
  '0': { zh_cn: '未对账', en: 'Not reconciled' },
  '1': { zh_cn: '对账中', en: 'On a statement' },
  '2': { zh_cn: '已对账', en: 'Reconciled' },
} as const;

/** How a fee is settled (seed 001 §3 costWay): on the reconciliation statement, or separately. */
export const COST_WAY = {
  '1': { zh_cn: '随对账结算', en: 'On the statement' },
  '2': { zh_cn: '单独结算', en: 'Settled separately' },
} as const;

/** What a fee line is for (seed 001 §3 conditionType). */
export const CONDITION_TYPE = {
  '1': { zh_cn: '运费', en: 'Freight' },
  '2': { zh_cn: '模具费', en: 'Tooling' },
  '3': { zh_cn: '包装费', en: 'Packing' },
  '4': { zh_cn: '延期交货罚款', en: 'Late-delivery penalty' },
  '5': { zh_cn: '质量索赔', en: 'Quality claim' },
  '9': { zh_cn: '其他', en: 'Other' },
} as const;

/** seed 001 §3 freeItem: 1 free, empty chargeable (a free line is recorded but adds nothing). */
export const FREE_ITEM = {
  '1': { zh_cn: '免费', en: 'Free' },
} as const;

/** seed 001 §3 deleteFlag: Y deleted, C cancelled. */
export const DELETE_FLAG = {
  Y: { zh_cn: '已删除', en: 'Deleted' },
  C: { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** Tax rates of a line, in percent. */
export const TAX_RATE_CODES = Object.fromEntries(
  TAX_RATES.map((r) => [r, { zh_cn: `${r}%`, en: `${r}%` }]),
) as Readonly<Record<(typeof TAX_RATES)[number], { zh_cn: string; en: string }>>;

const other = (side: Side): Side => (side === 'purchase' ? 'sale' : 'purchase');

/**
 * A fee sheet kind: `deductCost` raised by the buyer (a late-delivery penalty, a quality claim tied to a
 * return), `addCost` raised by the supplier (freight, tooling). The raising side saves, sends, edits it
 * again after it was returned, or cancels it; the other side confirms it or returns it with a required
 * reason. A confirmed sheet settled "on the statement" is pulled into a reconciliation statement.
 */
function feeSheetDefinition<K extends 'deductCost' | 'addCost'>(kind: K) {
  const raiser: Side = kind === 'deductCost' ? 'purchase' : 'sale';
  const confirmer = other(raiser);
  const deduction = kind === 'deductCost';
  const counterpartField: FieldDef = deduction
    ? { label: { zh_cn: '供应商账号', en: 'Supplier account' }, type: 'account', list: true, filter: 'eq' }
    : { label: { zh_cn: '采购方账号', en: 'Buyer account' }, type: 'account', list: true, filter: 'eq' };
  const actions: Record<string, ActionDef> = {
    send: {
      label: { zh_cn: '发送', en: 'Send' },
      sides: { [raiser]: { costStatus: ['0', '3'] } },
      target: { costStatus: '1' },
      notify: {
        to: 'counterpart',
        title: deduction
          ? { zh_cn: '新扣款单待确认：{number}', en: 'New deduction to confirm: {number}' }
          : { zh_cn: '新附加费用单待确认：{number}', en: 'New additional charge to confirm: {number}' },
      },
    },
    confirm: {
      label: { zh_cn: '确认', en: 'Confirm' },
      sides: { [confirmer]: { costStatus: ['1'] } },
      target: { costStatus: '2' },
      remark: 'optional',
      bulk: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '费用单已确认：{number}', en: 'Fee sheet confirmed: {number}' },
      },
    },
    sendBack: {
      label: { zh_cn: '退回', en: 'Return' },
      sides: { [confirmer]: { costStatus: ['1'] } },
      target: { costStatus: '3' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '费用单被退回：{number}', en: 'Fee sheet returned: {number}' },
      },
    },
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: { [raiser]: { costStatus: ['1', '3'] } },
      target: { costStatus: '4' },
      remark: 'optional',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '费用单已取消：{number}', en: 'Fee sheet cancelled: {number}' },
      },
    },
  };
  return defineDocument({
    kind,
    module: 'finance',
    service: deduction ? 'DeductCost' : 'AddCost',
    title: deduction
      ? { zh_cn: '扣款单', en: 'Deduction' }
      : { zh_cn: '附加费用单', en: 'Additional charge' },
    prefix: deduction ? 'DC' : 'AC',
    numberField: 'costNumber',
    dateField: 'costDate',
    detailPath: `/finance/#/v2/${kind}/detail`,
    customFields: 30,
    header: {
      costNumber: {
        label: { zh_cn: '费用单号', en: 'Fee sheet number' },
        type: 'text',
        list: true,
        filter: 'prefix',
      },
      [deduction ? 'toElsAccount' : 'elsAccount']: { ...counterpartField, input: true, required: true },
      [deduction ? 'elsAccount' : 'toElsAccount']: deduction
        ? { label: { zh_cn: '采购方账号', en: 'Buyer account' }, type: 'account' }
        : { label: { zh_cn: '供应商账号', en: 'Supplier account' }, type: 'account' },
      supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
      buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
      costType: { label: { zh_cn: '费用类型', en: 'Cost type' }, type: 'code', codes: COST_TYPE, list: true },
      costDate: {
        label: { zh_cn: '费用日期', en: 'Cost date' },
        type: 'date',
        input: true,
        list: true,
        filter: 'range',
      },
      costCause: {
        label: { zh_cn: '费用原因', en: 'Cause' },
        type: 'text',
        max: 200,
        input: true,
        required: true,
        list: true,
      },
      costWay: {
        label: { zh_cn: '结算方式', en: 'Settlement' },
        type: 'code',
        codes: COST_WAY,
        input: true,
        default: '1',
        list: true,
      },
      ...(deduction
        ? {
            deductType: {
              label: { zh_cn: '扣款方式', en: 'Deduction type' },
              type: 'code',
              codes: DEDUCT_TYPE,
              input: true,
              default: '2',
              list: true,
            } satisfies FieldDef,
            refundNumber: {
              label: { zh_cn: '关联退货单号', en: 'Related return' },
              type: 'text',
              max: 40,
              input: true,
              list: true,
            } satisfies FieldDef,
          }
        : {}),
      currency: {
        label: { zh_cn: '币种', en: 'Currency' },
        type: 'text',
        max: 3,
        input: true,
        default: 'CNY',
        list: true,
      },
      costAmount: {
        label: { zh_cn: '费用金额（含税）', en: 'Amount incl. tax' },
        type: 'decimal',
        money: true,
        list: true,
      },
      netAmount: { label: { zh_cn: '不含税金额', en: 'Amount excl. tax' }, type: 'decimal', money: true },
      taxAmount: { label: { zh_cn: '税额', en: 'Tax' }, type: 'decimal', money: true },
      reconNumber: { label: { zh_cn: '对账单号', en: 'Statement' }, type: 'text', list: true },
      backReason: { label: { zh_cn: '退回原因', en: 'Return reason' }, type: 'text' },
      deleteFlag: { label: { zh_cn: '删除标识', en: 'Delete flag' }, type: 'code', codes: DELETE_FLAG },
      costDesc: { label: { zh_cn: '说明', en: 'Description' }, type: 'text', max: 500, input: true },
    },
    lines: {
      label: { zh_cn: '费用明细', en: 'Fee lines' },
      max: 200,
      fields: {
        conditionType: {
          label: { zh_cn: '费用项目', en: 'Fee item' },
          type: 'code',
          codes: CONDITION_TYPE,
          input: true,
          required: true,
        },
        costDesc: {
          label: { zh_cn: '费用说明', en: 'Description' },
          type: 'text',
          max: 200,
          input: true,
          required: true,
        },
        balanceQuantity: {
          label: { zh_cn: '计费数量', en: 'Quantity' },
          type: 'decimal',
          digits: [12, 3],
          positive: true,
          input: true,
        },
        costAmount: {
          label: { zh_cn: '金额（含税）', en: 'Amount incl. tax' },
          type: 'decimal',
          digits: [14, 2],
          positive: true,
          money: true,
          input: true,
          required: true,
        },
        taxRate: {
          label: { zh_cn: '税率', en: 'Tax rate' },
          type: 'code',
          codes: TAX_RATE_CODES,
          input: true,
          required: true,
        },
        freeItem: {
          label: { zh_cn: '免费', en: 'Free' },
          type: 'code',
          codes: FREE_ITEM,
          input: true,
        },
        netAmount: { label: { zh_cn: '不含税金额', en: 'Excl. tax' }, type: 'decimal', money: true },
        taxAmount: { label: { zh_cn: '税额', en: 'Tax' }, type: 'decimal', money: true },
      },
    },
    statuses: { costStatus: COST_STATUS, reconFlag: RECON_FLAG },
    visible: { [confirmer]: { costStatus: ['1', '2', '3', '4'] } },
    editable: { [raiser]: { costStatus: ['0', '3'] } },
    deletable: { [raiser]: { costStatus: ['0'] } },
    actions,
    print: {
      header: [
        'costNumber',
        'buyerName',
        'supplierName',
        'costType',
        'costDate',
        'costCause',
        'costWay',
        ...(deduction ? ['deductType', 'refundNumber'] : []),
        'currency',
        'netAmount',
        'taxAmount',
        'costAmount',
        'costDesc',
      ],
      lines: [
        'conditionType',
        'costDesc',
        'balanceQuantity',
        'taxRate',
        'freeItem',
        'netAmount',
        'taxAmount',
        'costAmount',
      ],
    },
  });
}

export const deductCostDefinition = feeSheetDefinition('deductCost');
export const addCostDefinition = feeSheetDefinition('addCost');
export type FeeSheetKind = 'deductCost' | 'addCost';

/** The ERP push of a posted document (seed 001 §8 "push ERP successful"). */
export const ERP_PUSH_STATUS = {
  '0': { zh_cn: '未连接ERP', en: 'No ERP connected' },
  P: { zh_cn: '推送ERP中', en: 'Pushing to ERP' },
  S: { zh_cn: '推送ERP成功', en: 'Push ERP successful' },
  E: { zh_cn: '推送ERP失败', en: 'Push ERP failed' },
} as const;

/** Statement status (seed 001 §4 "to be confirmed, confirmed, posted"), plus draft, returned, cancelled. */
export const CHECK_STATUS = {
  '0': { zh_cn: '新建', en: 'Draft' },
  '1': { zh_cn: '待确认', en: 'To be confirmed' },
  '2': { zh_cn: '已确认', en: 'Confirmed' },
  '3': { zh_cn: '已退回', en: 'Returned' },
  '4': { zh_cn: '已过账', en: 'Posted' },
  '5': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** Who made the statement (both menu entries of seed 001 §2). */
export const RECON_SOURCE = {
  '1': { zh_cn: '采购方创建', en: 'By the buyer' },
  '2': { zh_cn: '供应商创建', en: 'By the supplier' },
} as const;

/** seed 001 §3/§9 itemType: 1 collection, 2 refund, 3 deduction, 4 additional. */
export const ITEM_TYPE = {
  '1': { zh_cn: '收货', en: 'Collection' },
  '2': { zh_cn: '退货', en: 'Refund' },
  '3': { zh_cn: '扣款', en: 'Deduction' },
  '4': { zh_cn: '附加费用', en: 'Additional' },
} as const;
export type ItemType = keyof typeof ITEM_TYPE;

/** The sign of an item type on a statement: what the buyer owes (+) or takes back (−). */
export const ITEM_SIGN: Readonly<Record<ItemType, 1 | -1>> = { '1': 1, '2': -1, '3': -1, '4': 1 };

/** Whether invoices were registered against a confirmed statement. */
export const RECON_INVOICE_STATUS = {
  '0': { zh_cn: '未开票', en: 'Not invoiced' },
  '1': { zh_cn: '开票中', en: 'Invoicing' },
  '2': { zh_cn: '已开票', en: 'Invoiced' },
} as const;

const byCreator = (checkStatus: string[]) => ({
  purchase: { reconSource: ['1'], checkStatus },
  sale: { reconSource: ['2'], checkStatus },
});
const byCounterpart = (checkStatus: string[]) => ({
  purchase: { reconSource: ['2'], checkStatus },
  sale: { reconSource: ['1'], checkStatus },
});

/**
 * Reconciliation statements, kind `recon` (seed 001 §3 reconciliation fields): made by the buyer or by the
 * supplier for one counterpart, one currency and a period; its lines are pulled, never typed — received
 * delivery-notice lines not yet reconciled (collection), confirmed returns (refund), confirmed deduction
 * and additional fee sheets settled on the statement. Each source is on at most one live statement. The
 * counterpart confirms or returns it with a reason; the buyer posts a confirmed one with its voucher.
 */
export const reconDefinition = defineDocument({
  kind: 'recon',
  module: 'finance',
  service: 'Recon',
  title: { zh_cn: '对账单', en: 'Reconciliation statement' },
  prefix: 'RC',
  numberField: 'reconNumber',
  dateField: 'reconDate',
  detailPath: '/finance/#/v2/recon/detail',
  customFields: 30,
  header: {
    reconNumber: {
      label: { zh_cn: '对账单号', en: 'Statement number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    elsAccount: {
      label: { zh_cn: '采购方账号', en: 'Buyer account' },
      type: 'account',
      input: true,
      list: true,
      filter: 'eq',
    },
    toElsAccount: {
      label: { zh_cn: '供应商账号', en: 'Supplier account' },
      type: 'account',
      input: true,
      list: true,
      filter: 'eq',
    },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    reconDate: {
      label: { zh_cn: '对账日期', en: 'Statement date' },
      type: 'date',
      list: true,
      filter: 'range',
    },
    beginDate: {
      label: { zh_cn: '对账期间起', en: 'Period from' },
      type: 'date',
      input: true,
      required: true,
      list: true,
    },
    endDate: {
      label: { zh_cn: '对账期间止', en: 'Period to' },
      type: 'date',
      input: true,
      required: true,
      list: true,
    },
    currency: {
      label: { zh_cn: '币种', en: 'Currency' },
      type: 'text',
      max: 3,
      input: true,
      default: 'CNY',
      list: true,
    },
    collectionAmount: { label: { zh_cn: '收货金额', en: 'Collections' }, type: 'decimal', money: true },
    refundAmount: { label: { zh_cn: '退货金额', en: 'Refunds' }, type: 'decimal', money: true },
    deductAmount: { label: { zh_cn: '扣款金额', en: 'Deductions' }, type: 'decimal', money: true },
    additionalAmount: {
      label: { zh_cn: '附加费用', en: 'Additional charges' },
      type: 'decimal',
      money: true,
    },
    netAmount: {
      label: { zh_cn: '不含税金额', en: 'Amount excl. tax' },
      type: 'decimal',
      money: true,
      list: true,
    },
    taxAmount: { label: { zh_cn: '税额', en: 'Tax' }, type: 'decimal', money: true, list: true },
    totalAmount: {
      label: { zh_cn: '含税总额', en: 'Total incl. tax' },
      type: 'decimal',
      money: true,
      list: true,
    },
    invoicedAmount: { label: { zh_cn: '已开票金额', en: 'Invoiced' }, type: 'decimal', money: true },
    backReason: { label: { zh_cn: '退回原因', en: 'Return reason' }, type: 'text' },
    voucherNumber: { label: { zh_cn: '凭证号', en: 'Voucher number' }, type: 'text', list: true },
    erpVoucherNumber: { label: { zh_cn: 'ERP凭证号', en: 'ERP voucher' }, type: 'text' },
    erpPushMessage: { label: { zh_cn: 'ERP推送结果', en: 'ERP push result' }, type: 'text' },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '对账明细', en: 'Statement lines' },
    max: 10_000,
    fields: {
      itemType: {
        label: { zh_cn: '明细类型', en: 'Item type' },
        type: 'code',
        codes: ITEM_TYPE,
        input: true,
        required: true,
      },
      sourceId: { label: { zh_cn: '来源行', en: 'Source line' }, type: 'uuid', input: true, required: true },
      sourceNumber: { label: { zh_cn: '来源单号', en: 'Source document' }, type: 'text' },
      sourceItemNumber: { label: { zh_cn: '来源行号', en: 'Source line' }, type: 'integer' },
      orderNumber: { label: { zh_cn: '订单号', en: 'Order' }, type: 'text' },
      businessDate: { label: { zh_cn: '业务日期', en: 'Date' }, type: 'date' },
      materialNumber: { label: { zh_cn: '物料编码', en: 'Material' }, type: 'text' },
      materialDesc: { label: { zh_cn: '物料描述/费用说明', en: 'Description' }, type: 'text' },
      unit: { label: { zh_cn: '单位', en: 'Unit' }, type: 'text' },
      quantity: { label: { zh_cn: '数量', en: 'Quantity' }, type: 'decimal' },
      price: { label: { zh_cn: '含税单价', en: 'Price incl. tax' }, type: 'decimal' },
      taxRate: { label: { zh_cn: '税率%', en: 'Tax %' }, type: 'decimal' },
      netAmount: { label: { zh_cn: '不含税金额', en: 'Excl. tax' }, type: 'decimal', money: true },
      taxAmount: { label: { zh_cn: '税额', en: 'Tax' }, type: 'decimal', money: true },
      amount: { label: { zh_cn: '含税金额', en: 'Incl. tax' }, type: 'decimal', money: true },
      costNumber: { label: { zh_cn: '费用单号', en: 'Fee sheet' }, type: 'text' },
      isReturn: { label: { zh_cn: '是否退货', en: 'Return' }, type: 'text' },
    },
  },
  statuses: {
    checkStatus: CHECK_STATUS,
    reconSource: RECON_SOURCE,
    invoiceStatus: RECON_INVOICE_STATUS,
    postAuditStatus: APPROVAL_STATUS,
    erpPushStatus: ERP_PUSH_STATUS,
  },
  visible: {
    purchase: [{ reconSource: ['1'] }, { checkStatus: ['1', '2', '3', '4', '5'] }],
    sale: [{ reconSource: ['2'] }, { checkStatus: ['1', '2', '3', '4', '5'] }],
  },
  editable: byCreator(['0', '3']),
  deletable: byCreator(['0']),
  actions: {
    send: {
      label: { zh_cn: '发送', en: 'Send' },
      sides: byCreator(['0', '3']),
      target: { checkStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '新对账单待确认：{number}', en: 'New statement to confirm: {number}' },
      },
    },
    confirm: {
      label: { zh_cn: '确认', en: 'Confirm' },
      sides: byCounterpart(['1']),
      target: { checkStatus: '2' },
      remark: 'optional',
      notify: {
        to: 'creator',
        title: { zh_cn: '对账单已确认：{number}', en: 'Statement confirmed: {number}' },
      },
    },
    sendBack: {
      label: { zh_cn: '退回', en: 'Return' },
      sides: byCounterpart(['1']),
      target: { checkStatus: '3' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '对账单被退回：{number}', en: 'Statement returned: {number}' },
      },
    },
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: byCreator(['1', '3']),
      target: { checkStatus: '5' },
      remark: 'optional',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '对账单已取消：{number}', en: 'Statement cancelled: {number}' },
      },
    },
    // Posting may be put under the company's approval (task type "reconPost"): not while it waits.
    post: {
      label: { zh_cn: '过账', en: 'Post' },
      sides: { purchase: { checkStatus: ['2'], postAuditStatus: ['0', '2', '3', '4'] } },
      target: { checkStatus: '4' },
      approval: { kind: 'reconPost', statusField: 'postAuditStatus' },
      input: {
        voucherNumber: {
          label: { zh_cn: '凭证号', en: 'Voucher number' },
          type: 'text',
          max: 40,
          required: true,
        },
      },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '对账单已过账：{number}', en: 'Statement posted: {number}' },
      },
    },
    withdrawPost: {
      label: { zh_cn: '撤回过账审批', en: 'Withdraw posting approval' },
      sides: { purchase: { checkStatus: ['2'], postAuditStatus: ['1'] } },
      target: { postAuditStatus: '4' },
    },
    pushErp: {
      label: { zh_cn: '重新推送ERP', en: 'Push to ERP again' },
      sides: { purchase: { checkStatus: ['4'], erpPushStatus: ['E', 'P'] } },
    },
  },
  print: {
    header: [
      'reconNumber',
      'buyerName',
      'supplierName',
      'beginDate',
      'endDate',
      'currency',
      'collectionAmount',
      'refundAmount',
      'deductAmount',
      'additionalAmount',
      'netAmount',
      'taxAmount',
      'totalAmount',
      'voucherNumber',
    ],
    lines: [
      'itemType',
      'sourceNumber',
      'sourceItemNumber',
      'businessDate',
      'materialNumber',
      'materialDesc',
      'quantity',
      'price',
      'taxRate',
      'netAmount',
      'taxAmount',
      'amount',
    ],
  },
});

/** Invoice status (seed 001 §4 "Invoice and statement: to be confirmed, confirmed, posted"). */
export const INVOICE_STATUS = {
  '0': { zh_cn: '新建', en: 'Draft' },
  '1': { zh_cn: '待确认', en: 'To be confirmed' },
  '2': { zh_cn: '已确认', en: 'Confirmed' },
  '3': { zh_cn: '已退回', en: 'Rejected' },
  '4': { zh_cn: '已过账', en: 'Posted' },
  '5': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** seed 001 §3 dictionaries: invoice type. */
export const INVOICE_TYPE = {
  VAT: { zh_cn: '增值税专用发票', en: 'VAT special invoice' },
  GENERAL: { zh_cn: '普通发票', en: 'General invoice' },
} as const;

/** The three-way match's result: computed by the server only (never an input). */
export const MATCH_STATUS = {
  '0': { zh_cn: '未匹配', en: 'Not matched' },
  '1': { zh_cn: '匹配', en: 'Matched' },
  '2': { zh_cn: '不匹配', en: 'Mismatch' },
} as const;

/** A line's match: within the tolerance or not. */
export const MATCH_FLAG = {
  '1': { zh_cn: '一致', en: 'Within tolerance' },
  '2': { zh_cn: '差异', en: 'Difference' },
} as const;

const money = (zh_cn: string, en: string, list = false): FieldDef => ({
  label: { zh_cn, en },
  type: 'decimal',
  money: true,
  list,
});

/**
 * Invoices, kind `invoice` (seed 001 §3 reconciliation fields invoiceNumber, invoiceCode, invoiceType,
 * invoiceSequence, invoiceAmount, invoiceDate; §4 statuses): the supplier registers a tax invoice against
 * a confirmed statement — its number, code, type and date, and per statement line the amount invoiced
 * (including tax, as printed: refund and deduction lines reduce the invoice) — with a scan or PDF as an
 * attachment. `invoiceSequence` is the portal's registration number (IV2026110001, the buyer's sequence).
 * The server runs the three-way match (order price × received quantity against the invoiced amount, per
 * line and in total, within the buyer's tolerance); the buyer accepts a matching invoice or rejects it
 * with a reason; the supplier corrects the rejected invoice and submits it again; the buyer posts it with
 * a voucher number, and the ERP push's result shows on the invoice.
 */
export const invoiceDefinition = defineDocument({
  kind: 'invoice',
  module: 'finance',
  service: 'Invoice',
  title: { zh_cn: '发票', en: 'Invoice' },
  prefix: 'IV',
  numberField: 'invoiceSequence',
  dateField: 'invoiceDate',
  detailPath: '/finance/#/v2/invoice/detail',
  customFields: 30,
  header: {
    invoiceSequence: {
      label: { zh_cn: '发票登记号', en: 'Registration number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    invoiceNumber: {
      label: { zh_cn: '发票号码', en: 'Invoice number' },
      type: 'text',
      max: 20,
      input: true,
      required: true,
      list: true,
      filter: 'prefix',
    },
    invoiceCode: {
      label: { zh_cn: '发票代码', en: 'Invoice code' },
      type: 'text',
      max: 20,
      input: true,
      list: true,
    },
    invoiceType: {
      label: { zh_cn: '发票类型', en: 'Invoice type' },
      type: 'code',
      codes: INVOICE_TYPE,
      input: true,
      default: 'VAT',
      list: true,
    },
    invoiceDate: {
      label: { zh_cn: '开票日期', en: 'Invoice date' },
      type: 'date',
      input: true,
      required: true,
      list: true,
      filter: 'range',
    },
    reconId: {
      label: { zh_cn: '对账单', en: 'Statement' },
      type: 'uuid',
      input: true,
      required: true,
    },
    reconNumber: {
      label: { zh_cn: '对账单号', en: 'Statement number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    elsAccount: {
      label: { zh_cn: '采购方账号', en: 'Buyer account' },
      type: 'account',
      list: true,
      filter: 'eq',
    },
    toElsAccount: {
      label: { zh_cn: '供应商账号', en: 'Supplier account' },
      type: 'account',
      list: true,
      filter: 'eq',
    },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    currency: { label: { zh_cn: '币种', en: 'Currency' }, type: 'text', list: true },
    invoiceAmount: money('发票金额(含税)', 'Invoice amount incl. tax', true),
    netAmount: money('不含税金额', 'Amount excl. tax'),
    taxAmount: money('税额', 'Tax', true),
    expectedAmount: money('应开票金额', 'Expected amount', true),
    differenceAmount: money('差异金额', 'Difference', true),
    toleranceAmount: money('容差金额', 'Tolerance amount'),
    tolerancePercent: { label: { zh_cn: '容差比例%', en: 'Tolerance %' }, type: 'decimal' },
    backReason: { label: { zh_cn: '退回原因', en: 'Reject reason' }, type: 'text' },
    voucherNumber: { label: { zh_cn: '凭证号', en: 'Voucher number' }, type: 'text', list: true },
    erpVoucherNumber: { label: { zh_cn: 'ERP凭证号', en: 'ERP voucher' }, type: 'text' },
    erpPushMessage: { label: { zh_cn: 'ERP推送结果', en: 'ERP push result' }, type: 'text' },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '发票明细', en: 'Invoice lines' },
    max: 10_000,
    fields: {
      reconItemId: {
        label: { zh_cn: '对账明细', en: 'Statement line' },
        type: 'uuid',
        input: true,
        required: true,
      },
      invoiceAmount: {
        label: { zh_cn: '开票金额(含税)', en: 'Invoiced incl. tax' },
        type: 'decimal',
        digits: [16, 2],
        money: true,
        input: true,
        required: true,
      },
      reconItemNumber: { label: { zh_cn: '对账行号', en: 'Statement line no.' }, type: 'integer' },
      itemType: { label: { zh_cn: '明细类型', en: 'Item type' }, type: 'code', codes: ITEM_TYPE },
      sourceNumber: { label: { zh_cn: '来源单号', en: 'Source document' }, type: 'text' },
      orderNumber: { label: { zh_cn: '订单号', en: 'Order' }, type: 'text' },
      materialNumber: { label: { zh_cn: '物料编码', en: 'Material' }, type: 'text' },
      materialDesc: { label: { zh_cn: '物料描述/费用说明', en: 'Description' }, type: 'text' },
      quantity: { label: { zh_cn: '收货数量', en: 'Received quantity' }, type: 'decimal' },
      price: { label: { zh_cn: '订单含税单价', en: 'Order price incl. tax' }, type: 'decimal' },
      taxRate: { label: { zh_cn: '税率%', en: 'Tax %' }, type: 'decimal' },
      netAmount: { label: { zh_cn: '不含税金额', en: 'Excl. tax' }, type: 'decimal', money: true },
      taxAmount: { label: { zh_cn: '税额', en: 'Tax' }, type: 'decimal', money: true },
      expectedAmount: { label: { zh_cn: '应开票金额', en: 'Expected' }, type: 'decimal', money: true },
      differenceAmount: { label: { zh_cn: '差异', en: 'Difference' }, type: 'decimal', money: true },
      matchFlag: { label: { zh_cn: '匹配结果', en: 'Match' }, type: 'code', codes: MATCH_FLAG },
    },
  },
  statuses: {
    invoiceStatus: INVOICE_STATUS,
    matchStatus: MATCH_STATUS,
    erpPushStatus: ERP_PUSH_STATUS,
  },
  visible: { purchase: { invoiceStatus: ['1', '2', '3', '4', '5'] } },
  editable: { sale: { invoiceStatus: ['0', '3'] } },
  deletable: { sale: { invoiceStatus: ['0'] } },
  actions: {
    send: {
      label: { zh_cn: '提交', en: 'Submit' },
      sides: { sale: { invoiceStatus: ['0', '3'] } },
      target: { invoiceStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '新发票待确认：{number}', en: 'New invoice to confirm: {number}' },
      },
    },
    accept: {
      label: { zh_cn: '确认', en: 'Accept' },
      sides: { purchase: { invoiceStatus: ['1'], matchStatus: ['1'] } },
      target: { invoiceStatus: '2' },
      remark: 'optional',
      bulk: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '发票已确认：{number}', en: 'Invoice accepted: {number}' },
      },
    },
    reject: {
      label: { zh_cn: '退回', en: 'Reject' },
      sides: { purchase: { invoiceStatus: ['1'] } },
      target: { invoiceStatus: '3' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '发票被退回：{number}', en: 'Invoice rejected: {number}' },
      },
    },
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: { sale: { invoiceStatus: ['1', '3'] } },
      target: { invoiceStatus: '5' },
      remark: 'optional',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '发票已取消：{number}', en: 'Invoice cancelled: {number}' },
      },
    },
    post: {
      label: { zh_cn: '过账', en: 'Post' },
      sides: { purchase: { invoiceStatus: ['2'] } },
      target: { invoiceStatus: '4' },
      input: {
        voucherNumber: {
          label: { zh_cn: '凭证号', en: 'Voucher number' },
          type: 'text',
          max: 40,
          required: true,
        },
      },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '发票已过账：{number}', en: 'Invoice posted: {number}' },
      },
    },
    pushErp: {
      label: { zh_cn: '重新推送ERP', en: 'Push to ERP again' },
      sides: { purchase: { invoiceStatus: ['4'], erpPushStatus: ['E'] } },
    },
  },
  print: {
    header: [
      'invoiceSequence',
      'invoiceNumber',
      'invoiceCode',
      'invoiceType',
      'invoiceDate',
      'reconNumber',
      'buyerName',
      'supplierName',
      'currency',
      'invoiceAmount',
      'netAmount',
      'taxAmount',
      'expectedAmount',
      'differenceAmount',
      'voucherNumber',
    ],
    lines: [
      'reconItemNumber',
      'itemType',
      'sourceNumber',
      'materialDesc',
      'quantity',
      'price',
      'taxRate',
      'expectedAmount',
      'invoiceAmount',
      'differenceAmount',
      'matchFlag',
    ],
  },
});
