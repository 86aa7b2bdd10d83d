import { createHash } from 'node:crypto';
import { Decimal } from '@srm/contracts/decimal';
import {
  clockPrice,
  ebiddingDefinition as def,
  type EbiddingAwardBody,
  type EbiddingBidBody,
  type EbiddingPush,
  type EbiddingStanding,
  ebiddingSuppliersSchema,
  englishBidProblem,
  extendedEnd,
  MIN_BIDDERS,
  priceText,
  scheduleProblem,
  splitProblem,
} from '@srm/contracts/ebidding';
import type { RuleProblem } from '@srm/contracts/enquiry';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Broker, TopicAuthorizers } from '../../platform/broker.ts';
import { addDays, companyToday, now, nowDate } from '../../platform/clock.ts';
import type { Db, Queryable, Tx } from '../../platform/db.ts';
import {
  dropActionRequest,
  registerActionApproval,
  requestAction,
} from '../../platform/document/action-approval.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
  serverActor,
  userKey,
} from '../../platform/document/kind.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { findCompanyName, findLinkedSuppliers } from '../account/index.ts';
import { enquiryKind, findComparison } from '../enquiry/service.ts';
import { material, priceMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { type AwardedLine, recordAward } from '../order/from-award.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import { type LivePushes, publishCoalesced } from './push-coalescer.ts';
import { ebiddingPrintSections } from './record.ts';
import {
  ebidding,
  ebiddingBid,
  ebiddingItem,
  ebiddingOffer,
  ebiddingSaleIndex,
  ebiddingSupplier,
} from './tables.ts';

/**
 * E-auctions' own rules (issue #14; spec 001 §5 "auction offer greater than 0 and at most the starting
 * price …", "bidding end time later than the current time and the start time", "add times a positive
 * integer"). The kernel does the list, detail, approval ("edit e-bidding"), versions and audit rows of the
 * header; this file does the bidding: who may bid when, the offer rules, anti-sniping extensions, the
 * start and end timers and the hash-chained bid log.
 *
 * Time is the server's alone. An offer is accepted with the auction's row locked and the clock read after
 * the lock is held, so "before the end" means before the end as it stands when the offer is decided: an
 * offer and the end timer, or two offers, never both see the same moment differently. The end timer moves
 * a running auction to finished only when the clock has reached its (possibly extended) end; otherwise it
 * schedules itself again.
 */

type EbiddingRow = typeof ebidding.$inferSelect;
type ItemRow = typeof ebiddingItem.$inferSelect;
type OfferRow = typeof ebiddingOffer.$inferSelect;
type BidRow = typeof ebiddingBid.$inferSelect;

const rule = (problem: RuleProblem | null) => {
  if (problem) throw badRequest(problem.key as never, problem.params);
};
const minuteText = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');
/** The supplier's bidding room (message links). */
export const roomLink = (id: string) => `/ebidding/#/v2/room?id=${id}`;
/** The buyer's console. */
export const consoleLink = (id: string) => `${def.detailPath}?id=${id}`;

/** The jobs that start an auction at its start time and end it at its end (key: the auction's id). */
export const START_JOB = 'ebidding.start';
export const END_JOB = 'ebidding.end';
/** How soon a timer that finds the auction paused looks again. */
const PAUSED_POLL_MS = 5000;
/** A Japanese auction's round boundary: who accepted the round that just ended decides whether it goes on. */
export const STEP_JOB = 'ebidding.step';

/** Schedules the round boundary after `start` (the next one after now when the auction runs already). */
async function scheduleStep(tx: Tx, row: EbiddingRow, start: Date) {
  const interval = (row.quoteInterval ?? 1) * 60_000;
  const elapsed = Math.max(0, now() - start.getTime());
  const next = start.getTime() + (Math.floor(elapsed / interval) + 1) * interval;
  if (next >= row.endTime.getTime()) return;
  await scheduleJob(tx, {
    kind: STEP_JOB,
    key: row.id,
    runAt: new Date(next),
    payload: { elsAccount: row.elsAccount },
  });
}

/** The descending clock of a Dutch or Japanese lot or line at `at` (the round is step + 1). */
export function clockOf(row: EbiddingRow, startingPrice: string, at: Date) {
  const clock = clockPrice({
    startingPrice,
    lowestPrice: row.lowestPrice,
    priceReviseType: row.priceReviseType,
    priceReviseExtent: row.priceReviseExtent,
    intervalMinutes: row.quoteInterval ?? 1,
    start: row.startTime,
    now: at,
  });
  const interval = (row.quoteInterval ?? 1) * 60_000;
  return {
    price: priceText(clock.price),
    round: clock.step + 1,
    floor: clock.floor,
    nextStepAt: new Date(row.startTime.getTime() + (clock.step + 1) * interval).toISOString(),
  };
}

/**
 * Whether offers are taken at `at`: not paused, running (2) or published (1) with a scheduled start that
 * has come (the start timer may not have run yet: the clock decides, not the timer), and before the end.
 */
export function biddingOpen(row: EbiddingRow, at: Date): boolean {
  if (row.pauseStatus === '1') return false;
  const started =
    row.ebiddingStatus === '2' ||
    (row.ebiddingStatus === '1' && row.startMethod === '2' && row.startTime.getTime() <= at.getTime());
  return started && at.getTime() < row.endTime.getTime();
}

/**
 * The hash of one bid-log row: SHA-256 (hex) over the previous row's hash and the row's fields, joined
 * by '|' in a fixed order (price with 6 decimals, time in ms). Changing any of them, or the order of rows,
 * changes every hash after it.
 */
export function bidHash(bid: {
  prevHash: string;
  ebiddingId: string;
  seq: number;
  itemId: string | null;
  toElsAccount: string;
  bout: number;
  price: string;
  bidTime: number;
}): string {
  const fields = [
    bid.prevHash,
    bid.ebiddingId,
    bid.seq,
    bid.itemId ?? '',
    bid.toElsAccount,
    bid.bout,
    new Decimal(bid.price).toFixed(6),
    bid.bidTime,
  ];
  return createHash('sha256').update(fields.join('|')).digest('hex');
}

/** '400' unless `accounts` are linked suppliers of the buyer, each once, at least MIN_BIDDERS. */
async function checkSuppliers(tx: Queryable, buyer: string, accounts: string[]) {
  const seen = new Set<string>();
  for (const account of accounts) {
    if (seen.has(account)) throw badRequest('ebidSupplierRepeated', { account });
    seen.add(account);
  }
  if (seen.size < MIN_BIDDERS) throw badRequest('ebidMinBidders', { min: MIN_BIDDERS });
  const linked = await findLinkedSuppliers(tx, buyer, accounts);
  for (const account of accounts)
    if (!linked.some((l) => l.account === account)) throw badRequest('supplierNotLinked', { account });
  // Issue #16: only suppliers whose stage allows invitations (potential and better, not frozen).
  await assertSupplierRights(tx, buyer, accounts, 'invite');
  return new Map(linked.map((l) => [l.account, l.name]));
}

const intOrNull = (value: unknown) =>
  value === undefined || value === null || value === '' ? null : Number(value);

/** The schedule rules of a header (saved body or stored row) at `now`. */
function checkSchedule(h: Record<string, unknown>, now: Date) {
  rule(
    scheduleProblem({
      ebiddingType: String(h.ebiddingType ?? '1'),
      startMethod: String(h.startMethod ?? '2'),
      startTime: new Date(h.startTime as string | Date),
      endTime: new Date(h.endTime as string | Date),
      now,
      quoteInterval: intOrNull(h.quoteInterval),
      quotePostponeMinute: intOrNull(h.quotePostponeMinute),
      postponeMinute: intOrNull(h.postponeMinute),
      canPostponeBout: intOrNull(h.canPostponeBout),
    }),
  );
}

/**
 * Save (buyer, while unpublished): the buyer's materials (materialId) with quantity > 0 and a requested
 * date; the invited `suppliers` (linked, each once, at least 2); the schedule (end after start and after
 * now; a scheduled start in the future; extension settings positive integers); by total price a starting
 * price for the lot, per line a starting unit price on every line. Types: '1' English reverse, '2' Dutch,
 * '3' Japanese (by total price only, else 400 `ebidJapaneseLot`).
 */
async function saveEbidding(ctx: SaveContext) {
  const { tx, auth, body } = ctx;
  const suppliers = ebiddingSuppliersSchema.parse(body.suppliers ?? []);
  const names = await checkSuppliers(tx, auth.elsAccount, suppliers);
  const text = (name: string) =>
    typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;
  const type = text('ebiddingType') ?? '1';
  checkSchedule(body, nowDate());
  const method = text('ebiddingMethod') ?? '1';
  if (type === '3' && method !== '1') throw badRequest('ebidJapaneseLot');
  const lines = body.lines as Array<{
    materialId: string;
    quantity: string;
    deliveryDate: string;
    startingPrice?: string;
  }>;
  if (method === '1' && !text('startingPrice')) throw badRequest('ebidStartingPriceRequired');
  if (method === '2')
    for (const [i, line] of lines.entries())
      if (!line.startingPrice || new Decimal(line.startingPrice).lte(0))
        throw badRequest('ebidLineStartingPriceRequired', { line: lineNumberAt(i) });
  const ids = [...new Set(lines.map((l) => l.materialId))];
  const materials = await tx
    .select()
    .from(material)
    .where(and(eq(material.elsAccount, auth.elsAccount), inArray(material.id, ids)));
  const buyer = { name: await findCompanyName(tx, auth.elsAccount) };
  return {
    header: {
      elsAccount: auth.elsAccount,
      toElsAccount: auth.elsAccount,
      buyerName: buyer?.name ?? auth.elsAccount,
      ebiddingName: text('ebiddingName'),
      ebiddingDate: ctx.current?.ebiddingDate ?? (await companyToday(tx, auth.elsAccount)),
      ebiddingType: type,
      ebiddingMethod: method,
      projectType: text('projectType') ?? '1',
      startMethod: text('startMethod') ?? '2',
      startTime: new Date(body.startTime as string),
      endTime: new Date(body.endTime as string),
      currency: (text('currency') ?? 'CNY').toUpperCase(),
      taxRate: text('taxRate') ?? '13',
      startingPrice: method === '1' ? text('startingPrice') : null,
      lowestPrice: text('lowestPrice'),
      priceReviseType: text('priceReviseType') ?? '1',
      priceReviseExtent: text('priceReviseExtent'),
      quoteInterval: intOrNull(body.quoteInterval),
      quoteNumber: intOrNull(body.quoteNumber),
      quotePostponeMinute: intOrNull(body.quotePostponeMinute),
      postponeMinute: intOrNull(body.postponeMinute),
      postponeRule: text('postponeRule') ?? '1',
      canPostponeBout: intOrNull(body.canPostponeBout),
      showSupplier: text('showSupplier') ?? '0',
      remind: intOrNull(body.remind),
      organizationCode: text('organizationCode'),
      remark: text('remark'),
      invitedSuppliers: suppliers.map((account) => ({ account, name: names.get(account) ?? account })),
    },
    lines: lines.map((line) => {
      const m = materials.find((x) => x.id === line.materialId);
      if (!m) throw badRequest('ebidMaterialUnknown', { id: line.materialId });
      // A line's source (a demand-pool requisition line) is set by the pool's toBidding after the save
      // and kept when the draft is edited (the line's id); the save body never sets it.
      const kept = ctx.currentLines.find((c) => c.id === (line as { id?: string }).id);
      return {
        ...(kept
          ? {
              sourceType: kept.sourceType,
              sourceNumber: kept.sourceNumber,
              sourceItemNumber: kept.sourceItemNumber,
            }
          : {}),
        materialId: m.id,
        materialNumber: m.materialNumber,
        materialDesc: m.materialDesc || m.materialName,
        unit: m.purchaseUnit ?? m.orderUnit ?? m.baseUnit,
        quantity: new Decimal(line.quantity).toFixed(3),
        deliveryDate: line.deliveryDate,
        startingPrice: method === '2' ? new Decimal(line.startingPrice as string).toFixed(6) : null,
      };
    }),
  };
}

/** Tells the invited suppliers something about the auction, in each one's language, linking the room. */
async function tellBidders(
  tx: Tx,
  env: string,
  row: EbiddingRow,
  title: { zh_cn: string; en: string },
  content?: { zh_cn: string; en: string },
  sender?: AuthContext,
) {
  const invited = await tx
    .select({ account: ebiddingSupplier.toElsAccount })
    .from(ebiddingSupplier)
    .where(eq(ebiddingSupplier.ebiddingId, row.id));
  if (invited.length === 0) return;
  await notify(tx, env, {
    receivers: { companies: invited.map((i) => i.account) },
    msgTitle: fillText(title, { number: row.ebiddingNumber, name: row.ebiddingName }),
    msgContent: content,
    sender: sender ? { elsAccount: sender.elsAccount, elsSubAccount: sender.elsSubAccount } : undefined,
    businessType: def.kind,
    businessId: row.id,
    linkUrl: roomLink(row.id),
  });
}

/**
 * Publish (buyer, approved draft): the schedule is checked again at this moment and the invitations made
 * (a supplier may have been unlinked since); each invited supplier is told in its language with the start
 * and end times and a link to its room; the start (when scheduled) and end timers are set.
 */
async function publish(ctx: ActionContext) {
  const { tx } = ctx;
  const row = ctx.row as unknown as EbiddingRow & { invitedSuppliers: Array<{ account: string }> };
  checkSchedule(row as unknown as Record<string, unknown>, nowDate());
  const names = await checkSuppliers(
    tx,
    row.elsAccount,
    row.invitedSuppliers.map((s) => s.account),
  );
  await tx.insert(ebiddingSupplier).values(
    [...names.entries()].map(([account, name]) => ({
      ebiddingId: row.id,
      elsAccount: row.elsAccount,
      toElsAccount: account,
      supplierName: name,
    })),
  );
  // The invited suppliers' list rows (the transition after this effect sets their status).
  await ebiddingKind.refreshSaleIndex(tx, row.id);
  await tellBidders(
    tx,
    ctx.env,
    row,
    { zh_cn: '竞价邀请：{number} {name}', en: 'Invitation to e-auction {number} {name}' },
    {
      zh_cn: `${row.startMethod === '2' ? `开始 ${minuteText(row.startTime)} UTC，` : '由采购方手动开始，'}结束 ${minuteText(row.endTime)} UTC`,
      en: `${row.startMethod === '2' ? `Starts ${minuteText(row.startTime)} UTC` : 'Started by the buyer'}; ends ${minuteText(row.endTime)} UTC`,
    },
    ctx.auth,
  );
  const payload = { elsAccount: row.elsAccount };
  if (row.startMethod === '2') {
    await scheduleJob(tx, { kind: START_JOB, key: row.id, runAt: row.startTime, payload });
    if (row.ebiddingType === '3') await scheduleStep(tx, row, row.startTime);
  }
  await scheduleJob(tx, { kind: END_JOB, key: row.id, runAt: row.endTime, payload });
  return { set: { publishTime: nowDate(), publishUser: userKey(ctx.auth) } };
}

/**
 * Start now (buyer, published): before the end time; the suppliers are told. Timers are never cancelled
 * from an action (a poller may hold the timer's row while waiting for this auction's lock: the other lock
 * order would deadlock); a timer that finds the auction past its state does nothing.
 */
async function start(ctx: ActionContext) {
  const row = ctx.row as unknown as EbiddingRow;
  const now = nowDate();
  if (row.endTime.getTime() <= now.getTime()) throw badRequest('ebidEndBeforeStart');
  if (row.ebiddingType === '3') await scheduleStep(ctx.tx, row, now);
  await tellBidders(ctx.tx, ctx.env, row, {
    zh_cn: '竞价已开始：{number} {name}',
    en: 'E-auction {number} {name} has started',
  });
  return { set: { startTime: now } };
}

/** Pause (buyer, running, with a reason the suppliers read): no offers until resumed. */
async function pause(ctx: ActionContext) {
  const row = ctx.row as unknown as EbiddingRow;
  await tellBidders(
    ctx.tx,
    ctx.env,
    row,
    { zh_cn: '竞价已暂停：{number} {name}', en: 'E-auction {number} {name} is paused' },
    { zh_cn: ctx.body.remark ?? '', en: ctx.body.remark ?? '' },
    ctx.auth,
  );
  return { set: { pauseTime: nowDate() } };
}

/**
 * Resume (buyer, paused): the time paused is added to the end (and to a descending clock's start, so its
 * price continues where it stopped); the timers find the new times themselves.
 */
async function resume(ctx: ActionContext) {
  const row = ctx.row as unknown as EbiddingRow;
  const paused = now() - (row.pauseTime ?? nowDate()).getTime();
  const endTime = new Date(row.endTime.getTime() + paused);
  await tellBidders(
    ctx.tx,
    ctx.env,
    row,
    { zh_cn: '竞价已继续：{number} {name}', en: 'E-auction {number} {name} has resumed' },
    {
      zh_cn: `结束时间 ${minuteText(endTime)} UTC`,
      en: `Ends ${minuteText(endTime)} UTC`,
    },
  );
  return {
    set: {
      pauseTime: null,
      endTime,
      ...(row.ebiddingType !== '1' ? { startTime: new Date(row.startTime.getTime() + paused) } : {}),
    },
  };
}

/** Extend (buyer, running): the end moves `minutes` later; everyone sees the new end at once. */
async function extend(ctx: ActionContext) {
  const row = ctx.row as unknown as EbiddingRow;
  const endTime = new Date(row.endTime.getTime() + Number(ctx.body.minutes) * 60_000);
  await tellBidders(
    ctx.tx,
    ctx.env,
    row,
    { zh_cn: '竞价已延长：{number} {name}', en: 'E-auction {number} {name} was extended' },
    { zh_cn: `新的结束时间 ${minuteText(endTime)} UTC`, en: `New end ${minuteText(endTime)} UTC` },
  );
  return { set: { endTime } };
}

/** The status an auction ends in: finished (3) with at least one offer, bid failed (5) without. */
const endStatus = (row: EbiddingRow) => (row.lastBidSeq > 0 ? '3' : '5');

/** End now (buyer, running): ends at this moment — finished with offers, bid failed without. */
async function finish(ctx: ActionContext) {
  const row = ctx.row as unknown as EbiddingRow;
  const now = nowDate();
  // Bid failed: the quantities taken from the demand pool go back to it (close is not allowed from 5).
  if (endStatus(row) === '5') await releaseSources(ctx.tx, ctx.row, ctx.lines, userKey(ctx.auth));
  await tellBidders(ctx.tx, ctx.env, row, {
    zh_cn: '竞价已结束：{number} {name}',
    en: 'E-auction {number} {name} has ended',
  });
  return { set: { ebiddingStatus: endStatus(row), endTime: now, finishTime: now } };
}

/**
 * An auction that ends or closes while an early end waits for approval: the request is dropped (its tasks
 * cancelled) and marked withdrawn — there is nothing left to approve. The fields to set, or none.
 */
async function dropPendingEnd(tx: Tx, row: EbiddingRow | DocRow): Promise<{ endAuditStatus?: string }> {
  if (row.endAuditStatus !== '1') return {};
  await dropActionRequest(tx, 'ebiddingEnd', row as unknown as DocRow);
  return { endAuditStatus: '4' };
}

/** Withdraw a bargain round that waits for its approval (buyer, bargain.ts): the tasks are cancelled, the request dropped. */
async function withdrawBargain(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'ebiddingBargain', ctx.row);
  return undefined;
}

/**
 * A bargain round that waits for its approval or is open when the auction closes: the request is dropped
 * (withdrawn) and an open round ends (its timer finds the auction closed). The fields to set, or none.
 */
async function dropBargain(tx: Tx, row: EbiddingRow) {
  const set: { bargainAuditStatus?: string; bargainStatus?: string } = {};
  if (row.bargainAuditStatus === '1') {
    await dropActionRequest(tx, 'ebiddingBargain', row as unknown as DocRow);
    set.bargainAuditStatus = '4';
  }
  if (row.bargainStatus === '1') set.bargainStatus = '2';
  return set;
}

/** Withdraw an early end that waits for its approval (buyer): the tasks are cancelled, the request dropped. */
async function withdrawFinish(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'ebiddingEnd', ctx.row);
  return undefined;
}

/** Close (buyer, with a reason): the suppliers hear of it; the timers find it closed and do nothing. */
async function close(ctx: ActionContext) {
  const row = ctx.row as unknown as EbiddingRow;
  await tellBidders(
    ctx.tx,
    ctx.env,
    row,
    { zh_cn: '竞价已关闭：{number} {name}', en: 'E-auction {number} {name} was closed' },
    ctx.body.remark ? { zh_cn: ctx.body.remark, en: ctx.body.remark } : undefined,
    ctx.auth,
  );
  // Closed without award: the quantities taken from the demand pool go back to it.
  await releaseSources(ctx.tx, ctx.row, ctx.lines, userKey(ctx.auth));
  return {
    set: {
      finishTime: row.finishTime ?? nowDate(),
      ...(await dropPendingEnd(ctx.tx, ctx.row)),
      ...(await dropBargain(ctx.tx, row)),
    },
  };
}

/**
 * What gives an auction line's quantity back to the document it came from when the auction draft is
 * deleted or the auction closed without award, by the line's `sourceType` (1: a requisition line of the
 * demand pool, registered by the purchase-request module, so this module does not depend on it). The
 * source is { elsAccount (the buyer), sourceNumber, sourceItemNumber, quantity (the line's, its unit) }.
 */
export type EbiddingSourceRelease = (
  tx: Tx,
  source: { elsAccount: string; sourceNumber: string; sourceItemNumber: string; quantity: string },
  user: string,
) => Promise<void>;
const sourceReleases = new Map<string, EbiddingSourceRelease>();
/** Registers the release of one source type (EBIDDING_SOURCE_TYPE); the last registration wins. */
export function registerEbiddingSourceRelease(sourceType: string, release: EbiddingSourceRelease): void {
  sourceReleases.set(sourceType, release);
}
async function releaseSources(tx: Tx, row: DocRow, lines: DocRow[], user: string) {
  for (const line of lines as unknown as ItemRow[]) {
    const release = sourceReleases.get(line.sourceType);
    if (!release || !line.sourceNumber || !line.sourceItemNumber) continue;
    await release(
      tx,
      {
        elsAccount: String(row.elsAccount),
        sourceNumber: line.sourceNumber,
        sourceItemNumber: line.sourceItemNumber,
        quantity: line.quantity,
      },
      user,
    );
  }
}

/**
 * An auction that is about to end without any offer ("bid failed", 5 — a final status: it can be neither
 * awarded nor closed) gives the quantities it took from the demand pool back (issue #14), as a close does.
 * Called by the timers before they set the status; the buyer's "end now" does the same in its effect.
 */
async function releaseIfFailed(tx: Tx, row: EbiddingRow) {
  if (endStatus(row) !== '5') return;
  await releaseSources(
    tx,
    row as unknown as DocRow,
    await ebiddingKind.findLines(tx, row.id),
    `${row.elsAccount}_system`,
  );
}

export const ebiddingKind = defineKind({
  def,
  header: ebidding,
  lines: ebiddingItem,
  documentId: ebiddingItem.documentId,
  // Data permissions (issue #19): the auction's purchase organisation.
  dataPermission: { purchaseOrg: 'organizationCode' },
  // Approval conditions (issue #19, every e-auction flow): auction type, the lines' categories and the
  // purchasing organisation.
  approvalConditions: {
    documentType: 'ebiddingType',
    category: { materialId: 'materialId' },
    organisation: { purchaseOrg: 'organizationCode' },
  },
  numberOwner: 'purchase',
  save: saveEbidding,
  // A supplier reads the auctions it is invited to: its list from the sale index, one document by an
  // EXISTS on ebidding_supplier.
  saleIndex: {
    table: ebiddingSaleIndex,
    source: {
      table: ebiddingSupplier,
      documentId: ebiddingSupplier.ebiddingId,
      account: ebiddingSupplier.toElsAccount,
    },
  },
  effects: {
    publish,
    start,
    pause,
    resume,
    extend,
    finish,
    close,
    withdrawAward,
    withdrawFinish,
    withdrawBargain,
  },
  // The award names its winners and a total-price lot's split, the bargain its bidders and deadline: their
  // own routes (award below, bargain.ts).
  ownRoutes: ['award', 'bargain', 'bid'],
  // A start, an end or a close by the buyer reaches the open rooms and consoles at once.
  afterAction: async ({ db, broker, env }, _action, row) =>
    publishLive(broker, env, await livePushes(db, row as unknown as EbiddingRow, 'status')),
  approvalContent: (row) => String(row.ebiddingName ?? ''),
  // A deleted draft gives its quantities back to the demand pool.
  release: (tx, row, lines, auth) => releaseSources(tx, row, lines, userKey(auth)),
  // The printed auction record: ranking, bid log and its chain check after the kernel's header (record.ts).
  printSections: (db, auth, side, row, locale) => ebiddingPrintSections(db, auth, side, row, locale),
});

/**
 * The start timer: a published auction with a scheduled start becomes "bidding" (2) by the system, and
 * the suppliers are told. A start moved later is scheduled again; anything else is left alone.
 */
registerJobHandler(START_JOB, async (tx, job, { env, broker, afterCommit }) => {
  const [row] = await tx
    .select()
    .from(ebidding)
    .where(and(eq(ebidding.id, job.jobKey), eq(ebidding.elsAccount, String(job.payload.elsAccount))))
    .for('update');
  if (row?.ebiddingStatus !== '1' || row.startMethod !== '2') return;
  if (row.startTime.getTime() > now()) {
    await scheduleJob(tx, { kind: START_JOB, key: row.id, runAt: row.startTime, payload: job.payload });
    return;
  }
  const started = await ebiddingKind.transition(
    tx,
    serverActor(row.elsAccount, 'system'),
    row as unknown as DocRow,
    { ebiddingStatus: '2' },
    'start',
  );
  await tellBidders(tx, env, row, {
    zh_cn: '竞价已开始：{number} {name}',
    en: 'E-auction {number} {name} has started',
  });
  const pushes = await livePushes(tx, started as unknown as EbiddingRow, 'status');
  afterCommit(() => publishLive(broker, env, pushes));
});

/**
 * The end timer: once the clock has reached the auction's end (extensions move it), a running or
 * published auction becomes finished (3) or bid failed (5) by the system, at its end time; the buyer who
 * made it and the suppliers are told. Before the end it schedules itself at the end again.
 */
registerJobHandler(END_JOB, async (tx, job, { env, broker, afterCommit }) => {
  const [row] = await tx
    .select()
    .from(ebidding)
    .where(and(eq(ebidding.id, job.jobKey), eq(ebidding.elsAccount, String(job.payload.elsAccount))))
    .for('update');
  if (!row || !['1', '2'].includes(row.ebiddingStatus)) return;
  if (row.pauseStatus === '1' || row.endTime.getTime() > now()) {
    // Paused: the end moves on resuming; look again in a few seconds.
    const runAt = row.pauseStatus === '1' ? new Date(now() + PAUSED_POLL_MS) : row.endTime;
    await scheduleJob(tx, { kind: END_JOB, key: row.id, runAt, payload: job.payload });
    return;
  }
  await releaseIfFailed(tx, row);
  const ended = await ebiddingKind.transition(
    tx,
    serverActor(row.elsAccount, 'system'),
    row as unknown as DocRow,
    { ebiddingStatus: endStatus(row), finishTime: row.endTime, ...(await dropPendingEnd(tx, row)) },
    'finish',
  );
  const pushes = await livePushes(tx, ended as unknown as EbiddingRow, 'status');
  afterCommit(() => publishLive(broker, env, pushes));
  await tellBidders(tx, env, row, {
    zh_cn: '竞价已结束：{number} {name}',
    en: 'E-auction {number} {name} has ended',
  });
  await notify(tx, env, {
    receivers: { users: [ebiddingKind.creatorOf(row as unknown as DocRow)] },
    msgTitle: fillText(
      { zh_cn: '竞价已结束：{number}', en: 'E-auction {number} has ended' },
      { number: row.ebiddingNumber },
    ),
    msgContent: fillText(
      row.lastBidSeq > 0
        ? { zh_cn: '共 {count} 次出价，可以定标', en: '{count} offers; the result is ready for award' }
        : { zh_cn: '没有供应商出价，竞价失败', en: 'No supplier made an offer; the auction failed' },
      { count: row.lastBidSeq },
    ),
    businessType: def.kind,
    businessId: row.id,
    linkUrl: consoleLink(row.id),
  });
});

/**
 * A Japanese auction's round boundary: when fewer than two suppliers accepted the round that just ended,
 * the auction ends now (finished with an acceptance, bid failed without); otherwise the next boundary is
 * scheduled. A late timer decides by the clock all the same: offers for a round no longer open were
 * refused when they came.
 */
registerJobHandler(STEP_JOB, async (tx, job, { env, broker, afterCommit }) => {
  const [row] = await tx
    .select()
    .from(ebidding)
    .where(and(eq(ebidding.id, job.jobKey), eq(ebidding.elsAccount, String(job.payload.elsAccount))))
    .for('update');
  if (row?.ebiddingType !== '3' || !['1', '2'].includes(row.ebiddingStatus)) return;
  const now = nowDate();
  if (row.pauseStatus === '1') {
    await scheduleJob(tx, {
      kind: STEP_JOB,
      key: row.id,
      runAt: new Date(now.getTime() + PAUSED_POLL_MS),
      payload: job.payload,
    });
    return;
  }
  const { round } = clockOf(row, row.startingPrice ?? '0', now);
  if (row.ebiddingStatus === '1' || round === 1) {
    await scheduleStep(tx, row, row.startTime);
    return;
  }
  const [standing] = await tx
    .select({ n: count() })
    .from(ebiddingOffer)
    .where(and(eq(ebiddingOffer.ebiddingId, row.id), gte(ebiddingOffer.bout, round - 1)));
  if (standing.n >= 2) {
    await scheduleStep(tx, row, row.startTime);
    return;
  }
  await releaseIfFailed(tx, row);
  const ended = await ebiddingKind.transition(
    tx,
    serverActor(row.elsAccount, 'system'),
    row as unknown as DocRow,
    { ebiddingStatus: endStatus(row), endTime: now, finishTime: now, ...(await dropPendingEnd(tx, row)) },
    'finish',
  );
  await tellBidders(tx, env, row, {
    zh_cn: '竞价已结束：{number} {name}',
    en: 'E-auction {number} {name} has ended',
  });
  const pushes = await livePushes(tx, ended as unknown as EbiddingRow, 'status');
  afterCommit(() => publishLive(broker, env, pushes));
});

// ——— bidding ———

/** The key of a lot or line in the offers table: 'lot' by total price, else the line's id. */
export const lotKey = (itemId: string | null) => itemId ?? 'lot';

/** Every supplier's current offer on every lot or line of the auction (one indexed read). */
export async function currentOffers(db: Queryable, id: string, keys?: string[]): Promise<OfferRow[]> {
  return db
    .select()
    .from(ebiddingOffer)
    .where(
      keys
        ? and(eq(ebiddingOffer.ebiddingId, id), inArray(ebiddingOffer.lotKey, keys))
        : eq(ebiddingOffer.ebiddingId, id),
    )
    .orderBy(ebiddingOffer.lotKey, ebiddingOffer.price, ebiddingOffer.seq);
}

/**
 * The ranking of one lot or line: each supplier's current offer, lowest first; an equal price ranks the
 * earlier offer first (it was there first — and the rules never accept a tie with the best).
 */
export function rankOffers(offers: OfferRow[]): Array<{ offer: OfferRow; rank: number }> {
  return [...offers]
    .sort((a, b) => new Decimal(a.price).cmp(b.price) || a.seq - b.seq)
    .map((offer, i) => ({ offer, rank: i + 1 }));
}

/** The standings of the given lots or lines for a push: best price, count, ranking as bid-log numbers. */
async function standingsOf(db: Queryable, id: string, keys: string[]): Promise<EbiddingStanding[]> {
  return standingsFrom(await currentOffers(db, id, keys), keys);
}

/** standingsOf over offers already read (each supplier's current offer on the lots or lines `keys`). */
function standingsFrom(offers: OfferRow[], keys: string[]): EbiddingStanding[] {
  return keys.map((key) => {
    const ranked = rankOffers(offers.filter((o) => o.lotKey === key));
    return {
      itemId: key === 'lot' ? null : key,
      bestPrice: ranked[0]?.offer.price ?? null,
      bidders: ranked.length,
      ranking: ranked.map((r) => r.offer.seq),
    };
  });
}

export type { LivePushes };

/**
 * Builds the pushes of a change from inside its transaction (the state it commits): the auction's
 * status, end and extensions, the standings of `keys` (all lots or lines when omitted), and for the
 * buyer the offer itself.
 */
export async function livePushes(
  db: Queryable,
  row: EbiddingRow,
  event: EbiddingPush['event'],
  keys?: string[],
  bid?: EbiddingPush['bid'],
): Promise<LivePushes> {
  const all =
    keys ??
    (row.ebiddingMethod === '1'
      ? ['lot']
      : ((await ebiddingKind.findLines(db, row.id)) as unknown as ItemRow[]).map((l) => l.id));
  return pushesOf(row, event, await standingsOf(db, row.id, all), bid);
}

/** livePushes with the standings already known (an offer's transaction computes them from its own read). */
function pushesOf(
  row: EbiddingRow,
  event: EbiddingPush['event'],
  standings: EbiddingStanding[],
  bid?: EbiddingPush['bid'],
): LivePushes {
  const sale: EbiddingPush = {
    ebiddingId: row.id,
    event,
    ebiddingStatus: row.ebiddingStatus,
    paused: row.pauseStatus === '1',
    endTime: row.endTime.toISOString(),
    postponeCount: row.postponeCount,
    serverTime: nowDate().toISOString(),
    standings,
  };
  return { id: row.id, seq: row.lastBidSeq, sale, purchase: bid ? { ...sale, bid } : sale };
}

/**
 * Publishes both views (after the change committed), coalesced per auction over
 * PUSH_COALESCE_WINDOW_MS (push-coalescer.ts, issue #14): the first push of a quiet auction goes out at
 * once, changes committed within the window after it are merged into one push per side carrying the
 * latest standings. Resolves once the push carrying this change was published. A failed publish is
 * logged by the caller and costs nothing lasting: rooms and consoles also re-read on reconnect and poll
 * while the broker is away.
 */
export async function publishLive(broker: Broker | undefined, env: string, pushes: LivePushes) {
  if (!broker) return;
  await publishCoalesced(broker, env, pushes);
}

/**
 * Who may subscribe to an auction's live view (issue #14 "a supplier subscribes only to its own view of
 * an auction it is invited to"): `…/ebidding/{id}/sale` a sale-station user of an invited supplier of a
 * published auction; `…/ebidding/{id}/purchase` a purchase-station user of the buyer that owns it.
 */
export function ebiddingTopicAuthorizer(db: Db, env: string) {
  const pattern = new RegExp(
    `^srm/${env.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/ebidding/([0-9a-f-]{36})/(sale|purchase)$`,
  );
  return async (identity: { elsAccount: string; station?: string }, topic: string) => {
    const match = pattern.exec(topic);
    if (!match) return undefined;
    const [, id, side] = match;
    if (identity.station !== side) return false;
    if (side === 'purchase') {
      const [row] = await db
        .select({ id: ebidding.id })
        .from(ebidding)
        .where(and(eq(ebidding.id, id), eq(ebidding.elsAccount, identity.elsAccount)));
      return !!row;
    }
    const [row] = await db
      .select({ id: ebiddingSupplier.id })
      .from(ebiddingSupplier)
      .where(
        and(eq(ebiddingSupplier.ebiddingId, id), eq(ebiddingSupplier.toElsAccount, identity.elsAccount)),
      );
    return !!row;
  };
}
/** Registers the auction topics' authorizer on a server's authorizers, reading its database (the routes call it). */
export function registerEbiddingTopics(topics: TopicAuthorizers, db: Db, env: string): void {
  topics.register('ebidding', ebiddingTopicAuthorizer(db, env));
}

/**
 * An offer (supplier): with the auction locked and the server's clock read after the
 * lock, the auction must be taking offers (running, or a scheduled start that has come, and before the
 * end); the offer meets the rules (above 0, at most the starting price, below the bidder's own current
 * offer and the best by the least decrement); at most `quoteNumber` offers per supplier when set; an
 * English auction's `quoteInterval` minutes since the supplier's last offer (else 400 `ebidQuoteInterval`
 * naming the seconds left; issue #33). In the
 * same transaction: the bid-log row with its hash, the supplier's current offer, the lot's or line's best
 * price, the bidder's count, and — an offer in the last `quotePostponeMinute` minutes — the extension of
 * the end (the end timer, firing at the old end, finds the new one and waits for it). The offer is
 * acknowledged only once this commits; the answer carries the pushes for the caller to publish.
 *
 * Dutch and Japanese auctions take `{ accept: true }` at the descending clock's price (clockOf): Dutch,
 * the first acceptance of a lot or line takes it, and the auction ends once every one is taken; Japanese
 * (by total price), round n may be accepted once by whoever accepted round n − 1 while at least two
 * did — the round timer ends the auction when one or none is left (the ranking then names the winner:
 * the lowest accepted price, the earlier acceptance first).
 */
export async function placeBid(db: Queryable, auth: AuthContext, id: string, body: EbiddingBidBody) {
  return db.transaction(async (tx) => {
    const row = (await ebiddingKind.find(tx, auth, 'sale', id, true)) as unknown as EbiddingRow;
    const at = nowDate();
    if (!biddingOpen(row, at))
      throw badRequest(
        row.pauseStatus === '1'
          ? 'ebidPaused'
          : row.ebiddingStatus === '1'
            ? 'ebidNotStarted'
            : 'ebidNotOpen',
        { end: minuteText(row.endTime) },
      );
    let item: ItemRow | null = null;
    if (row.ebiddingMethod === '2') {
      if (!body.itemId) throw badRequest('ebidLineRequired');
      [item] = await tx
        .select()
        .from(ebiddingItem)
        .where(and(eq(ebiddingItem.documentId, id), eq(ebiddingItem.id, body.itemId)));
      if (!item) throw badRequest('ebidLineUnknown');
    } else if (body.itemId) throw badRequest('ebidLineNotByLine');
    const key = lotKey(item?.id ?? null);
    // One read (issue #14: PGlite runs every statement on the one thread that also fans the pushes out):
    // the invited suppliers, each with its current offer on this lot or line. Offers come only from
    // invited suppliers (this function's own check), so these are all of the lot's offers, read under the
    // auction's lock: the rules, the Dutch and Japanese checks and the push's standings need no more.
    const invited = await tx
      .select({ supplier: ebiddingSupplier, offer: ebiddingOffer })
      .from(ebiddingSupplier)
      .leftJoin(
        ebiddingOffer,
        and(
          eq(ebiddingOffer.ebiddingId, ebiddingSupplier.ebiddingId),
          eq(ebiddingOffer.toElsAccount, ebiddingSupplier.toElsAccount),
          eq(ebiddingOffer.lotKey, key),
        ),
      )
      .where(eq(ebiddingSupplier.ebiddingId, id));
    const bidder = invited.find((r) => r.supplier.toElsAccount === auth.elsAccount)?.supplier;
    if (!bidder) throw new AppError('404', 'documentNotFound');
    if (row.quoteNumber && bidder.bidCount >= row.quoteNumber)
      throw badRequest('ebidTooManyBids', { max: row.quoteNumber });
    // The quote interval (seed 001 `quoteInterval`, minutes; issue #33): an English auction's least time
    // between one supplier's offers, on any lot or line, from its last offer (read in the one read above).
    if (row.ebiddingType === '1' && row.quoteInterval && bidder.lastBidTime) {
      const wait = bidder.lastBidTime.getTime() + row.quoteInterval * 60_000 - at.getTime();
      if (wait > 0)
        throw badRequest('ebidQuoteInterval', {
          seconds: Math.ceil(wait / 1000),
          minutes: row.quoteInterval,
        });
    }
    const lotOffers = invited.flatMap((r) => (r.offer ? [r.offer] : []));
    const own = lotOffers.find((o) => o.toElsAccount === auth.elsAccount);
    const startingPrice = (item ? item.startingPrice : row.startingPrice) as string;
    let price: string;
    let bout = row.bout;
    if (row.ebiddingType === '1') {
      if (!('price' in body)) throw badRequest('ebidPriceRequired');
      rule(
        englishBidProblem({
          offer: body.price,
          startingPrice,
          ownLast: own?.price ?? null,
          best: item ? item.bestPrice : row.bestPrice,
          priceReviseType: row.priceReviseType,
          priceReviseExtent: row.priceReviseExtent,
        }),
      );
      price = new Decimal(body.price).toFixed(6);
    } else {
      if (!('accept' in body)) throw badRequest('ebidAcceptRequired');
      const clock = clockOf(row, startingPrice, at);
      price = clock.price;
      if (row.ebiddingType === '2') {
        // Dutch: the first acceptance takes the lot or line at the clock's price.
        if (lotOffers.length > 0) throw badRequest('ebidTaken');
      } else {
        // Japanese: round n is open to whoever accepted round n − 1 while at least two did.
        bout = clock.round;
        if (own?.bout === bout) throw badRequest('ebidRoundAccepted', { round: bout });
        if (bout > 1) {
          if (own?.bout !== bout - 1) throw badRequest('ebidDroppedOut', { round: bout - 1 });
          const standing = lotOffers.filter((o) => o.bout >= bout - 1).length;
          if (standing < 2) throw badRequest('ebidNotOpen', { end: minuteText(row.endTime) });
        }
      }
    }
    const seq = row.lastBidSeq + 1;
    const bid = {
      ebiddingId: id,
      seq,
      itemId: item?.id ?? null,
      toElsAccount: auth.elsAccount,
      bout,
      price,
      bidTime: at.getTime(),
      prevHash: row.lastBidHash ?? row.id,
    };
    const hash = bidHash(bid);
    // Extensions are the English auction's (a descending clock has its own end).
    const newEnd =
      row.ebiddingType !== '1'
        ? null
        : extendedEnd({
            end: row.endTime,
            at,
            windowMinutes: row.quotePostponeMinute ?? 0,
            extendMinutes: row.postponeMinute ?? 0,
            rule: row.postponeRule,
            done: row.postponeCount,
            maxExtensions: row.canPostponeBout ?? 0,
          });
    let current = row;
    if (row.ebiddingStatus === '1')
      current = (await ebiddingKind.transition(
        tx,
        serverActor(row.elsAccount, 'system'),
        row as unknown as DocRow,
        { ebiddingStatus: '2' },
        'start',
      )) as unknown as EbiddingRow;
    const offer = {
      ebiddingId: id,
      lotKey: key,
      toElsAccount: auth.elsAccount,
      price,
      seq,
      bout,
      bidTime: at.getTime(),
    };
    // The offer's writes in one statement (issue #14: one round trip instead of four or five): the bid-log
    // row, the supplier's current offer, its count, the line's best price (per line) as data-modifying
    // CTEs, and the auction's header. Not through the kernel's transition: an offer is not an edit of the
    // buyer's document (its version guards the buyer's own actions); the bid log is its record.
    const writes = [
      tx.$with('bid_row', {}).as(
        tx
          .insert(ebiddingBid)
          .values({ ...bid, hash, createUser: userKey(auth) })
          .getSQL(),
      ),
      tx.$with('offer_row', {}).as(
        tx
          .insert(ebiddingOffer)
          .values(offer)
          .onConflictDoUpdate({
            target: [ebiddingOffer.ebiddingId, ebiddingOffer.lotKey, ebiddingOffer.toElsAccount],
            set: { price, seq, bout, bidTime: at.getTime() },
          })
          .getSQL(),
      ),
      tx.$with('bidder_row', {}).as(
        tx
          .update(ebiddingSupplier)
          .set({ bidderStatus: '1', bidCount: sql`${ebiddingSupplier.bidCount} + 1`, lastBidTime: at })
          .where(eq(ebiddingSupplier.id, bidder.id))
          .getSQL(),
      ),
      ...(item
        ? [
            tx
              .$with('item_row', {})
              .as(
                tx
                  .update(ebiddingItem)
                  .set({ bestPrice: price })
                  .where(eq(ebiddingItem.id, item.id))
                  .getSQL(),
              ),
          ]
        : []),
    ];
    [current] = await tx
      .with(...writes)
      .update(ebidding)
      .set({
        lastBidSeq: seq,
        lastBidHash: hash,
        ...(item ? {} : { bestPrice: price }),
        ...(newEnd ? { endTime: newEnd, postponeCount: row.postponeCount + 1 } : {}),
      })
      .where(eq(ebidding.id, id))
      .returning();
    // Dutch: once every lot or line is taken, the auction ends at this moment.
    if (row.ebiddingType === '2') {
      const [taken] = await tx
        .select({ n: sql<number>`count(distinct ${ebiddingOffer.lotKey})::int` })
        .from(ebiddingOffer)
        .where(eq(ebiddingOffer.ebiddingId, id));
      const lots = row.ebiddingMethod === '1' ? 1 : (await ebiddingKind.findLines(tx, id)).length;
      if (taken.n >= lots)
        current = (await ebiddingKind.transition(
          tx,
          serverActor(row.elsAccount, 'system'),
          current as unknown as DocRow,
          {
            ebiddingStatus: '3',
            endTime: at,
            finishTime: at,
            ...(await dropPendingEnd(tx, current as unknown as DocRow)),
          },
          'finish',
        )) as unknown as EbiddingRow;
    }
    // The lot's offers as committed: those read under the lock with this bidder's replaced by the new one.
    const committed = [...lotOffers.filter((o) => o.toElsAccount !== auth.elsAccount), offer];
    const pushes = pushesOf(current, 'bid', standingsFrom(committed, [key]), {
      seq,
      itemId: item?.id ?? null,
      toElsAccount: auth.elsAccount,
      supplierName: bidder.supplierName,
      price,
      bidTime: at.toISOString(),
    });
    return {
      answer: { seq, price, bidTime: at.toISOString(), extendedTo: newEnd?.toISOString() ?? null },
      pushes,
    };
  });
}

/** A lot's or line's descending clock while running (Dutch, Japanese); null for English or not running. */
const clockFor = (row: EbiddingRow, startingPrice: string | null, at: Date) =>
  row.ebiddingType !== '1' && startingPrice && biddingOpen(row, at) ? clockOf(row, startingPrice, at) : null;

/** The auction as both views need it: lines, current offers and the server's clock. */
async function roomState(db: Queryable, row: EbiddingRow) {
  const lines = (await ebiddingKind.findLines(db, row.id)) as unknown as ItemRow[];
  const offers = await currentOffers(db, row.id);
  const now = nowDate();
  return { lines, offers, now, open: biddingOpen(row, now) };
}

/**
 * The supplier's bidding room: the auction (record), the server's time (ISO-8601, for the countdown's
 * clock offset), whether offers are taken now, and per lot or line its starting and best price, the
 * caller's own current offer and its bid-log number (ownSeq: its place in a push's ranking), the round
 * of its current offer (ownBout: a Japanese auction's last accepted round), rank (1 = best) and how many
 * suppliers have offered. Never another
 * supplier's name or offer; names not even with showSupplier (the buyer's console shows them).
 */
/**
 * What a winner of an awarded auction got (issue #33): per line its share (percent) and quantity (the line's
 * unit) at the awarded unit price, read from the price records the award wrote (source = this auction), in
 * line order. Only the caller's own.
 */
async function awardedShares(db: Queryable, row: EbiddingRow, account: string) {
  const records = await db
    .select({
      lineNumber: priceMaster.sourceItemNumber,
      quota: priceMaster.quota,
      price: priceMaster.priceExcludingTax,
    })
    .from(priceMaster)
    .where(
      and(
        eq(priceMaster.elsAccount, row.elsAccount),
        eq(priceMaster.toElsAccount, account),
        eq(priceMaster.sourceType, 'ebidding'),
        eq(priceMaster.sourceNumber, row.ebiddingNumber),
      ),
    );
  const lines = (await ebiddingKind.findLines(db, row.id)) as unknown as ItemRow[];
  return records
    .map((r) => {
      const line = lines.find((l) => String(l.lineNumber) === r.lineNumber);
      return line
        ? {
            lineNumber: line.lineNumber,
            materialNumber: line.materialNumber,
            unit: line.unit,
            quota: r.quota,
            quantity: new Decimal(line.quantity).mul(r.quota).div(100).toDecimalPlaces(3).toFixed(3),
            price: r.price,
          }
        : null;
    })
    .filter((a) => a !== null)
    .sort((a, b) => a.lineNumber - b.lineNumber);
}

export async function findRoom(db: Queryable, auth: AuthContext, id: string) {
  ebiddingKind.assertSide(auth, 'sale', 'bid', id);
  const row = (await ebiddingKind.find(db, auth, 'sale', id)) as unknown as EbiddingRow;
  const { lines, offers, now, open } = await roomState(db, row);
  const [bidder] = await db
    .select()
    .from(ebiddingSupplier)
    .where(and(eq(ebiddingSupplier.ebiddingId, id), eq(ebiddingSupplier.toElsAccount, auth.elsAccount)));
  const standing = (itemId: string | null) => {
    const ranked = rankOffers(offers.filter((o) => o.lotKey === lotKey(itemId)));
    const mine = ranked.find((r) => r.offer.toElsAccount === auth.elsAccount);
    return {
      bestPrice: ranked[0]?.offer.price ?? null,
      ownPrice: mine?.offer.price ?? null,
      ownSeq: mine?.offer.seq ?? null,
      ownBout: mine?.offer.bout ?? null,
      rank: mine?.rank ?? null,
      bidders: ranked.length,
    };
  };
  return {
    record: ebiddingKind.toRecord(row as unknown as DocRow),
    serverTime: now.toISOString(),
    open,
    bidCount: bidder?.bidCount ?? 0,
    bidderStatus: bidder?.bidderStatus ?? '0',
    // The bargain round (bargain.ts): BIDDER_BARGAIN_STATUS of the caller ('1' may give a final offer).
    bargainStatus: bidder?.bargainStatus ?? '0',
    awarded: bidder?.bidderStatus === '3' ? await awardedShares(db, row, auth.elsAccount) : [],
    lot:
      row.ebiddingMethod === '1'
        ? {
            startingPrice: row.startingPrice,
            ...standing(null),
            clock: clockFor(row, row.startingPrice, now),
          }
        : null,
    lines: lines.map((line) => ({
      itemId: line.id,
      lineNumber: line.lineNumber,
      materialNumber: line.materialNumber,
      materialDesc: line.materialDesc,
      unit: line.unit,
      quantity: line.quantity,
      deliveryDate: line.deliveryDate,
      startingPrice: line.startingPrice,
      ...(row.ebiddingMethod === '2'
        ? { ...standing(line.id), clock: clockFor(row, line.startingPrice, now) }
        : {}),
    })),
  };
}

/**
 * The buyer's console: the auction (record), the server's time, whether offers are taken, the invited
 * suppliers with their status and offer count, and per lot or line the live ranking with names, plus
 * the whole bid log in order (price over time: the chart's data).
 */
export async function findConsole(db: Queryable, auth: AuthContext, id: string) {
  ebiddingKind.assertSide(auth, 'purchase', 'edit', id);
  const row = (await ebiddingKind.find(db, auth, 'purchase', id)) as unknown as EbiddingRow;
  const { lines, offers, now, open } = await roomState(db, row);
  const bidders = await db
    .select()
    .from(ebiddingSupplier)
    .where(eq(ebiddingSupplier.ebiddingId, id))
    .orderBy(ebiddingSupplier.toElsAccount);
  const names = new Map(bidders.map((b) => [b.toElsAccount, b.supplierName]));
  const ranking = (itemId: string | null) =>
    rankOffers(offers.filter((o) => o.lotKey === lotKey(itemId))).map(({ offer, rank }) => ({
      rank,
      toElsAccount: offer.toElsAccount,
      supplierName: names.get(offer.toElsAccount) ?? offer.toElsAccount,
      price: offer.price,
      bidTime: new Date(offer.bidTime).toISOString(),
    }));
  const log = await findBidLog(db, id);
  const draft = row as unknown as { invitedSuppliers: Array<{ account: string; name: string }> };
  return {
    record: ebiddingKind.toRecord(row as unknown as DocRow),
    serverTime: now.toISOString(),
    open,
    bidders:
      bidders.length > 0
        ? bidders.map((b) => ({
            toElsAccount: b.toElsAccount,
            supplierName: b.supplierName,
            bidderStatus: b.bidderStatus,
            bidCount: b.bidCount,
            bargainStatus: b.bargainStatus,
            lastBidTime: b.lastBidTime?.toISOString() ?? null,
          }))
        : draft.invitedSuppliers.map((s) => ({
            toElsAccount: s.account,
            supplierName: s.name,
            bidderStatus: null,
            bidCount: 0,
            bargainStatus: '0',
            lastBidTime: null,
          })),
    lot:
      row.ebiddingMethod === '1'
        ? {
            startingPrice: row.startingPrice,
            ranking: ranking(null),
            clock: clockFor(row, row.startingPrice, now),
          }
        : null,
    lines: lines.map((line) => ({
      itemId: line.id,
      lineNumber: line.lineNumber,
      materialNumber: line.materialNumber,
      materialDesc: line.materialDesc,
      unit: line.unit,
      quantity: line.quantity,
      deliveryDate: line.deliveryDate,
      startingPrice: line.startingPrice,
      ranking: row.ebiddingMethod === '2' ? ranking(line.id) : null,
      clock: row.ebiddingMethod === '2' ? clockFor(row, line.startingPrice, now) : null,
    })),
    log: log.map((b) => ({
      seq: b.seq,
      itemId: b.itemId,
      toElsAccount: b.toElsAccount,
      supplierName: names.get(b.toElsAccount) ?? b.toElsAccount,
      price: b.price,
      bidTime: new Date(b.bidTime).toISOString(),
      hash: b.hash,
    })),
  };
}

/**
 * Verifies the bid log (buyer): recomputes every row's hash from the one before it, from the auction's id
 * to the head the header records (checkBidChain). Answers { intact, count, head, brokenAt (the first row's
 * seq whose link or hash does not hold, or null) }.
 */
export async function verifyBidLog(db: Queryable, auth: AuthContext, id: string) {
  ebiddingKind.assertSide(auth, 'purchase', 'edit', id);
  const row = (await ebiddingKind.find(db, auth, 'purchase', id)) as unknown as EbiddingRow;
  return checkBidChain(row, await findBidLog(db, id));
}

/** The whole bid log of an auction in its order (seq ascending). */
export async function findBidLog(db: Queryable, id: string): Promise<BidRow[]> {
  return db.select().from(ebiddingBid).where(eq(ebiddingBid.ebiddingId, id)).orderBy(asc(ebiddingBid.seq));
}

/**
 * The chain check of a bid log (`log` in seq order, all of the auction's rows): each row must be number
 * i + 1, link to the previous row's hash (the first to the auction's id) and carry the hash of its own
 * fields (bidHash); the last hash and the count must be the header's (`lastBidHash`, `lastBidSeq`), so a
 * removed last row shows too. Answers { intact, count, head, brokenAt (first broken seq, or the seq after
 * the log's end when rows are missing there; null when intact) }. Pure: the verify call and the printed
 * auction record use it alike.
 */
export function checkBidChain(
  row: Pick<EbiddingRow, 'id' | 'lastBidSeq' | 'lastBidHash'>,
  log: readonly BidRow[],
) {
  let prev = row.id;
  let brokenAt: number | null = null;
  for (const [i, b] of log.entries()) {
    const expected = bidHash({ ...b, prevHash: prev });
    if (b.seq !== i + 1 || b.prevHash !== prev || b.hash !== expected) {
      brokenAt = b.seq;
      break;
    }
    prev = b.hash;
  }
  if (brokenAt === null && (log.length !== row.lastBidSeq || (log.length > 0 && prev !== row.lastBidHash)))
    brokenAt = Math.min(log.length, row.lastBidSeq) + 1;
  return { intact: brokenAt === null, count: log.length, head: row.lastBidHash, brokenAt };
}

/**
 * Award (buyer, a finished auction; spec 001 §4 "won", issue #14 "award → price master and order drafts
 * as in sourcing"): one winner per lot (by total price) or per awarded line (per line), each with a
 * current offer there (usually rank 1). By total price the winning total is split into line unit prices
 * whose amounts sum to it to the cent (`linePrices`, every line once). In one transaction: price-master
 * records valid until `priceValidDate` (default one year on) and an order draft per winner
 * (order/from-award.ts), the winners "won" and every other invited supplier "not won", the auction
 * "won" (4, one audit row); each supplier that offered hears won or not won in its language.
 */
export async function awardEbidding(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: EbiddingAwardBody,
): Promise<EbiddingAwardResult> {
  ebiddingKind.assertSide(auth, 'purchase', 'award', id);
  return db.transaction(async (tx) => {
    const row = (await ebiddingKind.find(tx, auth, 'purchase', id, true)) as unknown as EbiddingRow;
    if (row.version !== body.version) throw conflict();
    ebiddingKind.assertAllowed(row as unknown as DocRow, 'purchase', 'award');
    await checkEbiddingAward(tx, row, body);
    const asked = await requestAction<EbiddingAwardBody, EbiddingAwardResult>(
      tx,
      env,
      auth,
      'ebiddingResult',
      row as unknown as DocRow,
      body,
      body.remark,
    );
    if (asked.state === 'done') return asked.result;
    return { record: ebiddingKind.toRecord(asked.row), orders: [], prices: 0, pushes: null, pending: true };
  });
}

/** The award's answer; `pending` when it waits for its approval ("result e-bidding"), nothing written. */
export type EbiddingAwardResult = {
  record: Record<string, unknown>;
  orders: Array<{ id: string; orderNumber: string; toElsAccount: string }>;
  prices: number;
  /** The room's status push to publish after commit (null when nothing changed in the room). */
  pushes: LivePushes | null;
  pending: boolean;
};

/**
 * Checks an award body against the auction as it is now (one winner per lot with an offer there; by total
 * price a split whose amounts sum to the winning total): the winners (supplier → awarded lines) and the
 * bidders. '400' naming the rule otherwise.
 */
async function checkEbiddingAward(tx: Queryable, row: EbiddingRow, body: EbiddingAwardBody) {
  const id = row.id;
  const lines = (await ebiddingKind.findLines(tx, id)) as unknown as ItemRow[];
  const offers = await currentOffers(tx, id);
  const bidders = await tx.select().from(ebiddingSupplier).where(eq(ebiddingSupplier.ebiddingId, id));
  const offerOf = (key: string, account: string) => {
    const found = offers.find((o) => o.lotKey === key && o.toElsAccount === account);
    if (!found) throw badRequest('ebidAwardNoOffer', { account });
    return found;
  };
  const winners = new Map<string, AwardedLine[]>();
  const add = (account: string, line: ItemRow, price: string) => {
    const list = winners.get(account) ?? [];
    list.push({
      materialId: line.materialId,
      materialNumber: line.materialNumber,
      materialDesc: line.materialDesc,
      unit: line.unit,
      quantity: line.quantity,
      price,
      taxRate: row.taxRate,
      deliveryDate: line.deliveryDate,
      quota: '100',
      lineNumber: line.lineNumber,
    });
    winners.set(account, list);
  };
  if (row.ebiddingMethod === '1') {
    const [only, ...rest] = body.awards;
    if (rest.length > 0 || only.itemId !== null) throw badRequest('ebidLineNotByLine');
    const offer = offerOf('lot', only.toElsAccount);
    const split = body.linePrices ?? [];
    if (split.length !== lines.length || new Set(split.map((l) => l.itemId)).size !== lines.length)
      throw badRequest('ebidSplitLines');
    const priced = lines.map((line) => {
      const given = split.find((l) => l.itemId === line.id);
      if (!given) throw badRequest('ebidSplitLines');
      return { line, price: new Decimal(given.price).toFixed(6) };
    });
    rule(
      splitProblem(
        offer.price,
        priced.map((p) => ({ quantity: p.line.quantity, price: p.price })),
      ),
    );
    for (const p of priced) add(only.toElsAccount, p.line, p.price);
  } else {
    const seen = new Set<string>();
    for (const a of body.awards) {
      const line = lines.find((l) => l.id === a.itemId);
      if (!line || seen.has(line.id)) throw badRequest('ebidAwardLine');
      seen.add(line.id);
      add(a.toElsAccount, line, offerOf(line.id, a.toElsAccount).price);
    }
  }
  return { lines, bidders, winners };
}

/**
 * Runs an award (at once, or when its approval ends — then as the buyer who asked): the body is checked
 * again; price master and order drafts (order/from-award.ts), bidders won (3) / not won (4), the auction
 * awarded (4, one audit row), the bidders told in their language, and the room's status push (answered as
 * `pushes`: the route publishes them after commit; an approval's run relies on the room's polling).
 */
async function applyEbiddingAward(
  tx: Tx,
  env: string,
  auth: AuthContext,
  row: EbiddingRow,
  body: EbiddingAwardBody,
): Promise<EbiddingAwardResult> {
  ebiddingKind.assertAllowed(row as unknown as DocRow, 'purchase', 'award');
  const { bidders, winners } = await checkEbiddingAward(tx, row, body);
  const validUntil = body.priceValidDate ?? addDays(await companyToday(tx, row.elsAccount), 365);
  const result = await recordAward(tx, auth, {
    currency: row.currency,
    exchangeRate: '1',
    validUntil,
    remark: `${row.ebiddingNumber} ${row.ebiddingName}`,
    source: { type: 'ebidding', number: row.ebiddingNumber },
    winners,
  });
  for (const b of bidders)
    await tx
      .update(ebiddingSupplier)
      .set({ bidderStatus: winners.has(b.toElsAccount) ? '3' : '4' })
      .where(eq(ebiddingSupplier.id, b.id));
  const updated = await ebiddingKind.transition(
    tx,
    auth,
    row as unknown as DocRow,
    { ebiddingStatus: '4' },
    'award',
    body.remark,
  );
  for (const b of bidders.filter((x) => x.bidCount > 0)) {
    const won = winners.get(b.toElsAccount);
    await notify(tx, env, {
      receivers: { companies: [b.toElsAccount] },
      msgTitle: fillText(
        won
          ? { zh_cn: '恭喜中标：竞价 {number} {name}', en: 'You won e-auction {number} {name}' }
          : { zh_cn: '未中标：竞价 {number} {name}', en: 'Not won: e-auction {number} {name}' },
        { number: row.ebiddingNumber, name: row.ebiddingName },
      ),
      msgContent: won
        ? {
            zh_cn: won.map((l) => `${l.materialNumber} 单价 ${l.price}`).join('；'),
            en: won.map((l) => `${l.materialNumber} unit price ${l.price}`).join('; '),
          }
        : undefined,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: def.kind,
      businessId: row.id,
      linkUrl: roomLink(row.id),
    });
  }
  const pushes = await livePushes(tx, updated as unknown as EbiddingRow, 'status');
  return {
    record: ebiddingKind.toRecord(updated),
    orders: result.orders,
    prices: result.prices,
    pushes,
    pending: false,
  };
}

/** Registers the award's approval (task type "result e-bidding"): the approved award runs as its requester. */
export function registerEbiddingAwardApproval(env: string): void {
  registerActionApproval<EbiddingAwardBody, EbiddingAwardResult>(env, ebiddingKind, {
    action: 'award',
    run: (tx, actor, row, body) => applyEbiddingAward(tx, env, actor, row as unknown as EbiddingRow, body),
  });
}

/** Withdraw the award's approval (buyer): the tasks are cancelled, the asked award dropped. */
async function withdrawAward(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'ebiddingResult', ctx.row);
  return undefined;
}

/**
 * A per-line reverse auction from an RFQ whose quotes are open (issue #14 "created from … an RFQ's
 * lines"; the RFQ's comparison rules apply: '400' while sealed): the RFQ's materials, quantities and
 * dates, each line starting at its lowest quoted unit price (excl. tax, the RFQ's currency), inviting the
 * suppliers that quoted; the schedule and decrement from `body`. Saved as a draft through the kind's
 * save (its rules: ≥ 2 suppliers, end after start …); the buyer edits, submits and publishes it; each
 * line records its source (sourceType 2, the RFQ's number, the RFQ line's number). Answers
 * { id, ebiddingNumber }. '400' ebidFromEnquiryNoQuote when a line has no quote.
 */
export async function ebiddingFromEnquiry(
  db: Queryable,
  auth: AuthContext,
  enquiryId: string,
  body: {
    startTime: string;
    endTime: string;
    priceReviseType?: '1' | '2';
    priceReviseExtent: string;
    quotePostponeMinute?: number;
    postponeMinute?: number;
    canPostponeBout?: number;
  },
) {
  ebiddingKind.assertSide(auth, 'purchase', 'edit');
  const comparison = await findComparison(db, auth, enquiryId);
  const items = await enquiryKind.findLines(db, enquiryId);
  const quoted = new Set<string>();
  const today = await companyToday(db, auth.elsAccount);
  const lines = comparison.lines.map((line) => {
    const prices = line.quotes.filter((q) => q.priceExcludingTax !== null);
    if (prices.length === 0) throw badRequest('ebidFromEnquiryNoQuote', { line: line.lineNumber });
    for (const q of prices) quoted.add(q.toElsAccount);
    const lowest = Decimal.min(...prices.map((q) => new Decimal(q.priceExcludingTax as string)));
    const item = items.find((i) => i.id === line.itemId);
    return {
      materialId: String(item?.materialId),
      quantity: line.quantity,
      deliveryDate: line.deliveryDate < today ? today : line.deliveryDate,
      startingPrice: lowest.toFixed(6),
    };
  });
  const record = comparison.record as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const saved = await ebiddingKind.save(tx, auth, 'purchase', {
      ebiddingName: `${String(record.enquiryNumber)} ${String(record.enquiryDesc)}`.slice(0, 100),
      ebiddingType: '1',
      ebiddingMethod: '2',
      startMethod: '2',
      startTime: body.startTime,
      endTime: body.endTime,
      currency: String(record.currency ?? 'CNY'),
      taxRate: String(record.taxRate ?? '13'),
      priceReviseType: body.priceReviseType ?? '1',
      priceReviseExtent: body.priceReviseExtent,
      ...(body.quotePostponeMinute ? { quotePostponeMinute: body.quotePostponeMinute } : {}),
      ...(body.postponeMinute ? { postponeMinute: body.postponeMinute } : {}),
      ...(body.canPostponeBout ? { canPostponeBout: body.canPostponeBout } : {}),
      remark: `询价单 / RFQ ${String(record.enquiryNumber)}`,
      suppliers: [...quoted],
      lines,
    });
    // Each auction line keeps its source: the RFQ's number and line number (EBIDDING_SOURCE_TYPE 2). The
    // RFQ moved no demand-pool quantity into the auction, so nothing is released for it on a close.
    const made = (await ebiddingKind.findLines(tx, String(saved.id))) as unknown as ItemRow[];
    for (const [i, line] of comparison.lines.entries())
      await tx
        .update(ebiddingItem)
        .set({
          sourceType: '2',
          sourceNumber: String(record.enquiryNumber),
          sourceItemNumber: String(line.lineNumber),
        })
        .where(eq(ebiddingItem.id, made[i].id));
    return { id: String(saved.id), ebiddingNumber: String(saved.ebiddingNumber) };
  });
}

export type { EbiddingRow, Tx };
