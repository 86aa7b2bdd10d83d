import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Demand pool → RFQ (issue #13: "a buyer … turns a selection into an RFQ … quantities moved are tracked
 * per line and can never exceed the requested quantity"): claimed lines become one RFQ draft with one
 * line per pool line (material, quantity, source requisition line), toEnquiryQuantity moves; more than is
 * left, an unclaimed line, a broken 3-supplier rule or another company's caller save nothing.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BASE = '/apis/purchaseRequest/PurchaseRequestService';
const RFQ = '/apis/inquiry/PurchaseEnquiryService';
const SUPPLIERS = ['200001', '200003', '200004'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inDays = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type PoolLine = Record<string, string> & { requestItemNumber: number };
async function pool(): Promise<PoolLine[]> {
  const res = (await post(`${BASE}/demandPool`, buyer, { pageSize: 100, purchaseFactory: 'F-RFQ' })).json();
  expect(res.code, res.message).toBe('200');
  return res.data.records;
}
async function rfqCount() {
  const res = (await post(`${RFQ}/findPageList`, buyer, { currentPage: 1, pageSize: 5 })).json();
  expect(res.code, res.message).toBe('200');
  return res.data.total as number;
}
const request = (lines: Array<{ lineId: string; quantity: string; suppliers?: string[] }>) => ({
  enquiryDesc: '需求池询价',
  quoteEndTime: inDays(5),
  lines: lines.map((l) => ({ suppliers: SUPPLIERS, ...l })),
});

describe('demand pool to RFQ', () => {
  let number = '';
  let lines: PoolLine[] = [];

  it('releases a requisition of three lines and claims two', async () => {
    const saved = (
      await post(`${BASE}/save`, buyer, {
        requestType: '0',
        purchaseFactory: 'F-RFQ',
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

  it('refuses an unclaimed line, fewer than 3 suppliers, and another company, saving nothing', async () => {
    const before = await rfqCount();
    const unclaimed = (
      await post(`${BASE}/toEnquiry`, buyer, request([{ lineId: lines[2].id, quantity: '1' }]))
    ).json();
    expect(unclaimed.code).toBe('400');
    expect(unclaimed.message).toContain(`${number} line 30`);
    const notMine = (
      await post(`${BASE}/toEnquiry`, admin, request([{ lineId: lines[0].id, quantity: '1' }]))
    ).json();
    expect(notMine.code).toBe('400');
    const two = (
      await post(
        `${BASE}/toEnquiry`,
        buyer,
        request([{ lineId: lines[0].id, quantity: '1', suppliers: ['200001', '200003'] }]),
      )
    ).json();
    expect(two.code).toBe('400');
    expect(two.message).toContain('at least 3 suppliers');
    const other = (
      await post(`${BASE}/toEnquiry`, supplier, request([{ lineId: lines[0].id, quantity: '1' }]))
    ).json();
    expect(['403', '404']).toContain(other.code);
    expect(JSON.stringify(other)).not.toContain(number);
    expect(await rfqCount()).toBe(before);
    expect((await pool()).every((l) => l.toEnquiryQuantity === '0.000')).toBe(true);
  });

  it('makes one RFQ draft of the claimed lines and moves their quantities', async () => {
    const made = (
      await post(
        `${BASE}/toEnquiry`,
        buyer,
        request([
          { lineId: lines[0].id, quantity: '600' },
          { lineId: lines[1].id, quantity: '400' },
        ]),
      )
    ).json();
    expect(made.code, made.message).toBe('200');
    expect(made.data.enquiryNumber).toMatch(/^RFQ\d+$/);
    const rfq = (await get(`${RFQ}/findDetail/${made.data.id}`, buyer)).json();
    expect(rfq.code, rfq.message).toBe('200');
    expect(rfq.data.record).toMatchObject({ enquiryStatus: '0', enquiryDesc: '需求池询价' });
    expect(rfq.data.lines).toHaveLength(2);
    expect(rfq.data.lines[0]).toMatchObject({
      materialNumber: 'R-0603-10K',
      quantity: '600.000',
      supplierCount: 3,
      sourceType: '1',
      sourceNumber: number,
      sourceItemNumber: '10',
    });
    expect(rfq.data.lines[1]).toMatchObject({ materialNumber: 'C-0805-100N', quantity: '400.000' });
    // Saving the draft again with the lines' ids keeps their source.
    const { record, lines: items } = rfq.data;
    const edited = (
      await post(`${RFQ}/save`, buyer, {
        id: record.id,
        version: record.version,
        enquiryDesc: '需求池询价（改）',
        quoteEndTime: inDays(6),
        priceValidDate: day(300),
        lines: items.map((l: Record<string, string>) => ({
          id: l.id,
          materialId: l.materialId,
          quantity: l.quantity,
          deliveryDate: l.deliveryDate,
          suppliers: SUPPLIERS,
          sourceNumber: 'forged',
        })),
      })
    ).json();
    expect(edited.code, edited.message).toBe('200');
    const again = (await get(`${RFQ}/findDetail/${made.data.id}`, buyer)).json().data.lines;
    expect(again[1]).toMatchObject({ sourceType: '1', sourceNumber: number, sourceItemNumber: '20' });
    const after = await pool();
    // Line 20 moved completely and left the pool; line 10 has 400 left.
    expect(after.map((l) => l.requestItemNumber)).toEqual([10, 30]);
    expect(after[0]).toMatchObject({
      toEnquiryQuantity: '600.000',
      remainQuantity: '400.000',
      itemStatus: '2',
    });
  });

  it('gives the quantities back to the pool when the RFQ draft is deleted', async () => {
    const made = (
      await post(`${BASE}/toEnquiry`, buyer, request([{ lineId: lines[0].id, quantity: '100' }]))
    ).json();
    expect(made.code, made.message).toBe('200');
    expect((await pool())[0]).toMatchObject({ toEnquiryQuantity: '700.000', remainQuantity: '300.000' });
    const draft = (await get(`${RFQ}/findDetail/${made.data.id}`, buyer)).json().data.record;
    const removed = (await post(`${RFQ}/delete/${draft.id}`, buyer, { version: draft.version })).json();
    expect(removed.code, removed.message).toBe('200');
    expect((await pool())[0]).toMatchObject({
      requestItemNumber: 10,
      toEnquiryQuantity: '600.000',
      remainQuantity: '400.000',
      itemStatus: '2',
    });
  });

  it('refuses more than is left, naming the line, and creates nothing', async () => {
    const before = await rfqCount();
    const over = (
      await post(`${BASE}/toEnquiry`, buyer, request([{ lineId: lines[0].id, quantity: '400.001' }]))
    ).json();
    expect(over.code).toBe('400');
    expect(over.message).toContain(`${number} line 10`);
    expect(await rfqCount()).toBe(before);
    expect((await pool())[0]).toMatchObject({ toEnquiryQuantity: '600.000' });
    const rest = (
      await post(`${BASE}/toEnquiry`, buyer, request([{ lineId: lines[0].id, quantity: '400' }]))
    ).json();
    expect(rest.code, rest.message).toBe('200');
    expect((await pool()).map((l) => l.requestItemNumber)).toEqual([30]);
  });
});
