import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Per-tenant document number sequences (DESIGN §4): one counter per company, prefix and period,
 * e.g. (100000, 'NT', '202611') → NT2026110001.
 */
export const numberSequence = pgTable(
  'number_sequence',
  {
    elsAccount: text('els_account').notNull(),
    prefix: text('prefix').notNull(),
    period: text('period').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.elsAccount, t.prefix, t.period] })],
);

/** One row per state change of a document (DESIGN §4): who, when, from, to, remark. */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    documentKind: text('document_kind').notNull(),
    documentId: uuid('document_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    remark: text('remark'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_trail_document_idx').on(t.documentKind, t.documentId, t.createDate)],
);

/**
 * Transactional outbox of the event bus: written in the same transaction as the change that caused it,
 * delivered to the broker afterwards, so a crash between commit and publish loses nothing.
 */
export const outboxEvent = pgTable(
  'outbox_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: text('payload').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    deliveredDate: timestamp('delivered_date', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_event_pending_idx').on(t.id).where(sql`delivered_date is null`)],
);

/**
 * Timers that must fire exactly once across server processes (DESIGN §2, §11: quote end, auction close,
 * certificate expiry, reminders): a row per job, claimed with FOR UPDATE SKIP LOCKED by whichever process
 * polls first, its handler run in the claiming transaction (platform/jobs.ts). `job_key` names the job
 * within its kind (e.g. the document id), so scheduling again moves the time instead of adding a job.
 */
export const scheduledJob = pgTable(
  'scheduled_job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    jobKey: text('job_key').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** pending, done, or failed (after MAX_ATTEMPTS). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    doneDate: timestamp('done_date', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scheduled_job_key_uq').on(t.kind, t.jobKey),
    index('scheduled_job_due_idx').on(t.runAt).where(sql`state = 'pending'`),
  ],
);

/**
 * Counters of `rate-limiter-flexible`'s PostgreSQL store (platform/rate-limit.ts, issue #18): login,
 * unlock and SMS throttling and the unknown-account failure count, shared by every server process. The
 * columns, in this order, are the ones the library writes (`INSERT … VALUES (key, points, expire)`);
 * `expire` is epoch milliseconds. Expired rows are pruned by the retention job (platform/retention.ts).
 */
export const rateLimit = pgTable('rate_limit', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * The browser MQTT clients an external broker authenticated through the server's auth hook (issue #18,
 * modules/auth/broker-hook.ts): the connection's client id and the session and user its token belonged to,
 * so the broker's later ACL checks (which carry no password) can ask whether that session is still live.
 * Rows expire with the token; retention prunes them.
 */
export const mqttClient = pgTable('mqtt_client', {
  clientId: text('client_id').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  subaccountId: uuid('subaccount_id').notNull(),
  elsAccount: text('els_account').notNull(),
  elsSubAccount: text('els_sub_account').notNull(),
  station: text('station').$type<'purchase' | 'sale'>().notNull(),
  expiresDate: timestamp('expires_date', { withTimezone: true }).notNull(),
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
});
