import type { ConversionType, StatusChangeSave } from '@srm/contracts/supplier-lifecycle';
import { call } from '../../lib/http.ts';
import type { Page } from '../../lib/message-api.ts';

/** Calls of the supplier lifecycle (apps/server/src/modules/supplier-lifecycle/routes.ts, issue #16). */
const BASE = '/masterdata/PurchaseSupplierStatusChangeService';

export type StatusChangeRequest = {
  id: string;
  toElsAccount: string | null;
  requestNumber: string;
  requestType: ConversionType;
  fromStatus: string | null;
  toStatus: string;
  toFrozen: boolean | null;
  reason: string;
  status: 'draft' | 'underApproval' | 'approved' | 'rejected';
  supplierName: string | null;
  company: Record<string, string> | null;
  approvalRemark: string | null;
  createUser: string;
  createDate: string;
  version: number;
};

export type StatusChangeDetail = {
  record: StatusChangeRequest;
  supplier: { toElsAccount: string; supplierStatus: string; frozen: boolean } | null;
  trail: Array<{
    action: string;
    fromStatus: string | null;
    toStatus: string | null;
    remark: string | null;
    createUser: string;
    /** The acting user's name; null when the actor is no sub-account (show createUser then). */
    createUserName: string | null;
    createDate: string;
  }>;
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

export const LC_KEYS = { requests: ['md', 'lifecycle'] as const };

export const saveStatusChange = (body: StatusChangeSave) =>
  call<StatusChangeRequest>({ url: `${BASE}/save`, method: 'POST', data: body });
export const submitStatusChange = (id: string, version: number) =>
  call<StatusChangeRequest>({ url: `${BASE}/submit/${id}`, method: 'POST', data: { version } });
export const withdrawStatusChange = (id: string, version: number) =>
  call<StatusChangeRequest>({ url: `${BASE}/withdraw/${id}`, method: 'POST', data: { version } });
export const deleteStatusChange = (id: string, version: number) =>
  call<null>({ url: `${BASE}/delete/${id}`, method: 'POST', data: { version } });
export const findStatusChanges = (body: {
  currentPage: number;
  pageSize: number;
  status?: string;
  requestType?: string;
  toElsAccount?: string;
}) => call<Page<StatusChangeRequest>>({ url: `${BASE}/findPageList`, method: 'POST', data: body });
export const findStatusChange = (id: string) => call<StatusChangeDetail>({ url: `${BASE}/findDetail/${id}` });
export const findConversions = (toElsAccount: string) =>
  call<{ toElsAccount: string; supplierStatus: string; frozen: boolean; conversions: ConversionType[] }>({
    url: `${BASE}/conversions/${toElsAccount}`,
  });
