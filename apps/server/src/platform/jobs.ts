import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Broker } from './broker.ts';
import { clockIsMovable, nowDate } from './clock.ts';
import type { Db, Queryable, Tx } from './db.ts';
import { scheduledJob } from './tables.ts';

/*
 * Database-backed timers (DESIGN §2 "jobs and timers", §11): something that must happen later exactly
 * once — an RFQ's quote end, an auction's close, a certificate's expiry — is a row in `scheduled_job`,
 * written in the transaction that decided it. Every server process polls; a due row is claimed with
 * FOR UPDATE SKIP LOCKED, so one process takes it, and its handler runs in that same transaction with
 * the row marked done: the handler's writes and "done" commit together or not at all. A handler that
 * throws leaves its writes rolled back (a savepoint) and the job pending again after a backoff; after
 * MAX_ATTEMPTS it is marked failed and logged. Works on PGlite and PostgreSQL alike.
 */

/** A job as its handler sees it. */
export type Job = { id: number; kind: string; jobKey: string; runAt: Date; payload: Record<string, unknown> };

/**
 * What a handler gets besides its transaction: `env` (the deployment's name, for messages), the runner's
 * database (for writes after commit) and configuration (absent in runners made without one), the broker
 * (absent in runners made without one), and `afterCommit` to do something once the claiming transaction
 * has committed (a live push of what the job changed); dropped when the handler throws. Handlers are
 * registered once per process, so they take the server's parts from here, never from a closure: two
 * servers in one process (tests) each run their jobs against their own database.
 */
export type JobContext = {
  env: string;
  db: Db;
  config?: Config;
  broker?: Broker;
  afterCommit(fn: () => Promise<void>): void;
};

/** Runs a due job inside the claiming transaction; throw to retry later. */
export type JobHandler = (tx: Tx, job: Job, context: JobContext) => Promise<void>;

/** Tries before a job is marked failed. */
export const MAX_ATTEMPTS = 8;
/** Jobs claimed per round. */
const BATCH = 20;

const handlers = new Map<string, JobHandler>();

/** Registers what a kind of job does (once per process, at module load). */
export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

/**
 * Schedules (or moves) the job `kind`/`key` to run at `runAt` with `payload`, in the caller's
 * transaction: scheduling the same key again replaces the time and payload and makes it pending again
 * (an RFQ whose quote end time is changed). Times are absolute instants.
 */
export async function scheduleJob(
  db: Queryable,
  job: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(scheduledJob)
    .values({ kind: job.kind, jobKey: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoUpdate({
      target: [scheduledJob.kind, scheduledJob.jobKey],
      set: {
        runAt: job.runAt,
        payload: job.payload ?? {},
        state: 'pending',
        attempts: 0,
        lastError: null,
        doneDate: null,
      },
    });
}

/** Cancels a pending job (a withdrawn RFQ); a job already done stays as a record. */
export async function cancelJob(db: Queryable, kind: string, key: string): Promise<void> {
  await db
    .delete(scheduledJob)
    .where(and(eq(scheduledJob.kind, kind), eq(scheduledJob.jobKey, key), eq(scheduledJob.state, 'pending')));
}

/** Seconds to wait before try n + 1: 2, 4, 8 … capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(2 ** attempts, 3600);

/**
 * The poller of one server process: `start()` polls every `intervalMs` (default 1 s), `runDue()` runs one
 * round now (tests, or after scheduling something due at once) and answers how many jobs it finished.
 */
export function createJobRunner(options: {
  db: Db;
  log: FastifyBaseLogger;
  /** ENV_NAME, handed to handlers that send messages. */
  env?: string;
  /** Where handlers push live views after commit (absent: no pushes, e.g. in tests). */
  broker?: Broker;
  /** The server's configuration, handed to handlers (ERP connectors). */
  config?: Config;
  intervalMs?: number;
}) {
  const { db, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function round(): Promise<number> {
    const committed: Array<() => Promise<void>> = [];
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(scheduledJob)
        // Due by the database's clock; on a test server by the test clock, so moving it fires timers (issue #35).
        .where(
          and(
            eq(scheduledJob.state, 'pending'),
            lte(scheduledJob.runAt, clockIsMovable() ? nowDate() : sql`now()`),
          ),
        )
        .orderBy(asc(scheduledJob.runAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let done = 0;
      for (const row of due) {
        const handler = handlers.get(row.kind);
        const after: Array<() => Promise<void>> = [];
        const context: JobContext = {
          env: options.env ?? '',
          db,
          config: options.config,
          broker: options.broker,
          afterCommit: (fn) => after.push(fn),
        };
        try {
          if (!handler) throw new Error(`no handler for job kind ${row.kind}`);
          // A savepoint: a failing handler's writes go, the claim and the retry bookkeeping stay.
          await tx.transaction(async (inner) => handler(inner, row, context));
          committed.push(...after);
          // A handler that scheduled its own key again (a deadline moved later) left the row pending at
          // its new time: only the claimed run is marked done.
          await tx
            .update(scheduledJob)
            .set({ state: 'done', doneDate: sql`now()`, attempts: row.attempts + 1 })
            // (run_at to the millisecond: the claimed Date has no microseconds)
            .where(
              and(
                eq(scheduledJob.id, row.id),
                sql`date_trunc('milliseconds', ${scheduledJob.runAt}) = ${row.runAt.toISOString()}::timestamptz`,
              ),
            );
          done++;
        } catch (error) {
          const attempts = row.attempts + 1;
          const failed = attempts >= MAX_ATTEMPTS;
          await tx
            .update(scheduledJob)
            .set({
              attempts,
              lastError: String((error as Error).message ?? error).slice(0, 500),
              state: failed ? 'failed' : 'pending',
              runAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
            })
            .where(eq(scheduledJob.id, row.id));
          (failed ? log.error : log.warn).call(
            log,
            { err: error, job: { kind: row.kind, key: row.jobKey, attempts } },
            failed ? 'scheduled job failed for good' : 'scheduled job failed: will retry',
          );
        }
      }
      return done;
    });
    for (const fn of committed)
      await fn().catch((error) => log.warn({ err: error }, 'after-commit step of a job failed'));
    return done;
  }

  /** One round now; a round already running is awaited instead of starting a second. */
  function runDue(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    running ??= round()
      .catch((error) => {
        log.error({ err: error }, 'scheduled jobs round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    runDue,
    start() {
      timer = setInterval(() => void runDue(), options.intervalMs ?? 1000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
