import type { Label } from './document/define.ts';
import { type ApprovalTaskType, KIND_MANIFEST, type KindEntry, type TaskType } from './kinds.ts';

const ENTRIES = KIND_MANIFEST as readonly KindEntry[];

/**
 * Where an approval item opens, by task type (spec 000 §2 "Task-link paths", seed 001 §2), derived from the
 * kinds' manifest (kinds.ts: each kind's `approvals` and `links`). The shell's /audit page loads the link in
 * a frame with the document id in the query.
 */
export const TASK_LINKS: Readonly<Record<TaskType, string>> & Readonly<Record<string, string | undefined>> =
  Object.fromEntries(
    ENTRIES.flatMap((entry) => [
      ...Object.entries(entry.approvals).map(([type, approval]) => [type, approval.link] as const),
      ...Object.entries(entry.links ?? {}),
    ]),
  ) as Record<TaskType, string>;

/** The link of a task: the kind's path with the document id and the task id in the query. */
export function taskLink(kind: string, documentId: string, taskId?: string): string | null {
  const base = TASK_LINKS[kind];
  if (!base) return null;
  const query = new URLSearchParams({ id: documentId, ...(taskId ? { taskId } : {}) });
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The approval flows a buyer administrator configures (CommonAuditService findConfig/saveConfig), by task
 * type (seed 001 §2 "Approval task types"), with their names in both languages: every kind's `approvals` in
 * the manifest (kinds.ts), in its order. A kind whose approval is not listed here is approved at once.
 */
export const APPROVAL_KINDS: Readonly<Record<ApprovalTaskType, Label>> = Object.fromEntries(
  ENTRIES.flatMap((entry) =>
    Object.entries(entry.approvals).map(([type, approval]) => [type, approval.name]),
  ),
) as Record<ApprovalTaskType, Label>;
export type ApprovalKind = ApprovalTaskType;
export const APPROVAL_KIND_CODES = Object.keys(APPROVAL_KINDS) as [ApprovalKind, ...ApprovalKind[]];
