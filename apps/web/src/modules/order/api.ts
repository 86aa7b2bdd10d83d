import { call, http } from '../../lib/http.ts';
import type { Page } from '../../lib/message-api.ts';
import type { CustomFields, Side } from './rules.ts';

/**
 * Calls of the order module (apps/server/src/modules/order/routes.ts). Headers and lines carry their
 * non-empty custom fields flat (fbk1…fbk50).
 */
export type OrderHeader = CustomFields & {
  id: string;
  elsAccount: string;
  toElsAccount: string;
  supplierName: string;
  /** The buyer's short name (list rows; issue #16). */
  buyerShortName?: string | null;
  orderNumber: string;
  orderType: string;
  purchaseType: string;
  orderDate: string;
  currency: string;
  exchangeRate: string;
  localCurrency: string;
  payTermsCode: string | null;
  payTermsText: string | null;
  incotermsCode: string | null;
  incotermsDesc: string | null;
  deliveryAddress: string | null;
  /** Organisation master codes (issue #19); null when the order names none. */
  purchaseOrganization?: string | null;
  purchaseGroup?: string | null;
  urgencyFlag: string;
  remark: string | null;
  auditStatus: string;
  sendStatus: string;
  sendTime: string | null;
  orderStatus: string;
  changeStatus: string;
  rejectReason: string | null;
  /** 0 not shipped, 1 shipment in transit, 2 partial receipt, 3 all goods received. */
  deliveryStatus: string;
  totalAmountExcludingTax: string;
  totalTaxAmount: string;
  totalAmount: string;
  totalAmountLocal: string;
  /** ERP push of the sent order (issue #18): 0 no ERP connected, P pushing, S pushed, E failed. */
  erpPushStatus?: string;
  erpPushMessage?: string | null;
  erpPurchaseOrderNo?: string | null;
  /** The RFQ of the order's price bidding (issue #13): set while in bidding and after its award. */
  enquiryId?: string | null;
  enquiryNumber?: string | null;
  createUser: string;
  createDate: string;
  version: number;
};
export type OrderItem = CustomFields & {
  id: string;
  itemNumber: number;
  materialId: string | null;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  quantity: string;
  priceExcludingTax: string;
  taxRate: string;
  priceIncludingTax: string;
  lineAmount: string;
  deliveryDate: string;
  replyDeliveryDate: string | null;
  minPackingQuantity: string;
  overTolerance: string;
  lackTolerance: string;
  itemStatus: string;
  supplierRemark: string | null;
  isClose: string;
  isDel: string;
  /** In the line's unit, 3 decimals. */
  shippedQuantity: string;
  receivedQuantity: string;
};
/** A shipment of the order (ASN-like), with its lines; status 1 in transit, 2 received. */
export type Shipment = {
  id: string;
  orderId: string;
  elsAccount: string;
  toElsAccount: string;
  shipmentNumber: string;
  logisticsCompany: string;
  trackingNumber: string;
  shipDate: string;
  expectedArrivalDate: string | null;
  status: string;
  remark: string | null;
  receiveDate: string | null;
  createUser: string;
  createDate: string;
  lines: Array<{
    id: string;
    orderItemId: string;
    itemNumber: number;
    shippedQuantity: string;
    receivedQuantity: string;
  }>;
};
export type TrailRow = {
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  remark: string | null;
  createUser: string;
  /** The acting user's name; null when the actor is no sub-account (show createUser then). */
  createUserName: string | null;
  createDate: string;
};
export type TaskRow = {
  id: string;
  stepName: string;
  /** Issue #33: the English step name (null: show stepName); who may approve it while it waits. */
  stepNameEn?: string | null;
  candidates?: Array<{ elsSubAccount: string; name: string }> | null;
  candidateCount?: number;
  status: string;
  handledBy: string | null;
  /** The handler's sub-account name (issue #19); null when none is known (show handledBy). */
  handledByName?: string | null;
  /** Delegation (issue #19): the sub-account the handler acted for; null for themselves. */
  handledOnBehalfOf?: string | null;
  handledOnBehalfOfName?: string | null;
  remark: string | null;
};
export type OrderDetail = {
  order: OrderHeader;
  /** The creator's sub-account name (issue #19); null when none is known (show order.createUser). */
  createUserName?: string | null;
  items: OrderItem[];
  shipments: Shipment[];
  trail: TrailRow[];
  tasks: TaskRow[];
};

export type OrderFilter = {
  /** The supplier's buyer filter (issue #16). */
  elsAccount?: string;
  orderNumber?: string;
  toElsAccount?: string;
  auditStatus?: string;
  orderStatus?: string;
  sendStatus?: string;
  deliveryStatus?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
};

/** The body of POST …/PurchaseOrderService/save (contracts/purchase-order.ts OrderSaveBody). */
export type OrderSaveBody = CustomFields & {
  id?: string;
  version?: number;
  toElsAccount: string;
  orderType: string;
  purchaseType?: string;
  orderDate: string;
  currency?: string;
  exchangeRate?: string;
  payTermsCode?: string;
  payTermsText?: string;
  incotermsCode?: string;
  incotermsDesc?: string;
  deliveryAddress?: string;
  purchaseOrganization?: string;
  purchaseGroup?: string;
  urgencyFlag?: string;
  remark?: string;
  items: Array<
    CustomFields & {
      /** The material of the master the line was picked from (lets the server default its price). */
      materialId?: string;
      materialNumber: string;
      materialDesc: string;
      unit: string;
      quantity: string;
      priceExcludingTax?: string;
      taxRate?: string;
      deliveryDate: string;
      minPackingQuantity?: string;
      overTolerance?: string;
      lackTolerance?: string;
    }
  >;
};

const service = (side: Side) => (side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService');
const P = '/order/PurchaseOrderService';
const S = '/order/SaleOrderService';

export const ORDER_KEYS = { all: ['orders'] as const };

export function findOrders(side: Side, body: OrderFilter & { currentPage: number; pageSize: number }) {
  return call<Page<OrderHeader>>({ url: `/order/${service(side)}/findPageList`, method: 'POST', data: body });
}
export function findOrder(side: Side, id: string) {
  return call<OrderDetail>({ url: `/order/${service(side)}/findDetail/${id}` });
}
export function saveOrder(body: OrderSaveBody) {
  return call<OrderHeader>({ url: `${P}/save`, method: 'POST', data: body });
}
export type SimpleAction = 'submit' | 'withdraw' | 'send' | 'sendChange' | 'pushErp';
export function runAction(action: SimpleAction, id: string, version: number) {
  return call<OrderHeader>({ url: `${P}/${action}/${id}`, method: 'POST', data: { version } });
}
export function closeOrder(id: string, version: number, itemIds?: string[]) {
  return call<OrderHeader>({
    url: `${P}/close/${id}`,
    method: 'POST',
    data: itemIds ? { version, itemIds } : { version },
  });
}
export function copyOrder(id: string) {
  return call<OrderHeader>({ url: `${P}/copy/${id}`, method: 'POST', data: {} });
}
export function deleteOrder(id: string, version: number) {
  return call<null>({ url: `${P}/delete/${id}`, method: 'POST', data: { version } });
}
export function confirmLines(
  id: string,
  version: number,
  lines: Array<{ itemId: string; replyDeliveryDate: string }>,
) {
  return call<OrderHeader>({ url: `${S}/confirm/${id}`, method: 'POST', data: { version, lines } });
}
export function refuseLines(id: string, version: number, itemIds: string[], remark: string) {
  return call<OrderHeader>({ url: `${S}/refuse/${id}`, method: 'POST', data: { version, itemIds, remark } });
}
export function answerChange(accept: boolean, id: string, version: number, reason?: string) {
  return call<OrderHeader>({
    url: `${S}/${accept ? 'confirmChange' : 'returnChange'}/${id}`,
    method: 'POST',
    data: reason ? { version, remark: reason } : { version },
  });
}

/** The body of POST …/SaleOrderService/ship/{id} (contracts/purchase-order.ts OrderShipBody). */
export type ShipBody = {
  version: number;
  logisticsCompany: string;
  trackingNumber: string;
  shipDate?: string;
  expectedArrivalDate?: string;
  remark?: string;
  lines: Array<{ itemId: string; quantity: string }>;
};
export function shipOrder(id: string, body: ShipBody) {
  return call<{ order: OrderHeader; shipment: Shipment }>({
    url: `${S}/ship/${id}`,
    method: 'POST',
    data: body,
  });
}
export function receiveShipment(
  id: string,
  body: {
    version: number;
    shipmentId: string;
    remark?: string;
    lines: Array<{ itemId: string; quantity: string }>;
  },
) {
  return call<{ order: OrderHeader; shipment: Shipment }>({
    url: `${P}/receive/${id}`,
    method: 'POST',
    data: body,
  });
}

/** Reads a binary answer; a JSON envelope instead (an error) becomes an Error with its message. */
async function download(
  config: { url: string; method: 'GET' | 'POST'; data?: unknown },
  fallbackName: string,
): Promise<void> {
  const res = await http.request<Blob>({ ...config, responseType: 'blob' });
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 200 || type.includes('json')) {
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(await res.data.text()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET …/print/{id} → `{orderNumber}.pdf`. */
export function printOrder(side: Side, id: string, orderNumber: string) {
  return download({ url: `/order/${service(side)}/print/${id}`, method: 'GET' }, `${orderNumber}.pdf`);
}
/** POST …/PurchaseOrderService/export → the filtered list as .xlsx. */
export function exportOrders(filter: OrderFilter) {
  return download({ url: `${P}/export`, method: 'POST', data: filter }, 'orders.xlsx');
}
