import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * What a key may do: per document kind (or `*`, every kind) or route group (contracts API_KEY_GROUPS), read
 * or write (write includes read); see service.ts keyNeedOf.
 */
export type ApiKeyScope = { kind: string; access: 'read' | 'write' };

/**
 * An API key of a company (issue #18 "machine accounts"): it acts as one of the company's sub-accounts
 * (a user made for the machine, e.g. `erp`), never with admin rights, limited to its scopes. Only the
 * SHA-256 of the key is kept (a random 192-bit key needs no slow hash); `prefix` is what lists show.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    elsSubAccount: text('els_sub_account').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    /**
     * The language of the answers to the key's calls that send no `lang` header (issue #32: integrations
     * send none); chosen when the key is made, zh_cn (the portal's default language) unless told.
     */
    lang: text('lang', { enum: ['zh_cn', 'en'] })
      .notNull()
      .default('zh_cn'),
    expiresDate: timestamp('expires_date', { withTimezone: true }),
    revokedDate: timestamp('revoked_date', { withTimezone: true }),
    lastUsedDate: timestamp('last_used_date', { withTimezone: true }),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('api_key_hash_uq').on(t.keyHash), index('api_key_account_idx').on(t.elsAccount)],
);

/** Every call made with a key: route, method, answer's status code, when (issue #18 "every use audited"). */
export const apiKeyUse = pgTable(
  'api_key_use',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_key_use_key_idx').on(t.keyId, t.id)],
);
