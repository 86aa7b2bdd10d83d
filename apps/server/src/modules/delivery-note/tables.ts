import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { index, numeric, uuid } from 'drizzle-orm/pg-core';
import { documentTables } from '../../platform/document/table-builder.ts';
import { purchaseOrder, purchaseOrderItem } from '../order/tables.ts';

/**
 * The tables of delivery notices, built from their definition (packages/contracts/src/delivery-note.ts,
 * `documentTables`: issue #34). What the definition does not say: the columns the server fills in are not
 * null, the lines' order references and the receipt bookkeeping a notice line carries for returns and
 * reconciliation statements.
 */
const tables = documentTables(deliveryNoteDefinition, {
  numberOwner: 'toElsAccount',
  header: {
    notNull: ['supplierName', 'buyerName'],
    // Sum of the lines' delivery quantities (mixed units: a count for the list, not a measure).
    defaults: { totalQuantity: '0' },
  },
  lines: {
    omit: ['remainQuantity'],
    notNull: ['orderNumber', 'itemNumber', 'materialNumber', 'materialDesc', 'unit', 'quantity'],
    // Received by the buyer so far; on returns that are sent or confirmed (not refused, not cancelled).
    defaults: { boxCount: 1, confirmQuantity: '0', returnQuantity: '0' },
    references: { orderItemId: () => purchaseOrderItem.id },
    extra: {
      orderId: uuid('order_id')
        .notNull()
        .references(() => purchaseOrder.id),
      /** Received quantity on live reconciliation statements (issue #15): never above confirmQuantity. */
      reconQuantity: numeric('recon_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    },
    indexes: (t) => [
      index('delivery_note_item_order_line_idx').on(t.orderItemId),
      index('delivery_note_item_order_idx').on(t.orderId),
    ],
  },
});

/**
 * Delivery notices (ASN), kind `deliveryNote` (seed 001 §3): one row per notice seen by both sides — the
 * buyer `elsAccount`, the supplier `toElsAccount`. Numbered per supplier company (DN2026110001; notices
 * moved from order shipments keep their SN… numbers). NOTE_STATUS: 0 not sent yet … 3 shipped, 4 partial
 * receipt, 5 fully received, 6 cancelled; NOTE_TYPE 1 sales-initiated, 2 purchase-initiated.
 */
export const deliveryNote = tables.header;

/** One order line on a notice: delivered and received quantities in the order line's unit. */
export const deliveryNoteItem = tables.lines;
