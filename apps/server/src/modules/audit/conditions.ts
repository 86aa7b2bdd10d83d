import {
  type ApprovalValues,
  type ConditionOffer,
  conditionOffer,
  registerConditionOffer,
} from '../../platform/approval.ts';
import type { AuditStep } from './tables.ts';

export { type ApprovalValues, type ConditionOffer, conditionOffer, registerConditionOffer };

/**
 * Approval conditions (issue #19, spec 001 §2 "approval configuration": amount ranges, document type,
 * category, organisation). Pure: the kernel reads a document's values through its kind's declared
 * accessor (platform/document/kind.ts `approvalConditions`) and the approval module builds the chain from
 * the steps whose conditions all hold.
 */

/** A step's organisation condition: per organisation item, the codes one of which the document must carry. */
export type OrganisationCondition = Partial<Record<string, string[]>>;

/** The conditions a flow offers to its steps (a kind without a type field offers no document type). */
export type ConditionDimension = 'documentType' | 'categories' | 'organisations';

const any = (list: string[] | undefined) => !list || list.length === 0;

/**
 * Whether every condition of `step` holds for `values`: minAmount ≤ amount < maxAmount (either bound
 * optional); the document type is one of `documentTypes`; at least one category is one of `categories`;
 * at least one organisation is one of `organisations`. An empty or absent list is "any"; a document without
 * a value (or a flow without the dimension) never matches a non-empty list.
 */
export function stepMatches(step: AuditStep, values: ApprovalValues): boolean {
  if (step.minAmount !== undefined && !(values.amount >= step.minAmount)) return false;
  if (step.maxAmount !== undefined && !(values.amount < step.maxAmount)) return false;
  if (!any(step.documentTypes) && !(values.documentType && step.documentTypes?.includes(values.documentType)))
    return false;
  if (!any(step.categories) && !(values.categories ?? []).some((c) => step.categories?.includes(c)))
    return false;
  return organisationsMatch(step.organisations, values);
}

/**
 * The organisation condition: every item with codes must hold the document's code of that item (per-item,
 * since migration 0062); a plain list (saved before, not resolved by the masters) holds when any of the
 * document's organisations is in it.
 */
function organisationsMatch(condition: AuditStep['organisations'], values: ApprovalValues): boolean {
  if (!condition) return true;
  if (Array.isArray(condition))
    return any(condition) || (values.organisations ?? []).some((o) => condition.includes(o));
  return Object.entries(condition).every(([item, codes]) => {
    if (any(codes)) return true;
    const code = values.organisationItems?.[item];
    return !!code && !!codes?.includes(code);
  });
}

/** The organisation items a step names codes for (a plain list from before 0062: none). */
export function organisationItemsOf(step: AuditStep): Array<[string, string[]]> {
  const condition = step.organisations;
  if (!condition || Array.isArray(condition)) return [];
  return Object.entries(condition).filter((e): e is [string, string[]] => !any(e[1]));
}

/** The chain of a submission: the steps whose conditions hold, in order, each with its configuration index. */
export function matchingSteps(
  steps: AuditStep[],
  values: ApprovalValues,
): Array<AuditStep & { index: number }> {
  return steps.map((step, index) => ({ ...step, index })).filter((step) => stepMatches(step, values));
}

/** The condition dimensions a step uses (non-empty lists), to check them against what the flow offers. */
export function usedDimensions(step: AuditStep): ConditionDimension[] {
  const used: ConditionDimension[] = [];
  if (!any(step.documentTypes)) used.push('documentType');
  if (!any(step.categories)) used.push('categories');
  const org = step.organisations;
  if (Array.isArray(org) ? !any(org) : organisationItemsOf(step).length > 0) used.push('organisations');
  return used;
}
