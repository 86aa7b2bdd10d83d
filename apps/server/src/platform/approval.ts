import type { Tx } from './db.ts';
import type { ApproverNotice } from './ports.ts';

/**
 * The approval flows' registries (issue #19, #34): what a document kind declares about its approval flows
 * (the conditions they offer, what happens when a flow ends), kept in platform so the kernel registers
 * without importing the approval module; modules/audit reads them. Starting and ending flows is the
 * approval module's, reached through the `approvals` port (platform/ports.ts).
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
  /** The same by item (`purchaseOrg`, `factory`): what per-item conditions match (tasks before 0062: absent). */
  organisationItems?: Partial<Record<string, string>>;
};

/**
 * What a document kind does when its approval ends. The kernel registers each kind's (and modules
 * with flows of their own theirs); the approval module (modules/audit) calls it inside the same transaction
 * as the task change.
 */
export type AuditHandler = {
  onApproved(tx: Tx, elsAccount: string, documentId: string, user: string): Promise<void>;
  onRejected(tx: Tx, elsAccount: string, documentId: string, user: string, remark: string): Promise<void>;
  /**
   * What the approvers of a step are told about the document (issue #33): the same notice its first step's
   * approvers got on submit (the kind's title, number and content: amount, supplier …), so the next step's
   * approvers get it too. Null when the document is gone; absent: the flow's name and number only.
   */
  notice?(tx: Tx, elsAccount: string, documentId: string): Promise<ApproverNotice | null>;
};
const handlers = new Map<string, AuditHandler>();

/** Registers what happens to documents of `kind` when their approval is approved or rejected. */
export function registerAuditHandler(kind: string, handler: AuditHandler): void {
  handlers.set(kind, handler);
}

/** The handler of an approval flow (task type), if one is registered. */
export function auditHandler(kind: string): AuditHandler | undefined {
  return handlers.get(kind);
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
