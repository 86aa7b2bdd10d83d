import type { ApplyStatus, SupplierProfile, TouchedPart } from '@srm/contracts/supplier-change';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A supplier information change request (issue #16, kind `supplierChange`): one row, two sides — the buyer
 * `els_account` (whose supplier_master row it changes), the supplier `to_els_account` (who proposes it).
 * `snapshot` is the master record's profile when the request was made (or last edited), `proposed` the
 * supplier's profile; `touched` the parts that differ (set at submit). Approved requests are the master
 * record's change history.
 */
export const supplierChange = pgTable(
  'supplier_change',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierMasterId: uuid('supplier_master_id').notNull(),
    /** SC + yyyyMM + 4 digits, numbered by the buyer. */
    changeNumber: text('change_number').notNull(),
    applyStatus: text('apply_status').$type<ApplyStatus>().notNull().default('0'),
    snapshot: jsonb('snapshot').$type<SupplierProfile>().notNull(),
    proposed: jsonb('proposed').$type<SupplierProfile>().notNull(),
    touched: jsonb('touched').$type<TouchedPart[]>().notNull().default([]),
    remark: text('remark'),
    /** The buyer's reason for a rejection (required, seed 001 §5 "approval remarks not empty"). */
    rejectReason: text('reject_reason'),
    submitDate: timestamp('submit_date', { withTimezone: true }),
    /** When and by whom (`{account}_{sub}`) the request was approved or rejected. */
    auditDate: timestamp('audit_date', { withTimezone: true }),
    auditUser: text('audit_user'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('supplier_change_buyer_idx').on(t.elsAccount, t.createDate.desc().nullsFirst(), t.id),
    index('supplier_change_supplier_idx').on(t.toElsAccount, t.createDate.desc().nullsFirst(), t.id),
    index('supplier_change_master_idx').on(t.supplierMasterId, t.applyStatus),
  ],
);
export type SupplierChangeRow = typeof supplierChange.$inferSelect;
