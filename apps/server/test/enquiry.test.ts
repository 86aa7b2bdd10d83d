// @postgres: flow:enquiry, locks — an RFQ from invitation to award; two job pollers race for the deadline's job (SKIP LOCKED)
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUOTE_END_JOB } from '../src/modules/enquiry/service.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material, priceMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { purchaseOrder } from '../src/modules/order/tables.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * RFQs (issue #13): the invitation rule, sealing (the buyer sees no price before the deadline; a supplier
 * never sees another's quote or name), the comparison after the deadline, and the award (quotas 100 %,
 * price-master records, order drafts).
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let materials: Array<{ id: string; materialNumber: string }>;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of ['200001', '200002', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

const body = (suppliers: string[][], extra: Record<string, unknown> = {}) => ({
  enquiryDesc: '测试询价',
  quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
  priceValidDate: '2027-12-31',
  lines: suppliers.map((list, i) => ({
    materialId: materials[i].id,
    quantity: '1000',
    deliveryDate: '2027-01-31',
    suppliers: list,
  })),
  ...extra,
});

async function published(suppliers: string[][]) {
  const saved = await post(`${P}/save`, s.buyer, body(suppliers));
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const res = await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as { id: string; version: number; enquiryNumber: string };
}

async function quoteAll(id: string, account: string, price: string) {
  const page = (await get(`${S}/findQuote/${id}`, s[account])).json().data;
  const res = await post(`${S}/quote/${id}`, s[account], {
    lines: page.lines.map((l: { itemId: string }) => ({ itemId: l.itemId, priceExcludingTax: price })),
  });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}

const endNow = (id: string) =>
  server.database.db
    .update(enquiry)
    .set({ quoteEndTime: new Date(Date.now() - 60_000) })
    .where(eq(enquiry.id, id));

describe('RFQ invitations (spec 001 §5, §9)', () => {
  it('refuses fewer than 3 suppliers on a line with the spec text, in both languages', async () => {
    const res = await post(
      `${P}/save`,
      s.buyer,
      body([
        ['200001', '200003', '200004'],
        ['200001', '200003'],
      ]),
    );
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('Line 20: each material needs at least 3 suppliers to quote');
    // The refusal names the line's suppliers field, so the form marks that line (issue #33).
    expect(res.json().data.errors).toEqual([
      expect.objectContaining({ segments: ['lines', 1, 'suppliers'], rule: 'enquiryMinSuppliers' }),
    ]);
    const zh = await post(`${P}/save`, s.buyer, body([['200001', '200003']]), 'zh_cn');
    expect(zh.json().message).toContain('每个物料至少需要 3 家供应商报价');
  });

  it('refuses a supplier twice on a line, and an unlinked supplier', async () => {
    const twice = await post(`${P}/save`, s.buyer, body([['200001', '200003', '200001', '200004']]));
    expect(twice.json().code).toBe('400');
    expect(twice.json().message).toContain('supplier 200001 cannot repeat');
    const stranger = await post(`${P}/save`, s.buyer, body([['200001', '200003', '999999']]));
    expect(stranger.json().code).toBe('400');
  });
});

describe('RFQ sealing, comparison and award', () => {
  let rfq: { id: string; version: number; enquiryNumber: string };
  beforeAll(async () => {
    rfq = await published([['200001', '200003', '200004']]);
  });

  it('shows a supplier only the lines it is invited to, and the buyer every line', async () => {
    const rfq = await published([
      ['200001', '200003', '200004'],
      ['200002', '200003', '200004'],
    ]);
    const lines = async (session: Session, base: string) =>
      (await get(`${base}/findDetail/${rfq.id}`, session))
        .json()
        .data.lines.map((l: { materialId: string }) => l.materialId);
    expect(await lines(s['200001'], S)).toEqual([materials[0].id]);
    expect(await lines(s['200002'], S)).toEqual([materials[1].id]);
    expect(await lines(s['200003'], S)).toEqual([materials[0].id, materials[1].id]);
    expect(await lines(s.buyer, P)).toEqual([materials[0].id, materials[1].id]);
  });

  it('answers 404 to a supplier that is not invited, reading or quoting', async () => {
    expect((await get(`${S}/findQuote/${rfq.id}`, s['200002'])).json().code).toBe('404');
    expect((await get(`${S}/findDetail/${rfq.id}`, s['200002'])).json().code).toBe('404');
    const quote = await post(`${S}/quote/${rfq.id}`, s['200002'], {
      lines: [{ itemId: '00000000-0000-4000-8000-000000000000', priceExcludingTax: '1' }],
    });
    expect(quote.json().code).toBe('404');
    const list = (await post(`${S}/findPageList`, s['200002'], { currentPage: 1, pageSize: 100 })).json()
      .data;
    expect(list.records.map((r: { id: string }) => r.id)).not.toContain(rfq.id);
    const invited = (await post(`${S}/findPageList`, s['200001'], { currentPage: 1, pageSize: 100 })).json()
      .data;
    expect(invited.records.map((r: { id: string }) => r.id)).toContain(rfq.id);
  });

  it('keeps quotes sealed from the buyer before the deadline, and each supplier to itself', async () => {
    await quoteAll(rfq.id, '200001', '10.5');
    await quoteAll(rfq.id, '200003', '9.8');
    // A re-quote while open.
    const again = await quoteAll(rfq.id, '200003', '9.6');
    expect(again.lines[0].quoteStatus).toBe('3');
    const comparison = await get(`${P}/findComparison/${rfq.id}`, s.buyer);
    expect(comparison.json().code).toBe('400');
    const invitations = JSON.stringify((await get(`${P}/findInvitations/${rfq.id}`, s.buyer)).json());
    expect(invitations).not.toContain('10.500000');
    expect(invitations).not.toContain('9.600000');
    const detail = JSON.stringify((await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json());
    expect(detail).not.toContain('10.500000');
    const a = JSON.stringify((await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json());
    expect(a).toContain('10.5');
    expect(a).not.toContain('9.600000');
    expect(a).not.toContain('200003');
    const aDetail = JSON.stringify((await get(`${S}/findDetail/${rfq.id}`, s['200001'])).json());
    expect(aDetail).not.toContain('200003');
    expect(aDetail).not.toContain('9.600000');
  });

  it("names a refused quote's line by the RFQ line's number and places the error on its field (issue #33)", async () => {
    const itemId = (await get(`${S}/findQuote/${rfq.id}`, s['200004'])).json().data.lines[0].itemId;
    const zero = (
      await post(`${S}/quote/${rfq.id}`, s['200004'], {
        lines: [{ itemId, lineNumber: 10, priceExcludingTax: '0' }],
      })
    ).json();
    expect(zero.code).toBe('400');
    expect(zero.message).toBe('Invalid input: Line 10, Unit price excl. tax must be greater than 0');
    expect(zero.data.errors[0]).toMatchObject({
      segments: ['lines', 0, 'priceExcludingTax'],
      rule: 'positive',
      message: 'Line 10, Unit price excl. tax must be greater than 0',
    });
    // A business rule names the same line by its number, not by the position of the quote line.
    const usd = (
      await post(`${S}/quote/${rfq.id}`, s['200004'], {
        lines: [{ itemId, priceExcludingTax: '1', currency: 'USD' }],
      })
    ).json();
    expect(usd).toMatchObject({ code: '400', message: 'Line 10: this RFQ takes no quotes in USD' });
  });

  it('opens the comparison after the deadline, with lowest and highest marked', async () => {
    await endNow(rfq.id);
    const late = await post(`${S}/quote/${rfq.id}`, s['200004'], {
      lines: [
        {
          itemId: (await get(`${S}/findQuote/${rfq.id}`, s['200004'])).json().data.lines[0].itemId,
          priceExcludingTax: '1',
        },
      ],
    });
    expect(late.json().code).toBe('400');
    const res = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(res.code, res.message).toBe('200');
    expect(res.data.record.enquiryStatus).toBe('2');
    const quotes = res.data.lines[0].quotes;
    const by = (a: string) => quotes.find((q: { toElsAccount: string }) => q.toElsAccount === a);
    expect(by('200003')).toMatchObject({ priceExcludingTax: '9.600000', lowest: true, highest: false });
    expect(by('200001')).toMatchObject({ priceExcludingTax: '10.500000', lowest: false, highest: true });
    expect(by('200004')).toMatchObject({ quoteStatus: '0', priceExcludingTax: null });
    // After the deadline a supplier still sees only its own quote.
    const a = JSON.stringify((await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json());
    expect(a).not.toContain('200003');
    expect(a).not.toContain('9.600000');
  });

  it('refuses quotas that do not total 100 %, and awards 60/40 into prices and order drafts', async () => {
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const itemId = comparison.lines[0].itemId;
    const version = comparison.record.version;
    const ninety = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version,
      lines: [{ itemId, awards: [{ toElsAccount: '200003', quota: '90' }] }],
    });
    expect(ninety.json().code).toBe('400');
    // The line by its number (issue #33): the RFQ's first line is line 10, not "Line 1".
    expect(ninety.json().message).toContain('Line 10: the quotas must total 100% (now 90%)');
    // It names the line's awards in the body, so the comparison marks that line (issue #33).
    expect(ninety.json().data.errors).toEqual([
      expect.objectContaining({ segments: ['lines', 0, 'awards'], rule: 'enquiryQuotaTotal' }),
    ]);
    const notQuoted = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version,
      lines: [{ itemId, awards: [{ toElsAccount: '200004', quota: '100' }] }],
    });
    expect(notQuoted.json().code).toBe('400');
    const res = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version,
      lines: [
        {
          itemId,
          awards: [
            { toElsAccount: '200003', quota: '60' },
            { toElsAccount: '200001', quota: '40' },
          ],
        },
      ],
    });
    expect(res.json().code, res.json().message).toBe('200');
    expect(res.json().data.record.enquiryStatus).toBe('3');
    expect(res.json().data.orders).toHaveLength(2);
    const prices = await server.database.db
      .select()
      .from(priceMaster)
      .where(and(eq(priceMaster.elsAccount, '100000'), eq(priceMaster.materialId, materials[0].id)));
    const p3 = prices.find((p) => p.toElsAccount === '200003' && p.priceExcludingTax === '9.600000');
    expect(p3?.quota).toBe('60.00');
    // Expiry: the day after validUntil begins in Beijing (the buyer's calendar, issue #35).
    expect(p3?.priceExpiryDate.toISOString()).toBe('2027-12-31T16:00:00.000Z');
    // Issue #33: the record names the RFQ and its line; a unit-price quote has no ladder.
    expect(p3).toMatchObject({
      sourceType: 'enquiry',
      sourceNumber: rfq.enquiryNumber,
      sourceItemNumber: '10',
      ladderJson: null,
    });
    for (const o of res.json().data.orders) {
      const [order] = await server.database.db.select().from(purchaseOrder).where(eq(purchaseOrder.id, o.id));
      expect(order.sendStatus).toBe('0');
      expect(order.auditStatus).toBe('0');
    }
    const won = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    // Issue #33: the winner reads its share and the quantity it gets (40 % of 1,000).
    expect(won.lines[0]).toMatchObject({ quoteStatus: '5', quota: '40.00', awardedQuantity: '400.000' });
    // The winners are told what follows an ordinary RFQ's award: prices recorded, orders to come.
    const toldWinner = await server.database.db
      .select({ title: sysMsg.msgTitle, content: sysMsg.msgContent })
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, rfq.id), eq(sysMsg.elsAccount, '200001')));
    const wonMessage = toldWinner.find((m) => m.title.startsWith('恭喜中标'));
    expect(wonMessage?.title).toBe(`恭喜中标：询价单 ${rfq.enquiryNumber}`);
    expect(wonMessage?.content).toContain('配额 40.00%（数量 400 ');
    expect(wonMessage?.content).toContain('采购方将按配额生成采购订单');
  });

  it('ends quoting at the deadline by the timer, once, however many pollers, and tells the buyer', async () => {
    const rfq = await published([['200001', '200003', '200004']]);
    const [job] = await server.database.db
      .select()
      .from(scheduledJob)
      .where(and(eq(scheduledJob.kind, QUOTE_END_JOB), eq(scheduledJob.jobKey, rfq.id)));
    expect(job).toMatchObject({ state: 'pending' });
    // Not before the deadline: a round leaves it quoting.
    const runner = createJobRunner({ db: server.database.db, log: server.app.log, env: 'test' });
    await runner.runDue();
    expect((await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data.record.enquiryStatus).toBe('1');
    // The deadline passes (moved into the past, with its timer): two pollers race; it ends once.
    await endNow(rfq.id);
    await server.database.db
      .update(scheduledJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledJob.id, job.id));
    const other = createJobRunner({ db: server.database.db, log: server.app.log, env: 'test' });
    await Promise.all([runner.runDue(), other.runDue(), runner.runDue()]);
    // On PostgreSQL the test server's own poller may have taken the job first (the test's pollers then skip
    // the locked row and return before its round commits): wait for whichever poller ran it.
    let detail = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data;
    await vi.waitFor(async () => {
      detail = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data;
      expect(detail.record.enquiryStatus).toBe('2');
    });
    expect(detail.trail.filter((t: { action: string }) => t.action === 'quoteEnd')).toHaveLength(1);
    const told = await server.database.db
      .select({ title: sysMsg.msgTitle })
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, rfq.id), eq(sysMsg.elsSubAccount, 'buyer1')));
    expect(told.map((m) => m.title)).toContain(`报价已截止：询价单 ${rfq.enquiryNumber}`);
  });

  it('awards 100 % to one supplier on a fresh RFQ', async () => {
    const one = await published([['200001', '200003', '200004']]);
    await quoteAll(one.id, '200004', '7');
    await endNow(one.id);
    const comparison = fullComparison((await get(`${P}/findComparison/${one.id}`, s.buyer)).json()).data;
    const res = await post(`${P}/award/${one.id}`, s.buyer, {
      version: comparison.record.version,
      lines: [{ itemId: comparison.lines[0].itemId, awards: [{ toElsAccount: '200004', quota: '100' }] }],
    });
    expect(res.json().code, res.json().message).toBe('200');
    expect(res.json().data.prices).toBe(1);
  });

  it("keeps a ladder quote's steps and its RFQ on the price record, as the price master answers it", async () => {
    const saved = (
      await post(`${P}/save`, s.buyer, body([['200001', '200003', '200004']], { quoteMethod: '2' }))
    ).json();
    expect(saved.code, saved.message).toBe('200');
    let row = (await post(`${P}/submit/${saved.data.id}`, s.buyer, { version: saved.data.version })).json()
      .data;
    row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
    const page = (await get(`${S}/findQuote/${row.id}`, s['200003'])).json().data;
    // Quantities that do not rise: the refusal names the ladder step's quantity field (issue #33).
    const flat = await post(`${S}/quote/${row.id}`, s['200003'], {
      lines: [
        {
          itemId: page.lines[0].itemId,
          lineNumber: 10,
          ladder: [
            { quantity: '100', price: '10' },
            { quantity: '100', price: '9.5' },
          ],
        },
      ],
    });
    expect(flat.json()).toMatchObject({
      code: '400',
      message: 'Ladder step 2: the quantity must be greater than the previous step',
      data: {
        errors: [
          {
            path: 'body.lines.0.ladder.1.quantity',
            segments: ['lines', 0, 'ladder', 1, 'quantity'],
            field: 'Line 10, Ladder step 2, Ladder quantity',
            rule: 'enquiryLadderNotRising',
          },
        ],
      },
    });
    const quoted = await post(`${S}/quote/${row.id}`, s['200003'], {
      lines: [
        {
          itemId: page.lines[0].itemId,
          ladder: [
            { quantity: '1', price: '10' },
            { quantity: '500', price: '9.5' },
            { quantity: '5000', price: '9' },
          ],
        },
      ],
    });
    expect(quoted.json().code, quoted.json().message).toBe('200');
    await endNow(row.id);
    const comparison = fullComparison((await get(`${P}/findComparison/${row.id}`, s.buyer)).json()).data;
    const res = await post(`${P}/award/${row.id}`, s.buyer, {
      version: comparison.record.version,
      lines: [{ itemId: comparison.lines[0].itemId, awards: [{ toElsAccount: '200003', quota: '100' }] }],
    });
    expect(res.json().code, res.json().message).toBe('200');
    const listed = (
      await post('/apis/masterdata/PurchasePriceService/findPageList', s.buyer, {
        currentPage: 1,
        pageSize: 20,
        toElsAccount: '200003',
        keyword: materials[0].materialNumber,
      })
    ).json();
    expect(listed.code, listed.message).toBe('200');
    const record = listed.data.records.find(
      (p: { sourceNumber: string | null }) => p.sourceNumber === row.enquiryNumber,
    );
    // The step for the line's 1,000 pieces is the price; the whole ladder stays with the record.
    expect(record).toMatchObject({
      priceExcludingTax: '9.500000',
      sourceType: 'enquiry',
      sourceItemNumber: '10',
      ladderJson: [
        { quantity: '1.000', price: '10.000000' },
        { quantity: '500.000', price: '9.500000' },
        { quantity: '5000.000', price: '9.000000' },
      ],
    });
    // The price master's Excel export names the RFQ, its line and the ladder, in the reader's language.
    const exported = await server.app.inject({
      method: 'POST',
      url: '/apis/masterdata/PurchasePriceService/export',
      headers: { ...s.buyer.headers, accept: XLSX, lang: 'en' },
      payload: { toElsAccount: '200003', keyword: materials[0].materialNumber },
    });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cells = (key: string) => header.indexOf(key);
    const rowOf = (sheet.getRows(2, sheet.rowCount - 1) ?? [])
      .map((r) => (r.values as unknown[]).slice(1))
      .find((r) => r[cells('Source document')] === row.enquiryNumber);
    expect(rowOf).toBeDefined();
    expect(rowOf?.[cells('Price source')]).toBe('RFQ');
    expect(rowOf?.[cells('Source line')]).toBe('10');
    expect(rowOf?.[cells('Ladder (from quantity: price excl. tax)')]).toBe(
      '1.000: 10.000000; 500.000: 9.500000; 5000.000: 9.000000',
    );
  });
});
