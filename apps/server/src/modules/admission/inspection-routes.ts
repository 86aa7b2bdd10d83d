import { actionBodySchema, servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { facInsDefinition, sampleDefinition } from '@srm/contracts/inspection';
import { z } from 'zod';
import { ownRouteAction, recordSchemaOf, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { concludeFacIns, facInsKind, facInsTemplateKind, registerFacInsApproval } from './inspection.ts';
import { concludeSample, registerSampleApproval, sampleKind, sampleTemplateKind } from './sample.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * Factory inspections and samples of supplier admission (issue #16): the kernel's calls of the four kinds
 * under `/apis/admission/…` — `PurchaseFacInsTemplateService`, `PurchaseSampleTemplateService` (buyer only),
 * `{Purchase|Sale}FacInsService`, `{Purchase|Sale}SampleService` (findPageList, findDetail, export, print,
 * save, copy, delete, the actions) — and the two conclusions under approval.
 */
export function registerInspectionRoutes(app: App, deps: AppDeps): void {
  const env = deps.config.ENV_NAME;
  registerFacInsApproval(env);
  registerSampleApproval(env);
  registerDocumentRoutes(app, deps, facInsTemplateKind);
  registerDocumentRoutes(app, deps, facInsKind);
  registerDocumentRoutes(app, deps, sampleTemplateKind);
  registerDocumentRoutes(app, deps, sampleKind);
  const r = zod(app);

  /**
   * POST /apis/admission/PurchaseFacInsService/conclude/{id} — submits an inspection's result. Body
   * { version, remark? }. Every review item must have a score. With the company's "inspection" approval
   * steps it waits for them (auditStatus 1, `pending` true); the last approval (or, without steps, this call)
   * writes totalScore (exact sum of the scores, 2 decimals), result (pass when ≥ passScore) and facInsStatus
   * 2 passed / 3 failed, and tells the supplier. '400' unscored item or status, '404' not the caller's,
   * '409' stale version.
   * Function permission (issue #19): `facIns.conclude`; without it '403'.
   */
  r.post(
    `${servicePath(facInsDefinition, 'purchase')}/conclude/:id`,
    {
      config: { action: ownRouteAction(facInsDefinition, 'conclude') },
      schema: {
        tags: ['facIns'],
        summary: 'Submit a factory inspection result (under the "inspection" approval)',
        params: idParams,
        body: actionBodySchema(facInsDefinition.actions.conclude),
        response: {
          200: envelopeSchema(z.object({ record: recordSchemaOf(facInsKind), pending: z.boolean() })),
        },
      },
    },
    async (request) => {
      const result = await concludeFacIns(
        deps.db,
        env,
        requireAuth(request.auth),
        request.params.id,
        request.body as { version: number; remark?: string },
      );
      void deps.outbox.kick();
      return ok({ record: facInsKind.toRecord(result.record), pending: result.pending } as never);
    },
  );

  /**
   * POST /apis/admission/PurchaseSampleService/conclude/{id} — submits a sample's conclusion. Body
   * { version, conclusion: 'pass' | 'fail', remark? }. Every test item needs a result, and "pass" is refused
   * when an item failed. With the company's "sample" approval steps it waits (auditStatus 1, `pending` true);
   * the last approval (or this call without steps) sets sampleStatus 3 passed / 4 failed and tells the
   * supplier. '400' rules or status, '404' not the caller's, '409' stale version.
   * Function permission (issue #19): `sampleNumber.conclude`; without it '403'.
   */
  r.post(
    `${servicePath(sampleDefinition, 'purchase')}/conclude/:id`,
    {
      config: { action: ownRouteAction(sampleDefinition, 'conclude') },
      schema: {
        tags: ['sampleNumber'],
        summary: 'Submit a sample conclusion (under the "sample" approval)',
        params: idParams,
        body: actionBodySchema(sampleDefinition.actions.conclude),
        response: {
          200: envelopeSchema(z.object({ record: recordSchemaOf(sampleKind), pending: z.boolean() })),
        },
      },
    },
    async (request) => {
      const result = await concludeSample(
        deps.db,
        env,
        requireAuth(request.auth),
        request.params.id,
        request.body as { version: number; conclusion: 'pass' | 'fail'; remark?: string },
      );
      void deps.outbox.kick();
      return ok({ record: sampleKind.toRecord(result.record), pending: result.pending } as never);
    },
  );
}
