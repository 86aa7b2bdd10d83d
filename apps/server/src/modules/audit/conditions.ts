import type { AuditStep } from './tables.ts';

/**
 * Approval conditions (issue #19, spec 001 §2 "approval configuration": amount ranges, document type,
 * category, organisation). Pure: the kernel reads a document's values through its kind's declared
 * accessor (platform/document/kind.ts `approvalConditions`) and the approval module builds the chain from
 * the steps whose conditions all hold.
 */

/**
 * A document's values the conditions are matched against, as kept on its tasks. `amount` in local currency.
 * A dimension the flow does not offer is absent (a supplier lifecycle flow has no document type).
 */
export type ApprovalValues = {
  amount: number;
  /** The document type code (an order's orderType …), or null when the document has none. */
  documentType?: string | null;
  /** Material category codes of the header and every line, each at every level of the category tree. */
  categories?: string[];
  /** Organisation codes: purchase organisation, factory (whichever the kind has). */
  organisations?: string[];
};

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
  if (!any(step.organisations) && !(values.organisations ?? []).some((o) => step.organisations?.includes(o)))
    return false;
  return true;
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
  return (['documentTypes', 'categories', 'organisations'] as const)
    .filter((key) => !any(step[key]))
    .map((key) => (key === 'documentTypes' ? 'documentType' : key));
}

/** A text in both interface languages. */
type Label = Readonly<Record<'zh_cn' | 'en', string>>;

/**
 * What an approval flow offers its steps' conditions (the config page's fields and the save's checks):
 * the document type field with its codes, whether its documents have material categories, and which
 * organisation items (purchase organisation, factory) they carry. Registered by the document kernel for
 * every flow of a kind (its own approval and its actions' approvals) from the kind's accessor.
 */
export type ConditionOffer = {
  documentType?: { field: string; label: Label; codes: Readonly<Record<string, Label>> };
  categories: boolean;
  organisations: Array<{ item: string; label: Label }>;
};

const offers = new Map<string, ConditionOffer>();

/** Registers the conditions an approval flow (task type) offers; the kernel calls it per kind. */
export function registerConditionOffer(approvalKind: string, offer: ConditionOffer): void {
  offers.set(approvalKind, offer);
}

/** The conditions an approval flow offers: none beyond the amount for a flow no kind registered. */
export function conditionOffer(approvalKind: string): ConditionOffer {
  return offers.get(approvalKind) ?? { categories: false, organisations: [] };
}
