import { z } from 'zod';

/**
 * What every answer listing approval tasks adds (issue #33): the step's name in both languages and, for a
 * waiting task, who may approve it. Used by the approval lists and by each document's approval history
 * (the kernel's detail, orders, supplier lifecycle and information changes).
 */
export const approvalTaskFields = {
  /** The step's Chinese name as configured when the task was created ('' when only English was given). */
  stepName: z.string(),
  /** The step's English name; null when none was configured (show stepName). */
  stepNameEn: z.string().nullable(),
  /**
   * Who may approve the task while it waits: at most APPROVAL_CANDIDATE_LIMIT of the buyer's own active
   * sub-accounts (named approvers, holders of the step's roles, delegates standing in), with their names.
   * Null when the task is not pending, or when the reader is not of the buyer's company.
   */
  candidates: z.array(z.object({ elsSubAccount: z.string(), name: z.string() })).nullable(),
  /** How many users may approve it in all ("and N more" beyond the candidates listed); 0 when null. */
  candidateCount: z.number(),
};

/** How many of a waiting task's approvers are named; the others are counted. */
export const APPROVAL_CANDIDATE_LIMIT = 10;

/**
 * A step's name in the reader's language, falling back to the other when that one is empty (steps
 * configured before issue #33 have only the Chinese name). '' when neither is known.
 */
export function stepNameIn(
  step: { stepName?: string | null; stepNameEn?: string | null },
  locale: string,
): string {
  const zh = step.stepName?.trim() ?? '';
  const en = step.stepNameEn?.trim() ?? '';
  return locale === 'en' ? en || zh : zh || en;
}
