// @postgres: locks — two job runners race for the auction end that gives demand-pool quantity back
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_JOB } from '../src/modules/ebidding/service.ts';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { addOrgUnits, callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Demand pool → e-auction (issue #14 "created from demand-pool lines"): claimed lines become one per-line
 * auction draft with one line per pool line (material, quantity, starting unit price, source requisition
 * line), toBiddingQuantity moves and never above what is left; an unclaimed line, a broken auction rule
 * or another company's caller save nothing; a deleted draft or a closed auction gives the quantity back.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BASE = '/apis/purchaseRequest/PurchaseRequestService';
const EB = '/apis/ebidding/PurchaseEbiddingService';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  // This suite's own factories (its demand pool is filtered by them): enabled master records.
  await addOrgUnits(server, '100000', 'factory', ['F-EBID']);
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type PoolLine = Record<string, string> & { requestItemNumber: number };
async function pool(): Promise<PoolLine[]> {
  const res = (await post(`${BASE}/demandPool`, buyer, { pageSize: 100, purchaseFactory: 'F-EBID' })).json();
  expect(res.code, res.message).toBe('200');
  return res.data.records;
}
async function auctionCount() {
  const res = (await post(`${EB}/findPageList`, buyer, { currentPage: 1, pageSize: 5 })).json();
  expect(res.code, res.message).toBe('200');
  return res.data.total as number;
}
const request = (
  lines: Array<{ lineId: string; quantity: string; startingPrice?: string }>,
  extra: Record<string, unknown> = {},
) => ({
  ebiddingName: '需求池竞价',
  suppliers: ['200001', '200003'],
  startTime: inMinutes(60),
  endTime: inMinutes(120),
  priceReviseExtent: '0.01',
  lines: lines.map((l) => ({ startingPrice: '0.05', ...l })),
  ...extra,
});

describe('demand pool to e-auction', () => {
  let number = '';
  let lines: PoolLine[] = [];

  it('releases a requisition of three lines and claims two', async () => {
    const saved = (
      await post(`${BASE}/save`, buyer, {
        requestType: '0',
        purchaseFactory: 'F-EBID',
        lines: [
          { materialNumber: 'R-0603-10K', quantity: '1000', deliveryDate: day(20) },
          { materialNumber: 'C-0805-100N', quantity: '400', deliveryDate: day(25) },
          { materialNumber: 'BOX-5L-600', quantity: '10', deliveryDate: day(30) },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    number = saved.data.purchaseRequestNumber;
    const submitted = (
      await post(`${BASE}/submit/${saved.data.id}`, buyer, { version: saved.data.version })
    ).json();
    expect(submitted.data.auditStatus).toBe('2');
    lines = await pool();
    expect(lines.map((l) => l.requestItemNumber)).toEqual([10, 20, 30]);
    const claimed = (await post(`${BASE}/claim`, buyer, { lineIds: [lines[0].id, lines[1].id] })).json();
    expect(claimed).toMatchObject({ code: '200', data: { claimed: 2 } });
  });

  it('refuses an unclaimed line, one supplier, a line twice, a bad price and another company, saving nothing', async () => {
    const before = await auctionCount();
    const unclaimed = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[2].id, quantity: '1' }]))
    ).json();
    expect(unclaimed.code).toBe('400');
    expect(unclaimed.message).toContain(`${number} line 30`);
    const notMine = (
      await post(`${BASE}/toBidding`, admin, request([{ lineId: lines[0].id, quantity: '1' }]))
    ).json();
    expect(notMine.code).toBe('400');
    const one = (
      await post(
        `${BASE}/toBidding`,
        buyer,
        request([{ lineId: lines[0].id, quantity: '1' }], { suppliers: ['200001'] }),
      )
    ).json();
    expect(one.code).toBe('400');
    expect(one.message).toContain('at least 2 invited suppliers');
    const twice = (
      await post(
        `${BASE}/toBidding`,
        buyer,
        request([
          { lineId: lines[0].id, quantity: '1' },
          { lineId: lines[0].id, quantity: '2' },
        ]),
      )
    ).json();
    expect(twice.code).toBe('400');
    const zeroPrice = (
      await post(
        `${BASE}/toBidding`,
        buyer,
        request([{ lineId: lines[0].id, quantity: '1', startingPrice: '0' }]),
      )
    ).json();
    expect(zeroPrice.code).toBe('400');
    expect(zeroPrice.message).toContain('startingPrice');
    const endFirst = (
      await post(
        `${BASE}/toBidding`,
        buyer,
        request([{ lineId: lines[0].id, quantity: '1' }], { endTime: inMinutes(30) }),
      )
    ).json();
    expect(endFirst.code).toBe('400');
    const other = (
      await post(`${BASE}/toBidding`, supplier, request([{ lineId: lines[0].id, quantity: '1' }]))
    ).json();
    expect(['403', '404']).toContain(other.code);
    expect(JSON.stringify(other)).not.toContain(number);
    expect(await auctionCount()).toBe(before);
    expect((await pool()).every((l) => l.toBiddingQuantity === '0.000')).toBe(true);
  });

  it('makes one per-line auction draft of the claimed lines and moves their quantities', async () => {
    const made = (
      await post(
        `${BASE}/toBidding`,
        buyer,
        request([
          { lineId: lines[0].id, quantity: '600', startingPrice: '0.025' },
          { lineId: lines[1].id, quantity: '400', startingPrice: '0.03' },
        ]),
      )
    ).json();
    expect(made.code, made.message).toBe('200');
    const auction = (await get(`${EB}/findDetail/${made.data.id}`, buyer)).json();
    expect(auction.code, auction.message).toBe('200');
    expect(auction.data.record).toMatchObject({
      ebiddingNumber: made.data.ebiddingNumber,
      ebiddingStatus: '0',
      ebiddingMethod: '2',
      ebiddingType: '1',
      ebiddingName: '需求池竞价',
    });
    expect(auction.data.lines).toHaveLength(2);
    expect(auction.data.lines[0]).toMatchObject({
      materialNumber: 'R-0603-10K',
      quantity: '600.000',
      startingPrice: '0.025000',
      sourceType: '1',
      sourceNumber: number,
      sourceItemNumber: '10',
    });
    expect(auction.data.lines[1]).toMatchObject({ materialNumber: 'C-0805-100N', quantity: '400.000' });
    // Saving the draft again with the lines' ids keeps their source (the body cannot set it).
    const { record, lines: items } = auction.data;
    const edited = (
      await post(`${EB}/save`, buyer, {
        // the draft's own settings as read (the empty ones left out), new times
        ...Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)),
        id: record.id,
        version: record.version,
        startTime: inMinutes(90),
        endTime: inMinutes(150),
        suppliers: ['200001', '200003'],
        lines: items.map((l: Record<string, string>) => ({
          id: l.id,
          materialId: l.materialId,
          quantity: l.quantity,
          deliveryDate: l.deliveryDate,
          startingPrice: l.startingPrice,
          sourceNumber: 'forged',
        })),
      })
    ).json();
    expect(edited.code, edited.message).toBe('200');
    const again = (await get(`${EB}/findDetail/${made.data.id}`, buyer)).json().data.lines;
    expect(again[1]).toMatchObject({ sourceType: '1', sourceNumber: number, sourceItemNumber: '20' });
    const after = await pool();
    // Line 20 moved completely and left the pool; line 10 has 400 left.
    expect(after.map((l) => l.requestItemNumber)).toEqual([10, 30]);
    expect(after[0]).toMatchObject({
      toBiddingQuantity: '600.000',
      toEnquiryQuantity: '0.000',
      remainQuantity: '400.000',
      itemStatus: '2',
    });
  });

  it('gives the quantities back to the pool when the auction draft is deleted', async () => {
    const made = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[0].id, quantity: '100' }]))
    ).json();
    expect(made.code, made.message).toBe('200');
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '700.000', remainQuantity: '300.000' });
    const draft = (await get(`${EB}/findDetail/${made.data.id}`, buyer)).json().data.record;
    const removed = (await post(`${EB}/delete/${draft.id}`, buyer, { version: draft.version })).json();
    expect(removed.code, removed.message).toBe('200');
    expect((await pool())[0]).toMatchObject({
      requestItemNumber: 10,
      toBiddingQuantity: '600.000',
      remainQuantity: '400.000',
      itemStatus: '2',
    });
  });

  it('gives the quantities back when a published auction is closed without award', async () => {
    const made = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[0].id, quantity: '50' }]))
    ).json();
    expect(made.code, made.message).toBe('200');
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '650.000' });
    let row = (await get(`${EB}/findDetail/${made.data.id}`, buyer)).json().data.record;
    row = (await post(`${EB}/submit/${row.id}`, buyer, { version: row.version })).json().data;
    const published = (await post(`${EB}/publish/${row.id}`, buyer, { version: row.version })).json();
    expect(published.code, published.message).toBe('200');
    const closed = (
      await post(`${EB}/close/${row.id}`, buyer, { version: published.data.version, remark: '需求取消' })
    ).json();
    expect(closed.code, closed.message).toBe('200');
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '600.000', remainQuantity: '400.000' });
  });

  it('gives the quantities back when an auction ends without offers (bid failed), by the buyer or by the clock', async () => {
    // By the buyer's "end now": no offer, so the auction fails (5) and releases what it took.
    const byBuyer = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[0].id, quantity: '30' }]))
    ).json();
    expect(byBuyer.code, byBuyer.message).toBe('200');
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '630.000' });
    let row = (await get(`${EB}/findDetail/${byBuyer.data.id}`, buyer)).json().data.record;
    row = (await post(`${EB}/submit/${row.id}`, buyer, { version: row.version })).json().data;
    row = (await post(`${EB}/publish/${row.id}`, buyer, { version: row.version })).json().data;
    row = (await post(`${EB}/start/${row.id}`, buyer, { version: row.version })).json().data;
    const ended = (await post(`${EB}/finish/${row.id}`, buyer, { version: row.version })).json();
    expect(ended.code, ended.message).toBe('200');
    expect(ended.data.ebiddingStatus).toBe('5');
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '600.000', remainQuantity: '400.000' });
    // By the end timer: the end passes with no offer; the job fails it and releases, once.
    const byClock = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[0].id, quantity: '20' }]))
    ).json();
    expect(byClock.code, byClock.message).toBe('200');
    let timed = (await get(`${EB}/findDetail/${byClock.data.id}`, buyer)).json().data.record;
    timed = (await post(`${EB}/submit/${timed.id}`, buyer, { version: timed.version })).json().data;
    timed = (await post(`${EB}/publish/${timed.id}`, buyer, { version: timed.version })).json().data;
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '620.000' });
    const db = server.database.db;
    await db
      .update(ebidding)
      .set({ startTime: new Date(Date.now() - 120_000), endTime: new Date(Date.now() - 60_000) })
      .where(eq(ebidding.id, timed.id));
    await db
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(scheduledJob.kind, END_JOB), eq(scheduledJob.jobKey, timed.id)));
    const runner = createJobRunner({ db, log: server.app.log, env: 'test' });
    const other = createJobRunner({ db, log: server.app.log, env: 'test' });
    await Promise.all([runner.runDue(), other.runDue()]);
    expect((await get(`${EB}/findDetail/${timed.id}`, buyer)).json().data.record.ebiddingStatus).toBe('5');
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '600.000', remainQuantity: '400.000' });
  });

  it('refuses more than is left across RFQs and auctions, naming the line, and creates nothing', async () => {
    const rfq = (
      await post(`${BASE}/toEnquiry`, buyer, {
        enquiryDesc: '需求池询价',
        quoteEndTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        lines: [{ lineId: lines[0].id, quantity: '100', suppliers: ['200001', '200003', '200004'] }],
      })
    ).json();
    expect(rfq.code, rfq.message).toBe('200');
    const before = await auctionCount();
    const over = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[0].id, quantity: '300.001' }]))
    ).json();
    expect(over.code).toBe('400');
    expect(over.message).toContain(`${number} line 10`);
    expect(await auctionCount()).toBe(before);
    expect((await pool())[0]).toMatchObject({ toBiddingQuantity: '600.000', toEnquiryQuantity: '100.000' });
    const rest = (
      await post(`${BASE}/toBidding`, buyer, request([{ lineId: lines[0].id, quantity: '300' }]))
    ).json();
    expect(rest.code, rest.message).toBe('200');
    expect((await pool()).map((l) => l.requestItemNumber)).toEqual([30]);
  });
});
