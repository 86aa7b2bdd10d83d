import { instantOfWallClock, wallClockIn } from '@srm/contracts/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  companyTimeZone,
  configureClock,
  monthEnd,
  monthStart,
  now,
  period,
  setNow,
  startOfDay,
  today,
} from '../src/platform/clock.ts';
import { nextDocumentNumber } from '../src/platform/numbering.ts';
import { addOrgUnits, callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The company's own clock (issue #35): every "today" and document number is taken in the buyer's time zone
 * (default Asia/Shanghai, the company's own when set), the test clock moves only on a test server.
 */
const END_OF_OCTOBER_UTC = Date.parse('2026-10-31T23:30:00Z');
/** 20:00 UTC on 30 November: already 1 December in Beijing, still 30 November in Berlin. */
const BERLIN_EVENING_UTC = Date.parse('2026-11-30T20:00:00Z');

describe('the calendar', () => {
  it('takes the date and month in the zone, not in UTC', () => {
    expect(today('Asia/Shanghai', END_OF_OCTOBER_UTC)).toBe('2026-11-01');
    expect(period('Asia/Shanghai', END_OF_OCTOBER_UTC)).toBe('202611');
    expect(today('UTC', END_OF_OCTOBER_UTC)).toBe('2026-10-31');
    expect(today('Europe/Berlin', BERLIN_EVENING_UTC)).toBe('2026-11-30');
    expect(period('Europe/Berlin', BERLIN_EVENING_UTC)).toBe('202611');
    expect(today('Asia/Shanghai', BERLIN_EVENING_UTC)).toBe('2026-12-01');
  });
  it('moves and bounds date-only values without a zone shift', () => {
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 12)).toBe('2027-11-15');
    expect(monthStart('2026-11-17')).toBe('2026-11-01');
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(monthEnd('2026-12-05')).toBe('2026-12-31');
    expect(startOfDay('Asia/Shanghai', '2026-11-01')).toBe(Date.parse('2026-10-31T16:00:00Z'));
    // Berlin on the day summer time ends (25 October 2026) and after it.
    expect(startOfDay('Europe/Berlin', '2026-10-25')).toBe(Date.parse('2026-10-24T22:00:00Z'));
    expect(startOfDay('Europe/Berlin', '2026-10-26')).toBe(Date.parse('2026-10-25T23:00:00Z'));
  });
  it('turns wall-clock readings into instants and back in the zone, milliseconds kept', () => {
    expect(instantOfWallClock('Asia/Shanghai', '2026-12-01 08:00')).toBe(Date.parse('2026-12-01T00:00:00Z'));
    expect(instantOfWallClock('Europe/Berlin', '2026-07-01T12:00:00.250')).toBe(
      Date.parse('2026-07-01T10:00:00.250Z'),
    );
    expect(instantOfWallClock('Europe/Berlin', '2026-12-01 12:00:00')).toBe(
      Date.parse('2026-12-01T11:00:00Z'),
    );
    expect(instantOfWallClock('Asia/Shanghai', 'yesterday')).toBeNaN();
    expect(wallClockIn('Asia/Shanghai', END_OF_OCTOBER_UTC)).toBe('2026-11-01 07:30:00');
    expect(wallClockIn('Europe/Berlin', BERLIN_EVENING_UTC + 5)).toBe('2026-11-30 21:00:00.005');
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC'])
      for (const at of [END_OF_OCTOBER_UTC, BERLIN_EVENING_UTC + 123, Date.parse('2026-03-29T01:30:00Z')])
        expect(instantOfWallClock(zone, wallClockIn(zone, at))).toBe(at);
  });
});

describe('on a test server (SRM_TEST_CLOCK=1)', () => {
  let server: TestServer;
  let buyer: Session;
  let admin: Session;
  let supplier: Session;
  const { post, get } = callsOf(() => server);
  const BASE = '/apis/purchaseRequest/PurchaseRequestService';
  const requisition = () => ({
    requestType: '0',
    applicant: '时钟',
    purchaseFactory: 'F-CLOCK',
    lines: [
      { materialNumber: 'R-0603-10K', quantity: '10', budgetPrice: '0.02', deliveryDate: '2027-06-30' },
    ],
  });
  const moveTo = (at: number | string | null) =>
    server.app.inject({ method: 'POST', url: '/apis/test/clock', payload: { at } });

  beforeAll(async () => {
    server = await createTestServer({
      SRM_TEST_CLOCK: '1',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
      LOGIN_LIMIT_PER_IP: '100000',
    });
    await addOrgUnits(server, '100000', 'factory', ['F-CLOCK']);
    buyer = await login(server, '100000', 'buyer1');
    admin = await login(server, '100000', 'admin');
    supplier = await login(server, '200002', 'admin');
  });
  afterAll(async () => {
    await moveTo(null);
    await server?.close();
  });

  it('moves the clock through POST /apis/test/clock and back', async () => {
    const moved = await moveTo('2026-10-31T23:30:00Z');
    expect(moved.json()).toMatchObject({
      code: '200',
      data: { now: expect.stringMatching(/^2026-10-31T23:3/) },
    });
    expect(Math.abs(now() - END_OF_OCTOBER_UTC)).toBeLessThan(60_000);
    expect((await moveTo('yesterday')).json().code).toBe('400');
    await moveTo(null);
    expect(Math.abs(now() - Date.now())).toBeLessThan(1_000);
  });

  it('dates and numbers a document made at 23:30 UTC on 31 October in November (Beijing)', async () => {
    await moveTo('2026-10-31T23:30:00Z');
    const saved = (await post(`${BASE}/save`, buyer, requisition())).json();
    expect(saved.code, saved.message).toBe('200');
    expect(saved.data.requestDate).toBe('2026-11-01');
    expect(saved.data.purchaseRequestNumber).toMatch(/^PR202611\d{4}$/);
    // The date-only field reads back unchanged.
    const detail = (await get(`${BASE}/findDetail/${saved.data.id}`, buyer)).json();
    expect(detail.data.record.requestDate).toBe('2026-11-01');
  });

  it("lets the buyer admin set the company's zone, and refuses an unknown one naming the field", async () => {
    const ZONE = '/apis/CompanyService';
    expect((await post(`${ZONE}/findTimeZone`, buyer)).json().data).toEqual({
      timeZone: 'Asia/Shanghai',
      stored: null,
      defaultTimeZone: 'Asia/Shanghai',
    });
    expect((await post(`${ZONE}/saveTimeZone`, buyer, { timeZone: 'Europe/Berlin' })).json().code).toBe(
      '403',
    );
    const wrong = (await post(`${ZONE}/saveTimeZone`, admin, { timeZone: 'Mars/Olympus' })).json();
    expect(wrong.code).toBe('400');
    expect(wrong.message).toContain('timeZone');
    expect(wrong.message).toContain('Asia/Shanghai');
    const zh = (await post(`${ZONE}/saveTimeZone`, admin, { timeZone: 'Mars/Olympus' }, 'zh_cn')).json();
    expect(zh.message).toContain('时区');
    const saved = (await post(`${ZONE}/saveTimeZone`, admin, { timeZone: 'Europe/Berlin' })).json();
    expect(saved.data).toMatchObject({ timeZone: 'Europe/Berlin', stored: 'Europe/Berlin' });
    // The supplier's dates follow the buyer it acts for.
    expect((await post(`${ZONE}/findTimeZone`, supplier)).json().data.timeZone).toBe('Europe/Berlin');
    await post(`${ZONE}/saveTimeZone`, admin, { timeZone: null });
    expect(await companyTimeZone(server.database.db, '100000')).toBe('Asia/Shanghai');
  });

  it('gives a company in Europe/Berlin its own dates and periods', async () => {
    await post('/apis/CompanyService/saveTimeZone', admin, { timeZone: 'Europe/Berlin' });
    try {
      expect(await companyTimeZone(server.database.db, '100000')).toBe('Europe/Berlin');
      await moveTo(BERLIN_EVENING_UTC);
      const saved = (await post(`${BASE}/save`, buyer, requisition())).json();
      expect(saved.code, saved.message).toBe('200');
      expect(saved.data.requestDate).toBe('2026-11-30');
      expect(saved.data.purchaseRequestNumber).toMatch(/^PR202611\d{4}$/);
      // The same instant is December in Beijing: another company's number carries its own period.
      const other = await nextDocumentNumber(server.database.db, '200001', 'ZZ');
      expect(other).toMatch(/^ZZ202612\d{4}$/);
    } finally {
      await post('/apis/CompanyService/saveTimeZone', admin, { timeZone: null });
    }
  });
});

describe('a server built after another in one process (the suite runs files in shared workers)', () => {
  it('starts on real time, whatever clock the earlier one moved to', () => {
    configureClock({ movable: true });
    try {
      setNow(END_OF_OCTOBER_UTC);
      expect(Math.abs(now() - END_OF_OCTOBER_UTC)).toBeLessThan(60_000);
      // buildApp configures the clock at every start (app.ts)
      configureClock({ movable: true });
      expect(Math.abs(now() - Date.now())).toBeLessThan(1_000);
    } finally {
      configureClock({ movable: false });
    }
  });
});

describe('on a production server (no SRM_TEST_CLOCK)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no clock route and a clock that cannot move', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/test/clock',
      payload: { at: '2026-10-31T23:30:00Z' },
    });
    expect(res.statusCode).toBe(404);
    expect(() => setNow(END_OF_OCTOBER_UTC)).toThrow(/SRM_TEST_CLOCK/);
    expect(Math.abs(now() - Date.now())).toBeLessThan(1_000);
  });
});
