import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_JOB } from '../src/modules/ebidding/service.ts';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Descending-clock auctions (issue #14): Dutch — the price falls a step every interval down to the floor
 * and the first acceptance takes the lot or line; Japanese — each round's price may be accepted once by
 * whoever accepted the round before; the round timer ends the auction when one or none is left. The
 * clock is moved by moving the start into the past.
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
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await db().select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

async function running(extra: Record<string, unknown>) {
  const saved = await post(`${P}/save`, s.buyer, {
    ebiddingName: '降价竞价',
    startMethod: '1',
    startTime: new Date(Date.now() + 60_000).toISOString(),
    endTime: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    startingPrice: '1000',
    lowestPrice: '950',
    priceReviseType: '1',
    priceReviseExtent: '10',
    quoteInterval: 1,
    suppliers: ['200001', '200003', '200004'],
    lines: [
      { materialId: materials[0].id, quantity: '100', deliveryDate: '2027-01-31' },
      { materialId: materials[1].id, quantity: '10', deliveryDate: '2027-01-31' },
    ],
    ...extra,
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/start/${row.id}`, s.buyer, { version: row.version })).json().data;
  expect(row.ebiddingStatus).toBe('2');
  return row as { id: string };
}

/** Moves the clock on: the start `minutes` earlier. */
const pastStart = (id: string, minutes: number) =>
  db()
    .update(ebidding)
    .set({ startTime: sql`${ebidding.startTime} - make_interval(secs => ${minutes * 60})` })
    .where(eq(ebidding.id, id));
const accept = (id: string, account: string, itemId?: string) =>
  post(`${S}/bid/${id}`, s[account], { accept: true, ...(itemId ? { itemId } : {}) });
const room = async (id: string, account = '200001') =>
  (await get(`${S}/findRoom/${id}`, s[account])).json().data;

describe('Dutch auctions', () => {
  it('takes the lot at the clock’s price on the first acceptance, and ends', async () => {
    const row = await running({ ebiddingType: '2' });
    expect((await post(`${S}/bid/${row.id}`, s['200001'], { price: '990' })).json().message).toContain(
      'by accepting the current price',
    );
    await pastStart(row.id, 2.5);
    expect((await room(row.id)).lot.clock).toMatchObject({ price: '980.000000', round: 3, floor: false });
    const taken = await accept(row.id, '200003');
    expect(taken.json().code, taken.json().message).toBe('200');
    expect(taken.json().data.price).toBe('980.000000');
    const after = await room(row.id, '200003');
    expect(after.record.ebiddingStatus).toBe('3');
    expect(after.lot).toMatchObject({ rank: 1, ownPrice: '980.000000' });
    expect((await accept(row.id, '200001')).json().code).toBe('400');
  });

  it('stops falling at the floor price', async () => {
    const row = await running({ ebiddingType: '2' });
    await pastStart(row.id, 100);
    expect((await room(row.id)).lot.clock).toMatchObject({ price: '950.000000', floor: true });
  });

  it('gives each line to its first taker and ends when all are taken', async () => {
    const row = await running({
      ebiddingType: '2',
      ebiddingMethod: '2',
      startingPrice: undefined,
      lowestPrice: undefined,
      priceReviseExtent: '0.5',
      lines: [
        { materialId: materials[0].id, quantity: '100', deliveryDate: '2027-01-31', startingPrice: '12' },
        { materialId: materials[1].id, quantity: '10', deliveryDate: '2027-01-31', startingPrice: '30' },
      ],
    });
    const [l1, l2] = (await room(row.id)).lines.map((l: { itemId: string }) => l.itemId);
    expect((await accept(row.id, '200001', l1)).json().data.price).toBe('12.000000');
    const second = await accept(row.id, '200003', l1);
    expect(second.json().message).toContain('already taken');
    expect((await room(row.id)).record.ebiddingStatus).toBe('2');
    await pastStart(row.id, 1);
    expect((await accept(row.id, '200003', l2)).json().data.price).toBe('29.500000');
    expect((await room(row.id)).record.ebiddingStatus).toBe('3');
  });
});

describe('Japanese auctions', () => {
  it('is bid on the total price only', async () => {
    const res = await post(`${P}/save`, s.buyer, {
      ebiddingName: 'x',
      ebiddingType: '3',
      ebiddingMethod: '2',
      startMethod: '1',
      startTime: new Date(Date.now() + 60_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
      priceReviseExtent: '1',
      quoteInterval: 1,
      suppliers: ['200001', '200003'],
      lines: [{ materialId: materials[0].id, quantity: '1', deliveryDate: '2027-01-31', startingPrice: '5' }],
    });
    expect(res.json().message).toContain('Japanese auction is bid on the total price');
  });

  it('drops whoever skips a round and ends by the round timer with the last one standing', async () => {
    const row = await running({ ebiddingType: '3' });
    for (const a of ['200001', '200003', '200004']) expect((await accept(row.id, a)).json().code).toBe('200');
    expect((await accept(row.id, '200001')).json().message).toContain('already accepted round 1');
    await pastStart(row.id, 1);
    expect((await accept(row.id, '200001')).json().data.price).toBe('990.000000');
    // The room says which round a supplier's offer is of (the browser shows "accepted" / "dropped out").
    expect((await room(row.id)).lot).toMatchObject({ ownBout: 2, clock: { round: 2 } });
    expect((await accept(row.id, '200003')).json().data.price).toBe('990.000000');
    await pastStart(row.id, 1);
    expect((await room(row.id, '200004')).lot).toMatchObject({ ownBout: 1, clock: { round: 3 } });
    expect((await accept(row.id, '200004')).json().message).toContain('did not accept round 2');
    expect((await accept(row.id, '200001')).json().data.price).toBe('980.000000');
    await pastStart(row.id, 1);
    // round 4: only 200001 accepted round 3 — the clock has closed the auction before the timer runs
    expect((await accept(row.id, '200001')).json().message).toContain('not taking offers');
    await db()
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, STEP_JOB), eq(scheduledJob.jobKey, row.id)));
    await createJobRunner({ db: db(), log: server.app.log, env: 'test' }).runDue();
    const console = (await get(`${P}/findConsole/${row.id}`, s.buyer)).json().data;
    expect(console.record.ebiddingStatus).toBe('3');
    expect(
      console.lot.ranking.map((r: { toElsAccount: string; price: string }) => [r.toElsAccount, r.price]),
    ).toEqual([
      ['200001', '980.000000'],
      ['200003', '990.000000'],
      ['200004', '1000.000000'],
    ]);
    const log = (await get(`${P}/verifyBidLog/${row.id}`, s.buyer)).json().data;
    expect(log).toMatchObject({ intact: true, count: 6 });
  });
});
