import { resolve } from 'node:path';
import { isTimeZone } from '@srm/contracts/calendar';
import { z } from 'zod';
import { normaliseBasePath } from './platform/base-path.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Environment of the server, parsed once at start (README "Configuration" lists every variable).
 * Secrets that are not given are generated on first start and kept in the database (app_secret),
 * so that several server processes on one database share them.
 */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Sub-path the portal and its API answer under (issue #19), e.g. `/srm` behind a reverse proxy at
     * `/srm/`; normalised to one leading slash and no trailing one. Empty (default) = the root.
     */
    BASE_PATH: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const base = normaliseBasePath(value);
        if (base === null) {
          ctx.addIssue({
            code: 'custom',
            message:
              'BASE_PATH must be a plain path such as /srm or /portal/srm: segments of letters, digits, "-", "_", "." or "~" (no scheme, query, "#", "." or ".." segments)',
          });
          return z.NEVER;
        }
        return base;
      }),
    /** Folder of the embedded database and the file store. */
    DATA_DIR: z.string().default('./data'),
    /** PostgreSQL connection string; when absent the embedded PGlite database under DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Key of the spec's fixed-key password cipher (AES-ECB): 16, 24 or 32 characters. Obfuscation only. */
    CIPHER_KEY: z
      .string()
      .refine((k) => [16, 24, 32].includes(Buffer.byteLength(k)), 'CIPHER_KEY must be 16, 24 or 32 bytes')
      .default('SrmPortal2026Key'),
    /** HMAC secret of the access tokens; generated and stored in the database when absent. */
    JWT_SECRET: z.string().min(32).optional(),
    /** Environment name handed to the browser (environMentConfig.env), part of the message topic. */
    ENV_NAME: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default('demo'),
    /** Extra origins the shell's /myiframe page may embed, comma-separated. */
    IFRAME_ORIGINS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    /** External MQTT broker for pushes (e.g. mqtt://127.0.0.1:1883); absent = embedded Aedes at /mqtt. */
    MQTT_URL: z.string().url().optional(),
    /** WebSocket URL browsers use to reach the external broker (e.g. wss://mq.example.com/mqtt). */
    MQTT_WS_URL: z.string().url().optional(),
    /**
     * Redis for the rate limiters (login, unlock, SMS, register, API keys; issue #18), e.g.
     * redis://127.0.0.1:6379/0 or rediss://user:password@host:6380 (TLS). When set it is their store
     * whatever the database (Redis > PostgreSQL > memory); the server does not start if it does not answer.
     */
    REDIS_URL: z
      .string()
      .url()
      .refine((u) => /^rediss?:\/\//i.test(u), 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    /** Put before every Redis key of this installation, so several share one Redis without colliding. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'REDIS_KEY_PREFIX: up to 64 letters, digits, ":", "_", "." or "-"')
      .default('srm:'),
    /** S3-compatible file store; when S3_BUCKET is set, uploads go there instead of DATA_DIR/files. */
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    /** Endpoint of a non-AWS store (MinIO …), path-style addressing. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Key prefix inside the bucket. */
    S3_PREFIX: z.string().default(''),
    /** How often each server process looks for due scheduled jobs (quote ends, auction closes), in ms. */
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** Largest accepted upload in MB. */
    UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
    /** Built web apps (vite output). */
    WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
    /** Seed the demo world into an empty database. */
    SEED_DEMO: bool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Log every request ("incoming request" / "request completed"); off: only errors and slow requests. */
    LOG_REQUESTS: bool.default(false),
    /** Requests slower than this are logged at warn even when LOG_REQUESTS is off (ms). */
    SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1_000),
    /**
     * RFQ comparison limit per process (issue #13, modules/enquiry/comparison-limit.ts): the most calls that
     * wait for one of the 2 computing places, and the longest expected wait (ms) a call is queued for;
     * beyond either the call answers '429' comparisonBusy with Retry-After.
     */
    COMPARISON_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
    COMPARISON_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
    /** Login attempts allowed per minute, per account and per client address. */
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
    /**
     * How long a verified session may be served from memory before the database is asked again (ms).
     * Revocations drop it at once in every process on the same PostgreSQL (LISTEN/NOTIFY, issue #18).
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** On SIGTERM, keep serving (readiness 503) until connections stop coming, at most this long (ms). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /**
     * ERP push (platform/erp-push.ts): the URL posted documents are sent to as JSON (a posted invoice …);
     * absent = no ERP connected (the document says so). ERP_PUSH_TOKEN is sent as a bearer token.
     */
    ERP_PUSH_URL: z.string().url().optional(),
    ERP_PUSH_TOKEN: z.string().optional(),
    /** How long one ERP push may take before it counts as failed (ms). */
    ERP_PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * Webhooks (modules/webhook): how often each process looks for due deliveries (ms), how long one POST
     * may take (ms), and whether endpoints may point at loopback or private addresses (off by default: a
     * company admin must not make the server call into its own network; tests and single-site installs
     * turn it on).
     */
    WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    WEBHOOK_ALLOW_PRIVATE: bool.default(false),
    /** Calls per minute per API key (issue #18), across all server processes on PostgreSQL. */
    API_KEY_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /**
     * The default company time zone (issue #35, IANA name): the calendar of every company that has not set
     * its own in the company administration (platform/clock.ts).
     */
    TZ_DEFAULT: z
      .string()
      .default('Asia/Shanghai')
      .refine(isTimeZone, 'TZ_DEFAULT must be an IANA time zone such as Asia/Shanghai or Europe/Berlin'),
    /**
     * Test servers only: lets tests and browser journeys move the server's clock (POST /apis/test/clock,
     * platform/clock.ts setNow). Never set in production: without it the clock cannot move.
     */
    SRM_TEST_CLOCK: bool.default(false),
    /** Trust X-Forwarded-For from a reverse proxy. */
    TRUST_PROXY: bool.default(false),
  })
  // An external broker the browsers cannot reach means silent loss of every push (issue #18): refuse.
  .refine((c) => !c.MQTT_URL || c.MQTT_WS_URL, {
    path: ['MQTT_WS_URL'],
    message:
      'MQTT_WS_URL is required when MQTT_URL is set: browsers reach the external broker over WebSocket at that URL (e.g. wss://mq.example.com/mqtt); without it they would get no pushes',
  });

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; exits with a readable list of problems when it is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
