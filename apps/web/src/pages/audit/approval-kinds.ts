import { APPROVAL_KINDS } from '@srm/contracts/task-links';

/**
 * The name of an approval flow (task type) in the user's language; the code itself when unknown. Kept out
 * of audit-rules.ts: the home portal loads that module (to-do links) and its byte budget is tight.
 */
export function approvalKindName(kind: string, language: string): string {
  const names = (APPROVAL_KINDS as Record<string, { zh_cn: string; en: string }>)[kind];
  if (!names) return kind;
  return language.startsWith('en') ? names.en : names.zh_cn;
}
