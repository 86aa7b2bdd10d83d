import { Decimal } from '@srm/contracts/decimal';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { orderSaveBodySchema } from '@srm/contracts/purchase-order';
import {
  type DemandPoolQuery,
  purchaseRequestDefinition as def,
  POOL_ITEM_STATUSES,
  type PoolToBiddingBody,
  type PoolToEnquiryBody,
  type PoolToOrderBody,
} from '@srm/contracts/purchase-request';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit-trail.ts';
import { addMonths, companyTimeZone, companyToday, dateOf } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
  userKey,
} from '../../platform/document/kind.ts';
import { likePrefix } from '../../platform/document/list-query.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { findLinkedSuppliers } from '../account/index.ts';
import { ebiddingKind, registerEbiddingSourceRelease } from '../ebidding/service.ts';
import { ebiddingItem } from '../ebidding/tables.ts';
import {
  enquiryKind,
  registerSourceBudgets,
  registerSourceClaim,
  registerSourceRelease,
  sourceKey,
} from '../enquiry/service.ts';
import { enquiryItem } from '../enquiry/tables.ts';
import { findEffectivePrice, findMaterialsByNumbers } from '../masterdata/index.ts';
import { saveOrder } from '../order/service.ts';
import { purchaseRequest, purchaseRequestItem } from './tables.ts';

/**
 * Purchase requisitions' own rules and the demand pool (issue #13; seed 001 §3 requisition fields, §5
 * "application/request type required on save", "required quantity greater than 0", "back reason not
 * empty", "transferred order quantity equals applied quantity", §8 "failed to cancel or scrap a
 * requisition"). The kernel does the rest (list, detail, versions, approval, audit rows).
 *
 * Quantities carried forward (`toEnquiryQuantity`, `toBiddingQuantity`, `toOrderQuantity`) only move
 * through `moveQuantity`, which never lets their sum exceed the line's quantity; a line is closed
 * (transferred) when it equals it.
 */

type ItemRow = typeof purchaseRequestItem.$inferSelect;
type HeaderRow = typeof purchaseRequest.$inferSelect;

const fmt = (d: Decimal) => d.toFixed(3).replace(/\.?0+$/, '') || '0';

/** What has left a line so far: moved to RFQs, biddings and orders. */
export function movedQuantity(
  line: Pick<ItemRow, 'toEnquiryQuantity' | 'toBiddingQuantity' | 'toOrderQuantity'>,
): Decimal {
  return new Decimal(line.toEnquiryQuantity).add(line.toBiddingQuantity).add(line.toOrderQuantity);
}

/** What is left of a line to move (never below 0). */
export function remainingQuantity(line: Pick<ItemRow, 'quantity'> & Parameters<typeof movedQuantity>[0]) {
  const rest = new Decimal(line.quantity).sub(movedQuantity(line));
  return rest.isNegative() ? new Decimal(0) : rest;
}

/**
 * The line status after a move: fully transferred when the moved quantities equal the quantity, partly
 * when something moved, else open.
 */
export function itemStatusAfterMove(line: Pick<ItemRow, 'quantity'> & Parameters<typeof movedQuantity>[0]) {
  const moved = movedQuantity(line);
  if (moved.gte(line.quantity)) return '3';
  return moved.isZero() ? '1' : '2';
}

/**
 * The requisition status from its lines: 0 while nothing moved; once something moved, 1 (partly
 * transferred) while any line is still open or not released, else 2 (transferred).
 */
export function deriveRequestStatus(
  lines: ReadonlyArray<Parameters<typeof itemStatusAfterMove>[0] & { itemStatus: string }>,
) {
  const moved = lines.some((l) => !movedQuantity(l).isZero());
  if (!moved) return '0';
  return lines.some((l) => ['0', '1', '2'].includes(l.itemStatus)) ? '1' : '2';
}

/** Budget amount of lines: Σ quantity × budget price, 2 decimals half-up (lines without a price add 0). */
export function budgetTotal(lines: ReadonlyArray<{ quantity: string; budgetPrice?: string | null }>) {
  return lines
    .reduce(
      (sum, l) => (l.budgetPrice ? sum.add(new Decimal(l.quantity).mul(l.budgetPrice)) : sum),
      new Decimal(0),
    )
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

type SaveLine = {
  materialNumber: string;
  materialDesc?: string;
  unit?: string;
  quantity: string;
  budgetPrice?: string;
  deliveryDate: string;
  expectSupplierEls?: string;
  sourceType?: string;
  sourceNumber?: string;
  sourceItemNumber?: string;
};

/**
 * Save (buyer): each line's material from the company's material master by number (description, unit
 * and category default from it; a material not in the master needs its description and unit), the
 * suggested supplier must be one of the company's suppliers, the budget total is computed. The
 * requisition is the buying company's own (`toElsAccount` = `elsAccount`).
 */
export async function saveRequest(ctx: SaveContext) {
  const { tx, auth, body } = ctx;
  const lines = body.lines as SaveLine[];
  const materials = await findMaterialsByNumbers(
    tx,
    auth.elsAccount,
    lines.map((l) => l.materialNumber),
  );
  const suppliers = [...new Set(lines.map((l) => l.expectSupplierEls).filter((s): s is string => !!s))];
  const linked = suppliers.length > 0 ? await findLinkedSuppliers(tx, auth.elsAccount, suppliers) : [];
  const unlinked = suppliers.find((s) => !linked.some((l) => l.account === s));
  if (unlinked) throw badRequest('supplierNotLinked', { account: unlinked });
  const text = (name: string) =>
    typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;
  const stored = lines.map((line, i) => {
    const m = materials.find((x) => x.materialNumber === line.materialNumber);
    const materialDesc = line.materialDesc || m?.materialName;
    const unit = line.unit || m?.orderUnit || m?.baseUnit;
    if (!materialDesc || !unit)
      throw badRequest('requestMaterialUnknown', { line: lineNumberAt(i), material: line.materialNumber });
    return {
      requestItemNumber: lineNumberAt(i),
      itemStatus: '0',
      materialId: m?.id ?? null,
      materialNumber: line.materialNumber,
      materialDesc,
      cateCode: m ? (m.cateCode3 ?? m.cateCode2 ?? m.cateCode1 ?? null) : null,
      unit,
      quantity: new Decimal(line.quantity).toFixed(3),
      budgetPrice: line.budgetPrice ? new Decimal(line.budgetPrice).toFixed(6) : null,
      deliveryDate: line.deliveryDate,
      expectSupplierEls: line.expectSupplierEls || null,
      expectSupplierName: linked.find((l) => l.account === line.expectSupplierEls)?.name ?? null,
      sourceType: line.sourceType ?? '0',
      sourceNumber: line.sourceNumber || null,
      sourceItemNumber: line.sourceItemNumber || null,
    };
  });
  return {
    header: {
      elsAccount: auth.elsAccount,
      toElsAccount: auth.elsAccount,
      requestType: body.requestType,
      requestDate: text('requestDate') ?? (await companyToday(tx, auth.elsAccount)),
      applicant: text('applicant') ?? auth.elsSubAccount,
      applyDept: text('applyDept'),
      purchaseFactory: text('purchaseFactory'),
      purchasePerson: text('purchasePerson'),
      purchaseType: text('purchaseType') ?? '0',
      costCenter: text('costCenter'),
      isPlaned: text('isPlaned') ?? 'N',
      remark: text('remark'),
      totalAmount: budgetTotal(stored),
    },
    lines: stored,
  };
}

const setItems = (tx: Tx, documentId: string, from: readonly string[], to: string) =>
  tx
    .update(purchaseRequestItem)
    .set({ itemStatus: to })
    .where(
      and(eq(purchaseRequestItem.documentId, documentId), inArray(purchaseRequestItem.itemStatus, [...from])),
    );

/** cancel (before approval): nothing has moved from a requisition that was never released; lines cancelled. */
async function cancel(ctx: ActionContext) {
  const moved = (ctx.lines as unknown as ItemRow[]).find((l) => !movedQuantity(l).isZero());
  if (moved) throw badRequest('requestCancelMoved', { line: moved.requestItemNumber });
  await setItems(ctx.tx, ctx.row.id, ['0', '1', '2'], '5');
  return undefined;
}

/**
 * scrap (作废, approved): the lines still open leave the demand pool (cancelled; what already moved stays
 * on its orders). Refused while a purchaser holds a claimed open line: the claimant turns it into an order
 * or returns it first.
 */
async function scrap(ctx: ActionContext) {
  const held = (ctx.lines as unknown as ItemRow[]).find(
    (l) => POOL_ITEM_STATUSES.includes(l.itemStatus as '1') && l.claimStatus === '1',
  );
  if (held)
    throw badRequest('requestScrapClaimed', { line: held.requestItemNumber, user: held.claimUser ?? '' });
  await setItems(ctx.tx, ctx.row.id, ['0', '1', '2'], '5');
  return undefined;
}

/** Approved: the lines are released to the demand pool. */
async function release(tx: Tx, row: DocRow) {
  await setItems(tx, row.id, ['0'], '1');
}

export const purchaseRequestKind = defineKind({
  def,
  header: purchaseRequest,
  lines: purchaseRequestItem,
  documentId: purchaseRequestItem.documentId,
  // Data permissions (issue #19): the requisition's factory and cost centre; the lines' material category
  // (a requisition is visible when one of its lines is in the user's categories, and saved only when all are).
  dataPermission: { factory: 'purchaseFactory', costCenter: 'costCenter' },
  lineDataPermission: { materialCategory: 'cateCode' },
  // Approval conditions (issue #19): request type, the lines' categories (their own and their materials'
  // levels); the factory comes from the data permission mapping.
  approvalConditions: {
    documentType: 'requestType',
    category: { line: 'cateCode', materialNumber: 'materialNumber' },
  },
  numberOwner: 'purchase',
  save: saveRequest,
  effects: { cancel, scrap },
  onApproved: release,
  approvalAmount: (row) => String(row.totalAmount ?? '0'),
  approvalContent: (row) => `${row.applicant ?? ''} · ${row.totalAmount ?? '0'} CNY`,
});

// ——— moving quantities and the header's status ———

/**
 * Re-derives a requisition's status from its lines after they changed (one audit row, the version moves
 * on so an open editor of the requisition gets '409').
 */
async function settle(tx: Tx, documentId: string, user: string, action: string, remark: string | null) {
  const [row] = await tx
    .select()
    .from(purchaseRequest)
    .where(eq(purchaseRequest.id, documentId))
    .for('update');
  const lines = await tx
    .select()
    .from(purchaseRequestItem)
    .where(eq(purchaseRequestItem.documentId, documentId));
  const status = deriveRequestStatus(lines);
  const [updated] = await tx
    .update(purchaseRequest)
    .set({
      requestStatus: status,
      lastUpdateUser: user,
      lastUpdateDate: sql`now()`,
      version: sql`${purchaseRequest.version} + 1`,
    })
    .where(eq(purchaseRequest.id, documentId))
    .returning();
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: def.kind,
    documentId,
    action,
    fromStatus: row.requestStatus,
    toStatus: status,
    remark,
    createUser: user,
  });
  return updated;
}

const MOVE_COLUMN = {
  enquiry: 'toEnquiryQuantity',
  bidding: 'toBiddingQuantity',
  order: 'toOrderQuantity',
} as const;

/**
 * Moves `quantity` of an open requisition line to an RFQ, a bidding or an order, inside the caller's
 * transaction: '400' when the line is not in the demand pool or the quantity is not > 0 or more than what
 * is left (naming the requisition and line). The line is fully transferred (closed) when the moved
 * quantities equal its quantity; the requisition's status follows. With `by`, the line must be that
 * company's ('400' unknown otherwise). Exported for the RFQ module (issue #13, part 2).
 */
/** The condition naming a requisition line by its buyer, requisition number and line number (a document's source). */
function isSourceLine(source: { elsAccount: string; sourceNumber: string; sourceItemNumber: string }) {
  return and(
    eq(purchaseRequest.elsAccount, source.elsAccount),
    eq(purchaseRequest.purchaseRequestNumber, source.sourceNumber),
    eq(purchaseRequestItem.requestItemNumber, Number(source.sourceItemNumber)),
  );
}

/**
 * Gives back `quantity` (at most what was moved) of a requisition line named by its requisition number
 * and line number from an RFQ, a bidding or an order that no longer takes it (deleted, closed without
 * award): the moved quantity goes down, an open line reopens (status from what is still moved), and the
 * requisition's status follows with an audit row. A line the requester has since cancelled or had
 * returned keeps its status. Missing lines are ignored (the requisition may be gone).
 */
export async function releaseQuantity(
  tx: Tx,
  source: { elsAccount: string; sourceNumber: string; sourceItemNumber: string; quantity: string },
  kind: 'enquiry' | 'bidding' | 'order',
  user: string,
): Promise<void> {
  const [found] = await tx
    .select({ line: purchaseRequestItem })
    .from(purchaseRequestItem)
    .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
    .where(isSourceLine(source))
    .for('update', { of: purchaseRequestItem });
  if (!found) return;
  const { line } = found;
  const column = MOVE_COLUMN[kind];
  const back = Decimal.min(new Decimal(source.quantity), new Decimal(line[column]));
  if (back.lte(0)) return;
  const next = { ...line, [column]: new Decimal(line[column]).sub(back).toFixed(3) };
  const reopen = ['1', '2', '3'].includes(line.itemStatus);
  await tx
    .update(purchaseRequestItem)
    .set({ [column]: next[column], ...(reopen ? { itemStatus: itemStatusAfterMove(next) } : {}) })
    .where(eq(purchaseRequestItem.id, line.id));
  await settle(
    tx,
    line.documentId,
    user,
    `release${kind[0].toUpperCase()}${kind.slice(1)}`,
    `${line.requestItemNumber}: ${fmt(back)}`,
  );
}

// RFQ lines taken from the pool (sourceType 1) give their quantity back when the RFQ is deleted or closed
// (or an edited draft drops the line or lowers its quantity), and claim more when an edit raises it.
registerSourceRelease('1', (tx, source, user) => releaseQuantity(tx, source, 'enquiry', user));
registerSourceClaim('1', (tx, source, user) => claimQuantity(tx, source, 'enquiry', user));

/**
 * Moves `quantity` more of a requisition line named by its requisition number and line number (of the
 * buying company `elsAccount`) to an RFQ or a bidding that already holds some of it — an edited draft line
 * whose quantity grew (issue #33). '400' as `moveQuantity` (naming the requisition and line) when more than
 * is left or the line left the pool; '400' requestLineUnknown when no such line.
 */
export async function claimQuantity(
  tx: Tx,
  source: { elsAccount: string; sourceNumber: string; sourceItemNumber: string; quantity: string },
  kind: 'enquiry' | 'bidding',
  user: string,
): Promise<void> {
  const [found] = await tx
    .select({ id: purchaseRequestItem.id })
    .from(purchaseRequestItem)
    .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
    .where(isSourceLine(source));
  if (!found)
    throw badRequest('requestLineUnknown', { id: `${source.sourceNumber}/${source.sourceItemNumber}` });
  await moveQuantity(tx, found.id, kind, source.quantity, undefined, user);
}
/**
 * The budgets of requisition lines named by requisition number and line number, of the buying company
 * `elsAccount` (another company's numbers find nothing): each line's `budgetPrice` — a unit price per the
 * line's `unit`, excl. tax, in CNY (see the table's definition), null when the requester gave none — keyed
 * `sourceKey(number, line)`. One query. For the RFQ comparison's savings against the budget (issue #13).
 */
export async function findSourceBudgets(
  db: Queryable,
  elsAccount: string,
  sources: ReadonlyArray<{ sourceNumber: string; sourceItemNumber: string }>,
) {
  const out = new Map<string, { budgetPrice: string | null; unit: string }>();
  const numbers = [...new Set(sources.map((s) => s.sourceNumber))];
  const lineNumbers = [...new Set(sources.map((s) => Number(s.sourceItemNumber)))].filter(Number.isInteger);
  if (numbers.length === 0 || lineNumbers.length === 0) return out;
  const rows = await db
    .select({
      number: purchaseRequest.purchaseRequestNumber,
      line: purchaseRequestItem.requestItemNumber,
      budgetPrice: purchaseRequestItem.budgetPrice,
      unit: purchaseRequestItem.unit,
    })
    .from(purchaseRequestItem)
    .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
    .where(
      and(
        eq(purchaseRequest.elsAccount, elsAccount),
        inArray(purchaseRequest.purchaseRequestNumber, numbers),
        inArray(purchaseRequestItem.requestItemNumber, lineNumbers),
      ),
    );
  for (const r of rows)
    out.set(sourceKey(r.number, String(r.line)), { budgetPrice: r.budgetPrice, unit: r.unit });
  return out;
}
// The RFQ comparison reads the budget of lines taken from the pool (sourceType 1).
registerSourceBudgets('1', findSourceBudgets);
// Auction lines taken from the pool (sourceType 1) likewise, when the auction draft is deleted or closed.
registerEbiddingSourceRelease('1', (tx, source, user) => releaseQuantity(tx, source, 'bidding', user));

export async function moveQuantity(
  tx: Tx,
  lineId: string,
  kind: 'enquiry' | 'bidding' | 'order',
  quantity: string,
  by?: AuthContext,
  /** The audit row's user when there is no `by` (default 'system'). */
  user?: string,
): Promise<ItemRow> {
  const [found] = await tx
    .select({ line: purchaseRequestItem, number: purchaseRequest.purchaseRequestNumber })
    .from(purchaseRequestItem)
    .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
    .where(eq(purchaseRequestItem.id, lineId))
    .for('update', { of: purchaseRequestItem });
  if (!found || (by && found.line.elsAccount !== by.elsAccount))
    throw badRequest('requestLineUnknown', { id: lineId });
  const { line, number } = found;
  if (!POOL_ITEM_STATUSES.includes(line.itemStatus as '1'))
    throw badRequest('requestLineNotOpen', { number, line: line.requestItemNumber });
  const q = new Decimal(quantity);
  const remaining = remainingQuantity(line);
  if (q.lte(0) || q.gt(remaining))
    throw badRequest('requestOverMove', {
      number,
      line: line.requestItemNumber,
      quantity: fmt(q),
      remaining: fmt(remaining),
    });
  const column = MOVE_COLUMN[kind];
  const next = { ...line, [column]: new Decimal(line[column]).add(q).toFixed(3) };
  const [updated] = await tx
    .update(purchaseRequestItem)
    .set({ [column]: next[column], itemStatus: itemStatusAfterMove(next) })
    .where(eq(purchaseRequestItem.id, lineId))
    .returning();
  await settle(
    tx,
    line.documentId,
    by ? userKey(by) : (user ?? 'system'),
    `to${kind[0].toUpperCase()}${kind.slice(1)}`,
    `${line.requestItemNumber}: ${fmt(q)}`,
  );
  return updated;
}

// ——— the demand pool ———

export type PoolRecord = ReturnType<typeof toPoolRecord>;

function toPoolRecord(line: ItemRow, header: Pick<HeaderRow, keyof typeof POOL_HEADER>) {
  return {
    id: line.id,
    requestId: line.documentId,
    purchaseRequestNumber: header.purchaseRequestNumber,
    requestItemNumber: line.requestItemNumber,
    requestType: header.requestType,
    applicant: header.applicant,
    applyDept: header.applyDept,
    purchaseFactory: header.purchaseFactory,
    purchasePerson: header.purchasePerson,
    itemStatus: line.itemStatus,
    materialNumber: line.materialNumber,
    materialDesc: line.materialDesc,
    cateCode: line.cateCode,
    unit: line.unit,
    quantity: line.quantity,
    remainQuantity: remainingQuantity(line).toFixed(3),
    toEnquiryQuantity: line.toEnquiryQuantity,
    toBiddingQuantity: line.toBiddingQuantity,
    toOrderQuantity: line.toOrderQuantity,
    budgetPrice: line.budgetPrice,
    deliveryDate: line.deliveryDate,
    expectSupplierEls: line.expectSupplierEls,
    expectSupplierName: line.expectSupplierName,
    claimStatus: line.claimStatus,
    claimUser: line.claimUser,
    claimDate: line.claimDate?.toISOString() ?? null,
  };
}

const POOL_HEADER = {
  purchaseRequestNumber: purchaseRequest.purchaseRequestNumber,
  requestType: purchaseRequest.requestType,
  applicant: purchaseRequest.applicant,
  applyDept: purchaseRequest.applyDept,
  purchaseFactory: purchaseRequest.purchaseFactory,
  purchasePerson: purchaseRequest.purchasePerson,
};

const POOL_COUNT_CAP = 1000;

const encodeCursor = (line: ItemRow) => Buffer.from(`${line.deliveryDate}|${line.id}`).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  const [date, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '') || !/^[0-9a-f-]{36}$/.test(id ?? ''))
    throw badRequest('rule.format', { field: 'body.cursor' });
  return [date, id];
}

/** The caller's claim key from a filter value: a sub-account name of the caller's company, or a full key. */
const claimKey = (auth: AuthContext, value: string) =>
  value.includes('_') ? value : `${auth.elsAccount}_${value}`;

/**
 * The demand pool of the caller's company: released lines not yet fully transferred, most urgent
 * (required date) first, by keyset (`nextCursor`). Filters: material number prefix, category code,
 * factory, purchaser, claimant, claim status. `total` is exact up to 1,000.
 */
export async function findPool(db: Queryable, auth: AuthContext, query: DemandPoolQuery) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
  const where: SQL[] = [
    eq(purchaseRequestItem.elsAccount, auth.elsAccount),
    sql`${purchaseRequestItem.itemStatus} in ('1', '2')`,
  ];
  if (query.materialNumber)
    where.push(
      sql`${purchaseRequestItem.materialNumber} collate "C" like ${likePrefix(query.materialNumber)}`,
    );
  if (query.cateCode) where.push(eq(purchaseRequestItem.cateCode, query.cateCode));
  if (query.purchaseFactory) where.push(eq(purchaseRequest.purchaseFactory, query.purchaseFactory));
  if (query.purchasePerson) where.push(eq(purchaseRequest.purchasePerson, query.purchasePerson));
  if (query.claimUser) where.push(eq(purchaseRequestItem.claimUser, claimKey(auth, query.claimUser)));
  if (query.claimStatus) where.push(eq(purchaseRequestItem.claimStatus, query.claimStatus));
  const filtered = [...where];
  if (query.cursor) {
    const [date, id] = decodeCursor(query.cursor);
    where.push(
      sql`(${purchaseRequestItem.deliveryDate}, ${purchaseRequestItem.id}) > (${date}::date, ${id}::uuid)`,
    );
  }
  const rows = await db
    .select({ line: purchaseRequestItem, header: POOL_HEADER })
    .from(purchaseRequestItem)
    .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
    .where(and(...where))
    .orderBy(asc(purchaseRequestItem.deliveryDate), asc(purchaseRequestItem.id))
    .limit(query.pageSize + 1);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(purchaseRequestItem)
      .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
      .where(and(...filtered))
      .limit(POOL_COUNT_CAP + 1)
      .as('capped'),
  )) as Array<{ n: number }>;
  const page = rows.slice(0, query.pageSize);
  return {
    records: page.map((r) => toPoolRecord(r.line, r.header)),
    total: Math.min(n, POOL_COUNT_CAP),
    totalExact: n <= POOL_COUNT_CAP,
    nextCursor: rows.length > query.pageSize ? encodeCursor(page[page.length - 1].line) : null,
    pageSize: query.pageSize,
  };
}

/** The caller's company's pool lines by id, locked, in id order ('404' when one is not the company's). */
async function lockPoolLines(tx: Tx, auth: AuthContext, ids: string[]) {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
  const unique = [...new Set(ids)].sort();
  const rows = await tx
    .select({
      line: purchaseRequestItem,
      number: purchaseRequest.purchaseRequestNumber,
      createUser: purchaseRequest.createUser,
    })
    .from(purchaseRequestItem)
    .innerJoin(purchaseRequest, eq(purchaseRequest.id, purchaseRequestItem.documentId))
    .where(and(inArray(purchaseRequestItem.id, unique), eq(purchaseRequestItem.elsAccount, auth.elsAccount)))
    .orderBy(asc(purchaseRequestItem.id))
    .for('update', { of: purchaseRequestItem });
  if (rows.length !== unique.length)
    throw new AppError('404', 'documentNotFound', {}, null, (locale) => ({
      title: locale === 'en' ? def.title.en.toLowerCase() : def.title.zh_cn,
    }));
  for (const { line, number } of rows)
    if (!POOL_ITEM_STATUSES.includes(line.itemStatus as '1'))
      throw badRequest('requestLineNotOpen', { number, line: line.requestItemNumber });
  return rows;
}

const claimantName = (key: string | null) => (key ? key.slice(key.indexOf('_') + 1) : '');

/** One audit row per requisition touched by a pool action (its lines in the remark). */
async function auditLines(
  tx: Tx,
  auth: AuthContext,
  rows: Awaited<ReturnType<typeof lockPoolLines>>,
  action: string,
  extra = '',
) {
  const byDoc = new Map<string, { status: string; lines: number[] }>();
  for (const { line } of rows) {
    const entry = byDoc.get(line.documentId) ?? { status: '', lines: [] };
    entry.lines.push(line.requestItemNumber);
    byDoc.set(line.documentId, entry);
  }
  for (const [documentId, { lines }] of byDoc)
    await recordAudit(tx, {
      elsAccount: auth.elsAccount,
      documentKind: def.kind,
      documentId,
      action,
      fromStatus: null,
      toStatus: null,
      remark: `${lines.join(', ')}${extra}`,
      createUser: userKey(auth),
    });
  return byDoc;
}

/**
 * Claims pool lines for the caller (认领): only unclaimed lines can be claimed ('400' naming the line and
 * its claimant). One transaction; an audit row per requisition.
 */
export async function claimLines(db: Queryable, auth: AuthContext, lineIds: string[]) {
  return db.transaction(async (tx) => {
    const rows = await lockPoolLines(tx, auth, lineIds);
    for (const { line, number } of rows)
      if (line.claimStatus !== '0')
        throw badRequest('requestLineClaimed', {
          number,
          line: line.requestItemNumber,
          user: claimantName(line.claimUser),
        });
    await tx
      .update(purchaseRequestItem)
      .set({ claimStatus: '1', claimUser: userKey(auth), claimDate: sql`now()` })
      .where(
        inArray(
          purchaseRequestItem.id,
          rows.map((r) => r.line.id),
        ),
      );
    await auditLines(tx, auth, rows, 'claim');
    return { claimed: rows.length };
  });
}

/**
 * Returns pool lines to the requester (退回) with a required back remark: lines unclaimed or claimed by
 * the caller ('400' when another purchaser holds one). The lines leave the pool (returned); what already
 * moved stays on its orders; the requisition's status follows and its creator is told.
 */
export async function returnLines(
  db: Queryable,
  env: string,
  auth: AuthContext,
  lineIds: string[],
  backRemark: string,
) {
  return db.transaction(async (tx) => {
    const rows = await lockPoolLines(tx, auth, lineIds);
    for (const { line, number } of rows)
      if (line.claimStatus === '1' && line.claimUser !== userKey(auth))
        throw badRequest('requestLineClaimedByOther', {
          number,
          line: line.requestItemNumber,
          user: claimantName(line.claimUser),
        });
    await tx
      .update(purchaseRequestItem)
      .set({ itemStatus: '4', backRemark, claimStatus: '0', claimUser: null, claimDate: null })
      .where(
        inArray(
          purchaseRequestItem.id,
          rows.map((r) => r.line.id),
        ),
      );
    const byDoc = new Map<string, number[]>();
    for (const { line } of rows)
      byDoc.set(line.documentId, [...(byDoc.get(line.documentId) ?? []), line.requestItemNumber]);
    for (const [documentId, lines] of byDoc) {
      const before = (await tx.select().from(purchaseRequest).where(eq(purchaseRequest.id, documentId)))[0];
      const after = await settle(
        tx,
        documentId,
        userKey(auth),
        'return',
        `${lines.join(', ')}: ${backRemark}`,
      );
      await purchaseRequestKind.tell(
        tx,
        env,
        auth,
        'purchase',
        before as DocRow,
        after as DocRow,
        {
          label: { zh_cn: '退回', en: 'Return' },
          sides: {},
          notify: {
            to: 'creator',
            title: {
              zh_cn: '采购申请 {number} 有行被退回',
              en: 'Lines of requisition {number} were returned',
            },
          },
        },
        { zh_cn: `第 ${lines.join('、')} 行：${backRemark}`, en: `Lines ${lines.join(', ')}: ${backRemark}` },
      );
    }
    return { returned: rows.length };
  });
}

/**
 * Turns claimed pool lines into purchase order drafts, one per supplier (the line's chosen supplier, else
 * its suggested one): each draft is saved by the order module's saveOrder, so its prices come from the
 * price master (a material without a valid price takes the line's budget price); each line's
 * `toOrderQuantity` grows by the quantity moved (default: what is left), never beyond the line's
 * quantity ('400' naming the line). All drafts or none.
 */
export async function toOrders(db: Queryable, auth: AuthContext, body: PoolToOrderBody) {
  return db.transaction(async (tx) => {
    const rows = await lockPoolLines(
      tx,
      auth,
      body.lines.map((l) => l.lineId),
    );
    const orderDate = body.orderDate ?? (await companyToday(tx, auth.elsAccount));
    const groups = new Map<string, Array<{ line: ItemRow; number: string; quantity: string }>>();
    for (const wanted of body.lines) {
      const { line, number } = rows.find((r) => r.line.id === wanted.lineId)!;
      if (line.claimStatus !== '1' || line.claimUser !== userKey(auth))
        throw badRequest('requestLineNotClaimedByYou', { number, line: line.requestItemNumber });
      const supplier = wanted.toElsAccount ?? line.expectSupplierEls;
      if (!supplier) throw badRequest('requestNoSupplier', { number, line: line.requestItemNumber });
      const remaining = remainingQuantity(line);
      const quantity = new Decimal(wanted.quantity ?? remaining);
      if (quantity.lte(0) || quantity.gt(remaining))
        throw badRequest('requestOverMove', {
          number,
          line: line.requestItemNumber,
          quantity: fmt(quantity),
          remaining: fmt(remaining),
        });
      groups.set(supplier, [
        ...(groups.get(supplier) ?? []),
        { line, number, quantity: quantity.toFixed(3) },
      ]);
    }
    const orders: Array<{
      id: string;
      orderNumber: string;
      toElsAccount: string;
      supplierName: string;
      lines: number;
    }> = [];
    for (const [supplier, lines] of groups) {
      const items = await Promise.all(
        lines.map(async ({ line, quantity }) => {
          const priced =
            line.materialId &&
            (await findEffectivePrice(tx, auth.elsAccount, supplier, line.materialId, new Date(orderDate)));
          const useBudget = !(priced && priced.currency === body.currency) && line.budgetPrice;
          return {
            ...(line.materialId ? { materialId: line.materialId } : {}),
            materialNumber: line.materialNumber,
            materialDesc: line.materialDesc,
            unit: line.unit,
            quantity,
            deliveryDate: line.deliveryDate < orderDate ? orderDate : line.deliveryDate,
            ...(useBudget ? { priceExcludingTax: new Decimal(line.budgetPrice!).toFixed(6) } : {}),
          };
        }),
      );
      const numbers = [...new Set(lines.map((l) => l.number))];
      const order = await saveOrder(
        tx,
        auth,
        orderSaveBodySchema.parse({
          toElsAccount: supplier,
          orderType: body.orderType,
          purchaseType: body.orderType,
          orderDate,
          currency: body.currency,
          remark: `采购申请 / Requisition ${numbers.join(', ')}`.slice(0, 500),
          items,
        }),
      );
      for (const { line, quantity } of lines) await moveQuantity(tx, line.id, 'order', quantity, auth);
      orders.push({
        id: order.id,
        orderNumber: order.orderNumber,
        toElsAccount: supplier,
        supplierName: order.supplierName,
        lines: lines.length,
      });
    }
    return { orders };
  });
}

/**
 * The order of an RFQ's or auction's lines made from pool lines: by requisition number, then the
 * requisition's line number — the same lines always give the same line numbers (10, 20 …), whatever order
 * the pool listed lines of the same required date in.
 */
const byRequisitionLine = (
  a: { number: string; line: { requestItemNumber: number } },
  b: { number: string; line: { requestItemNumber: number } },
) =>
  a.number === b.number ? a.line.requestItemNumber - b.line.requestItemNumber : a.number < b.number ? -1 : 1;

/**
 * Turns claimed pool lines into one RFQ draft (kind `enquiry`, saved through its kind's save in a savepoint
 * of this transaction, so the RFQ's rules apply: linked suppliers, at least 3 per line, none twice, a
 * deadline ahead): one RFQ line per pool line with the requisition line's material, the quantity and its
 * required date (today when past), the requisition number and line as the RFQ line's source. Each line's
 * `toEnquiryQuantity` grows by the quantity ('400' naming the requisition and line when more than is
 * left, or when the line has no material of the master). All or nothing.
 */
export async function toEnquiry(db: Queryable, auth: AuthContext, body: PoolToEnquiryBody) {
  return db.transaction(async (tx) => {
    const ids = body.lines.map((l) => l.lineId);
    const rows = await lockPoolLines(tx, auth, ids);
    const twice = rows.find((r) => ids.indexOf(r.line.id) !== ids.lastIndexOf(r.line.id));
    if (twice)
      throw badRequest('requestLineRepeated', { number: twice.number, line: twice.line.requestItemNumber });
    const start = await companyToday(tx, auth.elsAccount);
    const picked = body.lines.map((wanted) => {
      const { line, number } = rows.find((r) => r.line.id === wanted.lineId)!;
      if (line.claimStatus !== '1' || line.claimUser !== userKey(auth))
        throw badRequest('requestLineNotClaimedByYou', { number, line: line.requestItemNumber });
      if (!line.materialId) throw badRequest('requestNoMaterial', { number, line: line.requestItemNumber });
      const remaining = remainingQuantity(line);
      const quantity = new Decimal(wanted.quantity);
      if (quantity.lte(0) || quantity.gt(remaining))
        throw badRequest('requestOverMove', {
          number,
          line: line.requestItemNumber,
          quantity: fmt(quantity),
          remaining: fmt(remaining),
        });
      return { line, number, quantity: quantity.toFixed(3), suppliers: wanted.suppliers };
    });
    picked.sort(byRequisitionLine);
    const end = new Date(body.quoteEndTime);
    // A year after the quote end, in the buyer's calendar (issue #35).
    const validUntil = addMonths(dateOf(end, await companyTimeZone(tx, auth.elsAccount)), 12);
    const row = await enquiryKind.save(tx, auth, 'purchase', {
      enquiryDesc: body.enquiryDesc,
      enquiryType: body.enquiryType,
      quoteMethod: body.quoteMethod,
      quoteEndTime: end.toISOString(),
      priceValidDate: body.priceValidDate ?? validUntil,
      currency: body.currency,
      ...(body.payMethod ? { payMethod: body.payMethod } : {}),
      remark:
        body.remark ??
        `采购申请 / Requisition ${[...new Set(picked.map((p) => p.number))].join(', ')}`.slice(0, 500),
      lines: picked.map(({ line, quantity, suppliers }) => ({
        materialId: line.materialId!,
        quantity,
        deliveryDate: line.deliveryDate < start ? start : line.deliveryDate,
        suppliers,
      })),
    });
    const items = await enquiryKind.findLines(tx, row.id as string);
    for (const [i, { line, number, quantity }] of picked.entries()) {
      await tx
        .update(enquiryItem)
        .set({ sourceType: '1', sourceNumber: number, sourceItemNumber: String(line.requestItemNumber) })
        .where(eq(enquiryItem.id, items[i].id as string));
      await moveQuantity(tx, line.id, 'enquiry', quantity, auth);
    }
    return { id: row.id as string, enquiryNumber: row.enquiryNumber as string };
  });
}

/**
 * Turns claimed pool lines into one per-line e-auction draft (kind `ebidding`, issue #14 "created from
 * demand-pool lines"; English reverse, scheduled start), saved through the auction kind's save in this
 * transaction so its rules apply (linked suppliers, at least 2, none twice; end after start and after
 * now; positive extension settings; a starting unit price per line): one auction line per pool line with
 * the requisition line's material, the quantity (the line's unit) and its required date (today when
 * past), the requisition number and line as the auction line's source. Each line's `toBiddingQuantity`
 * grows by the quantity — never above what is left (quantity − moved to RFQs, biddings and orders; '400'
 * requestOverMove naming the requisition and line) — and goes back when the draft is deleted or the
 * auction closed (registerEbiddingSourceRelease above). '400' a line not claimed by the caller, named
 * twice or without a material of the master; '404' another company's line. All or nothing. Answers
 * { id, ebiddingNumber }.
 */
export async function toBidding(db: Queryable, auth: AuthContext, body: PoolToBiddingBody) {
  return db.transaction(async (tx) => {
    const ids = body.lines.map((l) => l.lineId);
    const rows = await lockPoolLines(tx, auth, ids);
    const twice = rows.find((r) => ids.indexOf(r.line.id) !== ids.lastIndexOf(r.line.id));
    if (twice)
      throw badRequest('requestLineRepeated', { number: twice.number, line: twice.line.requestItemNumber });
    const start = await companyToday(tx, auth.elsAccount);
    const picked = body.lines.map((wanted) => {
      const { line, number } = rows.find((r) => r.line.id === wanted.lineId)!;
      if (line.claimStatus !== '1' || line.claimUser !== userKey(auth))
        throw badRequest('requestLineNotClaimedByYou', { number, line: line.requestItemNumber });
      if (!line.materialId)
        throw badRequest('requestNoMaterialEbid', { number, line: line.requestItemNumber });
      const remaining = remainingQuantity(line);
      const quantity = new Decimal(wanted.quantity);
      if (quantity.lte(0) || quantity.gt(remaining))
        throw badRequest('requestOverMove', {
          number,
          line: line.requestItemNumber,
          quantity: fmt(quantity),
          remaining: fmt(remaining),
        });
      return { line, number, quantity: quantity.toFixed(3), startingPrice: wanted.startingPrice };
    });
    picked.sort(byRequisitionLine);
    const row = await ebiddingKind.save(tx, auth, 'purchase', {
      ebiddingName: body.ebiddingName,
      ebiddingType: '1',
      ebiddingMethod: '2',
      startMethod: '2',
      startTime: body.startTime,
      endTime: body.endTime,
      currency: body.currency,
      priceReviseType: body.priceReviseType,
      priceReviseExtent: body.priceReviseExtent,
      ...(body.quotePostponeMinute ? { quotePostponeMinute: body.quotePostponeMinute } : {}),
      ...(body.postponeMinute ? { postponeMinute: body.postponeMinute } : {}),
      ...(body.canPostponeBout ? { canPostponeBout: body.canPostponeBout } : {}),
      remark:
        body.remark ??
        `采购申请 / Requisition ${[...new Set(picked.map((p) => p.number))].join(', ')}`.slice(0, 500),
      suppliers: body.suppliers,
      lines: picked.map(({ line, quantity, startingPrice }) => ({
        materialId: line.materialId!,
        quantity,
        deliveryDate: line.deliveryDate < start ? start : line.deliveryDate,
        startingPrice,
      })),
    });
    const items = await ebiddingKind.findLines(tx, row.id as string);
    for (const [i, { line, number, quantity }] of picked.entries()) {
      await tx
        .update(ebiddingItem)
        .set({ sourceType: '1', sourceNumber: number, sourceItemNumber: String(line.requestItemNumber) })
        .where(eq(ebiddingItem.id, items[i].id as string));
      await moveQuantity(tx, line.id, 'bidding', quantity, auth);
    }
    return { id: row.id as string, ebiddingNumber: row.ebiddingNumber as string };
  });
}
