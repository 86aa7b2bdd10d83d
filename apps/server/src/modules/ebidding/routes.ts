import { servicePath } from '@srm/contracts/document/define';
import {
  ebiddingDefinition as def,
  ebiddingAwardBodySchema,
  ebiddingBargainBodySchema,
  ebiddingBargainOfferBodySchema,
  ebiddingBidBodySchema,
} from '@srm/contracts/ebidding';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { ownRouteAction, recordSchemaOf, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { bargain, bargainOffer, registerBargainApproval } from './bargain.ts';
import {
  awardEbidding,
  ebiddingFromEnquiry,
  ebiddingKind,
  findConsole,
  findRoom,
  placeBid,
  publishLive,
  registerEbiddingAwardApproval,
  registerEbiddingTopics,
  verifyBidLog,
} from './service.ts';

const idParams = z.object({ id: z.uuid() });
const price = z.string().nullable();
const lineBase = {
  itemId: z.string(),
  lineNumber: z.number(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  unit: z.string(),
  quantity: z.string(),
  deliveryDate: z.string(),
  startingPrice: price,
};
const standing = {
  bestPrice: price,
  ownPrice: price,
  ownSeq: z.number().nullable(),
  ownBout: z.number().nullable().optional(),
  rank: z.number().nullable(),
  bidders: z.number(),
};
const clock = z
  .object({ price: z.string(), round: z.number(), floor: z.boolean(), nextStepAt: z.string() })
  .nullable()
  .optional();
const rankRow = z.object({
  rank: z.number(),
  toElsAccount: z.string(),
  supplierName: z.string(),
  price: z.string(),
  bidTime: z.string(),
});

/**
 * E-auctions, kind `ebidding` (issue #14): the kernel's calls on both sides
 * (`/apis/ebidding/{Purchase|Sale}EbiddingService/…` — findPageList, findDetail, export, print, save,
 * copy, delete, submit, withdraw (approval "edit e-bidding"), publish, start, finish, close) and the
 * auction's own: the supplier's room and offers, the buyer's console and the bid log's verification.
 * Prices exclude tax, in the auction's currency (the lot's total by total price, a line's unit price per
 * line); times ISO-8601 UTC from the server's clock.
 */
export function registerEbiddingRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, ebiddingKind);
  const r = zod(app);
  const tags = [def.kind];
  const sale = servicePath(def, 'sale');
  const purchase = servicePath(def, 'purchase');
  const record = recordSchemaOf(ebiddingKind);
  const env = deps.config.ENV_NAME;
  registerEbiddingTopics(deps.topics, deps.db, env);
  registerEbiddingAwardApproval(env);
  registerBargainApproval(env);

  /**
   * GET /apis/ebidding/SaleEbiddingService/findRoom/{id} — the supplier's bidding room: { record,
   * serverTime (ISO, for the countdown's clock offset), open (offers taken now), bidCount, bidderStatus,
   * awarded (a winner's own lines once awarded: lineNumber, materialNumber, unit, quota %, quantity, price),
   * lot (by total price: startingPrice, bestPrice, ownPrice, ownSeq, ownBout (the round of its offer), rank,
   * bidders, clock), lines (per line
   * the same standing per line) }; `clock` { price, round, floor, nextStepAt } is the descending clock of a
   * running Dutch or Japanese auction (null otherwise). Never another supplier's name or offer. '404' when not invited or unpublished.
   * Function permission (issue #19): `ebidding.read`; without it '403'.
   */
  r.get(
    `${sale}/findRoom/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: "The supplier's bidding room of an e-auction",
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              record,
              serverTime: z.string(),
              open: z.boolean(),
              bidCount: z.number(),
              bidderStatus: z.string(),
              bargainStatus: z.string(),
              /** A winner's share per line once awarded (issue #33): percent, quantity (line unit), unit price. */
              awarded: z.array(
                z.object({
                  lineNumber: z.number(),
                  materialNumber: z.string(),
                  unit: z.string(),
                  quota: z.string(),
                  quantity: z.string(),
                  price: z.string(),
                }),
              ),
              lot: z.object({ startingPrice: price, ...standing, clock }).nullable(),
              lines: z.array(z.object({ ...lineBase, ...z.object(standing).partial().shape, clock })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok((await findRoom(deps.db, auth, request.params.id)) as never);
    },
  );

  /**
   * POST /apis/ebidding/SaleEbiddingService/bid/{id} — an offer, decided under the auction's lock by the
   * server's clock. Body { price (decimal, 14.6; the lot's total by total price, the line's unit price per
   * line), itemId? (per line) } for an English auction; { accept: true, itemId? } for Dutch (takes the lot
   * or line at the clock's price) and Japanese (accepts the current round). Answers { seq (the bid log's number), price,
   * bidTime, extendedTo (the new end when this offer extended it, else null) } only once committed;
   * then both live views are pushed (topics `srm/{env}/ebidding/{id}/sale|purchase`, EbiddingPush), coalesced
   * per auction over PUSH_COALESCE_WINDOW_MS (offers within 100 ms of a push share the next one).
   * '400' (spec 001 §5): not started, not open (ended — also just after an extension by another offer),
   * offer not above 0, above the starting price, not below the own last offer or the best by the least
   * decrement (the message gives the highest acceptable offer), too many offers; '404' when not invited.
   * Function permission (issue #19): `ebidding.bid`; without it '403'.
   */
  r.post(
    `${sale}/bid/:id`,
    {
      config: { action: ownRouteAction(def, 'bid') },
      schema: {
        tags,
        summary: 'Make an offer in an e-auction (supplier)',
        params: idParams,
        body: ebiddingBidBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              seq: z.number(),
              price: z.string(),
              bidTime: z.string(),
              extendedTo: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      ebiddingKind.assertSide(auth, 'sale', 'bid', request.params.id);
      const { answer, pushes } = await placeBid(deps.db, auth, request.params.id, request.body);
      // Not awaited: a push held in its auction's coalescing window (PUSH_COALESCE_WINDOW_MS) goes out up
      // to that long later, and the offer's answer does not wait for it (issue #14).
      publishLive(deps.broker, env, pushes).catch((error) =>
        request.log.warn({ err: error }, 'e-auction push failed'),
      );
      return ok(answer);
    },
  );

  /**
   * GET /apis/ebidding/PurchaseEbiddingService/findConsole/{id} — the buyer's console: { record,
   * serverTime, open, bidders [{ toElsAccount, supplierName, bidderStatus, bidCount, lastBidTime }], lot
   * { startingPrice, ranking [{ rank, toElsAccount, supplierName, price, bidTime }] } (by total price),
   * lines (per line with their ranking), log [{ seq, itemId, toElsAccount, supplierName, price, bidTime,
   * hash }] in order }. '404' for another company's auction.
   * Function permission (issue #19): `ebidding.read`; without it '403'.
   */
  r.get(
    `${purchase}/findConsole/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: "The buyer's live console of an e-auction",
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              record,
              serverTime: z.string(),
              open: z.boolean(),
              bidders: z.array(
                z.object({
                  toElsAccount: z.string(),
                  supplierName: z.string(),
                  bidderStatus: z.string().nullable(),
                  bidCount: z.number(),
                  bargainStatus: z.string(),
                  lastBidTime: z.string().nullable(),
                }),
              ),
              lot: z.object({ startingPrice: price, ranking: z.array(rankRow), clock }).nullable(),
              lines: z.array(z.object({ ...lineBase, ranking: z.array(rankRow).nullable(), clock })),
              log: z.array(
                z.object({
                  seq: z.number(),
                  itemId: z.string().nullable(),
                  toElsAccount: z.string(),
                  supplierName: z.string(),
                  price: z.string(),
                  bidTime: z.string(),
                  hash: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok((await findConsole(deps.db, auth, request.params.id)) as never);
    },
  );

  /**
   * GET /apis/ebidding/PurchaseEbiddingService/verifyBidLog/{id} — recomputes the bid log's hash chain:
   * { intact, count, head (the last hash the auction records), brokenAt (first broken row's seq or null) }.
   * Function permission (issue #19): `ebidding.read`; without it '403'.
   */
  r.get(
    `${purchase}/verifyBidLog/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: "Verify an e-auction's hash-chained bid log (buyer)",
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              intact: z.boolean(),
              count: z.number(),
              head: z.string().nullable(),
              brokenAt: z.number().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return ok(await verifyBidLog(deps.db, auth, request.params.id));
    },
  );

  /**
   * POST /apis/ebidding/PurchaseEbiddingService/bargain/{id} — the bargain round (task type "bidding
   * bargain", bargain.ts): the buyer asks bidders of a finished auction for a final offer. Body { version,
   * suppliers [account with an offer] (1–50), bargainEndTime (ISO-8601, future), message? }. Answers
   * { record (bargainStatus 1, bargainEndTime), pending (waits for its approval: bargainAuditStatus 1,
   * nothing else changed) }; the asked suppliers are told in their language. '400' ebidBargainEndInPast,
   * ebidBargainSupplier, docStatusNotAllowed (not finished, a round open or awaiting approval, an award
   * awaiting approval); '409' stale version.
   * Function permission (issue #19): `ebidding.bargain`; without it '403'.
   */
  r.post(
    `${purchase}/bargain/:id`,
    {
      config: { action: ownRouteAction(def, 'bargain') },
      schema: {
        tags,
        summary: 'Ask bidders of a finished e-auction for a final offer (bargain round, buyer)',
        params: idParams,
        body: ebiddingBargainBodySchema,
        response: { 200: envelopeSchema(z.object({ record, pending: z.boolean() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { pushes, ...answer } = await bargain(deps.db, env, auth, request.params.id, request.body);
      void deps.outbox.kick();
      if (pushes)
        await publishLive(deps.broker, env, pushes).catch((error) =>
          request.log.warn({ err: error }, 'e-auction push failed'),
        );
      return ok(answer as never);
    },
  );

  /**
   * POST /apis/ebidding/SaleEbiddingService/bargainOffer/{id} — an asked supplier's final offer, once, while
   * the bargain round is open: { offers: [{ itemId? (per line), price (14.6) }] }, one for every lot or line
   * it offered on, each above 0 and at most its last offer there. Each is appended to the bid log and
   * becomes its current offer (the award uses it). Answers { offers: [{ itemId, seq, price }] }; both live
   * views are pushed. '400' ebidBargainNotOpen, ebidBargainNotAsked, ebidBargainAnswered,
   * ebidBargainOffers, ebidBargainAboveLast, ebidOfferNotPositive; '404' not invited.
   * Function permission (issue #19): `ebidding.bid`; without it '403'.
   */
  r.post(
    `${sale}/bargainOffer/:id`,
    {
      config: { action: ownRouteAction(def, 'bid') },
      schema: {
        tags,
        summary: 'Give a final offer in a bargain round (supplier, once)',
        params: idParams,
        body: ebiddingBargainOfferBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              offers: z.array(
                z.object({ itemId: z.string().nullable(), seq: z.number(), price: z.string() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      ebiddingKind.assertSide(auth, 'sale', 'bid', request.params.id);
      const { pushes, offers } = await bargainOffer(deps.db, env, auth, request.params.id, request.body);
      void deps.outbox.kick();
      await publishLive(deps.broker, env, pushes).catch((error) =>
        request.log.warn({ err: error }, 'e-auction push failed'),
      );
      return ok({ offers });
    },
  );

  /**
   * POST /apis/ebidding/PurchaseEbiddingService/award/{id} — the buyer awards a finished auction
   * (ebiddingAwardBodySchema: { version, awards [{ itemId (null by total price), toElsAccount }],
   * linePrices? [{ itemId, price }] (by total price: unit prices whose amounts sum to the winning total to
   * the cent), priceValidDate?, remark? }). Answers { record, orders [{ id, orderNumber, toElsAccount }],
   * prices (price-master records written), pending }. With steps configured for "result e-bidding" the award
   * waits for them (resultAuditStatus 1, nothing written, pending true). '400': not finished (names the status), a winner without an
   * offer there, a line twice or unknown, the split not summing to the total; '404'; '409' stale.
   * Function permission (issue #19): `ebidding.award`; without it '403'.
   */
  r.post(
    `${purchase}/award/:id`,
    {
      config: { action: ownRouteAction(def, 'award') },
      schema: {
        tags,
        summary: 'Award a finished e-auction: price master and order drafts (buyer)',
        params: idParams,
        body: ebiddingAwardBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              record,
              orders: z.array(
                z.object({ id: z.string(), orderNumber: z.string(), toElsAccount: z.string() }),
              ),
              prices: z.number(),
              /** The award waits for its approval ("result e-bidding"): nothing written yet. */
              pending: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { pushes, ...answer } = await awardEbidding(deps.db, env, auth, request.params.id, request.body);
      void deps.outbox.kick();
      if (pushes)
        await publishLive(deps.broker, env, pushes).catch((error) =>
          request.log.warn({ err: error }, 'e-auction push failed'),
        );
      return ok(answer as never);
    },
  );

  /**
   * POST /apis/ebidding/PurchaseEbiddingService/fromEnquiry/{id} — a per-line auction draft from RFQ {id}
   * once its quotes are open: its lines each starting at the lowest quoted unit price, inviting the
   * suppliers that quoted. Body { startTime, endTime (ISO-8601), priceReviseType? ('1' amount, '2' %),
   * priceReviseExtent (decimal), quotePostponeMinute?, postponeMinute?, canPostponeBout? (positive
   * integers) }. Answers { id, ebiddingNumber }. '400' sealed RFQ, a line without a quote, the auction's
   * own rules; '404' another company's RFQ.
   * Function permission (issue #19): `ebidding.save`; without it '403'.
   */
  r.post(
    `${purchase}/fromEnquiry/:id`,
    {
      config: { action: ownRouteAction(def, 'save') },
      schema: {
        tags,
        summary: 'Turn an RFQ with open quotes into a per-line auction draft (buyer)',
        params: idParams,
        body: z.object({
          startTime: z.iso.datetime({ offset: true }),
          endTime: z.iso.datetime({ offset: true }),
          priceReviseType: z.enum(['1', '2']).optional(),
          priceReviseExtent: z
            .string()
            .trim()
            .regex(/^\d{1,12}(\.\d{1,6})?$/),
          quotePostponeMinute: z.number().int().min(1).optional(),
          postponeMinute: z.number().int().min(1).optional(),
          canPostponeBout: z.number().int().min(1).optional(),
        }),
        response: { 200: envelopeSchema(z.object({ id: z.string(), ebiddingNumber: z.string() })) },
      },
    },
    async (request) =>
      ok(await ebiddingFromEnquiry(deps.db, requireAuth(request.auth), request.params.id, request.body)),
  );
}
