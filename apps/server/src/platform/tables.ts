import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
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

/** Secrets generated on first start and shared by every server process on the database. */
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded files (spec 000 §7 ElsAttachmentService); bytes live in the file store under filePath. */
export const attachment = pgTable(
  'attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Public files (login-page images) may be downloaded without a token. */
    isPublic: text('is_public', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    businessType: text('business_type'),
    businessId: text('business_id'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attachment_path_uq').on(t.filePath),
    index('attachment_business_idx').on(t.businessType, t.businessId),
  ],
);

/** Outgoing SMS of the default provider (issue #3): an outbox that admins and tests can read. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    content: text('content').notNull(),
    purpose: text('purpose').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.createDate)],
);

/** PostgreSQL `bytea` as a Node Buffer (drizzle 0.45 has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    typeof value === 'string'
      ? Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex')
      : Buffer.from(value),
});

/**
 * Uploaded files' bytes on PostgreSQL without S3 (issue #18 "files on a store every process shares"): each
 * file in chunks of at most 1 MiB (platform/file-store.ts `createDatabaseFileStore`), so any server process
 * serves any upload and a download streams chunk by chunk instead of loading a whole file.
 */
export const fileChunk = pgTable(
  'file_chunk',
  {
    filePath: text('file_path').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.filePath, t.seq] })],
);

/**
 * An action waiting for its approval (platform/document/action-approval.ts): a document kind's action
 * that a company has put under an approval flow (an RFQ's award: "enquiry end"), with the body it was
 * requested with and who asked. One per flow and document; removed when the flow ends (the approved
 * action runs with this body as the requester, a rejection drops it).
 */
export const auditActionRequest = pgTable(
  'audit_action_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    /** The approval flow (task type): enquiryEnd … */
    approvalKind: text('approval_kind').notNull(),
    documentKind: text('document_kind').notNull(),
    documentId: uuid('document_id').notNull(),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** `{elsAccount}_{elsSubAccount}` of the user who asked. */
    requestedBy: text('requested_by').notNull(),
    remark: text('remark'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('audit_action_request_uq').on(t.approvalKind, t.documentId)],
);
