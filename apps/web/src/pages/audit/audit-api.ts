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
  status: string;
  promoter: string;
  amount: string | null;
  handledBy: string | null;
  remark: string | null;
  createDate: string;
  handledDate: string | null;
  link: string | null;
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
  name: string;
  approverType: 'user' | 'role';
  approvers: string[];
  minAmount?: number;
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
