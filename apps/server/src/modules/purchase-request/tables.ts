import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';

/**
 * Purchase requisitions, kind `purchaseRequest` (packages/contracts/src/purchase-request.ts; seed 001 §3):
 * buyer-internal — `elsAccount` and `toElsAccount` are both the buying company. Numbered per company
 * (PR2026110001). Quantities in the line's unit, budget prices and amounts in CNY.
 */
export const purchaseRequest = pgTable(
  'purchase_request',
  {
    ...documentColumns(),
    purchaseRequestNumber: text('purchase_request_number').notNull(),
    /** REQUEST_STATUS: 0 not transferred, 1 partly transferred, 2 transferred, 3 cancelled, 4 scrapped. */
    requestStatus: text('request_status').notNull().default('0'),
    /** Approval: 0 not submitted, 1 under approval, 2 approved, 3 rejected, 4 withdrawn. */
    auditStatus: text('audit_status').notNull().default('0'),
    /** The order and purchase type codes 0–9 (seed 001 §3). */
    requestType: text('request_type').notNull(),
    requestDate: date('request_date').notNull(),
    applicant: text('applicant'),
    applyDept: text('apply_dept'),
    purchaseFactory: text('purchase_factory'),
    purchasePerson: text('purchase_person'),
    purchaseType: text('purchase_type').notNull().default('0'),
    costCenter: text('cost_center'),
    isPlaned: text('is_planed').notNull().default('N'),
    remark: text('remark'),
    /** Σ quantity × budget price of the lines, 2 decimals half-up. */
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) =>
    listIndexes('purchase_request', t, t.requestDate, t.purchaseRequestNumber, t.requestStatus, t.elsAccount),
);

/**
 * One requisition line: what is wanted, and what became of it — moved to RFQs, biddings and orders (never
 * more than `quantity` in total), claimed by a purchaser in the demand pool, or returned with a remark.
 */
export const purchaseRequestItem = pgTable(
  'purchase_request_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => purchaseRequest.id, { onDelete: 'cascade' }),
    /** The line number as the spec names it (equal to lineNumber: 10, 20 …). */
    requestItemNumber: integer('request_item_number').notNull(),
    /** REQUEST_ITEM_STATUS: 0 not released, 1 open (in the pool), 2 partly, 3 fully transferred, 4 returned, 5 cancelled. */
    itemStatus: text('item_status').notNull().default('0'),
    materialId: uuid('material_id'),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    /** The material's level-3 category code (or the deepest it has), for the pool's filter. */
    cateCode: text('cate_code'),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    budgetPrice: numeric('budget_price', { precision: 18, scale: 6 }),
    deliveryDate: date('delivery_date').notNull(),
    expectSupplierEls: text('expect_supplier_els'),
    expectSupplierName: text('expect_supplier_name'),
    sourceType: text('source_type').notNull().default('0'),
    sourceNumber: text('source_number'),
    sourceItemNumber: text('source_item_number'),
    toEnquiryQuantity: numeric('to_enquiry_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    toBiddingQuantity: numeric('to_bidding_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    toOrderQuantity: numeric('to_order_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** CLAIM_STATUS: 0 unclaimed, 1 claimed. */
    claimStatus: text('claim_status').notNull().default('0'),
    /** The claimant, `{elsAccount}_{elsSubAccount}`. */
    claimUser: text('claim_user'),
    claimDate: timestamp('claim_date', { withTimezone: true }),
    /** Why the line went back to the requester (seed 001 §3 backRemark). */
    backRemark: text('back_remark'),
  },
  (t) => [
    index('purchase_request_item_document_idx').on(t.documentId, t.lineNumber),
    // The demand pool: a company's open lines, most urgent first (keyset on delivery date, id).
    index('purchase_request_item_pool_idx')
      .on(t.elsAccount, t.deliveryDate, t.id)
      .where(sql`${t.itemStatus} in ('1', '2')`),
  ],
);
