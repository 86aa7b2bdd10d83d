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
import {
  documentColumns,
  lineColumns,
  listIndexes,
  saleIndexTable,
} from '../../platform/document/columns.ts';

/**
 * Requests for quotation, kind `enquiry` (packages/contracts/src/enquiry.ts; spec 001 §3 Inquiry). The
 * header is the buyer's (`elsAccount`; `toElsAccount` repeats the buyer — an RFQ has many suppliers, the
 * invitations name them). Numbered per buyer (RFQ2026110001).
 */
export const enquiry = pgTable(
  'enquiry',
  {
    ...documentColumns(),
    enquiryNumber: text('enquiry_number').notNull(),
    enquiryDesc: text('enquiry_desc').notNull(),
    /** ENQUIRY_STATUS: 0 unpublished, 1 quoting, 2 quoted (deadline passed), 3 awarded, 4 closed. */
    enquiryStatus: text('enquiry_status').notNull().default('0'),
    auditStatus: text('audit_status').notNull().default('0'),
    /** The award's own approval (task type "enquiry end"): APPROVAL_STATUS codes, 0 until asked. */
    awardAuditStatus: text('award_audit_status').notNull().default('0'),
    /** ENQUIRY_QUOTE_END_AUDIT_STATUS: ending quoting early under approval (issue #33). */
    quoteEndAuditStatus: text('quote_end_audit_status').notNull().default('0'),
    buyerName: text('buyer_name').notNull(),
    enquiryDate: date('enquiry_date').notNull(),
    /** ENQUIRY_METHOD: 1 by invitation, 2 public (every supplier company may take part; issue #13). */
    enquiryMethod: text('enquiry_method').notNull().default('1'),
    /** A public RFQ's registration deadline: suppliers take part until then (null: the quote deadline). */
    joinEndTime: timestamp('join_end_time', { withTimezone: true }),
    enquiryType: text('enquiry_type').notNull().default('1'),
    /** 1 unit price, 2 ladder price. */
    quoteMethod: text('quote_method').notNull().default('1'),
    /** Quotes are sealed until this time (the buyer sees no price before it). */
    quoteEndTime: timestamp('quote_end_time', { withTimezone: true }).notNull(),
    showQuoteInfo: text('show_quote_info').notNull().default('0'),
    /** YES_NO: quoting ends (and quotes open) as soon as every invitee has quoted or declined. */
    openOnAllQuoted: text('open_on_all_quoted').notNull().default('0'),
    /** argon2id hash of the opening password (spec 001 §3 passWord); never answered. */
    passWordHash: text('pass_word_hash'),
    /** PASSWORD_SET: 1 when there is an opening password. */
    passWordSet: text('pass_word_set').notNull().default('0'),
    /** Who entered the opening password (not the RFQ's creator), and when. */
    openUser: text('open_user'),
    openTime: timestamp('open_time', { withTimezone: true }),
    /** The cost items a cost-breakdown quote prices (names; spec 001 §3 costConstituteJson). */
    costConstituteJson: jsonb('cost_constitute_json').$type<string[]>().notNull().default([]),
    /** The additional fees suppliers may charge per line (names; spec 001 §3 additionFeeJson). */
    additionFeeJson: jsonb('addition_fee_json').$type<string[]>().notNull().default([]),
    /** Round of quoting (1 until re-quote rounds arrive). */
    bout: integer('bout').notNull().default(1),
    currency: text('currency').notNull().default('CNY'),
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 6 }).notNull().default('1'),
    /**
     * The buyer's rate table of this RFQ (issue #13 currency conversion): the other currencies suppliers
     * may quote in, each with how many units of `currency` one unit of it is worth (format 10.6). Fixed
     * when the RFQ is saved, the same for every supplier; the comparison converts with it.
     */
    currencyRateJson: jsonb('currency_rate_json')
      .$type<Array<{ currency: string; exchangeRate: string }>>()
      .notNull()
      .default([]),
    payMethod: text('pay_method'),
    incoterms: text('incoterms'),
    taxCode: text('tax_code'),
    /** Default tax rate of quotes, percent. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('13'),
    /** Awarded prices are valid until this date (the price master's priceExpiryDate). */
    priceValidDate: date('price_valid_date').notNull(),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    remark: text('remark'),
    /**
     * Quote revision (issue #13): raised with every write of the RFQ's invitations or quotes that leaves the
     * header's version alone (quote, participate, decline, join — service.ts `touchQuotes`, same transaction).
     * With the version it keys the comparison summary's per-process cache: any change of either is a miss.
     */
    quoteRev: integer('quote_rev').notNull().default(0),
  },
  (t) => [
    ...listIndexes('enquiry', t, t.enquiryDate, t.enquiryNumber, t.enquiryStatus, t.elsAccount),
    // The suppliers' "Public RFQs" list (issue #13): quoting public RFQs, newest published first.
    index('enquiry_public_idx')
      .on(t.publishTime.desc(), t.id.desc())
      .where(sql`${t.enquiryMethod} = '2' and ${t.enquiryStatus} = '1'`),
  ],
);

/** One material of an RFQ: quantity in the material's unit and the requested date. */
export const enquiryItem = pgTable(
  'enquiry_item',
  {
    ...lineColumns(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => enquiry.id, { onDelete: 'cascade' }),
    materialId: uuid('material_id').notNull(),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    deliveryDate: date('delivery_date').notNull(),
    supplierCount: integer('supplier_count').notNull().default(0),
    /** The suppliers the buyer invites on this line (accounts); invitation rows are made on publish. */
    invitedSuppliers: jsonb('invited_suppliers').$type<string[]>().notNull().default([]),
    /** ENQUIRY_SOURCE_TYPE: 0 entered on the RFQ, 1 a demand-pool requisition line (number, line). */
    sourceType: text('source_type').notNull().default('0'),
    sourceNumber: text('source_number'),
    sourceItemNumber: text('source_item_number'),
  },
  (t) => [index('enquiry_item_document_idx').on(t.documentId, t.lineNumber)],
);

/**
 * One supplier invited on one line (line × supplier): its quote status (QUOTE_STATUS), decline reason,
 * and once awarded its quota share (percent).
 */
export const enquirySupplier = pgTable(
  'enquiry_supplier',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiry.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => enquiryItem.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierName: text('supplier_name').notNull(),
    quoteStatus: text('quote_status').notNull().default('0'),
    declineReason: text('decline_reason'),
    quota: numeric('quota', { precision: 5, scale: 2 }),
    /** The last round (the RFQ's bout) this supplier is invited to quote in on this line. */
    bout: integer('bout').notNull().default(1),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enquiry_supplier_line_uq').on(t.itemId, t.toElsAccount),
    index('enquiry_supplier_supplier_idx').on(t.toElsAccount, t.enquiryId),
    index('enquiry_supplier_enquiry_idx').on(t.enquiryId),
  ],
);

/**
 * A supplier's quote on one invitation: unit price excluding tax (per unit of the line), or a ladder
 * (JSON [{ quantity, price }], quantities rising), tax rate, round (bout). A re-quote adds a row and marks
 * the earlier one superseded (status 0); the current quote has status 1.
 */
export const enquiryQuote = pgTable(
  'enquiry_quote',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => enquirySupplier.id, { onDelete: 'cascade' }),
    enquiryId: uuid('enquiry_id').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    bout: integer('bout').notNull().default(1),
    priceExcludingTax: numeric('price_excluding_tax', { precision: 18, scale: 6 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** The quote's currency (the RFQ's, or one of its quote currencies); its prices, ladder, costs and fees are in it. */
    currency: text('currency').notNull().default('CNY'),
    /** The RFQ's rate for that currency when the quote was given (1 for the RFQ's own currency), 10.6. */
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 6 }).notNull().default('1'),
    ladderPriceJson: jsonb('ladder_price_json').$type<Array<{ quantity: string; price: string }>>(),
    /** Cost breakdown: [{ name, amount }] per unit excl. tax, summing to the price. */
    costConstituteJson: jsonb('cost_constitute_json').$type<Array<{ name: string; amount: string }>>(),
    /** Additional fees for the whole line: [{ name, amount }] excl. tax, 2 decimals. */
    additionFeeJson: jsonb('addition_fee_json').$type<Array<{ name: string; amount: string }>>(),
    remark: text('remark'),
    status: text('status').notNull().default('1'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enquiry_quote_invitation_idx').on(t.invitationId, t.status),
    // The comparison reads every current quote of one RFQ.
    index('enquiry_quote_enquiry_idx').on(t.enquiryId, t.status),
  ],
);

/**
 * The supplier's side of the enquiry list (issue #13; columns.ts saleIndexTable): one row per RFQ × invited
 * supplier, from enquiry_supplier (line × supplier), with the header's list date, create date, status and number; the
 * kernel keeps it in step (kind.ts `saleIndex`).
 */
export const enquirySaleIndex = saleIndexTable('enquiry_sale_index', () => enquiry.id);

/**
 * The buyer's library of cost-structure templates (issue #13 "cost breakdown from a cost-structure
 * template"): a named list of cost items (e.g. material, processing, packaging) that an RFQ's
 * `costConstituteJson` is filled from when the buyer picks it. Names are unique per buyer; the list pages
 * by name (keyset on els_account, template_name).
 */
export const enquiryCostTemplate = pgTable(
  'enquiry_cost_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    templateName: text('template_name').notNull(),
    /** The cost items, in order, each name once (1–20 names of ≤ 50 characters). */
    costItems: jsonb('cost_items').$type<string[]>().notNull(),
    remark: text('remark'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('enquiry_cost_template_name_uq').on(t.elsAccount, t.templateName)],
);
