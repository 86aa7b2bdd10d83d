import { call } from '../../lib/http.ts';
import type { Page } from '../../lib/message-api.ts';

/** Approval calls (apps/server/src/modules/audit/routes.ts). */
export type AuditTask = {
  id: string;
  documentKind: string;
  documentId: string;
  documentNumber: string;
  stepIndex: number;
  stepName: string;
  /** Issue #33: the English step name (null: show stepName); who may approve it while it waits. */
  stepNameEn?: string | null;
  candidates?: Array<{ elsSubAccount: string; name: string }> | null;
  candidateCount?: number;
  status: string;
  promoter: string;
  /** The submitter's sub-account name (issue #19); null when none is known. */
  promoterName?: string | null;
  amount: string | null;
  handledBy: string | null;
  /** The handler's sub-account name (issue #19); null when none is known. */
  handledByName?: string | null;
  remark: string | null;
  createDate: string;
  handledDate: string | null;
  link: string | null;
  /** Delegation (issue #19): the sub-account acted (or to be acted) for; null for oneself. */
  onBehalfOf: string | null;
  onBehalfOfName: string | null;
};
/** A carbon copy ("Copied to me", issue #19). */
export type AuditCopy = {
  id: string;
  documentKind: string;
  documentId: string;
  documentNumber: string;
  result: 'approved' | 'rejected';
  promoter: string;
  /** The submitter's sub-account name (issue #19); null when none is known. */
  promoterName?: string | null;
  amount: string | null;
  createDate: string;
  link: string | null;
};
/** An approval delegation (issue #19). */
export type Delegation = {
  id: string;
  delegator: string;
  delegatorName: string;
  delegate: string;
  delegateName: string;
  startDate: string;
  endDate: string;
  status: 'active' | 'cancelled';
  remark: string | null;
  mine: boolean;
  createDate: string;
  version: number;
};
export type AuditList =
  | 'todoPagelist'
  | 'donePagelist'
  | 'findAuditUnComplete'
  | 'findAuditCompleteByPromoter';
export const AUDIT_LISTS: readonly AuditList[] = [
  'todoPagelist',
  'donePagelist',
  'findAuditUnComplete',
  'findAuditCompleteByPromoter',
];
export type AuditStep = {
  /** The step's Chinese name ('' when only English is given; issue #33: at least one of the two). */
  name: string;
  /** The step's English name (issue #33); absent: the Chinese one is shown. */
  nameEn?: string;
  approverType: 'user' | 'role';
  approvers: string[];
  minAmount?: number;
  /** Conditions (issue #19): amount below; document types, categories, organisations (empty = any). */
  maxAmount?: number;
  documentTypes?: string[];
  categories?: string[];
  /**
   * Per organisation item (purchaseOrg, factory): codes of the company's organisation masters. A plain list
   * is a step saved before the masters (migration 0062 could not resolve its codes).
   */
  organisations?: Partial<Record<string, string[]>> | string[];
  ccType?: 'user' | 'role';
  cc?: string[];
};
export type AuditConfig = { documentKind: string; steps: AuditStep[]; version: number };

export const AUDIT_KEYS = { all: ['audit'] as const };

export function findTasks(list: AuditList, paging: { currentPage: number; pageSize: number }) {
  return call<Page<AuditTask>>({ url: `/CommonAuditService/${list}`, method: 'POST', data: paging });
}
export function approveTask(taskId: string, remark?: string) {
  return call<{ complete: boolean; task: AuditTask }>({
    url: `/CommonAuditService/approve/${taskId}`,
    method: 'POST',
    data: remark ? { remark } : {},
  });
}
export function rejectTask(taskId: string, remark: string) {
  return call<{ task: AuditTask }>({
    url: `/CommonAuditService/reject/${taskId}`,
    method: 'POST',
    data: { remark },
  });
}
export function findConfig(documentKind: string) {
  return call<AuditConfig | null>({ url: `/CommonAuditService/findConfig/${documentKind}` });
}
export function saveConfig(body: { documentKind: string; steps: AuditStep[]; version?: number }) {
  return call<AuditConfig>({ url: '/CommonAuditService/saveConfig', method: 'POST', data: body });
}
export function findCopies(paging: { currentPage: number; pageSize: number }) {
  return call<Page<AuditCopy>>({ url: '/CommonAuditService/findCopiedToMe', method: 'POST', data: paging });
}
export function findDelegations() {
  return call<Delegation[]>({ url: '/CommonAuditService/delegations' });
}
export function createDelegation(body: {
  delegate: string;
  startDate: string;
  endDate: string;
  remark?: string;
}) {
  return call<Delegation>({ url: '/CommonAuditService/delegations', method: 'POST', data: body });
}
export function cancelDelegation(id: string, version: number) {
  return call<{ id: string; status: string; version: number }>({
    url: `/CommonAuditService/delegations/${id}/cancel`,
    method: 'POST',
    data: { version },
  });
}
