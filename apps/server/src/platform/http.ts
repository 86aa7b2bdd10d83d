import type { ApiKeyCode } from '@srm/contracts/api-key';
import type { ActionCode } from '@srm/contracts/company-admin';
import type { Locale } from '@srm/contracts/constants';
import type { DataScope } from '@srm/contracts/data-permission';
import type { Envelope } from '@srm/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Broker, TopicAuthorizers } from './broker.ts';
import type { Cipher } from './cipher.ts';
import type { Db } from './db.ts';
import { forbidden } from './errors.ts';
import type { OutboxDispatcher } from './events.ts';
import type { FileStore } from './file-store.ts';
import type { JobRunner } from './jobs.ts';
import type { LoginLimiter } from './rate-limit.ts';
import type { RetentionJob } from './retention.ts';
import type { SessionCache } from './session-cache.ts';
import type { TokenService } from './tokens.ts';
import type { RequestFieldLabels } from './validation.ts';

/** Who is calling: set by the auth hook on every non-public /apis route. */
export type AuthContext = {
  subaccountId: string;
  sessionId: string;
  elsAccount: string;
  elsSubAccount: string;
  station: 'purchase' | 'sale';
  permission: string;
  /**
   * The user's data permission values per item (issue #19), read with the session and cached with it;
   * absent for the server's own actors (unrestricted). See platform/document/data-permission.ts.
   */
  dataScope?: DataScope;
  /**
   * Set when the caller is an API key (issue #18): the key's id. Its scopes were checked against the
   * route's function code at authentication (modules/api-key/service.ts assertKeyScope).
   */
  apiKeyId?: string;
  /**
   * The key's scopes, for the routes that check them themselves (`config.keyAuth`, e.g. downloads,
   * whose function code depends on the file's document kind).
   */
  apiKeyScopes?: ReadonlyArray<{ kind: string; access: 'read' | 'write' }>;
};

/** A route as the registry records it (issue #6: generated suites enumerate these). */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema?: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    headers?: unknown;
    response?: Record<string, unknown>;
    hide?: boolean;
  };
  public: boolean;
  websocket: boolean;
  /** The function permission the route declares (`config.action`, issue #19), if any. */
  action?: ActionCode;
  /**
   * The station whose users alone may call the route (issue #32, `routeStation`): '403' for the other
   * station's callers, before the body is read. Absent = either station.
   */
  station?: 'purchase' | 'sale';
  /** The function code a route without `action` declares for API keys (`config.keyScope`, issue #18). */
  keyScope?: ApiKeyCode;
};

declare module 'fastify' {
  interface FastifyInstance {
    routeRegistry: RegisteredRoute[];
    /** Shutdown state: `draining` is set when SIGTERM arrives; readiness then answers 503. */
    lifecycle: { draining: boolean };
    /** Where this process publishes pushes (relayed to the other processes' browsers, issue #18). */
    broker: Broker;
    /** The retention job of this process (platform/retention.ts); tests call `runOnce()`. */
    retention: RetentionJob;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
    /** The API key a call was made with (issue #18), recorded after the answer. */
    apiKeyId?: string;
    /** That key's language (issue #32): the answers' language when the call sends no `lang` header. */
    apiKeyLocale?: Locale;
  }
  interface FastifyContextConfig {
    /** true = no token needed. */
    public?: boolean;
    /**
     * The function permission the route needs (issue #19): app.ts answers '403' before the handler unless
     * the caller holds the admin permission or a role granting it.
     */
    action?: ActionCode;
    /**
     * For a route without `action` that API keys may call (issue #18 ERP integration): the function code a
     * key's scope must grant (`{group}.{verb}` of contracts API_KEY_GROUPS). Users keep the route's own
     * checks. A route with neither, outside the document kinds' services, refuses keys ('403').
     */
    keyScope?: ApiKeyCode;
    /**
     * A public route that also takes an API key (issue #18: attachment downloads): when `x-api-key` is sent
     * without a token, app.ts finds the live key ('401' otherwise), counts it against the key's rate limit,
     * sets request.auth (with `apiKeyScopes`) and records the call; the route checks the scope itself, since
     * the function code depends on what it serves.
     */
    keyAuth?: boolean;
    /**
     * The station whose users may call the route (issue #32). By default a `Purchase…Service` path is the
     * buyers' and a `Sale…Service` path the suppliers' (`routeStation`); a route outside that naming that
     * one station alone may call declares it, and a `Purchase…Service` path both stations use (spec 000 §7:
     * the home page's WeChat link and hazardous-substance report) declares `'any'`.
     */
    station?: 'purchase' | 'sale' | 'any';
    /**
     * Labels of body fields no schema names (issue #33: a company's custom fields fbk1…fbkN): the error
     * handler (app.ts) asks for them when a body is refused, so a field error reads "Line 20, Batch …",
     * not body.items.1.fbk1. Called with the authenticated request; a failure leaves the paths.
     */
    fieldLabels?: (request: FastifyRequest) => Promise<RequestFieldLabels | undefined>;
  }
}

/**
 * The station whose users alone may call a route (issue #32): `config.station` when declared (`'any'` =
 * both), else the service named in the path — `/apis/…/Purchase{X}Service/…` buyers, `/apis/…/Sale{X}Service/…`
 * suppliers — else either. app.ts answers '403' (`wrongStation`) to the other station right after
 * authentication, before the function permission, the body or the document are looked at.
 */
export function routeStation(
  url: string,
  declared?: 'purchase' | 'sale' | 'any',
): 'purchase' | 'sale' | undefined {
  if (declared) return declared === 'any' ? undefined : declared;
  const service = /\/(Purchase|Sale)[A-Z]\w*Service\//.exec(url)?.[1];
  return service === 'Purchase' ? 'purchase' : service === 'Sale' ? 'sale' : undefined;
}

/** What every module's routes receive. */
export type AppDeps = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  cipher: Cipher;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  sessions: SessionCache;
  files: FileStore;
  broker: Broker;
  /** Who may subscribe to a topic other than their own (this server's authorizers, platform/broker.ts). */
  topics: TopicAuthorizers;
  /** Delivers pending pushes; call kick() after a transaction that notified someone commits. */
  outbox: OutboxDispatcher;
  /** Runs due scheduled jobs (platform/jobs.ts); runDue() after scheduling something due now. */
  jobs: JobRunner;
};

export type App = FastifyInstance;

/** The app with zod schemas as route types. */
export function zod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** The success envelope `{ code: '200', message, data }` (DESIGN §3). */
export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: '200', message, data };
}

/** The auth context of a route that requires a token (the hook guarantees it). */
export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new Error('auth context missing on a protected route');
  return auth;
}

/**
 * Refuses ('403') anyone but an administrator of their company (`permission = 'admin'`, spec 000 §6); with
 * `station`, only an administrator of that station (buyer-only settings).
 */
export function requireAdmin(auth: AuthContext, station?: AuthContext['station']): void {
  if (auth.permission !== 'admin' || (station && auth.station !== station)) throw forbidden();
}

/**
 * requireAdmin for the company settings machines may manage (webhooks, issue #18): an API key passes too,
 * since it reached the route only with a scope granting the route's `keyScope` code — keys still never
 * pass requireAdmin itself (accounts, roles, menus, API keys stay with people).
 */
export function requireAdminOrKey(auth: AuthContext, station?: AuthContext['station']): void {
  if (auth.apiKeyId && (!station || auth.station === station)) return;
  requireAdmin(auth, station);
}
