import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  documentColumns,
  lineColumns,
  listIndexes,
  saleIndexTable,
} from '../../platform/document/columns.ts';

/**
 * E-auctions, kind `ebidding` (packages/contracts/src/ebidding.ts; spec 001 §3 Bidding / auction). The
 * header is the buyer's (`elsAccount`; `toElsAccount` repeats the buyer — the invitations name the
 * suppliers). Numbered per buyer (EB2026110001). Prices exclude tax, in the auction's currency: by total
 * price the header's prices are the lot's totals; per line the lines' are unit prices.
 */
export const ebidding = pgTable(
  'ebidding',
  {
    ...documentColumns(),
    ebiddingNumber: text('ebidding_number').notNull(),
    ebiddingName: text('ebidding_name').notNull(),
    /** EBIDDING_STATUS: 0 unpublished, 1 published, 2 bidding, 3 finished, 4 won, 5 bid failed, 6 closed. */
    ebiddingStatus: text('ebidding_status').notNull().default('0'),
    auditStatus: text('audit_status').notNull().default('0'),
    /** The award's own approval (task type "result e-bidding"): EBIDDING_RESULT_AUDIT_STATUS, 0 until asked. */
    resultAuditStatus: text('result_audit_status').notNull().default('0'),
    /** EBIDDING_END_AUDIT_STATUS: ending early under approval (task type "e-bidding end"). */
    endAuditStatus: text('end_audit_status').notNull().default('0'),
    /** PAUSE_STATUS: 1 while the buyer has paused the bidding (since pauseTime). */
    pauseStatus: text('pause_status').notNull().default('0'),
    /**
     * The bargain round after the bidding (issue #14 "bidding bargain"): EBIDDING_BARGAIN_STATUS 0 none,
     * 1 open until bargainEndTime, 2 ended; its approval (task type "bidding bargain") in
     * bargainAuditStatus (approval codes, 0 until asked).
     */
    bargainStatus: text('bargain_status').notNull().default('0'),
    bargainAuditStatus: text('bargain_audit_status').notNull().default('0'),
    bargainEndTime: timestamp('bargain_end_time', { withTimezone: true }),
    pauseTime: timestamp('pause_time', { withTimezone: true }),
    buyerName: text('buyer_name').notNull(),
    ebiddingDate: date('ebidding_date').notNull(),
    /** 1 English reverse, 2 Dutch, 3 Japanese. */
    ebiddingType: text('ebidding_type').notNull().default('1'),
    /** 1 total price (one offer for the lot), 2 per line (a unit price per line). */
    ebiddingMethod: text('ebidding_method').notNull().default('1'),
    projectType: text('project_type').notNull().default('1'),
    /** 1 manual start, 2 at startTime. */
    startMethod: text('start_method').notNull().default('2'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** The current end: moved by extensions; bids are taken only before it (the server's clock). */
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('13'),
    /** By total price: the lot's starting total; per line each line has its own. */
    startingPrice: numeric('starting_price', { precision: 20, scale: 6 }),
    lowestPrice: numeric('lowest_price', { precision: 20, scale: 6 }),
    priceReviseType: text('price_revise_type').notNull().default('1'),
    priceReviseExtent: numeric('price_revise_extent', { precision: 18, scale: 6 }).notNull(),
    quoteInterval: integer('quote_interval'),
    quoteNumber: integer('quote_number'),
    quotePostponeMinute: integer('quote_postpone_minute'),
    postponeMinute: integer('postpone_minute'),
    postponeRule: text('postpone_rule').notNull().default('1'),
    canPostponeBout: integer('can_postpone_bout'),
    postponeCount: integer('postpone_count').notNull().default(0),
    showSupplier: text('show_supplier').notNull().default('0'),
    remind: integer('remind'),
    bout: integer('bout').notNull().default(1),
    /** By total price: the best (lowest) accepted offer so far. */
    bestPrice: numeric('best_price', { precision: 20, scale: 6 }),
    organizationCode: text('organization_code'),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    publishUser: text('publish_user'),
    /** When the bidding actually ended (by the clock, or by the buyer's "end now"). */
    finishTime: timestamp('finish_time', { withTimezone: true }),
    /** The bid log's head: number and hash of the last accepted bid (the chain's next link). */
    lastBidSeq: integer('last_bid_seq').notNull().default(0),
    lastBidHash: text('last_bid_hash'),
    remark: text('remark'),
    /** The suppliers the buyer invites (accounts and names); invitation rows are made on publish. */
    invitedSuppliers: jsonb('invited_suppliers')
      .$type<Array<{ account: string; name: string }>>()
      .notNull()
      .default([]),
  },
  (t) => listIndexes('ebidding', t, t.ebiddingDate, t.ebiddingNumber, t.ebiddingStatus, t.elsAccount),
);

/** One material of an auction; per line it carries its starting unit price and the best offer so far. */
export const ebiddingItem = pgTable(
  'ebidding_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => ebidding.id, { onDelete: 'cascade' }),
    materialId: uuid('material_id').notNull(),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    deliveryDate: date('delivery_date').notNull(),
    startingPrice: numeric('starting_price', { precision: 18, scale: 6 }),
    bestPrice: numeric('best_price', { precision: 18, scale: 6 }),
    /** EBIDDING_SOURCE_TYPE: '1' a demand-pool requisition line (its number and line number below). */
    sourceType: text('source_type').notNull().default('0'),
    sourceNumber: text('source_number'),
    sourceItemNumber: text('source_item_number'),
  },
  (t) => [index('ebidding_item_document_idx').on(t.documentId, t.lineNumber)],
);

/**
 * One invited supplier of an auction (BIDDER_STATUS): its last offer on the lot (by total price), how many
 * offers it made, and once awarded whether it won.
 */
export const ebiddingSupplier = pgTable(
  'ebidding_supplier',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ebiddingId: uuid('ebidding_id')
      .notNull()
      .references(() => ebidding.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierName: text('supplier_name').notNull(),
    bidderStatus: text('bidder_status').notNull().default('0'),
    bidCount: integer('bid_count').notNull().default(0),
    /** BIDDER_BARGAIN_STATUS: 0 not asked, 1 asked for a final offer, 2 answered (once). */
    bargainStatus: text('bargain_status').notNull().default('0'),
    lastBidTime: timestamp('last_bid_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ebidding_supplier_uq').on(t.ebiddingId, t.toElsAccount),
    index('ebidding_supplier_supplier_idx').on(t.toElsAccount, t.ebiddingId),
  ],
);

/**
 * The bid log: every accepted offer, in order (`seq` 1, 2 … per auction), never updated or deleted. Each
 * row carries the hash of the one before it (`prevHash`; the first: the auction's id) and its own
 * (`hash` = SHA-256 over the previous hash and the row's fields), so an altered, removed or inserted row
 * breaks the chain that the verify call and the printed record check.
 */
export const ebiddingBid = pgTable(
  'ebidding_bid',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ebiddingId: uuid('ebidding_id')
      .notNull()
      .references(() => ebidding.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The line bid on (per line); null for the lot (by total price). */
    itemId: uuid('item_id'),
    toElsAccount: text('to_els_account').notNull(),
    bout: integer('bout').notNull().default(1),
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    /** The server's time of acceptance, ms since the epoch (exact, the hash covers it). */
    bidTime: bigint('bid_time', { mode: 'number' }).notNull(),
    createUser: text('create_user').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('ebidding_bid_seq_uq').on(t.ebiddingId, t.seq)],
);

/**
 * Each supplier's current offer on each lot or line (`lotKey`: 'lot' by total price, else the line's id):
 * its lowest accepted price (offers only fall) and that bid's log number. Kept in the offer's transaction,
 * so the ranking (price, then the earlier seq) is one indexed read, not a scan of the log.
 */
export const ebiddingOffer = pgTable(
  'ebidding_offer',
  {
    ebiddingId: uuid('ebidding_id')
      .notNull()
      .references(() => ebidding.id, { onDelete: 'cascade' }),
    lotKey: text('lot_key').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    price: numeric('price', { precision: 20, scale: 6 }).notNull(),
    seq: integer('seq').notNull(),
    /** The round of the offer (a Japanese auction's accepted round; 1 otherwise). */
    bout: integer('bout').notNull().default(1),
    bidTime: bigint('bid_time', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ebiddingId, t.lotKey, t.toElsAccount] }),
    index('ebidding_offer_rank_idx').on(t.ebiddingId, t.lotKey, t.price, t.seq),
  ],
);

/**
 * The supplier's side of the ebidding list (issue #13; columns.ts saleIndexTable): one row per auction × invited
 * supplier, from ebidding_supplier, with the header's list date, create date, status and number; the
 * kernel keeps it in step (kind.ts `saleIndex`).
 */
export const ebiddingSaleIndex = saleIndexTable('ebidding_sale_index', () => ebidding.id);
