import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Who made and last changed a record, and its `version` for optimistic locking (a stale update answers
 * '409'): the columns every document header and master record carries (DESIGN §4). A function: drizzle
 * column builders must not be shared between tables.
 */
export function recordColumns() {
  return {
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  };
}

/**
 * The standard columns of every document header (DESIGN §4): id, the buyer `els_account`, the supplier
 * `to_els_account`, custom fields fbk1…fbkN (`custom_fields` JSONB, flat fbkN in the API),
 * `extend_fields`, who and when, and `version` (optimistic lock: a stale update answers '409').
 * A function: drizzle column builders must not be shared between tables.
 */
export function documentColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    flowId: uuid('flow_id'),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    extendFields: jsonb('extend_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...recordColumns(),
  };
}

/** The standard columns of a document line (the header's id is the kind's own `document_id` column). */
export function lineColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    /** 10, 20, 30 … in the order the lines were saved. */
    lineNumber: integer('line_number').notNull(),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
  };
}

type Indexable = {
  id: ExtraConfigColumn;
  elsAccount: ExtraConfigColumn;
  toElsAccount: ExtraConfigColumn;
  createDate: ExtraConfigColumn;
};

/**
 * The list indexes of a document table, each in its list's exact sort order (date field, create date,
 * id — all descending), so every page is an index range (issue #5's measured design): the buyer's list,
 * the supplier's list, each per main status, and the number (unique per numbering company, byte order
 * "C" so a prefix search is a range). The other side's number search reads its own number index (its
 * account, number, id: numbers repeat across the numbering companies it sees, the id orders them), so a
 * prefix is a range in number order there too (BENCHMARKS.md "Delivery-notice list at 1M").
 */
export function listIndexes(
  name: string,
  t: Indexable,
  date: ExtraConfigColumn,
  number: ExtraConfigColumn,
  status: ExtraConfigColumn,
  numberOwner: ExtraConfigColumn,
) {
  const sort = () => [date.desc().nullsFirst(), t.createDate.desc().nullsFirst(), t.id.desc().nullsFirst()];
  const numberKey: SQL = sql`${number} collate "C"`;
  const ownerIsBuyer = numberOwner.name === t.elsAccount.name;
  const otherSide = ownerIsBuyer ? t.toElsAccount : t.elsAccount;
  return [
    uniqueIndex(`${name}_number_uq`).on(numberOwner, numberKey),
    index(`${name}_${ownerIsBuyer ? 'supplier' : 'buyer'}_number_idx`).on(otherSide, numberKey, t.id),
    index(`${name}_buyer_list_idx`).on(t.elsAccount, ...sort()),
    index(`${name}_buyer_status_idx`).on(t.elsAccount, status, ...sort()),
    index(`${name}_supplier_list_idx`).on(t.toElsAccount, ...sort()),
    index(`${name}_supplier_status_idx`).on(t.toElsAccount, status, ...sort()),
  ];
}

/**
 * A kind's sale index (issue #13, BENCHMARKS.md "Sourcing: … RFQ list at 1M"): one row per document ×
 * counterparty account that may read it on the supplying side, for a kind whose documents are seen by
 * many suppliers (an RFQ's invitations, an auction's bidders) — `to_els_account` on the header cannot
 * say who. It copies what the supplier's list sorts and filters by: the list date (the definition's
 * date field, a date), the create date, the main status and the number, so each supplier's page, capped
 * count, status filter and number-prefix search is an index range in the list's exact order; the page's
 * rows are then read from the header by id. The kernel keeps it in step (kind.ts `saleIndex`): rows from
 * the kind's source table of accounts, status/date/number on every header transition. Deleting the
 * document deletes its rows (cascade).
 *
 * @param name the table's name (`{kind}_sale_index`)
 * @param documentId the header's id column (the foreign key's target)
 */
export function saleIndexTable(name: string, documentId: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      documentId: uuid('document_id').notNull().references(documentId, { onDelete: 'cascade' }),
      /** The supplier account that may read the document. */
      toElsAccount: text('to_els_account').notNull(),
      /** The buyer (the header's els_account). */
      elsAccount: text('els_account').notNull(),
      /** The header's list date (the definition's dateField). */
      listDate: date('list_date').notNull(),
      createDate: timestamp('create_date', { withTimezone: true }).notNull(),
      /** The header's main status. */
      status: text('status').notNull(),
      /** The header's number (prefix search, byte order "C"). */
      number: text('number').notNull(),
    },
    (t) => {
      const sort = () => [
        t.listDate.desc().nullsFirst(),
        t.createDate.desc().nullsFirst(),
        t.documentId.desc().nullsFirst(),
      ];
      return [
        primaryKey({ columns: [t.documentId, t.toElsAccount] }),
        index(`${name}_list_idx`).on(t.toElsAccount, ...sort()),
        index(`${name}_status_idx`).on(t.toElsAccount, t.status, ...sort()),
        index(`${name}_number_idx`).on(t.toElsAccount, sql`${t.number} collate "C"`, t.documentId),
      ];
    },
  );
}

/** The table saleIndexTable makes. */
export type SaleIndexTable = ReturnType<typeof saleIndexTable>;
