import { createHmac, randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_RETRY_WINDOW_MS,
  type WebhookSave,
} from '@srm/contracts/webhook';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { nowDate } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { type AuthContext, requireAdminOrKey } from '../../platform/http.ts';
import { notify } from '../message/index.ts';
import { webhookAttempt, webhookDelivery, webhookEndpoint } from './tables.ts';

/**
 * Webhooks per company (issue #18). Events are queued by platform/audit-trail.ts in the transaction of
 * the change; this module manages endpoints and delivers: each POST signed with HMAC-SHA256 over
 * `${timestamp}.${body}` (WEBHOOK_HEADERS), retried with growing waits for 24 h, one document's events in
 * order, each attempt logged; an endpoint whose delivery gives up is disabled and the company's admins
 * told, in each one's language.
 */

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/** `v1=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`): what a receiver recomputes to trust a call. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

/**
 * Refuses an endpoint URL whose host is or resolves to a loopback, link-local or private address unless
 * WEBHOOK_ALLOW_PRIVATE: a company admin must not make the server call into the server's own network.
 * '400' naming body.url.
 */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      throw badRequest('webhookUrlUnresolved', { host });
    }
  }
  for (const a of addresses) {
    const mapped = a.address.startsWith('::ffff:') ? a.address.slice(7) : a.address;
    const family = isIP(mapped) === 6 ? 'ipv6' : 'ipv4';
    if (privateRanges.check(mapped, family)) throw badRequest('webhookUrlPrivate', { host });
  }
}

type EndpointRow = typeof webhookEndpoint.$inferSelect;

const present = (row: EndpointRow, withSecret = false) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createUser: row.createUser,
  createDate: row.createDate.toISOString(),
  version: row.version,
  ...(withSecret ? { secret: row.secret } : {}),
});

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The company's endpoints, newest first (without secrets). */
export async function listEndpoints(db: Queryable, auth: AuthContext) {
  requireAdminOrKey(auth);
  const rows = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.elsAccount, auth.elsAccount))
    .orderBy(desc(webhookEndpoint.createDate));
  return rows.map((r) => present(r));
}

async function ownEndpoint(db: Queryable, auth: AuthContext, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.elsAccount, auth.elsAccount)));
  if (!row) throw notFound();
  return row;
}

/**
 * Creates (no id; answers the secret once) or edits (id + version; '409' when stale) an endpoint.
 * Re-enabling clears the disabled reason. '400' for a private URL (assertPublicUrl) or more than
 * WEBHOOK_MAX_ENDPOINTS endpoints; '404' for another company's id.
 */
export async function saveEndpoint(db: Db, auth: AuthContext, body: WebhookSave, allowPrivate: boolean) {
  requireAdminOrKey(auth);
  await assertPublicUrl(body.url, allowPrivate);
  const eventTypes = [...new Set(body.eventTypes)];
  return db.transaction(async (tx) => {
    if (!body.id) {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookEndpoint)
        .where(eq(webhookEndpoint.elsAccount, auth.elsAccount));
      if (count.n >= WEBHOOK_MAX_ENDPOINTS) throw badRequest('webhookLimit', { max: WEBHOOK_MAX_ENDPOINTS });
      const [row] = await tx
        .insert(webhookEndpoint)
        .values({
          elsAccount: auth.elsAccount,
          url: body.url,
          description: body.description,
          eventTypes,
          enabled: body.enabled,
          secret: newSecret(),
          createUser: userKey(auth),
        })
        .returning();
      return present(row, true);
    }
    const current = await ownEndpoint(tx, auth, body.id);
    if (body.version !== current.version) throw conflict();
    const [row] = await tx
      .update(webhookEndpoint)
      .set({
        url: body.url,
        description: body.description,
        eventTypes,
        enabled: body.enabled,
        disabledReason: body.enabled ? null : current.disabledReason,
        lastUpdateDate: sql`now()`,
        version: sql`${webhookEndpoint.version} + 1`,
      })
      .where(and(eq(webhookEndpoint.id, current.id), eq(webhookEndpoint.version, current.version)))
      .returning();
    if (!row) throw conflict();
    return present(row);
  });
}

/** A new signing secret, answered once; the old one stops signing at once. */
export async function rotateSecret(db: Db, auth: AuthContext, id: string, version: number) {
  requireAdminOrKey(auth);
  const current = await ownEndpoint(db, auth, id);
  if (current.version !== version) throw conflict();
  const [row] = await db
    .update(webhookEndpoint)
    .set({ secret: newSecret(), version: sql`${webhookEndpoint.version} + 1`, lastUpdateDate: sql`now()` })
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.version, version)))
    .returning();
  if (!row) throw conflict();
  return present(row, true);
}

/** Deletes an endpoint and its delivery log. */
export async function deleteEndpoint(db: Db, auth: AuthContext, id: string, version: number) {
  requireAdminOrKey(auth);
  const current = await ownEndpoint(db, auth, id);
  if (current.version !== version) throw conflict();
  await db.delete(webhookEndpoint).where(eq(webhookEndpoint.id, id));
}

/**
 * Queues a `ping` event to one endpoint (the admin's "send test event"); answers the delivery id.
 */
export async function pingEndpoint(db: Db, auth: AuthContext, id: string) {
  requireAdminOrKey(auth);
  const endpoint = await ownEndpoint(db, auth, id);
  const eventId = crypto.randomUUID();
  const payload = JSON.stringify({
    id: eventId,
    type: 'ping',
    createdAt: nowDate().toISOString(),
    elsAccount: auth.elsAccount,
    data: { actor: userKey(auth) },
  });
  const [row] = await db
    .insert(webhookDelivery)
    .values({ endpointId: endpoint.id, elsAccount: auth.elsAccount, eventId, eventType: 'ping', payload })
    .returning({ id: webhookDelivery.id });
  return { id: row.id };
}

const presentDelivery = (d: typeof webhookDelivery.$inferSelect) => ({
  id: d.id,
  endpointId: d.endpointId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt.toISOString(),
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  lastDurationMs: d.lastDurationMs,
  deliveredDate: d.deliveredDate?.toISOString() ?? null,
  createDate: d.createDate.toISOString(),
});

/**
 * The delivery log of the company, newest first, keyset by id (`beforeId`), at most `pageSize` rows;
 * filters endpoint and status.
 */
export async function listDeliveries(
  db: Queryable,
  auth: AuthContext,
  query: {
    endpointId?: string;
    status?: 'pending' | 'delivered' | 'failed';
    beforeId?: number;
    pageSize: number;
  },
) {
  requireAdminOrKey(auth);
  const rows = await db
    .select()
    .from(webhookDelivery)
    .where(
      and(
        eq(webhookDelivery.elsAccount, auth.elsAccount),
        query.endpointId ? eq(webhookDelivery.endpointId, query.endpointId) : undefined,
        query.status ? eq(webhookDelivery.status, query.status) : undefined,
        query.beforeId ? lt(webhookDelivery.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(webhookDelivery.id))
    .limit(query.pageSize);
  return rows.map(presentDelivery);
}

/** One delivery with its attempts (status code or error, duration in ms, time), oldest first. */
export async function deliveryDetail(db: Queryable, auth: AuthContext, id: number) {
  requireAdminOrKey(auth);
  const [row] = await db
    .select()
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.id, id), eq(webhookDelivery.elsAccount, auth.elsAccount)));
  if (!row) throw notFound();
  const attempts = await db
    .select()
    .from(webhookAttempt)
    .where(eq(webhookAttempt.deliveryId, id))
    .orderBy(webhookAttempt.id);
  return {
    ...presentDelivery(row),
    payload: row.payload,
    attemptLog: attempts.map((a) => ({
      statusCode: a.statusCode,
      error: a.error,
      durationMs: a.durationMs,
      createDate: a.createDate.toISOString(),
    })),
  };
}

/** Redelivers an event by hand: a new pending delivery of the same event (same id and body). */
export async function redeliver(db: Db, auth: AuthContext, id: number) {
  requireAdminOrKey(auth);
  const [row] = await db
    .select()
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.id, id), eq(webhookDelivery.elsAccount, auth.elsAccount)));
  if (!row) throw notFound();
  const [copy] = await db
    .insert(webhookDelivery)
    .values({
      endpointId: row.endpointId,
      elsAccount: row.elsAccount,
      eventId: row.eventId,
      eventType: row.eventType,
      documentId: row.documentId,
      payload: row.payload,
    })
    .returning();
  return presentDelivery(copy);
}

/** Seconds before the next attempt after `attempts` failed ones: 10 s, 30 s, 1, 5, 15, 30 min, then hourly. */
export function retryDelaySeconds(attempts: number): number {
  const steps = [10, 30, 60, 300, 900, 1800];
  return steps[attempts - 1] ?? 3600;
}

const LEASE_MS = 60_000;
const BATCH = 50;

type Claimed = {
  id: number;
  endpoint_id: string;
  els_account: string;
  event_id: string;
  payload: string;
  attempts: number;
  create_date: string | Date;
  url: string;
  secret: string;
};

/**
 * The deliverer of one server process: `start()` polls every `intervalMs`; `runDue(now)` runs one round
 * (tests) and answers how many deliveries it attempted. A round takes due deliveries of enabled
 * endpoints — only the oldest pending event of each (endpoint, document), so one document's events
 * arrive in order — under a lease (a short transaction: several processes never send the same row
 * at once), POSTs them outside any transaction, then records each attempt.
 */
export function createWebhookDispatcher(options: {
  db: Db;
  log: FastifyBaseLogger;
  env: string;
  intervalMs?: number;
  timeoutMs?: number;
}) {
  const { db, log, env } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function claim(now: Date): Promise<Claimed[]> {
    const result = await db.execute(sql`update ${webhookDelivery} d
      set lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, attempts = d.attempts + 1
      from ${webhookEndpoint} e
      where e.id = d.endpoint_id and d.id in (
        select c.id from ${webhookDelivery} c join ${webhookEndpoint} ce on ce.id = c.endpoint_id
        where c.status = 'pending' and c.next_attempt_at <= ${now.toISOString()}::timestamptz
          and (c.lease_until is null or c.lease_until <= ${now.toISOString()}::timestamptz) and ce.enabled
          and not exists (select 1 from ${webhookDelivery} p where p.status = 'pending'
            and p.endpoint_id = c.endpoint_id and p.document_id = c.document_id and p.id < c.id)
        order by c.id limit ${BATCH} for update of c skip locked)
      returning d.id, d.endpoint_id, d.els_account, d.event_id, d.payload, d.attempts, d.create_date,
        e.url, e.secret`);
    return ((result as { rows?: unknown[] }).rows ?? []) as Claimed[];
  }

  async function send(row: Claimed, now: Date) {
    const timestamp = Math.floor(now.getTime() / 1000);
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'srm-portal-webhook/1',
          [WEBHOOK_HEADERS.id]: row.event_id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(row.secret, timestamp, row.payload),
        },
        body: row.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      statusCode = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e).slice(0, 300);
    }
    const durationMs = Math.round(performance.now() - started);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const age = now.getTime() - new Date(row.create_date).getTime();
    const giveUp = !ok && age + retryDelaySeconds(row.attempts) * 1000 > WEBHOOK_RETRY_WINDOW_MS;
    if (!ok && !error) error = `HTTP ${statusCode}`;
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempt).values({ deliveryId: row.id, statusCode, error, durationMs });
      await tx
        .update(webhookDelivery)
        .set({
          status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
          deliveredDate: ok ? now : null,
          nextAttemptAt:
            ok || giveUp ? now : new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000),
          leaseUntil: null,
          lastStatusCode: statusCode,
          lastError: ok ? null : error,
          lastDurationMs: durationMs,
        })
        .where(eq(webhookDelivery.id, row.id));
      if (giveUp) await disableEndpoint(tx, env, row);
    });
  }

  async function runDue(now = nowDate()): Promise<number> {
    const rows = await claim(now);
    await Promise.all(rows.map((row) => send(row, now)));
    return rows.length;
  }

  /** Rounds until one finds less than a full batch due (a backlog drains without waiting for the poll). */
  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await runDue();
      total += n;
      if (n < BATCH || stopped) return total;
    }
  }

  function tick() {
    if (stopped || running) return;
    running = drain()
      .catch((error) => {
        log.warn({ err: error }, 'webhook delivery round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    runDue,
    start() {
      stopped = false;
      timer ??= setInterval(tick, options.intervalMs ?? 1000);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook deliverer of this process (app.ts decorates it); tests call `runDue(now)`. */
    webhooks: WebhookDispatcher;
  }
}

/** Disables an endpoint whose delivery gave up and tells the company's admins (each in its language). */
async function disableEndpoint(tx: Queryable, env: string, row: Claimed) {
  const [endpoint] = await tx
    .update(webhookEndpoint)
    .set({
      enabled: false,
      disabledReason: 'deliveryFailed',
      version: sql`${webhookEndpoint.version} + 1`,
    })
    .where(and(eq(webhookEndpoint.id, row.endpoint_id), eq(webhookEndpoint.enabled, true)))
    .returning({ url: webhookEndpoint.url });
  if (!endpoint) return;
  const admins = await tx.execute(
    sql`select els_sub_account from subaccount where els_account = ${row.els_account} and permission = 'admin'`,
  );
  const users = (((admins as { rows?: unknown[] }).rows ?? []) as Array<{ els_sub_account: string }>).map(
    (a) => ({ elsAccount: row.els_account, elsSubAccount: a.els_sub_account }),
  );
  if (users.length === 0) return;
  await notify(tx, env, {
    receivers: { users },
    msgTitle: {
      zh_cn: `Webhook 接收地址 ${endpoint.url} 连续 24 小时投递失败，已停用`,
      en: `Webhook endpoint ${endpoint.url} failed for 24 hours and was disabled`,
    },
    businessType: 'webhook',
  });
}
