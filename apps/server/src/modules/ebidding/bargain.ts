import { Decimal } from '@srm/contracts/decimal';
import {
  bargainOfferProblem,
  ebiddingDefinition as def,
  type EbiddingBargainBody,
  type EbiddingBargainOfferBody,
} from '@srm/contracts/ebidding';
import { and, eq, max } from 'drizzle-orm';
import { now, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { registerActionApproval, requestAction } from '../../platform/document/action-approval.ts';
import { type DocRow, serverActor, userKey } from '../../platform/document/kind.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { cancelJob, registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { fillText, notify } from '../message/index.ts';
import {
  bidHash,
  consoleLink,
  currentOffers,
  type EbiddingRow,
  ebiddingKind,
  type LivePushes,
  livePushes,
  lotKey,
  roomLink,
} from './service.ts';
import { ebidding, ebiddingBid, ebiddingItem, ebiddingOffer, ebiddingSupplier } from './tables.ts';

/**
 * The bargain round of an e-auction (issue #14 "after the end: result, bargain round ("bidding bargain")
 * with the best bidders"; seed 001 §2 approval task type "bidding bargain").
 *
 * After the bidding has finished (status 3) the buyer asks one or more bidders — each with a current
 * offer — for a lower final offer by a deadline. Where the company configured steps for "bidding
 * bargain" the request waits for them (bargainAuditStatus 1) and runs when approved. While the round is
 * open (bargainStatus 1) the auction cannot be awarded. Each asked supplier answers once, for every lot
 * or line it offered on, with a price above 0 and at most its last offer there. An answer is a bid: it is
 * appended to the hash-chained bid log (bout = the bargain's round) and becomes the supplier's current
 * offer, so the ranking, the award (price master and order drafts) and the printed record use the
 * bargained price. The round ends when every asked supplier has answered, or at the deadline by a
 * database-backed timer that fires once (those who did not answer keep their last offer, status 3).
 */

const minuteText = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** The job that ends a bargain round at its deadline (key: the auction's id). */
export const BARGAIN_END_JOB = 'ebidding.bargainEnd';

/** The answer of the buyer's bargain call: the auction, whether it waits for approval, the pushes to send. */
export type BargainResult = {
  record: Record<string, unknown>;
  pending: boolean;
  pushes: LivePushes | null;
};

/**
 * Checks a bargain request against the auction as it is now: a deadline in the future, and every named
 * supplier a bidder with a current offer. Answers the bidders as read. '400' naming the rule otherwise.
 */
async function checkBargain(tx: Queryable, row: EbiddingRow, body: EbiddingBargainBody) {
  if (new Date(body.bargainEndTime).getTime() <= now()) throw badRequest('ebidBargainEndInPast');
  const offers = await currentOffers(tx, row.id);
  const bidders = await tx.select().from(ebiddingSupplier).where(eq(ebiddingSupplier.ebiddingId, row.id));
  for (const account of new Set(body.suppliers))
    if (!offers.some((o) => o.toElsAccount === account) || !bidders.some((b) => b.toElsAccount === account))
      throw badRequest('ebidBargainSupplier', { account });
  return bidders;
}

/**
 * Opens the bargain round (at once, or when its approval ends — then as the buyer who asked, on the
 * current auction): the request is checked again; the chosen bidders become "asked" (1), the others "not
 * asked" (0); the auction bargaining (bargainStatus 1, bargainEndTime, one audit row 'bargain' with the
 * message); the deadline's timer is set; the asked suppliers are told in their language with a link to
 * their room.
 */
export async function applyBargain(
  tx: Tx,
  env: string,
  auth: AuthContext,
  row: EbiddingRow,
  body: EbiddingBargainBody,
): Promise<BargainResult> {
  ebiddingKind.assertAllowed(row as unknown as DocRow, 'purchase', 'bargain');
  const bidders = await checkBargain(tx, row, body);
  const chosen = new Set(body.suppliers);
  const end = new Date(body.bargainEndTime);
  for (const b of bidders)
    await tx
      .update(ebiddingSupplier)
      .set({ bargainStatus: chosen.has(b.toElsAccount) ? '1' : '0' })
      .where(eq(ebiddingSupplier.id, b.id));
  const updated = (await ebiddingKind.transition(
    tx,
    auth,
    row as unknown as DocRow,
    { bargainStatus: '1', bargainEndTime: end },
    'bargain',
    body.message,
  )) as unknown as EbiddingRow;
  await scheduleJob(tx, {
    kind: BARGAIN_END_JOB,
    key: row.id,
    runAt: end,
    payload: { elsAccount: row.elsAccount },
  });
  await notify(tx, env, {
    receivers: { companies: [...chosen] },
    msgTitle: fillText(
      { zh_cn: '竞价议价邀请：{number} {name}', en: 'Final offer requested: e-auction {number} {name}' },
      { number: row.ebiddingNumber, name: row.ebiddingName },
    ),
    msgContent: body.message
      ? { zh_cn: body.message, en: body.message }
      : fillText(
          {
            zh_cn: '请在 {end} UTC 前提交不高于您最后出价的最终报价（仅一次）',
            en: 'Please give a final offer, at most your last offer, by {end} UTC (once)',
          },
          { end: minuteText(end) },
        ),
    sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
    businessType: def.kind,
    businessId: row.id,
    linkUrl: roomLink(row.id),
  });
  return {
    record: ebiddingKind.toRecord(updated as unknown as DocRow),
    pending: false,
    pushes: await livePushes(tx, updated, 'status'),
  };
}

/**
 * Bargain (buyer, a finished auction): asks `suppliers` for a final offer by `bargainEndTime`. The body is
 * checked now; then, when the company configured steps for "bidding bargain", it waits for them
 * (bargainAuditStatus 1, approvers told, nothing else changed: `pending`), else it opens at once
 * (applyBargain). '400' ebidBargainEndInPast, ebidBargainSupplier, docStatusNotAllowed (not finished, a
 * round open, an award under approval); '409' stale version.
 */
export async function bargain(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: EbiddingBargainBody,
): Promise<BargainResult> {
  ebiddingKind.assertSide(auth, 'purchase', 'bargain', id);
  return db.transaction(async (tx) => {
    const row = (await ebiddingKind.find(tx, auth, 'purchase', id, true)) as unknown as EbiddingRow;
    if (row.version !== body.version) throw conflict();
    ebiddingKind.assertAllowed(row as unknown as DocRow, 'purchase', 'bargain');
    await checkBargain(tx, row, body);
    const asked = await requestAction<EbiddingBargainBody, BargainResult>(
      tx,
      env,
      auth,
      'ebiddingBargain',
      row as unknown as DocRow,
      body,
      body.message,
    );
    if (asked.state === 'done') return asked.result;
    return { record: ebiddingKind.toRecord(asked.row), pending: true, pushes: null };
  });
}

/** Registers the bargain's approval (task type "bidding bargain"): the approved round opens as its requester. */
export function registerBargainApproval(env: string): void {
  registerActionApproval<EbiddingBargainBody, BargainResult>(env, ebiddingKind, {
    action: 'bargain',
    run: (tx, actor, row, body) => applyBargain(tx, env, actor, row as unknown as EbiddingRow, body),
  });
}

/**
 * Ends the open bargain round (every asked supplier answered, or the deadline passed): bargainStatus 2
 * with one audit row 'bargainEnd' by the system, asked suppliers without an answer "no final offer" (3),
 * the deadline's timer cancelled, and the buyer who made the auction told in their language.
 */
async function endBargain(tx: Tx, env: string, row: EbiddingRow): Promise<EbiddingRow> {
  await tx
    .update(ebiddingSupplier)
    .set({ bargainStatus: '3' })
    .where(and(eq(ebiddingSupplier.ebiddingId, row.id), eq(ebiddingSupplier.bargainStatus, '1')));
  const ended = (await ebiddingKind.transition(
    tx,
    serverActor(row.elsAccount, 'system'),
    row as unknown as DocRow,
    { bargainStatus: '2' },
    'bargainEnd',
  )) as unknown as EbiddingRow;
  await cancelJob(tx, BARGAIN_END_JOB, row.id);
  await notify(tx, env, {
    receivers: { users: [ebiddingKind.creatorOf(row as unknown as DocRow)] },
    msgTitle: fillText(
      { zh_cn: '议价已结束：竞价 {number}', en: 'Bargain round ended: e-auction {number}' },
      { number: row.ebiddingNumber },
    ),
    msgContent: fillText(
      { zh_cn: '可以按议价结果定标', en: 'The result with the final offers is ready for award' },
      {},
    ),
    businessType: def.kind,
    businessId: row.id,
    linkUrl: consoleLink(row.id),
  });
  return ended;
}

/**
 * The bargain deadline's timer: an auction still bargaining whose deadline has passed ends its round
 * (endBargain). Fires once across server processes; a round already ended or an auction closed is left
 * alone; a deadline still ahead is scheduled again.
 */
registerJobHandler(BARGAIN_END_JOB, async (tx, job, { env }) => {
  const [row] = await tx
    .select()
    .from(ebidding)
    .where(and(eq(ebidding.id, job.jobKey), eq(ebidding.elsAccount, String(job.payload.elsAccount))))
    .for('update');
  if (row?.ebiddingStatus !== '3' || row.bargainStatus !== '1' || !row.bargainEndTime) return;
  if (row.bargainEndTime.getTime() > now()) {
    await scheduleJob(tx, {
      kind: BARGAIN_END_JOB,
      key: row.id,
      runAt: row.bargainEndTime,
      payload: job.payload,
    });
    return;
  }
  await endBargain(tx, env, row);
});

/**
 * A final offer (an asked supplier, once, while the round is open — decided under the auction's lock by
 * the server's clock): one price for every lot or line it has a current offer on and no other, each above 0
 * and at most that offer (bargainOfferProblem). In one transaction each becomes a bid-log row (hash-chained,
 * bout = the bargain's round: one more than any bid before it) and the supplier's current offer; the lot's
 * or line's best price follows when lower; the supplier is "answered" (2); when every asked supplier has
 * answered the round ends. Answers { offers: [{ itemId, seq, price }], pushes }. '400' ebidBargainNotOpen,
 * ebidBargainNotAsked, ebidBargainAnswered, ebidBargainOffers, ebidBargainAboveLast, ebidOfferNotPositive;
 * '404' not invited.
 */
export async function bargainOffer(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: EbiddingBargainOfferBody,
) {
  return db.transaction(async (tx) => {
    const row = (await ebiddingKind.find(tx, auth, 'sale', id, true)) as unknown as EbiddingRow;
    const at = nowDate();
    const [bidder] = await tx
      .select()
      .from(ebiddingSupplier)
      .where(and(eq(ebiddingSupplier.ebiddingId, id), eq(ebiddingSupplier.toElsAccount, auth.elsAccount)));
    if (!bidder) throw new AppError('404', 'notFound');
    if (
      row.ebiddingStatus !== '3' ||
      row.bargainStatus !== '1' ||
      !row.bargainEndTime ||
      row.bargainEndTime.getTime() <= at.getTime()
    )
      throw badRequest('ebidBargainNotOpen', {
        end: row.bargainEndTime ? minuteText(row.bargainEndTime) : '-',
      });
    if (bidder.bargainStatus === '2') throw badRequest('ebidBargainAnswered');
    if (bidder.bargainStatus !== '1') throw badRequest('ebidBargainNotAsked');
    const own = (await currentOffers(tx, id)).filter((o) => o.toElsAccount === auth.elsAccount);
    const keys = body.offers.map((o) => lotKey(o.itemId ?? null));
    if (
      new Set(keys).size !== keys.length ||
      keys.length !== own.length ||
      keys.some((k) => !own.some((o) => o.lotKey === k))
    )
      throw badRequest('ebidBargainOffers');
    // A line's refusal names the line by its number and material (issue #33), not its position.
    const lines = body.offers.some((o) => o.itemId)
      ? await tx
          .select({
            id: ebiddingItem.id,
            lineNumber: ebiddingItem.lineNumber,
            materialNumber: ebiddingItem.materialNumber,
          })
          .from(ebiddingItem)
          .where(eq(ebiddingItem.documentId, id))
      : [];
    for (const [index, o] of body.offers.entries()) {
      const last = own.find((x) => x.lotKey === lotKey(o.itemId ?? null));
      const problem = bargainOfferProblem(o.price, last?.price ?? '0');
      if (!problem) continue;
      const line = o.itemId ? lines.find((l) => l.id === o.itemId) : undefined;
      // Named at the offer's price (issue #33): the room shows it under that input.
      throw (
        line
          ? badRequest(
              problem.key === 'ebidBargainAboveLast'
                ? 'ebidBargainAboveLastLine'
                : 'ebidBargainNotPositiveLine',
              { ...problem.params, line: line.lineNumber, material: line.materialNumber },
            )
          : badRequest(problem.key as never, problem.params)
      ).at(['offers', index, 'price'], problem.key);
    }
    const [{ top }] = await tx
      .select({ top: max(ebiddingBid.bout) })
      .from(ebiddingBid)
      .where(eq(ebiddingBid.ebiddingId, id));
    const bout = Math.max(row.bout, top ?? 0) + 1;
    let seq = row.lastBidSeq;
    let prevHash = row.lastBidHash ?? row.id;
    const answered: Array<{ itemId: string | null; seq: number; price: string }> = [];
    let bestLot = row.bestPrice;
    for (const o of body.offers) {
      const itemId = o.itemId ?? null;
      const price = new Decimal(o.price).toFixed(6);
      seq += 1;
      const bid = {
        ebiddingId: id,
        seq,
        itemId,
        toElsAccount: auth.elsAccount,
        bout,
        price,
        bidTime: at.getTime(),
        prevHash,
      };
      const hash = bidHash(bid);
      await tx.insert(ebiddingBid).values({ ...bid, hash, createUser: userKey(auth) });
      prevHash = hash;
      await tx
        .update(ebiddingOffer)
        .set({ price, seq, bout, bidTime: at.getTime() })
        .where(
          and(
            eq(ebiddingOffer.ebiddingId, id),
            eq(ebiddingOffer.lotKey, lotKey(itemId)),
            eq(ebiddingOffer.toElsAccount, auth.elsAccount),
          ),
        );
      if (itemId) {
        const [item] = await tx
          .select({ bestPrice: ebiddingItem.bestPrice })
          .from(ebiddingItem)
          .where(and(eq(ebiddingItem.documentId, id), eq(ebiddingItem.id, itemId)));
        if (!item?.bestPrice || new Decimal(price).lt(item.bestPrice))
          await tx.update(ebiddingItem).set({ bestPrice: price }).where(eq(ebiddingItem.id, itemId));
      } else if (!bestLot || new Decimal(price).lt(bestLot)) bestLot = price;
      answered.push({ itemId, seq, price });
    }
    // Not through the kernel's transition: a final offer is a bid, not an edit of the buyer's document.
    let [current] = await tx
      .update(ebidding)
      .set({ lastBidSeq: seq, lastBidHash: prevHash, bestPrice: bestLot })
      .where(eq(ebidding.id, id))
      .returning();
    await tx
      .update(ebiddingSupplier)
      .set({ bargainStatus: '2', lastBidTime: at })
      .where(eq(ebiddingSupplier.id, bidder.id));
    const waiting = await tx
      .select({ id: ebiddingSupplier.id })
      .from(ebiddingSupplier)
      .where(and(eq(ebiddingSupplier.ebiddingId, id), eq(ebiddingSupplier.bargainStatus, '1')));
    if (waiting.length === 0) current = await endBargain(tx, env, current);
    const last = answered[answered.length - 1];
    const pushes = await livePushes(tx, current, 'bid', [...new Set(keys)], {
      seq: last.seq,
      itemId: last.itemId,
      toElsAccount: auth.elsAccount,
      supplierName: bidder.supplierName,
      price: last.price,
      bidTime: at.toISOString(),
    });
    return { offers: answered, pushes };
  });
}
