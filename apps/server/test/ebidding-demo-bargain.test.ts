import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARGAIN_END_JOB } from '../src/modules/ebidding/bargain.ts';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The demo world's auction in its bargain round (issue #14 "bidding bargain", seed/demo-ebiddings.ts): after
 * start-up "贴片电容年度框架竞价（议价中）" has ended (status 3) with 200003, 200001 and 200002 having bid,
 * and the two best (200001 at 24,200, 200002 at 24,600) are asked for a final offer for four hours. A
 * newcomer can answer as 200001 and 200002 and the buyer's console shows it; the bid log verifies before
 * and after the final offers.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/ebidding/PurchaseEbiddingService';
const S = '/apis/ebidding/SaleEbiddingService';
const NAME = '贴片电容年度框架竞价（议价中）';
const db = () => server.database.db;
let auction: typeof ebidding.$inferSelect;

beforeAll(async () => {
  server = await createTestServer({ JOB_POLL_MS: '60000' });
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of ['200001', '200002', '200003']) s[a] = await login(server, a, 'admin');
  [auction] = await db().select().from(ebidding).where(eq(ebidding.ebiddingName, NAME));
});
afterAll(async () => {
  await server?.close();
});

type Bidder = { toElsAccount: string; bargainStatus: string; bidCount: number };
const consoleOf = async () => (await get(`${P}/findConsole/${auction.id}`, s.buyer)).json().data;
const bargainOf = (bidders: Bidder[]) =>
  Object.fromEntries(bidders.map((b) => [b.toElsAccount, b.bargainStatus]));

describe('the demo auction in its bargain round', () => {
  it('is ended and bargaining after seeding: the two best asked for hours, its deadline timer set, its log intact', async () => {
    expect(auction, 'the demo world has its bargaining auction').toBeTruthy();
    expect(auction).toMatchObject({ ebiddingStatus: '3', bargainStatus: '1', ebiddingType: '1' });
    // Open for a few hours after start-up (four, less the seeding's time).
    const left = (auction.bargainEndTime?.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(3 * 3_600_000);
    expect(left).toBeLessThanOrEqual(4 * 3_600_000);
    const [timer] = await db()
      .select()
      .from(scheduledJob)
      .where(and(eq(scheduledJob.kind, BARGAIN_END_JOB), eq(scheduledJob.jobKey, auction.id)));
    expect(timer?.runAt.getTime()).toBe(auction.bargainEndTime?.getTime());

    const data = await consoleOf();
    expect(bargainOf(data.bidders)).toEqual({ '200001': '1', '200002': '1', '200003': '0' });
    expect(
      data.lot.ranking.map((r: { toElsAccount: string; price: string }) => [r.toElsAccount, r.price]),
    ).toEqual([
      ['200001', '24200.000000'],
      ['200002', '24600.000000'],
      ['200003', '25500.000000'],
    ]);
    // Still bargaining: no award yet.
    expect((await get(`${P}/findDetail/${auction.id}`, s.buyer)).json().data.actions).not.toContain('award');
    expect((await get(`${P}/verifyBidLog/${auction.id}`, s.buyer)).json().data).toMatchObject({
      intact: true,
      count: 4,
    });
    // The asked suppliers were told; the one not asked was not.
    const told = await db()
      .select({ to: sysMsg.elsAccount, title: sysMsg.msgTitle })
      .from(sysMsg)
      .where(eq(sysMsg.businessId, auction.id));
    const asked = told.filter((m) => /竞价议价邀请|Final offer requested/.test(m.title ?? ''));
    expect(asked.map((m) => m.to).sort()).toEqual(['200001', '200002']);
    // Each room says whether it is asked.
    expect((await get(`${S}/findRoom/${auction.id}`, s['200001'])).json().data.bargainStatus).toBe('1');
    expect((await get(`${S}/findRoom/${auction.id}`, s['200003'])).json().data.bargainStatus).toBe('0');
  });

  it('takes the final offers of 200001 and 200002 once each, ends the round, and the buyer sees them in a verified log', async () => {
    const notAsked = await post(`${S}/bargainOffer/${auction.id}`, s['200003'], {
      offers: [{ price: '24000' }],
    });
    expect(notAsked.json().code).toBe('400');
    const above = await post(`${S}/bargainOffer/${auction.id}`, s['200001'], {
      offers: [{ price: '24300' }],
    });
    expect(above.json().code).toBe('400');
    expect(above.json().message).toContain('24200');

    const first = await post(`${S}/bargainOffer/${auction.id}`, s['200001'], {
      offers: [{ price: '24000' }],
    });
    expect(first.json().code, first.json().message).toBe('200');
    expect(first.json().data.offers).toEqual([{ itemId: null, seq: 5, price: '24000.000000' }]);
    const again = await post(`${S}/bargainOffer/${auction.id}`, s['200001'], {
      offers: [{ price: '23000' }],
    });
    expect(again.json().code).toBe('400');
    // One of two answered: the round stays open.
    let data = await consoleOf();
    expect(data.record.bargainStatus).toBe('1');
    expect(bargainOf(data.bidders)).toMatchObject({ '200001': '2', '200002': '1' });

    const second = await post(`${S}/bargainOffer/${auction.id}`, s['200002'], {
      offers: [{ price: '23800' }],
    });
    expect(second.json().code, second.json().message).toBe('200');
    data = await consoleOf();
    expect(data.record.bargainStatus).toBe('2');
    expect(bargainOf(data.bidders)).toEqual({ '200001': '2', '200002': '2', '200003': '0' });
    expect(
      data.lot.ranking.map((r: { toElsAccount: string; price: string }) => [r.toElsAccount, r.price]),
    ).toEqual([
      ['200002', '23800.000000'],
      ['200001', '24000.000000'],
      ['200003', '25500.000000'],
    ]);
    expect(data.log.map((b: { seq: number; toElsAccount: string }) => [b.seq, b.toElsAccount])).toEqual([
      [1, '200003'],
      [2, '200001'],
      [3, '200002'],
      [4, '200001'],
      [5, '200001'],
      [6, '200002'],
    ]);
    expect((await get(`${P}/verifyBidLog/${auction.id}`, s.buyer)).json().data).toMatchObject({
      intact: true,
      count: 6,
    });
    // The round over, the buyer may award at the final offers.
    expect((await get(`${P}/findDetail/${auction.id}`, s.buyer)).json().data.actions).toContain('award');
  });
});
