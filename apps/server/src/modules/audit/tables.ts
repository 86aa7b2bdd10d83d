import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApprovalValues, OrganisationCondition } from './conditions.ts';

/** One approval step: approved by named sub-accounts or by holders of a role; optional amount condition. */
export type AuditStep = {
  /**
   * The step's name in Chinese (zh_cn), as every step saved before issue #33 has it; empty when the admin
   * gave only the English name. Screens and messages show the reader's language, falling back to the other.
   */
  name: string;
  /** The step's name in English (issue #33); absent or empty on steps saved before: `name` is shown. */
  nameEn?: string;
  approverType: 'user' | 'role';
  approvers: string[];
  /** The step applies only when the document's amount in local currency is at least this. */
  minAmount?: number;
  /**
   * Conditions beyond the amount (issue #19; modules/audit/conditions.ts): the step applies only when the
   * amount is below this (with minAmount: the range minAmount ≤ amount < maxAmount) …
   */
  maxAmount?: number;
  /** … the document's type is one of these codes (the kind's type field, e.g. an order's orderType) … */
  documentTypes?: string[];
  /** … one of its material categories (header or any line, every level) is one of these codes … */
  categories?: string[];
  /**
   * … and, per organisation item the flow offers (purchaseOrg, factory; migration 0062), the document's
   * code of that item is one of these (every item listed must hold). Codes are records of the company's
   * organisation masters of the item's type. Empty or absent: any. A plain list is a step saved before
   * 0062 whose codes the masters did not resolve: it matches when any of the document's organisations is
   * one of them, until the admin picks the organisations again.
   */
  organisations?: OrganisationCondition | string[];
  /**
   * Carbon copy (issue #19): who is told when the document's approval ends (approved or rejected), named
   * sub-accounts or holders of roles. Absent or empty: nobody.
   */
  ccType?: 'user' | 'role';
  cc?: string[];
};

/** Approval configuration per document kind of a company (issue #5): ordered steps. */
export const auditConfig = pgTable(
  'audit_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    documentKind: text('document_kind').notNull(),
    steps: jsonb('steps').$type<AuditStep[]>().notNull(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('audit_config_kind_uq').on(t.elsAccount, t.documentKind)],
);

/** An approval task: one step of one document, waiting for (or handled by) its approvers. */
export const auditTask = pgTable(
  'audit_task',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    documentKind: text('document_kind').notNull(),
    documentId: uuid('document_id').notNull(),
    documentNumber: text('document_number').notNull(),
    flowId: uuid('flow_id').notNull(),
    stepIndex: integer('step_index').notNull(),
    /** The step's Chinese name as configured at creation ('' when only the English one was given). */
    stepName: text('step_name').notNull(),
    /** The step's English name (issue #33, migration 0069); null on older tasks and when not configured. */
    stepNameEn: text('step_name_en'),
    approverType: text('approver_type', { enum: ['user', 'role'] }).notNull(),
    approvers: jsonb('approvers').$type<string[]>().notNull(),
    /** pending, approved, rejected, cancelled. */
    status: text('status').notNull().default('pending'),
    promoter: text('promoter').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    handledBy: text('handled_by'),
    /**
     * The chain the submission matched (issue #19): the steps that applied, each with its index in the
     * configuration, as configured at submit. The next task is taken from here, so a later change of the
     * configuration leaves a running approval as it was. Null for tasks older than migration 0058.
     */
    chain: jsonb('chain').$type<Array<AuditStep & { index: number }>>(),
    /** The document's values the chain was matched with (amount, type, categories, organisations). */
    conditionValues: jsonb('condition_values').$type<ApprovalValues>(),
    /**
     * Delegation (issue #19): approvers put in for an absent one when the task was created, as
     * { delegate sub-account: the sub-account they stand in for }. Null when nobody was away.
     */
    delegatedFrom: jsonb('delegated_from').$type<Record<string, string>>(),
    /** The sub-account the handler approved or rejected for (a delegate acting); null when for themselves. */
    handledOnBehalfOf: text('handled_on_behalf_of'),
    remark: text('remark'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    handledDate: timestamp('handled_date', { withTimezone: true }),
  },
  (t) => [
    index('audit_task_pending_idx').on(t.elsAccount, t.status, t.createDate.desc().nullsFirst()),
    index('audit_task_document_idx').on(t.documentKind, t.documentId),
    index('audit_task_promoter_idx').on(t.elsAccount, t.promoter, t.createDate.desc().nullsFirst()),
  ],
);

/**
 * An approval delegation (issue #19): while `startDate` <= now < `endDate` and active, approval tasks for
 * `delegator` go to `delegate` (both sub-accounts of `elsAccount`). Cancelled ones stay for the record.
 */
export const auditDelegation = pgTable(
  'audit_delegation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    delegator: text('delegator').notNull(),
    delegate: text('delegate').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** active, cancelled. */
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    remark: text('remark'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('audit_delegation_delegator_idx').on(t.elsAccount, t.delegator, t.status),
    index('audit_delegation_delegate_idx').on(t.elsAccount, t.delegate, t.status),
  ],
);

/**
 * A carbon copy (issue #19): one receiver told that a document's approval ended; the "Copied to me" list
 * reads these.
 */
export const auditCc = pgTable(
  'audit_cc',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    flowId: uuid('flow_id').notNull(),
    documentKind: text('document_kind').notNull(),
    documentId: uuid('document_id').notNull(),
    documentNumber: text('document_number').notNull(),
    /** The receiver's sub-account. */
    receiver: text('receiver').notNull(),
    /** approved, rejected. */
    result: text('result', { enum: ['approved', 'rejected'] }).notNull(),
    promoter: text('promoter').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_cc_receiver_idx').on(t.elsAccount, t.receiver, t.createDate.desc().nullsFirst()),
    uniqueIndex('audit_cc_flow_receiver_uq').on(t.flowId, t.receiver),
  ],
);
