import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRfqCurrency } from '../src/modules/enquiry/service.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material, priceMaster } from '../src/modules/masterdata/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The comparison's savings against the last price in the RFQ's currency (issue #13): the newest
 * price-master record's price is converted with the RFQ's rate for its currency (the same conversion as the
 * requisition budget), its currency and price as recorded are answered too, and without a rate the last
 * price and the savings against it stay empty with the reason 'noRate'.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
const SUPPLIERS = ['200001', '200003', '200004'];
let item: { id: string; materialNumber: string };
/** Each new price record starts a year later, so it is always the newest (the last price). */
let year = 2090;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of SUPPLIERS) s[a] = await login(server, a, 'admin');
  [item] = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

/** A newest price-master record of the material: `price` per `priceBase` units in `currency`. */
async function lastPriceIs(price: string, currency: string, priceBase = '1') {
  year += 1;
  await server.database.db.insert(priceMaster).values({
    elsAccount: '100000',
    toElsAccount: '200001',
    materialId: item.id,
    materialNumber: item.materialNumber,
    priceExcludingTax: price,
    taxRate: '13',
    priceIncludingTax: price,
    currency,
    priceBase,
    validStartDate: new Date(`${year}-01-01T00:00:00Z`),
    priceExpiryDate: new Date(`${year}-12-31T00:00:00Z`),
    createUser: 'buyer1',
    lastUpdateUser: 'buyer1',
  });
}

/** A published RFQ of the material (quantity 10) in `currency`, quoted by 200001 at `price`, opened. */
async function comparedAt(
  currency: string,
  rates: Array<{ currency: string; exchangeRate: string }>,
  price: string,
) {
  const saved = await post(`${P}/save`, s.buyer, {
    enquiryDesc: '上次价格币种',
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    currency,
    currencyRateJson: rates,
    lines: [{ materialId: item.id, quantity: '10', deliveryDate: '2027-01-31', suppliers: SUPPLIERS }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const published = await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version });
  expect(published.json().code, published.json().message).toBe('200');
  const page = (await get(`${S}/findQuote/${row.id}`, s['200001'])).json().data;
  const quoted = await post(`${S}/quote/${row.id}`, s['200001'], {
    lines: [{ itemId: page.lines[0].itemId, priceExcludingTax: price }],
  });
  expect(quoted.json().code, quoted.json().message).toBe('200');
  await server.database.db
    .update(enquiry)
    .set({ quoteEndTime: new Date(Date.now() - 60_000) })
    .where(eq(enquiry.id, row.id));
  const res = fullComparison((await get(`${P}/findComparison/${row.id}`, s.buyer)).json());
  expect(res.code, res.message).toBe('200');
  const line = res.data.lines[0];
  return { line, quote: line.quotes.find((q: { toElsAccount: string }) => q.toElsAccount === '200001') };
}

describe('savings against the last price in the RFQ currency', () => {
  it('converts a last price in USD into a CNY RFQ with the RFQ rate for USD', async () => {
    await lastPriceIs('2', 'USD');
    const { line, quote } = await comparedAt('CNY', [{ currency: 'USD', exchangeRate: '7.1' }], '13.2');
    expect(line).toMatchObject({
      lastPrice: '14.200000',
      lastPriceCurrency: 'USD',
      lastPriceOriginal: '2.000000',
      lastPriceMissing: null,
    });
    // (14.2 − 13.2) × 10 = 10.00; 1 / 14.2 = 7.04 %.
    expect(quote).toMatchObject({ priceExcludingTax: '13.200000', savings: '10.00', savingsRate: '7.04' });
  });

  it('converts a last price in CNY into a USD RFQ with the RFQ rate for CNY (per its price base)', async () => {
    // 1,400 CNY per 100 units = 14 CNY per unit; × 0.14 = 1.96 USD.
    await lastPriceIs('1400', 'CNY', '100');
    const { line, quote } = await comparedAt('USD', [{ currency: 'CNY', exchangeRate: '0.14' }], '2');
    expect(line).toMatchObject({
      lastPrice: '1.960000',
      lastPriceCurrency: 'CNY',
      lastPriceOriginal: '14.000000',
      lastPriceMissing: null,
    });
    // Quoted above the last price: negative savings, (1.96 − 2) × 10 = −0.40, −0.04 / 1.96 = −2.04 %.
    expect(quote).toMatchObject({ savings: '-0.40', savingsRate: '-2.04' });
  });

  it('leaves the last price and its savings empty, with the reason, when the RFQ has no rate for it', async () => {
    await lastPriceIs('2', 'USD');
    // A CNY RFQ taking only EUR: nothing says what a USD price is worth in CNY.
    const { line, quote } = await comparedAt('CNY', [{ currency: 'EUR', exchangeRate: '7.8' }], '13.2');
    expect(line).toMatchObject({
      lastPrice: null,
      lastPriceCurrency: 'USD',
      lastPriceOriginal: '2.000000',
      lastPriceMissing: 'noRate',
    });
    // Never compared across currencies: 13.2 CNY against 2 USD would show a large "loss".
    expect(quote).toMatchObject({ priceExcludingTax: '13.200000', savings: null, savingsRate: null });
  });

  it('compares a last price in the RFQ currency as it is', async () => {
    await lastPriceIs('12', 'CNY');
    const { line, quote } = await comparedAt('CNY', [], '11');
    expect(line).toMatchObject({ lastPrice: '12.000000', lastPriceCurrency: 'CNY', lastPriceMissing: null });
    expect(quote).toMatchObject({ savings: '10.00', savingsRate: '8.33' });
  });

  it('inRfqCurrency: as is in the own currency, × the listed rate, null without one', () => {
    const row = { currency: 'CNY', currencyRateJson: [{ currency: 'USD', exchangeRate: '7.123456' }] };
    expect(inRfqCurrency(row, '1.234567', 'CNY')).toBe('1.234567');
    expect(inRfqCurrency(row, '1.234567', 'USD')).toBe('8.794384');
    expect(inRfqCurrency(row, '1.234567', 'JPY')).toBeNull();
  });
});
