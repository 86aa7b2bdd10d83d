import type { AccessSections, QualItem } from '@srm/contracts/admission';
import {
  date,
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
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';

// ——— Qualification (issue #16, helper `admission`): templates and the supplier admission form ———

/**
 * A buyer's qualification template (seed 001 §2 "Qualification template", §4 template status): the
 * questionnaire and the attachment types a supplier must give for the material categories it applies to.
 */
export const qualTemplate = pgTable(
  'qual_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    templateCode: text('template_code').notNull(),
    templateName: text('template_name').notNull(),
    /** TEMPLATE_STATUS: DRAFT, APPLY, REVOKE, RELEASE, FAIL. */
    templateStatus: text('template_status').notNull().default('DRAFT'),
    /** Material category codes of the buyer. */
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    items: jsonb('items').$type<QualItem[]>().notNull().default([]),
    attachmentTypes: jsonb('attachment_types').$type<string[]>().notNull().default([]),
    /** The buyer's sub-account reviewing admissions of this template. */
    principal: text('principal'),
    remark: text('remark'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('qual_template_code_uq').on(t.elsAccount, t.templateCode),
    index('qual_template_list_idx').on(t.elsAccount, t.createDate.desc(), t.id.desc()),
  ],
);

/**
 * The supplier admission form (kind supplierAccess, seed 001 §3): els_account the buyer, to_els_account the
 * supplier; its lines are the template's questionnaire items with the answers. Contacts, banks,
 * certifications and the typed attachments are JSON sections of the header.
 */
export const supplierAccess = pgTable(
  'supplier_access',
  {
    ...documentColumns(),
    applyNumber: text('apply_number').notNull(),
    /** APPLY_STATUS: 0 draft, 1 waiting for review, 2 admitted, 3 rejected. */
    applyStatus: text('apply_status').notNull().default('0'),
    /** The review's approval flow "qualification" (APPROVAL_STATUS). */
    auditStatus: text('audit_status').notNull().default('0'),
    applyDate: date('apply_date').notNull(),
    accessOrg: text('access_org').notNull(),
    supplierName: text('supplier_name').notNull(),
    accessCategory: text('access_category').notNull(),
    accessCategoryName: text('access_category_name'),
    templateId: uuid('template_id').notNull(),
    templateCode: text('template_code').notNull(),
    templateName: text('template_name').notNull(),
    /** Required attachment types copied from the template when the form was saved. */
    attachmentTypes: jsonb('attachment_types').$type<string[]>().notNull().default([]),
    supplierGroup: text('supplier_group'),
    principal: text('principal'),
    fullName: text('full_name').notNull(),
    socialCreditCode: text('social_credit_code'),
    legalRepresentative: text('legal_representative'),
    /** In 10,000 of the local currency. */
    registerCapital: numeric('register_capital', { precision: 14, scale: 2 }),
    registerDate: date('register_date'),
    nature: text('nature'),
    isListed: text('is_listed'),
    industry: text('industry'),
    countryCode: text('country_code'),
    address: text('address'),
    rejectReason: text('reject_reason'),
    contacts: jsonb('contacts').$type<AccessSections['contacts']>().notNull().default([]),
    banks: jsonb('banks').$type<AccessSections['banks']>().notNull().default([]),
    certifications: jsonb('certifications').$type<AccessSections['certifications']>().notNull().default([]),
    attachments: jsonb('attachments').$type<AccessSections['attachments']>().notNull().default([]),
  },
  (t) => [...listIndexes('supplier_access', t, t.applyDate, t.applyNumber, t.applyStatus, t.elsAccount)],
);

/** One questionnaire item of a form with its answer. */
export const supplierAccessItem = pgTable(
  'supplier_access_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => supplierAccess.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    answerType: text('answer_type').notNull(),
    /** Y required, N optional. */
    required: text('required').notNull().default('N'),
    answerOptions: text('answer_options'),
    answer: text('answer'),
  },
  (t) => [index('supplier_access_item_document_idx').on(t.documentId, t.lineNumber)],
);
