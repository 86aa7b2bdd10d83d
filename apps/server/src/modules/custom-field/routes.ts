import { CUSTOM_FIELD_DOCUMENT_KINDS, customFieldSaveBodySchema } from '@srm/contracts/custom-field';
import { DOCUMENT_DEFINITIONS, type KernelKindCode } from '@srm/contracts/document/registry';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { findLabels, findLabelsOfDocument, findLabelsOfOrder, saveLabels } from './service.ts';

const labelSchema = z.object({ fieldKey: z.string(), zh_cn: z.string(), en: z.string() });
const setSchema = z.object({
  documentKind: z.string(),
  labels: z.array(labelSchema),
  version: z.number(),
});

/**
 * Labels of the custom fields fbk1…fbk50 per document kind (issue #5; seed 001 §3 "custom fields fbk1
 * to fbk50 recur on most documents"). The buyer's administrator names them; forms, detail pages and the
 * PDF of the buyer's documents show them on both sides, `fbkN` where none is set.
 */
export function registerCustomFieldRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/CustomFieldService/findLabels/{documentKind} — documentKind purchaseOrder (header) |
   * purchaseOrderItem (line), or a kernel kind's code (deliveryNote, refund …: header) and the code with
   * `Item` (its lines). data { documentKind, labels: [{ fieldKey 'fbkN', zh_cn, en }] (fbk order),
   * version } of the caller's own company (any sub-account); no set saved yet: labels [] and version 0.
   * '400' for an unknown kind.
   */
  r.get(
    '/apis/CustomFieldService/findLabels/:documentKind',
    {
      schema: {
        tags: ['custom-field'],
        summary: "Custom field labels of a document kind (caller's company)",
        params: z.object({ documentKind: z.enum(CUSTOM_FIELD_DOCUMENT_KINDS) }),
        response: { 200: envelopeSchema(setSchema) },
      },
    },
    async (request) =>
      ok(await findLabels(deps.db, requireAuth(request.auth).elsAccount, request.params.documentKind)),
  );

  /**
   * GET /apis/CustomFieldService/findOrderLabels/{orderId} — the labels the order's buyer set, for anyone
   * who may see the order: the buyer's sub-accounts, or the supplier once the order was sent. data
   * { purchaseOrder: label[], purchaseOrderItem: label[] }. '404' when the caller cannot see the order
   * (the same answer as findDetail).
   */
  r.get(
    '/apis/CustomFieldService/findOrderLabels/:orderId',
    {
      schema: {
        tags: ['custom-field'],
        summary: 'Custom field labels of the buyer of an order (both sides)',
        params: z.object({ orderId: z.uuid() }),
        response: {
          200: envelopeSchema(
            z.object({ purchaseOrder: z.array(labelSchema), purchaseOrderItem: z.array(labelSchema) }),
          ),
        },
      },
    },
    async (request) =>
      ok(await findLabelsOfOrder(deps.db, requireAuth(request.auth), request.params.orderId)),
  );

  /**
   * GET /apis/CustomFieldService/findDocumentLabels/{documentKind}/{id} — for a document on the kernel
   * (documentKind deliveryNote, refund …; issue #12), the labels its buyer set, for a caller whose side
   * (station) sees the document. data { header: label[], lines: label[] } (fbk order; [] when none).
   * '404' when the caller cannot see the document (the same answer as the kind's findDetail).
   */
  r.get(
    '/apis/CustomFieldService/findDocumentLabels/:documentKind/:id',
    {
      schema: {
        tags: ['custom-field'],
        summary: 'Custom field labels of the buyer of a kernel document (both sides)',
        params: z.object({
          documentKind: z.enum(
            DOCUMENT_DEFINITIONS.map((d) => d.kind) as [KernelKindCode, ...KernelKindCode[]],
          ),
          id: z.uuid(),
        }),
        response: {
          200: envelopeSchema(z.object({ header: z.array(labelSchema), lines: z.array(labelSchema) })),
        },
      },
    },
    async (request) =>
      ok(
        await findLabelsOfDocument(
          deps.db,
          requireAuth(request.auth),
          request.params.documentKind,
          request.params.id,
        ),
      ),
  );

  /**
   * POST /apis/CustomFieldService/saveLabels — replaces the labels of one document kind of the caller's
   * company; buyer company administrators only ('403' otherwise, suppliers included). Body
   * { documentKind, labels: [{ fieldKey fbk1…fbkN (N: 50 for orders, the kind's customFields), zh_cn?, en? }] (≤ 50, each key once), version? (the
   * version read; required once a set exists) }. Labels are trimmed, at most 50 characters; one language
   * may be empty and takes the other's text, both empty is '400' naming body.labels.N.zh_cn. Other '400':
   * unknown key (body.labels.N.fieldKey), duplicate key (body.labels.N.fieldKey, the later one), too long
   * (body.labels.N.en) — in the caller's language. '409' on a stale version. data as findLabels.
   */
  r.post(
    '/apis/CustomFieldService/saveLabels',
    {
      schema: {
        tags: ['custom-field'],
        summary: 'Save the custom field labels of a document kind (admin)',
        body: customFieldSaveBodySchema,
        response: { 200: envelopeSchema(setSchema) },
      },
    },
    async (request) => ok(await saveLabels(deps.db, requireAuth(request.auth), request.body)),
  );
}
