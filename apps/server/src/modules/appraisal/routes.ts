import {
  appraisalPageSchema,
  appraisalPagingSchema,
  commentSchema,
  runCreateSchema,
  runRecordSchema,
  scorecardRowSchema,
  scoreSaveSchema,
  templateRecordSchema,
  templateSaveSchema,
} from '@srm/contracts/appraisal';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { scorecardPdf } from './print.ts';
import {
  buyerScorecard,
  createRun,
  exportRun,
  findExperts,
  finishRun,
  listRuns,
  listTemplates,
  myScoring,
  runDetail,
  runEvidence,
  saleComment,
  saleDetail,
  saleList,
  saveScores,
  saveTemplate,
  setTemplateStatus,
  templateDetail,
} from './service.ts';

const TEMPLATE = '/apis/appraisal/PurchaseAppraisalTemplateService';
const RUN = '/apis/appraisal/PurchaseAppraisalService';
const SALE = '/apis/appraisal/SaleAppraisalService';
const idParams = z.object({ id: z.uuid() });
const versionBody = z.object({ version: z.number().int().min(0) });
// Answers are documented in the docstrings; their shapes are the service's return types.
const data = envelopeSchema(z.any());

/**
 * Supplier performance appraisal (issue #17): templates and runs for the buyer
 * (`/apis/appraisal/PurchaseAppraisal…Service/…`), expert scoring, and the supplier's own scorecards
 * (`/apis/appraisal/SaleAppraisalService/…`). Buyer calls answer '403' to a supplier and vice versa.
 */
export function registerAppraisalRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const tags = ['appraisal'];

  /**
   * POST …Template/findPageList — the buyer's templates, newest first. Body { currentPage, pageSize, cursor?
   * (nextCursor of the previous page: keyset, any depth), templateStatus? (0 draft, 1 released, 2 disabled) }.
   * data (strict schema): { records: template[], total (exact up to 1,000), totalExact, nextCursor,
   * currentPage, pageSize }. '400' body.cursor not this list's, body.currentPage past the first 10,000 rows.
   */
  r.post(
    `${TEMPLATE}/findPageList`,
    {
      schema: {
        tags,
        summary: 'List appraisal templates',
        body: appraisalPagingSchema.extend({ templateStatus: z.enum(['0', '1', '2']).optional() }),
        response: { 200: envelopeSchema(appraisalPageSchema(templateRecordSchema)) },
      },
    },
    async (request) => ok(await listTemplates(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET …Template/findDetail/{id} — one template: items (itemId, itemName, dimension, weight %, kind, metric | scaleMax, guidance), bands. '404' another company's. */
  r.get(
    `${TEMPLATE}/findDetail/:id`,
    { schema: { tags, summary: 'One appraisal template', params: idParams, response: { 200: data } } },
    async (request) => ok(await templateDetail(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST …Template/save — creates (no id) or edits a draft (id + version). Body { templateName, remark?,
   * excellentMin, goodMin, qualifiedMin (defaults 90/80/60), items: [{ itemName, dimension, weight > 0,
   * kind computed (metric) | manual (scaleMax, guidance) }] }. '400': weights not totalling 100 ("权重之和必须为100"),
   * duplicate item names, a computed item without metric, bands not descending; '409' stale version.
   */
  r.post(
    `${TEMPLATE}/save`,
    {
      schema: {
        tags,
        summary: 'Save an appraisal template',
        body: templateSaveSchema,
        response: { 200: data },
      },
    },
    async (request) => ok(await saveTemplate(deps.db, requireAuth(request.auth), request.body)),
  );

  /** POST …Template/release/{id} — draft or disabled → released. Body { version }; '409' stale, '400' wrong status. */
  r.post(
    `${TEMPLATE}/release/:id`,
    {
      schema: {
        tags,
        summary: 'Release an appraisal template',
        params: idParams,
        body: versionBody,
        response: { 200: data },
      },
    },
    async (request) =>
      ok(
        await setTemplateStatus(
          deps.db,
          requireAuth(request.auth),
          request.params.id,
          request.body.version,
          '1',
        ),
      ),
  );

  /** POST …Template/disable/{id} — released → disabled. Body { version }; '409' stale, '400' wrong status. */
  r.post(
    `${TEMPLATE}/disable/:id`,
    {
      schema: {
        tags,
        summary: 'Disable an appraisal template',
        params: idParams,
        body: versionBody,
        response: { 200: data },
      },
    },
    async (request) =>
      ok(
        await setTemplateStatus(
          deps.db,
          requireAuth(request.auth),
          request.params.id,
          request.body.version,
          '2',
        ),
      ),
  );

  /**
   * POST …/findPageList — the buyer's appraisal runs, newest first. Body { currentPage, pageSize, cursor?,
   * runStatus? (0 scoring, 1 finished) }; data (strict schema) { records: run[] (no results or scores),
   * total, totalExact, nextCursor, currentPage, pageSize }; '400' as the template list.
   */
  r.post(
    `${RUN}/findPageList`,
    {
      schema: {
        tags,
        summary: 'List appraisal runs',
        body: appraisalPagingSchema.extend({ runStatus: z.enum(['0', '1']).optional() }),
        response: { 200: envelopeSchema(appraisalPageSchema(runRecordSchema)) },
      },
    },
    async (request) => ok(await listRuns(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * GET …/findDetail/{id} — a run: { run, results (per supplier: ratingStatus, totalScore, grade, rankNo,
   * rankBand, proposalNumber, proposalNote, supplierComment), scores (per supplier × item: rate 0–1, value,
   * amount, given, score, evidenceCount (the rows behind a computed figure: findEvidence), scorer) }. '404'
   * another company's.
   */
  r.get(
    `${RUN}/findDetail/:id`,
    { schema: { tags, summary: 'One appraisal run', params: idParams, response: { 200: data } } },
    async (request) => ok(await runDetail(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * GET …/findEvidence/{id}?toElsAccount=&itemId= — the documents behind one computed figure of the run:
   * data [{ number, line, ok, values }] (≤ 500 rows). findDetail carries only each figure's evidenceCount.
   * '404' another company's run or no such supplier × item.
   */
  r.get(
    `${RUN}/findEvidence/:id`,
    {
      schema: {
        tags,
        summary: 'The evidence behind one computed figure',
        params: idParams,
        querystring: z.object({ toElsAccount: z.string().min(1).max(32), itemId: z.string().min(1).max(64) }),
        response: { 200: data },
      },
    },
    async (request) =>
      ok(await runEvidence(deps.db, requireAuth(request.auth), request.params.id, request.query)),
  );

  /**
   * POST …/create — a run (AR…) of a released template over [periodFrom, periodTo) (dates) for the listed
   * suppliers, else the linked suppliers (of supplierType) not eliminated or blacklisted; experts [{ itemId,
   * elsSubAccount }] per manual item. Computed figures are filled in in the same transaction. data: the
   * run as findDetail answers it. '400' template not released, empty period, no supplier, unknown expert.
   */
  r.post(
    `${RUN}/create`,
    { schema: { tags, summary: 'Start an appraisal run', body: runCreateSchema, response: { 200: data } } },
    async (request) => ok(await createRun(deps.db, requireAuth(request.auth), request.body)),
  );

  /**
   * POST …/finish/{id} — totals, grades, ranks; grades differing from the supplier's stage are proposed as
   * lifecycle supplierGrade requests (own approval). Body { version }. '400' suppliers not fully rated or
   * already finished; '409' stale.
   */
  r.post(
    `${RUN}/finish/:id`,
    {
      schema: {
        tags,
        summary: 'Finish an appraisal run',
        params: idParams,
        body: versionBody,
        response: { 200: data },
      },
    },
    async (request) => {
      const result = await finishRun(
        deps.db,
        deps.config.ENV_NAME,
        requireAuth(request.auth),
        request.params.id,
        request.body.version,
      );
      deps.outbox.kick();
      return ok(result);
    },
  );

  /**
   * GET …/export/{id}[?format=xlsx] — the run's results as an Excel sheet (rank, supplier, rating status,
   * total, grade, rank band, each item's score) in the caller's language: the raw workbook with
   * `format=xlsx`, else the envelope { fileName, contentType, content (base64) }. '404' another company's run.
   */
  r.get(
    `${RUN}/export/:id`,
    {
      schema: {
        tags,
        summary: 'Export an appraisal run to Excel',
        params: idParams,
        querystring: z.object({ format: z.enum(['json', 'xlsx']).default('json') }),
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const { name, bytes } = await exportRun(
        deps.db,
        requireAuth(request.auth),
        request.params.id,
        request.locale,
      );
      const fileName = `${name}.xlsx`;
      if (request.query.format === 'xlsx')
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-length', String(bytes.length))
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(bytes);
      return reply.send(ok({ fileName, contentType: XLSX_TYPE, content: bytes.toString('base64') }));
    },
  );

  /** GET …/print/{resultId} — one supplier's scorecard of the buyer's run as a PDF (reader's language). '404' another company's. */
  r.get(
    `${RUN}/print/:id`,
    { schema: { tags, summary: 'A supplier scorecard (PDF)', params: idParams, response: { 200: z.any() } } },
    async (request, reply) => {
      const card = await buyerScorecard(deps.db, requireAuth(request.auth), request.params.id);
      const pdf = await scorecardPdf(card, request.locale);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${card.appraisalNumber}-scorecard.pdf"`)
        .send(pdf);
    },
  );

  /** GET …/findExperts — the buyer's active sub-accounts that can be invited as experts: [{ elsSubAccount, name }]. */
  r.get(
    `${RUN}/findExperts`,
    { schema: { tags, summary: 'Sub-accounts that can score as experts', response: { 200: data } } },
    async (request) => ok(await findExperts(deps.db, requireAuth(request.auth))),
  );

  /** GET …/myScoring — runs waiting for the caller's expert scores: items assigned to the caller, suppliers, scores given so far. */
  r.get(
    `${RUN}/myScoring`,
    { schema: { tags, summary: 'My expert scoring tasks', response: { 200: data } } },
    async (request) => ok(await myScoring(deps.db, requireAuth(request.auth))),
  );

  /**
   * POST …/score/{id} — the expert's scores: { scores: [{ toElsAccount, itemId, score (0…scaleMax), remark? }] }.
   * '403' an item not assigned to the caller; '400' not a manual item, a supplier not in the run, a score
   * above the scale, a finished run. data: the run.
   */
  r.post(
    `${RUN}/score/:id`,
    {
      schema: {
        tags,
        summary: 'Score assigned manual items',
        params: idParams,
        body: scoreSaveSchema,
        response: { 200: data },
      },
    },
    async (request) =>
      ok(await saveScores(deps.db, requireAuth(request.auth), request.params.id, request.body)),
  );

  /**
   * POST Sale…/findPageList — the supplier's own scorecards of finished runs, newest period first: buyer,
   * period, total, grade, rank band (strict schema: nothing else). Body { currentPage, pageSize, cursor? };
   * data { records, total, totalExact, nextCursor, currentPage, pageSize }; '400' as the template list.
   */
  r.post(
    `${SALE}/findPageList`,
    {
      schema: {
        tags,
        summary: 'My scorecards',
        body: appraisalPagingSchema,
        response: { 200: envelopeSchema(appraisalPageSchema(scorecardRowSchema)) },
      },
    },
    async (request) => ok(await saleList(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET Sale…/findDetail/{id} — one own scorecard: items, own scores and evidence, rank band, trend, comment. '404' not its own. */
  r.get(
    `${SALE}/findDetail/:id`,
    { schema: { tags, summary: 'My scorecard', params: idParams, response: { 200: data } } },
    async (request) => ok(await saleDetail(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /** GET Sale…/print/{id} — the supplier's own scorecard as a PDF (reader's language). '404' not its own. */
  r.get(
    `${SALE}/print/:id`,
    { schema: { tags, summary: 'My scorecard (PDF)', params: idParams, response: { 200: z.any() } } },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const card = await saleDetail(deps.db, auth, request.params.id);
      const pdf = await scorecardPdf(
        { ...card, supplierName: auth.elsAccount, items: card.items },
        request.locale,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${card.appraisalNumber}-scorecard.pdf"`)
        .send(pdf);
    },
  );

  /** POST Sale…/comment/{id} — the supplier's comment. Body { version, comment (1–1000) }; '409' stale. */
  r.post(
    `${SALE}/comment/:id`,
    {
      schema: {
        tags,
        summary: 'Comment on my scorecard',
        params: idParams,
        body: commentSchema,
        response: { 200: data },
      },
    },
    async (request) =>
      ok(await saleComment(deps.db, requireAuth(request.auth), request.params.id, request.body)),
  );
}
