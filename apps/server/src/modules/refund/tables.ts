import { refundDefinition } from '@srm/contracts/refund';
import { index, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { documentTables } from '../../platform/document/table-builder.ts';
import { deliveryNote, deliveryNoteItem } from '../delivery-note/tables.ts';

/**
 * The tables of returns, built from their definition (packages/contracts/src/refund.ts, `documentTables`:
 * issue #34). What the definition does not say: the columns the server fills in are not null, the
 * references to the notice and its lines, money columns of 2 decimals (prices 6), the order line a
 * returned line belongs to and its reconciliation flag.
 */
const tables = documentTables(refundDefinition, {
  numberOwner: 'elsAccount',
  header: {
    notNull: ['deliveryNoteNumber', 'supplierName', 'buyerName'],
    defaults: { currency: 'CNY' },
    references: { deliveryNoteId: () => deliveryNote.id },
    extra: {
      /** Sum of the lines' amounts including tax, 2 decimals. */
      totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    },
  },
  lines: {
    notNull: ['orderNumber', 'itemNumber', 'materialNumber', 'materialDesc', 'unit'],
    // What the supplier accepted (the return quantity once confirmed).
    defaults: { refundQuantity: '0' },
    references: { deliveryNoteItemId: () => deliveryNoteItem.id },
    extra: {
      orderItemId: uuid('order_item_id').notNull(),
      priceIncludingTax: numeric('price_including_tax', { precision: 18, scale: 6 }).notNull(),
      totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull(),
      /** RECON_FLAG (issue #15): 0 not on a statement, 1 on a live statement, 2 on a posted one. */
      reconFlag: text('recon_flag').notNull().default('0'),
    },
    indexes: (t) => [index('refund_item_note_line_idx').on(t.deliveryNoteItemId)],
  },
});

/**
 * Returns, kind `refund` (seed 001 §3 return fields): the buyer (`elsAccount`) returns received goods of
 * one delivery notice to the supplier (`toElsAccount`). Numbered per buyer (RT2026110001). Money in the
 * order's currency, quantities in the line's unit. REFUND_STATUS: 0 not sent, 1 to be confirmed,
 * 2 confirmed, 3 refused, 4 cancelled; auditStatus the approval's (APPROVAL_STATUS).
 */
export const refund = tables.header;

/** One returned notice line: quantity in the line's unit, price and amount in the order's currency. */
export const refundItem = tables.lines;
