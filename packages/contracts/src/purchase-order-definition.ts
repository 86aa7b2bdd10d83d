import { DICTIONARIES } from './dictionaries.ts';
import { defineDocument } from './document/define.ts';
import { ERP_PUSH_STATUS } from './finance.ts';
import {
  AUDIT_STATUS,
  CHANGE_STATUS,
  DELIVERY_STATUS,
  ORDER_HEADER_LABELS,
  ORDER_LINE_LABELS,
  ORDER_LINES_LABEL,
  ORDER_STATUS,
  SEND_STATUS,
  URGENCY,
} from './purchase-order.ts';

/**
 * Purchase orders, kind `order`, as a kernel definition (issue #12): fields, statuses and the
 * transition table the server's checks (modules/order) and the web's toolbar both read. The order's
 * calls stay hand-written where its rules are its own (price master, change orders, bidding, delivery
 * through notices); its list runs on the kernel's list query.
 */
const NOT_IN_BIDDING = ['0', '1', '2', '3', '4', '5'];
const EDITABLE_AUDIT = ['0', '3', '4'];
const NO_PENDING_CHANGE = ['0', '1', '3', '4'];

export const purchaseOrderDefinition = defineDocument({
  kind: 'order',
  module: 'order',
  service: 'Order',
  title: { zh_cn: '采购订单', en: 'Purchase order' },
  prefix: 'PO',
  numberField: 'orderNumber',
  dateField: 'orderDate',
  detailPath: '/order/#/v2/order/detail',
  customFields: 50,
  approval: { kind: 'order', link: '/order/#/v2/order/detail' },
  header: {
    orderNumber: {
      label: { zh_cn: '订单号', en: 'Order number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    toElsAccount: {
      label: ORDER_HEADER_LABELS.toElsAccount,
      type: 'account',
      input: true,
      required: true,
      list: true,
      filter: 'eq',
    },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    orderType: {
      label: ORDER_HEADER_LABELS.orderType,
      type: 'code',
      codes: DICTIONARIES.orderType,
      input: true,
      required: true,
      list: true,
    },
    orderDate: {
      label: ORDER_HEADER_LABELS.orderDate,
      type: 'date',
      input: true,
      list: true,
      filter: 'range',
    },
    purchaseType: {
      label: ORDER_HEADER_LABELS.purchaseType,
      type: 'code',
      codes: DICTIONARIES.orderType,
      input: true,
    },
    currency: { label: ORDER_HEADER_LABELS.currency, type: 'text', max: 3, input: true, list: true },
    exchangeRate: {
      label: ORDER_HEADER_LABELS.exchangeRate,
      type: 'decimal',
      digits: [4, 6],
      input: true,
    },
    localCurrency: { label: { zh_cn: '本位币', en: 'Local currency' }, type: 'text', max: 3 },
    payTermsCode: {
      label: ORDER_HEADER_LABELS.payTermsCode,
      type: 'text',
      max: 20,
      input: true,
    },
    payTermsText: {
      label: ORDER_HEADER_LABELS.payTermsText,
      type: 'text',
      max: 200,
      input: true,
    },
    incotermsCode: {
      label: ORDER_HEADER_LABELS.incotermsCode,
      type: 'text',
      max: 10,
      input: true,
    },
    incotermsDesc: {
      label: ORDER_HEADER_LABELS.incotermsDesc,
      type: 'text',
      max: 200,
      input: true,
    },
    deliveryAddress: {
      label: ORDER_HEADER_LABELS.deliveryAddress,
      type: 'text',
      max: 200,
      input: true,
    },
    // Issue #19: organisation master codes (the order's data permission items), pickers in the form.
    purchaseOrganization: {
      label: ORDER_HEADER_LABELS.purchaseOrganization,
      type: 'text',
      org: 'purchaseOrganization',
      max: 40,
      input: true,
    },
    purchaseGroup: {
      label: ORDER_HEADER_LABELS.purchaseGroup,
      type: 'text',
      org: 'purchaseGroup',
      max: 40,
      input: true,
    },
    urgencyFlag: {
      label: ORDER_HEADER_LABELS.urgencyFlag,
      type: 'code',
      codes: URGENCY,
      input: true,
      list: true,
    },
    remark: { label: ORDER_HEADER_LABELS.remark, type: 'text', max: 500, input: true },
    rejectReason: { label: { zh_cn: '退回原因', en: 'Return reason' }, type: 'text' },
    totalAmountExcludingTax: {
      label: { zh_cn: '不含税总额', en: 'Total excl. tax' },
      type: 'decimal',
      digits: [16, 2],
    },
    totalTaxAmount: { label: { zh_cn: '税额', en: 'Tax' }, type: 'decimal', digits: [16, 2] },
    totalAmount: {
      label: { zh_cn: '含税总额', en: 'Total incl. tax' },
      type: 'decimal',
      digits: [16, 2],
      list: true,
    },
    totalAmountLocal: {
      label: { zh_cn: '本位币总额', en: 'Total (local currency)' },
      type: 'decimal',
      digits: [16, 2],
    },
    sendTime: { label: { zh_cn: '发送时间', en: 'Sent at' }, type: 'datetime', list: true },
    erpPurchaseOrderNo: { label: { zh_cn: 'ERP订单号', en: 'ERP order number' }, type: 'text' },
    erpPushMessage: { label: { zh_cn: 'ERP推送结果', en: 'ERP push result' }, type: 'text' },
    // The RFQ of the order's price bidding (issue #13: "in bidding" is a one-round RFQ started from the order).
    enquiryId: { label: { zh_cn: '竞价询价单 ID', en: 'Bidding RFQ id' }, type: 'uuid' },
    enquiryNumber: { label: { zh_cn: '竞价询价单号', en: 'Bidding RFQ number' }, type: 'text' },
  },
  lines: {
    label: ORDER_LINES_LABEL,
    max: 500,
    fields: {
      materialNumber: {
        label: ORDER_LINE_LABELS.materialNumber,
        type: 'text',
        max: 40,
        input: true,
        required: true,
      },
      materialDesc: {
        label: ORDER_LINE_LABELS.materialDesc,
        type: 'text',
        max: 200,
        input: true,
        required: true,
      },
      unit: { label: ORDER_LINE_LABELS.unit, type: 'text', max: 10, input: true, required: true },
      quantity: {
        label: ORDER_LINE_LABELS.quantity,
        type: 'decimal',
        digits: [12, 3],
        positive: true,
        input: true,
        required: true,
      },
      priceExcludingTax: {
        label: ORDER_LINE_LABELS.priceExcludingTax,
        type: 'decimal',
        digits: [12, 6],
        input: true,
      },
      taxRate: { label: ORDER_LINE_LABELS.taxRate, type: 'decimal', digits: [3, 2], input: true },
      deliveryDate: {
        label: ORDER_LINE_LABELS.deliveryDate,
        type: 'date',
        input: true,
        required: true,
      },
    },
  },
  statuses: {
    orderStatus: ORDER_STATUS,
    auditStatus: AUDIT_STATUS,
    sendStatus: SEND_STATUS,
    changeStatus: CHANGE_STATUS,
    deliveryStatus: DELIVERY_STATUS,
    erpPushStatus: ERP_PUSH_STATUS,
  },
  // The supplier sees an order once it is sent.
  visible: { sale: { sendStatus: ['1'] } },
  editable: {
    // Before sending: while not under approval nor approved (and not in bidding). After: a change, while
    // not closed, no change is waiting for the supplier and nothing was delivered.
    purchase: [
      { sendStatus: ['0'], orderStatus: NOT_IN_BIDDING },
      {
        sendStatus: ['1'],
        auditStatus: ['2'],
        orderStatus: ['0', '1', '2', '3', '4'],
        changeStatus: NO_PENDING_CHANGE,
        deliveryStatus: ['0'],
      },
    ],
  },
  // Deleting and submitting only before sending (seed 001 §4: only documents not approved can be deleted).
  deletable: { purchase: { sendStatus: ['0'], orderStatus: NOT_IN_BIDDING } },
  actions: {
    send: {
      label: { zh_cn: '发送', en: 'Send' },
      sides: { purchase: { auditStatus: ['2'], sendStatus: ['0'], orderStatus: NOT_IN_BIDDING } },
      target: { sendStatus: '1', orderStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '新采购订单待确认：{number}', en: 'New purchase order to confirm: {number}' },
      },
    },
    // Issue #18: a sent order goes to the ERP (ERP_PUSH_URL); a failed or unanswered push may be sent again.
    pushErp: {
      label: { zh_cn: '重新推送ERP', en: 'Push to ERP again' },
      sides: { purchase: { sendStatus: ['1'], erpPushStatus: ['E', 'P'] } },
    },
    sendChange: {
      label: { zh_cn: '发送变更', en: 'Send change' },
      sides: { purchase: { changeStatus: ['1'] } },
      target: { changeStatus: '2' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '采购订单变更待确认：{number}', en: 'Purchase order change to confirm: {number}' },
      },
    },
    close: {
      label: { zh_cn: '关闭', en: 'Close' },
      sides: { purchase: { orderStatus: ['0', '1', '2', '3', '4'] } },
      danger: true,
      // Told only once the supplier can see the order (sent).
      notify: {
        to: 'counterpart',
        title: { zh_cn: '采购订单行已关闭：{number}', en: 'Purchase order lines closed: {number}' },
      },
    },
    startBidding: {
      label: { zh_cn: '发起竞价', en: 'Start bidding' },
      sides: { purchase: { sendStatus: ['0'], orderStatus: ['0'], auditStatus: EDITABLE_AUDIT } },
      target: { orderStatus: '6' },
    },
    // Written by the award of the order's RFQ (enquiry/service.ts applyAward → bidding.ts), no route of its own.
    award: {
      label: { zh_cn: '授标', en: 'Award' },
      sides: { purchase: { orderStatus: ['6'] } },
      target: { orderStatus: '0' },
    },
    cancelBidding: {
      label: { zh_cn: '取消竞价', en: 'Cancel bidding' },
      sides: { purchase: { orderStatus: ['6'] } },
      target: { orderStatus: '0' },
    },
    confirm: {
      label: { zh_cn: '确认', en: 'Confirm' },
      sides: { sale: { sendStatus: ['1'], orderStatus: ['1', '2'], changeStatus: NO_PENDING_CHANGE } },
      notify: {
        to: 'creator',
        title: {
          zh_cn: '供应商已确认采购订单：{number}',
          en: 'The supplier confirmed purchase order {number}',
        },
      },
    },
    refuse: {
      label: { zh_cn: '拒绝', en: 'Refuse' },
      sides: { sale: { sendStatus: ['1'], orderStatus: ['1', '2'], changeStatus: NO_PENDING_CHANGE } },
      remark: 'required',
      danger: true,
      notify: {
        to: 'creator',
        title: {
          zh_cn: '供应商拒绝了采购订单行：{number}',
          en: 'The supplier refused lines of purchase order {number}',
        },
      },
    },
    confirmChange: {
      label: { zh_cn: '确认变更', en: 'Confirm change' },
      sides: { sale: { sendStatus: ['1'], changeStatus: ['2'] } },
      target: { changeStatus: '3' },
      notify: {
        to: 'creator',
        title: {
          zh_cn: '供应商已确认订单变更：{number}',
          en: 'The supplier confirmed the change of order {number}',
        },
      },
    },
    returnChange: {
      label: { zh_cn: '退回变更', en: 'Return change' },
      sides: { sale: { sendStatus: ['1'], changeStatus: ['2'] } },
      target: { changeStatus: '4' },
      remark: 'required',
      notify: {
        to: 'creator',
        title: {
          zh_cn: '供应商退回了订单变更：{number}',
          en: 'The supplier returned the change of order {number}',
        },
      },
    },
    ship: {
      label: { zh_cn: '发货', en: 'Ship' },
      sides: { sale: { sendStatus: ['1'], orderStatus: ['2', '3'], changeStatus: NO_PENDING_CHANGE } },
    },
  },
  print: {
    header: ['orderNumber', 'supplierName', 'orderType', 'orderDate', 'currency', 'deliveryAddress'],
    lines: [
      'materialNumber',
      'materialDesc',
      'quantity',
      'unit',
      'priceExcludingTax',
      'taxRate',
      'deliveryDate',
    ],
  },
});
