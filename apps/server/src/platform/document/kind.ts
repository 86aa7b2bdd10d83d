import type { Locale } from '@srm/contracts/constants';
import type { DataItem } from '@srm/contracts/data-permission';
import {
  type ActionDef,
  allowedActions,
  BUYER_SHORT_NAME,
  blockingStatus,
  codeLabel,
  collectionsOf,
  customFieldKeys,
  type DocumentDefinition,
  type FieldDef,
  guardHolds,
  kindSides,
  type Side,
  statusFieldsOf,
  trailStatusField,
  transitionTable,
} from '@srm/contracts/document/define';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { orgUnitTypeOfItem } from '@srm/contracts/org-master';
import type { APPROVAL_KINDS } from '@srm/contracts/task-links';
import { and, asc, eq, inArray, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Content } from 'pdfmake/interfaces.js';
import type { Config } from '../../config.ts';
import { registerConditionOffer } from '../approval.ts';
import { findAuditTrail, recordAudit } from '../audit-trail.ts';
import type { Broker } from '../broker.ts';
import type { Queryable, Tx } from '../db.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { AuthContext } from '../http.ts';
import { fillText, type LocalizedText } from '../notification.ts';
import { nextDocumentNumber } from '../numbering.ts';
import { type ApproverNotice, port } from '../ports.ts';
import { userNames } from '../user-names.ts';
import { hasActionApproval, requestAction } from './action-approval.ts';
import {
  type ApprovalConditions,
  approvalValuesOf,
  conditionOfferOf,
  organisationColumns,
} from './approval-values.ts';
import type { SaleIndexTable } from './columns.ts';
import {
  type DataColumns,
  dataFilterName,
  dataPermissionFilters,
  dataPermissionFilterValues,
  dataPermissionWhere,
  outsideDataPermission,
} from './data-permission.ts';
import {
  createListQuery,
  type IndexedSide,
  type ListFilter,
  type ListSort,
  likePrefix,
  type RowField,
} from './list-query.ts';
import { assertOrgCodes, orgCodeValuesOf } from './org-codes.ts';

/**
 * The server half of the document kernel (DESIGN §11, issue #12): what every document kind does the same
 * way — find a document for a side (with a row lock), check its version ('409'), check the transition
 * table, run the kind's own effect, write the new state and one audit-trail row in the same
 * transaction, and tell the other side in each receiver's language through the outbox — plus save,
 * copy, delete, submit/withdraw for approval, detail and the list. A kind gives its definition
 * (packages/contracts), its tables and its own rules (`save`, `effects`); see modules/delivery-note.
 */

/** A document or line row as the kernel handles it: the kind's columns by their JS names. */
// biome-ignore lint/suspicious/noExplicitAny: rows of any kind's table; each kind casts to its own type.
export type DocRow = Record<string, any> & {
  id: string;
  elsAccount: string;
  toElsAccount: string;
  version: number;
  createUser: string;
  customFields: Record<string, string>;
};

/** The body of an action: version, remark, lines with quantities, extra input fields. */
export type ActionBody = {
  version: number;
  remark?: string;
  lines?: Array<{ lineId: string; quantity: string }>;
  [field: string]: unknown;
};

export type ActionContext = {
  tx: Tx;
  /** The environment name, for messages an effect sends itself (notify). */
  env: string;
  auth: AuthContext;
  side: Side;
  action: string;
  row: DocRow;
  lines: DocRow[];
  body: ActionBody;
};

/** What an effect changes beyond the action's `target`: header columns, and the message's content. */
export type EffectResult = { set?: Record<string, unknown>; content?: LocalizedText } | undefined;

export type SaveContext = {
  tx: Tx;
  auth: AuthContext;
  side: Side;
  body: Record<string, unknown> & { lines: Array<Record<string, unknown>> };
  /** The document being edited (locked), or null for a new one. */
  current: DocRow | null;
  currentLines: DocRow[];
};

/**
 * What a kind's save decides: the header's columns (a new document must name elsAccount and
 * toElsAccount) and its lines' columns in order. The kernel adds numbering, line numbers, custom
 * fields, who and when, the version, and the audit row.
 */
export type SaveResult = {
  header: Record<string, unknown>;
  lines: Array<Record<string, unknown>>;
  /**
   * A child collection's rows' columns in order, when the kind decides them (issue #34); a collection the
   * result does not name is saved from the body's rows (their input fields) as given.
   */
  collections?: Record<string, Array<Record<string, unknown>>>;
  /**
   * The number prefix of a new document when the kind decides it (a contract's type, issue #36); absent:
   * the definition's `prefix`. Letters only; the number is prefix + the company's period + a sequence.
   */
  numberPrefix?: string;
};

export type KindTables = {
  // biome-ignore lint/suspicious/noExplicitAny: any kind's header table with the standard columns.
  header: PgTable & Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: any kind's line table with the standard line columns.
  lines: PgTable & Record<string, any>;
  /** The line table's column holding the header's id. */
  documentId: AnyPgColumn;
  /**
   * One table per child collection of the definition (issue #34; `documentTables(…).collections`), each
   * with `documentId`, `lineNumber`, `elsAccount` and `toElsAccount` (lineColumns()). Required for every
   * collection the definition declares (checked when the kind is defined).
   */
  // biome-ignore lint/suspicious/noExplicitAny: any kind's child tables with the standard line columns.
  collections?: Readonly<Record<string, PgTable & Record<string, any>>>;
};

export type KindOptions = KindTables & {
  def: DocumentDefinition;
  /** Whose number sequence numbers the documents (default: the buyer's). */
  numberOwner?: Side;
  /**
   * The kind's own save: checks against sources and derived columns. Absent: the kind saves through its
   * own route (the purchase order: price master, change orders) and the registrar gives no save/copy.
   */
  save?: (ctx: SaveContext) => Promise<SaveResult>;
  /**
   * Columns the kind's save reads from the body that are not input fields of the definition (issue #16):
   * JSON sections of the header (an admission form's contacts, banks, certifications) and a line's key (the
   * questionnaire item's name its answer belongs to). The generated `copy` carries them into the new draft
   * with the definition's input fields; server-set columns (numbers, statuses, what the save derives) and
   * sections naming the source's own records (its typed attachments) are never listed. Each must be a
   * column of its table (checked when the kind is defined).
   */
  inputColumns?: { header?: readonly string[]; lines?: readonly string[] };
  /**
   * Which header columns hold the values of which data permission item (issue #19): e.g. the order's
   * `{ purchaseOrg: 'purchaseOrganization', purchaseGroup: 'purchaseGroup', supplier: 'toElsAccount' }`;
   * only items the kind really has. The kernel filters the buyer side's lists, details, exports and
   * actions by the caller's values (data-permission.ts). Each must be a header column (checked).
   */
  dataPermission?: Partial<Record<DataItem, string>>;
  /**
   * Items held by the kind's lines instead of its header (issue #19), e.g. the requisition line's
   * `{ category: 'cateCode' }`: a buyer restricted on the item sees a document when one of its lines holds
   * one of the values. Each must be a line column (checked); an item is mapped on the header or the lines.
   */
  lineDataPermission?: Partial<Record<DataItem, string>>;
  /**
   * Where the kind's approval conditions read a document's type, material categories and organisations
   * (issue #19; approval-values.ts): `{ documentType: 'orderType', category: { materialNumber:
   * 'materialNumber' } }`. Organisations default to the dataPermission columns of purchaseOrg and factory.
   * Every approval flow of the kind (submit and actions under approval) offers them without its own code.
   */
  approvalConditions?: ApprovalConditions;
  /** The line table's line-number column (default `lineNumber`; the order's is `itemNumber`). */
  lineNumber?: string;
  /**
   * A side's list sort when not the definition's date field (the supplier's orders: by send time), with
   * the tag its cursors carry. Each must match a list index exactly (columns.ts listIndexes).
   */
  sorts?: Partial<Record<Side, ListSort>>;
  /**
   * Calls the kind answers with its own route instead of the registrar's (`findDetail`, `print`, `save`,
   * `copy`, `delete`, or an action whose body is its own, e.g. the order's `confirm` with reply dates).
   * Its own routes still run actions through runAction, so the guards, versions and audit are the
   * kernel's; the generated suites test the registrar's routes.
   */
  ownRoutes?: readonly string[];
  /**
   * The buyer's names of the header custom fields (fbkN → label in both languages), for the Excel
   * export's columns; default none (a custom field with a value is then titled with its key).
   */
  customFieldLabels?: (
    db: Queryable,
    elsAccount: string,
  ) => Promise<ReadonlyArray<{ fieldKey: string; zh_cn: string; en: string }>>;
  /**
   * How the Excel import names a field that holds an id (a source line, a source document): by columns a
   * person can fill in (order number and line number …), resolved to the id for the importing side.
   * `resolve` answers the id, or null when the values name nothing the caller may use.
   */
  importRefs?: Readonly<
    Record<
      string,
      {
        columns: ReadonlyArray<{
          key: string;
          label: { zh_cn: string; en: string };
          type: 'text' | 'integer';
        }>;
        resolve: (
          db: Queryable,
          auth: AuthContext,
          side: Side,
          values: Record<string, string>,
          /** The document's header as read so far (its id fields already resolved). */
          header: Record<string, unknown>,
        ) => Promise<string | null>;
      }
    >
  >;
  /** The content of the message approvers get on submit (e.g. supplier · amount); default none. */
  approvalContent?: (row: DocRow) => string;
  /** The kind's own effects per action (hand-written, unit-tested). */
  effects?: Partial<Record<string, (ctx: ActionContext) => Promise<EffectResult>>>;
  /**
   * Runs after an action of the transition table has committed, with the updated header (a live view's
   * push of the new status, issue #14). Its failure is logged, never answered: the action stands.
   */
  afterAction?: (
    context: { db: Queryable; broker: Broker; env: string; config: Config },
    action: string,
    row: DocRow,
  ) => Promise<void>;
  /** Runs before a document is deleted (release what it reserved), in the delete's transaction. */
  release?: (tx: Tx, row: DocRow, lines: DocRow[], auth: AuthContext) => Promise<void>;
  /** Computed line fields (e.g. what is left on the order), added to the detail's lines. */
  decorateLines?: (db: Queryable, row: DocRow, lines: DocRow[]) => Promise<Array<Record<string, unknown>>>;
  /**
   * Which rows a supplier reads when not the rows naming it in `toElsAccount` (issue #13): an RFQ has many
   * suppliers, so its sale side reads the RFQs with an invitation of the account. Answers the account
   * condition only (the definition's `visible` is added as for every kind); `account` may be the list
   * statements' placeholder.
   */
  saleScope?: (account: Placeholder | string) => SQL;
  /**
   * The kind's sale index (issue #13; columns.ts saleIndexTable) for documents many suppliers read: the
   * supplier's list, capped count, status filter and number search read it (every page an index range in
   * the list's order) instead of scanning the header with `saleScope`. `source` names where the accounts
   * live (the invitation table: its document id column and its account column); without `saleScope` the
   * sale scope of a single document (detail, actions) is an EXISTS on it. The kernel keeps the index's
   * status, date and number in step on every transition; the kind calls `refreshSaleIndex(tx, id)` in the
   * transaction that adds or removes source rows (publish, invite, withdraw an invitation). It holds only
   * the documents the account may see now (`visible.sale`: an RFQ's draft has no rows).
   */
  saleIndex?: {
    table: SaleIndexTable;
    source: { table: PgTable; documentId: AnyPgColumn; account: AnyPgColumn };
  };
  /**
   * The lines a side may read of a document it can see (an RFQ's supplier: only the lines it is invited
   * to); default all. Applies to the detail, print and export of lines.
   */
  linesFor?: (
    db: Queryable,
    auth: AuthContext,
    side: Side,
    row: DocRow,
    lines: DocRow[],
  ) => Promise<DocRow[]>;
  /**
   * Sections the kind prints after the kernel's header and lines (pdfmake content, the reader's
   * language), e.g. an e-auction's ranking, bid log and its verification (issue #14); default none. The
   * kernel's print route and renderDocumentPdf (print.ts) keep the layout, fonts and PDF setup.
   */
  printSections?: (
    db: Queryable,
    auth: AuthContext,
    side: Side,
    row: DocRow,
    locale: Locale,
  ) => Promise<Content[]>;
  /**
   * Runs in the submit's transaction before the approval starts; throws to refuse the submit (the order's
   * supplier must still have the right to orders, issue #16).
   */
  beforeSubmit?: (tx: Tx, row: DocRow) => Promise<void>;
  /** The amount an approval step compares with its minimum (local currency); default 0. */
  approvalAmount?: (row: DocRow) => string;
  /**
   * Runs in the approval's transaction when a document is approved (at submit without applicable steps,
   * or at the last step) — a requisition releases its lines to the demand pool.
   */
  onApproved?: (tx: Tx, row: DocRow) => Promise<void>;
};

export type DocumentKind = ReturnType<typeof defineKind>;

/** Lines per INSERT statement of a save (× ~25 columns stays far below PostgreSQL's 65,535 parameters). */
const LINE_INSERT_CHUNK = 1000;

const STANDARD_FIELDS: readonly RowField[] = [
  ['id', 'id', 'as is'],
  ['elsAccount', 'els_account', 'as is'],
  ['toElsAccount', 'to_els_account', 'as is'],
  ['createUser', 'create_user', 'as is'],
  ['createDate', 'create_date', 'time'],
  ['lastUpdateDate', 'last_update_date', 'time'],
  ['version', 'version', 'as is'],
];

const formatOf = (field: FieldDef): RowField[2] =>
  field.type === 'decimal'
    ? 'text'
    : field.type === 'date'
      ? 'date'
      : field.type === 'datetime'
        ? 'time'
        : 'as is';

/** A value as the API answers it: dates 'YYYY-MM-DD', times ISO-8601 UTC, decimals as strings. */
function outValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

export const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/**
 * A buyer-side actor without a session, for work the server does on a user's behalf or its own (an
 * approval's end by the approver's key, a timer by 'system'): transitions record it as `{account}_{sub}`.
 */
export const serverActor = (elsAccount: string, elsSubAccount: string): AuthContext => ({
  elsAccount,
  elsSubAccount,
  station: 'purchase',
  subaccountId: '',
  sessionId: '',
  permission: '',
});

/** The custom fields of a body that the kind has (fbk1…fbkN), non-empty values only. */
export function customFieldsOf(
  def: DocumentDefinition,
  input: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of customFieldKeys(def)) {
    const value = input[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/** Stored custom fields back as flat fbkN properties, in fbk order. */
export function flatCustomFields(
  def: DocumentDefinition,
  stored: Record<string, unknown> | null | undefined,
) {
  const out: Record<string, string> = {};
  for (const key of customFieldKeys(def)) {
    const value = stored?.[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/**
 * The condition "the row's buyer is linked with the supplier `account` now" (account_relation; spec 000
 * §4, issue #16): a supplier's inbox holds the documents of every buyer it works with and of no other.
 */
export function linkedBuyerSql(buyerColumn: AnyPgColumn, account: Placeholder | string): SQL {
  return sql`${buyerColumn} in (${port('accounts').linkedBuyersSql(account)})`;
}

/** The buyer's short name (its name when it has none) of a list row aliased `row` (issue #16). */
const buyerShortNameSql = (row: string) =>
  `(select coalesce(nullif(c.company_short_name, ''), c.company_name) from company c where c.els_account = ${row}."els_account")`;

/** Builds the server side of a kind from its definition, tables and own rules. */
export function defineKind(options: KindOptions) {
  const { def, header, lines: lineTable, documentId } = options;
  const table = transitionTable(def);
  const statusNames = Object.keys(def.statuses);
  const mainStatus = statusNames[0];
  const col = (name: string): AnyPgColumn => {
    const column = header[name] as AnyPgColumn | undefined;
    if (!column) throw new Error(`${def.kind}: no column for ${name}`);
    return column;
  };
  for (const [where, names, t] of [
    ['header', options.inputColumns?.header ?? [], header],
    ['lines', options.inputColumns?.lines ?? [], lineTable],
  ] as const)
    for (const name of names)
      if (!(t as Record<string, unknown>)[name])
        throw new Error(`${def.kind}: inputColumns.${where} names ${name}, not a column`);
  // Every child collection has its table (issue #34): saves and details read and write it.
  const collectionTables = Object.fromEntries(
    collectionsOf(def).map(([name]) => {
      const t = options.collections?.[name];
      if (!t?.documentId || !t.lineNumber)
        throw new Error(`${def.kind}: collection ${name} has no table (KindTables.collections.${name})`);
      return [name, t];
    }),
  );
  const dataColumns: DataColumns = Object.fromEntries([
    ...Object.entries(options.dataPermission ?? {}).map(([item, name]) => [item, col(name as string)]),
    ...Object.entries(options.lineDataPermission ?? {}).map(([item, name]) => {
      const column = (lineTable as unknown as Record<string, AnyPgColumn | undefined>)[name as string];
      if (!column)
        throw new Error(`${def.kind}: lineDataPermission.${item} names ${name}, not a line column`);
      if (options.dataPermission?.[item as DataItem])
        throw new Error(`${def.kind}: ${item} is mapped on the header and the lines`);
      return [item, { lines: lineTable, documentId, headerId: header.id, column }];
    }),
  ]);
  // Organisation fields are pickers in every form (issue #19): a field the kind maps to an organisation item
  // must say which master it names (FieldDef.org), so the web's field renderer offers that master.
  for (const [where, mapping, fields] of [
    ['dataPermission', options.dataPermission, def.header],
    ['lineDataPermission', options.lineDataPermission, def.lines.fields],
  ] as const)
    for (const [item, name] of Object.entries(mapping ?? {})) {
      const type = orgUnitTypeOfItem(item as DataItem);
      const field = fields[name as string];
      if (type && field && field.org !== type)
        throw new Error(`${def.kind}: ${where}.${item} field ${name} must declare org: '${type}'`);
    }
  const dataFields = {
    header: options.dataPermission ?? {},
    lines: options.lineDataPermission ?? {},
  };
  // Approval conditions (issue #19): the organisation columns (declared or the data permission's) and
  // what the kind's flows offer; registered below for every flow of the kind.
  const organisations = organisationColumns(options.approvalConditions, options.dataPermission);
  for (const [, name] of organisations) col(name);
  const conditionOffer = conditionOfferOf(def, options.approvalConditions, organisations);
  const headerFields = { ...def.header, ...statusFieldsOf(def) };
  const storedHeaderFields = Object.entries(headerFields).filter(([name]) => header[name]);

  /** SQL of a guard (or any of several) over the status columns. */
  const guardSql = (guard: Parameters<typeof guardHolds>[0]): SQL => {
    const list = (Array.isArray(guard) ? guard : [guard]) as Array<Record<string, readonly string[]>>;
    const one = (g: Record<string, readonly string[]>) =>
      and(
        ...Object.entries(g).map(([f, codes]) =>
          codes.length === 1 ? eq(col(f), codes[0]) : inArray(col(f), [...codes]),
        ),
      ) as SQL;
    return list.length === 1 ? one(list[0]) : (sql`(${sql.join(list.map(one), sql` or `)})` as SQL);
  };

  const saleIndex = options.saleIndex;
  const saleScope =
    options.saleScope ??
    (saleIndex
      ? (account: Placeholder | string): SQL => {
          const { table: source, documentId: sourceDoc, account: sourceAccount } = saleIndex.source;
          return sql`exists (select 1 from ${source} where ${sourceDoc} = ${header.id} and ${sourceAccount} = ${account})`;
        }
      : undefined);

  /**
   * Which rows a side reads: its account column, and what the definition lets it see. A supplier reads
   * only documents of buyers it is linked with now (issue #16 "one inbox": a removed link hides them).
   */
  const scope = (side: Side, account: Placeholder | string): SQL => {
    // A side the kind does not have (a buyer-internal kind's supplier side) reads no rows.
    if (!kindSides(def).includes(side)) return sql`false`;
    const own =
      side === 'purchase'
        ? eq(header.elsAccount, account)
        : (and(
            saleScope ? saleScope(account) : eq(header.toElsAccount, account),
            linkedBuyerSql(header.elsAccount, account),
          ) as SQL);
    const visible = def.visible?.[side];
    return visible ? (and(own, guardSql(visible)) as SQL) : own;
  };

  const filters: ListFilter[] = [];
  // The buyer filter of every kind (filterSchema's `elsAccount`; issue #16), unless the kind has its own.
  if (!headerFields.elsAccount?.filter) filters.push(['elsAccount', (p) => sql`${header.elsAccount} = ${p}`]);
  for (const [name, field] of Object.entries(headerFields)) {
    if (!header[name] || !field.filter) continue;
    if (field.filter === 'eq')
      filters.push([name, (p, many) => (many ? sql`${col(name)} = any(${p})` : sql`${col(name)} = ${p}`)]);
    else if (field.filter === 'prefix') filters.push([name, (p) => sql`${col(name)} collate "C" like ${p}`]);
    else if (field.filter === 'range') {
      filters.push([`${name}From`, (p) => sql`${col(name)} >= ${p}`]);
      filters.push([`${name}To`, (p) => sql`${col(name)} <= ${p}`]);
    }
  }
  // The caller's data permission values, one filter per mapped item (never read from a body: listFilter).
  filters.push(...dataPermissionFilters(dataColumns));
  const dataFilterNames = new Set(Object.keys(dataColumns).map((item) => dataFilterName(item as DataItem)));
  const dateSort = {
    columns: [col(def.dateField), header.createDate, header.id],
    casts: ['date', 'timestamptz', 'uuid'],
  } as const;

  /** The supplier's list on the sale index: its account and filters on the index's columns. */
  const saleIndexed = (ix: SaleIndexTable): IndexedSide => {
    const own: ListFilter[] = [['elsAccount', (p) => sql`${ix.elsAccount} = ${p}`]];
    if (headerFields[mainStatus]?.filter === 'eq')
      own.push([mainStatus, (p, many) => (many ? sql`${ix.status} = any(${p})` : sql`${ix.status} = ${p}`)]);
    own.push([def.numberField, (p) => sql`${ix.number} collate "C" like ${p}`]);
    if (headerFields[def.dateField]?.filter === 'range') {
      own.push([`${def.dateField}From`, (p) => sql`${ix.listDate} >= ${p}`]);
      own.push([`${def.dateField}To`, (p) => sql`${ix.listDate} <= ${p}`]);
    }
    return {
      table: ix,
      documentId: ix.documentId,
      // The index holds only what the account may see now (visible.sale is applied when writing it);
      // the link to the buyer is checked when reading (a removed link hides the rows at once).
      scope: (account) => and(eq(ix.toElsAccount, account), linkedBuyerSql(ix.elsAccount, account)) as SQL,
      sorts: {
        list: { columns: [ix.listDate, ix.createDate, ix.documentId], casts: dateSort.casts },
        number: { columns: [ix.number, ix.documentId], casts: ['text', 'uuid'], collateC: true },
      },
      filters: own,
    };
  };
  if (saleIndex && options.sorts?.sale)
    throw new Error(`${def.kind}: a sale index lists by the date field; no own sale sort`);
  const list = createListQuery<Side>({
    name: def.kind,
    table: header,
    fields: [
      ...STANDARD_FIELDS,
      ...storedHeaderFields.map(
        ([name, field]) => [name, (col(name) as { name: string }).name, formatOf(field)] as RowField,
      ),
    ],
    customFieldsColumn: 'custom_fields',
    computed: [[BUYER_SHORT_NAME, buyerShortNameSql]],
    sorts: {
      purchase: options.sorts?.purchase ?? dateSort,
      sale: options.sorts?.sale ?? dateSort,
      number: {
        columns: [col(def.numberField), header.id],
        casts: ['text', 'uuid'],
        collateC: true,
        // Cursors keep the tag they had before the kernel (issue #5's order cursors stay valid).
        ...(options.sorts ? { tag: 'number' } : {}),
      },
    },
    filters,
    scope,
    numberFilter: def.numberField,
    ...(saleIndex ? { indexed: { sale: saleIndexed(saleIndex.table) } } : {}),
  });

  /** The header satisfies the definition's `visible.sale` (SQL over the header's columns). */
  const saleVisibleSql = (): SQL => (def.visible?.sale ? guardSql(def.visible.sale) : sql`true`);

  /**
   * Brings a document's sale-index rows in step with its source rows and its visibility: while the header
   * satisfies `visible.sale`, one row per account of the source rows (the accounts invited now) with the
   * header's list date, create date, main status and number; no rows otherwise (a draft). Run by the kind
   * in the transaction that changes the source rows (the header row locked), and by the kernel when a
   * transition changes the visibility. No-op for a kind without a sale index.
   */
  async function refreshSaleIndex(tx: Queryable, documentId: string): Promise<void> {
    if (!saleIndex) return;
    const { table: ix, source } = saleIndex;
    const invited = tx
      .select({ account: source.account })
      .from(source.table)
      .where(eq(source.documentId, documentId));
    await tx
      .delete(ix)
      .where(
        and(
          eq(ix.documentId, documentId),
          sql`(${notInArray(ix.toElsAccount, invited)} or not exists (select 1 from ${header} where ${header.id} = ${documentId} and ${saleVisibleSql()}))`,
        ),
      );
    await tx.execute(sql`insert into ${ix} (document_id, to_els_account, els_account, list_date, create_date, status, number)
      select distinct ${header.id}, ${source.account}, ${header.elsAccount}, ${col(def.dateField)}, ${header.createDate},
        ${col(mainStatus)}, ${col(def.numberField)}
      from ${source.table} inner join ${header} on ${header.id} = ${source.documentId}
      where ${source.documentId} = ${documentId} and ${saleVisibleSql()}
      on conflict (document_id, to_els_account) do update set list_date = excluded.list_date,
        create_date = excluded.create_date, status = excluded.status, number = excluded.number`);
  }

  /**
   * Keeps the sale index in step with a header write (same transaction): its rows made or removed when
   * the visibility changed, else the copy of a changed status, date or number.
   */
  async function syncSaleIndex(tx: Queryable, before: DocRow, after: DocRow): Promise<void> {
    if (!saleIndex) return;
    const seen = def.visible?.sale;
    const was = !seen || guardHolds(seen, before);
    const is = !seen || guardHolds(seen, after);
    if (was !== is) return refreshSaleIndex(tx, after.id);
    if (!is) return;
    const same = (name: string) => String(outValue(before[name])) === String(outValue(after[name]));
    if (same(mainStatus) && same(def.dateField) && same(def.numberField)) return;
    const ix = saleIndex.table;
    await tx
      .update(ix)
      .set({
        status: after[mainStatus],
        listDate: outValue(after[def.dateField]) as string,
        number: after[def.numberField],
      })
      .where(eq(ix.documentId, after.id));
  }

  /** A header row as the API answers it (the same fields the JSON list rows carry). */
  const toRecord = (row: DocRow) => ({
    id: row.id,
    elsAccount: row.elsAccount,
    toElsAccount: row.toElsAccount,
    createUser: row.createUser,
    createDate: outValue(row.createDate),
    lastUpdateDate: outValue(row.lastUpdateDate),
    version: row.version,
    ...Object.fromEntries(storedHeaderFields.map(([name]) => [name, outValue(row[name])])),
    // A list row's computed buyer name (the detail's rows have none).
    ...(BUYER_SHORT_NAME in row ? { [BUYER_SHORT_NAME]: row[BUYER_SHORT_NAME] ?? null } : {}),
    ...flatCustomFields(def, row.customFields),
  });
  /** A child collection's row as the API answers it: id, lineNumber and its fields (issue #34). */
  const toCollectionRow = (line: DocRow) => {
    const { customFields, elsAccount: _e, toElsAccount: _t, documentId: _d, ...rest } = line;
    return {
      ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, outValue(v)])),
      ...flatCustomFields(def, customFields),
    };
  };
  const toLine = (line: DocRow) => {
    const { customFields, elsAccount: _e, toElsAccount: _t, ...rest } = line;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rest)) out[k] = outValue(v);
    return { ...out, ...flatCustomFields(def, customFields) };
  };

  const sideLabel = (side: Side, locale: Locale) =>
    side === 'purchase'
      ? { zh_cn: '采购方', en: 'buying side' }[locale]
      : { zh_cn: '供应方', en: 'supplying side' }[locale];

  /**
   * The caller's station must be the route's side: a call naming a document answers '404' (as for
   * another company's: nothing confirms the id exists), a create '403' naming the side.
   */
  function assertSide(auth: AuthContext, side: Side, action: string, id?: string) {
    if (auth.station === side) return;
    if (id)
      throw new AppError('404', 'documentNotFound', {}, null, (locale) => ({
        title: locale === 'en' ? def.title.en.toLowerCase() : def.title.zh_cn,
      }));
    throw new AppError('403', 'docWrongSide', {}, null, (locale) => ({
      side: sideLabel(side, locale),
      action: table[action]?.label[locale] ?? action,
    }));
  }

  /**
   * Which rows a user reads on a side: the side's scope and, on the buyer side, the user's data
   * permissions (issue #19). For a kind's own queries that look documents up for a caller (by number …).
   */
  const scopeFor = (auth: AuthContext, side: Side): SQL =>
    and(scope(side, auth.elsAccount), dataPermissionWhere(dataColumns, auth, side)) as SQL;

  /** The document for a side ('404' when it is another company's or not visible to the side). */
  async function find(
    db: Queryable,
    auth: AuthContext,
    side: Side,
    id: string,
    lock = false,
  ): Promise<DocRow> {
    const query = db
      .select()
      .from(header)
      .where(and(eq(header.id, id), scopeFor(auth, side)));
    const [row] = (lock ? await query.for('update') : await query) as DocRow[];
    if (!row)
      throw new AppError('404', 'documentNotFound', {}, null, (locale) => ({
        title: locale === 'en' ? def.title.en.toLowerCase() : def.title.zh_cn,
      }));
    return row;
  }

  const lineNumber = options.lineNumber ?? 'lineNumber';
  const findLines = async (db: Queryable, id: string): Promise<DocRow[]> =>
    (await db
      .select()
      .from(lineTable)
      .where(eq(documentId, id))
      .orderBy(asc(lineTable[lineNumber]))) as DocRow[];

  /**
   * The rows of the child collections `side` reads of one document (issue #34; all without a side), each
   * in line-number order, tenant-scoped by the document's buyer account. `{}` for a kind without any.
   */
  async function findCollections(
    db: Queryable,
    row: Pick<DocRow, 'id' | 'elsAccount'>,
    side?: Side,
  ): Promise<Record<string, DocRow[]>> {
    const names = collectionsOf(def, side).map(([name]) => name);
    const rows = await Promise.all(
      names.map(async (name) => {
        const t = collectionTables[name];
        return (await db
          .select()
          .from(t)
          .where(and(eq(t.documentId, row.id), eq(t.elsAccount, row.elsAccount)))
          .orderBy(asc(t.lineNumber))) as DocRow[];
      }),
    );
    return Object.fromEntries(names.map((name, i) => [name, rows[i]]));
  }

  /**
   * Replaces the rows of the collections `side` saves (issue #34) with the kind's decided rows or the
   * body's (each row's input fields; a datetime as a Date), numbered 10, 20 … like lines, in the save's
   * transaction. A collection the body does not carry (a server-side call without it) is left as it was;
   * through the save route the schema gives every collection (none = no rows).
   */
  async function saveCollections(
    tx: Tx,
    side: Side,
    row: DocRow,
    body: Record<string, unknown>,
    decided: SaveResult['collections'],
    editing: boolean,
  ) {
    for (const [name, collection] of collectionsOf(def, side)) {
      const given = body[name] as Array<Record<string, unknown>> | undefined;
      const rows =
        decided?.[name] ??
        given?.map((r) =>
          Object.fromEntries(
            Object.entries(collection.fields)
              .filter(([field, f]) => f.input && r[field] !== undefined)
              .map(([field, f]) => [
                field,
                f.type === 'datetime' && typeof r[field] === 'string' ? new Date(r[field]) : r[field],
              ]),
          ),
        );
      if (!rows) continue;
      const t = collectionTables[name];
      if (editing) await tx.delete(t).where(and(eq(t.documentId, row.id), eq(t.elsAccount, row.elsAccount)));
      if (rows.length === 0) continue;
      await tx.insert(t).values(
        rows.map((values, i) => ({
          // The row's custom fields fbkN from the body (as a line's), unless the kind decided them.
          customFields: customFieldsOf(def, given?.[i] ?? {}),
          ...values,
          documentId: row.id,
          elsAccount: row.elsAccount,
          toElsAccount: row.toElsAccount,
          lineNumber: lineNumberAt(i),
        })),
      );
    }
  }

  /**
   * '400' naming the status that stops `side` running `action` now (blockingStatus: an order that is
   * not approved cannot be sent, and the message names its approval status).
   */
  function assertAllowed(row: DocRow, side: Side, action: string) {
    const guard = table[action]?.sides[side];
    if (guard && guardHolds(guard, row)) return;
    const failing = blockingStatus(def, guard, row);
    throw new AppError('400', 'docStatusNotAllowed', {}, null, (locale) => ({
      title: def.title[locale],
      number: row[def.numberField],
      field: statusLabel(failing, locale),
      status: codeLabel(def.statuses[failing], row[failing], locale),
      action: table[action]?.label[locale] ?? action,
    }));
  }
  const statusLabel = (field: string, locale: Locale) =>
    (statusFieldsOf(def)[field]?.label ?? { zh_cn: field, en: field })[locale];

  /** Writes a new header state at the read version and one audit-trail row; '409' when stale. */
  async function transition(
    tx: Tx,
    auth: AuthContext,
    row: DocRow,
    set: Record<string, unknown>,
    action: string,
    remark?: string | null,
    /** The status the audit row records (the main status unless an approval step moved auditStatus). */
    statusField: string = mainStatus,
  ): Promise<DocRow> {
    const [updated] = (await tx
      .update(header)
      .set({
        ...set,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: sql`${header.version} + 1`,
      })
      .where(and(eq(header.id, row.id), eq(header.version, row.version)))
      .returning()) as DocRow[];
    if (!updated) throw conflict();
    await syncSaleIndex(tx, row, updated);
    await recordAudit(tx, {
      elsAccount: row.elsAccount,
      documentKind: def.kind,
      documentId: row.id,
      action,
      fromStatus: row[statusField] ?? null,
      toStatus: updated[statusField] ?? null,
      remark: remark ?? null,
      createUser: userKey(auth),
      documentNumber: (updated[def.numberField] as string | undefined) ?? null,
      parties: webhookParties(row, action),
    });
    return updated;
  }

  /** The creator of a document (createUser is `{elsAccount}_{elsSubAccount}`). */
  const creatorOf = (row: DocRow) => {
    const [elsAccount, ...rest] = row.createUser.split('_');
    return { elsAccount, elsSubAccount: rest.join('_') };
  };

  /**
   * Whose webhooks hear a change (issue #18): both companies for the kind's own actions (send, confirm,
   * refuse … — what the other side is told of anyway), the creating company alone for edits, submits,
   * withdrawals and approval steps of a document the other side may not see yet.
   */
  const webhookParties = (row: DocRow, action: string): string[] =>
    def.actions[action]
      ? [row.elsAccount as string, row.toElsAccount as string]
      : [creatorOf(row).elsAccount];

  /**
   * Tells the other side (or the creator) about an action, in each receiver's language, with a link to
   * the document. The counterpart hears only of a document it may see (before or after the action).
   */
  async function tell(
    tx: Tx,
    env: string,
    auth: AuthContext,
    side: Side,
    before: DocRow,
    after: DocRow,
    action: ActionDef,
    content?: LocalizedText,
  ) {
    if (!action.notify) return;
    const other: Side = side === 'purchase' ? 'sale' : 'purchase';
    const seen = def.visible?.[other];
    if (action.notify.to === 'counterpart' && seen && !guardHolds(seen, before) && !guardHolds(seen, after))
      return;
    const receivers =
      action.notify.to === 'creator'
        ? { users: [creatorOf(after)] }
        : { companies: [other === 'purchase' ? after.elsAccount : after.toElsAccount] };
    await port('messages').notify(tx, env, {
      receivers,
      msgTitle: fillText(action.notify.title, { number: after[def.numberField] }),
      msgContent: content,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: def.kind,
      businessId: after.id,
      linkUrl: `${def.detailPath}?id=${after.id}`,
    });
  }

  /**
   * Applies one action to a locked, current row in the caller's transaction: guard ('400' naming the
   * status) → the kind's effect → new state + audit row → message. The approval of an action under
   * approval runs it this way with the requester as `auth` (the guard is checked again: the document may
   * have changed while it waited).
   */
  async function applyAction(
    tx: Tx,
    env: string,
    auth: AuthContext,
    side: Side,
    action: string,
    row: DocRow,
    body: ActionBody,
  ): Promise<DocRow> {
    const def_ = table[action];
    assertAllowed(row, side, action);
    const lines = await findLines(tx, row.id);
    const effect = options.effects?.[action];
    const result = effect ? await effect({ tx, env, auth, side, action, row, lines, body }) : undefined;
    // The audit row records the status the action is about (trailStatusField: an order's change,
    // changeStatus 1 → 2), which the web labels with the same function.
    const updated = await transition(
      tx,
      auth,
      row,
      { ...def_.target, ...result?.set },
      action,
      body.remark,
      trailStatusField(def, action),
    );
    await tell(tx, env, auth, side, row, updated, def_, result?.content ?? body.remark);
    return updated;
  }

  /**
   * Runs one action of the transition table on one document: lock → version ('409') → guard ('400'
   * naming the status) → required fields → applyAction. One transaction. A buyer's action the
   * definition puts under an approval flow of its own (`approval`, not an own route) is asked through
   * platform/document/action-approval.ts instead: it runs at once when the company has no applicable
   * step, else it waits (the flow's status field becomes 1) and the answer is the waiting row.
   */
  async function runAction(
    db: Queryable,
    env: string,
    auth: AuthContext,
    side: Side,
    action: string,
    id: string,
    body: ActionBody,
  ): Promise<DocRow> {
    assertSide(auth, side, action, id);
    const def_ = table[action];
    return db.transaction(async (tx) => {
      const row = await find(tx, auth, side, id, true);
      if (row.version !== body.version) throw conflict();
      assertAllowed(row, side, action);
      for (const name of def_.requires ?? []) {
        const given = body[name] ?? row[name];
        if (given === undefined || given === null || given === '')
          throw new AppError('400', 'docFieldRequired', {}, null, (locale) => ({
            field: def.header[name]?.label[locale] ?? name,
          }));
      }
      const approval = def.actions[action]?.approval;
      // (Before the routes register the flow — the demo seed at start — no company can have steps yet.)
      if (
        approval &&
        side === 'purchase' &&
        !(options.ownRoutes ?? []).includes(action) &&
        hasActionApproval(approval.kind)
      ) {
        const asked = await requestAction<ActionBody, DocRow>(
          tx,
          env,
          auth,
          approval.kind as keyof typeof APPROVAL_KINDS,
          row,
          body,
          body.remark,
        );
        return asked.state === 'done' ? asked.result : asked.row;
      }
      return applyAction(tx, env, auth, side, action, row, body);
    });
  }

  /**
   * Runs an action on many documents, each in its own transaction: one failure does not stop the others.
   * Answers one result per document in the order given: code '200', or the error's code and message in
   * the caller's locale (no ids: an answer never echoes an id, so a stranger's probe learns nothing).
   */
  async function runBulk(
    db: Queryable,
    env: string,
    auth: AuthContext,
    side: Side,
    action: string,
    items: Array<{ id: string; version: number }>,
    remark: string | undefined,
    translate: (error: AppError) => string,
  ) {
    const results: Array<{ code: string; message: string }> = [];
    for (const item of items) {
      try {
        await runAction(db, env, auth, side, action, item.id, { version: item.version, remark });
        results.push({ code: '200', message: '' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ code: error.code, message: translate(error) });
      }
    }
    return results;
  }

  /**
   * Creates (no id) or edits (id + version) a document of the caller's side; '400' when not editable.
   * Given a transaction as `db`, it runs in a savepoint of that transaction: the Excel import saves every
   * document of a file in one transaction this way, all or nothing (import.ts, issue #12).
   */
  async function save(
    db: Queryable,
    auth: AuthContext,
    side: Side,
    body: SaveContext['body'],
  ): Promise<DocRow> {
    const id = body.id as string | undefined;
    assertSide(auth, side, 'edit', id);
    return db.transaction(async (tx) => {
      let current: DocRow | null = null;
      let currentLines: DocRow[] = [];
      if (id) {
        current = await find(tx, auth, side, id, true);
        if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
        if (current.version !== body.version) throw conflict();
        assertAllowed(current, side, 'edit');
        currentLines = await findLines(tx, id);
      }
      if (!options.save) throw new Error(`${def.kind}: saved by its own route`);
      const decided = await options.save({ tx, auth, side, body, current, currentLines });
      // A restricted buyer cannot save (or import) a document it could not see afterwards (issue #19).
      const outside = outsideDataPermission(
        dataColumns,
        dataFields,
        auth,
        side,
        decided.header,
        decided.lines,
      );
      if (outside) throw badRequest('rule.outsideDataPermission', outside);
      // Organisation codes must be enabled records of the company's masters, for the items it keeps.
      await assertOrgCodes(
        tx,
        String(decided.header.elsAccount ?? current?.elsAccount ?? auth.elsAccount),
        orgCodeValuesOf(dataFields, decided.header, decided.lines, current, currentLines),
      );
      const headerValues = { ...decided.header, customFields: customFieldsOf(def, body) };
      let row: DocRow;
      if (!current) {
        const owner =
          (options.numberOwner ?? 'purchase') === 'purchase'
            ? decided.header.elsAccount
            : decided.header.toElsAccount;
        [row] = (await tx
          .insert(header)
          .values({
            ...headerValues,
            [def.numberField]: await nextDocumentNumber(
              tx,
              owner as string,
              decided.numberPrefix ?? def.prefix,
            ),
            createUser: userKey(auth),
            lastUpdateUser: userKey(auth),
          })
          .returning()) as DocRow[];
        await recordAudit(tx, {
          elsAccount: row.elsAccount,
          documentKind: def.kind,
          documentId: row.id,
          action: 'create',
          fromStatus: null,
          toStatus: row[mainStatus] ?? null,
          createUser: userKey(auth),
          documentNumber: (row[def.numberField] as string | undefined) ?? null,
          parties: [creatorOf(row).elsAccount],
        });
      } else {
        row = await transition(tx, auth, current, headerValues, 'edit');
        await tx.delete(lineTable).where(eq(documentId, row.id));
      }
      const values = decided.lines.map((line, i) => ({
        ...line,
        [documentId.name === 'document_id' ? 'documentId' : documentId.name]: row.id,
        elsAccount: row.elsAccount,
        toElsAccount: row.toElsAccount,
        [lineNumber]: lineNumberAt(i),
        customFields: customFieldsOf(def, body.lines[i] ?? {}),
      }));
      // In chunks: one INSERT may carry at most 65,535 parameters (a statement of 10,000 lines has more).
      for (let start = 0; start < values.length; start += LINE_INSERT_CHUNK)
        await tx.insert(lineTable).values(values.slice(start, start + LINE_INSERT_CHUNK));
      await saveCollections(tx, side, row, body, decided.collections, current !== null);
      return row;
    });
  }

  /** Deletes a document the caller's side may still edit (its lines go with it); one audit row. */
  async function remove(db: Queryable, auth: AuthContext, side: Side, id: string, version: number) {
    assertSide(auth, side, 'delete', id);
    await db.transaction(async (tx) => {
      const row = await find(tx, auth, side, id, true);
      if (row.version !== version) throw conflict();
      assertAllowed(row, side, 'delete');
      await options.release?.(tx, row, await findLines(tx, id), auth);
      await tx.delete(header).where(eq(header.id, id));
      await recordAudit(tx, {
        elsAccount: row.elsAccount,
        documentKind: def.kind,
        documentId: id,
        action: 'delete',
        fromStatus: row[mainStatus] ?? null,
        toStatus: null,
        createUser: userKey(auth),
        documentNumber: (row[def.numberField] as string | undefined) ?? null,
        parties: [creatorOf(row).elsAccount],
      });
    });
  }

  /**
   * Submits a document for approval (CommonAuditService steps of the kind's approval kind, amount from
   * `approvalAmount`): approved at once (auditStatus 2) without an applicable step, else under approval
   * (1) and the first step's approvers are told in their language. One transaction, one audit row.
   */
  async function submit(
    db: Queryable,
    env: string,
    auth: AuthContext,
    side: Side,
    id: string,
    version: number,
  ) {
    assertSide(auth, side, 'submit', id);
    const approvalKind = def.approval?.kind ?? def.kind;
    return db.transaction(async (tx) => {
      const current = await find(tx, auth, side, id, true);
      if (current.version !== version) throw conflict();
      assertAllowed(current, side, 'submit');
      await options.beforeSubmit?.(tx, current);
      const flow = await port('approvals').startFlow(tx, {
        elsAccount: current.elsAccount,
        documentKind: approvalKind,
        documentId: current.id,
        documentNumber: current[def.numberField],
        amount: options.approvalAmount?.(current) ?? '0',
        promoter: userKey(auth),
        values: await approvalValues(tx, current),
      });
      const updated = await transition(
        tx,
        auth,
        current,
        { auditStatus: flow.state === 'approved' ? '2' : '1', flowId: flow.flowId },
        'submit',
        null,
        'auditStatus',
      );
      if (flow.state === 'approved') await options.onApproved?.(tx, updated);
      if (flow.state === 'pending')
        await port('approvals').notifyApprovers(
          tx,
          env,
          current.elsAccount,
          approvalKind,
          current.id,
          approverNotice(current),
        );
      return updated;
    });
  }

  /** Withdraws a document under approval (auditStatus 1 → 4); its pending tasks are cancelled. */
  async function withdraw(db: Queryable, auth: AuthContext, side: Side, id: string, version: number) {
    assertSide(auth, side, 'withdraw', id);
    return db.transaction(async (tx) => {
      const current = await find(tx, auth, side, id, true);
      if (current.version !== version) throw conflict();
      assertAllowed(current, side, 'withdraw');
      await port('approvals').cancelFlow(tx, current.elsAccount, def.approval?.kind ?? def.kind, current.id);
      return transition(tx, auth, current, { auditStatus: '4' }, 'withdraw', null, 'auditStatus');
    });
  }

  const approvalKinds = [
    ...(def.approval ? [def.approval.kind] : []),
    ...Object.values(def.actions).flatMap((a) => (a.approval ? [a.approval.kind] : [])),
  ];
  for (const approvalKind of approvalKinds) registerConditionOffer(approvalKind, conditionOffer);

  /**
   * A document's values for its approval's conditions (issue #19): type, categories, organisations, as the
   * kind's accessor declares them; read in the caller's (submit's) transaction.
   */
  const approvalValues = (tx: Queryable, row: DocRow) =>
    approvalValuesOf(tx, options.approvalConditions, organisations, row, () => findLines(tx, row.id));

  /** One document with its lines, audit trail, approval tasks and the actions the caller may run. */
  async function detail(db: Queryable, auth: AuthContext, side: Side, id: string) {
    const row = await find(db, auth, side, id);
    const [allLines, trail, tasks, creator, collections] = await Promise.all([
      findLines(db, id),
      findAuditTrail(db, row.elsAccount, def.kind, id),
      // The edit approval's tasks and those of the actions under an approval of their own (an award's).
      side === 'purchase'
        ? Promise.all(
            approvalKinds.map((k) => port('approvals').findDocumentTasks(db, row.elsAccount, k, id)),
          ).then((all) => all.flat().sort((a, b) => a.createDate.getTime() - b.createDate.getTime()))
        : Promise.resolve([]),
      // The creator's name (issue #19: names instead of sub-account codes), one query on the unique index.
      userNames(db, [row.createUser]),
      // The child collections the side reads (issue #34), none for a kind without any.
      findCollections(db, row, side),
    ]);
    const lines = options.linesFor ? await options.linesFor(db, auth, side, row, allLines) : allLines;
    const decorated = options.decorateLines ? await options.decorateLines(db, row, lines) : lines;
    return {
      row,
      lines,
      answer: {
        record: toRecord(row),
        /** The creating sub-account's name; null when createUser names none (show the code). */
        createUserName: creator.get(String(row.createUser)) ?? null,
        lines: decorated.map((l) => toLine(l as DocRow)),
        // Only a kind with collections answers them: every other kind's detail is as it was.
        ...(def.collections
          ? {
              collections: Object.fromEntries(
                Object.entries(collections).map(([name, rows]) => [name, rows.map(toCollectionRow)]),
              ),
            }
          : {}),
        trail: trail.map((t) => ({
          action: t.action,
          fromStatus: t.fromStatus,
          toStatus: t.toStatus,
          remark: t.remark,
          createUser: t.createUser,
          createUserName: t.createUserName,
          createDate: t.createDate.toISOString(),
        })),
        tasks,
        actions: allowedActions(def, row, side),
      },
    };
  }

  /**
   * The save body that copies a document into a new draft (the generated `copy/{id}`): the definition's
   * input fields of the header and lines that hold a value, the kind's `inputColumns` (JSON sections, line
   * keys) and the custom fields; dates as ISO text; the rows of the child collections given (issue #34,
   * `findCollections`), their input fields. No id or version, so the save makes a new document and runs
   * every rule of a first save again.
   */
  function copyBody(source: DocRow, lines: DocRow[], collections: Record<string, DocRow[]> = {}) {
    const input = (fields: Record<string, FieldDef>, extra: readonly string[], row: DocRow) => {
      const names = [
        ...Object.entries(fields)
          .filter(([, f]) => f.input)
          .map(([name]) => name),
        ...extra,
      ];
      return Object.fromEntries(
        names
          .filter((name) => row[name] !== null && row[name] !== undefined)
          .map((name) => [name, row[name] instanceof Date ? row[name].toISOString() : row[name]]),
      );
    };
    return {
      ...input(def.header, options.inputColumns?.header ?? [], source),
      ...source.customFields,
      lines: lines.map((l) => ({
        ...input(def.lines.fields, options.inputColumns?.lines ?? [], l),
        ...l.customFields,
      })),
      ...Object.fromEntries(
        Object.entries(collections).map(([name, rows]) => [
          name,
          rows.map((r) => ({ ...input(def.collections?.[name]?.fields ?? {}, [], r), ...r.customFields })),
        ]),
      ),
    };
  }

  /**
   * The list filter body as the list query reads it (number prefix → LIKE pattern), plus the caller's data
   * permission values on `side` (issue #19) when `auth` is given — every list and export of a user passes it.
   */
  function listFilter(body: Record<string, unknown>, auth?: AuthContext, side?: Side) {
    const out: Record<string, string | string[] | undefined> =
      auth && side ? dataPermissionFilterValues(dataColumns, auth, side) : {};
    for (const [name] of filters) {
      if (dataFilterNames.has(name)) continue;
      const value = body[name];
      if (value === undefined || value === null || value === '') continue;
      out[name] =
        name === def.numberField
          ? likePrefix(String(value))
          : Array.isArray(value)
            ? value.map(String)
            : String(value);
    }
    return out;
  }

  /**
   * What the approvers of the document's approval are told (issue #33): the kind's title, the number and
   * its `approvalContent` (amount, supplier …) — on submit to the first step's, and (the approval handler's
   * `notice`) to each next step's.
   */
  function approverNotice(row: DocRow): ApproverNotice {
    return { title: def.title, number: row[def.numberField], content: options.approvalContent?.(row) };
  }

  return {
    def,
    options,
    approverNotice,
    table,
    mainStatus,
    header,
    lineTable,
    list,
    listFilter,
    scope,
    scopeFor,
    dataColumns,
    refreshSaleIndex,
    find,
    findLines,
    findCollections,
    approvalValues,
    assertSide,
    assertAllowed,
    transition,
    tell,
    applyAction,
    runAction,
    runBulk,
    save,
    copyBody,
    remove,
    submit,
    withdraw,
    detail,
    toRecord,
    toLine,
    creatorOf,
  };
}
