import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';

/**
 * Improvement sheets and their item templates (issue #17, improvement part; packages/contracts/src/
 * improvement.ts). Templates are buyer-internal (to_els_account = the buying company itself).
 */

/** Improvement item templates, kind `improvementTemplate` (IT2026110001). */
export const improvementTemplate = pgTable(
  'improvement_template',
  {
    ...documentColumns(),
    templateNumber: text('template_number').notNull(),
    /** IMPROVEMENT_TEMPLATE_STATUS: DRAFT, RELEASE, REVOKE (disabled). */
    templateStatus: text('template_status').notNull().default('DRAFT'),
    templateName: text('template_name').notNull(),
    templateDate: date('template_date').notNull(),
    remark: text('remark'),
  },
  (t) =>
    listIndexes('improvement_template', t, t.templateDate, t.templateNumber, t.templateStatus, t.elsAccount),
);

/** The improvement items of a template: names unique within it, default due days 1 … 365. */
export const improvementTemplateItem = pgTable(
  'improvement_template_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => improvementTemplate.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    guidance: text('guidance'),
    dueDays: integer('due_days').notNull(),
  },
  (t) => [index('improvement_template_item_document_idx').on(t.documentId, t.lineNumber)],
);

/** Improvement sheets, kind `improvement` (IM2026110001), numbered by the buyer. */
export const improvement = pgTable(
  'improvement',
  {
    ...documentColumns(),
    improvementNumber: text('improvement_number').notNull(),
    /** IMPROVEMENT_STATUS: 0 draft, 1 sent, 2 answered, 3 reopened, 4 closed, 5 cancelled. */
    improvementStatus: text('improvement_status').notNull().default('0'),
    improvementDate: date('improvement_date').notNull(),
    supplierName: text('supplier_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    subject: text('subject').notNull(),
    problemDesc: text('problem_desc'),
    /** IMPROVEMENT_SOURCE_TYPE: manual, refund, appraisal. */
    sourceType: text('source_type').notNull().default('manual'),
    sourceNumber: text('source_number'),
    templateId: uuid('template_id'),
    templateName: text('template_name'),
    reopenCount: integer('reopen_count').notNull().default(0),
    reopenReason: text('reopen_reason'),
    closeDate: date('close_date'),
    remark: text('remark'),
  },
  (t) =>
    listIndexes('improvement', t, t.improvementDate, t.improvementNumber, t.improvementStatus, t.elsAccount),
);

/** The items of a sheet: the buyer's request, the supplier's answer, the buyer's verification. */
export const improvementItem = pgTable(
  'improvement_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => improvement.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    guidance: text('guidance'),
    /** The buyer's required date (issue date + the template item's default due days, or typed). */
    requiredDate: date('required_date'),
    /** IMPROVEMENT_ITEM_STATUS: 0 open, 1 answered, 2 verified, 3 rework. */
    itemStatus: text('item_status').notNull().default('0'),
    rootCause: text('root_cause'),
    correctiveAction: text('corrective_action'),
    /** The supplier's promised date. */
    dueDate: date('due_date'),
    answerDate: date('answer_date'),
    verifyDate: date('verify_date'),
  },
  (t) => [
    index('improvement_item_document_idx').on(t.documentId, t.lineNumber),
    // The overdue scan reads items not verified by due date.
    index('improvement_item_open_due_idx').on(t.itemStatus, t.dueDate).where(sql`item_status <> '2'`),
  ],
);

/**
 * Overdue reminders sent (issue #17): one per item and due date — the unique key is the guard, so a second
 * scan (or process) sends nothing, and a new due date (answered again) reminds again when it passes.
 */
export const improvementReminderSent = pgTable(
  'improvement_reminder_sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => improvementItem.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('improvement_reminder_sent_uq').on(t.itemId, t.dueDate)],
);
