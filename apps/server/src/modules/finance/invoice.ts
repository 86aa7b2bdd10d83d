import { ITEM_SIGN, type ItemType, invoiceDefinition } from '@srm/contracts/finance';
import {
  lineMoney,
  negate,
  splitAmount,
  sumMoney,
  type Tolerance,
  withinTolerance,
} from '@srm/contracts/finance-money';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { erpConnector } from '../../platform/erp-push.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { purchaseOrderItem } from '../order/tables.ts';
import { invoice, invoiceItem, invoiceTolerance, recon, reconItem } from './tables.ts';

/**
 * Invoices' own rules (issue #15; seed 001 §3 invoice fields, §4 "Invoice and statement: to be confirmed,
 * confirmed, posted", §8 "push ERP successful").
 *
 * - The supplier registers an invoice against one of its statements that is confirmed (or posted): the
 *   tax invoice's number, code, type and date, and per statement line the amount invoiced including tax,
 *   as printed (a positive figure; refund and deduction lines count against the invoice, as on the
 *   statement). A statement line is on at most one live (not cancelled) invoice: the save locks the lines
 *   in id order and answers '409' when another invoice holds one. One tax invoice (code + number) is
 *   registered once per supplier while live.
 * - **Three-way match**, computed by the server only: per line, expected = the order line's price including
 *   tax today × the received quantity on the statement (collections; refunds and fees: the statement
 *   line's amount), against the invoiced amount; a line matches within the buyer's tolerance
 *   (finance-money.ts withinTolerance), and so must the totals. Run at save and again at submit (an order
 *   price changed in between shows as a difference). The buyer may accept only a matching invoice.
 * - Reject needs a reason (kept as `backReason` until the invoice is submitted again, and pushed to the
 *   supplier); the supplier corrects the same invoice and submits it again.
 * - Posting records the voucher number; the ERP push (platform/erp-push.ts) runs after the commit and its
 *   result — "push ERP successful" with the ERP's number, or the error — is written on the invoice;
 *   `pushErp` tries again.
 * - The statement follows: `invoiceStatus` 1 invoicing while an invoice is live, 2 when every line is on
 *   an accepted or posted invoice; `invoicedAmount` the sum of accepted and posted invoices.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The buyer's tolerance (none configured: exact to the cent). */
export async function toleranceOf(db: Queryable, elsAccount: string): Promise<Tolerance> {
  const [row] = await db
    .select({
      toleranceAmount: invoiceTolerance.toleranceAmount,
      tolerancePercent: invoiceTolerance.tolerancePercent,
    })
    .from(invoiceTolerance)
    .where(eq(invoiceTolerance.elsAccount, elsAccount));
  return row ?? { toleranceAmount: null, tolerancePercent: null };
}

/** A statement line with what the match needs: today's order price and tax rate for a collection. */
type StatementLine = {
  id: string;
  lineNumber: number;
  itemType: string;
  sourceNumber: string;
  orderNumber: string | null;
  materialNumber: string | null;
  materialDesc: string | null;
  quantity: string | null;
  price: string | null;
  taxRate: string;
  amount: string;
  orderPrice: string | null;
};

async function statementLines(
  db: Queryable,
  reconId: string,
  ids: readonly string[],
): Promise<StatementLine[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: reconItem.id,
      lineNumber: reconItem.lineNumber,
      itemType: reconItem.itemType,
      sourceNumber: reconItem.sourceNumber,
      orderNumber: reconItem.orderNumber,
      materialNumber: reconItem.materialNumber,
      materialDesc: reconItem.materialDesc,
      quantity: reconItem.quantity,
      price: reconItem.price,
      taxRate: reconItem.taxRate,
      amount: reconItem.amount,
      orderPrice: purchaseOrderItem.priceIncludingTax,
    })
    .from(reconItem)
    .leftJoin(purchaseOrderItem, eq(purchaseOrderItem.id, reconItem.orderItemId))
    .where(and(eq(reconItem.documentId, reconId), inArray(reconItem.id, [...ids])))
    .orderBy(asc(reconItem.lineNumber));
}

/**
 * The match of invoiced amounts (positive, as printed; `byLine` keyed by statement line id) against the
 * statement lines: each line's signed figures, expected amount, difference and flag, and the totals.
 * Money in the statement's currency, 2 decimals.
 */
export function matchLines(
  lines: readonly StatementLine[],
  byLine: ReadonlyMap<string, string>,
  tolerance: Tolerance,
) {
  const out = lines.map((l) => {
    const sign = ITEM_SIGN[l.itemType as ItemType] ?? 1;
    const printed = byLine.get(l.id) ?? '0';
    const split = splitAmount(printed, l.taxRate);
    const signed = (v: string) => (sign < 0 ? negate(v) : v);
    // The three ways: order price (today) × received quantity, against the invoice.
    const expected =
      l.itemType === '1' && l.orderPrice !== null && l.quantity !== null
        ? lineMoney(l.quantity, l.orderPrice, l.taxRate).amount
        : l.amount;
    const invoiced = signed(split.amount);
    const { difference, within } = withinTolerance(invoiced, expected, tolerance);
    return {
      reconItemId: l.id,
      reconItemNumber: l.lineNumber,
      itemType: l.itemType,
      sourceNumber: l.sourceNumber,
      orderNumber: l.orderNumber,
      materialNumber: l.materialNumber,
      materialDesc: l.materialDesc,
      quantity: l.quantity,
      price: l.itemType === '1' ? (l.orderPrice ?? l.price) : l.price,
      taxRate: l.taxRate,
      invoiceAmount: invoiced,
      netAmount: signed(split.netAmount),
      taxAmount: signed(split.taxAmount),
      expectedAmount: expected,
      differenceAmount: difference,
      matchFlag: within ? '1' : '2',
    };
  });
  const invoicedTotal = sumMoney(
    out.map((l) => ({ amount: l.invoiceAmount, netAmount: l.netAmount, taxAmount: l.taxAmount })),
  );
  const expectedTotal = sumMoney(
    out.map((l) => ({ amount: l.expectedAmount, netAmount: '0', taxAmount: '0' })),
  ).amount;
  const total = withinTolerance(invoicedTotal.amount, expectedTotal, tolerance);
  const matched = total.within && out.every((l) => l.matchFlag === '1');
  return {
    lines: out,
    header: {
      invoiceAmount: invoicedTotal.amount,
      netAmount: invoicedTotal.netAmount,
      taxAmount: invoicedTotal.taxAmount,
      expectedAmount: expectedTotal,
      differenceAmount: total.difference,
      matchStatus: matched ? '1' : '2',
      toleranceAmount: tolerance.toleranceAmount,
      tolerancePercent: tolerance.tolerancePercent,
    },
  };
}

/** Locks the statement lines (id order) and answers '409' when another live invoice holds one. */
async function reserveLines(tx: Tx, ids: readonly string[], invoiceId: string | null) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`select id from recon_item where id = any(string_to_array(${[...ids].join(',')}, ',')::uuid[]) order by id for update`,
  );
  const [held] = await tx
    .select({ id: invoiceItem.id })
    .from(invoiceItem)
    .innerJoin(invoice, eq(invoice.id, invoiceItem.documentId))
    .where(
      and(
        inArray(invoiceItem.reconItemId, [...ids]),
        ne(invoice.invoiceStatus, '5'),
        invoiceId ? ne(invoice.id, invoiceId) : undefined,
      ),
    )
    .limit(1);
  if (held) throw conflict('invoiceLineTaken');
}

/**
 * Save (the supplier): body { reconId, invoiceNumber, invoiceCode?, invoiceType (VAT | GENERAL),
 * invoiceDate 'YYYY-MM-DD', remark?, lines: [{ reconItemId, invoiceAmount }] } — amounts including tax in
 * the statement's currency, positive as printed. '400' naming the rule: statement not the caller's or not
 * confirmed, changed statement, invoice already registered, a line twice or not on the statement; '409'
 * when a line is on another live invoice.
 */
async function saveInvoice(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  const text = (name: string) =>
    typeof body[name] === 'string' && (body[name] as string).trim() !== ''
      ? (body[name] as string).trim()
      : null;
  const reconId = text('reconId') ?? '';
  if (current && current.reconId !== reconId) throw badRequest('invoiceReconFixed');
  const [statement] = await tx
    .select()
    .from(recon)
    .where(and(eq(recon.id, reconId), eq(recon.toElsAccount, auth.elsAccount)))
    .for('update');
  if (!statement) throw badRequest('invoiceReconNotFound', { id: reconId });
  if (!['2', '4'].includes(statement.checkStatus))
    throw badRequest('invoiceReconNotConfirmed', { number: statement.reconNumber });
  const invoiceNumber = text('invoiceNumber') ?? '';
  const invoiceCode = text('invoiceCode');
  const invoiceDate = text('invoiceDate') ?? '';
  if (!DATE.test(invoiceDate)) throw badRequest('rule.required', { field: 'invoiceDate' });
  const [taken] = await tx
    .select({ id: invoice.id })
    .from(invoice)
    .where(
      and(
        eq(invoice.toElsAccount, auth.elsAccount),
        eq(invoice.invoiceNumber, invoiceNumber),
        invoiceCode === null ? sql`${invoice.invoiceCode} is null` : eq(invoice.invoiceCode, invoiceCode),
        ne(invoice.invoiceStatus, '5'),
        current ? ne(invoice.id, current.id) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw badRequest('invoiceNumberTaken', { code: invoiceCode ?? '', number: invoiceNumber });

  const wanted = body.lines as Array<{ reconItemId: string; invoiceAmount: string }>;
  const byLine = new Map<string, string>();
  for (const line of wanted) {
    if (byLine.has(line.reconItemId)) throw badRequest('invoiceLineTwice', { id: line.reconItemId });
    byLine.set(line.reconItemId, line.invoiceAmount);
  }
  const found = await statementLines(tx, statement.id, [...byLine.keys()]);
  const known = new Set(found.map((l) => l.id));
  const missing = [...byLine.keys()].find((id) => !known.has(id));
  if (missing) throw badRequest('invoiceLineNotOnRecon', { id: missing, number: statement.reconNumber });
  await reserveLines(tx, [...known], current?.id ?? null);
  const match = matchLines(found, byLine, await toleranceOf(tx, statement.elsAccount));
  return {
    header: {
      elsAccount: statement.elsAccount,
      toElsAccount: statement.toElsAccount,
      buyerName: statement.buyerName,
      supplierName: statement.supplierName,
      reconId: statement.id,
      reconNumber: statement.reconNumber,
      currency: statement.currency,
      invoiceNumber,
      invoiceCode,
      invoiceType: text('invoiceType') ?? 'VAT',
      invoiceDate,
      remark: text('remark'),
      ...match.header,
    },
    lines: match.lines,
  };
}

/** The match again from the stored lines (today's order prices, the buyer's tolerance today). */
async function rematch(tx: Tx, row: DocRow, lines: readonly DocRow[]) {
  const found = await statementLines(
    tx,
    row.reconId,
    lines.map((l) => l.reconItemId),
  );
  const byLine = new Map(
    lines.map((l) => [String(l.reconItemId), String(l.invoiceAmount).replace(/^-/, '')] as const),
  );
  const match = matchLines(found, byLine, await toleranceOf(tx, row.elsAccount));
  for (const line of match.lines) {
    const stored = lines.find((l) => l.reconItemId === line.reconItemId);
    if (stored && (stored.expectedAmount !== line.expectedAmount || stored.matchFlag !== line.matchFlag))
      await tx
        .update(invoiceItem)
        .set({
          price: line.price,
          expectedAmount: line.expectedAmount,
          differenceAmount: line.differenceAmount,
          matchFlag: line.matchFlag,
        })
        .where(eq(invoiceItem.id, stored.id));
  }
  return match.header;
}

/**
 * The statement's invoicing figures from its invoices (the acting invoice counted at `status`, the one
 * the action is about to write): invoicedAmount, and invoiceStatus 0 none live / 1 invoicing / 2 invoiced.
 */
export async function refreshReconInvoicing(
  tx: Tx,
  reconId: string,
  acting?: { id: string; status: string },
) {
  const status = acting
    ? sql`case when i.id = ${acting.id}::uuid then ${acting.status} else i.invoice_status end`
    : sql`i.invoice_status`;
  const result = await tx.execute(sql`
    with inv as (select i.id, ${status} as st, i.invoice_amount from invoice i where i.recon_id = ${reconId}::uuid)
    select (select coalesce(sum(invoice_amount), 0)::text from inv where st in ('2', '4')) as amount,
           (select count(*)::int from inv where st in ('1', '2', '3', '4')) as live,
           (select count(distinct ii.recon_item_id)::int from invoice_item ii join inv on inv.id = ii.document_id
              where inv.st in ('2', '4')) as done,
           (select count(*)::int from recon_item where document_id = ${reconId}::uuid) as total`);
  const [figures] = ((result as { rows?: unknown[] }).rows ?? []) as Array<{
    amount: string;
    live: number;
    done: number;
    total: number;
  }>;
  if (!figures) return;
  const invoiceStatus =
    Number(figures.total) > 0 && Number(figures.done) >= Number(figures.total)
      ? '2'
      : Number(figures.live) > 0
        ? '1'
        : '0';
  await tx.update(recon).set({ invoicedAmount: figures.amount, invoiceStatus }).where(eq(recon.id, reconId));
}

/** Submit: the match again; an earlier reject's reason is cleared; the statement is invoicing. */
async function send(ctx: ActionContext) {
  const header = await rematch(ctx.tx, ctx.row, ctx.lines);
  await refreshReconInvoicing(ctx.tx, ctx.row.reconId, { id: ctx.row.id, status: '1' });
  return { set: { ...header, backReason: null } };
}

const following =
  (status: string) =>
  async (ctx: ActionContext): Promise<undefined> => {
    await refreshReconInvoicing(ctx.tx, ctx.row.reconId, { id: ctx.row.id, status });
    return undefined;
  };

/** Reject: the reason stays on the invoice and is the message's content. */
async function reject(ctx: ActionContext) {
  await refreshReconInvoicing(ctx.tx, ctx.row.reconId, { id: ctx.row.id, status: '3' });
  return { set: { backReason: ctx.body.remark ?? null }, content: ctx.body.remark ?? '' };
}

/** Post: the voucher number and time; the ERP push follows the commit (afterAction). */
async function post(ctx: ActionContext) {
  await refreshReconInvoicing(ctx.tx, ctx.row.reconId, { id: ctx.row.id, status: '4' });
  return {
    set: { voucherNumber: String(ctx.body.voucherNumber ?? '').trim(), postTime: nowDate() },
  };
}

export const invoiceKind = defineKind({
  def: invoiceDefinition,
  header: invoice,
  lines: invoiceItem,
  documentId: invoiceItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  numberOwner: 'purchase',
  save: saveInvoice,
  effects: {
    send,
    accept: following('2'),
    reject,
    cancel: following('5'),
    post,
  },
  // The import names the statement by its number and its lines by their line numbers.
  importRefs: {
    reconId: {
      columns: [{ key: 'number', label: { zh_cn: '对账单号', en: 'Statement number' }, type: 'text' }],
      resolve: async (db, auth, _side, values) => {
        const [row] = await db
          .select({ id: recon.id })
          .from(recon)
          .where(
            and(
              eq(recon.reconNumber, (values.number ?? '').trim().toUpperCase()),
              eq(recon.toElsAccount, auth.elsAccount),
            ),
          )
          .limit(1);
        return row?.id ?? null;
      },
    },
    reconItemId: {
      columns: [
        { key: 'lineNumber', label: { zh_cn: '对账行号', en: 'Statement line number' }, type: 'integer' },
      ],
      resolve: async (db, _auth, _side, values, header) => {
        const lineNumber = Number(values.lineNumber);
        if (typeof header.reconId !== 'string' || !Number.isInteger(lineNumber)) return null;
        const [row] = await db
          .select({ id: reconItem.id })
          .from(reconItem)
          .where(and(eq(reconItem.documentId, header.reconId), eq(reconItem.lineNumber, lineNumber)));
        return row?.id ?? null;
      },
    },
  },
  // After posting (or a retry): the ERP push, its result written on the invoice (not a user's edit: the
  // version stays). Without ERP_PUSH_URL the invoice says that no ERP is connected.
  afterAction: async ({ db, config }, action, row) => {
    if (action !== 'post' && action !== 'pushErp') return;
    const connector = erpConnector(config);
    if (!connector) {
      await db
        .update(invoice)
        .set({ erpPushStatus: '0', erpPushMessage: null })
        .where(eq(invoice.id, row.id));
      return;
    }
    const lines = await db
      .select()
      .from(invoiceItem)
      .where(eq(invoiceItem.documentId, row.id))
      .orderBy(asc(invoiceItem.lineNumber));
    const result = await connector.push({
      kind: 'invoice',
      action: 'post',
      elsAccount: row.elsAccount,
      number: row.invoiceSequence,
      document: invoiceKind.toRecord(row),
      lines: lines.map((l) => invoiceKind.toLine(l as unknown as DocRow)),
    });
    await db
      .update(invoice)
      .set(
        result.ok
          ? { erpPushStatus: 'S', erpPushMessage: null, erpVoucherNumber: result.erpNumber }
          : { erpPushStatus: 'E', erpPushMessage: result.message },
      )
      .where(eq(invoice.id, row.id));
  },
  // Deleting a draft frees its statement lines (they are held through its lines only).
  release: async (tx, row) => {
    await refreshReconInvoicing(tx, row.reconId, { id: row.id, status: '5' });
  },
  approvalAmount: (row) => String(row.invoiceAmount ?? '0'),
});

/**
 * The supplier's statements it may invoice (confirmed or posted, not fully invoiced), newest first, at
 * most 200: { id, reconNumber, buyerName, currency, totalAmount, invoicedAmount, reconDate }.
 */
export async function invoiceableStatements(db: Queryable, supplier: string) {
  return db
    .select({
      id: recon.id,
      reconNumber: recon.reconNumber,
      buyerName: recon.buyerName,
      currency: recon.currency,
      totalAmount: recon.totalAmount,
      invoicedAmount: recon.invoicedAmount,
      reconDate: recon.reconDate,
    })
    .from(recon)
    .where(
      and(
        eq(recon.toElsAccount, supplier),
        inArray(recon.checkStatus, ['2', '4']),
        ne(recon.invoiceStatus, '2'),
      ),
    )
    .orderBy(sql`${recon.reconDate} desc`, sql`${recon.reconNumber} desc`)
    .limit(200);
}

/**
 * A statement's lines a new invoice (or the invoice `invoiceId` being corrected) may hold: those not on
 * another live invoice, in line order, figures signed as on the statement. Null when the statement is not
 * the supplier's.
 */
export async function invoiceableLines(
  db: Queryable,
  supplier: string,
  reconId: string,
  invoiceId: string | null,
) {
  const [statement] = await db
    .select({ id: recon.id })
    .from(recon)
    .where(and(eq(recon.id, reconId), eq(recon.toElsAccount, supplier)));
  if (!statement) return null;
  return db
    .select({
      id: reconItem.id,
      lineNumber: reconItem.lineNumber,
      itemType: reconItem.itemType,
      sourceNumber: reconItem.sourceNumber,
      materialNumber: reconItem.materialNumber,
      materialDesc: reconItem.materialDesc,
      quantity: reconItem.quantity,
      price: reconItem.price,
      taxRate: reconItem.taxRate,
      amount: reconItem.amount,
    })
    .from(reconItem)
    .where(
      and(
        eq(reconItem.documentId, reconId),
        sql`not exists (select 1 from invoice_item ii join invoice i on i.id = ii.document_id
              where ii.recon_item_id = ${reconItem.id} and i.invoice_status <> '5'
              ${invoiceId ? sql`and i.id <> ${invoiceId}::uuid` : sql``})`,
      ),
    )
    .orderBy(asc(reconItem.lineNumber));
}
