import { date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';
import { deliveryNote, deliveryNoteItem } from '../delivery-note/tables.ts';

/**
 * Returns, kind `refund` (packages/contracts/src/refund.ts; seed 001 §3 return fields): the buyer
 * (`elsAccount`) returns received goods of one delivery notice to the supplier (`toElsAccount`).
 * Numbered per buyer (RT2026110001). Money in the order's currency, quantities in the line's unit.
 */
export const refund = pgTable(
  'refund',
  {
    ...documentColumns(),
    refundNumber: text('refund_number').notNull(),
    /** REFUND_STATUS: 0 not sent, 1 to be confirmed, 2 confirmed, 3 refused, 4 cancelled. */
    refundStatus: text('refund_status').notNull().default('0'),
    /** Approval: 0 not submitted, 1 under approval, 2 approved, 3 rejected, 4 withdrawn. */
    auditStatus: text('audit_status').notNull().default('0'),
    sendStatus: text('send_status').notNull().default('0'),
    deliveryNoteId: uuid('delivery_note_id')
      .notNull()
      .references(() => deliveryNote.id),
    deliveryNoteNumber: text('delivery_note_number').notNull(),
    supplierName: text('supplier_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    /** The return date (seed 001 §3 returnData). */
    returnData: date('return_data').notNull(),
    backReason: text('back_reason').notNull(),
    /** 1 additional, 2 deduction (seed 001 §3). */
    costType: text('cost_type').notNull().default('2'),
    /** 1 ticket deduction, 2 account deduction (seed 001 §3). */
    deductType: text('deduct_type').notNull().default('2'),
    currency: text('currency').notNull().default('CNY'),
    /** Sum of the lines' amounts including tax, 2 decimals. */
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    supplierRemark: text('supplier_remark'),
    remark: text('remark'),
  },
  (t) => listIndexes('refund', t, t.returnData, t.refundNumber, t.refundStatus, t.elsAccount),
);

/** One returned notice line: quantity in the line's unit, price and amount in the order's currency. */
export const refundItem = pgTable(
  'refund_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => refund.id, { onDelete: 'cascade' }),
    deliveryNoteItemId: uuid('delivery_note_item_id')
      .notNull()
      .references(() => deliveryNoteItem.id),
    orderItemId: uuid('order_item_id').notNull(),
    orderNumber: text('order_number').notNull(),
    itemNumber: integer('item_number').notNull(),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    unit: text('unit').notNull(),
    returnQuantity: numeric('return_quantity', { precision: 18, scale: 3 }).notNull(),
    /** What the supplier accepted (the return quantity once confirmed). */
    refundQuantity: numeric('refund_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    priceIncludingTax: numeric('price_including_tax', { precision: 18, scale: 6 }).notNull(),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull(),
    backReason: text('back_reason'),
    /** RECON_FLAG (issue #15): 0 not on a statement, 1 on a live statement, 2 on a posted one. */
    reconFlag: text('recon_flag').notNull().default('0'),
  },
  (t) => [
    index('refund_item_document_idx').on(t.documentId, t.lineNumber),
    index('refund_item_note_line_idx').on(t.deliveryNoteItemId),
  ],
);
