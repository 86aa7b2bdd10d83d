import { defineDocument } from './document/define.ts';

/**
 * Delivery notices (ASN), kind `deliveryNote` (spec 000 §9, seed 001 §2 "Delivery notice
 * (purchase-initiated and sales-initiated)", §3 delivery notice fields, §4 delivery statuses, §5
 * shipment rules). One row per notice seen by both sides: the buyer is `elsAccount`, the supplier
 * `toElsAccount`; its lines are lines of the buyer's confirmed orders to that supplier.
 *
 * - Sale-initiated (noteType 1): the supplier creates it from open order lines, edits it while not
 *   sent, then ships (sends) it; the buyer receives it.
 * - Purchase-initiated (noteType 2): the buyer asks for a delivery (lines, quantities, date, address)
 *   and sends the request; the supplier replies and ships against it; the buyer receives it.
 */

/** Notice status (seed 001 §4 deliveries). */
export const NOTE_STATUS = {
  '0': { zh_cn: '未发送', en: 'Not sent yet' },
  '1': { zh_cn: '已发送', en: 'Has been sent' },
  '2': { zh_cn: '已回复', en: 'Replied' },
  '3': { zh_cn: '已发货', en: 'Shipped' },
  '4': { zh_cn: '部分收货', en: 'Partial receipt' },
  '5': { zh_cn: '全部收货', en: 'Fully received' },
  '6': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** Who started the notice. */
export const NOTE_TYPE = {
  '1': { zh_cn: '供方发起', en: 'Sales-initiated' },
  '2': { zh_cn: '采购方发起', en: 'Purchase-initiated' },
} as const;

/** Whether the side that started the notice has sent it (seed 001 §3 sendStatus). */
export const NOTE_SEND_STATUS = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '已发送', en: 'Sent' },
} as const;

/** Transport way of a shipment. */
export const TRANSPORT_WAY = {
  '1': { zh_cn: '公路', en: 'Road' },
  '2': { zh_cn: '铁路', en: 'Rail' },
  '3': { zh_cn: '航空', en: 'Air' },
  '4': { zh_cn: '海运', en: 'Sea' },
  '5': { zh_cn: '快递', en: 'Express' },
} as const;

/**
 * Receipt state of one notice line (seed 001 §4 "to be received", "partial receipt", "fully
 * received"): derived from its shipped and received quantities.
 */
export const NOTE_LINE_RECEIPT = {
  '0': { zh_cn: '待收货', en: 'To be received' },
  '1': { zh_cn: '部分收货', en: 'Partial receipt' },
  '2': { zh_cn: '全部收货', en: 'Fully received' },
} as const;

/** Statuses in which the buyer can still receive goods (shipped, partly received). */
export const RECEIVABLE_NOTE_STATUSES = ['3', '4'] as const;

export const deliveryNoteDefinition = defineDocument({
  kind: 'deliveryNote',
  module: 'order',
  service: 'DeliveryNote',
  title: { zh_cn: '送货通知单', en: 'Delivery notice' },
  prefix: 'DN',
  numberField: 'deliveryNoteNumber',
  dateField: 'noteDate',
  detailPath: '/order/#/v2/delivery/detail',
  customFields: 30,
  header: {
    deliveryNoteNumber: {
      label: { zh_cn: '送货单号', en: 'Notice number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    toElsAccount: {
      label: { zh_cn: '供应商账号', en: 'Supplier account' },
      type: 'account',
      list: true,
      filter: 'eq',
    },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    noteDate: {
      label: { zh_cn: '送货日期', en: 'Delivery date' },
      type: 'date',
      input: true,
      list: true,
      filter: 'range',
    },
    transportWay: {
      label: { zh_cn: '运输方式', en: 'Transport way' },
      type: 'code',
      codes: TRANSPORT_WAY,
      input: true,
      list: true,
    },
    logisticsCompany: {
      label: { zh_cn: '物流公司', en: 'Logistics company' },
      type: 'text',
      max: 100,
      input: true,
    },
    trackingNumber: {
      label: { zh_cn: '物流单号', en: 'Tracking number' },
      type: 'text',
      max: 50,
      input: true,
      list: true,
    },
    deliveryTimeSlot: {
      label: { zh_cn: '送货时段', en: 'Delivery time slot' },
      type: 'text',
      max: 40,
      input: true,
    },
    expectedArrivalDate: {
      label: { zh_cn: '预计到货日期', en: 'Expected arrival' },
      type: 'date',
      input: true,
      list: true,
    },
    receivedAddress: {
      label: { zh_cn: '收货地址', en: 'Receiving address' },
      type: 'text',
      max: 200,
      input: true,
    },
    receivedUser: { label: { zh_cn: '收货人', en: 'Receiver' }, type: 'text', max: 40, input: true },
    receivedPhone: { label: { zh_cn: '收货电话', en: 'Receiver phone' }, type: 'text', max: 20, input: true },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
    totalQuantity: { label: { zh_cn: '送货总数量', en: 'Total quantity' }, type: 'decimal', list: true },
    sendTime: { label: { zh_cn: '发货时间', en: 'Shipped at' }, type: 'datetime', list: true },
    confirmDate: { label: { zh_cn: '收货时间', en: 'Received at' }, type: 'datetime', list: true },
  },
  lines: {
    label: { zh_cn: '送货明细', en: 'Lines' },
    max: 500,
    fields: {
      orderItemId: {
        label: { zh_cn: '订单行', en: 'Order line' },
        type: 'uuid',
        input: true,
        required: true,
      },
      orderNumber: { label: { zh_cn: '订单号', en: 'Order number' }, type: 'text' },
      itemNumber: { label: { zh_cn: '行号', en: 'Line' }, type: 'integer' },
      materialNumber: { label: { zh_cn: '物料编码', en: 'Material number' }, type: 'text' },
      materialDesc: { label: { zh_cn: '物料描述', en: 'Material description' }, type: 'text' },
      unit: { label: { zh_cn: '单位', en: 'Unit' }, type: 'text' },
      quantity: { label: { zh_cn: '订单数量', en: 'Order quantity' }, type: 'decimal' },
      deliveryDate: { label: { zh_cn: '要求交期', en: 'Requested date' }, type: 'date' },
      sendDeliveryNoteQuantity: {
        label: { zh_cn: '送货数量', en: 'Delivery quantity' },
        type: 'decimal',
        digits: [12, 3],
        positive: true,
        input: true,
        required: true,
      },
      batchNumber: { label: { zh_cn: '批次号', en: 'Batch number' }, type: 'text', max: 40, input: true },
      boxCount: { label: { zh_cn: '箱数', en: 'Boxes' }, type: 'integer', positive: true, input: true },
      confirmQuantity: { label: { zh_cn: '收货数量', en: 'Received quantity' }, type: 'decimal' },
      returnQuantity: { label: { zh_cn: '退货数量', en: 'Returned quantity' }, type: 'decimal' },
      remainQuantity: { label: { zh_cn: '订单剩余可送', en: 'Remaining on order' }, type: 'decimal' },
    },
  },
  statuses: { noteStatus: NOTE_STATUS, sendStatus: NOTE_SEND_STATUS, noteType: NOTE_TYPE },
  // A draft is its author's alone: the buyer never sees a supplier's unsent notice, nor the supplier an
  // unsent request.
  visible: {
    purchase: [{ noteType: ['2'] }, { sendStatus: ['1'] }],
    sale: [{ noteType: ['1'] }, { sendStatus: ['1'] }],
  },
  editable: {
    sale: { noteType: ['1'], noteStatus: ['0'] },
    purchase: { noteType: ['2'], noteStatus: ['0'] },
  },
  actions: {
    send: {
      label: { zh_cn: '发送', en: 'Send' },
      sides: { purchase: { noteType: ['2'], noteStatus: ['0'] } },
      target: { noteStatus: '1', sendStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '新送货要求：{number}', en: 'New delivery request {number}' },
      },
    },
    reply: {
      label: { zh_cn: '回复', en: 'Reply' },
      sides: { sale: { noteType: ['2'], noteStatus: ['1'] } },
      target: { noteStatus: '2' },
      remark: 'optional',
      input: {
        expectedArrivalDate: { label: { zh_cn: '预计到货日期', en: 'Expected arrival' }, type: 'date' },
        deliveryTimeSlot: { label: { zh_cn: '送货时段', en: 'Delivery time slot' }, type: 'text', max: 40 },
      },
      notify: {
        to: 'creator',
        title: {
          zh_cn: '供应商已回复送货要求：{number}',
          en: 'The supplier replied to delivery request {number}',
        },
      },
    },
    ship: {
      label: { zh_cn: '发货', en: 'Ship' },
      sides: {
        sale: [
          { noteType: ['1'], noteStatus: ['0'] },
          { noteType: ['2'], noteStatus: ['2'] },
        ],
      },
      target: { noteStatus: '3', sendStatus: '1' },
      requires: ['logisticsCompany', 'trackingNumber'],
      input: {
        transportWay: {
          label: { zh_cn: '运输方式', en: 'Transport way' },
          type: 'code',
          codes: TRANSPORT_WAY,
        },
        logisticsCompany: { label: { zh_cn: '物流公司', en: 'Logistics company' }, type: 'text', max: 100 },
        trackingNumber: { label: { zh_cn: '物流单号', en: 'Tracking number' }, type: 'text', max: 50 },
      },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '供应商已发货：送货单 {number}', en: 'Goods shipped: delivery notice {number}' },
      },
    },
    receive: {
      label: { zh_cn: '收货', en: 'Receive' },
      sides: { purchase: { noteStatus: ['3', '4'] } },
      lines: 'quantities',
      remark: 'optional',
      notify: {
        to: 'counterpart',
        title: { zh_cn: '采购方已收货：送货单 {number}', en: 'Goods received: delivery notice {number}' },
      },
    },
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: {
        sale: { noteType: ['1'], noteStatus: ['0', '3'] },
        purchase: { noteType: ['2'], noteStatus: ['0', '1', '2'] },
      },
      target: { noteStatus: '6' },
      remark: 'optional',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '送货单已取消：{number}', en: 'Delivery notice cancelled: {number}' },
      },
    },
  },
  print: {
    header: [
      'deliveryNoteNumber',
      'supplierName',
      'buyerName',
      'noteDate',
      'transportWay',
      'logisticsCompany',
      'trackingNumber',
      'receivedAddress',
      'receivedUser',
      'receivedPhone',
    ],
    lines: [
      'orderNumber',
      'itemNumber',
      'materialNumber',
      'materialDesc',
      'sendDeliveryNoteQuantity',
      'unit',
      'batchNumber',
      'boxCount',
    ],
  },
});
