import { improvementDefinition, improvementTemplateDefinition } from '@srm/contracts/improvement';
import { sql } from 'drizzle-orm';
import { date, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { documentTables } from '../../platform/document/table-builder.ts';

/**
 * Improvement sheets and their item templates (issue #17, improvement part; packages/contracts/src/
 * improvement.ts), built from their definitions (`documentTables`, issue #34). Templates are buyer-internal
 * (to_els_account = the buying company itself).
 */

const templateTables = documentTables(improvementTemplateDefinition, { numberOwner: 'elsAccount' });

/** Improvement item templates, kind `improvementTemplate` (IT2026110001); IMPROVEMENT_TEMPLATE_STATUS. */
export const improvementTemplate = templateTables.header;

/** The improvement items of a template: names unique within it, default due days 1 … 365. */
export const improvementTemplateItem = templateTables.lines;

const sheetTables = documentTables(improvementDefinition, {
  numberOwner: 'elsAccount',
  header: {
    notNull: ['supplierName', 'buyerName'],
    defaults: { reopenCount: 0 },
  },
  lines: {
    // IMPROVEMENT_ITEM_STATUS: 0 open, 1 answered, 2 verified, 3 rework.
    defaults: { itemStatus: '0' },
    indexes: (t) => [
      // The overdue scan reads items not verified by due date.
      index('improvement_item_open_due_idx').on(t.itemStatus, t.dueDate).where(sql`item_status <> '2'`),
    ],
  },
});

/**
 * Improvement sheets, kind `improvement` (IM2026110001), numbered by the buyer. IMPROVEMENT_STATUS:
 * 0 draft, 1 sent, 2 answered, 3 reopened, 4 closed, 5 cancelled; sourceType manual, refund, appraisal.
 */
export const improvement = sheetTables.header;

/**
 * The items of a sheet: the buyer's request (its required date: issue date + the template item's default
 * due days, or typed), the supplier's answer (its promised `dueDate`), the buyer's verification.
 */
export const improvementItem = sheetTables.lines;

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
