import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { API_KEY_HEADER, type ApiKeyCode } from '@srm/contracts/api-key';
import type { ActionCode } from '@srm/contracts/company-admin';
import { envelopeSchema } from '@srm/contracts/envelope';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyContextConfig,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { createWebSocketStream } from 'ws';
import { z } from 'zod';
import type { Config } from './config.ts';
import { registerKindRoutes } from './kinds.ts';
import { registerAccountDirectoryRoutes } from './modules/account/directory.ts';
import { registerAccountRoutes } from './modules/account/routes.ts';
import { registerApiKeyRoutes } from './modules/api-key/routes.ts';
import { assertKeyScope, findLiveKey, recordKeyUse } from './modules/api-key/service.ts';
import { registerAttachmentRoutes } from './modules/attachment/routes.ts';
import { registerAuditRoutes } from './modules/audit/routes.ts';
import { registerBrokerHookRoutes } from './modules/auth/broker-hook.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { cachedSessionForToken, sessionForToken, type TokenSession } from './modules/auth/service.ts';
import { registerCompanyAdminRoutes } from './modules/company-admin/routes.ts';
import { requireAction } from './modules/company-admin/service.ts';
import { registerTimeZoneRoutes } from './modules/company-admin/time-zone-routes.ts';
import { registerCustomFieldRoutes } from './modules/custom-field/routes.ts';
import { configureComparisonLimit } from './modules/enquiry/comparison-limit.ts';
import { registerHomeRoutes } from './modules/home/routes.ts';
import { scheduleImprovementOverdueScan } from './modules/improvement/overdue.ts';
import { registerOrgUnitRoutes } from './modules/masterdata/org-unit-routes.ts';
import { registerMasterdataRoutes } from './modules/masterdata/routes.ts';
import { registerMenuAdminRoutes } from './modules/menu/admin-routes.ts';
import { registerMenuRoutes } from './modules/menu/routes.ts';
import { registerMessageRoutes } from './modules/message/routes.ts';
import { registerRegistrationRoutes } from './modules/register/routes.ts';
import { registerSmsRoutes } from './modules/sms/routes.ts';
import { scheduleCertExpiryScan } from './modules/supplier-lifecycle/cert-expiry.ts';
import { registerSystemRoutes } from './modules/system/routes.ts';
import { registerTestClockRoutes } from './modules/system/test-clock-routes.ts';
import { registerWebhookRoutes } from './modules/webhook/routes.ts';
import { createWebhookDispatcher } from './modules/webhook/service.ts';
import { API_DOCS_UI } from './platform/api-docs-theme.ts';
import { OUTSIDE_BASE_PATH, stripBasePath, withBasePath } from './platform/base-path.ts';
import {
  createEmbeddedBroker,
  createExternalBroker,
  createTopicAuthorizers,
  relayBetweenProcesses,
} from './platform/broker.ts';
import { createCipher } from './platform/cipher.ts';
import { configureClock } from './platform/clock.ts';
import { createLocalBus, createPostgresBus } from './platform/cluster-bus.ts';
import type { Database } from './platform/db.ts';
import { forgetKinds } from './platform/document/registry.ts';
import { AppError, forbidden } from './platform/errors.ts';
import { createOutboxDispatcher } from './platform/events.ts';
import { createDatabaseFileStore, createLocalFileStore, createS3FileStore } from './platform/file-store.ts';
import {
  type App,
  type AppDeps,
  type RegisteredRoute,
  requireAuth,
  routeStation,
  zod,
} from './platform/http.ts';
import { inlineScriptHashes } from './platform/inline-scripts.ts';
import { createJobRunner } from './platform/jobs.ts';
import { lazyChildLoggerFactory } from './platform/lazy-logger.ts';
import { pickLocale, t } from './platform/messages.ts';
import { createApiKeyLimiter, createLoginLimiter } from './platform/rate-limit.ts';
import { closeRedis, connectRedis } from './platform/redis.ts';
import { createRetentionJob } from './platform/retention.ts';
import { helmetHeaders } from './platform/security-headers.ts';
import { serializerCompiler } from './platform/serializer.ts';
import { createSessionCache } from './platform/session-cache.ts';
import { createTokenService } from './platform/tokens.ts';
import { businessFieldErrors, describeValidation, fieldErrors } from './platform/validation.ts';
import { wireModules } from './wiring.ts';

/** Path of the first string (or key) holding U+0000 inside a parsed request part, else null. */
function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNulCharacter(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Connection-level failures of the database (restart, failover, network): temporary, so 503. */
function isDatabaseOutage(error: { code?: string; message?: string; cause?: unknown }, depth = 0): boolean {
  const code = String(error.code ?? '');
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(code) ||
    code.startsWith('08') ||
    /Connection terminated|terminating connection|connection timeout|ECONNREFUSED/i.test(error.message ?? '')
  )
    return true;
  // Drizzle wraps driver errors (DrizzleQueryError): look at the cause.
  const cause = error.cause;
  return (
    depth < 3 && typeof cause === 'object' && cause !== null && isDatabaseOutage(cause as never, depth + 1)
  );
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** HMAC secret of access tokens (config JWT_SECRET or the stored one). */
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Tests only (test/helpers.ts `createTestServer`): routes registered right after the manifest's kinds,
   * with the same hooks (authentication, station, function permissions) — a throwaway kind a test
   * defines. Production start-up never passes it.
   */
  extraRoutes?: (app: App, deps: AppDeps) => void;
};

/**
 * Builds the whole server: plugins in a fixed order (external → platform → routes → static web apps).
 * Every /apis response is the envelope { code, message, data } (DESIGN §3).
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const base = config.BASE_PATH;
  // The company calendar's default zone and whether the test clock may move (issue #35, platform/clock.ts).
  configureClock({ defaultTimeZone: config.TZ_DEFAULT, movable: config.SRM_TEST_CLOCK });
  forgetKinds();
  // The platform's ports (platform/ports.ts, issue #34) before any route is registered or used.
  wireModules();
  const app = Fastify({
    // BASE_PATH (issue #19): routes are registered at the root; each request's URL loses the base path
    // before routing, and a URL outside it is routed to a path nothing answers (404, or `/` → redirect).
    rewriteUrl: base
      ? (request) => {
          const match = stripBasePath(base, request.url ?? '/');
          return match.inside ? match.url : `${OUTSIDE_BASE_PATH}${request.url ?? '/'}`;
        }
      : undefined,
    logger: options.logger ?? false,
    // Registering the ~700 routes of one plugin takes 1–2 s on a quiet 2-core machine but passed Fastify's
    // default 10 s on a loaded one ("Plugin did not start in time", whole test files lost, issue #35); a real
    // hang still fails the start after a minute.
    pluginTimeout: 60_000,
    // Two log lines per request cost more than an authenticated trivial call itself (issue #7): request
    // logs are opt-in (LOG_REQUESTS); errors and slow requests are always logged (below).
    logController: new LogController({ disableRequestLogging: !config.LOG_REQUESTS }),
    // Each request's child logger is made when the request first logs, not for every request.
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
    // Errors raised before routing (over-long or undecodable URLs) get the envelope too.
    frameworkErrors(error, request, reply) {
      const locale = pickLocale(request.headers);
      const key = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'urlTooLong' : 'badUrl';
      const body = JSON.stringify({ code: '400', message: t(locale, key), data: null });
      (reply as FastifyReply)
        .status(400)
        .header('content-type', 'application/json; charset=utf-8')
        .send(body);
    },
  });
  // Every route registers here, so generated suites cover new routes the day they are added (issue #6).
  const routeRegistry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', routeRegistry);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      routeRegistry.push({
        method: String(method),
        url: route.url,
        schema: route.schema as RegisteredRoute['schema'],
        public: Boolean(route.config && (route.config as { public?: boolean }).public),
        websocket: Boolean((route as { websocket?: boolean }).websocket),
        action: (route.config as { action?: ActionCode } | undefined)?.action,
        keyScope: (route.config as { keyScope?: ApiKeyCode } | undefined)?.keyScope,
        station: routeStation(route.url, (route.config as FastifyContextConfig | undefined)?.station),
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  if (base) {
    // Every redirect the server (or a plugin: static files, the API docs) answers names a path of the
    // routes, which sit under the base path for the browser.
    app.addHook('onSend', (_request, reply, payload, done) => {
      const location = reply.getHeader('location');
      if (typeof location === 'string') reply.header('location', withBasePath(base, location));
      done(null, payload);
    });
  }
  app.setSerializerCompiler(serializerCompiler);

  // The rate limiters' store shared by every process when REDIS_URL is set (issue #18): one client per
  // process, opened here (start-up fails if Redis does not answer) and closed with the app.
  const redis = config.REDIS_URL
    ? await connectRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, log: app.log })
    : null;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const tokens = createTokenService(options.jwtSecret);
  // What this process tells the others on the same PostgreSQL database (issue #18): LISTEN/NOTIFY.
  const bus =
    database.pool && database.url
      ? await createPostgresBus({ url: database.url, pool: database.pool, log: app.log })
      : createLocalBus();
  const sessions = createSessionCache({ ttlMs: config.SESSION_CACHE_MS, bus });
  // Who may subscribe to a topic other than their own (a live auction's room): this server's, on its database.
  const topics = createTopicAuthorizers();
  const localBroker = config.MQTT_URL
    ? await createExternalBroker(config.MQTT_URL, `srm-server-${randomUUID()}`)
    : await createEmbeddedBroker({
        env: config.ENV_NAME,
        topics,
        async verify(token) {
          const found = await sessionForToken({ tokens, sessions, db: database.db }, token);
          return found
            ? {
                elsAccount: found.session.elsAccount,
                elsSubAccount: found.session.elsSubAccount,
                station: found.session.station,
                sessionId: found.claims.sid,
                subaccountId: found.session.subaccountId,
              }
            : null;
        },
      });
  // A logout, a revoked session or a disabled user ends its embedded-broker connections at once, in every
  // process (the session cache's invalidations come over the cluster bus; issue #18).
  sessions.listen((forget) => {
    void localBroker
      .revalidate?.(
        (identity) =>
          Boolean(forget.all) ||
          identity.sessionId === forget.session ||
          identity.subaccountId === forget.user,
      )
      .catch((error) => app.log.warn({ err: error }, 'broker connections not rechecked'));
  });
  // Embedded brokers of several processes relay pushes to each other over the bus (issue #18).
  const broker = relayBetweenProcesses(localBroker, bus);
  app.decorate('broker', broker);
  const outbox = createOutboxDispatcher({ db: database.db, broker, log: app.log });
  // The RFQ comparison's queue as configured (COMPARISON_QUEUE, COMPARISON_MAX_WAIT_MS).
  configureComparisonLimit({ queue: config.COMPARISON_QUEUE, maxWaitMs: config.COMPARISON_MAX_WAIT_MS });
  // Timers that fire exactly once across server processes (platform/jobs.ts).
  const jobs = createJobRunner({
    db: database.db,
    log: app.log,
    env: config.ENV_NAME,
    broker,
    config,
    intervalMs: config.JOB_POLL_MS,
  });
  // Signed webhook deliveries, queued with the audit trail (modules/webhook, issue #18).
  const webhooks = createWebhookDispatcher({
    db: database.db,
    log: app.log,
    env: config.ENV_NAME,
    intervalMs: config.WEBHOOK_POLL_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  app.decorate('webhooks', webhooks);
  const apiKeyLimiter = createApiKeyLimiter({
    perMinute: config.API_KEY_LIMIT_PER_MIN,
    redis,
    pool: database.pool,
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    cipher: createCipher(config.CIPHER_KEY),
    tokens,
    sessions,
    files: config.S3_BUCKET
      ? await createS3FileStore({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          prefix: config.S3_PREFIX,
        })
      : database.kind === 'postgres'
        ? createDatabaseFileStore(database.db, createLocalFileStore(resolve(config.DATA_DIR, 'files')))
        : createLocalFileStore(resolve(config.DATA_DIR, 'files')),
    broker,
    topics,
    outbox,
    jobs,
    loginLimiter: createLoginLimiter({
      perAccount: config.LOGIN_LIMIT_PER_ACCOUNT,
      perIp: config.LOGIN_LIMIT_PER_IP,
      redis,
      pool: database.pool,
    }),
  };

  // External plugins.
  await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'] });
  // Security headers (helmet's values, computed once); a route may still set its own (the API docs' CSP).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The portal page's boot script (the shell's frame before React, issue #12), allowed by its hash.
        scriptSrc: ["'self'", ...inlineScriptHashes(resolve(config.WEB_DIST))],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", ...config.IFRAME_ORIGINS],
        // mqtt.js keeps its keepalive timer in a worker so background tabs stay connected.
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  // JSON answers of the API are never rendered as documents: they get the short set OWASP's REST
  // guidance asks for (no sniffing, no framing, no caching of tenant data, no referrer) instead of the
  // page policies — a dozen headers less on every call (issue #7). Pages, assets and the API
  // documentation keep helmet's full set.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // No Referrer-Policy: a JSON answer is never a document whose links could send one (issue #7: each
    // header is validated and written on every call).
    'cache-control': 'no-store',
  };
  // The web apps' hashed scripts and styles are never documents either: the document policies (CSP,
  // framing, COOP, referrer …) do nothing on a script or a stylesheet, and cost ~0.6 KiB on each of the
  // ~40 responses a visit fetches — more than the whole order chart (issue #12, bytes as Chromium
  // transfers them). They keep no-sniff and the same-origin resource policy.
  const assetHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(
      url.startsWith('/apis/') && !url.startsWith('/apis/docs')
        ? apiHeaders
        : url.startsWith('/assets/') && /\.(?:js|css)(?:\?|$)/.test(url)
          ? assetHeaders
          : securityHeaders,
    );
    done();
  });
  if (!config.LOG_REQUESTS) {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.elapsedTime > config.SLOW_REQUEST_MS)
        request.log.warn(
          {
            method: request.method,
            url: request.routeOptions.url,
            statusCode: reply.statusCode,
            ms: Math.round(reply.elapsedTime),
          },
          'slow request',
        );
      done();
    });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SRM portal API',
        description:
          'Every response is { code, message, data }. Send the access token in the `token` header and ' +
          '`account: {elsAccount}_{elsSubAccount}`. Log in with POST /apis/ElsAuthService/login. ' +
          'Machines send an API key (ApiKeyService, made by the company admin) as `x-api-key` instead: it acts as ' +
          'one sub-account, never as an admin, on the calls its scopes allow by function code: document kinds ' +
          '(`{kind}.read`/`export` need read, other codes write; * = every kind) and the groups material, ' +
          'materialCate, supplier, price, notice, dict and webhook. Sign-in, password, session, account, role, ' +
          'menu and API key calls never accept a key (403); docs/security.md lists the routes per scope.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        },
      },
      security: [{ token: [] }, { apiKey: [] }],
      // The paths are /apis/…; under BASE_PATH the server that answers them is at the base path.
      ...(base ? { servers: [{ url: base }] } : {}),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/apis/docs', staticCSP: true, ...API_DOCS_UI });

  // Platform: locale, envelope errors, authentication.
  // The locale is read from the headers when first asked for (most answers never need it), not by a hook
  // on every request (issue #7).
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      // An API key's call without a `lang` header answers in the key's language (issue #32).
      return pickLocale(this.headers, this.apiKeyLocale);
    },
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKeyId', undefined);
  app.decorateRequest('apiKeyLocale', undefined);

  /** The route's labels of fields no schema names (config.fieldLabels: custom fields); none on failure. */
  const requestFieldLabels = async (request: FastifyRequest) => {
    const labels = request.routeOptions.config?.fieldLabels;
    if (!labels || !request.auth) return undefined;
    try {
      return await labels(request);
    } catch {
      return undefined;
    }
  };
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const locale = request.locale ?? pickLocale(request.headers);
    if (error instanceof AppError) {
      const message = error.messageIn(locale);
      return reply.status(error.status).send({
        code: error.code,
        message,
        // A business error about body fields answers them as field errors (issue #33).
        data:
          error.fields.length > 0
            ? businessFieldErrors(
                locale,
                error.fields,
                message,
                error.data,
                (request.routeOptions.schema as { body?: never } | undefined)?.body,
                request.body,
                await requestFieldLabels(request),
              )
            : error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext;
      const input =
        part === 'body'
          ? request.body
          : part === 'querystring'
            ? request.query
            : part === 'params'
              ? request.params
              : undefined;
      const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
      const schema = part ? (schemas?.[part] as never) : undefined;
      const issues = error.validation as never;
      const extra = await requestFieldLabels(request);
      // The sentence for toasts and logs, and each field's error for forms to attach (issue #33).
      return reply.status(400).send({
        code: '400',
        message: describeValidation(locale, part, issues, input, schema, extra),
        data: { errors: fieldErrors(locale, part, issues, input, schema, extra) },
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(400).send({
        code: '400',
        message: t(locale, 'unsupportedMediaType', { type: String(request.headers['content-type'] ?? '') }),
        data: null,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(400).send({ code: '400', message: t(locale, 'bodyTooLarge'), data: null });
    }
    if (error.statusCode === 400 || error.code?.startsWith('FST_ERR_CTP')) {
      return reply.status(400).send({ code: '400', message: t(locale, 'malformedJson'), data: null });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: '429', message: t(locale, 'tooManyAttempts', { seconds: 60 }), data: null });
    }
    if (isDatabaseOutage(error)) {
      request.log.warn({ error: { code: error.code, message: error.message } }, 'database unavailable');
      return reply.status(503).send({ code: '500', message: t(locale, 'databaseUnavailable'), data: null });
    }
    // Logs name the failure without a stack trace (issue #6); LOG_LEVEL=debug adds the stack.
    request.log.error(
      { error: { name: error.name, code: error.code, message: error.message } },
      'unhandled error',
    );
    request.log.debug({ err: error }, 'unhandled error (stack)');
    return reply.status(500).send({ code: '500', message: t(locale, 'unknownError'), data: null });
  });

  /** Sets request.auth from a token's live session, or names why the call is refused. */
  function authorize(request: FastifyRequest, found: TokenSession | null): AppError | undefined {
    if (!found) return new AppError('401', 'tokenExpired');
    const { claims, session } = found;
    const account = request.headers.account;
    if (
      typeof account === 'string' &&
      account &&
      account !== `${session.elsAccount}_${session.elsSubAccount}`
    ) {
      return new AppError('401', 'accountMismatch');
    }
    request.auth = {
      subaccountId: session.subaccountId,
      sessionId: claims.sid,
      elsAccount: session.elsAccount,
      elsSubAccount: session.elsSubAccount,
      station: session.station,
      permission: session.permission,
      dataScope: session.dataScope,
    };
    return undefined;
  }
  /**
   * The auth check of every non-public /apis route (attached per route below, so public calls skip it).
   * A callback hook, synchronous when the session cache knows the token (issue #7).
   */
  function authenticate(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    // Only the token header authenticates /apis calls: a cookie would let other sites forge requests (CSRF).
    const token = request.headers.token;
    // A machine's API key (issue #18): looked up on every call, so a revocation holds at once everywhere.
    const key = request.headers[API_KEY_HEADER];
    if (typeof key === 'string' && key && (typeof token !== 'string' || !token)) {
      findLiveKey(deps.db, key)
        .then(async ({ auth, keyId, scopes, locale }) => {
          request.apiKeyId = keyId;
          request.apiKeyLocale = locale;
          const config = request.routeOptions.config as { action?: string; keyScope?: string };
          assertKeyScope(scopes, {
            method: request.method,
            url: request.routeOptions.url ?? request.url,
            action: config.action,
            keyScope: config.keyScope,
          });
          await apiKeyLimiter.consume(keyId);
          request.auth = auth;
        })
        .then(() => done(), done);
      return;
    }
    if (typeof token !== 'string' || !token) return done(new AppError('401', 'unauthorized'));
    const known = cachedSessionForToken(deps, token);
    if (known !== undefined) return done(authorize(request, known));
    sessionForToken(deps, token).then((found) => done(authorize(request, found)), done);
  }
  /**
   * The key check of public routes that also take API keys (`config.keyAuth`, issue #18): without an
   * `x-api-key` header (or with a token, which the route reads itself) the call goes on as public; with one,
   * the key must be live ('401') and within its rate limit ('429'), and request.auth becomes the key's
   * sub-account with its scopes, which the route checks against what it serves.
   */
  function authenticateKeyIfSent(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ) {
    const key = request.headers[API_KEY_HEADER];
    const token = request.headers.token;
    if (typeof key !== 'string' || !key || (typeof token === 'string' && token)) return done();
    findLiveKey(deps.db, key)
      .then(async ({ auth, keyId, locale }) => {
        request.apiKeyId = keyId;
        request.apiKeyLocale = locale;
        await apiKeyLimiter.consume(keyId);
        request.auth = auth;
      })
      .then(() => done(), done);
  }
  /** Records a call made with an API key (route pattern, status code) after the answer has gone. */
  function recordApiKeyUse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const keyId = request.apiKeyId;
    if (keyId)
      recordKeyUse(
        deps.db,
        keyId,
        request.method,
        request.routeOptions.url ?? request.url,
        reply.statusCode,
      ).catch((error) => request.log.warn({ err: error }, 'api key use not recorded'));
    done();
  }
  // PostgreSQL text cannot hold U+0000: refuse it up front with the field's name instead of failing later.
  function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const field = findNulCharacter(value, part);
      if (field) return done(new AppError('400', 'rule.nulCharacter', { field }));
    }
    done();
  }
  // Hooks only where they apply (issue #7: every hook costs each call that runs it): authentication on
  // non-public /apis routes, the NUL check on routes that take input. Routes register after this.
  app.addHook('onRoute', (route) => {
    const hooks = (value: unknown) => (value == null ? [] : Array.isArray(value) ? value : [value]);
    const url = route.url;
    const isApi = url.startsWith('/apis/') && !url.startsWith('/apis/docs');
    const routeConfig = route.config as { public?: boolean; keyAuth?: boolean } | undefined;
    if (isApi && routeConfig?.public && routeConfig.keyAuth) {
      route.onRequest = [...hooks(route.onRequest), authenticateKeyIfSent];
      route.onResponse = [...hooks(route.onResponse), recordApiKeyUse];
    }
    if (isApi && !routeConfig?.public) {
      route.onRequest = [...hooks(route.onRequest), authenticate];
      route.onResponse = [...hooks(route.onResponse), recordApiKeyUse];
      // The route's station (issue #32): the other station's callers get '403' before anything else is
      // checked, so a call the caller's side may never make answers the same whatever its body or id.
      const station = routeStation(url, (route.config as FastifyContextConfig | undefined)?.station);
      if (station) {
        const checkStation = async (request: FastifyRequest) => {
          if (requireAuth(request.auth).station !== station)
            throw forbidden(station === 'purchase' ? 'onlyBuyer' : 'onlySupplier');
        };
        route.onRequest = [...hooks(route.onRequest), checkStation];
      }
      // A route's declared function permission (issue #19): checked right after authentication, before the
      // body is read or validated, so a caller without it learns nothing of the route's input rules.
      const action = (route.config as { action?: ActionCode } | undefined)?.action;
      if (action) {
        const checkAction = async (request: FastifyRequest) =>
          requireAction(deps.db, requireAuth(request.auth), action);
        route.onRequest = [...hooks(route.onRequest), checkAction];
      }
    }
    const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
    if (isApi && (schema?.body || schema?.querystring || schema?.params)) {
      route.preValidation = [...hooks(route.preValidation), refuseNulCharacters];
    }
  });

  /**
   * GET /apis/health/live — public: the process answers. GET /apis/health/ready — public: the database
   * answers a query, the broker is connected and the server is not draining for a shutdown; HTTP 503
   * with the failing part named otherwise.
   */
  const healthSchema = envelopeSchema(
    z.object({
      status: z.enum(['up', 'down']),
      database: z.enum(['up', 'down']).optional(),
      broker: z.enum(['up', 'down']).optional(),
      dbKind: z.string().optional(),
      brokerKind: z.string().optional(),
    }),
  );
  zod(app).get(
    '/apis/health/live',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Liveness', security: [], response: { 200: healthSchema } },
    },
    async () => ({ code: '200' as const, message: 'success', data: { status: 'up' as const } }),
  );
  zod(app).get(
    '/apis/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database and broker',
        security: [],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = await deps.db
        .execute(sql`select 1`)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const messageBroker = broker.isUp() ? ('up' as const) : ('down' as const);
      const draining = app.lifecycle.draining;
      const ready = database === 'up' && messageBroker === 'up' && !draining;
      const down = [
        database === 'down' ? 'database' : '',
        messageBroker === 'down' ? 'broker' : '',
        draining ? 'shutting down' : '',
      ].filter(Boolean);
      return reply.status(ready ? 200 : 503).send({
        code: ready ? '200' : '500',
        message: ready ? 'success' : `not ready: ${down.join(', ')}`,
        data: {
          status: ready ? 'up' : 'down',
          database,
          broker: messageBroker,
          dbKind: deps.dbKind,
          brokerKind: broker.kind,
        },
      });
    },
  );

  // Routes.
  await app.register(async (api) => {
    registerAuthRoutes(api, deps);
    registerBrokerHookRoutes(api, deps);
    registerAccountRoutes(api, deps);
    registerAccountDirectoryRoutes(api, deps);
    registerCompanyAdminRoutes(api, deps);
    registerTimeZoneRoutes(api, deps);
    registerMenuRoutes(api, deps);
    registerMenuAdminRoutes(api, deps);
    registerMessageRoutes(api, deps);
    registerSystemRoutes(api, deps);
    registerHomeRoutes(api, deps);
    registerSmsRoutes(api, deps);
    registerRegistrationRoutes(api, deps);
    // Every document kind's routes, from the server's manifest of kinds (kinds.ts, issue #34).
    registerKindRoutes(api, deps);
    options.extraRoutes?.(api, deps);
    registerAuditRoutes(api, deps);
    registerCustomFieldRoutes(api, deps);
    registerWebhookRoutes(api, deps);
    registerApiKeyRoutes(api, deps);
    registerOrgUnitRoutes(api, deps);
    // Test servers only (SRM_TEST_CLOCK=1): the clock a test moves; a production server has no such route.
    if (config.SRM_TEST_CLOCK) registerTestClockRoutes(api, deps);
    // Only the routes that take uploads (attachments, master-data imports) carry the multipart parser
    // and its two hooks per request, and the cookie parser (issue #7); elsewhere a multipart body is an
    // unsupported type (400).
    await api.register(async (uploads) => {
      // Cookies are read by the attachment download only (a link the browser follows without headers).
      await uploads.register(cookie);
      await uploads.register(multipart, {
        limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1 },
      });
      registerAttachmentRoutes(uploads, deps);
      registerMasterdataRoutes(uploads, deps);
    });
  });

  // MQTT over WebSocket for the embedded broker (issue #4); the broker checks the token itself.
  const { aedes } = broker;
  if (aedes) {
    // The WebSocket plugin's two hooks per request stay in this context, around its one route (issue #7).
    await app.register(async (ws) => {
      await ws.register(websocket, { options: { maxPayload: 64 * 1024 } });
      ws.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, request) => {
        aedes.handle(createWebSocketStream(socket), request.raw);
      });
    });
  }
  // Prunes expired sessions, captchas, SMS codes, delivered outbox rows (platform/retention.ts).
  const retention = createRetentionJob({ db: database.db, log: app.log });
  app.decorate('retention', retention);
  app.addHook('onReady', async () => {
    outbox.start();
    // The daily certification expiry scan runs once at start, then reschedules itself (issue #16).
    await scheduleCertExpiryScan(database.db);
    // The daily overdue scan of improvement items (issue #17), likewise.
    await scheduleImprovementOverdueScan(database.db);
    jobs.start();
    webhooks.start();
    retention.start();
  });
  app.addHook('onClose', async () => {
    await retention.stop();
    await webhooks.stop();
    await jobs.stop();
    await outbox.stop();
    await broker.close();
    await bus.close();
  });

  // Web apps (built by vite): hashed assets are immutable, HTML is never cached.
  const dist = resolve(config.WEB_DIST);
  if (existsSync(resolve(dist, 'portal/index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      redirect: true,
      index: ['index.html'],
      cacheControl: false,
      // Hashed assets never change and pages revalidate by ETag: no Last-Modified, no byte ranges (two
      // headers less on every file a visit fetches; issue #12).
      lastModified: false,
      acceptRanges: false,
      setHeaders(res, path) {
        if (path.includes(`${resolve(dist, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/portal/'));

  app.setNotFoundHandler((request, reply) => {
    const locale = request.locale ?? pickLocale(request.headers);
    const outside = request.url.startsWith(OUTSIDE_BASE_PATH);
    // Under BASE_PATH the bare root still leads to the portal (the redirect gets the base path).
    if (outside && request.method === 'GET' && /^\/(?:\?|$)/.test(request.originalUrl))
      return reply.redirect('/portal/');
    if (outside || request.url.startsWith('/apis/') || request.method !== 'GET') {
      return reply.status(404).send({
        code: '404',
        message: t(locale, 'routeNotFound', {
          route: `${request.method} ${request.originalUrl.split('?')[0]}`,
        }),
        data: null,
      });
    }
    return reply.redirect('/portal/#/404');
  });

  return app;
}
