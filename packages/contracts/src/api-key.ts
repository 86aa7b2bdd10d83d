import { z } from 'zod';

/**
 * API keys of a company (issue #18 "machine accounts"): shapes shared by the server and the screens.
 * A key is sent as the `x-api-key` header instead of a session token.
 */
export const API_KEY_HEADER = 'x-api-key';

export const apiKeyScopeSchema = z.object({
  /** A document kind's code (`order`, `deliveryNote`, `invoice` …) or `*` for every kind. */
  kind: z.string().regex(/^(\*|[a-zA-Z][a-zA-Z0-9]{0,49})$/, { message: 'a kind code or *' }),
  /** read: lists, details, exports, prints; write: also saves and actions. */
  access: z.enum(['read', 'write']),
});

export const apiKeyCreateSchema = z.object({
  /** The sub-account of the company the key acts as (never with admin rights). */
  elsSubAccount: z.string().min(1).max(40),
  name: z.string().trim().min(1).max(50),
  scopes: z.array(apiKeyScopeSchema).min(1).max(50),
  /** ISO-8601 date-time; absent = until revoked. Must be in the future. */
  expiresDate: z.iso.datetime({ offset: true }).optional(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  elsSubAccount: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  expiresDate: z.string().nullable(),
  revokedDate: z.string().nullable(),
  lastUsedDate: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number(),
  /** Only in the answer that created the key: shown once, kept nowhere. */
  key: z.string().optional(),
});
