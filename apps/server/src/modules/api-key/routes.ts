import { apiKeyCreateSchema, apiKeySchema } from '@srm/contracts/api-key';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { createKey, keyUses, listKeys, revokeKey } from './service.ts';

/** Calls that take no input still declare an (empty) body: the route fuzz suite checks every POST. */
const noBody = z.object({}).optional();
const BASE = '/apis/ApiKeyService';
const idParams = z.object({ id: z.uuid() });

/**
 * API keys of the caller's company (issue #18), for its administrator only ('403' otherwise). A key is
 * sent as the `x-api-key` header instead of `token`; it acts as one sub-account of the company, never as
 * an admin, on the calls whose function code its scopes allow (`{ kind | group | '*', access: read |
 * write }`: document kinds, and master data, prices, announcements, dictionaries, webhooks by name),
 * rate-limited (API_KEY_LIMIT_PER_MIN per key), every call recorded. These routes themselves never take a
 * key ('403'). docs/api-keys.md (routes per scope), docs/security.md "API keys".
 */
export function registerApiKeyRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const tags = ['apiKeys'];

  /** POST …/list — the company's keys, newest first (prefix only, never the key). */
  r.post(
    `${BASE}/list`,
    {
      schema: {
        tags,
        summary: 'List API keys',
        body: noBody,
        response: { 200: envelopeSchema(z.array(apiKeySchema)) },
      },
    },
    async (request) => ok(await listKeys(deps.db, requireAuth(request.auth))),
  );

  /**
   * POST …/create — body { elsSubAccount (an active sub-account of the company), name (1–50), scopes
   * [{ kind, access }] (1–50), expiresDate? (ISO-8601, in the future) }. data: the key with `key`, shown
   * this once. '400' naming the field.
   */
  r.post(
    `${BASE}/create`,
    {
      schema: {
        tags,
        summary: 'Create an API key',
        body: apiKeyCreateSchema,
        response: { 200: envelopeSchema(apiKeySchema) },
      },
    },
    async (request) => ok(await createKey(deps.db, requireAuth(request.auth), request.body)),
  );

  /** POST …/revoke/{id} — body {version}; the key stops at once on every server process. */
  r.post(
    `${BASE}/revoke/:id`,
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        params: idParams,
        body: z.object({ version: z.number().int().min(0) }),
        response: { 200: envelopeSchema(apiKeySchema) },
      },
    },
    async (request) =>
      ok(await revokeKey(deps.db, requireAuth(request.auth), request.params.id, request.body.version)),
  );

  /** POST …/uses/{id} — the key's calls, newest first: body { beforeId? (keyset), pageSize 1–100 }. */
  r.post(
    `${BASE}/uses/:id`,
    {
      schema: {
        tags,
        summary: 'Calls made with an API key',
        params: idParams,
        body: z.object({
          beforeId: z.number().int().positive().optional(),
          pageSize: z.number().int().min(1).max(100).default(50),
        }),
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                id: z.number(),
                method: z.string(),
                route: z.string(),
                statusCode: z.number(),
                createDate: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await keyUses(deps.db, requireAuth(request.auth), request.params.id, request.body)),
  );
}
