// @postgres: flow:ebidding, locks — offers under the auction's row lock: two at the same instant, the end timer racing a last offer, two job runners
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_JOB, START_JOB } from '../src/modules/ebidding/service.ts';
import { ebidding, ebiddingBid, ebiddingSupplier } from '../src/modules/ebidding/tables.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material, priceMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { purchaseOrder } from '../src/modules/order/tables.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * E-auctions (issue #14), English reverse: the schedule rules, who sees what (a supplier never another's
 * name or offer), the offer rules under the lock, the anti-sniping extension, the end timer racing a
 * last-second offer, and the hash-chained bid log that shows any altered row.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/ebidding/PurchaseEbiddingService';
const S = '/apis/ebidding/SaleEbiddingService';
let materials: Array<{ id: string }>;
const db = () => server.database.db;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of ['200001', '200002', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await db().select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const body = (extra: Record<string, unknown> = {}) => ({
  ebiddingName: '电阻年度竞价',
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
  lines: [
    { materialId: materials[0].id, quantity: '1000', deliveryDate: '2027-01-31' },
    { materialId: materials[1].id, quantity: '500', deliveryDate: '2027-01-31' },
  ],
  ...extra,
});

const runJobs = () => createJobRunner({ db: db(), log: server.app.log, env: 'test' }).runDue();

/**
 * A published auction whose scheduled start has come (moved into the past with its timer, which then
 * runs: the auction is bidding).
 */
async function running(extra: Record<string, unknown> = {}) {
  const saved = await post(`${P}/save`, s.buyer, body(extra));
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const res = await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version });
  expect(res.json().code, res.json().message).toBe('200');
  await db()
    .update(ebidding)
    .set({ startTime: new Date(Date.now() - 1000) })
    .where(eq(ebidding.id, res.json().data.id));
  await db()
    .update(scheduledJob)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(scheduledJob.kind, START_JOB), eq(scheduledJob.jobKey, res.json().data.id)));
  await runJobs();
  return res.json().data as { id: string; version: number; ebiddingNumber: string };
}

const bid = (id: string, account: string, price: string, itemId?: string) =>
  post(`${S}/bid/${id}`, s[account], { price, ...(itemId ? { itemId } : {}) });
const moveEnd = (id: string, at: Date) =>
  db().update(ebidding).set({ endTime: at }).where(eq(ebidding.id, id));

describe('auction settings (spec 001 §5)', () => {
  it('refuses an end before the start with the spec text, in both languages', async () => {
    const res = await post(`${P}/save`, s.buyer, body({ endTime: minutes(30) }));
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('end time must be later than the current time and the start time');
    const zh = await post(`${P}/save`, s.buyer, body({ endTime: minutes(30) }), 'zh_cn');
    expect(zh.json().message).toContain('竞价结束时间必须晚于当前时间和开始时间');
  });

  it('refuses extension settings that are not positive integers, one supplier, and a repeated supplier', async () => {
    const zero = await post(`${P}/save`, s.buyer, body({ canPostponeBout: 0 }));
    expect(zero.json().message).toContain('must be positive integers');
    const one = await post(`${P}/save`, s.buyer, body({ suppliers: ['200001'] }));
    expect(one.json().message).toContain('at least 2 invited suppliers');
    const twice = await post(`${P}/save`, s.buyer, body({ suppliers: ['200001', '200003', '200001'] }));
    expect(twice.json().message).toContain('200001 cannot be invited twice');
    const noStart = await post(`${P}/save`, s.buyer, body({ startingPrice: undefined }));
    expect(noStart.json().message).toContain('needs a starting price');
  });

  it('keeps a draft from the suppliers, and a published auction from those not invited', async () => {
    const saved = (await post(`${P}/save`, s.buyer, body())).json().data;
    expect((await get(`${S}/findRoom/${saved.id}`, s['200001'])).json().code).toBe('404');
    const row = await running();
    expect((await get(`${S}/findRoom/${row.id}`, s['200001'])).json().code).toBe('200');
    expect((await get(`${S}/findRoom/${row.id}`, s['200004'])).json().code).toBe('404');
    expect((await bid(row.id, '200004', '9000')).json().code).toBe('404');
    const other = (await post(`${S}/findPageList`, s['200004'], { currentPage: 1, pageSize: 50 })).json();
    expect(other.data.records.map((r: { id: string }) => r.id)).not.toContain(row.id);
    const invited = (await post(`${S}/findPageList`, s['200001'], { currentPage: 1, pageSize: 50 })).json();
    expect(invited.data.records.map((r: { id: string }) => r.id)).toContain(row.id);
  });
});

describe('English reverse offers', () => {
  it('takes offers from the start by the clock, and ranks them without naming the other supplier', async () => {
    const saved = (await post(`${P}/save`, s.buyer, body())).json().data;
    const submitted = (await post(`${P}/submit/${saved.id}`, s.buyer, { version: saved.version })).json()
      .data;
    await post(`${P}/publish/${saved.id}`, s.buyer, { version: submitted.version });
    const early = await bid(saved.id, '200001', '9000');
    expect(early.json().code).toBe('400');
    expect(early.json().message).toContain('has not started');
    // the start has come by the clock, the start timer has not run yet: the offer is taken all the same
    await db()
      .update(ebidding)
      .set({ startTime: new Date(Date.now() - 10) })
      .where(eq(ebidding.id, saved.id));
    expect((await bid(saved.id, '200001', '9000')).json().code).toBe('200');
    const started = (await get(`${P}/findDetail/${saved.id}`, s.buyer)).json().data;
    expect(started.record.ebiddingStatus).toBe('2');

    const row = await running();
    expect((await bid(row.id, '200001', '10000.01')).json().message).toContain('at most the starting price');
    expect((await bid(row.id, '200001', '0')).json().message).toContain('greater than 0');
    const first = await bid(row.id, '200001', '9500');
    expect(first.json().code, first.json().message).toBe('200');
    expect(first.json().data).toMatchObject({ seq: 1, price: '9500.000000', extendedTo: null });
    // the best by at least the decrement (10): 9495 is too close, 9490 is enough
    const close = await bid(row.id, '200003', '9495');
    expect(close.json().message).toContain('at most 9490.000000');
    expect((await bid(row.id, '200003', '9490')).json().code).toBe('200');
    // own last offer: 200001 must go below 9500 − 10 and below the best 9490 − 10
    expect((await bid(row.id, '200001', '9485')).json().message).toContain('at most 9480.000000');

    const room1 = (await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data;
    expect(room1.record.ebiddingStatus).toBe('2');
    expect(room1.lot).toMatchObject({
      bestPrice: '9490.000000',
      ownPrice: '9500.000000',
      rank: 2,
      bidders: 2,
    });
    const text = JSON.stringify(room1);
    expect(text).not.toContain('200003');
    const console = (await get(`${P}/findConsole/${row.id}`, s.buyer)).json().data;
    expect(console.lot.ranking.map((r: { toElsAccount: string }) => r.toElsAccount)).toEqual([
      '200003',
      '200001',
    ]);
    expect(console.log.map((l: { seq: number }) => l.seq)).toEqual([1, 2]);
    expect(console.lot.ranking[0].supplierName).not.toBe('200003');
  });

  it('lets exactly one of two offers at the same price at the same instant become the best', async () => {
    const row = await running();
    const [a, b] = await Promise.all([bid(row.id, '200001', '9000'), bid(row.id, '200003', '9000')]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes).toEqual(['200', '400']);
    const refused = [a, b].find((r) => r.json().code === '400');
    expect(refused?.json().message).toContain('below the best offer');
    const console = (await get(`${P}/findConsole/${row.id}`, s.buyer)).json().data;
    expect(console.log).toHaveLength(1);
    expect(console.lot.ranking).toHaveLength(1);
  });

  it('limits the offers per supplier to quoteNumber', async () => {
    const row = await running({ quoteNumber: 2 });
    expect((await bid(row.id, '200001', '9000')).json().code).toBe('200');
    expect((await bid(row.id, '200001', '8000')).json().code).toBe('200');
    expect((await bid(row.id, '200001', '7000')).json().message).toContain('at most 2 offers');
  });

  it('keeps one supplier’s offers quoteInterval minutes apart, naming the seconds left (issue #33)', async () => {
    const row = await running({ quoteInterval: 2 });
    expect((await bid(row.id, '200001', '9000')).json().code).toBe('200');
    const early = await bid(row.id, '200001', '8000');
    expect(early.json().code).toBe('400');
    expect(early.json().message).toMatch(/at least 2 min apart: you may offer again in (11\d|120) s/);
    const zh = await post(`${S}/bid/${row.id}`, s['200001'], { price: '8000' }, 'zh_cn');
    expect(zh.json().message).toMatch(/两次出价至少间隔 2 分钟，请 (11\d|120) 秒后再出价/);
    // nothing changed: one offer in the log; another supplier is not held up
    expect((await bid(row.id, '200003', '8900')).json().code).toBe('200');
    expect((await get(`${P}/findConsole/${row.id}`, s.buyer)).json().data.log).toHaveLength(2);
    // 90 s later 30 s are left; after 2 min the offer is taken
    const setLast = (ms: number) =>
      db()
        .update(ebiddingSupplier)
        .set({ lastBidTime: new Date(Date.now() - ms) })
        .where(and(eq(ebiddingSupplier.ebiddingId, row.id), eq(ebiddingSupplier.toElsAccount, '200001')));
    await setLast(90_000);
    expect((await bid(row.id, '200001', '8000')).json().message).toMatch(/again in (2\d|30) s/);
    await setLast(121_000);
    expect((await bid(row.id, '200001', '8000')).json().code).toBe('200');
  });

  it('ranks each line on its own in a per-line auction', async () => {
    const row = await running({
      ebiddingMethod: '2',
      startingPrice: undefined,
      lines: [
        { materialId: materials[0].id, quantity: '1000', deliveryDate: '2027-01-31', startingPrice: '1.2' },
        { materialId: materials[1].id, quantity: '500', deliveryDate: '2027-01-31', startingPrice: '3' },
      ],
      priceReviseExtent: '0.01',
    });
    const room = (await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data;
    const [l1, l2] = room.lines.map((l: { itemId: string }) => l.itemId);
    expect((await bid(row.id, '200001', '1.1')).json().message).toContain('needs the line bid on');
    expect((await bid(row.id, '200001', '1.1', l1)).json().code).toBe('200');
    expect((await bid(row.id, '200003', '1.05', l1)).json().code).toBe('200');
    expect((await bid(row.id, '200003', '2.9', l2)).json().code).toBe('200');
    expect((await bid(row.id, '200001', '2.95', l2)).json().message).toContain('at most 2.890000');
    const after = (await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data;
    expect(after.lines[0]).toMatchObject({ rank: 2, bestPrice: '1.050000', ownPrice: '1.100000' });
    expect(after.lines[1]).toMatchObject({ rank: null, bestPrice: '2.900000', bidders: 1 });
  });
});

describe('the end: extensions, the end timer and late offers', () => {
  it('extends the end on an offer in the last minutes, at most canPostponeBout times; the timer follows', async () => {
    const row = await running();
    await moveEnd(row.id, new Date(Date.now() + 60_000));
    const res = await bid(row.id, '200001', '9000');
    const extendedTo = new Date(res.json().data.extendedTo).getTime();
    const bidTime = new Date(res.json().data.bidTime).getTime();
    expect(extendedTo - bidTime).toBe(3 * 60_000);
    // the end timer, due at the old end, finds the new end and waits for it
    const endJob = () =>
      db()
        .select()
        .from(scheduledJob)
        .where(and(eq(scheduledJob.kind, END_JOB), eq(scheduledJob.jobKey, row.id)));
    await db()
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, END_JOB), eq(scheduledJob.jobKey, row.id)));
    await runJobs();
    const [job] = await endJob();
    expect(job).toMatchObject({ state: 'pending' });
    expect(job.runAt.getTime()).toBe(extendedTo);
    await moveEnd(row.id, new Date(Date.now() + 60_000));
    expect((await bid(row.id, '200003', '8000')).json().data.extendedTo).toBeNull();
    const room = (await get(`${S}/findRoom/${row.id}`, s['200003'])).json().data;
    expect(room.record.postponeCount).toBe(1);
    expect(room.record.ebiddingStatus).toBe('2');
  });

  it('refuses an offer after the end even before the timer ran, and ends once when the timer runs', async () => {
    const row = await running();
    expect((await bid(row.id, '200001', '9000')).json().code).toBe('200');
    await moveEnd(row.id, new Date(Date.now() - 10));
    const late = await bid(row.id, '200003', '8000');
    expect(late.json().code).toBe('400');
    expect(late.json().message).toContain('not taking offers');
    await db()
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, END_JOB), eq(scheduledJob.jobKey, row.id)));
    const runners = [0, 1].map(() => createJobRunner({ db: db(), log: server.app.log, env: 'test' }));
    await Promise.all(runners.map((r) => r.runDue()));
    const detail = (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data;
    expect(detail.record.ebiddingStatus).toBe('3');
    expect(detail.trail.filter((t: { action: string }) => t.action === 'finish')).toHaveLength(1);
    const told = await db()
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, row.id), eq(sysMsg.elsAccount, '200003')));
    expect(told.some((m) => m.msgTitle.includes('has ended') || m.msgTitle.includes('已结束'))).toBe(true);
  });

  it('never ends an auction whose end a last-second offer has just extended', async () => {
    const row = await running();
    await moveEnd(row.id, new Date(Date.now() + 1500));
    // the timer is due at the old end; the offer lands first and extends the end
    await db()
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, END_JOB), eq(scheduledJob.jobKey, row.id)));
    const offer = await bid(row.id, '200001', '9000');
    expect(offer.json().data.extendedTo).not.toBeNull();
    await runJobs();
    const room = (await get(`${S}/findRoom/${row.id}`, s['200003'])).json().data;
    expect(room.record.ebiddingStatus).toBe('2');
    expect(room.open).toBe(true);
    expect((await bid(row.id, '200003', '8000')).json().code).toBe('200');
  });

  it('ends by the buyer’s hand: finished with offers, bid failed without', async () => {
    const withOffers = await running();
    await bid(withOffers.id, '200001', '9000');
    let detail = (await get(`${P}/findDetail/${withOffers.id}`, s.buyer)).json().data;
    let res = await post(`${P}/finish/${withOffers.id}`, s.buyer, { version: detail.record.version });
    expect(res.json().code, res.json().message).toBe('200');
    expect(res.json().data.ebiddingStatus).toBe('3');
    expect((await bid(withOffers.id, '200003', '8000')).json().code).toBe('400');
    const none = await running();
    detail = (await get(`${P}/findDetail/${none.id}`, s.buyer)).json().data;
    res = await post(`${P}/finish/${none.id}`, s.buyer, { version: detail.record.version });
    expect(res.json().data.ebiddingStatus).toBe('5');
  });
});

describe('the verifiable bid log', () => {
  it('verifies an intact chain and finds the first altered, removed or re-ordered row', async () => {
    const row = await running();
    for (const [account, price] of [
      ['200001', '9900'],
      ['200003', '9800'],
      ['200001', '9700'],
      ['200003', '9600'],
    ] as const)
      expect((await bid(row.id, account, price)).json().code).toBe('200');
    const intact = (await get(`${P}/verifyBidLog/${row.id}`, s.buyer)).json().data;
    expect(intact).toMatchObject({ intact: true, count: 4, brokenAt: null });

    // someone lowers the third offer in the database afterwards
    await db()
      .update(ebiddingBid)
      .set({ price: '9650' })
      .where(and(eq(ebiddingBid.ebiddingId, row.id), eq(ebiddingBid.seq, 3)));
    const altered = (await get(`${P}/verifyBidLog/${row.id}`, s.buyer)).json().data;
    expect(altered).toMatchObject({ intact: false, brokenAt: 3 });
    await db()
      .update(ebiddingBid)
      .set({ price: '9700' })
      .where(and(eq(ebiddingBid.ebiddingId, row.id), eq(ebiddingBid.seq, 3)));
    expect((await get(`${P}/verifyBidLog/${row.id}`, s.buyer)).json().data.intact).toBe(true);

    // the last offer removed: the header's head no longer matches
    await db()
      .delete(ebiddingBid)
      .where(and(eq(ebiddingBid.ebiddingId, row.id), eq(ebiddingBid.seq, 4)));
    expect((await get(`${P}/verifyBidLog/${row.id}`, s.buyer)).json().data).toMatchObject({
      intact: false,
      brokenAt: 4,
    });
    // a supplier cannot read the log's verification
    expect((await get(`${P}/verifyBidLog/${row.id}`, s['200001'])).json().code).not.toBe('200');
  });
});

describe('the award', () => {
  async function finished(
    extra: Record<string, unknown> = {},
    offers: Array<[string, string, number?]> = [],
  ) {
    const row = await running(extra);
    const room = (await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data;
    for (const [account, price, line] of offers) {
      const res = await bid(row.id, account, price, line === undefined ? undefined : room.lines[line].itemId);
      expect(res.json().code, res.json().message).toBe('200');
    }
    const detail = (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data;
    if (detail.record.ebiddingStatus === '2')
      expect(
        (await post(`${P}/finish/${row.id}`, s.buyer, { version: detail.record.version })).json().code,
      ).toBe('200');
    const after = (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data;
    return {
      id: row.id,
      version: after.record.version as number,
      ebiddingNumber: after.record.ebiddingNumber as string,
      lines: room.lines as Array<{ itemId: string }>,
    };
  }

  it('refuses an award while bidding, naming the status', async () => {
    const row = await running();
    const detail = (await get(`${P}/findDetail/${row.id}`, s.buyer)).json().data;
    const res = await post(`${P}/award/${row.id}`, s.buyer, {
      version: detail.record.version,
      awards: [{ itemId: null, toElsAccount: '200001' }],
    });
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('“Bidding”');
  });

  it('splits a total-price lot into line prices that sum to the winning total, then writes prices and one order draft', async () => {
    const auction = await finished({}, [
      ['200001', '9000'],
      ['200003', '8500'],
    ]);
    const award = (extra: Record<string, unknown>) =>
      post(`${P}/award/${auction.id}`, s.buyer, {
        version: auction.version,
        awards: [{ itemId: null, toElsAccount: '200003' }],
        ...extra,
      });
    expect((await award({})).json().message).toContain('unit price for every line');
    // 1000 × 5.5 + 500 × 6 = 8500; one cent off is refused with both sums
    const wrong = await award({
      linePrices: [
        { itemId: auction.lines[0].itemId, price: '5.5' },
        { itemId: auction.lines[1].itemId, price: '6.00002' },
      ],
    });
    expect(wrong.json().message).toContain('total 8500.01; they must equal the winning total 8500.00');
    const noOffer = await post(`${P}/award/${auction.id}`, s.buyer, {
      version: auction.version,
      awards: [{ itemId: null, toElsAccount: '200004' }],
      linePrices: [
        { itemId: auction.lines[0].itemId, price: '5.5' },
        { itemId: auction.lines[1].itemId, price: '6' },
      ],
    });
    expect(noOffer.json().message).toContain('200004 has no offer');
    const res = await award({
      priceValidDate: '2027-06-30',
      linePrices: [
        { itemId: auction.lines[0].itemId, price: '5.5' },
        { itemId: auction.lines[1].itemId, price: '6' },
      ],
    });
    expect(res.json().code, res.json().message).toBe('200');
    expect(res.json().data.record.ebiddingStatus).toBe('4');
    expect(res.json().data.prices).toBe(2);
    expect(res.json().data.orders).toHaveLength(1);
    expect(res.json().data.orders[0].toElsAccount).toBe('200003');
    const prices = await db()
      .select()
      .from(priceMaster)
      .where(and(eq(priceMaster.elsAccount, '100000'), eq(priceMaster.toElsAccount, '200003')));
    // The prices expire when the day after validUntil begins in Beijing (the buyer's calendar, issue #35).
    const mine = prices.filter((p) => p.priceExpiryDate.toISOString() === '2027-06-30T16:00:00.000Z');
    expect(mine.map((p) => p.priceExcludingTax).sort()).toEqual(['5.500000', '6.000000']);
    // Issue #33: each record names the auction and its line.
    expect(mine.map((p) => [p.sourceType, p.sourceNumber, p.sourceItemNumber]).sort()).toEqual([
      ['ebidding', auction.ebiddingNumber, '10'],
      ['ebidding', auction.ebiddingNumber, '20'],
    ]);
    // The winner's room shows its share per line (100 % of each, at the split prices); a loser's none.
    const won = (await get(`${S}/findRoom/${auction.id}`, s['200003'])).json().data;
    expect(won.awarded.map((a: Record<string, unknown>) => [a.lineNumber, a.quota, a.price])).toEqual([
      [10, '100.00', '5.500000'],
      [20, '100.00', '6.000000'],
    ]);
    expect((await get(`${S}/findRoom/${auction.id}`, s['200001'])).json().data.awarded).toEqual([]);
    const [order] = await db()
      .select()
      .from(purchaseOrder)
      .where(eq(purchaseOrder.id, res.json().data.orders[0].id));
    expect(order).toMatchObject({ toElsAccount: '200003', orderStatus: '0' });
    const titles = async (account: string) =>
      (
        await db()
          .select()
          .from(sysMsg)
          .where(and(eq(sysMsg.businessId, auction.id), eq(sysMsg.elsAccount, account)))
      ).map((m) => m.msgTitle);
    expect((await titles('200003')).some((t) => /You won|恭喜中标/.test(t))).toBe(true);
    expect((await titles('200001')).some((t) => /Not won|未中标/.test(t))).toBe(true);
    const room = (await get(`${S}/findRoom/${auction.id}`, s['200001'])).json().data;
    expect(room.bidderStatus).toBe('4');
  });

  it('awards each line of a per-line auction to its own winner', async () => {
    const auction = await finished(
      {
        ebiddingMethod: '2',
        startingPrice: undefined,
        priceReviseExtent: '0.01',
        lines: [
          { materialId: materials[0].id, quantity: '1000', deliveryDate: '2027-01-31', startingPrice: '1.2' },
          { materialId: materials[1].id, quantity: '500', deliveryDate: '2027-01-31', startingPrice: '3' },
        ],
      },
      [
        ['200001', '1.1', 0],
        ['200003', '1.05', 0],
        ['200001', '2.8', 1],
      ],
    );
    const res = await post(`${P}/award/${auction.id}`, s.buyer, {
      version: auction.version,
      awards: [
        { itemId: auction.lines[0].itemId, toElsAccount: '200003' },
        { itemId: auction.lines[1].itemId, toElsAccount: '200001' },
      ],
    });
    expect(res.json().code, res.json().message).toBe('200');
    expect(
      res
        .json()
        .data.orders.map((o: { toElsAccount: string }) => o.toElsAccount)
        .sort(),
    ).toEqual(['200001', '200003']);
    expect(res.json().data.prices).toBe(2);
  });

  it('waits for the "result e-bidding" approval when configured, then awards as the buyer who asked', async () => {
    const admin = await login(server, '100000', 'admin');
    const setSteps = async (steps: unknown[]) => {
      const current = (await get('/apis/CommonAuditService/findConfig/ebiddingResult', admin)).json().data;
      const saved = await post('/apis/CommonAuditService/saveConfig', admin, {
        version: current?.version,
        documentKind: 'ebiddingResult',
        steps,
      });
      expect(saved.json().code, saved.json().message).toBe('200');
    };
    await setSteps([{ name: '竞价结果审批', approverType: 'user', approvers: ['admin'] }]);
    try {
      const auction = await finished(
        {
          ebiddingMethod: '2',
          startingPrice: undefined,
          priceReviseExtent: '0.01',
          lines: [
            { materialId: materials[0].id, quantity: '100', deliveryDate: '2027-01-31', startingPrice: '2' },
          ],
        },
        [['200003', '1.5', 0]],
      );
      const asked = await post(`${P}/award/${auction.id}`, s.buyer, {
        version: auction.version,
        awards: [{ itemId: auction.lines[0].itemId, toElsAccount: '200003' }],
        remark: '最低价中标',
      });
      expect(asked.json().code, asked.json().message).toBe('200');
      expect(asked.json().data).toMatchObject({ pending: true, orders: [], prices: 0 });
      expect(asked.json().data.record).toMatchObject({ ebiddingStatus: '3', resultAuditStatus: '1' });
      const tasks = (
        await post('/apis/CommonAuditService/todoPagelist', admin, { currentPage: 1, pageSize: 50 })
      ).json().data.records as Array<{ id: string; documentId: string; link: string }>;
      const task = tasks.find((t) => t.documentId === auction.id);
      expect(task?.link).toBe(`/ebidding/#/v2/detail?id=${auction.id}&taskId=${task?.id}`);
      // Nobody has won yet.
      const early = (await get(`${S}/findRoom/${auction.id}`, s['200003'])).json().data;
      expect(early.bidderStatus).not.toBe('3');
      const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, admin, {});
      expect(approved.json().code, approved.json().message).toBe('200');
      const detail = (await get(`${P}/findDetail/${auction.id}`, s.buyer)).json().data;
      expect(detail.record).toMatchObject({ ebiddingStatus: '4', resultAuditStatus: '2' });
      expect(detail.trail.find((t: { action: string }) => t.action === 'award').createUser).toBe(
        '100000_buyer1',
      );
      const room = (await get(`${S}/findRoom/${auction.id}`, s['200003'])).json().data;
      expect(room.bidderStatus).toBe('3');
    } finally {
      await setSteps([]);
    }
  });
});

describe('the buyer’s console: pause, resume, extend', () => {
  const version = async (id: string) => (await get(`${P}/findDetail/${id}`, s.buyer)).json().data.record;

  it('takes no offers while paused, and adds the time paused to the end on resuming', async () => {
    const row = await running();
    const before = await version(row.id);
    expect((await post(`${P}/pause/${row.id}`, s.buyer, { version: before.version })).json().code).toBe(
      '400',
    );
    const paused = await post(`${P}/pause/${row.id}`, s.buyer, {
      version: before.version,
      remark: '网络故障',
    });
    expect(paused.json().code, paused.json().message).toBe('200');
    const refused = await bid(row.id, '200001', '9000');
    expect(refused.json().message).toContain('paused');
    // paused for a minute
    await db()
      .update(ebidding)
      .set({ pauseTime: new Date(Date.now() - 60_000) })
      .where(eq(ebidding.id, row.id));
    const resumed = await post(`${P}/resume/${row.id}`, s.buyer, { version: paused.json().data.version });
    expect(resumed.json().code, resumed.json().message).toBe('200');
    const moved = new Date(resumed.json().data.endTime).getTime() - new Date(before.endTime).getTime();
    expect(moved).toBeGreaterThanOrEqual(60_000);
    expect(moved).toBeLessThan(70_000);
    expect((await bid(row.id, '200001', '9000')).json().code).toBe('200');
  });

  it('extends by whole minutes only', async () => {
    const row = await running();
    const before = await version(row.id);
    const zero = await post(`${P}/extend/${row.id}`, s.buyer, { version: before.version, minutes: 0 });
    expect(zero.json().code).toBe('400');
    const res = await post(`${P}/extend/${row.id}`, s.buyer, { version: before.version, minutes: 5 });
    expect(res.json().code, res.json().message).toBe('200');
    expect(new Date(res.json().data.endTime).getTime() - new Date(before.endTime).getTime()).toBe(5 * 60_000);
  });
});

describe('an auction from an RFQ', () => {
  const Q = '/apis/inquiry/PurchaseEnquiryService';
  const QS = '/apis/inquiry/SaleEnquiryService';
  it('starts each line at its lowest quote and invites the suppliers that quoted, once quotes are open', async () => {
    let rfq = (
      await post(`${Q}/save`, s.buyer, {
        enquiryDesc: '竞价前询价',
        quoteEndTime: minutes(60),
        priceValidDate: '2027-12-31',
        lines: [0, 1].map((i) => ({
          materialId: materials[i].id,
          quantity: '100',
          deliveryDate: '2027-01-31',
          suppliers: ['200001', '200003', '200004'],
        })),
      })
    ).json().data;
    rfq = (await post(`${Q}/submit/${rfq.id}`, s.buyer, { version: rfq.version })).json().data;
    rfq = (await post(`${Q}/publish/${rfq.id}`, s.buyer, { version: rfq.version })).json().data;
    const settings = { startTime: minutes(60), endTime: minutes(120), priceReviseExtent: '0.01' };
    const sealed = await post(`${P}/fromEnquiry/${rfq.id}`, s.buyer, settings);
    expect(sealed.json().code).toBe('400');
    for (const [account, prices] of [
      ['200001', ['1.20', '3.10']],
      ['200003', ['1.15', '3.30']],
    ] as const) {
      const page = (await get(`${QS}/findQuote/${rfq.id}`, s[account])).json().data;
      const res = await post(`${QS}/quote/${rfq.id}`, s[account], {
        lines: page.lines.map((l: { itemId: string }, i: number) => ({
          itemId: l.itemId,
          priceExcludingTax: prices[i],
        })),
      });
      expect(res.json().code, res.json().message).toBe('200');
    }
    await db()
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const made = await post(`${P}/fromEnquiry/${rfq.id}`, s.buyer, settings);
    expect(made.json().code, made.json().message).toBe('200');
    const detail = (await get(`${P}/findDetail/${made.json().data.id}`, s.buyer)).json().data;
    expect(detail.record).toMatchObject({ ebiddingMethod: '2', ebiddingStatus: '0' });
    expect(detail.lines.map((l: { startingPrice: string }) => l.startingPrice)).toEqual([
      '1.150000',
      '3.100000',
    ]);
    // Each line keeps its source: the RFQ's number and line (issue #14 "fromEnquiry").
    expect(
      detail.lines.map((l: Record<string, string>) => [l.sourceType, l.sourceNumber, l.sourceItemNumber]),
    ).toEqual([
      ['2', rfq.enquiryNumber, '10'],
      ['2', rfq.enquiryNumber, '20'],
    ]);
    const console = (await get(`${P}/findConsole/${made.json().data.id}`, s.buyer)).json().data;
    expect(console.bidders.map((b: { toElsAccount: string }) => b.toElsAccount).sort()).toEqual([
      '200001',
      '200003',
    ]);
  });
});
