import { expandComparisonLines } from '@srm/contracts/enquiry-comparison';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPARISON_CONCURRENCY,
  COMPARISON_QUEUE,
  comparisonLoad,
  configureComparisonLimit,
  limitComparison,
} from '../src/modules/enquiry/comparison-limit.ts';
import { comparisonSummaryCacheSize } from '../src/modules/enquiry/service.ts';
import { enquiry, enquiryQuote } from '../src/modules/enquiry/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The RFQ comparison paged by line (issue #13, "stays light at 500 lines × 20 suppliers"): pages cover every
 * line exactly once, the first page's SQL summary equals the totals of the lines, the sealing and password
 * rules and tenant scoping hold on every page, bad paging input is '400', and the per-process limit answers
 * '429' to a call beyond its running + waiting places (comparison-limit.ts).
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
const SUPPLIERS = ['200001', '200003', '200004'];
const LINES = 12;
let rfqId = '';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.other = await login(server, '100002', 'admin');
  for (const a of SUPPLIERS) s[a] = await login(server, a, 'admin');
  const materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
  // 12 lines (materials reused), quantities 100 and 1000 in turn so the ladders' steps differ per line.
  const saved = await post(`${P}/save`, s.buyer, {
    enquiryDesc: '分页比价',
    quoteMethod: '2',
    additionFeeJson: ['运费'],
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    lines: Array.from({ length: LINES }, (_, i) => ({
      materialId: materials[i % materials.length].id,
      quantity: i % 2 ? '1000' : '100',
      deliveryDate: '2027-01-31',
      suppliers: SUPPLIERS,
    })),
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const published = await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version });
  expect(published.json().code, published.json().message).toBe('200');
  rfqId = row.id;
  // Each supplier quotes every line but one (200004 declines nothing, skips line 5): ladders from 1 and
  // from 500, prices differing per line so the lowest moves between suppliers; 200003 adds freight.
  for (const [n, account] of SUPPLIERS.entries()) {
    const page = (await get(`${S}/findQuote/${rfqId}`, s[account])).json().data;
    const lines = page.lines
      .map((l: { itemId: string }, i: number) => {
        const base = 10 + ((i * 7 + n * 5) % 11) / 4;
        return {
          itemId: l.itemId,
          ladder: [
            { quantity: '1', price: base.toFixed(4) },
            { quantity: '500', price: (base * 0.9).toFixed(4) },
          ],
          ...(account === '200003' ? { fees: [{ name: '运费', amount: `${(i + 1) * 10}.55` }] } : {}),
        };
      })
      .filter((_: unknown, i: number) => !(account === '200004' && i === 4));
    const res = await post(`${S}/quote/${rfqId}`, s[account], { lines });
    expect(res.json().code, res.json().message).toBe('200');
  }
});
afterAll(async () => {
  await server?.close();
});

const endNow = () =>
  server.database.db
    .update(enquiry)
    .set({ quoteEndTime: new Date(Date.now() - 60_000) })
    .where(eq(enquiry.id, rfqId));
const page = (query: string, session = s.buyer, lang: 'en' | 'zh_cn' = 'en') =>
  server.app.inject({
    method: 'GET',
    url: `${P}/findComparison/${rfqId}${query}`,
    headers: { ...session.headers, lang },
  });

const invitationPage = (query: string, session = s.buyer) =>
  server.app.inject({
    method: 'GET',
    url: `${P}/findInvitations/${rfqId}${query}`,
    headers: { ...session.headers, lang: 'en' },
  });

describe('RFQ invitations paged by line (issue #13)', () => {
  it('answers every line once across pages, in order, with the line count; default 50', async () => {
    const numbers: number[] = [];
    const sizes: number[] = [];
    let query = '?limit=5';
    for (let i = 0; i < 10; i++) {
      const res = (await invitationPage(query)).json();
      expect(res.code, res.message).toBe('200');
      expect(res.data.lineCount).toBe(LINES);
      // Before the deadline: statuses, never a price.
      expect(res.data.sealed).toBe(true);
      expect(JSON.stringify(res.data)).not.toContain('price');
      sizes.push(res.data.lines.length);
      for (const l of res.data.lines) {
        numbers.push(l.lineNumber);
        expect(l.suppliers.map((x: { toElsAccount: string }) => x.toElsAccount).sort()).toEqual(SUPPLIERS);
      }
      if (res.data.nextLineFrom === null) break;
      query = `?lineFrom=${res.data.nextLineFrom}&limit=5`;
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(numbers).toHaveLength(LINES);
    expect(new Set(numbers).size).toBe(LINES);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const whole = (await invitationPage('')).json().data;
    expect(whole.lines.map((l: { lineNumber: number }) => l.lineNumber)).toEqual(numbers);
    expect(whole.nextLineFrom).toBeNull();
    // The quotes given are statuses here: every supplier quoted every line but 200004 on line 5.
    const line5 = whole.lines[4].suppliers.find((x: { toElsAccount: string }) => x.toElsAccount === '200004');
    expect(line5.quoteStatus).toBe('0');
  });

  it("answers 404 for another company's RFQ and 400 naming the field for bad paging", async () => {
    expect((await invitationPage('', s.other)).json().code).toBe('404');
    for (const q of ['?limit=0', '?limit=201', '?limit=abc']) {
      const res = (await invitationPage(q)).json();
      expect(res.code, q).toBe('400');
      expect(res.message, q).toContain('limit');
    }
    const bad = (await invitationPage('?lineFrom=-1')).json();
    expect(bad.code).toBe('400');
    expect(bad.message).toContain('lineFrom');
    const past = (await invitationPage('?lineFrom=100000')).json();
    expect(past.data).toMatchObject({ lines: [], nextLineFrom: null, lineCount: LINES });
  });
});

describe('RFQ comparison paged by line (issue #13)', () => {
  it('stays sealed on every page before the deadline', async () => {
    for (const q of ['', '?lineFrom=0&limit=5', '?lineFrom=60'])
      expect((await page(q)).json().code).toBe('400');
    expect((await page('?limit=5')).json().message).toContain('sealed');
  });

  it('answers every line exactly once across pages, in line order, with a summary on the first page', async () => {
    await endNow();
    const seen: string[] = [];
    const numbers: number[] = [];
    const pages = [];
    let query = '?limit=5';
    for (let i = 0; i < 10; i++) {
      const res = (await page(query)).json();
      expect(res.code, res.message).toBe('200');
      pages.push(res.data);
      for (const l of res.data.lines) {
        seen.push(l.itemId);
        numbers.push(l.lineNumber);
      }
      if (i === 0) expect(res.data.summary).not.toBeNull();
      else expect(res.data.summary).toBeNull();
      if (res.data.nextLineFrom === null) break;
      query = `?lineFrom=${res.data.nextLineFrom}&limit=5`;
    }
    expect(pages.map((p) => p.lines.length)).toEqual([5, 5, 2]);
    expect(new Set(seen).size).toBe(LINES);
    expect(seen).toHaveLength(LINES);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const detail = (await get(`${P}/findDetail/${rfqId}`, s.buyer)).json().data;
    expect(new Set(seen)).toEqual(new Set(detail.lines.map((l: { id: string }) => l.id)));
    // The default page (50 lines) holds all 12, and equals the pages put together, cell for cell.
    const whole = (await page('')).json().data;
    expect(whole.lines).toHaveLength(LINES);
    expect(whole.nextLineFrom).toBeNull();
    const expanded = pages.flatMap((p) => expandComparisonLines(p));
    expect(expanded).toEqual(expandComparisonLines(whole));
    // Suppliers named once per page; cells carry an index, no names, no nulls.
    expect(whole.suppliers.map((x: { toElsAccount: string }) => x.toElsAccount).sort()).toEqual(SUPPLIERS);
    const cells = JSON.stringify(whole.lines.map((l: { quotes: unknown[] }) => l.quotes));
    expect(cells).not.toContain('supplierName');
    expect(cells).not.toContain(':null');
    expect(cells).not.toContain(':false');

    // The summary (one SQL statement) equals the totals of the lines as the page prices them.
    const lines = expandComparisonLines(whole);
    const cents = (v: string | null) => (v === null ? 0 : Math.round(Number(v) * 100));
    const money = (c: number) => (c / 100).toFixed(2);
    const expected = SUPPLIERS.map((account) => {
      const cells = lines.flatMap((l) => l.quotes.filter((q) => q.toElsAccount === account));
      return {
        toElsAccount: account,
        invitedLines: cells.length,
        quotedLines: cells.filter((q) => q.priceExcludingTax !== null).length,
        declinedLines: cells.filter((q) => q.quoteStatus === '4').length,
        lowestLines: cells.filter((q) => q.lowest).length,
        amount: money(cells.reduce((t, q) => t + cents(q.lineAmount), 0)),
        totalAmount: money(cells.reduce((t, q) => t + cents(q.totalAmount ?? q.lineAmount), 0)),
      };
    });
    const summary = whole.summary ?? pages[0].summary;
    expect(summary.suppliers).toMatchObject(expected);
    expect(summary.lineCount).toBe(LINES);
    expect(summary.quotedLines).toBe(LINES);
    const lowest = lines.reduce(
      (t, l) => t + Math.min(...l.quotes.filter((q) => q.lineAmount).map((q) => cents(q.lineAmount))),
      0,
    );
    expect(summary.lowestTotal).toBe(money(lowest));
    // The ladder step for the quantity: from 500 on 1000 pieces, the first step on 100.
    const cell = (l: (typeof lines)[number]) => l.quotes.find((q) => q.toElsAccount === '200001')!;
    expect(Number(cell(lines[1]).priceExcludingTax)).toBeCloseTo(Number(cell(lines[1]).ladder![1].price), 6);
    expect(Number(cell(lines[0]).priceExcludingTax)).toBeCloseTo(Number(cell(lines[0]).ladder![0].price), 6);
    // 200004 skipped line 5: no price there, and the fee-paying 200003's totals include its freight.
    expect(lines[4].quotes.find((q) => q.toElsAccount === '200004')!.priceExcludingTax).toBeNull();
    expect(
      summary.suppliers.find((x: { toElsAccount: string }) => x.toElsAccount === '200004').quotedLines,
    ).toBe(LINES - 1);
    const s3 = summary.suppliers.find((x: { toElsAccount: string }) => x.toElsAccount === '200003');
    expect(cents(s3.totalAmount) - cents(s3.amount)).toBe(
      Array.from({ length: LINES }, (_, i) => (i + 1) * 1000 + 55).reduce((a, b) => a + b, 0),
    );
  });

  it("answers 404 for another company's RFQ and 400 naming the field for bad paging", async () => {
    expect((await page('', s.other)).json().code).toBe('404');
    expect((await page('?lineFrom=0&limit=5', s.other)).json().code).toBe('404');
    for (const q of ['?limit=0', '?limit=201', '?limit=abc', '?limit=1.5']) {
      const res = (await page(q)).json();
      expect(res.code, q).toBe('400');
      expect(res.message, q).toContain('limit');
    }
    for (const q of ['?lineFrom=-1', '?lineFrom=99999999999', '?lineFrom=x']) {
      const res = (await page(q)).json();
      expect(res.code, q).toBe('400');
      expect(res.message, q).toContain('lineFrom');
    }
    // A start past the last line is an empty last page.
    const past = (await page('?lineFrom=100000')).json();
    expect(past.code).toBe('200');
    expect(past.data).toMatchObject({ lines: [], nextLineFrom: null, summary: null });
  });

  it('keeps a password-protected RFQ closed on every page until a colleague opens it', async () => {
    await server.database.db
      .update(enquiry)
      .set({ passWordSet: '1', openTime: null })
      .where(eq(enquiry.id, rfqId));
    for (const q of ['', '?lineFrom=0&limit=5']) {
      const res = (await page(q)).json();
      expect(res.code).toBe('400');
      expect(res.message).toContain('opening password');
    }
    await server.database.db.update(enquiry).set({ passWordSet: '0' }).where(eq(enquiry.id, rfqId));
    expect((await page('?limit=1')).json().code).toBe('200');
  });

  it("answers '429' with Retry-After to the call beyond the limit's running and waiting places", async () => {
    // Fill all but one place the limit has (its queue is bounded by the expected wait: the recent
    // average duration, frozen while nothing finishes) with calls that wait on us, then send two
    // comparisons at once: one waits in the queue, the other is refused at once; released, the waiting
    // one answers.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // A fresh limit whose recent average is a quiet machine's page (~40 ms): what came before in this file
    // (slow on a busy machine) does not decide how many places there are.
    configureComparisonLimit({ initialMs: 40 });
    const places = comparisonLoad().room;
    expect(places).toBeGreaterThan(COMPARISON_CONCURRENCY);
    expect(places).toBeLessThanOrEqual(COMPARISON_CONCURRENCY + COMPARISON_QUEUE);
    const held = Array.from({ length: places - 1 }, () => limitComparison(() => gate));
    await new Promise((r) => setTimeout(r, 10));
    expect(comparisonLoad()).toMatchObject({
      active: COMPARISON_CONCURRENCY,
      pending: places - 1 - COMPARISON_CONCURRENCY,
      room: 1,
    });
    const [a, b] = [page('?limit=5'), page('?limit=5', s.buyer, 'zh_cn')];
    const first = await Promise.race([a.then(() => 'a'), b.then(() => 'b')]);
    const refused = await (first === 'a' ? a : b);
    const { retrySeconds } = comparisonLoad();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(retrySeconds));
    expect(refused.json().code).toBe('429');
    expect(refused.json().message).toMatch(
      first === 'a'
        ? new RegExp(`Too many price comparisons.*${retrySeconds} seconds`)
        : new RegExp(`正在计算的比价过多，请 ${retrySeconds} 秒后再试`),
    );
    // The export is under the same limit.
    const exported = await get(`${P}/exportComparison/${rfqId}`, s.buyer);
    expect(exported.statusCode).toBe(429);
    release();
    await Promise.all(held);
    const waited = await (first === 'a' ? b : a);
    expect(waited.json().code).toBe('200');
    expect(comparisonLoad()).toMatchObject({ active: 0, pending: 0 });
    expect((await get(`${P}/exportComparison/${rfqId}`, s.buyer)).statusCode).toBe(200);
  });
});

describe('the comparison Excel export, streamed (issue #13)', () => {
  it('streams every line of a 230-line RFQ (three pages of 100) and reads back as the comparison', async () => {
    const LINES_BIG = 230;
    const materials = await server.database.db
      .select()
      .from(material)
      .where(eq(material.elsAccount, '100000'));
    const saved = await post(`${P}/save`, s.buyer, {
      enquiryDesc: '流式导出比价',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: Array.from({ length: LINES_BIG }, (_, i) => ({
        materialId: materials[i % materials.length].id,
        quantity: String(10 + i),
        deliveryDate: '2027-01-31',
        suppliers: SUPPLIERS,
      })),
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let row = saved.json().data;
    row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
    expect((await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().code).toBe('200');
    // Each supplier prices line i at 1 + i / 100 + its own step, so every row's amount is known.
    for (const [n, account] of SUPPLIERS.entries()) {
      const quotePage = (await get(`${S}/findQuote/${row.id}`, s[account])).json().data;
      const res = await post(`${S}/quote/${row.id}`, s[account], {
        lines: quotePage.lines.map((l: { itemId: string }, i: number) => ({
          itemId: l.itemId,
          priceExcludingTax: (1 + i / 100 + n / 4).toFixed(2),
        })),
      });
      expect(res.json().code, res.json().message).toBe('200');
    }
    const url = `${P}/exportComparison/${row.id}`;
    // Sealed before the deadline: a plain '400' answer, no file.
    const sealed = await server.app.inject({
      method: 'GET',
      url,
      headers: { ...s.buyer.headers, lang: 'en' },
    });
    expect(sealed.json().code).toBe('400');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, row.id));

    const res = await server.app.inject({ method: 'GET', url, headers: { ...s.buyer.headers, lang: 'en' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="comparison-RFQ[\w-]+\.xlsx"$/);
    // Streamed: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Comparison');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 3)).toEqual(['Line', 'Material number', 'Material description']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((r, n) => {
      if (n === 1) return;
      const values = (r.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
    });
    expect(rows).toHaveLength(LINES_BIG * SUPPLIERS.length);
    // Every line once per supplier, in line order, and the lowest is 200001 (the cheapest step) on each.
    const lines = rows.map((r) => Number(r.Line));
    expect(new Set(lines).size).toBe(LINES_BIG);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    const lowest = rows.filter((r) => r['Lowest/highest'] === 'Lowest');
    expect(lowest).toHaveLength(LINES_BIG);
    expect(lowest.every((r) => String(r.Supplier).startsWith('200001 '))).toBe(true);
    // The last line (index 229): quantity 239 × (1 + 2.29 + 0.5) = 905.81 for 200004.
    const last = rows.filter((r) => Number(r.Line) === lines[lines.length - 1]);
    expect(last.find((r) => String(r.Supplier).startsWith('200004 '))?.['Line amount excl. tax']).toBe(
      '905.81',
    );
    // The same figures as the paged comparison.
    const cells: string[] = [];
    let query = '?limit=200';
    for (;;) {
      const pageRes = (
        await server.app.inject({
          method: 'GET',
          url: `${P}/findComparison/${row.id}${query}`,
          headers: { ...s.buyer.headers, lang: 'en' },
        })
      ).json();
      for (const l of expandComparisonLines(pageRes.data))
        for (const q of l.quotes) cells.push(`${q.toElsAccount}:${q.lineAmount}`);
      if (pageRes.data.nextLineFrom === null) break;
      query = `?lineFrom=${pageRes.data.nextLineFrom}&limit=200`;
    }
    expect(rows.map((r) => `${String(r.Supplier).slice(0, 6)}:${r['Line amount excl. tax']}`).sort()).toEqual(
      cells.sort(),
    );
  });
});

describe('the comparison summary, cached per RFQ version and quote revision (issue #13)', () => {
  it('serves the cached summary while nothing changed, and a new quote changes it at once', async () => {
    const db = server.database.db;
    const materials = await db.select().from(material).where(eq(material.elsAccount, '100000'));
    const saved = await post(`${P}/save`, s.buyer, {
      enquiryDesc: '比价汇总缓存',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [
        { materialId: materials[0].id, quantity: '100', deliveryDate: '2027-01-31', suppliers: SUPPLIERS },
      ],
    });
    let row = saved.json().data;
    row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
    expect((await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().code).toBe('200');
    const id = row.id as string;
    const quoteAt = async (account: string, price: string) => {
      const page = (await get(`${S}/findQuote/${id}`, s[account])).json().data;
      const res = await post(`${S}/quote/${id}`, s[account], {
        lines: [{ itemId: page.lines[0].itemId, priceExcludingTax: price }],
      });
      expect(res.json().code, res.json().message).toBe('200');
    };
    await quoteAt('200001', '10');
    await quoteAt('200003', '12');
    const setEnd = (at: Date, status: string) =>
      db.update(enquiry).set({ quoteEndTime: at, enquiryStatus: status }).where(eq(enquiry.id, id));
    await setEnd(new Date(Date.now() - 60_000), '1');
    const summary = async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: `${P}/findComparison/${id}`,
        headers: { ...s.buyer.headers, lang: 'en' },
      });
      expect(res.json().code, res.json().message).toBe('200');
      const data = res.json().data;
      const of = (account: string) =>
        data.summary.suppliers.find((x: { toElsAccount: string }) => x.toElsAccount === account);
      return { lowestTotal: data.summary.lowestTotal, s1: of('200001'), s4: of('200004') };
    };
    const before = await summary();
    expect(before.lowestTotal).toBe('1000.00');
    expect(before.s4).toMatchObject({ quotedLines: 0, amount: '0.00' });
    const cached = comparisonSummaryCacheSize();
    expect(cached).toBeGreaterThan(0);

    // Cached: a price changed behind the server's back (no version, no revision) is not seen …
    const [quote1] = await db
      .select()
      .from(enquiryQuote)
      .where(
        and(
          eq(enquiryQuote.enquiryId, id),
          eq(enquiryQuote.toElsAccount, '200001'),
          eq(enquiryQuote.status, '1'),
        ),
      );
    await db
      .update(enquiryQuote)
      .set({ priceExcludingTax: '9.000000' })
      .where(eq(enquiryQuote.id, quote1.id));
    expect(await summary()).toEqual(before);
    expect(comparisonSummaryCacheSize()).toBe(cached);
    await db
      .update(enquiryQuote)
      .set({ priceExcludingTax: '10.000000' })
      .where(eq(enquiryQuote.id, quote1.id));

    // … but a supplier's quote through the API (quoting reopened by hand, so the header's version stays)
    // raises the quote revision in its transaction: the next read answers the new figures.
    const version = (await db.select().from(enquiry).where(eq(enquiry.id, id)))[0].version;
    await setEnd(new Date(Date.now() + 3_600_000), '1');
    await quoteAt('200004', '8');
    await setEnd(new Date(Date.now() - 60_000), '2');
    const [after] = await db.select().from(enquiry).where(eq(enquiry.id, id));
    expect(after.version).toBe(version);
    const changed = await summary();
    expect(changed.s4).toMatchObject({ quotedLines: 1, lowestLines: 1, amount: '800.00' });
    expect(changed.lowestTotal).toBe('800.00');
    expect(changed.s1).toMatchObject({ lowestLines: 0, amount: '1000.00' });
  });
});
