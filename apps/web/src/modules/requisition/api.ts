import {
  type DemandPoolQuery,
  type PoolToBiddingBody,
  type PoolToEnquiryBody,
  type PoolToOrderBody,
  purchaseRequestDefinition,
} from '@srm/contracts/purchase-request';
import { basePath } from '../../components/document/api.ts';
import { call } from '../../lib/http.ts';

/** One line of the demand pool (`PurchaseRequestService/demandPool`). */
export type PoolLine = {
  id: string;
  requestId: string;
  purchaseRequestNumber: string;
  requestItemNumber: number;
  applicant: string | null;
  purchaseFactory: string | null;
  purchasePerson: string | null;
  itemStatus: string;
  materialNumber: string;
  materialDesc: string;
  unit: string;
  quantity: string;
  remainQuantity: string;
  deliveryDate: string;
  expectSupplierEls: string | null;
  expectSupplierName: string | null;
  claimStatus: string;
  claimUser: string | null;
};

export type PoolPage = { records: PoolLine[]; total: number; totalExact: boolean; nextCursor: string | null };

const base = () => basePath(purchaseRequestDefinition, 'purchase');

export function findPool(query: Partial<DemandPoolQuery>): Promise<PoolPage> {
  return call<PoolPage>({ url: `${base()}/demandPool`, method: 'POST', data: query });
}

export function claimLines(lineIds: string[]): Promise<{ claimed: number }> {
  return call({ url: `${base()}/claim`, method: 'POST', data: { lineIds } });
}

export function returnLines(lineIds: string[], backRemark: string): Promise<{ returned: number }> {
  return call({ url: `${base()}/returnLines`, method: 'POST', data: { lineIds, backRemark } });
}

export type MadeOrder = { id: string; orderNumber: string; toElsAccount: string; supplierName: string };

export function linesToOrders(body: Partial<PoolToOrderBody> & Pick<PoolToOrderBody, 'lines'>) {
  return call<{ orders: MadeOrder[] }>({ url: `${base()}/toOrder`, method: 'POST', data: body });
}

/** Claimed lines → one RFQ draft (`toEnquiry`); answers the RFQ's id and number. */
export function linesToEnquiry(
  body: Partial<PoolToEnquiryBody> & Omit<PoolToEnquiryBody, 'enquiryType' | 'quoteMethod' | 'currency'>,
) {
  return call<{ id: string; enquiryNumber: string }>({
    url: `${base()}/toEnquiry`,
    method: 'POST',
    data: body,
  });
}

/** The RFQ app's detail page of an RFQ (another module app: /rfq/). */
export const enquiryDetailHref = (id: string) => `/rfq/#/v2/detail?id=${encodeURIComponent(id)}`;

/**
 * Claimed lines → one per-line e-auction draft (`toBidding`, issue #14): quantities in each line's unit,
 * starting unit prices excl. tax; answers the auction's id and number.
 */
export function linesToBidding(
  body: Omit<PoolToBiddingBody, 'priceReviseType' | 'currency'> &
    Partial<Pick<PoolToBiddingBody, 'priceReviseType' | 'currency'>>,
) {
  return call<{ id: string; ebiddingNumber: string }>({
    url: `${base()}/toBidding`,
    method: 'POST',
    data: body,
  });
}

/** The e-auction app's console of an auction (another module app: /ebidding/). */
export const ebiddingDetailHref = (id: string) => `/ebidding/#/v2/detail?id=${encodeURIComponent(id)}`;
