import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry, enquiryItem } from '../src/modules/enquiry/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Issue #13 remainders: copying an RFQ keeps its cost structure, fees, quote method and quote
 * currencies; quotes in other currencies are compared in the RFQ's currency with the buyer's fixed
 * rates; the buyer's library of cost templates (names unique per buyer) fills a new RFQ's cost items.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
const T = '/apis/inquiry/PurchaseCostTemplateService';
let materials: Array<{ id: string; materialNumber: string }>;
const SUPPLIERS = ['200001', '200003', '200004'];

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.other = await login(server, '100002', 'buyer1');
  for (const a of SUPPLIERS) s[a] = await login(server, a, 'admin');
  materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

const body = (extra: Record<string, unknown> = {}, lines = 1) => ({
  enquiryDesc: '币别与成本',
  quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
  priceValidDate: '2027-12-31',
  lines: Array.from({ length: lines }, (_, i) => ({
    materialId: materials[i].id,
    quantity: '1000',
    deliveryDate: '2027-01-31',
    suppliers: SUPPLIERS,
  })),
  ...extra,
});

async function save(extra: Record<string, unknown> = {}, lines = 1) {
  const res = await post(`${P}/save`, s.buyer, body(extra, lines));
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as { id: string; version: number; enquiryNumber: string };
}

async function publish(row: { id: string; version: number }) {
  const submitted = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const res = await post(`${P}/publish/${row.id}`, s.buyer, { version: submitted.version });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as { id: string; version: number };
}

const headerOf = async (id: string) =>
  (await server.database.db.select().from(enquiry).where(eq(enquiry.id, id)))[0];
const linesOf = (id: string) =>
  server.database.db
    .select()
    .from(enquiryItem)
    .where(eq(enquiryItem.documentId, id))
    .orderBy(enquiryItem.lineNumber);

describe('copying an RFQ (the enquiry module own copy)', () => {
  it('keeps the cost structure, the fees, the quote method, the quote currencies and the invitations', async () => {
    const source = await publish(
      await save(
        {
          quoteMethod: '3',
          costConstituteJson: ['材料', '加工', '包装'],
          additionFeeJson: ['运费', '模具费'],
          currency: 'CNY',
          currencyRateJson: [{ currency: 'USD', exchangeRate: '7.1' }],
          payMethod: '月结30天',
        },
        2,
      ),
    );
    const res = await post(`${P}/copy/${source.id}`, s.buyer, {});
    expect(res.json().code, res.json().message).toBe('200');
    const copy = res.json().data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.enquiryStatus).toBe('0');
    const [from, to] = [await headerOf(source.id), await headerOf(copy.id)];
    expect(to.enquiryNumber).not.toBe(from.enquiryNumber);
    expect(to.quoteMethod).toBe('3');
    expect(to.costConstituteJson).toEqual(['材料', '加工', '包装']);
    expect(to.additionFeeJson).toEqual(['运费', '模具费']);
    expect(to.currencyRateJson).toEqual([{ currency: 'USD', exchangeRate: '7.100000' }]);
    expect(to.payMethod).toBe('月结30天');
    const [fromLines, toLines] = [await linesOf(source.id), await linesOf(copy.id)];
    expect(toLines.map((l) => [l.materialId, l.quantity, l.invitedSuppliers])).toEqual(
      fromLines.map((l) => [l.materialId, l.quantity, l.invitedSuppliers]),
    );
    // The copy is a draft of its own: its quoting can be published and quoted in a cost breakdown.
    const published = await publish(copy);
    const page = (await get(`${S}/findQuote/${published.id}`, s['200001'])).json().data;
    expect(page.costItems).toEqual(['材料', '加工', '包装']);
    expect(page.feeItems).toEqual(['运费', '模具费']);
  });

  it('keeps a ladder-price RFQ a ladder-price RFQ, and moves a deadline already past', async () => {
    const source = await save({ quoteMethod: '2', additionFeeJson: ['运费'] });
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 3_600_000) })
      .where(eq(enquiry.id, source.id));
    const res = await post(`${P}/copy/${source.id}`, s.buyer, {});
    expect(res.json().code, res.json().message).toBe('200');
    const to = await headerOf(res.json().data.id);
    expect(to.quoteMethod).toBe('2');
    expect(to.additionFeeJson).toEqual(['运费']);
    expect(to.quoteEndTime.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('answers 404 to another company copying it', async () => {
    const source = await save({ additionFeeJson: ['运费'] });
    const res = await post(`${P}/copy/${source.id}`, s.other, {});
    expect(res.json().code).toBe('404');
  });
});

describe('quotes in other currencies (compared in the RFQ currency)', () => {
  it("converts each quote with the RFQ's fixed rate, exactly, and marks the lowest after conversion", async () => {
    const rfq = await publish(
      await save({
        additionFeeJson: ['运费'],
        currencyRateJson: [
          { currency: 'USD', exchangeRate: '7.1' },
          { currency: 'EUR', exchangeRate: '7.654321' },
        ],
      }),
    );
    const itemId = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data.lines[0].itemId;
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(page.currencies.map((c: { currency: string }) => c.currency)).toEqual(['CNY', 'USD', 'EUR']);
    const quote = async (account: string, line: Record<string, unknown>) => {
      const res = await post(`${S}/quote/${rfq.id}`, s[account], { lines: [{ itemId, ...line }] });
      expect(res.json().code, res.json().message).toBe('200');
      return res.json().data;
    };
    // A currency the RFQ does not take is refused, naming it.
    const gbp = await post(`${S}/quote/${rfq.id}`, s['200001'], {
      lines: [{ itemId, priceExcludingTax: '1', currency: 'GBP' }],
    });
    expect(gbp.json().code).toBe('400');
    expect(gbp.json().message).toContain('GBP');
    await quote('200001', { priceExcludingTax: '10.6' });
    const usd = await quote('200003', {
      priceExcludingTax: '1.5',
      currency: 'USD',
      fees: [{ name: '运费', amount: '100' }],
    });
    expect(usd.lines[0].quote).toMatchObject({ currency: 'USD', exchangeRate: '7.100000' });
    await quote('200004', { priceExcludingTax: '1.234567', currency: 'EUR' });
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const res = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(res.code, res.message).toBe('200');
    const by = (a: string) =>
      res.data.lines[0].quotes.find((q: { toElsAccount: string }) => q.toElsAccount === a);
    // 1.5 USD × 7.1 = 10.65 CNY; fee 100 USD = 710.00 CNY.
    expect(by('200003')).toMatchObject({
      priceExcludingTax: '10.650000',
      quoteCurrency: 'USD',
      quoteExchangeRate: '7.100000',
      quotedPrice: '1.500000',
      lineAmount: '10650.00',
      fees: [{ name: '运费', amount: '710.00' }],
      feeTotal: '710.00',
      totalAmount: '11360.00',
      lowest: false,
      highest: true,
    });
    // 1.234567 EUR × 7.654321 = 9.449772114007 → 9.449772 (half up, 6 decimals); × 1000 = 9449.77.
    expect(by('200004')).toMatchObject({
      priceExcludingTax: '9.449772',
      quoteCurrency: 'EUR',
      lineAmount: '9449.77',
      lowest: true,
    });
    expect(by('200001')).toMatchObject({
      priceExcludingTax: '10.600000',
      quoteCurrency: 'CNY',
      lowest: false,
    });
    // The award writes the converted price (the RFQ's currency) into the price master.
    const award = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version: res.data.record.version,
      lines: [{ itemId, awards: [{ toElsAccount: '200004', quota: '100' }] }],
    });
    expect(award.json().code, award.json().message).toBe('200');
  });

  it('refuses a rate table that lists the own currency, a currency twice or a bad rate', async () => {
    const own = await post(
      `${P}/save`,
      s.buyer,
      body({ currencyRateJson: [{ currency: 'CNY', exchangeRate: '1' }] }),
    );
    expect(own.json().code).toBe('400');
    const twice = await post(
      `${P}/save`,
      s.buyer,
      body({
        currencyRateJson: [
          { currency: 'USD', exchangeRate: '7.1' },
          { currency: 'USD', exchangeRate: '7.2' },
        ],
      }),
    );
    expect(twice.json().code).toBe('400');
    const bad = await post(
      `${P}/save`,
      s.buyer,
      body({ currencyRateJson: [{ currency: 'usd', exchangeRate: 'x' }] }),
    );
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('body.currencyRateJson');
  });
});

describe('cost templates library', () => {
  it('saves named templates, refuses a duplicate name, and pages them by name', async () => {
    const a = await post(`${T}/save`, s.buyer, {
      templateName: '测试-电子件成本',
      costItems: ['材料', '加工', '测试'],
    });
    expect(a.json().code, a.json().message).toBe('200');
    const dup = await post(`${T}/save`, s.buyer, { templateName: '测试-电子件成本', costItems: ['材料'] });
    expect(dup.json().code).toBe('400');
    expect(dup.json().message).toContain('测试-电子件成本');
    const repeatedItem = await post(`${T}/save`, s.buyer, {
      templateName: '重复项',
      costItems: ['材料', '材料'],
    });
    expect(repeatedItem.json().code).toBe('400');
    // Another company may use the same name: names are unique per buyer.
    const other = await post(`${T}/save`, s.other, { templateName: '测试-电子件成本', costItems: ['材料'] });
    expect(other.json().code, other.json().message).toBe('200');
    const b = await post(`${T}/save`, s.buyer, {
      templateName: '测试-钣金件成本',
      costItems: ['钢材', '冲压'],
    });
    expect(b.json().code).toBe('200');
    // Renaming onto an existing name is refused too; editing keeps its name.
    const rename = await post(`${T}/save`, s.buyer, {
      id: b.json().data.id,
      version: b.json().data.version,
      templateName: '测试-电子件成本',
      costItems: ['钢材'],
    });
    expect(rename.json().code).toBe('400');
    const first = (await post(`${T}/findPageList`, s.buyer, { pageSize: 1, templateName: '测试-' })).json()
      .data;
    expect(first.rows).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await post(`${T}/findPageList`, s.buyer, {
        pageSize: 1,
        templateName: '测试-',
        cursor: first.nextCursor,
      })
    ).json().data;
    expect([first.rows[0].templateName, second.rows[0].templateName].sort()).toEqual([
      '测试-电子件成本',
      '测试-钣金件成本',
    ]);
    const mine = (await post(`${T}/findPageList`, s.other, { pageSize: 10 })).json().data;
    expect(mine.rows.map((r: { costItems: string[] }) => r.costItems)).toEqual([['材料']]);
  });

  it('fills a new cost-breakdown RFQ from a picked template, never from another company’s', async () => {
    const saved = (
      await post(`${T}/save`, s.buyer, { templateName: '测试-注塑件', costItems: ['原料', '注塑', '包装'] })
    ).json().data;
    const rfq = await save({ quoteMethod: '3', costTemplateId: saved.id });
    expect((await headerOf(rfq.id)).costConstituteJson).toEqual(['原料', '注塑', '包装']);
    const theirs = (await post(`${T}/save`, s.other, { templateName: '别家模板', costItems: ['x'] })).json()
      .data;
    const refused = await post(`${P}/save`, s.buyer, body({ quoteMethod: '3', costTemplateId: theirs.id }));
    expect(refused.json().code).toBe('400');
    const stale = await post(`${T}/delete/${saved.id}`, s.buyer, { version: saved.version + 1 });
    expect(stale.json().code).toBe('409');
    const gone = await post(`${T}/delete/${saved.id}`, s.buyer, { version: saved.version });
    expect(gone.json().code).toBe('200');
    // The RFQ keeps its items after the template is deleted.
    expect((await headerOf(rfq.id)).costConstituteJson).toEqual(['原料', '注塑', '包装']);
  });
});
