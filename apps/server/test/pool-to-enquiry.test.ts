import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { addOrgUnits, callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

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
  // This suite's own factories (its demand pool is filtered by them): enabled master records.
  await addOrgUnits(server, '100000', 'factory', ['F-RFQ', 'F-BUDGET', 'F-EDIT']);
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
        // Sent in the other order: the RFQ's lines follow the requisition's (line 10 first) all the same.
        request([
          { lineId: lines[1].id, quantity: '400' },
          { lineId: lines[0].id, quantity: '600' },
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

/**
 * Savings against the requisition's budget (issue #13 comparison: "savings against the last price master
 * price and the requisition's budget price"): a line taken from the pool answers its requisition line's
 * budget price (excl. tax, CNY, converted into the RFQ's currency) and per quote (budget − price) ×
 * quantity and % of the budget, 2 decimals half up; a pool line without a budget and a line typed on the
 * RFQ answer null. The Excel comparison carries the same figures.
 */
describe('savings against the requisition budget in the comparison', () => {
  const S = '/apis/inquiry/SaleEnquiryService';
  const BUDGET = '0.012345';
  const QUANTITY = '1000';
  let rfqId = '';
  const items: Record<string, string> = {};
  let sessions: Record<string, Session> = {};
  // The figures worked out from the inputs: (budget − price) × quantity and (budget − price) / budget × 100.
  const savingsOf = (budget: string, price: string, quantity: string) =>
    new Decimal(budget).sub(price).mul(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  const rateOf = (budget: string, price: string) =>
    new Decimal(budget).sub(price).div(budget).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

  it('takes a budgeted and an unbudgeted requisition line into an RFQ, adds a typed line, and gets quotes', async () => {
    sessions = {
      '200001': supplier,
      '200003': await login(server, '200003', 'admin'),
      '200004': await login(server, '200004', 'admin'),
    };
    const saved = (
      await post(`${BASE}/save`, buyer, {
        requestType: '0',
        purchaseFactory: 'F-BUDGET',
        lines: [
          { materialNumber: 'R-0603-10K', quantity: QUANTITY, budgetPrice: BUDGET, deliveryDate: day(20) },
          { materialNumber: 'C-0805-100N', quantity: '400', deliveryDate: day(25) },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    const submitted = (
      await post(`${BASE}/submit/${saved.data.id}`, buyer, { version: saved.data.version })
    ).json();
    expect(submitted.data.auditStatus).toBe('2');
    const open = (
      await post(`${BASE}/demandPool`, buyer, { pageSize: 100, purchaseFactory: 'F-BUDGET' })
    ).json().data.records as PoolLine[];
    expect(open.map((l) => l.requestItemNumber)).toEqual([10, 20]);
    const claimed = (await post(`${BASE}/claim`, buyer, { lineIds: open.map((l) => l.id) })).json();
    expect(claimed).toMatchObject({ code: '200', data: { claimed: 2 } });
    const made = (
      await post(
        `${BASE}/toEnquiry`,
        buyer,
        request([
          { lineId: open[0].id, quantity: QUANTITY },
          { lineId: open[1].id, quantity: '400' },
        ]),
      )
    ).json();
    expect(made.code, made.message).toBe('200');
    rfqId = made.data.id;
    // The buyer adds a line typed on the RFQ (no requisition) and takes USD quotes at 7.1.
    const draft = (await get(`${RFQ}/findDetail/${rfqId}`, buyer)).json().data;
    const [typed] = await server.database.db
      .select({ id: material.id })
      .from(material)
      .where(and(eq(material.elsAccount, '100000'), eq(material.materialNumber, 'BOX-5L-600')));
    const edited = (
      await post(`${RFQ}/save`, buyer, {
        id: draft.record.id,
        version: draft.record.version,
        enquiryDesc: '预算节约',
        quoteEndTime: inDays(5),
        priceValidDate: day(300),
        currencyRateJson: [{ currency: 'USD', exchangeRate: '7.1' }],
        lines: [
          ...draft.lines.map((l: Record<string, string>) => ({
            id: l.id,
            materialId: l.materialId,
            quantity: l.quantity,
            deliveryDate: l.deliveryDate,
            suppliers: SUPPLIERS,
          })),
          { materialId: typed.id, quantity: '10', deliveryDate: day(30), suppliers: SUPPLIERS },
        ],
      })
    ).json();
    expect(edited.code, edited.message).toBe('200');
    const submittedRfq = (
      await post(`${RFQ}/submit/${rfqId}`, buyer, { version: edited.data.version })
    ).json();
    expect(submittedRfq.code, submittedRfq.message).toBe('200');
    const published = (
      await post(`${RFQ}/publish/${rfqId}`, buyer, { version: submittedRfq.data.version })
    ).json();
    expect(published.code, published.message).toBe('200');
    const lines = (await get(`${RFQ}/findDetail/${rfqId}`, buyer)).json().data.lines;
    expect(lines.map((l: Record<string, string>) => [l.materialNumber, l.sourceType])).toEqual([
      ['R-0603-10K', '1'],
      ['C-0805-100N', '1'],
      ['BOX-5L-600', '0'],
    ]);
    [items.budgeted, items.unbudgeted, items.typed] = lines.map((l: { id: string }) => l.id);
    const quotes: Record<string, Array<Record<string, string>>> = {
      // Below the budget.
      '200001': [
        { itemId: items.budgeted, priceExcludingTax: '0.0118' },
        { itemId: items.unbudgeted, priceExcludingTax: '0.05' },
        { itemId: items.typed, priceExcludingTax: '2.5' },
      ],
      // 0.0019 USD × 7.1 = 0.01349 CNY: above the budget.
      '200003': [
        { itemId: items.budgeted, priceExcludingTax: '0.0019', currency: 'USD' },
        { itemId: items.unbudgeted, priceExcludingTax: '0.06' },
        { itemId: items.typed, priceExcludingTax: '2.4' },
      ],
      // Exactly the budget.
      '200004': [{ itemId: items.budgeted, priceExcludingTax: BUDGET }],
    };
    for (const [account, body] of Object.entries(quotes)) {
      const res = (await post(`${S}/quote/${rfqId}`, sessions[account], { lines: body })).json();
      expect(res.code, res.message).toBe('200');
    }
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfqId));
  });

  type Quote = { toElsAccount: string; priceExcludingTax: string | null } & Record<string, unknown>;
  type Line = { itemId: string; budgetPrice: string | null; quotes: Quote[] };
  async function comparison(): Promise<Line[]> {
    const res = fullComparison((await get(`${RFQ}/findComparison/${rfqId}`, buyer)).json());
    expect(res.code, res.message).toBe('200');
    return res.data.lines;
  }
  const quoteOf = (line: Line, account: string) => line.quotes.find((q) => q.toElsAccount === account)!;

  it('answers the budget price and the savings against it per quote, exactly', async () => {
    const lines = await comparison();
    const budgeted = lines.find((l) => l.itemId === items.budgeted)!;
    expect(budgeted.budgetPrice).toBe('0.012345');
    // (0.012345 − 0.0118) × 1000 = 0.545 → 0.55; 0.000545 / 0.012345 = 4.4147…% → 4.41.
    expect(quoteOf(budgeted, '200001')).toMatchObject({ budgetSavings: '0.55', budgetSavingsRate: '4.41' });
    // (0.012345 − 0.013490) × 1000 = −1.145 → −1.15; −9.2750…% → −9.28.
    expect(quoteOf(budgeted, '200003')).toMatchObject({
      priceExcludingTax: '0.013490',
      budgetSavings: '-1.15',
      budgetSavingsRate: '-9.28',
    });
    expect(quoteOf(budgeted, '200004')).toMatchObject({ budgetSavings: '0.00', budgetSavingsRate: '0.00' });
    // Every quote's figures follow from the budget, the compared price and the quantity.
    for (const q of budgeted.quotes) {
      expect(q.budgetSavings).toBe(savingsOf(BUDGET, q.priceExcludingTax!, QUANTITY));
      expect(q.budgetSavingsRate).toBe(rateOf(BUDGET, q.priceExcludingTax!));
    }
    // A pool line without a budget price, and a line typed on the RFQ: no budget, no savings against it.
    for (const id of [items.unbudgeted, items.typed]) {
      const line = lines.find((l) => l.itemId === id)!;
      expect(line.budgetPrice).toBeNull();
      expect(line.quotes.filter((q) => q.priceExcludingTax !== null)).toHaveLength(2);
      for (const q of line.quotes) expect([q.budgetSavings, q.budgetSavingsRate]).toEqual([null, null]);
    }
    // A declined or unquoted invitation has a budget but no price: null.
    expect(
      lines.find((l) => l.itemId === items.unbudgeted)!.quotes.find((q) => q.toElsAccount === '200004'),
    ).toMatchObject({ priceExcludingTax: null, budgetSavings: null });
  });

  it('writes the budget figures into the Excel comparison', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${RFQ}/exportComparison/${rfqId}`,
      headers: { ...buyer.headers, lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
    });
    const row = (line: number, account: string) =>
      rows.find((r) => r.Line === line && String(r.Supplier).startsWith(account))!;
    expect(row(1, '200001')).toMatchObject({
      'Budget price': '0.012345',
      'Savings vs budget': '0.55',
      'Savings vs budget %': '4.41',
    });
    expect(row(1, '200003')).toMatchObject({ 'Savings vs budget': '-1.15', 'Savings vs budget %': '-9.28' });
    expect(row(3, '200001')).toMatchObject({
      'Budget price': null,
      'Savings vs budget': null,
      'Savings vs budget %': null,
    });
  });

  it("converts the CNY budget into the RFQ's currency, and gives none without a CNY rate", async () => {
    // The RFQ's currency and rate table changed underneath (the quotes keep the rates they were given
    // with): a USD RFQ without a CNY rate cannot compare a CNY budget.
    await server.database.db
      .update(enquiry)
      .set({ currency: 'USD', currencyRateJson: [] })
      .where(eq(enquiry.id, rfqId));
    const none = (await comparison()).find((l) => l.itemId === items.budgeted)!;
    expect(none.budgetPrice).toBeNull();
    expect(quoteOf(none, '200001').budgetSavings).toBeNull();
    // With 1 CNY = 0.14 USD: 0.012345 × 0.14 = 0.0017283 → 0.001728 (half up, 6 decimals).
    await server.database.db
      .update(enquiry)
      .set({ currencyRateJson: [{ currency: 'CNY', exchangeRate: '0.14' }] })
      .where(eq(enquiry.id, rfqId));
    const converted = (await comparison()).find((l) => l.itemId === items.budgeted)!;
    expect(converted.budgetPrice).toBe('0.001728');
    for (const q of converted.quotes)
      expect(q.budgetSavings).toBe(savingsOf('0.001728', q.priceExcludingTax!, QUANTITY));
  });
});

/**
 * Editing a pool RFQ draft (issue #33 "Editing an RFQ draft cuts it off from its requisition"): a save that
 * keeps a line (its id) keeps its source and moves a changed quantity to or from the pool ('400' naming the
 * line and changing nothing when more than is left); a removed line gives its quantity back; a save
 * without a remark keeps the requisition remark.
 */
describe('editing an RFQ draft taken from the demand pool', () => {
  const poolOf = async () =>
    (await post(`${BASE}/demandPool`, buyer, { pageSize: 100, purchaseFactory: 'F-EDIT' })).json().data
      .records as PoolLine[];
  let number = '';
  let rfqId = '';

  it('keeps the sources, moves the changed quantity and gives a removed line back', async () => {
    const saved = (
      await post(`${BASE}/save`, buyer, {
        requestType: '0',
        purchaseFactory: 'F-EDIT',
        lines: [
          { materialNumber: 'R-0603-10K', quantity: '100', deliveryDate: day(20) },
          { materialNumber: 'C-0805-100N', quantity: '50', deliveryDate: day(25) },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    number = saved.data.purchaseRequestNumber;
    await post(`${BASE}/submit/${saved.data.id}`, buyer, { version: saved.data.version });
    const open = await poolOf();
    expect(open.map((l) => l.requestItemNumber)).toEqual([10, 20]);
    await post(`${BASE}/claim`, buyer, { lineIds: open.map((l) => l.id) });
    const made = (
      await post(
        `${BASE}/toEnquiry`,
        buyer,
        request([
          { lineId: open[0].id, quantity: '60' },
          { lineId: open[1].id, quantity: '50' },
        ]),
      )
    ).json();
    expect(made.code, made.message).toBe('200');
    rfqId = made.data.id;
    const { record, lines: items } = (await get(`${RFQ}/findDetail/${rfqId}`, buyer)).json().data;
    expect(record.remark).toContain(number);
    // The edit form's body: no remark, line 10 raised to 80, line 20 removed, a typed line added.
    const edited = (
      await post(`${RFQ}/save`, buyer, {
        id: record.id,
        version: record.version,
        enquiryDesc: '需求池询价（编辑）',
        quoteEndTime: inDays(6),
        priceValidDate: day(300),
        lines: [
          {
            id: items[0].id,
            materialId: items[0].materialId,
            quantity: '80',
            deliveryDate: items[0].deliveryDate,
            suppliers: SUPPLIERS,
          },
          {
            materialId: items[1].materialId,
            quantity: '5',
            deliveryDate: items[1].deliveryDate,
            suppliers: SUPPLIERS,
          },
        ],
      })
    ).json();
    expect(edited.code, edited.message).toBe('200');
    const after = (await get(`${RFQ}/findDetail/${rfqId}`, buyer)).json().data;
    expect(after.record.remark).toBe(record.remark);
    expect(after.lines[0]).toMatchObject({
      quantity: '80.000',
      sourceType: '1',
      sourceNumber: number,
      sourceItemNumber: '10',
    });
    expect(after.lines[1]).toMatchObject({ quantity: '5.000', sourceType: '0' });
    const pooled = await poolOf();
    expect(pooled.map((l) => [l.requestItemNumber, l.toEnquiryQuantity, l.remainQuantity])).toEqual([
      [10, '80.000', '20.000'],
      [20, '0.000', '50.000'],
    ]);
  });

  it('refuses raising a line above what the pool has left, naming it, and changes nothing', async () => {
    const { record, lines: items } = (await get(`${RFQ}/findDetail/${rfqId}`, buyer)).json().data;
    const over = (
      await post(`${RFQ}/save`, buyer, {
        id: record.id,
        version: record.version,
        enquiryDesc: record.enquiryDesc,
        quoteEndTime: inDays(6),
        priceValidDate: day(300),
        lines: items.map((l: Record<string, string>, i: number) => ({
          id: l.id,
          materialId: l.materialId,
          quantity: i === 0 ? '100.001' : l.quantity,
          deliveryDate: l.deliveryDate,
          suppliers: SUPPLIERS,
        })),
      })
    ).json();
    expect(over.code).toBe('400');
    expect(over.message).toContain(`${number} line 10`);
    expect((await poolOf())[0]).toMatchObject({ toEnquiryQuantity: '80.000' });
    const same = (await get(`${RFQ}/findDetail/${rfqId}`, buyer)).json().data;
    expect(same.record.version).toBe(record.version);
    expect(same.lines[0].quantity).toBe('80.000');
  });
});
