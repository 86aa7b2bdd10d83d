import { stepNameIn } from '@srm/contracts/approval-task';
import { userLabel } from './user-label.ts';

/**
 * How screens show an approval task (issue #33): the step's name in the reader's language (the other one
 * when empty), and in the "Handled by" place who handled it, or — while it waits — who may approve it.
 * The texts are the common namespace's `approval.*`.
 */
export type ApprovalTaskView = {
  stepName: string;
  /** The English step name; null/absent on tasks created before it existed. */
  stepNameEn?: string | null;
  status: string;
  handledBy: string | null;
  handledByName?: string | null;
  /** The buyer's users who may approve a waiting task (at most 10); null when not pending or not shown. */
  candidates?: Array<{ elsSubAccount: string; name: string }> | null;
  /** How many may approve it in all. */
  candidateCount?: number;
};

type T = (key: string, options?: Record<string, unknown>) => string;

/** The step's name in `locale` (zh_cn, en), falling back to the other language. */
export function stepLabel(task: Pick<ApprovalTaskView, 'stepName' | 'stepNameEn'>, locale: string): string {
  return stepNameIn(task, locale) || '—';
}

/**
 * Who may approve a waiting task: "Can approve: 张三 (admin), 李四 (buyer1) and 3 more" / "待审批人：…";
 * "Nobody can approve this step …" when the server found none; null when the task is not waiting or the
 * reader is not told (show the handler, or '—').
 */
export function candidatesText(task: ApprovalTaskView, t: T): string | null {
  if (task.status !== 'pending' || !task.candidates) return null;
  if (task.candidates.length === 0) return t('common:approval.nobody');
  const listed = task.candidates
    .map((c) => userLabel(c.elsSubAccount, c.name))
    .join(t('common:approval.separator'));
  const total = task.candidateCount ?? task.candidates.length;
  const names =
    total > task.candidates.length
      ? t('common:approval.andMore', { names: listed, count: total - task.candidates.length, total })
      : listed;
  return t('common:approval.canApprove', { names });
}
