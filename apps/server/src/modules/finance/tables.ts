import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';

/**
 * Financial coordination tables (issue #15; packages/contracts/src/finance.ts; seed 001 §3 additional
 * charge and reconciliation fields). Money in the document's currency, 2 decimals; quantities in the
 * line's unit, 3 decimals; prices including tax, 6 decimals; tax rates in percent.
 */

/** The columns of a fee sheet (deduction or additional charge): one function, two tables. */
function feeSheetTable(name: 'deduct_cost' | 'add_cost', numberOwner: 'buyer' | 'supplier') {
  return pgTable(
    name,
    {
      ...documentColumns(),
      costNumber: text('cost_number').notNull(),
      /** COST_STATUS: 0 draft, 1 to be confirmed, 2 confirmed, 3 returned, 4 cancelled. */
      costStatus: text('cost_status').notNull().default('0'),
      /** RECON_FLAG: 0 not on a statement, 1 on a live statement, 2 on a posted one. */
      reconFlag: text('recon_flag').notNull().default('0'),
      reconId: uuid('recon_id'),
      reconNumber: text('recon_number'),
      supplierName: text('supplier_name').notNull(),
      buyerName: text('buyer_name').notNull(),
      /** seed 001 §3: 1 additional, 2 deduction. */
      costType: text('cost_type').notNull(),
      costDate: date('cost_date').notNull(),
      costCause: text('cost_cause').notNull(),
      /** COST_WAY: 1 on the statement, 2 settled separately. */
      costWay: text('cost_way').notNull().default('1'),
      /** seed 001 §3: 1 ticket deduction, 2 account deduction (deductions only). */
      deductType: text('deduct_type'),
      refundNumber: text('refund_number'),
      currency: text('currency').notNull().default('CNY'),
      costAmount: numeric('cost_amount', { precision: 18, scale: 2 }).notNull().default('0'),
      netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull().default('0'),
      taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
      backReason: text('back_reason'),
      /** seed 001 §3: Y deleted, C cancelled. */
      deleteFlag: text('delete_flag'),
      costDesc: text('cost_desc'),
    },
    (t) => [
      ...listIndexes(
        name,
        t,
        t.costDate,
        t.costNumber,
        t.costStatus,
        numberOwner === 'buyer' ? t.elsAccount : t.toElsAccount,
      ),
      // What a statement pulls: confirmed, not yet on a statement, of one buyer and supplier.
      index(`${name}_reconcilable_idx`).on(
        t.elsAccount,
        t.toElsAccount,
        t.reconFlag,
        t.costStatus,
        t.costDate,
      ),
    ],
  );
}

function feeLineTable(name: 'deduct_cost_item' | 'add_cost_item', header: ReturnType<typeof feeSheetTable>) {
  return pgTable(
    name,
    {
      ...lineColumns(),
      documentId: uuid('document_id')
        .notNull()
        .references(() => header.id, { onDelete: 'cascade' }),
      /** CONDITION_TYPE: freight, tooling, packing, late delivery, quality claim, other. */
      conditionType: text('condition_type').notNull(),
      costDesc: text('cost_desc').notNull(),
      balanceQuantity: numeric('balance_quantity', { precision: 18, scale: 3 }),
      costAmount: numeric('cost_amount', { precision: 18, scale: 2 }).notNull(),
      taxRate: text('tax_rate').notNull(),
      /** '1' free (recorded, adds nothing), null chargeable. */
      freeItem: text('free_item'),
      netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull(),
      taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull(),
    },
    (t) => [index(`${name}_document_idx`).on(t.documentId, t.lineNumber)],
  );
}

/** Deductions, kind `deductCost`: raised and numbered by the buyer (DC2026110001). */
export const deductCost = feeSheetTable('deduct_cost', 'buyer');
export const deductCostItem = feeLineTable('deduct_cost_item', deductCost);
/** Additional charges, kind `addCost`: raised and numbered by the supplier (AC2026110001). */
export const addCost = feeSheetTable('add_cost', 'supplier');
export const addCostItem = feeLineTable('add_cost_item', addCost);

/** Reconciliation statements, kind `recon`: numbered by the buyer whichever side made it (RC2026110001). */
export const recon = pgTable(
  'recon',
  {
    ...documentColumns(),
    reconNumber: text('recon_number').notNull(),
    /** CHECK_STATUS: 0 draft, 1 to be confirmed, 2 confirmed, 3 returned, 4 posted, 5 cancelled. */
    checkStatus: text('check_status').notNull().default('0'),
    /** RECON_SOURCE: 1 made by the buyer, 2 by the supplier. */
    reconSource: text('recon_source').notNull(),
    /** RECON_INVOICE_STATUS: 0 not invoiced, 1 invoicing, 2 invoiced. */
    invoiceStatus: text('invoice_status').notNull().default('0'),
    buyerName: text('buyer_name').notNull(),
    supplierName: text('supplier_name').notNull(),
    reconDate: date('recon_date').notNull(),
    beginDate: date('begin_date').notNull(),
    endDate: date('end_date').notNull(),
    currency: text('currency').notNull(),
    collectionAmount: numeric('collection_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    refundAmount: numeric('refund_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    deductAmount: numeric('deduct_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    additionalAmount: numeric('additional_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    invoicedAmount: numeric('invoiced_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    backReason: text('back_reason'),
    voucherNumber: text('voucher_number'),
    erpVoucherNumber: text('erp_voucher_number'),
    postTime: timestamp('post_time', { withTimezone: true }),
    /** APPROVAL_STATUS of the posting when the company puts it under approval (task type "reconPost"). */
    postAuditStatus: text('post_audit_status').notNull().default('0'),
    /** ERP_PUSH_STATUS: 0 no ERP connected, P pushing, S pushed, E failed (erpPushMessage holds the error). */
    erpPushStatus: text('erp_push_status').notNull().default('0'),
    erpPushMessage: text('erp_push_message'),
    remark: text('remark'),
  },
  (t) => listIndexes('recon', t, t.reconDate, t.reconNumber, t.checkStatus, t.elsAccount),
);

/**
 * One statement line, pulled from its source (`itemType` 1 a delivery-notice line's received quantity,
 * 2 a confirmed return line, 3 a deduction sheet, 4 an additional charge sheet). Figures signed by the
 * item type (collections and additional charges +, refunds and deductions −).
 */
export const reconItem = pgTable(
  'recon_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => recon.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    sourceNumber: text('source_number').notNull(),
    sourceItemNumber: integer('source_item_number'),
    orderNumber: text('order_number'),
    orderItemId: uuid('order_item_id'),
    businessDate: date('business_date'),
    materialNumber: text('material_number'),
    materialDesc: text('material_desc'),
    unit: text('unit'),
    quantity: numeric('quantity', { precision: 18, scale: 3 }),
    price: numeric('price', { precision: 18, scale: 6 }),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    costNumber: text('cost_number'),
    isReturn: text('is_return'),
  },
  (t) => [
    index('recon_item_document_idx').on(t.documentId, t.lineNumber),
    index('recon_item_source_idx').on(t.sourceId),
  ],
);

/**
 * Invoices, kind `invoice` (packages/contracts/src/finance.ts invoiceDefinition): a supplier's tax invoice
 * registered against one confirmed statement, with the three-way match's result (server-computed).
 */
export const invoice = pgTable(
  'invoice',
  {
    ...documentColumns(),
    /** The portal's registration number (IV2026110001). */
    invoiceSequence: text('invoice_sequence').notNull(),
    /** INVOICE_STATUS: 0 draft, 1 to be confirmed, 2 confirmed, 3 rejected, 4 posted, 5 cancelled. */
    invoiceStatus: text('invoice_status').notNull().default('0'),
    /** MATCH_STATUS: 0 not matched, 1 matched, 2 mismatch. */
    matchStatus: text('match_status').notNull().default('0'),
    /** ERP_PUSH_STATUS: 0 no ERP connected, S pushed, E failed (erpPushMessage holds the error). */
    erpPushStatus: text('erp_push_status').notNull().default('0'),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceCode: text('invoice_code'),
    invoiceType: text('invoice_type').notNull().default('VAT'),
    invoiceDate: date('invoice_date').notNull(),
    reconId: uuid('recon_id')
      .notNull()
      .references(() => recon.id),
    reconNumber: text('recon_number').notNull(),
    buyerName: text('buyer_name').notNull(),
    supplierName: text('supplier_name').notNull(),
    currency: text('currency').notNull(),
    invoiceAmount: numeric('invoice_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    expectedAmount: numeric('expected_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    differenceAmount: numeric('difference_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** The tolerance the match used (the buyer's at the time), for the record. */
    toleranceAmount: numeric('tolerance_amount', { precision: 18, scale: 2 }),
    tolerancePercent: numeric('tolerance_percent', { precision: 5, scale: 2 }),
    backReason: text('back_reason'),
    voucherNumber: text('voucher_number'),
    erpVoucherNumber: text('erp_voucher_number'),
    erpPushMessage: text('erp_push_message'),
    postTime: timestamp('post_time', { withTimezone: true }),
    remark: text('remark'),
  },
  (t) => [
    ...listIndexes('invoice', t, t.invoiceDate, t.invoiceSequence, t.invoiceStatus, t.elsAccount),
    index('invoice_recon_idx').on(t.reconId),
    // A supplier registers one tax invoice (code + number) once while it is live.
    index('invoice_number_idx').on(t.toElsAccount, t.invoiceNumber),
  ],
);

/** One invoice line: a statement line, the amount invoiced for it, and its match. */
export const invoiceItem = pgTable(
  'invoice_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    reconItemId: uuid('recon_item_id').notNull(),
    reconItemNumber: integer('recon_item_number').notNull(),
    itemType: text('item_type').notNull(),
    sourceNumber: text('source_number'),
    orderNumber: text('order_number'),
    materialNumber: text('material_number'),
    materialDesc: text('material_desc'),
    quantity: numeric('quantity', { precision: 18, scale: 3 }),
    /** The order line's price including tax when matched (the first way of three). */
    price: numeric('price', { precision: 18, scale: 6 }),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** Signed as on the statement (refunds and deductions negative). */
    invoiceAmount: numeric('invoice_amount', { precision: 18, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 2 }).notNull(),
    expectedAmount: numeric('expected_amount', { precision: 18, scale: 2 }).notNull(),
    differenceAmount: numeric('difference_amount', { precision: 18, scale: 2 }).notNull(),
    /** MATCH_FLAG: 1 within the tolerance, 2 a difference. */
    matchFlag: text('match_flag').notNull(),
  },
  (t) => [index('invoice_item_document_idx').on(t.documentId, t.lineNumber)],
);

/** A buyer's three-way-match tolerance (issue #15; finance-money.ts withinTolerance): none set = exact. */
export const invoiceTolerance = pgTable('invoice_tolerance', {
  elsAccount: text('els_account').primaryKey(),
  toleranceAmount: numeric('tolerance_amount', { precision: 18, scale: 2 }),
  tolerancePercent: numeric('tolerance_percent', { precision: 5, scale: 2 }),
  updateUser: text('update_user').notNull(),
  lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
});
