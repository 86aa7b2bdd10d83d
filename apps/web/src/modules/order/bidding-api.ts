import { call } from '../../lib/http.ts';
import type { OrderHeader } from './api.ts';

/**
 * Calls of an order's price bidding (apps/server/src/modules/order/bidding.ts; issue #5, seed 001 §4
 * "in bidding"; issue #13): the buyer starts it — a one-round RFQ is made and published, its id and number
 * on the order header — or cancels it (the RFQ is closed). Quotes, comparison and award are the RFQ app's.
 */

const P = '/order/PurchaseOrderService';

export function startBidding(
  id: string,
  body: { version: number; toElsAccounts: string[]; quoteEndTime: string; remark?: string },
) {
  return call<OrderHeader>({ url: `${P}/startBidding/${id}`, method: 'POST', data: body });
}
export function cancelBidding(id: string, version: number) {
  return call<OrderHeader>({ url: `${P}/cancelBidding/${id}`, method: 'POST', data: { version } });
}
