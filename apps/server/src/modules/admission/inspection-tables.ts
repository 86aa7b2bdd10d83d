import { date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';

/**
 * Factory inspections and samples of supplier admission (issue #16; packages/contracts/src/inspection.ts).
 * Scores: numeric(6,2), 0 … the item's max score; quantities numeric(18,3) in the material's unit.
 * Templates are buyer-internal (to_els_account = the buying company itself).
 */

/** Factory inspection templates, kind `facInsTemplate` (FT2026110001). */
export const facInsTemplate = pgTable(
  'fac_ins_template',
  {
    ...documentColumns(),
    templateNumber: text('template_number').notNull(),
    /** TEMPLATE_STATUS: DRAFT, RELEASE, REVOKE. */
    templateStatus: text('template_status').notNull().default('DRAFT'),
    templateName: text('template_name').notNull(),
    templateDate: date('template_date').notNull(),
    passScore: numeric('pass_score', { precision: 6, scale: 2 }).notNull(),
    maxTotal: numeric('max_total', { precision: 8, scale: 2 }).notNull().default('0'),
    remark: text('remark'),
  },
  (t) => listIndexes('fac_ins_template', t, t.templateDate, t.templateNumber, t.templateStatus, t.elsAccount),
);

/** Review items of a factory inspection template (`facInsRevItem`): names unique within the template. */
export const facInsRevItem = pgTable(
  'fac_ins_rev_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => facInsTemplate.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    maxScore: numeric('max_score', { precision: 6, scale: 2 }).notNull(),
    /** The item's weight in the total (score × weight; issue #16), > 0, default 1. */
    weight: numeric('weight', { precision: 5, scale: 2 }).notNull().default('1.00'),
    guidance: text('guidance'),
  },
  (t) => [index('fac_ins_rev_item_document_idx').on(t.documentId, t.lineNumber)],
);

/** Factory inspections, kind `facIns` (FI2026110001), numbered by the buyer. */
export const facIns = pgTable(
  'fac_ins',
  {
    ...documentColumns(),
    facInsNumber: text('fac_ins_number').notNull(),
    /** FAC_INS_STATUS: 0 draft, 1 inspecting, 2 passed, 3 failed. */
    facInsStatus: text('fac_ins_status').notNull().default('0'),
    /** APPROVAL_STATUS of the result's approval (task type "inspection"). */
    auditStatus: text('audit_status').notNull().default('0'),
    supplierName: text('supplier_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    inspectionDate: date('inspection_date').notNull(),
    /** Buyer sub-accounts, comma-separated. */
    inspectors: text('inspectors').notNull(),
    passScore: numeric('pass_score', { precision: 6, scale: 2 }).notNull(),
    /** Set when the result is approved: the exact sum of the item scores. */
    totalScore: numeric('total_score', { precision: 8, scale: 2 }),
    /** PASS_FAIL, set when the result is approved. */
    result: text('result'),
    remark: text('remark'),
  },
  (t) => listIndexes('fac_ins', t, t.inspectionDate, t.facInsNumber, t.facInsStatus, t.elsAccount),
);

/** The review items of one inspection (copied from its template) with their scores. */
export const facInsItem = pgTable(
  'fac_ins_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => facIns.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    maxScore: numeric('max_score', { precision: 6, scale: 2 }).notNull(),
    /** The item's weight in the total (score × weight; issue #16), > 0, default 1. */
    weight: numeric('weight', { precision: 5, scale: 2 }).notNull().default('1.00'),
    guidance: text('guidance'),
    score: numeric('score', { precision: 6, scale: 2 }),
    scoreRemark: text('score_remark'),
  },
  (t) => [index('fac_ins_item_document_idx').on(t.documentId, t.lineNumber)],
);

/** Sample templates, kind `sampleTemplateNumber` (ST2026110001). */
export const sampleTemplate = pgTable(
  'sample_template',
  {
    ...documentColumns(),
    sampleTemplateNumber: text('sample_template_number').notNull(),
    templateStatus: text('template_status').notNull().default('DRAFT'),
    templateName: text('template_name').notNull(),
    templateDate: date('template_date').notNull(),
    remark: text('remark'),
  },
  (t) =>
    listIndexes('sample_template', t, t.templateDate, t.sampleTemplateNumber, t.templateStatus, t.elsAccount),
);

/** Test items of a sample template: names unique within the template. */
export const sampleTemplateItem = pgTable(
  'sample_template_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => sampleTemplate.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    standard: text('standard'),
  },
  (t) => [index('sample_template_item_document_idx').on(t.documentId, t.lineNumber)],
);

/** Samples, kind `sampleNumber` (SP2026110001), numbered by the buyer. */
export const sample = pgTable(
  'sample',
  {
    ...documentColumns(),
    sampleNumber: text('sample_number').notNull(),
    /** SAMPLE_STATUS: 0 draft, 1 requested, 2 sent, 3 passed, 4 failed. */
    sampleStatus: text('sample_status').notNull().default('0'),
    auditStatus: text('audit_status').notNull().default('0'),
    supplierName: text('supplier_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    materialNumber: text('material_number'),
    materialDesc: text('material_desc').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    requiredDate: date('required_date').notNull(),
    shipDate: date('ship_date'),
    shipQuantity: numeric('ship_quantity', { precision: 18, scale: 3 }),
    trackingNumber: text('tracking_number'),
    shipRemark: text('ship_remark'),
    /** PASS_FAIL, set when the conclusion is approved. */
    conclusion: text('conclusion'),
    conclusionRemark: text('conclusion_remark'),
    remark: text('remark'),
  },
  (t) => listIndexes('sample', t, t.requiredDate, t.sampleNumber, t.sampleStatus, t.elsAccount),
);

/** The test items of one sample (copied from its template) with the buyer's results. */
export const sampleItem = pgTable(
  'sample_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => sample.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    standard: text('standard'),
    testResult: text('test_result'),
    testValue: text('test_value'),
    testRemark: text('test_remark'),
  },
  (t) => [index('sample_item_document_idx').on(t.documentId, t.lineNumber)],
);
