import { envelopeSchema } from '@srm/contracts/envelope';
import { webhookDeliverySchema, webhookEndpointSchema, webhookSaveSchema } from '@srm/contracts/webhook';
import { z } from 'zod';
import { allKinds } from '../../platform/document/registry.ts';
import { type App, type AppDeps, ok, requireAdminOrKey, requireAuth, zod } from '../../platform/http.ts';
import {
  deleteEndpoint,
  deliveryDetail,
  listDeliveries,
  listEndpoints,
  pingEndpoint,
  redeliver,
  rotateSecret,
  saveEndpoint,
} from './service.ts';

/** Calls that take no input still declare an (empty) body: the route fuzz suite checks every POST. */
const noBody = z.object({}).optional();
const BASE = '/apis/WebhookService';
const idParams = z.object({ id: z.uuid() });
const deliveryParams = z.object({ id: z.coerce.number().int().positive() });
const versionBody = z.object({ version: z.number().int().min(0) });

/**
 * Webhooks of the caller's company (issue #18), for its administrator only ('403' otherwise), buyer or
 * supplier: endpoints, the delivery log, redelivery and a test ping. How events are signed and retried:
 * docs/webhooks.md and modules/webhook/service.ts.
 */
export function registerWebhookRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const tags = ['webhooks'];

  /** POST …/list — the company's endpoints, newest first (secrets are never listed). */
  r.post(
    `${BASE}/list`,
    {
      config: { keyScope: 'webhook.read' },
      schema: {
        tags,
        summary: 'List webhook endpoints',
        body: noBody,
        response: { 200: envelopeSchema(z.array(webhookEndpointSchema)) },
      },
    },
    async (request) => ok(await listEndpoints(deps.db, requireAuth(request.auth))),
  );

  /**
   * POST …/eventTypes — the event types an endpoint may subscribe to: `{kind}.{action}` of every document
   * kind (create, edit, delete, submit, withdraw, approve, reject and the kind's own actions), `message.created`
   * (a system message to the company's users), `notice.publish` (an announcement published or received), plus
   * `ping`.
   */
  r.post(
    `${BASE}/eventTypes`,
    {
      config: { keyScope: 'webhook.read' },
      schema: {
        tags,
        summary: 'Event types',
        body: noBody,
        response: {
          200: envelopeSchema(z.array(z.object({ kind: z.string(), actions: z.array(z.string()) }))),
        },
      },
    },
    async (request) => {
      requireAdminOrKey(requireAuth(request.auth));
      const standard = ['create', 'edit', 'delete', 'submit', 'withdraw', 'approve', 'reject'];
      return ok(
        allKinds()
          .map((k) => ({ kind: k.def.kind, actions: [...standard, ...Object.keys(k.def.actions)] }))
          // Messages to the company's users and announcements (published by a buyer, received by suppliers).
          .concat([
            { kind: 'message', actions: ['created'] },
            { kind: 'notice', actions: ['publish'] },
          ])
          .sort((a, b) => a.kind.localeCompare(b.kind)),
      );
    },
  );

  /**
   * POST …/save — creates an endpoint (body { url (http/https, ≤ 500), description?, eventTypes ['*' |
   * '{kind}.*' | '{kind}.{action}'], enabled? }; the answer carries `secret` this once) or edits one (id,
   * version). '400' a private or unresolvable host (unless WEBHOOK_ALLOW_PRIVATE) or more than 20
   * endpoints; '404' another company's id; '409' stale version.
   */
  r.post(
    `${BASE}/save`,
    {
      config: { keyScope: 'webhook.save' },
      schema: {
        tags,
        summary: 'Create or edit a webhook endpoint',
        body: webhookSaveSchema,
        response: { 200: envelopeSchema(webhookEndpointSchema) },
      },
    },
    async (request) =>
      ok(
        await saveEndpoint(
          deps.db,
          requireAuth(request.auth),
          request.body,
          deps.config.WEBHOOK_ALLOW_PRIVATE,
        ),
      ),
  );

  /** POST …/rotateSecret/{id} — a new signing secret (answered once). Body {version}. */
  r.post(
    `${BASE}/rotateSecret/:id`,
    {
      config: { keyScope: 'webhook.rotateSecret' },
      schema: {
        tags,
        summary: 'Rotate the signing secret',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(webhookEndpointSchema) },
      },
    },
    async (request) =>
      ok(await rotateSecret(deps.db, requireAuth(request.auth), request.params.id, request.body.version)),
  );

  /** POST …/delete/{id} — deletes an endpoint and its log. Body {version}. */
  r.post(
    `${BASE}/delete/:id`,
    {
      config: { keyScope: 'webhook.delete' },
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        params: idParams,
        body: versionBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteEndpoint(deps.db, requireAuth(request.auth), request.params.id, request.body.version);
      return ok(null);
    },
  );

  /** POST …/ping/{id} — queues a `ping` event to the endpoint; data { id } of the delivery. */
  r.post(
    `${BASE}/ping/:id`,
    {
      config: { keyScope: 'webhook.ping' },
      schema: {
        tags,
        summary: 'Send a test event',
        body: noBody,
        params: idParams,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await pingEndpoint(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST …/deliveries — the delivery log, newest first: body { endpointId?, status? (pending | delivered |
   * failed), beforeId? (keyset: the last id of the previous page), pageSize 1–100 (default 20) }.
   */
  r.post(
    `${BASE}/deliveries`,
    {
      config: { keyScope: 'webhook.read' },
      schema: {
        tags,
        summary: 'Webhook delivery log',
        body: z.object({
          endpointId: z.uuid().optional(),
          status: z.enum(['pending', 'delivered', 'failed']).optional(),
          beforeId: z.number().int().positive().optional(),
          pageSize: z.number().int().min(1).max(100).default(20),
        }),
        response: { 200: envelopeSchema(z.array(webhookDeliverySchema)) },
      },
    },
    async (request) => ok(await listDeliveries(deps.db, requireAuth(request.auth), request.body)),
  );

  /** POST …/delivery/{id} — one delivery with its body and every attempt (status code or error, ms, time). */
  r.post(
    `${BASE}/delivery/:id`,
    {
      config: { keyScope: 'webhook.read' },
      schema: {
        tags,
        summary: 'One webhook delivery with its attempts',
        body: noBody,
        params: deliveryParams,
        response: {
          200: envelopeSchema(
            webhookDeliverySchema.extend({
              payload: z.string(),
              attemptLog: z.array(
                z.object({
                  statusCode: z.number().nullable(),
                  error: z.string().nullable(),
                  durationMs: z.number(),
                  createDate: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await deliveryDetail(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /** POST …/redeliver/{id} — queues the same event (same id and body) again; data: the new delivery. */
  r.post(
    `${BASE}/redeliver/:id`,
    {
      config: { keyScope: 'webhook.redeliver' },
      schema: {
        tags,
        summary: 'Redeliver a webhook event',
        body: noBody,
        params: deliveryParams,
        response: { 200: envelopeSchema(webhookDeliverySchema) },
      },
    },
    async (request) => ok(await redeliver(deps.db, requireAuth(request.auth), request.params.id)),
  );
}
