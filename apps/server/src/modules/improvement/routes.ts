import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { improvementDefinition } from '@srm/contracts/improvement';
import { z } from 'zod';
import { ownRouteAction, recordSchemaOf, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { forbidden } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { answerImprovement, improvementKind, reopenImprovement } from './improvement.ts';
import { sheetSource } from './source.ts';

const idParams = z.object({ id: z.uuid() });

/** The supplier's answer body: the version read, an optional remark, one answer per open item. */
const answerBody = z.object({
  version: z.number().int().min(0),
  remark: z.string().trim().max(500).optional(),
  answers: z
    .array(
      z.object({
        lineId: z.uuid(),
        rootCause: z.string().trim().min(1).max(1000),
        correctiveAction: z.string().trim().min(1).max(1000),
        dueDate: z.iso.date(),
      }),
    )
    .min(1)
    .max(100),
});

/** The buyer's reopen body: the version read, the reason (required), the items to rework (default all). */
const reopenBody = z.object({
  version: z.number().int().min(0),
  remark: z.string().trim().min(1).max(500),
  lineIds: z.array(z.uuid()).min(1).max(100).optional(),
});

/**
 * Improvement sheets (issue #17): the kernel's calls under `/apis/improvement/{Purchase|Sale}ImprovementService/…`
 * (findPageList, findDetail, export, print, save, copy, delete, send, close, cancel, attachments) plus the
 * supplier's answer and the buyer's reopen, whose bodies are their own. The item templates
 * (`PurchaseImprovementTemplateService`, buyer only) have only the kernel's calls: the manifest of kinds
 * registers them (apps/server/src/kinds.ts).
 */
export function registerImprovementRoutes(app: App, deps: AppDeps): void {
  const env = deps.config.ENV_NAME;
  registerDocumentRoutes(app, deps, improvementKind);
  const r = zod(app);
  const response = { 200: envelopeSchema(recordSchemaOf(improvementKind)) };

  /**
   * POST /apis/improvement/SaleImprovementService/answer/{id} — the supplier answers a sent or reopened sheet.
   * Body { version, remark?, answers: [{ lineId, rootCause, correctiveAction, dueDate (ISO date) }] } with one
   * answer per open item (open or rework; verified items are not answered again). The sheet becomes
   * "awaiting verification" and the buyer is told in its language. '400' a missing field (naming
   * body.answers.{i}.{field}), an item not open or not answered, or a status that does not allow it; '404'
   * not the caller's sheet; '409' stale version.
   * Function permission (issue #19): `improvement.answer`; without it '403'.
   */
  r.post(
    `${servicePath(improvementDefinition, 'sale')}/answer/:id`,
    {
      config: { action: ownRouteAction(improvementDefinition, 'answer') },
      schema: {
        tags: ['improvement'],
        summary: 'Answer an improvement sheet (root cause, corrective action, due date per item)',
        params: idParams,
        body: answerBody,
        response,
      },
    },
    async (request) => {
      const row = await answerImprovement(
        deps.db,
        env,
        requireAuth(request.auth),
        request.params.id,
        request.body,
      );
      void deps.outbox.kick();
      return ok(improvementKind.toRecord(row) as never);
    },
  );

  /**
   * POST /apis/improvement/PurchaseImprovementService/reopen/{id} — the buyer reopens an answered sheet.
   * Body { version, remark (the reason, required), lineIds? (the items that failed verification; default
   * all) }: those items go to rework, the others are verified; the sheet is "reopened", its reopen count
   * grows and the supplier is told in its language. '400' no reason (body.remark), an item not on the sheet,
   * or a status that does not allow it; '404' not the caller's; '409' stale version.
   * Function permission (issue #19): `improvement.reopen`; without it '403'.
   */
  r.post(
    `${servicePath(improvementDefinition, 'purchase')}/reopen/:id`,
    {
      config: { action: ownRouteAction(improvementDefinition, 'reopen') },
      schema: {
        tags: ['improvement'],
        summary: 'Reopen an answered improvement sheet with a reason',
        params: idParams,
        body: reopenBody,
        response,
      },
    },
    async (request) => {
      const row = await reopenImprovement(
        deps.db,
        env,
        requireAuth(request.auth),
        request.params.id,
        request.body,
      );
      void deps.outbox.kick();
      return ok(improvementKind.toRecord(row) as never);
    },
  );

  /** What findSource answers (source.ts sheetSource). */
  const sourceResponse = envelopeSchema(
    z.strictObject({
      sourceType: z.string(),
      sourceNumber: z.string().nullable(),
      appraisal: z
        .strictObject({
          runId: z.uuid().nullable(),
          resultId: z.uuid().nullable(),
          appraisalNumber: z.string(),
          periodFrom: z.string(),
          periodTo: z.string(),
          runStatus: z.string(),
        })
        .nullable(),
    }),
  );
  for (const side of ['purchase', 'sale'] as const) {
    /**
     * GET /apis/improvement/{Purchase|Sale}ImprovementService/findSource/{id} — where a sheet came from, to
     * follow it: { sourceType, sourceNumber, appraisal: null | { runId (buyer only), resultId (the supplier's
     * scorecard; a supplier gets it once the run is finished), appraisalNumber, periodFrom, periodTo
     * (exclusive), runStatus } }. The buyer reads its own sheets, the supplier sheets sent to it (not drafts);
     * '404' otherwise, '403' the other side's path.
     * Function permission (issue #19): `improvement.read`; without it '403'.
     */
    r.get(
      `${servicePath(improvementDefinition, side)}/findSource/:id`,
      {
        config: { action: ownRouteAction(improvementDefinition, 'read') },
        schema: {
          tags: ['improvement'],
          summary: 'The source of an improvement sheet (the appraisal run and scorecard it was issued from)',
          params: idParams,
          response: { 200: sourceResponse },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        if ((auth.station === 'purchase') !== (side === 'purchase')) throw forbidden();
        return ok(await sheetSource(deps.db, auth, request.params.id));
      },
    );
  }
}
