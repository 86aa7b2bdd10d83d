import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The supplier's quote sheet (issue #13): download of its invited lines, upload through the quote route's
 * rules (all or nothing, per-row errors), invitation and deadline checks.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
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

async function published(suppliers: string[][], quoteMethod = '1') {
  const saved = await post(`${P}/save`, s.buyer, {
    enquiryDesc: '报价单测试',
    quoteMethod,
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    lines: suppliers.map((list, i) => ({
      materialId: materials[i].id,
      quantity: '1000',
      deliveryDate: '2027-01-31',
      suppliers: list,
    })),
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const res = await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as { id: string };
}

const download = (id: string, session: Session, lang = 'en') =>
  server.app.inject({ method: 'GET', url: `${S}/quoteSheet/${id}`, headers: { ...session.headers, lang } });

async function sheetOf(id: string, session: Session, lang = 'en') {
  const res = await download(id, session, lang);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

function multipart(bytes: Buffer) {
  const boundary = '----srmquotesheetboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(id: string, book: ExcelJS.Workbook, session: Session, lang = 'en') {
  const body = multipart(Buffer.from(await book.xlsx.writeBuffer()));
  return server.app.inject({
    method: 'POST',
    url: `${S}/importQuoteSheet/${id}`,
    headers: { ...session.headers, ...body.headers, lang },
    payload: body.payload,
  });
}

/** The column number of a header label on the first row. */
function columnOf(sheet: ExcelJS.Worksheet, label: string): number {
  let found = 0;
  sheet.getRow(1).eachCell((cell, col) => {
    if (String(cell.value) === label) found = col;
  });
  expect(found, label).toBeGreaterThan(0);
  return found;
}

describe('RFQ quote sheet (Excel)', () => {
  it('downloads only the invited lines, uploads prices into the quote, and prefills them next time', async () => {
    const rfq = await published([
      ['200001', '200003', '200004'],
      ['200002', '200003', '200004'],
      ['200001', '200003', '200004'],
    ]);
    const book = await sheetOf(rfq.id, s['200001']);
    const sheet = book.worksheets[0];
    expect(sheet.actualRowCount).toBe(3); // header + the two invited lines
    const material = columnOf(sheet, 'Material number');
    const numbers = [2, 3].map((r) => String(sheet.getRow(r).getCell(material).value));
    expect(numbers).toEqual([materials[0].materialNumber, materials[2].materialNumber]);
    expect(numbers).not.toContain(materials[1].materialNumber);
    const price = columnOf(sheet, 'Unit price excl. tax');
    sheet.getRow(2).getCell(price).value = 9.8;
    sheet.getRow(3).getCell(price).value = '12.345678';
    const res = await upload(rfq.id, book, s['200001']);
    expect(res.json().code, res.json().message).toBe('200');
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(
      page.lines.map((l: { quote: { priceExcludingTax: string } }) => l.quote?.priceExcludingTax),
    ).toEqual(['9.800000', '12.345678']);
    expect(page.lines[0].quoteStatus).toBe('2');
    // Prefilled on the next download, labels in Chinese.
    const again = (await sheetOf(rfq.id, s['200001'], 'zh_cn')).worksheets[0];
    const zhPrice = columnOf(again, '不含税单价');
    expect(String(again.getRow(2).getCell(zhPrice).value)).toBe('9.8');
  });

  it('refuses bad rows with row, column and message, and stores nothing', async () => {
    const rfq = await published(
      [
        ['200001', '200003', '200004'],
        ['200001', '200003', '200004'],
      ],
      '2',
    );
    const book = await sheetOf(rfq.id, s['200001']);
    const sheet = book.worksheets[0];
    const ladder = columnOf(sheet, 'Ladder (quantity:unit price excl. tax; …)');
    sheet.getRow(2).getCell(ladder).value = '1000:9.8; 5000:9.5';
    sheet.getRow(3).getCell(ladder).value = '5000:9.5; 1000:9.8';
    const notRising = (await upload(rfq.id, book, s['200001'])).json();
    expect(notRising.code).toBe('400');
    expect(notRising.data.errors).toEqual([
      {
        row: 3,
        field: 'Ladder (quantity:unit price excl. tax; …)',
        message: 'Ladder step 2: the quantity must be greater than the previous step',
      },
    ]);
    sheet.getRow(3).getCell(ladder).value = '1000:abc';
    const zh = (await upload(rfq.id, book, s['200001'], 'zh_cn')).json();
    expect(zh.code).toBe('400');
    expect(zh.data.errors[0]).toMatchObject({ row: 3, field: '阶梯价格（数量:不含税单价; …）' });
    expect(JSON.stringify(zh)).not.toContain(rfq.id);
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(page.lines.every((l: { quote: unknown }) => l.quote === null)).toBe(true);
    // Fixed: both ladders stored.
    sheet.getRow(3).getCell(ladder).value = '1000:9.9；2000：9.7';
    const fixed = (await upload(rfq.id, book, s['200001'])).json();
    expect(fixed.code, fixed.message).toBe('200');
    expect(fixed.data.lines[1].quote.ladder).toEqual([
      { quantity: '1000.000', price: '9.900000' },
      { quantity: '2000.000', price: '9.700000' },
    ]);
  });

  it("refuses a unit price 'abc' or 0 and an unknown line number", async () => {
    const rfq = await published([
      ['200001', '200003', '200004'],
      ['200001', '200003', '200004'],
    ]);
    const book = await sheetOf(rfq.id, s['200003']);
    const sheet = book.worksheets[0];
    const price = columnOf(sheet, 'Unit price excl. tax');
    sheet.getRow(2).getCell(price).value = 'abc';
    sheet.getRow(3).getCell(price).value = 0;
    sheet.getRow(4).getCell(1).value = 990;
    sheet.getRow(4).getCell(price).value = 5;
    const res = (await upload(rfq.id, book, s['200003'])).json();
    expect(res.code).toBe('400');
    expect(res.message).toBe('3 rows have errors; no quote was submitted');
    expect(res.data.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [2, 'Unit price excl. tax'],
      [3, 'Unit price excl. tax'],
      [4, 'Line number'],
    ]);
    expect(res.data.errors[1].message).toBe('Unit price excl. tax must be greater than 0');
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200003'])).json().data;
    expect(page.lines.every((l: { quote: unknown }) => l.quote === null)).toBe(true);
  });

  it('answers 404 to a supplier that is not invited, and 400 after the deadline', async () => {
    const rfq = await published([['200001', '200003', '200004']]);
    const book = await sheetOf(rfq.id, s['200001']);
    const price = columnOf(book.worksheets[0], 'Unit price excl. tax');
    book.worksheets[0].getRow(2).getCell(price).value = 3;
    expect((await download(rfq.id, s['200002'])).json().code).toBe('404');
    expect((await upload(rfq.id, book, s['200002'])).json().code).toBe('404');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const late = (await upload(rfq.id, book, s['200001'])).json();
    expect(late.code).toBe('400');
    expect(late.message).toContain('not open for quotes');
    expect((await download(rfq.id, s['200001'])).json().code).toBe('400');
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(page.lines[0].quote).toBeNull();
  });

  it('answers 400 to a file that is not a workbook', async () => {
    const rfq = await published([['200001', '200003', '200004']]);
    const body = multipart(Buffer.from('not a workbook'));
    const res = await server.app.inject({
      method: 'POST',
      url: `${S}/importQuoteSheet/${rfq.id}`,
      headers: { ...s['200001'].headers, ...body.headers, lang: 'en' },
      payload: body.payload,
    });
    expect(res.json().code).toBe('400');
  });
});

describe('comparison export', () => {
  it('writes the comparison the buyer sees, one row per line × supplier, only once the quotes are open', async () => {
    const rfq = await published([
      ['200001', '200002', '200003'],
      ['200001', '200002', '200003'],
    ]);
    for (const [account, prices] of [
      ['200001', ['9.5', '20']],
      ['200002', ['9.25', '21']],
    ] as const) {
      const page = (await get(`${S}/findQuote/${rfq.id}`, s[account])).json().data;
      const res = await post(`${S}/quote/${rfq.id}`, s[account], {
        lines: page.lines.map((l: { itemId: string }, i: number) => ({
          itemId: l.itemId,
          priceExcludingTax: prices[i],
        })),
      });
      expect(res.json().code, res.json().message).toBe('200');
    }
    const url = `${P}/exportComparison/${rfq.id}`;
    const sealed = await server.app.inject({
      method: 'GET',
      url,
      headers: { ...s.buyer.headers, lang: 'en' },
    });
    expect(sealed.json().code).toBe('400');
    // Another supplier never reads it.
    const other = await server.app.inject({ method: 'GET', url, headers: s['200001'].headers });
    expect(other.statusCode === 200 && String(other.headers['content-type']).includes('spreadsheetml')).toBe(
      false,
    );
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const res = await server.app.inject({ method: 'GET', url, headers: { ...s.buyer.headers, lang: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Unit price excl. tax');
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i]])));
    });
    const expected = comparison.lines.flatMap(
      (l: { quotes: Array<{ toElsAccount: string; lineAmount: string | null }> }) => l.quotes,
    );
    expect(rows).toHaveLength(expected.length);
    const lowest = rows.filter((r) => r['Lowest/highest'] === 'Lowest');
    expect(lowest.map((r) => [r.Line, String(r.Supplier).slice(0, 6)])).toEqual([
      [1, '200002'],
      [2, '200001'],
    ]);
    const amounts = rows.map((r) => r['Line amount excl. tax'] ?? null).filter((a) => a !== null);
    expect(amounts.map(String).sort()).toEqual(
      expected
        .map((q: { lineAmount: string | null }) => q.lineAmount)
        .filter((a: string | null) => a !== null)
        .map(String)
        .sort(),
    );
  });
});
