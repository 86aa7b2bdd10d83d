import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRelation, company, subaccount } from '../src/modules/account/tables.ts';
import {
  PUBLIC_NOTICE_BATCH,
  PUBLIC_NOTICE_JOB,
  runPublicNotice,
} from '../src/modules/enquiry/public-notice.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { createJobRunner, registerJobHandler } from '../src/platform/jobs.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { callsOf, createTestServer, DEMO_PASSWORD, login, type Session, type TestServer } from './helpers.ts';

/**
 * The public-RFQ notice as a job (issue #13, public-notice.ts): publishing a public RFQ of a buyer with many
 * linked suppliers only schedules the job; the job tells them in batches of PUBLIC_NOTICE_BATCH companies,
 * each batch with its cursor in one transaction, so every receiver gets exactly one notice — also when a
 * process dies in the middle of a batch (after writing its messages, before the commit) and it is retried.
 * The server's own poller is slowed to a minute so that this file's runner decides when jobs run.
 */
let server: TestServer;
const { post } = callsOf(() => server);
const P = '/apis/inquiry/PurchaseEnquiryService';
let buyer: Session;
let materialId: string;
/** 450 supplier companies linked to buyer 100000, one active user each; the even ones read English. */
const MANY = Array.from({ length: 450 }, (_, i) => `7${String(i).padStart(5, '0')}`);

beforeAll(async () => {
  server = await createTestServer({
    JOB_POLL_MS: '60000',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
  });
  const db = server.database.db;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(company).values(MANY.map((a) => ({ elsAccount: a, companyName: `批量供应商 ${a}` })));
  await db.insert(subaccount).values(
    MANY.map((a, i) => ({
      elsAccount: a,
      elsSubAccount: 'admin',
      name: 'Admin',
      station: 'sale' as const,
      passwordHash,
      permission: 'admin' as const,
      lang: i % 2 === 0 ? ('en' as const) : ('zh_cn' as const),
    })),
  );
  await db.insert(accountRelation).values(MANY.map((a) => ({ elsAccount: '100000', toElsAccount: a })));
  buyer = await login(server, '100000', 'buyer1');
  [{ id: materialId }] = await db.select().from(material).where(eq(material.elsAccount, '100000')).limit(1);
});
afterAll(async () => {
  await server?.close();
});

const runner = () =>
  createJobRunner({ db: server.database.db, log: server.app.log, env: server.config.ENV_NAME });

/** Saves, submits and publishes a public RFQ inviting nobody. */
async function publishPublic() {
  const saved = await post(`${P}/save`, buyer, {
    enquiryDesc: '批量公开询价',
    enquiryMethod: '2',
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    lines: [{ materialId, quantity: '10', deliveryDate: '2027-01-31', suppliers: [] }],
  });
  expect(saved.json().code, saved.body).toBe('200');
  const submitted = await post(`${P}/submit/${saved.json().data.id}`, buyer, {
    version: saved.json().data.version,
  });
  expect(submitted.json().code, submitted.body).toBe('200');
  const res = await post(`${P}/publish/${submitted.json().data.id}`, buyer, {
    version: submitted.json().data.version,
  });
  expect(res.json().code, res.body).toBe('200');
  return res.json().data as { id: string; enquiryNumber: string };
}

/** The RFQ's notice job row. */
async function noticeJob(id: string) {
  const [job] = await server.database.db
    .select()
    .from(scheduledJob)
    .where(and(eq(scheduledJob.kind, PUBLIC_NOTICE_JOB), eq(scheduledJob.jobKey, id)));
  return job;
}

/** Public-RFQ notices of one RFQ per receiving user ("account/sub-account" → titles). */
async function noticesOf(id: string) {
  const rows = await server.database.db
    .select({ account: sysMsg.elsAccount, user: sysMsg.elsSubAccount, title: sysMsg.msgTitle })
    .from(sysMsg)
    .where(and(eq(sysMsg.businessId, id), like(sysMsg.linkUrl, '/rfq/#/v2/public')));
  const out = new Map<string, string[]>();
  for (const r of rows)
    out.set(`${r.account}/${r.user}`, [...(out.get(`${r.account}/${r.user}`) ?? []), r.title]);
  return out;
}

/** Runs rounds until the job is done; answers how many rounds it took. */
async function runUntilDone(id: string) {
  const jobs = runner();
  for (let round = 1; round <= 50; round++) {
    await jobs.runDue();
    if ((await noticeJob(id))?.state === 'done') return round;
  }
  throw new Error(`notice job of ${id} not done after 50 rounds: ${JSON.stringify(await noticeJob(id))}`);
}

/** Every one of MANY has exactly one notice, in its user's language; nobody has two. */
function expectOncePerReceiver(notices: Map<string, string[]>, enquiryNumber: string) {
  for (const [account, i] of MANY.map((a, i) => [a, i] as const)) {
    const titles = notices.get(`${account}/admin`);
    expect(titles, account).toHaveLength(1);
    expect(titles?.[0], account).toBe(
      i % 2 === 0
        ? `Public request for quotation ${enquiryNumber} from 华东精密制造有限公司`
        : `公开询价：${enquiryNumber}（华东精密制造有限公司）`,
    );
  }
  for (const [receiver, titles] of notices) expect(titles, receiver).toHaveLength(1);
}

describe('the public-RFQ notice job', () => {
  it('publish answers before the notices exist; the job then tells all 450 linked suppliers once, in batches', async () => {
    const rfq = await publishPublic();
    // Publish wrote the job, not the messages.
    expect((await noticesOf(rfq.id)).size).toBe(0);
    expect((await noticeJob(rfq.id))?.state).toBe('pending');
    const rounds = await runUntilDone(rfq.id);
    // One batch per round: at least ⌈450 / batch⌉ rounds (the demo's linked suppliers come on top).
    expect(rounds).toBeGreaterThanOrEqual(Math.ceil(MANY.length / PUBLIC_NOTICE_BATCH));
    const notices = await noticesOf(rfq.id);
    expectOncePerReceiver(notices, rfq.enquiryNumber);
    // The job done, more rounds write nothing more.
    await runner().runDue();
    expect((await noticesOf(rfq.id)).size).toBe(notices.size);
  });

  it('a batch failing mid-way is retried from its cursor: still exactly one notice per receiver', async () => {
    // The process dies once in the batch holding MANY[300], after that batch's messages were written and
    // before its transaction commits (the job's own code runs; the crash is thrown after it).
    const victim = MANY[300];
    let crashed = false;
    registerJobHandler(PUBLIC_NOTICE_JOB, async (tx, job, { env }) => {
      const before = await tx.select({ n: sql<number>`count(*)::int` }).from(sysMsg);
      await runPublicNotice(tx, job, env);
      const after = await tx.select({ n: sql<number>`count(*)::int` }).from(sysMsg);
      const mine = await tx
        .select({ id: sysMsg.id })
        .from(sysMsg)
        .where(and(eq(sysMsg.businessId, job.jobKey), eq(sysMsg.elsAccount, victim)));
      if (!crashed && mine.length > 0 && after[0].n > before[0].n) {
        crashed = true;
        throw new Error(`process died after writing ${after[0].n - before[0].n} messages`);
      }
    });
    try {
      const rfq = await publishPublic();
      const jobs = runner();
      // Runs until the batch holding the victim has failed once.
      for (let round = 0; round < 10 && !(await noticeJob(rfq.id))?.lastError; round++) await jobs.runDue();
      const failed = await noticeJob(rfq.id);
      expect(failed?.state).toBe('pending');
      expect(failed?.lastError).toContain('process died after writing');
      // The batches before it are written once; the failed batch left nothing (and its cursor did not move).
      const partial = await noticesOf(rfq.id);
      const cursor = String(failed?.payload.after);
      expect(cursor < victim).toBe(true);
      for (const account of MANY)
        expect(partial.get(`${account}/admin`)?.length ?? 0, account).toBe(account <= cursor ? 1 : 0);

      // The retry (made due now instead of after its backoff) finishes the job.
      await server.database.db
        .update(scheduledJob)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(scheduledJob.id, failed!.id));
      await runUntilDone(rfq.id);
      expect(crashed).toBe(true);
      expectOncePerReceiver(await noticesOf(rfq.id), rfq.enquiryNumber);
    } finally {
      registerJobHandler(PUBLIC_NOTICE_JOB, async (tx, job, { env }) => {
        await runPublicNotice(tx, job, env);
      });
    }
  });
});
