import { APPROVAL_STATUS, defineDocument } from './document/define.ts';

/**
 * Returns, kind `refund` (spec 000 §9, seed 001 §2 "Returns management", §3 return fields, §5 "back
 * reason not empty"). The buyer (`elsAccount`) returns quantity it received on a delivery notice to the
 * supplier (`toElsAccount`) with a required back reason; the supplier confirms or refuses it with a
 * remark. `costType` and `deductType` are kept for reconciliation (issue #15).
 */

/** Return status: not sent, to be confirmed, confirmed, refused, cancelled. */
export const REFUND_STATUS = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '待确认', en: 'To be confirmed' },
  '2': { zh_cn: '已确认', en: 'Confirmed' },
  '3': { zh_cn: '已拒绝', en: 'Refused' },
  '4': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

export const REFUND_SEND_STATUS = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '已发送', en: 'Sent' },
} as const;

/** Seed 001 §3: costType 1 additional, 2 deduction. */
export const COST_TYPE = {
  '1': { zh_cn: '附加', en: 'Additional' },
  '2': { zh_cn: '扣款', en: 'Deduction' },
} as const;

/** Seed 001 §3: deductType 1 ticket deduction, 2 account deduction. */
export const DEDUCT_TYPE = {
  '1': { zh_cn: '票扣', en: 'Ticket deduction' },
  '2': { zh_cn: '账扣', en: 'Account deduction' },
} as const;

export const refundDefinition = defineDocument({
  kind: 'refund',
  module: 'order',
  service: 'Refund',
  title: { zh_cn: '退货单', en: 'Return' },
  prefix: 'RT',
  numberField: 'refundNumber',
  dateField: 'returnData',
  detailPath: '/order/#/v2/refund/detail',
  customFields: 30,
  approval: { kind: 'refund', link: '/order/#/v2/refund/detail' },
  header: {
    refundNumber: {
      label: { zh_cn: '退货单号', en: 'Return number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    deliveryNoteId: {
      label: { zh_cn: '送货单', en: 'Delivery notice' },
      type: 'uuid',
      input: true,
      required: true,
    },
    deliveryNoteNumber: { label: { zh_cn: '送货单号', en: 'Notice number' }, type: 'text', list: true },
    toElsAccount: {
      label: { zh_cn: '供应商账号', en: 'Supplier account' },
      type: 'account',
      list: true,
      filter: 'eq',
    },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    /** The return date (seed 001 §3 `returnData`). */
    returnData: {
      label: { zh_cn: '退货日期', en: 'Return date' },
      type: 'date',
      input: true,
      list: true,
      filter: 'range',
    },
    backReason: {
      label: { zh_cn: '退货原因', en: 'Back reason' },
      type: 'text',
      max: 200,
      input: true,
      required: true,
      list: true,
    },
    costType: {
      label: { zh_cn: '费用类型', en: 'Cost type' },
      type: 'code',
      codes: COST_TYPE,
      input: true,
      default: '2',
      list: true,
    },
    deductType: {
      label: { zh_cn: '扣款方式', en: 'Deduction type' },
      type: 'code',
      codes: DEDUCT_TYPE,
      input: true,
      default: '2',
      list: true,
    },
    currency: { label: { zh_cn: '币种', en: 'Currency' }, type: 'text', list: true },
    totalAmount: {
      label: { zh_cn: '退货金额（含税）', en: 'Amount incl. tax' },
      type: 'decimal',
      list: true,
    },
    supplierRemark: { label: { zh_cn: '供应商备注', en: 'Supplier remark' }, type: 'text' },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '退货明细', en: 'Lines' },
    max: 500,
    fields: {
      deliveryNoteItemId: {
        label: { zh_cn: '送货单行', en: 'Notice line' },
        type: 'uuid',
        input: true,
        required: true,
      },
      orderNumber: { label: { zh_cn: '订单号', en: 'Order number' }, type: 'text' },
      itemNumber: { label: { zh_cn: '行号', en: 'Line' }, type: 'integer' },
      materialNumber: { label: { zh_cn: '物料编码', en: 'Material number' }, type: 'text' },
      materialDesc: { label: { zh_cn: '物料描述', en: 'Material description' }, type: 'text' },
      unit: { label: { zh_cn: '单位', en: 'Unit' }, type: 'text' },
      returnQuantity: {
        label: { zh_cn: '退货数量', en: 'Return quantity' },
        type: 'decimal',
        digits: [12, 3],
        positive: true,
        input: true,
        required: true,
      },
      refundQuantity: { label: { zh_cn: '确认退货数量', en: 'Confirmed quantity' }, type: 'decimal' },
      priceIncludingTax: { label: { zh_cn: '含税单价', en: 'Price incl. tax' }, type: 'decimal' },
      totalAmount: { label: { zh_cn: '金额', en: 'Amount' }, type: 'decimal' },
      backReason: { label: { zh_cn: '行退货原因', en: 'Line reason' }, type: 'text', max: 200, input: true },
    },
  },
  statuses: { refundStatus: REFUND_STATUS, auditStatus: APPROVAL_STATUS, sendStatus: REFUND_SEND_STATUS },
  visible: { sale: { sendStatus: ['1'] } },
  editable: { purchase: { refundStatus: ['0'] } },
  actions: {
    send: {
      label: { zh_cn: '发送', en: 'Send' },
      sides: { purchase: { refundStatus: ['0'], auditStatus: ['2'] } },
      target: { refundStatus: '1', sendStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '新退货单待确认：{number}', en: 'New return to confirm: {number}' },
      },
    },
    confirm: {
      label: { zh_cn: '确认', en: 'Confirm' },
      sides: { sale: { refundStatus: ['1'] } },
      target: { refundStatus: '2' },
      remark: 'optional',
      bulk: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '供应商已确认退货：{number}', en: 'The supplier confirmed return {number}' },
      },
    },
    refuse: {
      label: { zh_cn: '拒绝', en: 'Refuse' },
      sides: { sale: { refundStatus: ['1'] } },
      target: { refundStatus: '3' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'creator',
        title: { zh_cn: '供应商拒绝了退货：{number}', en: 'The supplier refused return {number}' },
      },
    },
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: { purchase: { refundStatus: ['0', '1'] } },
      target: { refundStatus: '4' },
      remark: 'optional',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '退货单已取消：{number}', en: 'Return cancelled: {number}' },
      },
    },
  },
  print: {
    header: [
      'refundNumber',
      'deliveryNoteNumber',
      'supplierName',
      'buyerName',
      'returnData',
      'backReason',
      'costType',
      'deductType',
      'totalAmount',
    ],
    lines: [
      'orderNumber',
      'itemNumber',
      'materialNumber',
      'materialDesc',
      'returnQuantity',
      'unit',
      'priceIncludingTax',
      'totalAmount',
    ],
  },
});
