import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';

/** Rows deleted per statement: short transactions, no long locks on busy tables. */
const BATCH = 5_000;
/** Statements per table and round at most (a backlog is worked off over several rounds). */
const MAX_BATCHES = 20;

/**
 * What the retention job prunes (issue #18) and after how long. Each rule is a table and a condition on
 * its rows; the windows leave a margin after the row stopped mattering:
 * - `auth_session`: revoked more than 30 days ago, or whose refresh tokens all expired more than a day
 *   ago (no access token of it can still be valid: access tokens live 22 h, refresh tokens 14 days);
 *   its refresh tokens go with it (foreign key, on delete cascade);
 * - `captcha`: expired more than an hour ago (challenges live minutes);
 * - `sms_code`: expired more than a day ago (codes live 10 minutes);
 * - `sms_send_slot`: the last send more than an hour ago (the slot matters for 60 s);
 * - `outbox_event`: delivered more than 7 days ago (undelivered rows are never pruned);
 * - `mqtt_client`: browser clients of an external broker whose token has expired;
 * - `rate_limit`: counters expired more than an hour ago (epoch milliseconds);
 * - `api_key_use`: calls made with an API key more than 90 days ago;
 * - `webhook_delivery`: delivered or failed more than 30 days ago (their attempts go with them).
 */
export const RETENTION_RULES: ReadonlyArray<{ table: string; where: ReturnType<typeof sql> }> = [
  {
    table: 'auth_session',
    where: sql`(revoked_date < now() - interval '30 days'
      or (create_date < now() - interval '2 days' and not exists (
        select 1 from refresh_token r where r.session_id = auth_session.id
          and r.expires_date > now() - interval '1 day')))`,
  },
  { table: 'captcha', where: sql`expires_date < now() - interval '1 hour'` },
  { table: 'sms_code', where: sql`expires_date < now() - interval '1 day'` },
  { table: 'sms_send_slot', where: sql`sent_date < now() - interval '1 hour'` },
  { table: 'outbox_event', where: sql`delivered_date < now() - interval '7 days'` },
  { table: 'api_key_use', where: sql`create_date < now() - interval '90 days'` },
  {
    table: 'webhook_delivery',
    where: sql`status <> 'pending' and create_date < now() - interval '30 days'`,
  },
  { table: 'mqtt_client', where: sql`expires_date < now()` },
  {
    table: 'rate_limit',
    where: sql`expire < (extract(epoch from now()) * 1000)::bigint - 3600000`,
  },
];

/**
 * The retention job: prunes the rows of RETENTION_RULES in batches. Safe to run in every server process
 * at once: each batch deletes rows it locked with FOR UPDATE SKIP LOCKED, so two processes never wait on
 * each other and never delete a row twice. `runOnce()` answers how many rows each table lost; `start()`
 * runs it every `intervalMs` (default 1 h; first round after 1–2 minutes so that processes started together
 * spread out). Works on PGlite and PostgreSQL. A failing table is logged and the others still run.
 */
export function createRetentionJob(options: { db: Db; log: FastifyBaseLogger; intervalMs?: number }) {
  const { db, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<Record<string, number>> | null = null;

  async function prune(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const rule of RETENTION_RULES) {
      const table = sql.identifier(rule.table);
      deleted[rule.table] = 0;
      try {
        for (let i = 0; i < MAX_BATCHES; i++) {
          const rows = await db.execute(
            sql`delete from ${table} where ctid in (select ctid from ${table} where ${rule.where} limit ${BATCH} for update skip locked) returning 1 as gone`,
          );
          const n = (rows as unknown as { rows?: unknown[] }).rows?.length ?? 0;
          deleted[rule.table] += n;
          if (n < BATCH) break;
        }
      } catch (error) {
        log.warn({ err: error, table: rule.table }, 'retention: pruning failed');
      }
    }
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total > 0) log.info({ deleted }, 'retention: old rows pruned');
    return deleted;
  }

  /** One round now (a round already running is awaited instead). */
  function runOnce(): Promise<Record<string, number>> {
    running ??= prune().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      const every = options.intervalMs ?? 3_600_000;
      timer = setTimeout(
        function tick() {
          runOnce()
            .catch(() => {})
            .finally(() => {
              timer = setTimeout(tick, every);
              timer.unref();
            });
        },
        60_000 + Math.floor(Math.random() * 60_000),
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
export type RetentionJob = ReturnType<typeof createRetentionJob>;
