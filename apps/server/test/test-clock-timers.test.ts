import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { material } from '../src/modules/masterdata/tables.ts';
import { now } from '../src/platform/clock.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The test clock reaches deadlines (issue #35): on a test server (SRM_TEST_CLOCK=1) moving the clock with
 * POST /apis/test/clock past an RFQ's quote deadline ends quoting, past an auction's last minute makes an
 * offer extend it, and past the (extended) end ends the auction — by the server's own timers, which the route
 * runs before it answers, with no row moved by hand and no real wait. The browser journeys (sourcing,
 * rfq-public, ebidding) rely on exactly this.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
let materials: Array<{ id: string }>;
const RFQ = '/apis/inquiry/PurchaseEnquiryService';
const EB = '/apis/ebidding/PurchaseEbiddingService';
const ROOM = '/apis/ebidding/SaleEbiddingService';

const moveTo = async (at: number | null) => {
  const res = await server.app.inject({ method: 'POST', url: '/apis/test/clock', payload: { at } });
  expect(res.json().code).toBe('200');
};

beforeAll(async () => {
  server = await createTestServer({
    SRM_TEST_CLOCK: '1',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
  });
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterEach(async () => {
  await moveTo(null);
});
afterAll(async () => {
  await server?.close();
});

describe('the test clock reaches deadlines by the timers', () => {
  it("ends an RFQ's quoting once the clock is moved past its deadline, not before", async () => {
    const deadline = now() + 10 * 60_000;
    const saved = (
      await post(`${RFQ}/save`, s.buyer, {
        enquiryDesc: '时钟询价',
        quoteEndTime: new Date(deadline).toISOString(),
        priceValidDate: '2027-12-31',
        lines: [
          {
            materialId: materials[0].id,
            quantity: '1000',
            deliveryDate: '2027-01-31',
            suppliers: ['200001', '200003', '200004'],
          },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    let row = saved.data;
    row = (await post(`${RFQ}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
    const published = (await post(`${RFQ}/publish/${row.id}`, s.buyer, { version: row.version })).json();
    expect(published.code, published.message).toBe('200');
    const status = async () =>
      (await get(`${RFQ}/findDetail/${row.id}`, s.buyer)).json().data.record.enquiryStatus;

    // A second before the deadline: still quoting.
    await moveTo(deadline - 1_000);
    expect(await status()).toBe('1');
    // Just past it: the quote end timer has ended quoting by the time the route answers.
    await moveTo(deadline + 1_000);
    expect(await status()).toBe('2');
  });

  it('extends an auction by an offer in its last minute and ends it past the new end', async () => {
    const end = now() + 10 * 60_000;
    const saved = (
      await post(`${EB}/save`, s.buyer, {
        ebiddingName: '时钟竞价',
        ebiddingType: '1',
        ebiddingMethod: '1',
        startMethod: '1',
        startTime: new Date(now() + 60_000).toISOString(),
        endTime: new Date(end).toISOString(),
        startingPrice: '10000',
        priceReviseType: '1',
        priceReviseExtent: '10',
        quotePostponeMinute: 1,
        postponeMinute: 1,
        canPostponeBout: 2,
        suppliers: ['200001', '200003'],
        lines: [{ materialId: materials[0].id, quantity: '1000', deliveryDate: '2027-01-31' }],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    let row = saved.data;
    row = (await post(`${EB}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
    row = (await post(`${EB}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
    const started = (await post(`${EB}/start/${row.id}`, s.buyer, { version: row.version })).json();
    expect(started.code, started.message).toBe('200');
    const room = async () => (await get(`${ROOM}/findRoom/${row.id}`, s['200003'])).json().data;

    // 40 s before the end: an offer is in the last minute and moves the end a minute after it.
    await moveTo(end - 40_000);
    const offer = (await post(`${ROOM}/bid/${row.id}`, s['200001'], { price: '9000' })).json();
    expect(offer.code, offer.message).toBe('200');
    const extendedTo = Date.parse(offer.data.extendedTo);
    expect(extendedTo - Date.parse(offer.data.bidTime)).toBe(60_000);
    // Past the old end the end timer finds the new end and waits for it.
    await moveTo(end + 1_000);
    expect((await room()).record).toMatchObject({ ebiddingStatus: '2', postponeCount: 1 });
    // Past the new end it ends the auction: finished, with its offer.
    await moveTo(extendedTo + 1_000);
    expect((await room()).record.ebiddingStatus).toBe('3');
  });
});
