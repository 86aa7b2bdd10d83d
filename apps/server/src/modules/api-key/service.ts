import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_GROUPS, type ApiKeyCreate, accessOfCode } from '@srm/contracts/api-key';
import type { Locale } from '@srm/contracts/constants';
import { KERNEL_ROUTE_DEFINITIONS } from '@srm/contracts/document/actions';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { now, nowDate } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { kindOfRoute } from '../../platform/document/registry.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { type AuthContext, requireAdmin } from '../../platform/http.ts';
import { subaccount } from '../account/tables.ts';
import { dataScopeSql } from '../company-admin/repository.ts';
import { type ApiKeyScope, apiKey, apiKeyUse } from './tables.ts';

/**
 * API keys per company (issue #18): created by the company admin for one of its sub-accounts, scoped
 * by document kind or route group and read/write, optionally expiring, revocable; the key is answered
 * once and only its SHA-256 is kept. A call with `x-api-key` acts as that sub-account (never as an admin)
 * on the routes whose function code its scopes allow (keyNeedOf); every call is recorded (api_key_use).
 */

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

type KeyRow = typeof apiKey.$inferSelect;
const present = (row: KeyRow, key?: string) => ({
  id: row.id,
  elsSubAccount: row.elsSubAccount,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  lang: row.lang,
  expiresDate: row.expiresDate?.toISOString() ?? null,
  revokedDate: row.revokedDate?.toISOString() ?? null,
  lastUsedDate: row.lastUsedDate?.toISOString() ?? null,
  createUser: row.createUser,
  createDate: row.createDate.toISOString(),
  version: row.version,
  ...(key ? { key } : {}),
});

/** The company's keys, newest first (never the keys themselves). Admin only ('403'). */
export async function listKeys(db: Queryable, auth: AuthContext) {
  requireAdmin(auth);
  const rows = await db
    .select()
    .from(apiKey)
    .where(eq(apiKey.elsAccount, auth.elsAccount))
    .orderBy(desc(apiKey.createDate));
  return rows.map((r) => present(r));
}

/**
 * Creates a key for an active sub-account of the caller's company; answers it once (`key`,
 * `srmk_` + 32 random base64url characters). '400' naming body.elsSubAccount or body.expiresDate.
 */
export async function createKey(db: Db, auth: AuthContext, body: ApiKeyCreate) {
  requireAdmin(auth);
  const unknown = body.scopes.findIndex((s) => !isScopeKind(s.kind));
  if (unknown >= 0)
    throw badRequest('apiKeyScopeKind', {
      field: `body.scopes[${unknown}].kind`,
      kind: body.scopes[unknown].kind,
    });
  if (body.expiresDate && new Date(body.expiresDate).getTime() <= now()) throw badRequest('apiKeyExpiry');
  const [user] = await db
    .select({ id: subaccount.id })
    .from(subaccount)
    .where(
      and(
        eq(subaccount.elsAccount, auth.elsAccount),
        eq(subaccount.elsSubAccount, body.elsSubAccount),
        eq(subaccount.status, 'active'),
      ),
    );
  if (!user) throw badRequest('apiKeySubAccount', { account: body.elsSubAccount });
  const key = `srmk_${randomBytes(24).toString('base64url')}`;
  const [row] = await db
    .insert(apiKey)
    .values({
      elsAccount: auth.elsAccount,
      elsSubAccount: body.elsSubAccount,
      name: body.name,
      prefix: key.slice(0, 12),
      keyHash: hashKey(key),
      scopes: body.scopes,
      lang: body.lang,
      expiresDate: body.expiresDate ? new Date(body.expiresDate) : null,
      createUser: userKey(auth),
    })
    .returning();
  return present(row, key);
}

/** Revokes a key: every process refuses it from the next call on (keys are looked up on every call). */
export async function revokeKey(db: Db, auth: AuthContext, id: string, version: number) {
  requireAdmin(auth);
  const [current] = await db
    .select()
    .from(apiKey)
    .where(and(eq(apiKey.id, id), eq(apiKey.elsAccount, auth.elsAccount)));
  if (!current) throw notFound();
  if (current.version !== version) throw conflict();
  const [row] = await db
    .update(apiKey)
    .set({ revokedDate: sql`coalesce(${apiKey.revokedDate}, now())`, version: sql`${apiKey.version} + 1` })
    .where(and(eq(apiKey.id, id), eq(apiKey.version, version)))
    .returning();
  if (!row) throw conflict();
  return present(row);
}

/** A key's calls, newest first, keyset by id (`beforeId`). */
export async function keyUses(
  db: Queryable,
  auth: AuthContext,
  id: string,
  query: { beforeId?: number; pageSize: number },
) {
  requireAdmin(auth);
  const [key] = await db
    .select({ id: apiKey.id })
    .from(apiKey)
    .where(and(eq(apiKey.id, id), eq(apiKey.elsAccount, auth.elsAccount)));
  if (!key) throw notFound();
  const rows = await db
    .select()
    .from(apiKeyUse)
    .where(and(eq(apiKeyUse.keyId, id), query.beforeId ? lt(apiKeyUse.id, query.beforeId) : undefined))
    .orderBy(desc(apiKeyUse.id))
    .limit(query.pageSize);
  return rows.map((u) => ({
    id: u.id,
    method: u.method,
    route: u.route,
    statusCode: u.statusCode,
    createDate: u.createDate.toISOString(),
  }));
}

/**
 * The access a route under a document kind's service path without a declared code needs: reads are
 * lists, details, exports, prints, attachment lists (GETs and `find…`); anything else writes.
 */
export function accessOfRoute(method: string, url: string): 'read' | 'write' {
  if (method === 'GET') return 'read';
  const name = url.split('/')[4] ?? '';
  return name.startsWith('find') || name === 'export' || name === 'print' || name === 'attachments'
    ? 'read'
    : 'write';
}

/** Every document kind whose routes the kernel registers (what `*` covers). */
const KERNEL_KINDS: ReadonlySet<string> = new Set(KERNEL_ROUTE_DEFINITIONS.map((def) => def.kind));
const GROUPS: ReadonlySet<string> = new Set(API_KEY_GROUPS);

/** Whether `kind` may appear in a key's scope: `*`, a document kind or a route group (API_KEY_GROUPS). */
export function isScopeKind(kind: string): boolean {
  return kind === '*' || KERNEL_KINDS.has(kind) || GROUPS.has(kind);
}

/**
 * Whether scopes grant `access` to `kind` (write includes read). `*` is every document kind, never a
 * route group (master data, prices, webhooks … are granted by name).
 */
export function scopeAllows(scopes: readonly ApiKeyScope[], kind: string, access: 'read' | 'write'): boolean {
  return scopes.some(
    (s) =>
      (s.kind === kind || (s.kind === '*' && KERNEL_KINDS.has(kind))) &&
      (s.access === 'write' || access === 'read'),
  );
}

/**
 * Routes a key may never call, whatever its scopes (issue #18): sign-in, passwords and sessions
 * (ElsAuthService, ElsAccountService, /apis/user/…), account and role administration, menu
 * administration and the API keys themselves. They are people's: '403' apiKeyNeverAllowed.
 */
export const NEVER_FOR_KEYS: readonly string[] = [
  '/apis/ElsAuthService/',
  '/apis/ElsAccountService/',
  '/apis/ElsRoleService/',
  '/apis/user/',
  '/apis/MenuAdminService/',
  '/apis/ApiKeyService/',
];

/** A route as the key check sees it: method, URL pattern and the codes its config declares. */
export type KeyRoute = { method: string; url: string; action?: string; keyScope?: string };

/**
 * What a key's scope must grant for a route (issue #18), by function code — the same code the role
 * check (`config.action`) asks of a user: the route's `action` (a document kind's `{kind}.{verb}`), else
 * its `keyScope` (`{group}.{verb}`, API_KEY_GROUPS), else — a route under a document kind's service path
 * declaring neither — the kind with read for lists/details and write otherwise. `{ kind, access }`, or
 * 'never' (NEVER_FOR_KEYS) or undefined (any other route: not open to keys).
 */
export function keyNeedOf(route: KeyRoute): { kind: string; access: 'read' | 'write' } | 'never' | undefined {
  if (NEVER_FOR_KEYS.some((prefix) => route.url.startsWith(prefix))) return 'never';
  const code = route.action ?? route.keyScope;
  if (code) {
    const kind = code.slice(0, code.indexOf('.'));
    // Administration codes (account.*, role.*) are never a key's.
    if (!KERNEL_KINDS.has(kind) && !GROUPS.has(kind)) return undefined;
    return { kind, access: accessOfCode(code) };
  }
  const kind = kindOfRoute(route.url);
  return kind ? { kind, access: accessOfRoute(route.method, route.url) } : undefined;
}

export type KeyAuth = {
  auth: AuthContext;
  keyId: string;
  scopes: ApiKeyScope[];
  /** The key's language: answers to calls without a `lang` header are in it (issue #32). */
  locale: Locale;
};

/**
 * Finds the live key (not revoked, not expired, its sub-account active; '401' apiKeyInvalid otherwise)
 * and answers the caller it acts as: the key's sub-account with permission 'normal' (keys never act as
 * admins).
 */
export async function findLiveKey(db: Queryable, key: string): Promise<KeyAuth> {
  const [row] = await db
    .select({
      id: apiKey.id,
      scopes: apiKey.scopes,
      lang: apiKey.lang,
      subaccountId: subaccount.id,
      elsAccount: subaccount.elsAccount,
      elsSubAccount: subaccount.elsSubAccount,
      station: subaccount.station,
      dataScope: dataScopeSql(subaccount.id),
    })
    .from(apiKey)
    .innerJoin(
      subaccount,
      and(eq(subaccount.elsAccount, apiKey.elsAccount), eq(subaccount.elsSubAccount, apiKey.elsSubAccount)),
    )
    .where(
      and(
        eq(apiKey.keyHash, hashKey(key)),
        isNull(apiKey.revokedDate),
        or(isNull(apiKey.expiresDate), gt(apiKey.expiresDate, nowDate())),
        eq(subaccount.status, 'active'),
      ),
    );
  if (!row) throw new AppError('401', 'apiKeyInvalid');
  return {
    keyId: row.id,
    scopes: row.scopes,
    locale: row.lang,
    auth: {
      subaccountId: row.subaccountId,
      sessionId: `apikey:${row.id}`,
      elsAccount: row.elsAccount,
      elsSubAccount: row.elsSubAccount,
      station: row.station,
      permission: 'normal',
      apiKeyId: row.id,
      apiKeyScopes: row.scopes,
      // The key acts within its sub-account's data permissions (issue #19).
      dataScope: row.dataScope,
    },
  };
}

/**
 * Checks a key's scopes against a route (keyNeedOf): '403' apiKeyNeverAllowed for the routes of people
 * (NEVER_FOR_KEYS), apiKeyRouteNotAllowed for a route open to no key, apiKeyScopeDenied when the scopes
 * do not grant the code's object and access. The sub-account's own role check (`config.action`) runs after.
 */
export function assertKeyScope(scopes: readonly ApiKeyScope[], route: KeyRoute): void {
  const need = keyNeedOf(route);
  if (need === 'never') throw new AppError('403', 'apiKeyNeverAllowed');
  if (!need) throw new AppError('403', 'apiKeyRouteNotAllowed');
  const { kind, access } = need;
  if (!scopeAllows(scopes, kind, access))
    throw new AppError('403', 'apiKeyScopeDenied', { kind }, null, (locale) => ({
      access: locale === 'en' ? access : access === 'read' ? '读取' : '写入',
    }));
}

/**
 * Checks that a key may download a file (issue #18): only files attached to a document kind, under that
 * kind's read code `{kind}.read` — '403' apiKeyScopeDenied naming the kind when its scopes do not grant it,
 * '403' apiKeyFileNotDocument for a file of no document kind (login pictures, registration papers: people's).
 * `businessType` is the attachment row's. The caller has already checked that the key's sub-account may
 * read the document (tenant, role action, data permissions), so the refusal reveals nothing of others.
 */
export function assertKeyReadsFile(scopes: readonly ApiKeyScope[], businessType: string | null): void {
  if (!businessType || !KERNEL_KINDS.has(businessType)) throw new AppError('403', 'apiKeyFileNotDocument');
  assertKeyScope(scopes, {
    method: 'GET',
    url: '/apis/ElsAttachmentService/downloadFileByPortal',
    action: `${businessType}.read`,
  });
}

/** Records one call of a key and its last use (after the answer; failures only logged by the caller). */
export async function recordKeyUse(db: Db, keyId: string, method: string, route: string, statusCode: number) {
  await db.insert(apiKeyUse).values({ keyId, method, route, statusCode });
  await db.update(apiKey).set({ lastUsedDate: sql`now()` }).where(eq(apiKey.id, keyId));
}
