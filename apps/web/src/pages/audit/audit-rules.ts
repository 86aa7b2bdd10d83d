import { targetHref } from '../../shell/menu-path.ts';
import type { AuditStep } from './audit-api.ts';

/** The /audit query of a task (spec 000 §2: taskId, documentKind, id). */
export function auditQuery(task: {
  id: string;
  documentKind: string;
  documentId: string;
}): Record<string, string> {
  return { taskId: task.id, documentKind: task.documentKind, id: task.documentId };
}

/** Where a pending task opens: the shell's /audit page (approval panel beside the document), in a tab. */
export function todoHref(task: { id: string; documentKind: string; documentId: string }): string {
  return targetHref({ pathname: '/audit', query: auditQuery(task) });
}

/** Approver names typed as "a, b；c" → a clean list without duplicates. */
export function parseApprovers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，;；\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export type StepForm = {
  /** The step's name in Chinese and in English (issue #33): at least one; the other may stay empty. */
  name?: string;
  nameEn?: string;
  approverType?: 'user' | 'role';
  approvers?: string;
  minAmount?: string;
  /** Carbon copy: sub-accounts or role codes, one comma-separated string like approvers. */
  ccType?: 'user' | 'role';
  cc?: string;
};

/** Form rows → the saveConfig steps; minAmount and the English name only when filled (local currency, ≥ 0). */
export function toSteps(rows: StepForm[]): AuditStep[] {
  return rows.map((r) => {
    const step: AuditStep = {
      name: (r.name ?? '').trim(),
      approverType: r.approverType ?? 'user',
      approvers: parseApprovers(r.approvers ?? ''),
    };
    const nameEn = (r.nameEn ?? '').trim();
    if (nameEn !== '') step.nameEn = nameEn;
    const min = (r.minAmount ?? '').trim();
    if (min !== '') step.minAmount = Number(min);
    const cc = parseApprovers(r.cc ?? '');
    if (cc.length > 0) {
      step.ccType = r.ccType ?? 'user';
      step.cc = cc;
    }
    return step;
  });
}

/** The steps as form rows. */
export function toRows(steps: AuditStep[]): StepForm[] {
  return steps.map((s) => ({
    name: s.name,
    nameEn: s.nameEn ?? '',
    approverType: s.approverType,
    approvers: s.approvers.join(', '),
    minAmount: s.minAmount === undefined ? '' : String(s.minAmount),
    ccType: s.ccType ?? 'user',
    cc: (s.cc ?? []).join(', '),
  }));
}

/** Reject needs a remark (seed 001 §5 "approval remarks not empty"); approve does not. */
export function remarkOk(decision: 'approve' | 'reject', remark: string): boolean {
  return decision === 'approve' || remark.trim().length > 0;
}

/** A step needs its name in Chinese or in English (issue #33; the server's rule, checked early). */
export function stepNameOk(name: string | undefined, nameEn: string | undefined): boolean {
  return (name ?? '').trim() !== '' || (nameEn ?? '').trim() !== '';
}
