import { z } from 'zod';
import { LOCALES } from './constants.ts';

/**
 * API keys of a company (issue #18 "machine accounts"): shapes shared by the server and the screens.
 * A key is sent as the `x-api-key` header instead of a session token.
 */
export const API_KEY_HEADER = 'x-api-key';

/**
 * Route groups outside the document kinds a key may be scoped to (issue #18, ERP integration): each is the
 * object of the function codes its routes declare (`material.read`, `price.read`, `webhook.save` …), as a
 * document kind is the object of `order.read`, `order.confirm` … (ARCHITECTURE.md "Function permissions").
 * `*` never includes them: each is granted by name.
 */
export const API_KEY_GROUPS = [
  'material',
  'materialCate',
  'supplier',
  'price',
  'notice',
  'dict',
  'webhook',
] as const;
export type ApiKeyGroup = (typeof API_KEY_GROUPS)[number];

/** The function code a non-document route declares for keys (`config.keyScope`): `{group}.{verb}`. */
export type ApiKeyCode = `${ApiKeyGroup}.${string}`;

/** Verbs of function codes that only read: a `read` scope grants them; every other verb needs `write`. */
export const API_KEY_READ_VERBS: readonly string[] = ['read', 'export'];

/** The access a function code `{object}.{verb}` needs from a key's scope. */
export function accessOfCode(code: string): 'read' | 'write' {
  return API_KEY_READ_VERBS.includes(code.slice(code.indexOf('.') + 1)) ? 'read' : 'write';
}

export const apiKeyScopeSchema = z.object({
  /**
   * What the scope covers: a document kind's code (`order`, `deliveryNote`, `invoice` …), `*` for every
   * document kind, or a route group of API_KEY_GROUPS (master data, prices, announcements, dictionaries,
   * webhooks). The server refuses other codes ('400' naming the scope).
   */
  kind: z.string().regex(/^(\*|[a-zA-Z][a-zA-Z0-9]{0,49})$/, { message: 'a kind code or *' }),
  /** read: codes `{object}.read` and `{object}.export`; write: every code of the object (saves, actions). */
  access: z.enum(['read', 'write']),
});

export const apiKeyCreateSchema = z.object({
  /** The sub-account of the company the key acts as (never with admin rights). */
  elsSubAccount: z.string().min(1).max(40),
  name: z.string().trim().min(1).max(50),
  scopes: z.array(apiKeyScopeSchema).min(1).max(50),
  /** ISO-8601 date-time; absent = until revoked. Must be in the future. */
  expiresDate: z.iso.datetime({ offset: true }).optional(),
  /**
   * The language of the answers to the key's calls without a `lang` header (issue #32): messages,
   * validation errors. Default zh_cn, the portal's default language (companies have no language setting).
   */
  lang: z.enum(LOCALES).default('zh_cn'),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  elsSubAccount: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  lang: z.enum(LOCALES),
  expiresDate: z.string().nullable(),
  revokedDate: z.string().nullable(),
  lastUsedDate: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number(),
  /** Only in the answer that created the key: shown once, kept nowhere. */
  key: z.string().optional(),
});
