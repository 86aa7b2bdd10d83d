import { sql } from 'drizzle-orm';
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

/**
 * Purchase order header (seed 001 §3). One row seen by both sides: the buyer (elsAccount) through
 * Purchase…Service calls, the supplier (toElsAccount) through Sale…Service calls once sent.
 * Money in `currency`; totals also in local currency (exchangeRate numeric(10,6)).
 */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierName: text('supplier_name').notNull(),
    orderNumber: text('order_number').notNull(),
    orderType: text('order_type').notNull(),
    purchaseType: text('purchase_type').notNull().default('0'),
    orderDate: date('order_date').notNull(),
    currency: text('currency').notNull().default('CNY'),
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 6 }).notNull().default('1'),
    localCurrency: text('local_currency').notNull().default('CNY'),
    payTermsCode: text('pay_terms_code'),
    payTermsText: text('pay_terms_text'),
    incotermsCode: text('incoterms_code'),
    incotermsDesc: text('incoterms_desc'),
    deliveryAddress: text('delivery_address'),
    urgencyFlag: text('urgency_flag', { enum: ['0', '1'] })
      .notNull()
      .default('0'),
    purchaseOrganization: text('purchase_organization'),
    purchaseGroup: text('purchase_group'),
    remark: text('remark'),
    /** 0 not submitted, 1 under approval, 2 approved, 3 rejected, 4 withdrawn (seed 001 §4). */
    auditStatus: text('audit_status').notNull().default('0'),
    /** 0 not sent, 1 sent. */
    sendStatus: text('send_status').notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    /** ERP push of the sent order (issue #18): 0 no ERP connected, P pushing, S pushed, E failed. */
    erpPushStatus: text('erp_push_status').notNull().default('0'),
    erpPushMessage: text('erp_push_message'),
    /** The ERP's own number for the order, from its answer. */
    erpPurchaseOrderNo: text('erp_purchase_order_no'),
    /** 0 unsent, 1 to be confirmed, 2 partial confirmation, 3 all confirmed, 4 refused, 5 closed. */
    orderStatus: text('order_status').notNull().default('0'),
    /** 0 none, 1 change not sent, 2 change sent, 3 change confirmed, 4 change returned. */
    changeStatus: text('change_status').notNull().default('0'),
    rejectReason: text('reject_reason'),
    /**
     * The RFQ (kind enquiry, enquiryType 3) of the order's price bidding (issue #13): set by startBidding,
     * kept after the award (where the supplier and prices came from), cleared when the bidding is cancelled.
     */
    enquiryId: uuid('enquiry_id'),
    enquiryNumber: text('enquiry_number'),
    /** 0 not shipped, 1 shipment in transit, 2 partial receipt, 3 all goods received (seed 001 §3, §4). */
    deliveryStatus: text('delivery_status').notNull().default('0'),
    totalAmountExcludingTax: numeric('total_amount_excluding_tax', { precision: 18, scale: 2 })
      .notNull()
      .default('0'),
    totalTaxAmount: numeric('total_tax_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    totalAmountLocal: numeric('total_amount_local', { precision: 18, scale: 2 }).notNull().default('0'),
    flowId: uuid('flow_id'),
    /** Custom fields fbk1…fbk50 (seed 001 §3), stored as { fbkN: text }; exposed flat on the document. */
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    extendFields: jsonb('extend_fields').$type<Record<string, unknown>>().notNull().default({}),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  // List indexes (issue #5, BENCHMARKS.md "Purchase order lists at scale"): each list reads its index in
  // order and stops after one page, with no sort; keyset cursors continue from the last row.
  (t) => {
    // Each list's sort, which its indexes end with: the buyer's by order date, then created, then id; the
    // supplier's (orders sent to it) by send time, then id.
    // Functions: drizzle's desc()/nullsFirst() configure the column they are called on, so each index
    // must call them itself (shared arrays lost the order after the first index).
    const byOrderDate = () => [
      t.orderDate.desc().nullsFirst(),
      t.createDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ];
    const bySendTime = () => [t.sendTime.desc().nullsFirst(), t.id.desc().nullsFirst()];
    return [
      // Unique per company, in byte order ("C"), so a number prefix search is an index range in number order.
      uniqueIndex('purchase_order_number_uq').on(t.elsAccount, sql`${t.orderNumber} collate "C"`),
      // The buyer's list.
      index('purchase_order_buyer_list_idx').on(t.elsAccount, ...byOrderDate()),
      // The buyer's list filtered by order status (with or without an order-date range).
      index('purchase_order_status_idx').on(t.elsAccount, t.orderStatus, ...byOrderDate()),
      // The buyer's list by delivery status (in transit, partly received …).
      index('purchase_order_delivery_idx').on(t.elsAccount, t.deliveryStatus, ...byOrderDate()),
      // The buyer's list of one supplier.
      index('purchase_order_buyer_supplier_idx').on(t.elsAccount, t.toElsAccount, ...byOrderDate()),
      // The supplier's list.
      index('purchase_order_supplier_list_idx').on(t.toElsAccount, t.sendStatus, ...bySendTime()),
      // The supplier's list by order status ("to be confirmed" first of all): page and count as ranges.
      index('purchase_order_supplier_status_idx').on(
        t.toElsAccount,
        t.sendStatus,
        t.orderStatus,
        ...bySendTime(),
      ),
      // The supplier's list by delivery status.
      index('purchase_order_supplier_delivery_idx').on(
        t.toElsAccount,
        t.sendStatus,
        t.deliveryStatus,
        ...bySendTime(),
      ),
    ];
  },
);

/** Order lines: quantity in the line's unit, prices in the order's currency, tax rate in percent. */
export const purchaseOrderItem = pgTable(
  'purchase_order_item',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    itemNumber: integer('item_number').notNull(),
    materialId: uuid('material_id'),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    priceExcludingTax: numeric('price_excluding_tax', { precision: 18, scale: 6 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    priceIncludingTax: numeric('price_including_tax', { precision: 18, scale: 6 }).notNull(),
    lineAmount: numeric('line_amount', { precision: 18, scale: 2 }).notNull(),
    deliveryDate: date('delivery_date').notNull(),
    replyDeliveryDate: date('reply_delivery_date'),
    minPackingQuantity: numeric('min_packing_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    overTolerance: numeric('over_tolerance', { precision: 5, scale: 2 }).notNull().default('0'),
    lackTolerance: numeric('lack_tolerance', { precision: 5, scale: 2 }).notNull().default('0'),
    /** 0 to be confirmed, 1 confirmed, 2 refused. */
    itemStatus: text('item_status').notNull().default('0'),
    supplierRemark: text('supplier_remark'),
    isClose: text('is_close', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    isDel: text('is_del', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    /** Sum of the line's quantities on shipments, in the line's unit. */
    shippedQuantity: numeric('shipped_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Sum of the line's quantities received by the buyer, in the line's unit. */
    receivedQuantity: numeric('received_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Sum of the line's quantities on confirmed returns (modules/refund), in the line's unit. */
    returnQuantity: numeric('return_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    /** Custom fields fbk1…fbk50 of the line, stored as { fbkN: text }; exposed flat on the line. */
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('purchase_order_item_number_uq').on(t.orderId, t.itemNumber),
    index('purchase_order_item_material_idx').on(t.elsAccount, t.materialNumber),
  ],
);

/** One order line's price in a supplier's quote: money as decimal strings in the order's currency. */
export type BidQuoteLine = {
  itemId: string;
  /** Price excluding tax, 6 decimals. */
  priceExcludingTax: string;
  /** Percent, 2 decimals. */
  taxRate: string;
  /** excl × (1 + rate/100), 6 decimals (lineMoney). */
  priceIncludingTax: string;
  /** quantity × price including tax, 2 decimals (lineMoney). */
  lineAmount: string;
};

/**
 * History (read-only since issue #13): the bids of the order price bidding before it became a one-round RFQ.
 * Migration 0060 moved every (order, round) into an RFQ (enquiry_id); nothing writes here any more.
 * Was: a supplier's bid in a price bidding on an unsent order (issue #5, seed 001 §4 "in bidding"): the buyer
 * (elsAccount) invites suppliers (toElsAccount) in rounds (1 for the order's first bidding, +1 each new
 * one); each invitee quotes every active line until quoteEndTime; the buyer awards one bid. Status
 * 0 invited, 1 quoted, 2 won, 3 not won, 4 cancelled (BID_STATUS).
 */
export const purchaseOrderBid = pgTable(
  'purchase_order_bid',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierName: text('supplier_name').notNull(),
    round: integer('round').notNull(),
    bidStatus: text('bid_status').notNull().default('0'),
    quoteEndTime: timestamp('quote_end_time', { withTimezone: true }).notNull(),
    inviteRemark: text('invite_remark'),
    /** The supplier's prices, one per active order line in line order; [] until quoted. */
    quotes: jsonb('quotes').$type<BidQuoteLine[]>().notNull().default([]),
    /** Sum of the quote's line amounts (incl. tax), in the order's currency; null until quoted. */
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }),
    quoteTime: timestamp('quote_time', { withTimezone: true }),
    quoteRemark: text('quote_remark'),
    /** The RFQ this round was moved into by migration 0060 (null: not moved, see the migration). */
    enquiryId: uuid('enquiry_id'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => {
    // The supplier's list sort (newest first); a function, as drizzle's desc() configures the column.
    const newestFirst = () => [t.createDate.desc().nullsFirst(), t.id.desc().nullsFirst()];
    return [
      index('purchase_order_bid_order_idx').on(t.orderId, t.round),
      uniqueIndex('purchase_order_bid_invitee_uq').on(t.orderId, t.round, t.toElsAccount),
      // The supplier's list of invitations.
      index('purchase_order_bid_supplier_list_idx').on(t.toElsAccount, ...newestFirst()),
    ];
  },
);
