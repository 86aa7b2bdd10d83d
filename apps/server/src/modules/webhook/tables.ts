import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A company's webhook endpoint (issue #18 "Webhooks per company"): the URL, the event types it subscribes
 * to (`*`, `{kind}.*` or `{kind}.{action}`, e.g. `order.send`), and the signing secret. The secret is kept
 * as given to the admin once, because the server must sign with it (HMAC-SHA256); whoever reads the
 * database can sign. `enabled` turns false when a delivery has failed for 24 h (the admin is told).
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('webhook_endpoint_account_idx').on(t.elsAccount)],
);

/**
 * One event to deliver to one endpoint: written in the transaction of the state change that caused it
 * (platform/audit-trail.ts), so a committed change always has its deliveries and a rolled-back one none.
 * `payload` is the exact JSON body sent on every attempt; `eventId` (the audit row's id) lets a receiver
 * drop duplicates. Status pending → delivered | failed (after 24 h of failed attempts).
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    documentId: uuid('document_id'),
    payload: text('payload').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A process that took the delivery holds it until then (a crashed sender's lease runs out). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    deliveredDate: timestamp('delivered_date', { withTimezone: true }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_delivery_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_delivery_order_idx').on(t.endpointId, t.documentId, t.id).where(sql`status = 'pending'`),
    index('webhook_delivery_log_idx').on(t.elsAccount, t.id),
  ],
);

/** Every attempt of a delivery: when, the answer's status code or the error, how long it took (ms). */
export const webhookAttempt = pgTable(
  'webhook_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempt_delivery_idx').on(t.deliveryId, t.id)],
);
