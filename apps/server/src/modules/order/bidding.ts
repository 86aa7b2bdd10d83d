import { canDo } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import {
  type OrderAwardBody,
  type OrderQuoteBody,
  type OrderStartBiddingBody,
  orderAwardBodySchema,
  orderQuoteBodySchema,
  orderStartBiddingBodySchema,
} from '@srm/contracts/purchase-order';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import Decimal from 'decimal.js';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit-trail.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { ownRouteAction } from '../../platform/document/routes.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { company } from '../account/tables.ts';
import { fillText, notify } from '../message/notify.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import { assertSupplier } from './delivery.ts';
import type { toHeader as ToHeader } from './routes.ts';
import {
  assertBuyer,
  assertVersion,
  creatorOf,
  findItems,
  findLinkedSuppliers,
  findOrderForBuyer,
  lineMoney,
  ORDER_DEFINITION,
  ORDER_KIND,
  ORDER_TEXTS,
  orderLink,
  orderTotals,
  transition,
  userKey,
} from './service.ts';
import { type BidQuoteLine, purchaseOrder, purchaseOrderBid, purchaseOrderItem } from './tables.ts';

/**
 * Price bidding on an unsent order (issue #5; seed 001 §4 order status "in bidding", §5 "bidding end
 * time later than the current time").
 *
 * The buyer invites linked suppliers to quote every active line of an unsent, unapproved order before a
 * quote end time; the order is "in bidding" (orderStatus 6) meanwhile and cannot be edited, submitted,
 * closed or deleted. Quotes are sealed: the buyer sees them once the quote end time has passed or every
 * invitee still in the round has quoted. Awarding one quoted bid makes its supplier and prices the
 * order's (status back to 0, ready for approval); cancelling leaves the order as it was. Each invitation
 * is a `purchase_order_bid` row (round 1, 2 … per order); every action is one transaction that locks the
 * order row and leaves one audit-trail row on the order.
 */

export type BidRow = typeof purchaseOrderBid.$inferSelect;

/** Where an invited supplier opens its bid (message links, the sale menu's bid list). */
export const bidLink = (id: string) => `/order/#/v2/order/bid?id=${id}`;

/** Statuses of a bid still in play: invited (0) or quoted (1). */
const LIVE = ['0', '1'];

/**
 * Whether the buyer may see the quotes of a round (sealed bidding): its quote end time has passed, or
 * every bid still in play (invited or quoted) has quoted — which includes a finished round (none left in
 * play). A round without bids is not open.
 */
export function biddingOpen(
  bids: Array<Pick<BidRow, 'bidStatus' | 'quoteEndTime'>>,
  now = new Date(),
): boolean {
  if (bids.length === 0) return false;
  if (bids.some((b) => b.quoteEndTime.getTime() <= now.getTime())) return true;
  return bids.filter((b) => LIVE.includes(b.bidStatus)).every((b) => b.bidStatus === '1');
}

/** The order's latest bidding round number; null when it was never put out for bidding. */
async function currentRound(tx: Queryable, orderId: string): Promise<number | null> {
  const [{ round }] = await tx
    .select({ round: max(purchaseOrderBid.round) })
    .from(purchaseOrderBid)
    .where(eq(purchaseOrderBid.orderId, orderId));
  return round;
}

/** The bids of the order's latest round (by supplier name), optionally locked; [] without any bidding. */
async function latestRound(tx: Queryable, orderId: string, lock = false) {
  const round = await currentRound(tx, orderId);
  if (round === null) return { round: null, bids: [] as BidRow[] };
  const query = tx
    .select()
    .from(purchaseOrderBid)
    .where(and(eq(purchaseOrderBid.orderId, orderId), eq(purchaseOrderBid.round, round)))
    .orderBy(purchaseOrderBid.supplierName, purchaseOrderBid.toElsAccount);
  return { round, bids: lock ? await query.for('update') : await query };
}

/** Moves bids to a new status at the next version (the bids' own change; the order's trail row is enough). */
async function setBidStatus(tx: Tx, auth: AuthContext, ids: string[], status: string) {
  if (ids.length === 0) return;
  await tx
    .update(purchaseOrderBid)
    .set({
      bidStatus: status,
      lastUpdateUser: userKey(auth),
      lastUpdateDate: sql`now()`,
      version: sql`${purchaseOrderBid.version} + 1`,
    })
    .where(inArray(purchaseOrderBid.id, ids));
}

const sender = (auth: AuthContext) => ({ elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount });

/**
 * The buyer invites suppliers to quote an unsent order that is not submitted, rejected or withdrawn
 * (sendStatus 0, orderStatus 0): every invitee a linked supplier, the quote end time later than now.
 * The order becomes "in bidding" (0 → 6); one bid per invitee in a new round (status 0 invited); each
 * invited company gets a message linking to its bid. '400' rules, '403' suppliers, '404' not the
 * caller's order, '409' stale version.
 */
export async function startBidding(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  body: OrderStartBiddingBody,
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    if (!canDo(ORDER_DEFINITION, 'startBidding', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'startBidding' });
    assertVersion(order, body.version);
    const quoteEndTime = new Date(body.quoteEndTime);
    if (quoteEndTime.getTime() <= Date.now()) throw badRequest('quoteEndTimeNotFuture');
    const linked = await findLinkedSuppliers(tx, auth.elsAccount, body.toElsAccounts);
    const invitees = body.toElsAccounts.map((account) => {
      const link = linked.find((l) => l.account === account);
      if (!link) throw badRequest('supplierNotLinked', { account });
      return link;
    });
    await assertSupplierRights(tx, auth.elsAccount, body.toElsAccounts, 'invite');
    const last = await currentRound(tx, order.id);
    const remark = body.remark || null;
    const bids = await tx
      .insert(purchaseOrderBid)
      .values(
        invitees.map((invitee) => ({
          orderId: order.id,
          elsAccount: order.elsAccount,
          toElsAccount: invitee.account,
          supplierName: invitee.name,
          round: (last ?? 0) + 1,
          bidStatus: '0',
          quoteEndTime,
          inviteRemark: remark,
          createUser: userKey(auth),
          lastUpdateUser: userKey(auth),
        })),
      )
      .returning();
    const row = await transition(tx, auth, order, { orderStatus: '6' }, 'startBidding', '0', '6', remark);
    for (const bid of bids) {
      await notify(tx, env, {
        receivers: { companies: [bid.toElsAccount] },
        msgTitle: fillText(ORDER_TEXTS.bidInvited, { number: order.orderNumber }),
        msgContent: fillText(ORDER_TEXTS.bidQuoteEnd, { time: quoteEndTime.toISOString() }),
        sender: sender(auth),
        businessType: ORDER_KIND,
        businessId: order.id,
        linkUrl: bidLink(bid.id),
      });
    }
    return row;
  });
}

/** A bid as the buyer sees it: while the round is sealed, without prices, total and quote remark. */
function toBuyerBid(b: BidRow, open: boolean) {
  return {
    id: b.id,
    toElsAccount: b.toElsAccount,
    supplierName: b.supplierName,
    round: b.round,
    bidStatus: b.bidStatus,
    quoteEndTime: b.quoteEndTime.toISOString(),
    inviteRemark: b.inviteRemark,
    quoteTime: b.quoteTime?.toISOString() ?? null,
    quoteRemark: open ? b.quoteRemark : null,
    totalAmount: open ? b.totalAmount : null,
    lines: open ? b.quotes : [],
    version: b.version,
  };
}

/** The bids of the latest round of the buyer's order, and whether their quotes may be seen yet. */
export async function findBids(db: Queryable, auth: AuthContext, orderId: string) {
  assertBuyer(auth);
  const order = await findOrderForBuyer(db, auth, orderId);
  const { round, bids } = await latestRound(db, order.id);
  const open = biddingOpen(bids);
  return { open, round, bids: bids.map((b) => toBuyerBid(b, open)) };
}

/**
 * The buyer awards a quoted bid of the latest round of an order in bidding, once the round is open. The
 * order takes the winner as its supplier and its quoted prices per active line (lines and header totals
 * recomputed), and goes back to 0 (ready for approval); the winning bid becomes 2, the others still in
 * play 3; winner and others get a message.
 */
export async function award(db: Queryable, auth: AuthContext, env: string, id: string, body: OrderAwardBody) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, body.version);
    if (!canDo(ORDER_DEFINITION, 'award', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'award' });
    const { bids } = await latestRound(tx, order.id, true);
    const winner = bids.find((b) => b.id === body.bidId);
    if (winner?.bidStatus !== '1') throw badRequest('bidNotQuoted');
    if (!biddingOpen(bids)) throw badRequest('biddingNotOpen');
    await assertSupplierRights(tx, auth.elsAccount, [winner.toElsAccount], 'award');
    const items = await findItems(tx, order.id);
    const moneys: Array<{ amountExcl: string; amount: string }> = [];
    for (const item of items) {
      const active = item.isDel === 'N' && item.isClose === 'N';
      const quote = active ? winner.quotes.find((q) => q.itemId === item.id) : undefined;
      if (active && !quote) throw badRequest('quoteLineMissing', { line: item.itemNumber });
      const money = quote ? lineMoney(item.quantity, quote.priceExcludingTax, quote.taxRate) : null;
      if (money) moneys.push(money);
      await tx
        .update(purchaseOrderItem)
        .set({
          toElsAccount: winner.toElsAccount,
          ...(quote && money
            ? {
                priceExcludingTax: quote.priceExcludingTax,
                taxRate: quote.taxRate,
                priceIncludingTax: money.priceIncludingTax,
                lineAmount: money.amount,
              }
            : {}),
        })
        .where(eq(purchaseOrderItem.id, item.id));
    }
    const row = await transition(
      tx,
      auth,
      order,
      {
        toElsAccount: winner.toElsAccount,
        supplierName: winner.supplierName,
        orderStatus: '0',
        ...orderTotals(moneys, order.exchangeRate),
      },
      'award',
      '6',
      '0',
      winner.supplierName,
    );
    const losers = bids.filter((b) => b.id !== winner.id && LIVE.includes(b.bidStatus));
    await setBidStatus(tx, auth, [winner.id], '2');
    await setBidStatus(
      tx,
      auth,
      losers.map((b) => b.id),
      '3',
    );
    await notify(tx, env, {
      receivers: { companies: [winner.toElsAccount] },
      msgTitle: fillText(ORDER_TEXTS.bidWon, { number: order.orderNumber }),
      msgContent: `${winner.totalAmount} ${order.currency}`,
      sender: sender(auth),
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: bidLink(winner.id),
    });
    for (const loser of losers) {
      await notify(tx, env, {
        receivers: { companies: [loser.toElsAccount] },
        msgTitle: fillText(ORDER_TEXTS.bidLost, { number: order.orderNumber }),
        sender: sender(auth),
        businessType: ORDER_KIND,
        businessId: order.id,
        linkUrl: bidLink(loser.id),
      });
    }
    return row;
  });
}

/**
 * The buyer cancels the bidding of an order in bidding: the order goes back to 0 unchanged, the bids
 * still in play become 4 (cancelled) and their companies get a message.
 */
export async function cancelBidding(
  db: Queryable,
  auth: AuthContext,
  env: string,
  id: string,
  version: number,
) {
  assertBuyer(auth);
  return db.transaction(async (tx) => {
    const order = await findOrderForBuyer(tx, auth, id, true);
    assertVersion(order, version);
    if (!canDo(ORDER_DEFINITION, 'cancelBidding', order, 'purchase'))
      throw badRequest('orderStatusNotAllowed', { action: 'cancelBidding' });
    const { bids } = await latestRound(tx, order.id, true);
    const row = await transition(tx, auth, order, { orderStatus: '0' }, 'cancelBidding', '6', '0');
    const live = bids.filter((b) => LIVE.includes(b.bidStatus));
    await setBidStatus(
      tx,
      auth,
      live.map((b) => b.id),
      '4',
    );
    for (const bid of live) {
      await notify(tx, env, {
        receivers: { companies: [bid.toElsAccount] },
        msgTitle: fillText(ORDER_TEXTS.bidCancelled, { number: order.orderNumber }),
        sender: sender(auth),
        businessType: ORDER_KIND,
        businessId: order.id,
        linkUrl: bidLink(bid.id),
      });
    }
    return row;
  });
}

/** The supplier's bid invitations, newest first (exact count; OFFSET paging: a supplier has few). */
export async function listBidsForSupplier(
  db: Queryable,
  auth: AuthContext,
  filter: { currentPage: number; pageSize: number; bidStatus?: string },
) {
  assertSupplier(auth);
  const where = and(
    eq(purchaseOrderBid.toElsAccount, auth.elsAccount),
    filter.bidStatus ? eq(purchaseOrderBid.bidStatus, filter.bidStatus) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: purchaseOrderBid.id,
        orderId: purchaseOrderBid.orderId,
        orderNumber: purchaseOrder.orderNumber,
        elsAccount: purchaseOrderBid.elsAccount,
        buyerName: company.companyName,
        round: purchaseOrderBid.round,
        bidStatus: purchaseOrderBid.bidStatus,
        quoteEndTime: purchaseOrderBid.quoteEndTime,
        quoteTime: purchaseOrderBid.quoteTime,
        totalAmount: purchaseOrderBid.totalAmount,
        currency: purchaseOrder.currency,
        createDate: purchaseOrderBid.createDate,
        version: purchaseOrderBid.version,
      })
      .from(purchaseOrderBid)
      .innerJoin(purchaseOrder, eq(purchaseOrder.id, purchaseOrderBid.orderId))
      .leftJoin(company, eq(company.elsAccount, purchaseOrderBid.elsAccount))
      .where(where)
      .orderBy(desc(purchaseOrderBid.createDate), desc(purchaseOrderBid.id))
      .limit(filter.pageSize)
      .offset((filter.currentPage - 1) * filter.pageSize),
    db.select({ n: count() }).from(purchaseOrderBid).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      ...r,
      buyerName: r.buyerName ?? r.elsAccount,
      quoteEndTime: r.quoteEndTime.toISOString(),
      quoteTime: r.quoteTime?.toISOString() ?? null,
      createDate: r.createDate.toISOString(),
    })),
    total: Number(n),
  };
}

/** A bid as its supplier sees it: its own quote only. */
function toSupplierBid(b: BidRow) {
  return {
    id: b.id,
    orderId: b.orderId,
    round: b.round,
    bidStatus: b.bidStatus,
    quoteEndTime: b.quoteEndTime.toISOString(),
    inviteRemark: b.inviteRemark,
    quoteTime: b.quoteTime?.toISOString() ?? null,
    quoteRemark: b.quoteRemark,
    totalAmount: b.totalAmount,
    lines: b.quotes,
    version: b.version,
  };
}

/** The caller's own bid ('404' bidNotFound otherwise), optionally locked. */
async function findOwnBid(tx: Queryable, auth: AuthContext, bidId: string, lock = false) {
  const query = tx
    .select()
    .from(purchaseOrderBid)
    .where(and(eq(purchaseOrderBid.id, bidId), eq(purchaseOrderBid.toElsAccount, auth.elsAccount)));
  const [bid] = lock ? await query.for('update') : await query;
  if (!bid) throw notFound('bidNotFound');
  return bid;
}

const isActive = (item: typeof purchaseOrderItem.$inferSelect) => item.isDel === 'N' && item.isClose === 'N';

/**
 * One of the supplier's bids with what it needs to quote: the order's terms and its active lines
 * (quantities and dates) — never the buyer's prices nor other suppliers' quotes.
 */
export async function findBidForSupplier(db: Queryable, auth: AuthContext, bidId: string) {
  assertSupplier(auth);
  const bid = await findOwnBid(db, auth, bidId);
  const [[order], items] = await Promise.all([
    db
      .select({
        orderNumber: purchaseOrder.orderNumber,
        elsAccount: purchaseOrder.elsAccount,
        buyerName: company.companyName,
        orderDate: purchaseOrder.orderDate,
        currency: purchaseOrder.currency,
        deliveryAddress: purchaseOrder.deliveryAddress,
        incotermsCode: purchaseOrder.incotermsCode,
        incotermsDesc: purchaseOrder.incotermsDesc,
        payTermsText: purchaseOrder.payTermsText,
        orderStatus: purchaseOrder.orderStatus,
      })
      .from(purchaseOrder)
      .leftJoin(company, eq(company.elsAccount, purchaseOrder.elsAccount))
      .where(and(eq(purchaseOrder.id, bid.orderId), eq(purchaseOrder.elsAccount, bid.elsAccount))),
    findItems(db, bid.orderId),
  ]);
  if (!order) throw notFound('bidNotFound');
  return {
    bid: toSupplierBid(bid),
    order: { ...order, buyerName: order.buyerName ?? order.elsAccount },
    items: items.filter(isActive).map((i) => ({
      id: i.id,
      itemNumber: i.itemNumber,
      materialNumber: i.materialNumber,
      materialDesc: i.materialDesc,
      unit: i.unit,
      quantity: i.quantity,
      deliveryDate: i.deliveryDate,
    })),
  };
}

/**
 * The supplier quotes (or quotes again) its bid while the order is in bidding in the bid's round and
 * before the quote end time: one price per active line, each exactly once. Stores the quote (prices
 * incl. tax and line amounts by lineMoney, total = Σ line amounts), status 1; one audit-trail row on the
 * order; the buyer who created the order gets a message (without prices: the bidding is sealed).
 */
export async function quote(
  db: Queryable,
  auth: AuthContext,
  env: string,
  bidId: string,
  body: OrderQuoteBody,
) {
  assertSupplier(auth);
  return db.transaction(async (tx) => {
    const found = await findOwnBid(tx, auth, bidId);
    // The order first, as every bidding action locks it: quotes and award/cancel take turns.
    const [order] = await tx
      .select()
      .from(purchaseOrder)
      .where(and(eq(purchaseOrder.id, found.orderId), eq(purchaseOrder.elsAccount, found.elsAccount)))
      .for('update');
    if (!order) throw notFound('bidNotFound');
    const bid = await findOwnBid(tx, auth, bidId, true);
    if (
      !LIVE.includes(bid.bidStatus) ||
      order.orderStatus !== '6' ||
      bid.round !== (await currentRound(tx, order.id))
    )
      throw badRequest('bidClosed');
    if (bid.quoteEndTime.getTime() <= Date.now()) throw badRequest('quoteDeadlinePassed');
    if (bid.version !== body.version) throw conflict();
    const items = (await findItems(tx, order.id)).filter(isActive);
    const seen = new Set<string>();
    for (const line of body.lines) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw badRequest('lineNotInOrder', { id: line.itemId });
      if (seen.has(line.itemId)) throw badRequest('lineRepeated', { line: item.itemNumber });
      seen.add(line.itemId);
    }
    const quotes: BidQuoteLine[] = items.map((item) => {
      const line = body.lines.find((l) => l.itemId === item.id);
      if (!line) throw badRequest('quoteLineMissing', { line: item.itemNumber });
      const price = new Decimal(line.priceExcludingTax).toFixed(6);
      const rate = new Decimal(line.taxRate).toFixed(2);
      const money = lineMoney(item.quantity, price, rate);
      return {
        itemId: item.id,
        priceExcludingTax: price,
        taxRate: rate,
        priceIncludingTax: money.priceIncludingTax,
        lineAmount: money.amount,
      };
    });
    const total = quotes.reduce((sum, q) => sum.add(q.lineAmount), new Decimal(0)).toFixed(2);
    const [row] = await tx
      .update(purchaseOrderBid)
      .set({
        quotes,
        totalAmount: total,
        quoteTime: sql`now()`,
        quoteRemark: body.remark || null,
        bidStatus: '1',
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: sql`${purchaseOrderBid.version} + 1`,
      })
      .where(and(eq(purchaseOrderBid.id, bid.id), eq(purchaseOrderBid.version, body.version)))
      .returning();
    if (!row) throw conflict();
    await recordAudit(tx, {
      elsAccount: order.elsAccount,
      documentKind: ORDER_KIND,
      documentId: order.id,
      action: 'quote',
      fromStatus: bid.bidStatus,
      toStatus: '1',
      remark: bid.supplierName,
      createUser: userKey(auth),
    });
    await notify(tx, env, {
      receivers: { users: [creatorOf(order)] },
      msgTitle: fillText(ORDER_TEXTS.bidQuoted, { number: order.orderNumber }),
      msgContent: bid.supplierName,
      sender: sender(auth),
      businessType: ORDER_KIND,
      businessId: order.id,
      linkUrl: orderLink(order.id),
    });
    return toSupplierBid(row);
  });
}

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────────

const idParams = z.object({ id: z.uuid() });
const quoteLineSchema = z.object({
  itemId: z.string(),
  /** Decimal strings in the order's currency: 6 decimals; tax rate in percent, 2 decimals. */
  priceExcludingTax: z.string(),
  taxRate: z.string(),
  priceIncludingTax: z.string(),
  /** Quantity × price including tax, 2 decimals. */
  lineAmount: z.string(),
});
/** A bid as the buyer sees it (findBids). */
const buyerBidSchema = z.object({
  id: z.string(),
  toElsAccount: z.string(),
  supplierName: z.string(),
  round: z.number(),
  /** BID_STATUS: 0 invited, 1 quoted, 2 won, 3 not won, 4 cancelled. */
  bidStatus: z.string(),
  quoteEndTime: z.string(),
  inviteRemark: z.string().nullable(),
  quoteTime: z.string().nullable(),
  /** null, like totalAmount, while the round is sealed. */
  quoteRemark: z.string().nullable(),
  totalAmount: z.string().nullable(),
  /** [] while the round is sealed. */
  lines: z.array(quoteLineSchema),
  version: z.number(),
});
const bidsSchema = z.object({
  open: z.boolean(),
  round: z.number().nullable(),
  bids: z.array(buyerBidSchema),
});
/** A bid as its supplier sees it (findBidDetail, quote): its own quote, with the order instead of the invitee. */
const supplierBidSchema = buyerBidSchema
  .omit({ toElsAccount: true, supplierName: true })
  .extend({ orderId: z.string() });
const bidDetailSchema = z.object({
  bid: supplierBidSchema,
  order: z.object({
    orderNumber: z.string(),
    elsAccount: z.string(),
    buyerName: z.string(),
    orderDate: z.string(),
    currency: z.string(),
    deliveryAddress: z.string().nullable(),
    incotermsCode: z.string().nullable(),
    incotermsDesc: z.string().nullable(),
    payTermsText: z.string().nullable(),
    orderStatus: z.string(),
  }),
  items: z.array(
    z.object({
      id: z.string(),
      itemNumber: z.number(),
      materialNumber: z.string(),
      materialDesc: z.string(),
      unit: z.string(),
      /** In the line's unit, decimal string. */
      quantity: z.string(),
      deliveryDate: z.string(),
    }),
  ),
});
const bidPageSchema = z.object({
  records: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      orderNumber: z.string(),
      elsAccount: z.string(),
      buyerName: z.string(),
      round: z.number(),
      bidStatus: z.string(),
      quoteEndTime: z.string(),
      quoteTime: z.string().nullable(),
      totalAmount: z.string().nullable(),
      currency: z.string(),
      createDate: z.string(),
      version: z.number(),
    }),
  ),
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
});

/**
 * The bidding routes (issue #5, seed 001 §4 "in bidding"); registered by registerOrderRoutes, which
 * hands over the order header's response schema and mapper so every action answers the same header.
 */
export function registerBiddingRoutes(
  app: App,
  deps: AppDeps,
  header: { headerSchema: z.ZodType; toHeader: typeof ToHeader },
): void {
  const r = zod(app);
  const env = deps.config.ENV_NAME;
  const kick = () => void deps.outbox.kick();
  const headerAnswer = envelopeSchema(header.headerSchema);

  /**
   * POST /apis/order/PurchaseOrderService/startBidding/{id} — the buyer invites suppliers to quote an
   * unsent order (issue #5, seed 001 §4 "in bidding"). Body (orderStartBiddingBodySchema): { version
   * (the order's), toElsAccounts (1–20 linked supplier accounts, each once), quoteEndTime (ISO-8601
   * date-time with offset, later than now — seed 001 §5), remark? (≤ 500, shown to the invitees) }.
   * Only an order not sent and not submitted, rejected or withdrawn (orderStatus '0'). The order becomes
   * orderStatus '6' "in bidding"; one bid per invitee (a new round: 1, 2 …), each invited company gets a
   * message linking to its bid. Answers the order header. '400' rules (status: orderStatusNotAllowed;
   * body.quoteEndTime not later than now; a supplier not linked), '403' a selling-side user, '404' not
   * the caller's order, '409' stale version.
   * Function permission (issue #19): `order.startBidding`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/startBidding/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'startBidding') },
      schema: {
        tags: ['order'],
        summary: 'Start price bidding on an unsent order (buyer)',
        params: idParams,
        body: orderStartBiddingBodySchema,
        response: { 200: headerAnswer },
      },
    },
    async (request) => {
      const row = await startBidding(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body,
      );
      kick();
      return ok(header.toHeader(row));
    },
  );

  /**
   * GET /apis/order/PurchaseOrderService/findBids/{id} — the bids of the order's latest bidding round,
   * by supplier name (issue #5, seed 001 §4 "in bidding"). data { open, round (null without bidding),
   * bids: [{ id, toElsAccount, supplierName, round, bidStatus (BID_STATUS), quoteEndTime, inviteRemark,
   * quoteTime, quoteRemark, totalAmount (incl. tax, order currency), lines: [{ itemId,
   * priceExcludingTax, taxRate (%), priceIncludingTax, lineAmount }], version }] }. Sealed bidding:
   * until `open` (the quote end time has passed, or every bid still in play has quoted, or the round is
   * finished) bids answer totalAmount null, lines [] and quoteRemark null; bidStatus and quoteTime show.
   * '403' a selling-side user, '404' not the caller's order.
   * Function permission (issue #19): `order.read`; without it '403'.
   */
  r.get(
    '/apis/order/PurchaseOrderService/findBids/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'read') },
      schema: {
        tags: ['order'],
        summary: 'Bids of the latest bidding round of an order (buyer)',
        params: idParams,
        response: { 200: envelopeSchema(bidsSchema) },
      },
    },
    async (request) => ok(await findBids(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/order/PurchaseOrderService/award/{id} — the buyer awards a quoted bid (issue #5, seed 001
   * §4 "in bidding"). Body (orderAwardBodySchema): { version (the order's), bidId }. Only an order in
   * bidding ('6'), a bid of its latest round that has quoted ('1'), and an open round (the quote end time
   * passed or every invitee in play quoted). The order takes the winner as supplier and its prices on
   * every active line (prices incl. tax, line amounts and header totals recomputed) and goes back to
   * orderStatus '0', ready for approval; the bid becomes '2' won, the others still in play '3'; winner
   * and losers get messages. Answers the order header. '400' rules (orderStatusNotAllowed,
   * bidNotQuoted, biddingNotOpen), '403' a selling-side user, '404' not the caller's order, '409' stale.
   * Function permission (issue #19): `order.award`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/award/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'award') },
      schema: {
        tags: ['order'],
        summary: 'Award a bid (buyer)',
        params: idParams,
        body: orderAwardBodySchema,
        response: { 200: headerAnswer },
      },
    },
    async (request) => {
      const row = await award(deps.db, requireAuth(request.auth), env, request.params.id, request.body);
      kick();
      return ok(header.toHeader(row));
    },
  );

  /**
   * POST /apis/order/PurchaseOrderService/cancelBidding/{id} — the buyer cancels the bidding of an order
   * in bidding (issue #5, seed 001 §4 "in bidding"). Body { version }. The order goes back to
   * orderStatus '0' unchanged; bids still in play become '4' cancelled and their companies get a
   * message. Answers the order header. '400' when not in bidding, '403' a selling-side user, '404' not
   * the caller's order, '409' stale version.
   * Function permission (issue #19): `order.cancelBidding`; without it '403'.
   */
  r.post(
    '/apis/order/PurchaseOrderService/cancelBidding/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'cancelBidding') },
      schema: {
        tags: ['order'],
        summary: 'Cancel the bidding of an order (buyer)',
        params: idParams,
        body: z.object({ version: z.number().int().min(0) }),
        response: { 200: headerAnswer },
      },
    },
    async (request) => {
      const row = await cancelBidding(
        deps.db,
        requireAuth(request.auth),
        env,
        request.params.id,
        request.body.version,
      );
      kick();
      return ok(header.toHeader(row));
    },
  );

  /**
   * POST /apis/order/SaleOrderService/findBidPageList — the supplier's bid invitations, newest first
   * (issue #5, seed 001 §4 "in bidding"). Body { currentPage, pageSize, bidStatus? ('0'–'4', BID_STATUS) }.
   * data { records: [{ id, orderId, orderNumber, elsAccount (the buyer), buyerName, round, bidStatus,
   * quoteEndTime, quoteTime, totalAmount (its own quote, incl. tax), currency, createDate, version }],
   * total (exact), currentPage, pageSize }. '403' a buying-side user.
   * Function permission (issue #19): `order.read`; without it '403'.
   */
  r.post(
    '/apis/order/SaleOrderService/findBidPageList',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'read') },
      schema: {
        tags: ['order'],
        summary: 'Bid invitations (supplier)',
        body: pagingSchema.extend({ bidStatus: z.enum(['0', '1', '2', '3', '4']).optional() }),
        response: { 200: envelopeSchema(bidPageSchema) },
      },
    },
    async (request) => {
      const { currentPage, pageSize } = request.body;
      const page = await listBidsForSupplier(deps.db, requireAuth(request.auth), request.body);
      return ok({ ...page, currentPage, pageSize });
    },
  );

  /**
   * GET /apis/order/SaleOrderService/findBidDetail/{id} — one of the supplier's bids, by bid id (issue
   * #5, seed 001 §4 "in bidding"). data { bid: { id, orderId, round, bidStatus, quoteEndTime,
   * inviteRemark, quoteTime, quoteRemark, totalAmount, lines (its own quote), version }, order: {
   * orderNumber, elsAccount, buyerName, orderDate, currency, deliveryAddress, incotermsCode,
   * incotermsDesc, payTermsText, orderStatus }, items: [{ id, itemNumber, materialNumber, materialDesc,
   * unit, quantity (in the unit), deliveryDate }] (active lines) } — never the buyer's prices or other
   * suppliers' quotes. '403' a buying-side user, '404' not the caller's bid.
   * Function permission (issue #19): `order.read`; without it '403'.
   */
  r.get(
    '/apis/order/SaleOrderService/findBidDetail/:id',
    {
      config: { action: ownRouteAction(purchaseOrderDefinition, 'read') },
      schema: {
        tags: ['order'],
        summary: 'One bid invitation with the order lines to quote (supplier)',
        params: idParams,
        response: { 200: envelopeSchema(bidDetailSchema) },
      },
    },
    async (request) => ok(await findBidForSupplier(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/order/SaleOrderService/quote/{id} — the supplier quotes its bid, by bid id (issue #5, seed
   * 001 §4 "in bidding"); quoting again before the quote end time replaces the quote. Body
   * (orderQuoteBodySchema): { version (the bid's), lines: [{ itemId, priceExcludingTax (decimal string
   * > 0, ≤ 6 decimals, order currency), taxRate (percent 0–100, ≤ 2 decimals) }] — every active line of
   * the order exactly once, remark? (≤ 500) }. Answers the bid (status '1', totalAmount = Σ line amounts
   * incl. tax); the buyer who created the order gets a message. '400' rules (bidClosed: the bidding
   * ended or was cancelled; quoteDeadlinePassed; lineNotInOrder, lineRepeated, quoteLineMissing naming
   * the line), '403' a buying-side user, '404' not the caller's bid, '409' stale bid version.
   */
  r.post(
    '/apis/order/SaleOrderService/quote/:id',
    {
      schema: {
        tags: ['order'],
        summary: 'Quote a bid (supplier)',
        params: idParams,
        body: orderQuoteBodySchema,
        response: { 200: envelopeSchema(supplierBidSchema) },
      },
    },
    async (request) => {
      const bid = await quote(deps.db, requireAuth(request.auth), env, request.params.id, request.body);
      kick();
      return ok(bid);
    },
  );
}
