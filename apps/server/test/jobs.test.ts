// @postgres: locks, database-url — two job runners on two connection pools race for the same due jobs (FOR UPDATE SKIP LOCKED)
import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Tx } from '../src/platform/db.ts';
import {
  backoffSeconds,
  cancelJob,
  createJobRunner,
  MAX_ATTEMPTS,
  registerJobHandler,
  scheduleJob,
} from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/**
 * Database-backed timers (platform/jobs.ts, DESIGN §2): a due job runs exactly once however many
 * processes poll — on PostgreSQL two runners on two connection pools (as two server processes), plus the
 * server's own poller; a failing handler's writes are rolled back and the job retried after a backoff;
 * scheduling a key again moves it; cancelling removes it.
 */
let server: TestServer;
let second: Database | null = null;

beforeAll(async () => {
  // The server's own poller runs too (every 100 ms): a third process racing for the same rows.
  server = await createTestServer({ JOB_POLL_MS: '100' });
  if (server.config.DATABASE_URL)
    second = await openDatabase({ kind: 'postgres', url: server.config.DATABASE_URL, poolSize: 4 });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/**
 * A handler's effect, written in its transaction: a marker row (kind test.marker, never due) whose key is
 * the job's key and a random suffix, so a job run twice leaves two markers.
 */
async function mark(tx: Tx, jobKey: string) {
  await tx
    .insert(scheduledJob)
    .values({ kind: 'test.marker', jobKey: `${jobKey}#${randomUUID()}`, runAt: new Date('2999-01-01') });
}

/** The keys of the jobs whose effect was written, one entry per run, sorted. */
async function effects(prefix: string) {
  const rows = await server.database.db
    .select({ key: scheduledJob.jobKey })
    .from(scheduledJob)
    .where(and(eq(scheduledJob.kind, 'test.marker'), like(scheduledJob.jobKey, `${prefix}%`)));
  return rows.map((r) => r.key.split('#')[0]).sort();
}

registerJobHandler('test.effect', async (tx, job) => mark(tx, job.jobKey));

// A deadline found moved later when its timer runs: the handler schedules its own key again, once.
registerJobHandler('test.again', async (tx, job) => {
  await mark(tx, job.jobKey);
  if (!job.payload.again) return;
  await scheduleJob(tx, {
    kind: 'test.again',
    key: job.jobKey,
    runAt: new Date(Date.now() + 200),
    payload: {},
  });
});

let failuresLeft = 1;
registerJobHandler('test.flaky', async (tx, job) => {
  await mark(tx, job.jobKey);
  if (failuresLeft-- > 0) throw new Error('supplier system unreachable');
});

describe('scheduled jobs', () => {
  it('runs each due job exactly once with several pollers racing for it', async () => {
    const past = new Date(Date.now() - 60_000);
    for (let i = 0; i < 40; i++)
      await scheduleJob(server.database.db, {
        kind: 'test.effect',
        key: `race-${String(i).padStart(2, '0')}`,
        runAt: past,
      });
    const a = createJobRunner({ db: server.database.db, log: server.app.log });
    const b = createJobRunner({ db: (second ?? server.database).db, log: server.app.log });
    for (let round = 0; round < 5; round++)
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    // The server's own poller may still be inside a round that claimed some of them (SKIP LOCKED made
    // the test's runners pass over those rows): wait for its commit, then count every run.
    await expect
      .poll(async () => (await effects('race-')).length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(40);
    const ran = await effects('race-');
    expect(ran).toHaveLength(40);
    expect(new Set(ran).size).toBe(40);
    const states = await server.database.db
      .select({ state: scheduledJob.state })
      .from(scheduledJob)
      .where(eq(scheduledJob.kind, 'test.effect'));
    expect(states.every((s) => s.state === 'done')).toBe(true);
  });

  it('does not run a job before its time; scheduling the key again moves it; cancelling removes it', async () => {
    const db = server.database.db;
    const runner = createJobRunner({ db, log: server.app.log });
    await scheduleJob(db, { kind: 'test.effect', key: 'later', runAt: new Date(Date.now() + 3_600_000) });
    await runner.runDue();
    expect(await effects('later')).toEqual([]);
    // Moved to the past: it runs (once), and the key still has one row.
    await scheduleJob(db, { kind: 'test.effect', key: 'later', runAt: new Date(Date.now() - 1000) });
    await runner.runDue();
    await runner.runDue();
    expect(await effects('later')).toEqual(['later']);
    const rows = await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'later'));
    expect(rows).toHaveLength(1);
    // A cancelled pending job never runs.
    await scheduleJob(db, { kind: 'test.effect', key: 'cancelled', runAt: new Date(Date.now() + 500) });
    await cancelJob(db, 'test.effect', 'cancelled');
    await new Promise((r) => setTimeout(r, 700));
    await runner.runDue();
    expect(await effects('cancelled')).toEqual([]);
    expect(await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'cancelled'))).toEqual([]);
  });

  it('keeps a job pending at its new time when its handler scheduled it again', async () => {
    const db = server.database.db;
    const runner = createJobRunner({ db, log: server.app.log });
    await scheduleJob(db, {
      kind: 'test.again',
      key: 'again',
      runAt: new Date(Date.now() - 1000),
      payload: { again: true },
    });
    await runner.runDue();
    // Whichever poller ran it (this runner or the server's own), once it has committed:
    await expect.poll(async () => (await effects('again')).length, { timeout: 5000 }).toBe(1);
    const [row] = await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'again'));
    expect(row.state).toBe('pending');
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    await new Promise((r) => setTimeout(r, 400));
    await runner.runDue();
    await expect.poll(async () => (await effects('again')).length, { timeout: 5000 }).toBe(2);
    expect(await effects('again')).toEqual(['again', 'again']);
    const [after] = await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'again'));
    expect(after.state).toBe('done');
  });

  it('rolls back a failing handler, retries it after a backoff, then runs it once', async () => {
    const db = server.database.db;
    const runner = createJobRunner({ db, log: server.app.log });
    await scheduleJob(db, { kind: 'test.flaky', key: 'flaky', runAt: new Date(Date.now() - 1000) });
    await runner.runDue();
    // The first try failed (by this runner or the server's own poller, once it has committed): its insert is
    // gone, the job waits for its backoff.
    const attempts = async () =>
      (await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'flaky')))[0]?.attempts;
    await expect.poll(attempts, { timeout: 5000 }).toBe(1);
    expect(await effects('flaky')).toEqual([]);
    const [afterFailure] = await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'flaky'));
    expect(afterFailure).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'supplier system unreachable',
    });
    expect(afterFailure.runAt.getTime()).toBeGreaterThan(Date.now() + (backoffSeconds(1) - 1) * 1000);
    // Due again: it runs once.
    await db
      .update(scheduledJob)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(scheduledJob.jobKey, 'flaky'));
    await runner.runDue();
    await runner.runDue();
    await expect.poll(async () => (await effects('flaky')).length, { timeout: 5000 }).toBe(1);
    expect(await effects('flaky')).toEqual(['flaky']);
    const [done] = await db.select().from(scheduledJob).where(eq(scheduledJob.jobKey, 'flaky'));
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect(MAX_ATTEMPTS).toBeGreaterThan(2);
  });

  it('the server polls by itself', async () => {
    await scheduleJob(server.database.db, { kind: 'test.effect', key: 'by-server', runAt: new Date() });
    const deadline = Date.now() + 10_000;
    while ((await effects('by-server')).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await effects('by-server')).toEqual(['by-server']);
  });
});
