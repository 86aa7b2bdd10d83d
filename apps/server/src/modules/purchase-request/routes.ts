import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import {
  purchaseRequestDefinition as def,
  demandPoolQuerySchema,
  poolLinesBodySchema,
  poolReturnBodySchema,
  poolToBiddingBodySchema,
  poolToEnquiryBodySchema,
  poolToOrderBodySchema,
} from '@srm/contracts/purchase-request';
import { z } from 'zod';
import { registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import {
  claimLines,
  findPool,
  purchaseRequestKind,
  returnLines,
  toBidding,
  toEnquiry,
  toOrders,
} from './service.ts';

const text = z.string().nullable();
const poolRecord = z.object({
  id: z.string(),
  requestId: z.string(),
  purchaseRequestNumber: z.string(),
  requestItemNumber: z.number(),
  requestType: z.string(),
  applicant: text,
  applyDept: text,
  purchaseFactory: text,
  purchasePerson: text,
  itemStatus: z.string(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  cateCode: text,
  unit: z.string(),
  quantity: z.string(),
  remainQuantity: z.string(),
  toEnquiryQuantity: z.string(),
  toBiddingQuantity: z.string(),
  toOrderQuantity: z.string(),
  budgetPrice: text,
  deliveryDate: z.string(),
  expectSupplierEls: text,
  expectSupplierName: text,
  claimStatus: z.string(),
  claimUser: text,
  claimDate: text,
});

/**
 * Purchase requisitions, kind `purchaseRequest` (issue #13): the kernel's calls on the buyer's side only
 * (`/apis/purchaseRequest/PurchaseRequestService/…`: findPageList, findDetail, export, print, save, copy,
 * delete, submit, withdraw, cancel, scrap, attachments, import — platform/document/routes.ts) and the
 * demand pool (需求池, seed 001 §2): list, claim, return, to orders, to an RFQ. Buyer station only ('403'
 * otherwise); every line named must be the caller's company's ('404' otherwise).
 */
export function registerPurchaseRequestRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, purchaseRequestKind);
  const r = zod(app);
  const base = servicePath(def, 'purchase');
  const tags = [def.kind];
  const kick = () => void deps.outbox.kick();

  /**
   * POST /apis/purchaseRequest/PurchaseRequestService/demandPool — the company's demand pool: lines of
   * approved requisitions not yet fully transferred (item status 1 open, 2 partly transferred), most
   * urgent first (required date, then id). Body { pageSize (1–100, default 20), cursor? (nextCursor),
   * materialNumber? (prefix), cateCode?, purchaseFactory?, purchasePerson?, claimUser? (sub-account or
   * `{account}_{sub}`), claimStatus? ('0' unclaimed, '1' claimed) }. data { records, total (exact up to
   * 1,000: totalExact), nextCursor, pageSize }; quantities in the line's unit as decimal strings,
   * `remainQuantity` = quantity − moved to RFQs, biddings and orders. '400' a forged cursor.
   */
  r.post(
    `${base}/demandPool`,
    {
      schema: {
        tags,
        summary: 'Demand pool: open lines of approved requisitions, most urgent first (keyset paged)',
        body: demandPoolQuerySchema,
        response: {
          200: envelopeSchema(
            z.object({
              records: z.array(poolRecord),
              total: z.number(),
              totalExact: z.boolean(),
              nextCursor: z.string().nullable(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await findPool(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/purchaseRequest/PurchaseRequestService/claim — claim pool lines (认领). Body { lineIds
   * (1–200) }. data { claimed }. '400' when a line is not in the pool or already claimed ("Only unclaimed
   * items can be claimed", seed 001 §4, naming the requisition, line and claimant); nothing is claimed then.
   */
  r.post(
    `${base}/claim`,
    {
      schema: {
        tags,
        summary: 'Claim demand-pool lines (only unclaimed lines)',
        body: poolLinesBodySchema,
        response: { 200: envelopeSchema(z.object({ claimed: z.number() })) },
      },
    },
    async (request) => ok(await claimLines(deps.db, requireAuth(request.auth), request.body.lineIds)),
  );

  /**
   * POST /apis/purchaseRequest/PurchaseRequestService/returnLines — return pool lines to the requester
   * (退回). Body { lineIds, backRemark (required, ≤ 500; seed 001 §5 "back reason not empty") }. data {
   * returned }. The lines leave the pool with the remark; the requester gets a message. '400' when a line
   * is not in the pool or another purchaser claimed it.
   */
  r.post(
    `${base}/returnLines`,
    {
      schema: {
        tags,
        summary: 'Return demand-pool lines to the requester with a back remark',
        body: poolReturnBodySchema,
        response: { 200: envelopeSchema(z.object({ returned: z.number() })) },
      },
    },
    async (request) => {
      const { lineIds, backRemark } = request.body;
      const answer = await returnLines(
        deps.db,
        deps.config.ENV_NAME,
        requireAuth(request.auth),
        lineIds,
        backRemark,
      );
      kick();
      return ok(answer);
    },
  );

  /**
   * POST /apis/purchaseRequest/PurchaseRequestService/toOrder — turn lines the caller claimed into
   * purchase order drafts, one per supplier. Body { lines: [{ lineId, quantity? (default what is left,
   * > 0), toElsAccount? (default the suggested supplier) }], orderType ('0'–'9', default '0'),
   * orderDate? (default today), currency (default CNY) }. Each draft is saved as the order module saves
   * one (price master first, else the budget price; '400' noPriceForLine without either); each line's
   * toOrderQuantity grows and the line closes when fully moved. data { orders: [{ id, orderNumber,
   * toElsAccount, supplierName, lines }] }. '400' a line not claimed by the caller, without a supplier, or
   * over what is left (naming the requisition and line); all drafts or none.
   */
  r.post(
    `${base}/toOrder`,
    {
      schema: {
        tags,
        summary: 'Turn claimed demand-pool lines into purchase order drafts, one per supplier',
        body: poolToOrderBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              orders: z.array(
                z.object({
                  id: z.string(),
                  orderNumber: z.string(),
                  toElsAccount: z.string(),
                  supplierName: z.string(),
                  lines: z.number(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await toOrders(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/purchaseRequest/PurchaseRequestService/toEnquiry — turn lines the caller claimed into one
   * RFQ draft (询价单, kind `enquiry`; issue #13 "a buyer … turns a selection into an RFQ"). Body { lines:
   * [{ lineId, quantity (decimal string in the line's unit, > 0, ≤ what is left), suppliers (linked
   * supplier accounts invited on that line: at least 3, none twice — spec 001 §5/§9) }], enquiryDesc
   * (≤ 200), quoteEndTime (ISO date-time, in the future), priceValidDate? (ISO date, default a year after
   * the deadline), enquiryType? ('1' standard, '2' urgent), quoteMethod? ('1' unit, '2' ladder),
   * currency? (default CNY), payMethod?, remark? }. The RFQ is saved as the RFQ's save saves one (its rules
   * and '400's apply); one RFQ line per pool line (the requisition line's material, the quantity, its
   * required date or today when past, the requisition number and line as source); each line's
   * toEnquiryQuantity grows, the line closes when fully moved. data { id, enquiryNumber }. '400' a line
   * not claimed by the caller, without a material of the master, named twice or over what is left (naming
   * the requisition and line); '404' a line of another company. Nothing is saved on any error.
   */
  r.post(
    `${base}/toEnquiry`,
    {
      schema: {
        tags,
        summary: 'Turn claimed demand-pool lines into one RFQ draft (suppliers invited per line)',
        body: poolToEnquiryBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.string(), enquiryNumber: z.string() })) },
      },
    },
    async (request) => ok(await toEnquiry(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST …/toBidding — claimed pool lines → one per-line e-auction draft (kind `ebidding`, issue #14).
   * Body poolToBiddingBodySchema: { lines [{ lineId, quantity (decimal string in the line's unit, > 0,
   * ≤ what is left), startingPrice (the line's starting unit price excl. tax, > 0, ≤ 6 decimals) }],
   * ebiddingName (≤ 100), suppliers (linked supplier accounts: at least 2, none twice), startTime,
   * endTime (ISO date-times: start in the future, end after it), priceReviseType? ('1' amount, '2' %),
   * priceReviseExtent (least decrement), quotePostponeMinute?, postponeMinute?, canPostponeBout?
   * (positive integers), currency? (default CNY), remark? }. The auction is saved as its own save saves
   * one (spec 001 §5 rules and '400's apply); one line per pool line (the requisition line's material,
   * quantity, required date or today when past, requisition number and line as source); each line's
   * toBiddingQuantity grows (the line closes when fully moved) and goes back when the draft is deleted or
   * the auction closed. data { id, ebiddingNumber }. '400' a line not claimed by the caller, without a
   * material of the master, named twice or over what is left (naming the requisition and line); '404' a
   * line of another company. Nothing is saved on any error.
   */
  r.post(
    `${base}/toBidding`,
    {
      schema: {
        tags,
        summary: 'Turn claimed demand-pool lines into one per-line e-auction draft',
        body: poolToBiddingBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.string(), ebiddingNumber: z.string() })) },
      },
    },
    async (request) => ok(await toBidding(deps.db, requireAuth(request.auth), request.body)),
  );
}
