import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Supplier status change requests, kind `supplierStatusChange` (issue #16, seed 001 §4 conversions):
 * the buyer (`els_account`) asks to move its supplier (`to_els_account`) from `from_status` to
 * `to_status` (or to freeze/unfreeze it) with a reason; approval (one flow per `request_type`) applies
 * it to supplier_master in the same transaction. A replacement registration has no supplier yet: its
 * `company` holds the company to register, and `to_els_account` is set when it is applied.
 */
export const supplierStatusChange = pgTable(
  'supplier_status_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account'),
    requestNumber: text('request_number').notNull(),
    requestType: text('request_type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The frozen flag asked for (freeze/unfreeze), else null. */
    toFrozen: text('to_frozen'),
    reason: text('reason').notNull(),
    /** draft | underApproval | approved | rejected */
    status: text('status').notNull().default('draft'),
    company: jsonb('company').$type<Record<string, string>>(),
    supplierName: text('supplier_name'),
    approvalRemark: text('approval_remark'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('supplier_status_change_number_uq').on(t.elsAccount, t.requestNumber),
    index('supplier_status_change_list_idx').on(t.elsAccount, t.createDate.desc(), t.id.desc()),
    index('supplier_status_change_supplier_idx').on(t.elsAccount, t.toElsAccount),
  ],
);

/**
 * Certification expiry reminders sent (issue #16): one row per buyer, supplier, certification type and
 * expiry date, so the daily job never reminds twice (the unique key is the guard across processes).
 */
export const certReminderSent = pgTable(
  'cert_reminder_sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    certType: text('cert_type').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('cert_reminder_sent_uq').on(t.elsAccount, t.toElsAccount, t.certType, t.expiryDate)],
);
