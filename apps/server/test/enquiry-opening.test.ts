import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_END_JOB } from '../src/modules/enquiry/service.ts';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Opening an RFQ's quotes (issue #13 "sealed until the quote end time unless every invitee has quoted and
 * the RFQ says so; optional opening password entered by a second person"; "showQuoteInfo" rank): early
 * opening once all have answered, the opening password (never answered, not the creator, argon2id), and
 * the supplier's rank without another supplier's price or name.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
let materials: Array<{ id: string }>;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

async function published(extra: Record<string, unknown>) {
  const saved = await post(`${P}/save`, s.buyer, {
    enquiryDesc: '开标测试',
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    lines: [
      {
        materialId: materials[1].id,
        quantity: '100',
        deliveryDate: '2027-01-31',
        suppliers: ['200001', '200003', '200004'],
      },
    ],
    ...extra,
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
  expect(row.enquiryStatus).toBe('1');
  return row as { id: string; version: number; passWordSet: string };
}

async function quoteAs(account: string, id: string, price: string) {
  const page = (await get(`${S}/findQuote/${id}`, s[account])).json().data;
  const res = await post(`${S}/quote/${id}`, s[account], {
    lines: [{ itemId: page.lines[0].itemId, priceExcludingTax: price }],
  });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}

const detailOf = async (id: string) => (await get(`${P}/findDetail/${id}`, s.buyer)).json().data;

describe('RFQ opening', () => {
  it('opens early once every invitee has quoted or declined, when the RFQ says so — not before', async () => {
    const rfq = await published({ openOnAllQuoted: '1' });
    await quoteAs('200001', rfq.id, '8.8');
    await quoteAs('200003', rfq.id, '8.6');
    // Two of three have answered: still sealed.
    expect(fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).code).toBe('400');
    expect((await detailOf(rfq.id)).record.enquiryStatus).toBe('1');
    const declined = await post(`${S}/decline/${rfq.id}`, s['200004'], { reason: '产能不足' });
    expect(declined.json().code, declined.json().message).toBe('200');
    // The last answer ends quoting at once: the comparison opens, the deadline's timer is gone.
    const detail = await detailOf(rfq.id);
    expect(detail.record.enquiryStatus).toBe('2');
    expect(detail.trail.filter((t: { action: string }) => t.action === 'quoteEnd')).toHaveLength(1);
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(comparison.code, comparison.message).toBe('200');
    expect(comparison.data.lines[0].quotes.find((q: { lowest: boolean }) => q.lowest).toElsAccount).toBe(
      '200003',
    );
    const [job] = await server.database.db
      .select()
      .from(scheduledJob)
      .where(and(eq(scheduledJob.kind, QUOTE_END_JOB), eq(scheduledJob.jobKey, rfq.id)));
    expect(job?.state ?? 'cancelled').not.toBe('pending');
    // Quoting is over for everyone.
    const late = await post(`${S}/quote/${rfq.id}`, s['200001'], {
      lines: [{ itemId: comparison.data.lines[0].itemId, priceExcludingTax: '7' }],
    });
    expect(late.json().code).toBe('400');
  });

  it('without the option, all answers leave the RFQ sealed until its deadline', async () => {
    const rfq = await published({});
    for (const [a, p] of [
      ['200001', '9'],
      ['200003', '9.1'],
      ['200004', '9.2'],
    ])
      await quoteAs(a, rfq.id, p);
    expect((await detailOf(rfq.id)).record.enquiryStatus).toBe('1');
    const sealed = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(sealed.code).toBe('400');
    expect(sealed.message).toContain('报价截止前不能查看报价');
  });

  it('keeps the opening password write-only and lets only a second person open the quotes', async () => {
    const rfq = await published({ passWord: 'Open-Sesame1' });
    expect(rfq.passWordSet).toBe('1');
    const detail = await detailOf(rfq.id);
    expect(JSON.stringify(detail)).not.toContain('Open-Sesame1');
    expect(Object.keys(detail.record)).not.toContain('passWord');
    expect(Object.keys(detail.record)).not.toContain('passWordHash');
    const [stored] = await server.database.db.select().from(enquiry).where(eq(enquiry.id, rfq.id));
    expect(stored.passWordHash).toMatch(/^\$argon2id\$/);
    await quoteAs('200001', rfq.id, '5.5');
    // Before the deadline nobody opens it.
    const early = await post(`${P}/openQuotes/${rfq.id}`, s.admin, {
      version: detail.record.version,
      passWord: 'Open-Sesame1',
    });
    expect(early.json().code).toBe('400');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    // Past the deadline the comparison still waits for the password.
    const locked = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(locked.code).toBe('400');
    expect(locked.message).toContain('开标密码');
    const invitations = (await get(`${P}/findInvitations/${rfq.id}`, s.buyer)).json().data;
    expect(invitations).toMatchObject({ sealed: true, needsPassword: true });
    const version = (await detailOf(rfq.id)).record.version;
    // The creator may not open it, even with the right password; a wrong one is refused.
    const own = await post(`${P}/openQuotes/${rfq.id}`, s.buyer, { version, passWord: 'Open-Sesame1' });
    expect(own.json().code).toBe('400');
    expect(own.json().message).toMatch(/创建人以外|other than the RFQ’s creator/);
    const wrong = await post(`${P}/openQuotes/${rfq.id}`, s.admin, { version, passWord: 'open-sesame1' });
    expect(wrong.json().code).toBe('400');
    expect(wrong.json().message).toMatch(/开标密码错误|opening password is wrong/);
    const opened = await post(`${P}/openQuotes/${rfq.id}`, s.admin, { version, passWord: 'Open-Sesame1' });
    expect(opened.json().code, opened.json().message).toBe('200');
    expect(opened.json().data.record).toMatchObject({ openUser: '100000_admin', enquiryStatus: '2' });
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(comparison.code, comparison.message).toBe('200');
    expect(
      comparison.data.lines[0].quotes.find((q: { toElsAccount: string }) => q.toElsAccount === '200001'),
    ).toMatchObject({ priceExcludingTax: '5.500000' });
    // A second opening is refused: nothing left to open.
    const again = await post(`${P}/openQuotes/${rfq.id}`, s.admin, {
      version: opened.json().data.record.version,
      passWord: 'Open-Sesame1',
    });
    expect(again.json().code).toBe('400');
  });

  it('shows each supplier its own rank when the RFQ says so, never another price or name', async () => {
    const rfq = await published({ showQuoteInfo: '1' });
    const first = await quoteAs('200001', rfq.id, '10');
    expect(first.lines[0].rank).toBe(1);
    await quoteAs('200003', rfq.id, '9.5');
    const page1 = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(page1.lines[0].rank).toBe(2);
    const text = JSON.stringify(page1);
    expect(text).not.toContain('9.500000');
    expect(text).not.toContain('200003');
    const page3 = (await get(`${S}/findQuote/${rfq.id}`, s['200003'])).json().data;
    expect(page3.lines[0].rank).toBe(1);
    // No quote yet: no rank. Without the option: no rank at all.
    expect((await get(`${S}/findQuote/${rfq.id}`, s['200004'])).json().data.lines[0].rank).toBeNull();
    const hidden = await published({});
    expect((await quoteAs('200001', hidden.id, '10')).lines[0].rank).toBeNull();
  });
});

describe('RFQ rounds (bout)', () => {
  it('invites chosen suppliers to a new round with a message; the others keep their quote but cannot quote', async () => {
    const rfq = await published({});
    await quoteAs('200001', rfq.id, '10');
    await quoteAs('200003', rfq.id, '11');
    await quoteAs('200004', rfq.id, '12');
    // Not before the quotes are open.
    const early = await post(`${P}/newRound/${rfq.id}`, s.buyer, {
      version: rfq.version,
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      suppliers: ['200001'],
    });
    expect(early.json().code).toBe('400');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const opened = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const version = opened.record.version;
    const past = await post(`${P}/newRound/${rfq.id}`, s.buyer, {
      version,
      quoteEndTime: new Date(Date.now() - 1000).toISOString(),
      suppliers: ['200001'],
    });
    expect(past.json().code).toBe('400');
    const res = await post(`${P}/newRound/${rfq.id}`, s.buyer, {
      version,
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      suppliers: ['200001', '200003'],
      message: '请在原报价基础上再优惠',
    });
    expect(res.json().code, res.json().message).toBe('200');
    expect(res.json().data.record).toMatchObject({ enquiryStatus: '1', bout: 2 });
    // The chosen are told with the message; 200004 is not.
    const { sysMsg } = await import('../src/modules/message/tables.ts');
    const told = await server.database.db.select().from(sysMsg).where(eq(sysMsg.businessId, rfq.id));
    const round = told.filter((m) => m.msgTitle.includes('第 2 轮') || m.msgTitle.includes('round 2'));
    expect(new Set(round.map((m) => m.elsAccount))).toEqual(new Set(['200001', '200003']));
    expect(round[0].msgContent).toBe('请在原报价基础上再优惠');
    // 200004 keeps its quote but may not quote; 200001 re-quotes in round 2.
    const page4 = (await get(`${S}/findQuote/${rfq.id}`, s['200004'])).json().data;
    expect(page4.lines[0]).toMatchObject({ inRound: false, quote: { priceExcludingTax: '12.000000' } });
    const out = await post(`${S}/quote/${rfq.id}`, s['200004'], {
      lines: [{ itemId: page4.lines[0].itemId, priceExcludingTax: '8' }],
    });
    expect(out.json().code).toBe('400');
    expect(out.json().message).toMatch(/第 2 轮|round 2/);
    const again = await quoteAs('200001', rfq.id, '9.2');
    expect(again.lines[0]).toMatchObject({
      inRound: true,
      quote: { priceExcludingTax: '9.200000', bout: 2 },
    });
    // Sealed again until the new deadline; then the comparison shows each quote's round.
    expect(fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).code).toBe('400');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const byAccount = Object.fromEntries(
      comparison.lines[0].quotes.map((q: { toElsAccount: string }) => [q.toElsAccount, q]),
    );
    expect(byAccount['200001']).toMatchObject({ priceExcludingTax: '9.200000', bout: 2, lowest: true });
    expect(byAccount['200003']).toMatchObject({ priceExcludingTax: '11.000000', bout: 1, inRound: true });
    expect(byAccount['200004']).toMatchObject({ priceExcludingTax: '12.000000', bout: 1, inRound: false });
    const detail = await detailOf(rfq.id);
    expect(detail.trail.find((t: { action: string }) => t.action === 'newRound').remark).toBe(
      '请在原报价基础上再优惠',
    );
  });

  it('refuses a supplier that did not quote', async () => {
    const rfq = await published({});
    await quoteAs('200001', rfq.id, '10');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const opened = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const res = await post(`${P}/newRound/${rfq.id}`, s.buyer, {
      version: opened.record.version,
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      suppliers: ['200001', '200004'],
    });
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('200004');
    expect((await detailOf(rfq.id)).record).toMatchObject({ enquiryStatus: '2', bout: 1 });
  });
});

describe('RFQ cost breakdown and additional fees', () => {
  it('prices a cost-breakdown quote as the sum of its items, with fees on top in the comparison', async () => {
    // The cost structure's names must be unique, and a cost-breakdown RFQ needs one.
    const none = await post(`${P}/save`, s.buyer, {
      enquiryDesc: '成本构成',
      quoteMethod: '3',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [
        {
          materialId: materials[1].id,
          quantity: '100',
          deliveryDate: '2027-01-31',
          suppliers: ['200001', '200003', '200004'],
        },
      ],
    });
    expect(none.json().code).toBe('400');
    const twice = await post(`${P}/save`, s.buyer, {
      enquiryDesc: '成本构成',
      quoteMethod: '3',
      costConstituteJson: ['材料', '材料'],
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [
        {
          materialId: materials[1].id,
          quantity: '100',
          deliveryDate: '2027-01-31',
          suppliers: ['200001', '200003', '200004'],
        },
      ],
    });
    expect(twice.json().code).toBe('400');
    expect(twice.json().message).toMatch(/材料/);
    const rfq = await published({
      quoteMethod: '3',
      costConstituteJson: ['材料', '加工'],
      additionFeeJson: ['运费'],
    });
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(page).toMatchObject({ costItems: ['材料', '加工'], feeItems: ['运费'] });
    const itemId = page.lines[0].itemId;
    const send = (account: string, line: Record<string, unknown>) =>
      post(`${S}/quote/${rfq.id}`, s[account], { lines: [{ itemId, ...line }] });
    // Every cost item, once, nothing else; known fees only.
    const missing = await send('200001', { costs: [{ name: '材料', amount: '6' }] });
    expect(missing.json().code).toBe('400');
    expect(missing.json().message).toMatch(/加工/);
    // The business rule names the line's field it is about (issue #33): the quote page shows it there.
    expect(missing.json().data.errors).toEqual([
      {
        path: 'body.lines.0.costs',
        segments: ['lines', 0, 'costs'],
        field: 'Quote line 1, Cost breakdown',
        rule: 'enquiryCostMissing',
        message: missing.json().message,
      },
    ]);
    const numbered = await send('200001', { lineNumber: 10, costs: [{ name: '材料', amount: '6' }] });
    expect(numbered.json().data.errors[0]).toMatchObject({ field: 'Line 10, Cost breakdown' });
    const unknown = await send('200001', {
      costs: [
        { name: '材料', amount: '6' },
        { name: '加工', amount: '3' },
        { name: '利润', amount: '1' },
      ],
    });
    expect(unknown.json().code).toBe('400');
    const badFee = await send('200001', {
      costs: [
        { name: '材料', amount: '6' },
        { name: '加工', amount: '3' },
      ],
      fees: [{ name: '模具费', amount: '500' }],
    });
    expect(badFee.json().code).toBe('400');
    expect(badFee.json().data.errors).toMatchObject([
      { segments: ['lines', 0, 'fees'], rule: 'enquiryFeeUnknown', message: badFee.json().message },
    ]);
    const ok1 = await send('200001', {
      costs: [
        { name: '材料', amount: '6.25' },
        { name: '加工', amount: '3.1' },
      ],
      fees: [{ name: '运费', amount: '120' }],
    });
    expect(ok1.json().code, ok1.json().message).toBe('200');
    expect(ok1.json().data.lines[0].quote).toMatchObject({
      priceExcludingTax: '9.350000',
      costs: [
        { name: '材料', amount: '6.250000' },
        { name: '加工', amount: '3.100000' },
      ],
      fees: [{ name: '运费', amount: '120.00' }],
    });
    const ok3 = await send('200003', {
      costs: [
        { name: '材料', amount: '6' },
        { name: '加工', amount: '3.5' },
      ],
    });
    expect(ok3.json().code, ok3.json().message).toBe('200');
    // The Excel quote sheet does not take cost breakdowns (while quoting is open): it says so.
    const sheet = await server.app.inject({
      method: 'GET',
      url: `${S}/quoteSheet/${rfq.id}`,
      headers: s['200004'].headers,
    });
    expect(sheet.json().code).toBe('400');
    expect(sheet.json().message).toMatch(/Excel/);
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, rfq.id));
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const by = Object.fromEntries(
      comparison.lines[0].quotes.map((q: { toElsAccount: string }) => [q.toElsAccount, q]),
    );
    // 100 × 9.35 = 935.00, + 120 freight = 1055.00; 100 × 9.5 = 950.00 without fees.
    expect(by['200001']).toMatchObject({
      priceExcludingTax: '9.350000',
      lineAmount: '935.00',
      feeTotal: '120.00',
      totalAmount: '1055.00',
      lowest: true,
    });
    expect(by['200003']).toMatchObject({ lineAmount: '950.00', feeTotal: null, totalAmount: '950.00' });
  });
});
