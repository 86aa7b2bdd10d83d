import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import { servicePath } from '@srm/contracts/document/define';
import {
  costTemplateBodySchema,
  costTemplateFilterSchema,
  enquiryDefinition as def,
  enquiryAwardBodySchema,
  enquiryNewRoundBodySchema,
  enquiryQuoteBodySchema,
} from '@srm/contracts/enquiry';
import { comparisonPageQuerySchema, comparisonPageSchema } from '@srm/contracts/enquiry-comparison';
import { envelopeSchema } from '@srm/contracts/envelope';
import { MIN_SUPPLIERS_PARAMETER } from '@srm/contracts/preset-parameters';
import { z } from 'zod';
import { uploadedFile } from '../../platform/document/import.ts';
import { ownRouteAction, recordSchemaOf, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { XLSX_TYPE } from '../../platform/excel.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { readPresetParameter } from '../system/parameters.ts';
import { limitComparison } from './comparison-limit.ts';
import { deleteCostTemplate, findCostTemplates, saveCostTemplate } from './cost-templates.ts';
import { findPublicDetail, findPublicList, join, publicListSchema } from './public.ts';
import { comparisonSheet, importQuoteSheet, quoteSheet } from './quote-sheet.ts';
import {
  award,
  copyEnquiry,
  decline,
  enquiryKind,
  findComparisonPage,
  findInvitations,
  findQuotePage,
  forgetComparisonSummaries,
  newRound,
  openQuotes,
  participate,
  quote,
  registerAwardApproval,
} from './service.ts';

const idParams = z.object({ id: z.uuid() });
const ladder = z.array(z.object({ quantity: z.string(), price: z.string() })).nullable();
const amounts = z.array(z.object({ name: z.string(), amount: z.string() })).nullable();
const ownQuote = z
  .object({
    priceExcludingTax: z.string(),
    taxRate: z.string(),
    ladder,
    costs: amounts,
    fees: amounts,
    bout: z.number(),
    /** The quote's currency and the RFQ's rate for it into the RFQ's currency (1 for its own). */
    currency: z.string(),
    exchangeRate: z.string(),
    remark: z.string().nullable(),
    quoteTime: z.string(),
  })
  .nullable();
const lineBase = {
  itemId: z.string(),
  lineNumber: z.number(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  unit: z.string(),
  quantity: z.string(),
  deliveryDate: z.string(),
};

/**
 * Requests for quotation, kind `enquiry` (issue #13): the kernel's calls on both sides
 * (`/apis/inquiry/{Purchase|Sale}EnquiryService/…` — findPageList, findDetail, export, print, save, copy,
 * delete, submit, withdraw, publish, close; spec 000 §7 `SaleEnquiryService/findPageList` is the
 * supplier's list and the home section's) and the RFQ's own: the supplier's quote page, participate,
 * decline and quote; the buyer's invitations, comparison and award. Prices are per unit of the line,
 * excluding tax, in the RFQ's currency; quotas in percent; times ISO-8601 UTC.
 *
 * `publish/{id}` (kernel action, service.ts `publish`) of a public RFQ (enquiryMethod 2) answers once the RFQ is
 * quoting and its invitations are made; the notices to the buyer's other linked suppliers are not written by
 * it: it schedules the job `enquiry.publicNotice` (public-notice.ts), which writes them after the commit in
 * batches of 200 companies, each batch one transaction with its cursor — exactly one notice per company, in
 * its users' languages, even when a batch fails and is retried.
 */
export function registerEnquiryRoutes(app: App, deps: AppDeps): void {
  // A new server starts with no comparison summaries of an earlier one in this process (its database's).
  forgetComparisonSummaries();
  registerDocumentRoutes(app, deps, enquiryKind);
  const r = zod(app);
  const tags = [def.kind];
  const env = deps.config.ENV_NAME;
  registerAwardApproval(env);
  const sale = servicePath(def, 'sale');
  const purchase = servicePath(def, 'purchase');
  const record = recordSchemaOf(enquiryKind);
  const quotePage = envelopeSchema(
    z.object({
      record,
      /** The RFQ's cost items (cost-breakdown quotes) and additional fees, by name. */
      costItems: z.array(z.string()),
      feeItems: z.array(z.string()),
      /** The currencies the caller may quote in: the RFQ's own (rate 1) first, then its quote currencies. */
      currencies: z.array(z.object({ currency: z.string(), exchangeRate: z.string() })),
      open: z.boolean(),
      lines: z.array(
        z.object({
          ...lineBase,
          quoteStatus: z.string(),
          declineReason: z.string().nullable(),
          quota: z.string().nullable(),
          /** Once awarded: the caller's quantity of the line (quantity × quota %, the line's unit), else null. */
          awardedQuantity: z.string().nullable(),
          quote: ownQuote,
          /** showQuoteInfo 1: the caller's rank on the line (1 = lowest price), else null. */
          rank: z.number().nullable(),
          /** Whether the caller quotes in the RFQ's current round (bout) on this line. */
          inRound: z.boolean(),
        }),
      ),
    }),
  );

  /**
   * POST /apis/inquiry/PurchaseEnquiryService/copy/{id} — a new draft from an RFQ (the kind's own copy,
   * service.ts copyEnquiry): header inputs, cost structure (costConstituteJson), additional fees
   * (additionFeeJson), quote method (ladder or cost breakdown), quote currencies, custom fields and each
   * line's material, quantity, requested date and invited suppliers; a past deadline becomes now + 7 days.
   * data: the new draft's record. '400' when a rule of the save fails (e.g. a supplier unlinked since);
   * '404' for another company's RFQ.
   * Function permission (issue #19): `enquiry.save`; without it '403'.
   */
  r.post(
    `${purchase}/copy/:id`,
    {
      config: { action: ownRouteAction(def, 'save') },
      schema: {
        tags,
        summary: 'Copy an RFQ into a new draft, with its cost structure and fees',
        params: idParams,
        response: { 200: envelopeSchema(record) },
      },
    },
    async (request) =>
      ok(
        enquiryKind.toRecord(
          await copyEnquiry(deps.db, requireAuth(request.auth), request.params.id),
        ) as never,
      ),
  );

  /**
   * GET /apis/inquiry/PurchaseEnquiryService/formSettings — the caller's company settings the RFQ form
   * checks before a save (issue #13 / #19): data { minSuppliersPerLine } — suppliers each line must
   * invite, the company's preset parameter Enquiry_Group/minSuppliersPerLine (an integer 3–20, default 3,
   * spec 001 §5/§9 "at least 3"), the same figure the save and submit enforce. Tenant-scoped: only the
   * caller's own company's setting is read. '403' for a supplier-side (sale station) user.
   * Function permission (issue #19): `enquiry.save`; without it '403'.
   */
  r.get(
    `${purchase}/formSettings`,
    {
      config: { action: ownRouteAction(def, 'save') },
      schema: {
        tags,
        summary: "The RFQ form's company settings (minimum suppliers per line)",
        response: {
          200: envelopeSchema(z.strictObject({ minSuppliersPerLine: z.number().int() })),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'purchase', 'save');
      return ok({
        minSuppliersPerLine: await readPresetParameter(deps.db, auth.elsAccount, MIN_SUPPLIERS_PARAMETER),
      });
    },
  );

  // ——— the buyer's cost-structure templates (cost-templates.ts) ———
  const templates = '/apis/inquiry/PurchaseCostTemplateService';
  const template = z.object({
    id: z.string(),
    templateName: z.string(),
    costItems: z.array(z.string()),
    remark: z.string().nullable(),
    version: z.number(),
    lastUpdateDate: z.string(),
  });

  /**
   * POST /apis/inquiry/PurchaseCostTemplateService/findPageList — the caller's cost templates by name.
   * Body { pageSize (1–100, default 20), cursor? (the previous page's nextCursor), templateName? (prefix) }.
   * data { rows: [{ id, templateName, costItems, remark, version, lastUpdateDate }], nextCursor }.
   * Function permission (issue #19): `costTemplate.read`; without it '403'.
   */
  r.post(
    `${templates}/findPageList`,
    {
      config: { action: 'costTemplate.read' },
      schema: {
        tags,
        summary: "The buyer's cost-structure templates, a page by name",
        body: costTemplateFilterSchema,
        response: {
          200: envelopeSchema(z.object({ rows: z.array(template), nextCursor: z.string().nullable() })),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'purchase', 'edit');
      return ok(await findCostTemplates(deps.db, auth, request.body));
    },
  );

  /**
   * POST /apis/inquiry/PurchaseCostTemplateService/save — create (no id) or edit (id + version) a cost
   * template: { templateName (1–50), costItems (1–20 names, each once, ≤ 50 characters), remark? }.
   * data: the template. '400' costTemplateNameRepeated (the buyer has one of that name),
   * enquiryItemNameRepeated; '404' unknown id; '409' stale version.
   * Function permission (issue #19): `costTemplate.edit`; without it '403'.
   */
  r.post(
    `${templates}/save`,
    {
      config: { action: 'costTemplate.edit' },
      schema: {
        tags,
        summary: 'Create or edit a cost-structure template (names unique per buyer)',
        body: costTemplateBodySchema,
        response: { 200: envelopeSchema(template) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'purchase', 'edit');
      return ok(await saveCostTemplate(deps.db, auth, request.body));
    },
  );

  /**
   * POST /apis/inquiry/PurchaseCostTemplateService/delete/{id} — body { version }. RFQs filled from it
   * keep their cost items. '404' unknown or another company's; '409' stale version.
   * Function permission (issue #19): `costTemplate.edit`; without it '403'.
   */
  r.post(
    `${templates}/delete/:id`,
    {
      config: { action: 'costTemplate.edit' },
      schema: {
        tags,
        summary: 'Delete a cost-structure template',
        params: idParams,
        body: z.object({ version: z.number().int().min(0) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'purchase', 'edit');
      await deleteCostTemplate(deps.db, auth, request.params.id, request.body.version);
      return ok(null);
    },
  );

  /**
   * GET /apis/inquiry/SaleEnquiryService/findQuote/{id} — the supplier's quote page (spec 000 §2 "enquiry
   * quote" /rfq/#/v2/client/quota): the RFQ header, `open` (quoting and before quoteEndTime), and only the
   * lines the caller is invited to, each with its quote status (seed 001 §4 Quotation) and its own current
   * quote (unit price or ladder). Never another supplier's price or name. '404' when the RFQ is not
   * published or the caller not invited (spec 001 §9).
   * Function permission (issue #19): `enquiry.read`; without it '403'.
   */
  r.get(
    `${sale}/findQuote/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: "The supplier's invitations and own quotes on an RFQ",
        params: idParams,
        response: { 200: quotePage },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
      return ok((await findQuotePage(deps.db, auth, request.params.id)) as never);
    },
  );

  /**
   * POST /apis/inquiry/SaleEnquiryService/participate/{id} — the supplier takes part (its invitations
   * without a response become "response successful"). '400' enquiryNotOpen after the deadline; '404' when
   * not invited.
   * Function permission (issue #19): `enquiry.quote`; without it '403'.
   */
  r.post(
    `${sale}/participate/:id`,
    {
      config: { action: ownRouteAction(def, 'quote') },
      schema: {
        tags,
        summary: 'Take part in an RFQ (supplier)',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
      await participate(deps.db, auth, request.params.id);
      return ok(null);
    },
  );

  /**
   * POST /apis/inquiry/SaleEnquiryService/decline/{id} — the supplier declines with a reason (1–500
   * characters): its invitations become "rejected", its quotes are withdrawn, the buyer's creator is told.
   * '400' when not open; '404' when not invited.
   * Function permission (issue #19): `enquiry.quote`; without it '403'.
   */
  r.post(
    `${sale}/decline/:id`,
    {
      config: { action: ownRouteAction(def, 'quote') },
      schema: {
        tags,
        summary: 'Decline an RFQ with a reason (supplier)',
        params: idParams,
        body: z.object({ reason: z.string().trim().min(1).max(500) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
      await decline(deps.db, env, auth, request.params.id, request.body.reason);
      void deps.outbox.kick();
      return ok(null);
    },
  );

  /**
   * POST /apis/inquiry/SaleEnquiryService/quote/{id} — quote or re-quote while open (spec 001 §4 "re-quote").
   * Body { lines: [{ itemId, priceExcludingTax? (unit price, 12.6), ladder? ([{ quantity, price }], rising
   * quantities, spec 001 §5), taxRate? (percent; default the RFQ's), remark? }] }. Answers the quote page.
   * '400': not open, a line not invited to, declined, price or ladder missing, ladder not rising; '404'.
   * Function permission (issue #19): `enquiry.quote`; without it '403'.
   */
  r.post(
    `${sale}/quote/:id`,
    {
      config: { action: ownRouteAction(def, 'quote') },
      schema: {
        tags,
        summary: 'Quote or re-quote invited lines of an RFQ (supplier)',
        params: idParams,
        body: enquiryQuoteBodySchema,
        response: { 200: quotePage },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
      return ok((await quote(deps.db, env, auth, request.params.id, request.body)) as never);
    },
  );

  // ——— public RFQs (issue #13, public.ts) ———
  const publicRecord = z.object({
    id: z.string(),
    elsAccount: z.string(),
    enquiryNumber: z.string(),
    enquiryDesc: z.string(),
    buyerName: z.string(),
    enquiryType: z.string(),
    quoteMethod: z.string(),
    enquiryStatus: z.string(),
    quoteEndTime: z.string().nullable(),
    joinEndTime: z.string().nullable(),
    publishTime: z.string().nullable(),
    priceValidDate: z.string().nullable(),
    currency: z.string(),
    lineCount: z.number(),
    joined: z.boolean(),
    joinable: z.boolean(),
  });

  /**
   * POST /apis/inquiry/SaleEnquiryService/findPublicPageList — the supplier's "公开询价 / Public RFQs":
   * every buyer's public RFQs (enquiryMethod 2) that take participants now (quoting, first round, before
   * the quote deadline and the registration deadline `joinEndTime`), newest published first, to any
   * supplier company, linked to the buyer or not. Body { pageSize (1–100, default 20), cursor? (the
   * previous page's nextCursor), keyword? (part of the number or description) }. data { rows: [{ id,
   * elsAccount (buyer), enquiryNumber, enquiryDesc, buyerName, enquiryType, quoteMethod, enquiryStatus,
   * quoteEndTime, joinEndTime, publishTime (ISO-8601 UTC), priceValidDate, currency, lineCount, joined,
   * joinable }], nextCursor } — never invitations, participants or prices. '400' a malformed cursor.
   * Function permission (issue #19): `enquiry.read`; without it '403'. '403' for a buyer-side user.
   */
  r.post(
    `${sale}/findPublicPageList`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: 'Public RFQs open to every supplier (a page, newest published first)',
        body: publicListSchema,
        response: {
          200: envelopeSchema(z.object({ rows: z.array(publicRecord), nextCursor: z.string().nullable() })),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote');
      return ok(await findPublicList(deps.db, auth, request.body));
    },
  );

  /**
   * GET /apis/inquiry/SaleEnquiryService/findPublicDetail/{id} — one public RFQ for any supplier company:
   * { record: the list row's fields + payMethod, incoterms, taxRate (percent), remark; lines: [{ itemId,
   * lineNumber, materialNumber, materialDesc, unit, quantity, deliveryDate }] } — what an invitation
   * shows, no participants, no prices. '404' for a draft, an unknown id or an RFQ by invitation.
   * Function permission (issue #19): `enquiry.read`; without it '403'.
   */
  r.get(
    `${sale}/findPublicDetail/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: 'One public RFQ: terms and lines (no participants, no prices)',
        params: idParams,
        response: {
          200: envelopeSchema(
            z.object({
              record: publicRecord.extend({
                payMethod: z.string().nullable(),
                incoterms: z.string().nullable(),
                taxRate: z.string().nullable(),
                remark: z.string().nullable(),
              }),
              lines: z.array(
                z.object({
                  itemId: z.string(),
                  lineNumber: z.number(),
                  materialNumber: z.string(),
                  materialDesc: z.string(),
                  unit: z.string(),
                  quantity: z.string(),
                  deliveryDate: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
      return ok(await findPublicDetail(deps.db, auth, request.params.id));
    },
  );

  /**
   * POST /apis/inquiry/SaleEnquiryService/join/{id} — take part in a public RFQ ("参与报价 / Take part"):
   * the caller gets an invitation on every line ("response successful"), as if invited, and then quotes
   * through findQuote/quote; an unlinked supplier is linked with the buyer (a stranger in its supplier
   * pool: the award refuses it until the buyer qualifies it). A caller already invited or joined changes
   * nothing. data { id, created }. '400' enquiryNotPublic, enquiryNotOpen (past the quote deadline),
   * enquiryJoinClosed (past the registration deadline), enquiryJoinLaterRound, supplierRightRefused
   * (blacklisted, frozen … at that buyer); '404' for a draft or unknown id.
   * Function permission (issue #19): `enquiry.quote`; without it '403'.
   */
  r.post(
    `${sale}/join/:id`,
    {
      config: { action: ownRouteAction(def, 'quote') },
      schema: {
        tags,
        summary: 'Take part in a public RFQ (supplier)',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ id: z.string(), created: z.boolean() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
      const result = await join(deps.db, env, auth, request.params.id);
      void deps.outbox.kick();
      return ok(result);
    },
  );

  // The quote sheet: its upload is multipart, read in a context of its own (elsewhere refused).
  const maxMb = deps.config.UPLOAD_MAX_MB;
  void app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: maxMb * 1024 * 1024, files: 1 } });
    const u = zod(uploads);

    /**
     * GET /apis/inquiry/PurchaseEnquiryService/exportComparison/{id} — the price comparison as .xlsx (labels
     * in the caller's language): one row per line × invited supplier with status, round, unit price excl.
     * tax (the RFQ's currency), ladder, tax rate, line amount, lowest/highest, last price, savings, quota.
     * '400' enquirySealed / enquiryPasswordRequired as the comparison; '404' for another company's RFQ;
     * '429' comparisonBusy under the comparison limit (comparison-limit.ts). Every line, read 100 at a time
     * and streamed to the reply as it is written (exceljs WorkbookWriter): no length header, and memory holds
     * one page of lines, not the workbook; the download keeps its place in the limit until it ends.
     * Function permission (issue #19): `enquiry.export`; without it '403'.
     */
    u.get(
      `${purchase}/exportComparison/:id`,
      {
        config: { action: ownRouteAction(def, 'export') },
        schema: {
          tags,
          summary: 'Download the price comparison of an RFQ (Excel)',
          params: idParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        // The whole download holds one place of the comparison limit; the rules (404, sealed) answer
        // before the first byte, then the workbook streams to the reply as its lines are read.
        return limitComparison(
          async () => {
            const sheet = await comparisonSheet(deps.db, auth, request.params.id, request.locale);
            const out = new PassThrough();
            void reply
              .header('content-type', XLSX_TYPE)
              .header('cache-control', 'private, no-store')
              .header('content-disposition', `attachment; filename="${sheet.fileName}"`)
              .send(out);
            try {
              await sheet.write(out);
            } catch (error) {
              // Headers are gone: the download is cut short (the client sees a failed transfer).
              if (!out.destroyed) request.log.error({ err: error }, 'comparison export failed mid-stream');
              out.destroy(error as Error);
            }
            return reply;
          },
          (seconds) => void reply.header('retry-after', String(seconds)),
        );
      },
    );

    /**
     * GET /apis/inquiry/SaleEnquiryService/quoteSheet/{id} — the supplier's quote sheet (.xlsx, labels in
     * the caller's language): its invited lines — line number, material number, description, unit, quantity,
     * requested date (read-only) — and the editable unit price excl. tax, or for a ladder-price RFQ the
     * ladder ("1000:9.8; 5000:9.5"), prefilled with its current quote. '400' enquiryNotOpen when the RFQ
     * takes no quotes; '404' when not invited.
     * Function permission (issue #19): `enquiry.read`; without it '403'.
     */
    u.get(
      `${sale}/quoteSheet/:id`,
      {
        config: { action: ownRouteAction(def, 'read') },
        schema: {
          tags,
          summary: "Download the supplier's quote sheet of an RFQ (Excel)",
          params: idParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
        const sheet = await quoteSheet(deps.db, auth, request.params.id, request.locale);
        return reply
          .header('content-type', XLSX_TYPE)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${sheet.fileName}"`)
          .send(sheet.bytes);
      },
    );

    /**
     * POST /apis/inquiry/SaleEnquiryService/importQuoteSheet/{id} — multipart/form-data, part `file`: the
     * filled quote sheet (.xlsx ≤ UPLOAD_MAX_MB, either language). Rows are matched by line number; each
     * price is a decimal > 0 (12.6), each ladder's quantities rise; rows without a price stay unquoted. The
     * priced lines are quoted through the quote route's own rules, all or nothing; answers the quote page.
     * '400' with data { errors: [{ row, field, message }] } (caller's language, no ids) when a row is bad,
     * or naming the rule (not open, not an .xlsx, no prices …); '404' when not invited.
     * Function permission (issue #19): `enquiry.quote`; without it '403'.
     */
    u.post(
      `${sale}/importQuoteSheet/:id`,
      {
        config: { action: ownRouteAction(def, 'quote') },
        schema: {
          tags,
          summary: 'Upload a filled quote sheet of an RFQ (supplier), all or nothing',
          description:
            "multipart/form-data, part `file`: the quoteSheet .xlsx filled in. Any bad row: '400' with data " +
            '{ errors: [{ row, field, message }] } and nothing quoted; else the quote page.',
          params: idParams,
          response: { 200: quotePage },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        enquiryKind.assertSide(auth, 'sale', 'quote', request.params.id);
        // Invitation and deadline first (404 / 400 before the file is read).
        await findQuotePage(deps.db, auth, request.params.id);
        const bytes = await uploadedFile(request, maxMb);
        return ok(
          (await importQuoteSheet(deps.db, env, auth, request.params.id, bytes, request.locale)) as never,
        );
      },
    );
  });

  /**
   * GET /apis/inquiry/PurchaseEnquiryService/findInvitations/{id}?lineFrom=&limit= — the invited suppliers
   * per line with their quote status, decline reason and awarded quota, and `joined` for a supplier that
   * took part in a public RFQ without an invitation — no prices (safe before the deadline). A draft
   * answers the suppliers chosen on each line (no status). Paged by line like the comparison: up to `limit`
   * lines (1–200, default 50) with line number ≥ `lineFrom` (absent: the first); `nextLineFrom` for the next
   * page (null after the last), `lineCount` every line. data { costItems, feeItems, currencyRates, sealed,
   * needsPassword, lines, nextLineFrom, lineCount }. '400' a bad `lineFrom`/`limit` naming it; '404'
   * another company's RFQ. Function permission (issue #19): `enquiry.read`; without it '403'.
   */
  r.get(
    `${purchase}/findInvitations/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: 'Invited suppliers per RFQ line and their responses (no prices), paged by line',
        params: idParams,
        querystring: comparisonPageQuerySchema,
        response: {
          200: envelopeSchema(
            z.object({
              costItems: z.array(z.string()),
              feeItems: z.array(z.string()),
              currencyRates: z.array(z.object({ currency: z.string(), exchangeRate: z.string() })),
              sealed: z.boolean(),
              needsPassword: z.boolean(),
              lines: z.array(
                z.object({
                  itemId: z.string(),
                  lineNumber: z.number(),
                  suppliers: z.array(
                    z.object({
                      toElsAccount: z.string(),
                      supplierName: z.string(),
                      quoteStatus: z.string().nullable(),
                      declineReason: z.string().nullable(),
                      quota: z.string().nullable(),
                      /** Took part in the public RFQ instead of being invited (issue #13). */
                      joined: z.boolean(),
                    }),
                  ),
                }),
              ),
              /** The next page's first line number; null after the last line. */
              nextLineFrom: z.number().nullable(),
              /** How many lines the RFQ has. */
              lineCount: z.number(),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(await findInvitations(deps.db, requireAuth(request.auth), request.params.id, request.query)),
  );

  /**
   * POST /apis/inquiry/PurchaseEnquiryService/newRound/{id} — a further round of quotes (bout + 1) for the
   * chosen suppliers (each quoted some line). Body { version, quoteEndTime (ISO-8601, future), suppliers:
   * [account], message? }. data { record } (quoting again, bout + 1). '400' enquiryEndInPast,
   * enquiryRoundSupplier, docStatusNotAllowed (only a quoted RFQ whose quotes are open); '409' stale.
   * Function permission (issue #19): `enquiry.newRound`; without it '403'.
   */
  r.post(
    `${purchase}/newRound/:id`,
    {
      config: { action: ownRouteAction(def, 'newRound') },
      schema: {
        tags,
        summary: 'Start a new round of quotes for chosen suppliers',
        params: idParams,
        body: enquiryNewRoundBodySchema,
        response: { 200: envelopeSchema(z.object({ record })) },
      },
    },
    async (request) => {
      const result = await newRound(deps.db, env, requireAuth(request.auth), request.params.id, request.body);
      void deps.outbox.kick();
      return ok(result as never);
    },
  );

  /**
   * POST /apis/inquiry/PurchaseEnquiryService/openQuotes/{id} — a buyer user other than the RFQ's creator
   * enters the opening password (spec 001 §3 passWord) once quoting has ended. Body { version, passWord }.
   * data { record } (openUser, openTime set; status quoted). '400' enquiryOpenNotNeeded, enquirySealed,
   * enquiryOpenerIsCreator, enquiryPasswordWrong; '409' stale version.
   * Function permission (issue #19): `enquiry.openQuotes`; without it '403'.
   */
  r.post(
    `${purchase}/openQuotes/:id`,
    {
      config: { action: ownRouteAction(def, 'openQuotes') },
      schema: {
        tags,
        summary: 'Open the quotes with the opening password (a second person)',
        params: idParams,
        body: z.object({ version: z.number().int().min(0), passWord: z.string().min(1).max(32) }),
        response: { 200: envelopeSchema(z.object({ record })) },
      },
    },
    async (request) =>
      ok((await openQuotes(deps.db, requireAuth(request.auth), request.params.id, request.body)) as never),
  );

  /**
   * GET /apis/inquiry/PurchaseEnquiryService/findComparison/{id}?lineFrom=&limit= — the price comparison
   * once the quote deadline has passed (checked on read; a quoting RFQ becomes "quoted"), **paged by line**
   * (issue #13; shapes in packages/contracts/src/enquiry-comparison.ts): up to `limit` lines (1–200, default
   * 50) whose line number is ≥ `lineFrom` (keyset; absent = the first page), `nextLineFrom` for the next
   * page (null after the last line). Suppliers are listed once per page (`suppliers`); each line's cells
   * point into that list and leave empty fields out. Per cell: status, unit price for the line's quantity
   * (RFQ currency, 6 decimals; `quoted` {currency, exchangeRate, price} when quoted in another currency),
   * ladder, line amount (2 decimals), cost breakdown, fees and total with fees, lowest/highest, savings
   * against the last price-master price and the requisition's budget (amount and %). Per line the last
   * price (`lastPrice` in the RFQ's currency, `lastPriceOriginal` as recorded in `lastPriceCurrency`,
   * `lastPriceMissing` 'none'/'noRate') and `budgetPrice` (see service.ts findComparison). The first page
   * also answers `summary` (per supplier: lines invited/quoted/declined/lowest, sums of line amounts and
   * totals with fees; for the RFQ: lines, lines with a price, sum of the lowest line amounts), computed in
   * one SQL statement. `pendingAward` lists the page's lines only.
   * Errors: '400' enquirySealed before the deadline, enquiryPasswordRequired, a bad `lineFrom`/`limit`
   * (field and rule named); '404' another company's RFQ; '429' comparisonBusy (Retry-After: seconds) when
   * more comparison pages and exports than the per-process limit allows are running and waiting
   * (comparison-limit.ts). Function permission (issue #19): `enquiry.read`; without it '403'.
   */
  r.get(
    `${purchase}/findComparison/:id`,
    {
      config: { action: ownRouteAction(def, 'read') },
      schema: {
        tags,
        summary: 'Price comparison of an RFQ, paged by line (after the quote deadline)',
        params: idParams,
        querystring: comparisonPageQuerySchema,
        response: { 200: envelopeSchema(comparisonPageSchema) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      return ok(
        (await limitComparison(
          () => findComparisonPage(deps.db, auth, request.params.id, request.query),
          (seconds) => void reply.header('retry-after', String(seconds)),
        )) as never,
      );
    },
  );

  /**
   * POST /apis/inquiry/PurchaseEnquiryService/award/{id} — award after the deadline. Body { version,
   * lines: [{ itemId, awards: [{ toElsAccount, quota (percent) }] }], remark? }; each line's quotas total
   * exactly 100 (spec 001 §5/§9) and name suppliers that quoted it. Writes price-master records (valid to
   * priceValidDate), purchase-order drafts per supplier — an order's RFQ (enquiryType 3, every line to one
   * supplier at 100 %) instead writes the winner and its prices back to its source order, which `orders`
   * then names —, and tells suppliers won / not won and what follows. When the company
   * configured steps for the award (task type "enquiry end") it waits for them instead: awardAuditStatus 1,
   * nothing written, `pending` true; the last approval runs it. data { record, orders: [{ id, orderNumber,
   * toElsAccount }], prices (count), pending }. '400' rules, sealed, status; '409' stale.
   * Function permission (issue #19): `enquiry.award`; without it '403'.
   */
  r.post(
    `${purchase}/award/:id`,
    {
      config: { action: ownRouteAction(def, 'award') },
      schema: {
        tags,
        summary:
          'Award RFQ lines to suppliers with quota shares (writes prices, and order drafts or, for an order’s RFQ, the source order)',
        params: idParams,
        body: enquiryAwardBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              record,
              orders: z.array(
                z.object({ id: z.string(), orderNumber: z.string(), toElsAccount: z.string() }),
              ),
              prices: z.number(),
              pending: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const result = await award(deps.db, env, requireAuth(request.auth), request.params.id, request.body);
      void deps.outbox.kick();
      return ok(result as never);
    },
  );
}
