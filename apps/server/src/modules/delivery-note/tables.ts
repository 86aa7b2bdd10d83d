import { date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentColumns, lineColumns, listIndexes } from '../../platform/document/columns.ts';
import { purchaseOrder, purchaseOrderItem } from '../order/tables.ts';

/**
 * Delivery notices (ASN), kind `deliveryNote` (packages/contracts/src/delivery-note.ts; seed 001 §3):
 * one row per notice seen by both sides — the buyer `elsAccount`, the supplier `toElsAccount`.
 * Numbered per supplier company (DN2026110001; notices moved from order shipments keep their SN…
 * numbers). Quantities in the order line's unit.
 */
export const deliveryNote = pgTable(
  'delivery_note',
  {
    ...documentColumns(),
    deliveryNoteNumber: text('delivery_note_number').notNull(),
    /** 1 sales-initiated, 2 purchase-initiated (NOTE_TYPE). */
    noteType: text('note_type').notNull().default('1'),
    /** NOTE_STATUS: 0 not sent yet … 3 shipped, 4 partial receipt, 5 fully received, 6 cancelled. */
    noteStatus: text('note_status').notNull().default('0'),
    /** Whether the side that started the notice has sent it. */
    sendStatus: text('send_status').notNull().default('0'),
    supplierName: text('supplier_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    noteDate: date('note_date').notNull(),
    transportWay: text('transport_way'),
    logisticsCompany: text('logistics_company'),
    trackingNumber: text('tracking_number'),
    deliveryTimeSlot: text('delivery_time_slot'),
    expectedArrivalDate: date('expected_arrival_date'),
    receivedAddress: text('received_address'),
    receivedUser: text('received_user'),
    receivedPhone: text('received_phone'),
    remark: text('remark'),
    /** Sum of the lines' delivery quantities (mixed units: a count for the list, not a measure). */
    totalQuantity: numeric('total_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** When the goods were shipped. */
    sendTime: timestamp('send_time', { withTimezone: true }),
    /** Time of the last receipt (seed 001 §3 confirmDate). */
    confirmDate: timestamp('confirm_date', { withTimezone: true }),
  },
  (t) => listIndexes('delivery_note', t, t.noteDate, t.deliveryNoteNumber, t.noteStatus, t.toElsAccount),
);

/** One order line on a notice: delivered and received quantities in the order line's unit. */
export const deliveryNoteItem = pgTable(
  'delivery_note_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => deliveryNote.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrder.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => purchaseOrderItem.id),
    orderNumber: text('order_number').notNull(),
    /** The order line's itemNumber (deliveryItemNumber). */
    itemNumber: integer('item_number').notNull(),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    unit: text('unit').notNull(),
    /** The order line's quantity when the notice was made. */
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    deliveryDate: date('delivery_date'),
    /** Delivered (shipped) quantity (seed 001 §3 sendDeliveryNoteQuantity). */
    sendDeliveryNoteQuantity: numeric('send_delivery_note_quantity', { precision: 18, scale: 3 }).notNull(),
    batchNumber: text('batch_number'),
    boxCount: integer('box_count').notNull().default(1),
    /** Received by the buyer so far (seed 001 §3 confirmQuantity). */
    confirmQuantity: numeric('confirm_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** On returns that are sent or confirmed (not refused, not cancelled). */
    returnQuantity: numeric('return_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Received quantity on live reconciliation statements (issue #15): never above confirmQuantity. */
    reconQuantity: numeric('recon_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
  },
  (t) => [
    index('delivery_note_item_document_idx').on(t.documentId, t.lineNumber),
    index('delivery_note_item_order_line_idx').on(t.orderItemId),
    index('delivery_note_item_order_idx').on(t.orderId),
  ],
);
