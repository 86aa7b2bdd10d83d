import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One stored label: both languages filled (an empty one took the other's text at save). */
export type StoredCustomFieldLabel = { fieldKey: `fbk${number}`; zh_cn: string; en: string };

/**
 * Labels of the custom fields fbk1…fbk50 of one document kind of a company (issue #5, seed 001 §3), the
 * whole set in one row, in fbk order: the admin saves a set at once, with one version to lock it by (as
 * audit_config does). A kind without a row has no labels (fields show as fbkN).
 */
export const customFieldConfig = pgTable(
  'custom_field_config',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    /** purchaseOrder (header), purchaseOrderItem (line); later documents add theirs. */
    documentKind: text('document_kind').notNull(),
    labels: jsonb('labels').$type<StoredCustomFieldLabel[]>().notNull(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('custom_field_config_kind_uq').on(t.elsAccount, t.documentKind)],
);
