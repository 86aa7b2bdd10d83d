import type { Certification } from '@srm/contracts/supplier-certification';
import type {
  ApplyStatus,
  Bank,
  Contact,
  ProfileDiff,
  SupplierProfile,
  TouchedPart,
} from '@srm/contracts/supplier-change';
import { call } from '../../lib/http.ts';

const SALE = '/supplierdatamodify/SaleSupplierChangeService';
const PURCHASE = '/supplierdatamodify/PurchaseSupplierChangeService';
export type Side = 'purchase' | 'sale';
const base = (side: Side) => (side === 'sale' ? SALE : PURCHASE);

/** A request as listed (see the server's ChangeRequest). */
export type ChangeRequest = {
  id: string;
  elsAccount: string;
  toElsAccount: string;
  supplierMasterId: string;
  changeNumber: string;
  applyStatus: ApplyStatus;
  snapshot: SupplierProfile;
  proposed: SupplierProfile;
  touched: TouchedPart[];
  remark: string | null;
  rejectReason: string | null;
  submitDate: string | null;
  auditDate: string | null;
  buyerName: string | null;
  supplierName: string | null;
  createDate: string;
  version: number;
};
export type ChangeDetail = ChangeRequest & {
  diff: ProfileDiff;
  tasks: Array<{
    id: string;
    stepName: string;
    /** Issue #33: the English step name (null: show stepName); who may approve it while it waits. */
    stepNameEn?: string | null;
    candidates?: Array<{ elsSubAccount: string; name: string }> | null;
    candidateCount?: number;
    status: string;
    handledBy: string | null;
    /** The handler's sub-account name (issue #19); null when the code names none. */
    handledByName?: string | null;
    /** Delegation (issue #19): the sub-account the handler acted for; null when for themselves. */
    handledOnBehalfOf?: string | null;
    /** That sub-account's name; null when none. */
    handledOnBehalfOfName?: string | null;
    remark: string | null;
  }>;
};
export type { Bank, Certification, Contact, SupplierProfile };

export const SC_KEYS = { all: ['supplierChange'] as const };

/** POST …/findPageList — the caller's side's requests, newest first. */
export function findChanges(
  side: Side,
  body: { currentPage: number; pageSize: number; applyStatus?: string },
): Promise<{ records: ChangeRequest[]; total: number }> {
  return call({ url: `${base(side)}/findPageList`, method: 'POST', data: body });
}

/** GET …/findDetail/{id} — one request with its diff. */
export function findChange(side: Side, id: string): Promise<ChangeDetail> {
  return call({ url: `${base(side)}/findDetail/${id}` });
}

/** GET …/SaleSupplierChangeService/findBuyers — the supplier's linked buyers. */
export function findBuyers(): Promise<
  Array<{ elsAccount: string; companyName: string; supplierMasterId: string | null }>
> {
  return call({ url: `${SALE}/findBuyers` });
}

/** GET …/SaleSupplierChangeService/findMaster — the supplier's own record at a buyer. */
export function findMaster(elsAccount: string): Promise<{ profile: SupplierProfile; version: number }> {
  return call({ url: `${SALE}/findMaster`, params: { elsAccount } });
}

/** POST …/SaleSupplierChangeService/save — new requests (one per buyer) or an edit; optionally submitted. */
export function saveChange(body: {
  id?: string;
  version?: number;
  elsAccounts?: string[];
  profile: SupplierProfile;
  remark?: string;
  submit?: boolean;
}): Promise<ChangeDetail[]> {
  return call({ url: `${SALE}/save`, method: 'POST', data: body });
}

/** POST …/SaleSupplierChangeService/{submit|delete|withdraw}/{id} — body { version }. */
export function supplierAction(
  action: 'submit' | 'delete' | 'withdraw',
  id: string,
  version: number,
): Promise<unknown> {
  return call({ url: `${SALE}/${action}/${id}`, method: 'POST', data: { version } });
}

/** POST …/PurchaseSupplierChangeService/{approve|reject}/{id} — reject needs the reason. */
export function buyerAction(
  action: 'approve' | 'reject',
  id: string,
  version: number,
  remark?: string,
): Promise<ChangeDetail> {
  return call({ url: `${PURCHASE}/${action}/${id}`, method: 'POST', data: { version, remark } });
}
