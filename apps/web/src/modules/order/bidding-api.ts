import { call } from '../../lib/http.ts';
import type { Page } from '../../lib/message-api.ts';
import type { OrderHeader } from './api.ts';

/**
 * Calls of an order's price bidding (apps/server/src/modules/order/bidding.ts; issue #5, seed 001 §4
 * "in bidding"): the buyer invites suppliers to quote the lines of an unsent order, the suppliers quote
 * until the quote end time, and the buyer awards the order to one of them. Money as decimal strings in the
 * order's currency; times ISO-8601.
 */

/** One quoted line: unit price excluding tax, tax rate in percent, and what follows from them. */
export type QuoteLine = {
  itemId: string;
  priceExcludingTax: string;
  taxRate: string;
  priceIncludingTax: string;
  lineAmount: string;
};

/** One invited supplier's bid as the buyer sees it (sealed: no amounts until the round opens). */
export type Bid = {
  id: string;
  toElsAccount: string;
  supplierName: string;
  round: number;
  /** 0 invited, 1 quoted, 2 won, 3 not won, 4 cancelled (BID_STATUS). */
  bidStatus: string;
  quoteEndTime: string;
  inviteRemark: string | null;
  quoteTime: string | null;
  quoteRemark: string | null;
  totalAmount: string | null;
  lines: QuoteLine[];
  version: number;
};

/** The latest round of an order's bidding; `open` once quotes may be seen. */
export type BidRound = { open: boolean; round: number | null; bids: Bid[] };

/** A bid invitation in the supplier's list. */
export type BidInvitation = {
  id: string;
  orderId: string;
  orderNumber: string;
  elsAccount: string;
  buyerName: string;
  round: number;
  bidStatus: string;
  quoteEndTime: string;
  quoteTime: string | null;
  totalAmount: string | null;
  currency: string;
  createDate: string;
  version: number;
};

/** What the supplier sees of an invitation: its own bid, the order's terms and lines, no buyer prices. */
export type BidDetail = {
  bid: {
    id: string;
    orderId: string;
    round: number;
    bidStatus: string;
    quoteEndTime: string;
    inviteRemark: string | null;
    quoteTime: string | null;
    quoteRemark: string | null;
    totalAmount: string | null;
    lines: QuoteLine[];
    version: number;
  };
  order: {
    orderNumber: string;
    elsAccount: string;
    buyerName: string;
    orderDate: string;
    currency: string;
    deliveryAddress: string | null;
    incotermsCode: string | null;
    incotermsDesc: string | null;
    payTermsText: string | null;
    orderStatus: string;
  };
  items: Array<{
    id: string;
    itemNumber: number;
    materialNumber: string;
    materialDesc: string;
    unit: string;
    quantity: string;
    deliveryDate: string;
  }>;
};

const P = '/order/PurchaseOrderService';
const S = '/order/SaleOrderService';

export const BID_KEYS = { all: ['orders', 'bids'] as const };

export function startBidding(
  id: string,
  body: { version: number; toElsAccounts: string[]; quoteEndTime: string; remark?: string },
) {
  return call<OrderHeader>({ url: `${P}/startBidding/${id}`, method: 'POST', data: body });
}
export function findBids(id: string) {
  return call<BidRound>({ url: `${P}/findBids/${id}` });
}
export function awardBid(id: string, version: number, bidId: string) {
  return call<OrderHeader>({ url: `${P}/award/${id}`, method: 'POST', data: { version, bidId } });
}
export function cancelBidding(id: string, version: number) {
  return call<OrderHeader>({ url: `${P}/cancelBidding/${id}`, method: 'POST', data: { version } });
}
export function findBidInvitations(body: { currentPage: number; pageSize: number; bidStatus?: string }) {
  return call<Page<BidInvitation>>({ url: `${S}/findBidPageList`, method: 'POST', data: body });
}
export function findBidDetail(bidId: string) {
  return call<BidDetail>({ url: `${S}/findBidDetail/${bidId}` });
}
export function quoteBid(
  bidId: string,
  body: {
    version: number;
    lines: Array<{ itemId: string; priceExcludingTax: string; taxRate: string }>;
    remark?: string;
  },
) {
  return call<BidDetail['bid']>({ url: `${S}/quote/${bidId}`, method: 'POST', data: body });
}
