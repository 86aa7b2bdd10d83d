// @postgres: locks — two job rounds race for the bargain round's end job; it ends once
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARGAIN_END_JOB } from '../src/modules/ebidding/bargain.ts';
import { START_JOB } from '../src/modules/ebidding/service.ts';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { material, priceMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The bargain round of an e-auction (issue #14 "bidding bargain"): after the end the buyer asks chosen
 * bidders for a final offer by a deadline (under approval where configured); each answers once with a
 * price at most its last offer; the answer joins the hash-chained bid log and the award uses it. The
 * round ends when all asked have answered, or at its deadline by a timer.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/ebidding/PurchaseEbiddingService';
const S = '/apis/ebidding/SaleEbiddingService';
let materials: Array<{ id: string }>;
const db = () => server.database.db;
const runJobs = () => createJobRunner({ db: db(), log: server.app.log, env: 'test' }).runDue();
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

beforeAll(async () => {
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    JOB_POLL_MS: '60000',
  });
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await db().select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

const record = async (id: string) => (await get(`${P}/findDetail/${id}`, s.buyer)).json().data.record;

/** A finished English auction by total price: 200001 offered 9000, 200003 8900 (best). */
async function finished(name: string) {
  const saved = await post(`${P}/save`, s.buyer, {
    ebiddingName: name,
    ebiddingType: '1',
    ebiddingMethod: '1',
    startMethod: '2',
    startTime: minutes(60),
    endTime: minutes(120),
    startingPrice: '10000',
    priceReviseType: '1',
    priceReviseExtent: '10',
    suppliers: ['200001', '200003', '200004'],
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
  for (const [account, price] of [
    ['200001', '9000'],
    ['200003', '8900'],
  ]) {
    const bid = await post(`${S}/bid/${row.id}`, s[account], { price });
    expect(bid.json().code, bid.json().message).toBe('200');
  }
  const current = await record(row.id);
  const ended = await post(`${P}/finish/${row.id}`, s.buyer, { version: current.version });
  expect(ended.json().code, ended.json().message).toBe('200');
  expect(ended.json().data.ebiddingStatus).toBe('3');
  return ended.json().data as { id: string; version: number; ebiddingNumber: string };
}

describe('the bargain round', () => {
  it('asks a bidder for a final offer, takes it once at most its last offer, and awards at it', async () => {
    const row = await finished('议价竞价');
    // Only bidders with an offer may be asked, and only with a deadline ahead.
    const noOffer = await post(`${P}/bargain/${row.id}`, s.buyer, {
      version: row.version,
      suppliers: ['200004'],
      bargainEndTime: minutes(30),
    });
    expect(noOffer.json().code).toBe('400');
    expect(noOffer.json().message).toContain('200004');
    const past = await post(`${P}/bargain/${row.id}`, s.buyer, {
      version: row.version,
      suppliers: ['200001'],
      bargainEndTime: minutes(-1),
    });
    expect(past.json().code).toBe('400');
    // Not before it was asked.
    const early = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '8000' }] });
    expect(early.json().code).toBe('400');
    const asked = await post(`${P}/bargain/${row.id}`, s.buyer, {
      version: row.version,
      suppliers: ['200001'],
      bargainEndTime: minutes(30),
      message: '请给出最终报价',
    });
    expect(asked.json().code, asked.json().message).toBe('200');
    expect(asked.json().data).toMatchObject({
      pending: false,
      record: { bargainStatus: '1', ebiddingStatus: '3' },
    });
    const told = await db()
      .select({ title: sysMsg.msgTitle, content: sysMsg.msgContent })
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, row.id), eq(sysMsg.elsAccount, '200001')));
    expect(told.map((m) => m.title)).toContain(`竞价议价邀请：${row.ebiddingNumber} 议价竞价`);
    // No award while the round is open; a second round cannot start over it.
    const award = await post(`${P}/award/${row.id}`, s.buyer, {
      version: asked.json().data.record.version,
      awards: [{ itemId: null, toElsAccount: '200003' }],
      linePrices: [],
    });
    expect(award.json().code).toBe('400');
    // The room says who is asked.
    expect((await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data.bargainStatus).toBe('1');
    expect((await get(`${S}/findRoom/${row.id}`, s['200003'])).json().data.bargainStatus).toBe('0');
    const notAsked = await post(`${S}/bargainOffer/${row.id}`, s['200003'], { offers: [{ price: '8000' }] });
    expect(notAsked.json().code).toBe('400');
    const above = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '9000.01' }] });
    expect(above.json().code).toBe('400');
    expect(above.json().message).toContain('9000');
    // The final offer's errors name its field (issue #33): the room shows them under the offer's input.
    expect(above.json().data.errors).toMatchObject([
      {
        path: 'body.offers.0.price',
        segments: ['offers', 0, 'price'],
        field: 'Final offer',
        rule: 'ebidBargainAboveLast',
        message: above.json().message,
      },
    ]);
    const zero = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '0' }] });
    expect(zero.json().code).toBe('400');
    expect(zero.json().message).toBe('Invalid input: Final offer must be greater than 0');
    expect(zero.json().data.errors).toMatchObject([{ segments: ['offers', 0, 'price'], rule: 'positive' }]);
    const zeroZh = await post(
      `${S}/bargainOffer/${row.id}`,
      s['200001'],
      { offers: [{ price: '-1' }] },
      'zh_cn',
    );
    expect(zeroZh.json().message).toBe('参数错误：议价 必须大于 0');
    const wrong = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: 'abc' }] });
    expect(wrong.json().message).not.toContain('body.offers');
    const given = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '8800' }] });
    expect(given.json().code, given.json().message).toBe('200');
    expect(given.json().data.offers).toEqual([{ itemId: null, seq: 3, price: '8800.000000' }]);
    const again = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '8700' }] });
    expect(again.json().code).toBe('400');
    // Everyone asked answered: the round ended; the ranking and the chained log carry the final offer.
    const console = (await get(`${P}/findConsole/${row.id}`, s.buyer)).json().data;
    expect(console.record.bargainStatus).toBe('2');
    expect(
      console.lot.ranking.map((r: { toElsAccount: string; price: string }) => [r.toElsAccount, r.price]),
    ).toEqual([
      ['200001', '8800.000000'],
      ['200003', '8900.000000'],
    ]);
    expect(
      console.bidders.find((b: { toElsAccount: string }) => b.toElsAccount === '200001').bargainStatus,
    ).toBe('2');
    const verified = (await get(`${P}/verifyBidLog/${row.id}`, s.buyer)).json().data;
    expect(verified).toMatchObject({ intact: true, count: 3 });
    // The award uses the bargained price.
    const done = await post(`${P}/award/${row.id}`, s.buyer, {
      version: console.record.version,
      awards: [{ itemId: null, toElsAccount: '200001' }],
      linePrices: [{ itemId: console.lines[0].itemId, price: '8.8' }],
    });
    expect(done.json().code, done.json().message).toBe('200');
    const prices = await db()
      .select()
      .from(priceMaster)
      .where(and(eq(priceMaster.elsAccount, '100000'), eq(priceMaster.toElsAccount, '200001')));
    expect(prices.map((p) => p.priceExcludingTax)).toContain('8.800000');
  });

  it('waits for the "bidding bargain" approval where configured, and ends at its deadline by the timer', async () => {
    const current = (await get('/apis/CommonAuditService/findConfig/ebiddingBargain', s.admin)).json().data;
    const configured = await post('/apis/CommonAuditService/saveConfig', s.admin, {
      version: current?.version,
      documentKind: 'ebiddingBargain',
      steps: [{ name: '议价审批', approverType: 'user', approvers: ['admin'] }],
    });
    expect(configured.json().code, configured.json().message).toBe('200');
    const row = await finished('议价审批竞价');
    const asked = await post(`${P}/bargain/${row.id}`, s.buyer, {
      version: row.version,
      suppliers: ['200001', '200003'],
      bargainEndTime: minutes(30),
    });
    expect(asked.json().code, asked.json().message).toBe('200');
    expect(asked.json().data).toMatchObject({
      pending: true,
      record: { bargainAuditStatus: '1', bargainStatus: '0' },
    });
    // Nobody is asked yet.
    const early = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '8000' }] });
    expect(early.json().code).toBe('400');
    const list = (
      await post('/apis/CommonAuditService/todoPagelist', s.admin, { currentPage: 1, pageSize: 50 })
    ).json().data.records as Array<{ id: string; documentId: string; documentKind: string; link: string }>;
    const task = list.find((t) => t.documentId === row.id && t.documentKind === 'ebiddingBargain');
    expect(task?.link).toBe(`/ebidding/#/v2/detail?id=${row.id}&taskId=${task?.id}`);
    const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, s.admin, {});
    expect(approved.json().code, approved.json().message).toBe('200');
    expect(await record(row.id)).toMatchObject({ bargainAuditStatus: '2', bargainStatus: '1' });
    const given = await post(`${S}/bargainOffer/${row.id}`, s['200003'], { offers: [{ price: '8850' }] });
    expect(given.json().code, given.json().message).toBe('200');
    expect((await record(row.id)).bargainStatus).toBe('1');
    // The deadline passes: the timer ends the round once; 200001 keeps its last offer.
    await db()
      .update(ebidding)
      .set({ bargainEndTime: new Date(Date.now() - 1000) })
      .where(eq(ebidding.id, row.id));
    await db()
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, BARGAIN_END_JOB), eq(scheduledJob.jobKey, row.id)));
    await Promise.all([runJobs(), runJobs()]);
    const detail = (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data;
    expect(detail.record.bargainStatus).toBe('2');
    expect(detail.trail.filter((t: { action: string }) => t.action === 'bargainEnd')).toHaveLength(1);
    const console = (await get(`${P}/findConsole/${row.id}`, s.buyer)).json().data;
    expect(
      console.bidders.map((b: { toElsAccount: string; bargainStatus: string }) => [
        b.toElsAccount,
        b.bargainStatus,
      ]),
    ).toEqual([
      ['200001', '3'],
      ['200003', '2'],
      ['200004', '0'],
    ]);
    expect(console.lot.ranking[0]).toMatchObject({ toElsAccount: '200003', price: '8850.000000' });
    const late = await post(`${S}/bargainOffer/${row.id}`, s['200001'], { offers: [{ price: '8000' }] });
    expect(late.json().code).toBe('400');
  });
});
