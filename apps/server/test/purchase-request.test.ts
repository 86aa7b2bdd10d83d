// @postgres: flow:purchase-request — requisitions, the demand pool, claims and order drafts per supplier
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetTotal,
  deriveRequestStatus,
  itemStatusAfterMove,
  remainingQuantity,
} from '../src/modules/purchase-request/service.ts';
import { addOrgUnits, callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Purchase requisitions and the demand pool (issue #13): save rules (request type required, quantity > 0),
 * submit (approved at once below the demo's 50,000 CNY step), the lines in the demand pool, claim (only
 * unclaimed lines), return with a remark, turn claimed lines into order drafts per supplier (price master
 * pricing, toOrderQuantity, the line closing when fully moved, never over the line), and nothing of it for
 * another company or the supplier side.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BASE = '/apis/purchaseRequest/PurchaseRequestService';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  // This suite's own factories (its demand pool is filtered by them): enabled master records.
  await addOrgUnits(server, '100000', 'factory', ['F-TEST', 'F-CANCEL', 'F-SCRAP']);
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const body = (extra: Record<string, unknown> = {}) => ({
  requestType: '0',
  applicant: '测试',
  purchaseFactory: 'F-TEST',
  lines: [
    {
      materialNumber: 'R-0603-10K',
      quantity: '1000',
      budgetPrice: '0.02',
      deliveryDate: day(20),
      expectSupplierEls: '200001',
    },
    {
      materialNumber: 'C-0805-100N',
      quantity: '400',
      budgetPrice: '0.05',
      deliveryDate: day(25),
      expectSupplierEls: '200001',
    },
    {
      materialNumber: 'BOX-5L-600',
      quantity: '10',
      budgetPrice: '4.4',
      deliveryDate: day(30),
      expectSupplierEls: '200002',
    },
  ],
  ...extra,
});

async function pool(session: Session, filter: Record<string, unknown> = {}) {
  const res = await post(`${BASE}/demandPool`, session, { pageSize: 100, ...filter });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as {
    records: Array<Record<string, string> & { requestItemNumber: number }>;
    nextCursor: string | null;
    total: number;
  };
}

describe('purchase requisition rules', () => {
  it('moves quantities and derives statuses', () => {
    const line = { quantity: '10', toEnquiryQuantity: '2', toBiddingQuantity: '0', toOrderQuantity: '3' };
    expect(remainingQuantity(line).toString()).toBe('5');
    expect(itemStatusAfterMove(line)).toBe('2');
    expect(itemStatusAfterMove({ ...line, toOrderQuantity: '8' })).toBe('3');
    expect(itemStatusAfterMove({ ...line, toEnquiryQuantity: '0', toOrderQuantity: '0' })).toBe('1');
    const open = { ...line, toEnquiryQuantity: '0', toOrderQuantity: '0', itemStatus: '1' };
    expect(deriveRequestStatus([open])).toBe('0');
    expect(deriveRequestStatus([{ ...line, itemStatus: '2' }, open])).toBe('1');
    expect(
      deriveRequestStatus([
        { ...line, toOrderQuantity: '8', itemStatus: '3' },
        { ...open, itemStatus: '4' },
      ]),
    ).toBe('2');
    expect(
      budgetTotal([
        { quantity: '3', budgetPrice: '0.335' },
        { quantity: '1', budgetPrice: null },
      ]),
    ).toBe('1.01');
  });
});

describe('purchase requisitions and the demand pool', () => {
  let id = '';
  let number = '';

  it('refuses a requisition without a request type, or with quantity 0, naming the field', async () => {
    const { requestType: _, ...noType } = body();
    const missing = (await post(`${BASE}/save`, buyer, noType)).json();
    expect(missing.code).toBe('400');
    expect(missing.message).toContain('Request type'); // its label (issue #33)
    const lines = body().lines.map((l, i) => (i === 1 ? { ...l, quantity: '0' } : l));
    const zero = (await post(`${BASE}/save`, buyer, body({ lines }))).json();
    expect(zero.code).toBe('400');
    expect(zero.message).toContain('quantity');
  });

  it('saves a draft from the material master and submits it (approved at once below 50,000 CNY)', async () => {
    const saved = (await post(`${BASE}/save`, buyer, body())).json();
    expect(saved.code, saved.message).toBe('200');
    id = saved.data.id;
    number = saved.data.purchaseRequestNumber;
    expect(number).toMatch(/^PR\d{10}$/);
    expect(saved.data.totalAmount).toBe('84.00');
    const detail = (await get(`${BASE}/findDetail/${id}`, buyer)).json().data;
    expect(detail.lines[0]).toMatchObject({
      materialDesc: '贴片电阻 0603 10KΩ',
      unit: expect.any(String),
      itemStatus: '0',
    });
    expect(detail.actions).toContain('submit');
    // Not in the pool before approval.
    expect((await pool(buyer)).records.some((r) => r.requestId === id)).toBe(false);
    const submitted = (await post(`${BASE}/submit/${id}`, buyer, { version: saved.data.version })).json();
    expect(submitted.code, submitted.message).toBe('200');
    expect(submitted.data.auditStatus).toBe('2');
  });

  it('shows the approved lines in the demand pool, filtered and keyset paged', async () => {
    const mine = (await pool(buyer, { purchaseFactory: 'F-TEST' })).records;
    expect(mine.map((r) => r.requestItemNumber)).toEqual([10, 20, 30]);
    expect(mine.every((r) => r.claimStatus === '0' && r.purchaseRequestNumber === number)).toBe(true);
    const byMaterial = (await pool(buyer, { purchaseFactory: 'F-TEST', materialNumber: 'c-08' })).records;
    expect(byMaterial.map((r) => r.materialNumber)).toEqual(['C-0805-100N']);
    // Pages of 2 by cursor read the same lines as one page.
    const all = (await pool(buyer)).records.map((r) => r.id);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await pool(buyer, { pageSize: 2, cursor });
      paged.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all);
    expect((await post(`${BASE}/demandPool`, buyer, { pageSize: 2, cursor: 'forged' })).json().code).toBe(
      '400',
    );
  });

  it('claims lines; a second claim is refused with the spec text', async () => {
    const [r1, r2] = (await pool(buyer, { purchaseFactory: 'F-TEST' })).records;
    const claimed = (await post(`${BASE}/claim`, buyer, { lineIds: [r1.id, r2.id] })).json();
    expect(claimed).toMatchObject({ code: '200', data: { claimed: 2 } });
    const again = (await post(`${BASE}/claim`, admin, { lineIds: [r1.id] })).json();
    expect(again.code).toBe('400');
    expect(again.message).toContain('Only unclaimed items can be claimed');
    expect(again.message).toContain('buyer1');
    const zh = (await post(`${BASE}/claim`, admin, { lineIds: [r1.id] }, 'zh_cn')).json();
    expect(zh.message).toContain('只能认领未认领的数据');
    const mineClaimed = await pool(buyer, { purchaseFactory: 'F-TEST', claimUser: 'buyer1' });
    expect(mineClaimed.records.map((r) => r.id)).toEqual([r1.id, r2.id]);
  });

  it('returns a line to the requester with a required back remark', async () => {
    const box = (await pool(buyer, { purchaseFactory: 'F-TEST' })).records[2];
    const noRemark = (
      await post(`${BASE}/returnLines`, buyer, { lineIds: [box.id], backRemark: ' ' })
    ).json();
    expect(noRemark.code).toBe('400');
    expect(noRemark.message).toContain('backRemark');
    const returned = (
      await post(`${BASE}/returnLines`, buyer, { lineIds: [box.id], backRemark: '库存已有，请领用' })
    ).json();
    expect(returned).toMatchObject({ code: '200', data: { returned: 1 } });
    expect((await pool(buyer, { purchaseFactory: 'F-TEST' })).records).toHaveLength(2);
    const line = (await get(`${BASE}/findDetail/${id}`, buyer)).json().data.lines[2];
    expect(line).toMatchObject({ itemStatus: '4', backRemark: '库存已有，请领用' });
  });

  it('turns claimed lines into an order draft per supplier; quantities move and never exceed the line', async () => {
    const [r1, r2] = (await pool(buyer, { purchaseFactory: 'F-TEST' })).records;
    const over = (
      await post(`${BASE}/toOrder`, buyer, { lines: [{ lineId: r1.id, quantity: '1000.001' }] })
    ).json();
    expect(over.code).toBe('400');
    expect(over.message).toContain(`${number} line 10`);
    const notMine = (await post(`${BASE}/toOrder`, admin, { lines: [{ lineId: r1.id }] })).json();
    expect(notMine.code).toBe('400');

    const made = (
      await post(`${BASE}/toOrder`, buyer, {
        lines: [
          { lineId: r1.id, quantity: '600' },
          { lineId: r2.id, toElsAccount: '200002' },
        ],
      })
    ).json();
    expect(made.code, made.message).toBe('200');
    expect(made.data.orders.map((o: { toElsAccount: string }) => o.toElsAccount).sort()).toEqual([
      '200001',
      '200002',
    ]);
    // The 200001 order is priced from the price master (0.012 per unit), a draft of the buyer.
    const order = made.data.orders.find((o: { toElsAccount: string }) => o.toElsAccount === '200001');
    const orderDetail = (await get(`/apis/order/PurchaseOrderService/findDetail/${order.id}`, buyer)).json()
      .data;
    const items = orderDetail.items ?? orderDetail.lines;
    expect(items[0]).toMatchObject({ materialNumber: 'R-0603-10K' });
    expect(Number(items[0].quantity)).toBe(600);
    expect(Number(items[0].priceExcludingTax)).toBe(0.012);

    const detail = (await get(`${BASE}/findDetail/${id}`, buyer)).json().data;
    expect(detail.lines[0]).toMatchObject({ toOrderQuantity: '600.000', itemStatus: '2' });
    expect(detail.lines[1]).toMatchObject({ toOrderQuantity: '400.000', itemStatus: '3' });
    expect(detail.record.requestStatus).toBe('1');
    // The closed line left the pool; the rest (400) can still move, not more.
    const left = (await pool(buyer, { purchaseFactory: 'F-TEST' })).records;
    expect(left.map((r) => r.id)).toEqual([r1.id]);
    expect(left[0].remainQuantity).toBe('400.000');
    const overRest = (
      await post(`${BASE}/toOrder`, buyer, { lines: [{ lineId: r1.id, quantity: '401' }] })
    ).json();
    expect(overRest.code).toBe('400');
    expect(overRest.message).toContain('400');
    const rest = (await post(`${BASE}/toOrder`, buyer, { lines: [{ lineId: r1.id }] })).json();
    expect(rest.code, rest.message).toBe('200');
    const after = (await get(`${BASE}/findDetail/${id}`, buyer)).json().data;
    expect(after.lines[0]).toMatchObject({ toOrderQuantity: '1000.000', itemStatus: '3' });
    expect(after.record.requestStatus).toBe('2');
    const closed = (await post(`${BASE}/toOrder`, buyer, { lines: [{ lineId: r1.id }] })).json();
    expect(closed.code).toBe('400');
    const trail = (await server.database.db.execute(
      sql`select action from audit_trail where document_kind = 'purchaseRequest' and document_id = ${id}`,
    )) as unknown as { rows: Array<{ action: string }> };
    expect(trail.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['create', 'submit', 'claim', 'return', 'toOrder']),
    );
  });

  it('shows nothing to another company or to the supplier side', async () => {
    const other = await login(server, '200002', 'admin');
    // A supplier on the buyer's path is refused by its station (issue #32).
    expect((await get(`${BASE}/findDetail/${id}`, supplier)).json().code).toBe('403');
    expect((await post(`${BASE}/demandPool`, supplier, { pageSize: 10 })).json().code).toBe('403');
    expect((await post(`${BASE}/claim`, other, { lineIds: [id] })).json().code).toBe('403');
    expect(
      (
        await post('/apis/purchaseRequest/SaleRequestService/findPageList', supplier, {
          currentPage: 1,
          pageSize: 10,
        })
      ).json().code,
    ).toBe('404');
  });

  it('cancels a draft, and refuses to scrap while a line is claimed (spec failure text)', async () => {
    const draft = (await post(`${BASE}/save`, buyer, body({ purchaseFactory: 'F-CANCEL' }))).json().data;
    const cancelled = (await post(`${BASE}/cancel/${draft.id}`, buyer, { version: draft.version })).json();
    expect(cancelled.data.requestStatus).toBe('3');
    const saved = (await post(`${BASE}/save`, buyer, body({ purchaseFactory: 'F-SCRAP' }))).json().data;
    const approved = (await post(`${BASE}/submit/${saved.id}`, buyer, { version: saved.version })).json()
      .data;
    const [line] = (await pool(buyer, { purchaseFactory: 'F-SCRAP' })).records;
    await post(`${BASE}/claim`, admin, { lineIds: [line.id] });
    const refused = (
      await post(`${BASE}/scrap/${saved.id}`, buyer, { version: approved.version, remark: '合并' }, 'zh_cn')
    ).json();
    expect(refused.code).toBe('400');
    expect(refused.message).toContain('作废采购申请失败');
    await post(`${BASE}/returnLines`, admin, { lineIds: [line.id], backRemark: '不需要' });
    const current = (await get(`${BASE}/findDetail/${saved.id}`, buyer)).json().data.record;
    const scrapped = (
      await post(`${BASE}/scrap/${saved.id}`, buyer, { version: current.version, remark: '合并' })
    ).json();
    expect(scrapped.code, scrapped.message).toBe('200');
    expect(scrapped.data.requestStatus).toBe('4');
    expect((await pool(buyer, { purchaseFactory: 'F-SCRAP' })).records).toHaveLength(0);
  });
});
