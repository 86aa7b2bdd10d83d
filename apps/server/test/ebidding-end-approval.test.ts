import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_JOB, START_JOB } from '../src/modules/ebidding/service.ts';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { afterActionJob } from '../src/platform/document/action-approval.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Ending an e-auction early under the company's approval (issue #14, seed 001 §2 task type "e-bidding
 * end"), a generated kernel action whose definition names the flow: asked, the auction goes on (offers
 * are taken) until the approver agrees; then it ends as the buyer who asked, and the live room is pushed
 * from the after-commit job. A rejection leaves it running; an auction that ends by its clock while the
 * request waits drops the request (nothing left to approve).
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/ebidding/PurchaseEbiddingService';
const S = '/apis/ebidding/SaleEbiddingService';
let materials: Array<{ id: string }>;
const db = () => server.database.db;
const runJobs = () => createJobRunner({ db: db(), log: server.app.log, env: 'test' }).runDue();

beforeAll(async () => {
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    JOB_POLL_MS: '60000',
  });
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200003']) s[a] = await login(server, a, 'admin');
  materials = await db().select().from(material).where(eq(material.elsAccount, '100000'));
  const current = (await get('/apis/CommonAuditService/findConfig/ebiddingEnd', s.admin)).json().data;
  const saved = await post('/apis/CommonAuditService/saveConfig', s.admin, {
    version: current?.version,
    documentKind: 'ebiddingEnd',
    steps: [{ name: '结束审批', approverType: 'user', approvers: ['admin'] }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
});
afterAll(async () => {
  await server?.close();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** A running English auction (by total price) for 200001 and 200003. */
async function running() {
  const saved = await post(`${P}/save`, s.buyer, {
    ebiddingName: '提前结束审批',
    ebiddingType: '1',
    ebiddingMethod: '1',
    startMethod: '2',
    startTime: minutes(60),
    endTime: minutes(120),
    startingPrice: '10000',
    priceReviseType: '1',
    priceReviseExtent: '10',
    quotePostponeMinute: 2,
    postponeMinute: 3,
    canPostponeBout: 1,
    suppliers: ['200001', '200003'],
    lines: [{ materialId: materials[0].id, quantity: '1000', deliveryDate: '2027-01-31' }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
  await db()
    .update(ebidding)
    .set({ startTime: new Date(Date.now() - 1000) })
    .where(eq(ebidding.id, row.id));
  await db()
    .update(scheduledJob)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(scheduledJob.kind, START_JOB), eq(scheduledJob.jobKey, row.id)));
  await runJobs();
  return (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data.record as {
    id: string;
    version: number;
    ebiddingStatus: string;
  };
}

const record = async (id: string) => (await get(`${P}/findDetail/${id}`, s.buyer)).json().data.record;

async function endTask(id: string) {
  const list = (
    await post('/apis/CommonAuditService/todoPagelist', s.admin, { currentPage: 1, pageSize: 50 })
  ).json().data.records as Array<{ id: string; documentId: string; documentKind: string; link: string }>;
  return list.find((t) => t.documentId === id && t.documentKind === 'ebiddingEnd');
}

describe('ending an auction early under approval', () => {
  it('keeps bidding while the request waits, then ends as the buyer who asked', async () => {
    const row = await running();
    expect(row.ebiddingStatus).toBe('2');
    const asked = await post(`${P}/finish/${row.id}`, s.buyer, {
      version: row.version,
      remark: '价格已满足',
    });
    expect(asked.json().code, asked.json().message).toBe('200');
    expect(asked.json().data).toMatchObject({ ebiddingStatus: '2', endAuditStatus: '1' });
    // Still bidding: an offer is taken.
    const offer = await post(`${S}/bid/${row.id}`, s['200001'], { price: '9000' });
    expect(offer.json().code, offer.json().message).toBe('200');
    // Asking twice is refused, naming the status.
    const twice = await post(`${P}/finish/${row.id}`, s.buyer, { version: (await record(row.id)).version });
    expect(twice.json().code).toBe('400');
    const task = await endTask(row.id);
    expect(task?.link).toBe(`/ebidding/#/v2/detail?id=${row.id}&taskId=${task?.id}`);
    const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, s.admin, {});
    expect(approved.json().code, approved.json().message).toBe('200');
    const detail = (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data;
    expect(detail.record).toMatchObject({ ebiddingStatus: '3', endAuditStatus: '2' });
    expect(detail.record.finishTime).not.toBeNull();
    const trail = detail.trail as Array<{ action: string; createUser: string }>;
    expect(trail.map((t) => t.action)).toEqual(expect.arrayContaining(['finishSubmit', 'finishApprove']));
    expect(trail.find((t) => t.action === 'finish')?.createUser).toBe('100000_buyer1');
    // The room's live push runs from a job scheduled by the approval, after its commit.
    const [pushJob] = await db()
      .select()
      .from(scheduledJob)
      .where(eq(scheduledJob.kind, afterActionJob('ebidding')));
    expect(pushJob?.payload).toMatchObject({ id: row.id, action: 'finish' });
    expect(await runJobs()).toBeGreaterThan(0);
    const [done] = await db()
      .select()
      .from(scheduledJob)
      .where(eq(scheduledJob.kind, afterActionJob('ebidding')));
    expect(done.state).toBe('done');
    // The supplier's room says it ended.
    const room = (await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data;
    expect(room.record.ebiddingStatus).toBe('3');
    expect(room.open).toBe(false);
  });

  it('a rejection leaves the auction running; a withdrawal cancels the task', async () => {
    const row = await running();
    let current = (await post(`${P}/finish/${row.id}`, s.buyer, { version: row.version })).json().data;
    const task = await endTask(row.id);
    const rejected = await post(`/apis/CommonAuditService/reject/${task?.id}`, s.admin, {
      remark: '未到时间',
    });
    expect(rejected.json().code, rejected.json().message).toBe('200');
    current = await record(row.id);
    expect(current).toMatchObject({ ebiddingStatus: '2', endAuditStatus: '3' });
    current = (await post(`${P}/finish/${row.id}`, s.buyer, { version: current.version })).json().data;
    expect(current.endAuditStatus).toBe('1');
    const withdrawn = await post(`${P}/withdrawFinish/${row.id}`, s.buyer, { version: current.version });
    expect(withdrawn.json().code, withdrawn.json().message).toBe('200');
    expect(withdrawn.json().data).toMatchObject({ ebiddingStatus: '2', endAuditStatus: '4' });
    expect(await endTask(row.id)).toBeUndefined();
  });

  it('drops a waiting request when the clock ends the auction first', async () => {
    const row = await running();
    await post(`${P}/finish/${row.id}`, s.buyer, { version: row.version });
    expect(await endTask(row.id)).toBeDefined();
    await db()
      .update(ebidding)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(ebidding.id, row.id));
    await db()
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, END_JOB), eq(scheduledJob.jobKey, row.id)));
    await runJobs();
    expect(await record(row.id)).toMatchObject({ ebiddingStatus: '5', endAuditStatus: '4' });
    expect(await endTask(row.id)).toBeUndefined();
  });
});
