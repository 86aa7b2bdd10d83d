import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_STATUS } from '@srm/contracts/purchase-order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biddingOpen } from '../src/modules/order/bidding.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';
import { masterdataFixtures, STRANGER } from './masterdata-fixtures.ts';

/**
 * Price bidding on an unsent order (issue #5; seed 001 §4 order status "in bidding", §5 "bidding end
 * time later than the current time"): the buyer invites suppliers, they quote sealed, the buyer awards
 * one bid (or cancels) and the order takes the winner's supplier and prices.
 */
let server: TestServer;
let buyer1: Session;
let s1: Session;
let s2: Session;
let otherBuyer: Session;

const { post, get } = callsOf(() => server);
const { setUpCompanies } = masterdataFixtures(() => server);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '1000', LOGIN_LIMIT_PER_IP: '1000' });
  await setUpCompanies();
  const admin = await login(server, '100000', 'admin');
  // No approval steps: a submitted order is approved at once.
  const current = (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data;
  const saved = await post('/apis/CommonAuditService/saveConfig', admin, {
    documentKind: 'order',
    steps: [],
    version: current?.version,
  });
  expect(saved.json().code).toBe('200');
  buyer1 = await login(server, '100000', 'buyer1');
  s1 = await login(server, '200001', 'admin');
  s2 = await login(server, '200002', 'admin');
  otherBuyer = await login(server, '100001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const P = '/apis/order/PurchaseOrderService';
const S = '/apis/order/SaleOrderService';
const S1_NAME = '苏州恒达电子科技有限公司';
const S2_NAME = '宁波远航包装材料有限公司';
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

type Header = {
  id: string;
  version: number;
  orderNumber: string;
  orderStatus: string;
  auditStatus: string;
  toElsAccount: string;
  supplierName: string;
  totalAmount: string;
  totalAmountExcludingTax: string;
  totalTaxAmount: string;
  totalAmountLocal: string;
};
type QuoteLine = {
  itemId: string;
  priceExcludingTax: string;
  taxRate: string;
  priceIncludingTax: string;
  lineAmount: string;
};
type BuyerBid = {
  id: string;
  toElsAccount: string;
  supplierName: string;
  round: number;
  bidStatus: string;
  quoteTime: string | null;
  quoteRemark: string | null;
  totalAmount: string | null;
  lines: QuoteLine[];
  version: number;
};
type SupplierBid = Omit<BuyerBid, 'toElsAccount' | 'supplierName'> & { orderId: string };
type BidDetail = {
  bid: SupplierBid;
  order: Record<string, string | null>;
  items: Array<{ id: string; itemNumber: number; quantity: string }>;
};

/** The data of a '200' answer (fails with the message otherwise). */
function data<T>(res: { json: () => { code: string; message: string; data: unknown } }): T {
  const body = res.json();
  expect(body.code, body.message).toBe('200');
  return body.data as T;
}

/** An unsent order of buyer1 (to 200002 unless told) with lines of 100, 200 … pieces at 12.5 + 13 %. */
async function newOrder(lines = 2, toElsAccount = '200002'): Promise<Header> {
  return data(
    await post(`${P}/save`, buyer1, {
      toElsAccount,
      orderType: '0',
      orderDate: new Date().toISOString().slice(0, 10),
      exchangeRate: '2',
      items: Array.from({ length: lines }, (_, i) => ({
        materialNumber: `B-${100 + i}`,
        materialDesc: `竞价测试物料 ${i + 1}`,
        unit: 'PCS',
        quantity: `${(i + 1) * 100}`,
        priceExcludingTax: '12.5',
        taxRate: '13',
        deliveryDate: '2026-12-31',
      })),
    }),
  );
}

const start = (order: Pick<Header, 'id' | 'version'>, toElsAccounts: string[], extra: object = {}) =>
  post(`${P}/startBidding/${order.id}`, buyer1, {
    version: order.version,
    toElsAccounts,
    quoteEndTime: inHours(24),
    ...extra,
  });

async function header(id: string): Promise<Header> {
  return data<{ order: Header }>(await get(`${P}/findDetail/${id}`, buyer1)).order;
}

async function bids(id: string) {
  return data<{ open: boolean; round: number | null; bids: BuyerBid[] }>(
    await get(`${P}/findBids/${id}`, buyer1),
  );
}

/** The supplier's bid of an order (latest round) from its invitation list. */
async function bidOf(session: Session, orderId: string) {
  const page = data<{ records: Array<{ id: string; orderId: string; round: number }> }>(
    await post(`${S}/findBidPageList`, session, { currentPage: 1, pageSize: 50 }),
  );
  const mine = page.records.filter((r) => r.orderId === orderId).sort((a, b) => b.round - a.round);
  expect(mine.length, `a bid of ${session.headers.account} for ${orderId}`).toBeGreaterThan(0);
  return data<BidDetail>(await get(`${S}/findBidDetail/${mine[0].id}`, session));
}

/** Quotes one price (excl. tax) per item of the detail, 13 %. */
const quoteBody = (detail: BidDetail, prices: string[], extra: object = {}) => ({
  version: detail.bid.version,
  lines: detail.items.map((item, i) => ({ itemId: item.id, priceExcludingTax: prices[i], taxRate: '13' })),
  ...extra,
});

async function trailOf(id: string) {
  const rows = await server.database.db.execute(
    sql`select action, from_status, to_status, remark, create_user from audit_trail where document_kind = 'order' and document_id = ${id} order by create_date, id`,
  );
  return (
    rows as unknown as {
      rows: Array<{
        action: string;
        from_status: string | null;
        to_status: string | null;
        remark: string | null;
        create_user: string;
      }>;
    }
  ).rows;
}
const actions = async (id: string) =>
  (await trailOf(id)).map((t) => `${t.action} ${t.from_status}→${t.to_status}`);

async function messagesAbout(session: Session, keyword: string) {
  return data<{ records: Array<{ msgTitle: string; msgContent: string; linkUrl: string | null }> }>(
    await post('/apis/ElsSysMsgService/findPageList', session, { keyword, pageSize: 50 }),
  ).records;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('sealed-bid rule', () => {
  const end = new Date('2030-01-01T00:00:00Z');
  const bid = (bidStatus: string) => ({ bidStatus, quoteEndTime: end });
  const before = new Date('2029-12-31T23:59:59Z');
  it('opens at the quote end time, when every bid in play has quoted, or when the round is finished', () => {
    expect(biddingOpen([], before)).toBe(false);
    expect(biddingOpen([bid('1'), bid('0')], before)).toBe(false);
    expect(biddingOpen([bid('1'), bid('0')], end)).toBe(true);
    expect(biddingOpen([bid('1'), bid('1')], before)).toBe(true);
    expect(biddingOpen([bid('4'), bid('4')], before)).toBe(true);
    expect(biddingOpen([bid('2'), bid('3')], before)).toBe(true);
  });
});

describe('the demo seed', () => {
  it('has an order of 100000 in bidding that 200001 has quoted and 200002 has not', async () => {
    const list = data<{ records: Header[] }>(
      await post(`${P}/findPageList`, buyer1, { orderStatus: '6', pageSize: 50 }),
    );
    expect(list.records).toHaveLength(1);
    const [seeded] = list.records;
    const round = await bids(seeded.id);
    expect(round.open).toBe(false);
    expect(round.round).toBe(1);
    expect(round.bids.map((b) => [b.toElsAccount, b.bidStatus, b.totalAmount]).sort()).toEqual([
      ['200001', '1', null],
      ['200002', '0', null],
    ]);
    expect((await bidOf(s1, seeded.id)).bid).toMatchObject({
      bidStatus: '1',
      totalAmount: expect.any(String),
    });
    expect((await bidOf(s2, seeded.id)).bid).toMatchObject({ bidStatus: '0', totalAmount: null, lines: [] });
  });
});

describe('price bidding on an unsent order', () => {
  it('starts, stays sealed until both quote, awards the cheaper bid, and the order can be submitted', async () => {
    const order = await newOrder(2, '200002');
    const started = data<Header>(await start(order, ['200001', '200002'], { remark: '请报含税到厂价' }));
    expect(started).toMatchObject({ id: order.id, orderStatus: '6', version: order.version + 1 });

    // Both invited suppliers see their bid, with the order's lines and terms but no prices.
    const d1 = await bidOf(s1, order.id);
    const d2 = await bidOf(s2, order.id);
    expect(d1.bid).toMatchObject({
      orderId: order.id,
      round: 1,
      bidStatus: '0',
      inviteRemark: '请报含税到厂价',
      totalAmount: null,
      lines: [],
      version: 0,
    });
    expect(d1.order).toMatchObject({
      orderNumber: order.orderNumber,
      elsAccount: '100000',
      buyerName: '华东精密制造有限公司',
      orderStatus: '6',
    });
    expect(d1.items.map((i) => [i.itemNumber, i.quantity])).toEqual([
      [10, '100.000'],
      [20, '200.000'],
    ]);
    expect(JSON.stringify(d1)).not.toMatch(/12\.5|price/i);
    expect(d2.bid.id).not.toBe(d1.bid.id);
    const list1 = data<{ records: Array<Record<string, unknown>>; total: number }>(
      await post(`${S}/findBidPageList`, s1, { currentPage: 1, pageSize: 50, bidStatus: '0' }),
    );
    expect(list1.records.find((r) => r.id === d1.bid.id)).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      elsAccount: '100000',
      buyerName: '华东精密制造有限公司',
      round: 1,
      bidStatus: '0',
      totalAmount: null,
      quoteTime: null,
      currency: 'CNY',
    });
    expect(list1.records.every((r) => r.bidStatus === '0')).toBe(true);

    // 200001 quotes the cheaper prices: 100 × 11.3 + 200 × 12.43 = 1130.00 + 2486.00.
    const q1 = data<SupplierBid>(await post(`${S}/quote/${d1.bid.id}`, s1, quoteBody(d1, ['10', '11'])));
    expect(q1).toMatchObject({ bidStatus: '1', totalAmount: '3616.00', version: 1 });
    expect(q1.lines).toEqual([
      {
        itemId: d1.items[0].id,
        priceExcludingTax: '10.000000',
        taxRate: '13.00',
        priceIncludingTax: '11.300000',
        lineAmount: '1130.00',
      },
      {
        itemId: d1.items[1].id,
        priceExcludingTax: '11.000000',
        taxRate: '13.00',
        priceIncludingTax: '12.430000',
        lineAmount: '2486.00',
      },
    ]);

    // Sealed while 200002 has not quoted: status and time show, prices do not; no award yet.
    let round = await bids(order.id);
    expect(round.open).toBe(false);
    const sealed = round.bids.find((b) => b.toElsAccount === '200001')!;
    expect(sealed).toMatchObject({ bidStatus: '1', totalAmount: null, lines: [], quoteRemark: null });
    expect(sealed.quoteTime).not.toBeNull();
    const early = await post(`${P}/award/${order.id}`, buyer1, {
      version: started.version,
      bidId: d1.bid.id,
    });
    expect(early.json()).toMatchObject({
      code: '400',
      message: 'Quotes are sealed until the quote end time or until every invited supplier has quoted',
    });
    // 200002 sees its own bid only.
    expect(JSON.stringify(await bidOf(s2, order.id))).not.toContain('3616.00');

    // 200002 quotes higher: 100 × 13.56 + 200 × 13.56.
    const q2 = data<SupplierBid>(
      await post(`${S}/quote/${d2.bid.id}`, s2, quoteBody(d2, ['12', '12'], { remark: '含运费' })),
    );
    expect(q2.totalAmount).toBe('4068.00');
    round = await bids(order.id);
    expect(round.open).toBe(true);
    expect(round.bids.map((b) => [b.toElsAccount, b.totalAmount, b.lines.length]).sort()).toEqual([
      ['200001', '3616.00', 2],
      ['200002', '4068.00', 2],
    ]);
    expect(round.bids.find((b) => b.toElsAccount === '200002')?.quoteRemark).toBe('含运费');

    // Award to the cheaper: the order takes 200001, its prices and recomputed totals (exchange rate 2).
    const awarded = data<Header>(
      await post(`${P}/award/${order.id}`, buyer1, { version: started.version, bidId: d1.bid.id }),
    );
    expect(awarded).toMatchObject({
      orderStatus: '0',
      toElsAccount: '200001',
      supplierName: S1_NAME,
      totalAmountExcludingTax: '3200.00',
      totalTaxAmount: '416.00',
      totalAmount: '3616.00',
      totalAmountLocal: '7232.00',
    });
    const detail = data<{ items: Array<Record<string, string>> }>(
      await get(`${P}/findDetail/${order.id}`, buyer1),
    );
    expect(
      detail.items.map((i) => [i.priceExcludingTax, i.taxRate, i.priceIncludingTax, i.lineAmount]),
    ).toEqual([
      ['10.000000', '13.00', '11.300000', '1130.00'],
      ['11.000000', '13.00', '12.430000', '2486.00'],
    ]);
    const lineSuppliers = await rows<{ to_els_account: string }>(
      sql`select distinct to_els_account from purchase_order_item where order_id = ${order.id}`,
    );
    expect(lineSuppliers).toEqual([{ to_els_account: '200001' }]);
    round = await bids(order.id);
    expect(round.bids.map((b) => [b.toElsAccount, b.bidStatus]).sort()).toEqual([
      ['200001', '2'],
      ['200002', '3'],
    ]);

    // One audit-trail row per status change, by the one who made it.
    const trail = await trailOf(order.id);
    expect(trail.map((t) => `${t.action} ${t.from_status}→${t.to_status}`)).toEqual([
      'create null→0',
      'startBidding 0→6',
      'quote 0→1',
      'quote 0→1',
      'award 6→0',
    ]);
    expect(trail[1].remark).toBe('请报含税到厂价');
    expect(trail[2]).toMatchObject({ create_user: '200001_admin', remark: S1_NAME });
    expect(trail[3]).toMatchObject({ create_user: '200002_admin', remark: S2_NAME });
    expect(trail[4]).toMatchObject({ create_user: '100000_buyer1', remark: S1_NAME });

    // Messages: invitations and results to the suppliers, quotes to the buyer who created the order.
    const n = order.orderNumber;
    const m1 = await messagesAbout(s1, n);
    const m2 = await messagesAbout(s2, n);
    expect(m1.map((m) => m.msgTitle).sort()).toEqual([`中标通知：采购订单 ${n}`, `竞价邀请：采购订单 ${n}`]);
    expect(m2.map((m) => m.msgTitle).sort()).toEqual([`未中标：采购订单 ${n}`, `竞价邀请：采购订单 ${n}`]);
    expect(m1.find((m) => m.msgTitle.startsWith('竞价邀请'))?.linkUrl).toBe(
      `/order/#/v2/order/bid?id=${d1.bid.id}`,
    );
    const toBuyer = await messagesAbout(buyer1, n);
    expect(toBuyer.filter((m) => m.msgTitle === `供应商已报价：采购订单 ${n}`)).toHaveLength(2);
    // The buyer's messages never carry a quoted amount (sealed bidding).
    expect(JSON.stringify(toBuyer)).not.toMatch(/3616|4068/);

    // The awarded order goes on like any other: submitted (approved at once without steps).
    const submitted = data<Header>(
      await post(`${P}/submit/${order.id}`, buyer1, { version: awarded.version }),
    );
    expect(submitted.auditStatus).toBe('2');
    // Quoting is over for both.
    const late = await post(`${S}/quote/${d2.bid.id}`, s2, quoteBody(d2, ['1', '1'], { version: 1 }));
    expect(late.json()).toMatchObject({
      code: '400',
      message: 'This bidding has ended or was cancelled; quotes are no longer accepted',
    });
  });

  it('replaces a quote given again before the deadline; the bid version guards it', async () => {
    const order = await newOrder(2);
    data(await start(order, ['200001']));
    const d = await bidOf(s1, order.id);
    const first = data<SupplierBid>(await post(`${S}/quote/${d.bid.id}`, s1, quoteBody(d, ['10', '10'])));
    expect(first.totalAmount).toBe('3390.00');
    const second = data<SupplierBid>(
      await post(`${S}/quote/${d.bid.id}`, s1, quoteBody(d, ['9', '9.5'], { version: first.version })),
    );
    expect(second).toMatchObject({ version: 2, bidStatus: '1', totalAmount: '3164.00' });
    expect(second.lines.map((l) => l.priceExcludingTax)).toEqual(['9.000000', '9.500000']);
    // The first version is stale now.
    const stale = await post(
      `${S}/quote/${d.bid.id}`,
      s1,
      quoteBody(d, ['8', '8'], { version: first.version }),
    );
    expect(stale.json().code).toBe('409');
    // The only invitee has quoted, so the round is open and shows the second quote.
    const round = await bids(order.id);
    expect(round.open).toBe(true);
    expect(round.bids).toHaveLength(1);
    expect(round.bids[0]).toMatchObject({ totalAmount: '3164.00', version: 2 });
    expect(round.bids[0].lines).toHaveLength(2);
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6', 'quote 0→1', 'quote 1→1']);
  });

  it('cancels: bids cancelled, the order editable again, a new bidding is round 2', async () => {
    const order = await newOrder(1);
    const started = data<Header>(await start(order, ['200001', '200002']));
    const d1 = await bidOf(s1, order.id);
    data(await post(`${S}/quote/${d1.bid.id}`, s1, quoteBody(d1, ['10'])));
    const cancelled = data<Header>(
      await post(`${P}/cancelBidding/${order.id}`, buyer1, { version: started.version }),
    );
    expect(cancelled).toMatchObject({ orderStatus: '0', toElsAccount: '200002', totalAmount: '1412.50' });
    let round = await bids(order.id);
    expect(round.bids.map((b) => b.bidStatus)).toEqual(['4', '4']);
    // A cancelled bid cannot be quoted any more.
    const again = await post(`${S}/quote/${d1.bid.id}`, s1, quoteBody(d1, ['9'], { version: 1 }));
    expect(again.json()).toMatchObject({
      code: '400',
      message: 'This bidding has ended or was cancelled; quotes are no longer accepted',
    });
    expect(await actions(order.id)).toEqual([
      'create null→0',
      'startBidding 0→6',
      'quote 0→1',
      'cancelBidding 6→0',
    ]);
    for (const session of [s1, s2])
      expect((await messagesAbout(session, order.orderNumber)).map((m) => m.msgTitle)).toContain(
        `竞价已取消：采购订单 ${order.orderNumber}`,
      );

    // Editable again (the bidding left the order as it was).
    const edited = data<Header>(
      await post(`${P}/save`, buyer1, {
        ...(await newOrderBody()),
        id: order.id,
        version: cancelled.version,
      }),
    );
    expect(edited).toMatchObject({ orderStatus: '0', totalAmount: '1.13' });

    // A second bidding is a new round; the first round's bids stay as they were.
    const restarted = data<Header>(await start(edited, ['200001']));
    expect(restarted.orderStatus).toBe('6');
    round = await bids(order.id);
    expect(round).toMatchObject({ round: 2, open: false });
    expect(round.bids.map((b) => [b.toElsAccount, b.bidStatus, b.round])).toEqual([['200001', '0', 2]]);
    const newBid = await bidOf(s1, order.id);
    expect(newBid.bid.id).not.toBe(d1.bid.id);
    // The old round's bid stays closed even though the order is in bidding again.
    const old = await post(`${S}/quote/${d1.bid.id}`, s1, quoteBody(d1, ['9'], { version: 2 }));
    expect(old.json().code).toBe('400');
    expect(old.json().message).toMatch(/ended or was cancelled/);
  });
});

describe('bidding rules', () => {
  it('refuses bad invitations: none, twice the same, not linked, a quote end time in the past', async () => {
    const order = await newOrder(1);
    const none = (await start(order, [])).json();
    expect(none.code).toBe('400');
    expect(none.message).toContain('body.toElsAccounts');
    const twice = (await start(order, ['200001', '200001'])).json();
    expect(twice).toMatchObject({
      code: '400',
      message: 'Invalid input: body.toElsAccounts.1 is a duplicate',
    });
    const stranger = (await start(order, ['200001', STRANGER])).json();
    expect(stranger).toMatchObject({
      code: '400',
      message: `Supplier ${STRANGER} is not one of your suppliers`,
    });
    const past = (await start(order, ['200001'], { quoteEndTime: inHours(-1) })).json();
    expect(past).toMatchObject({
      code: '400',
      message: 'body.quoteEndTime: the quote end time must be later than the current time',
    });
    const pastZh = await post(
      `${P}/startBidding/${order.id}`,
      buyer1,
      { version: order.version, toElsAccounts: ['200001'], quoteEndTime: inHours(-1) },
      'zh_cn',
    );
    expect(pastZh.json().message).toBe('body.quoteEndTime 报价截止时间必须晚于当前时间');
    const noOffset = (await start(order, ['200001'], { quoteEndTime: '2030-01-01T08:00:00' })).json();
    expect(noOffset).toMatchObject({
      code: '400',
      message: 'Invalid input: body.quoteEndTime has an invalid format',
    });
    // Nothing happened: still unsent, no bids, only the create row.
    expect((await header(order.id)).orderStatus).toBe('0');
    expect((await bids(order.id)).bids).toEqual([]);
    expect(await actions(order.id)).toEqual(['create null→0']);
  });

  it('refuses bad quotes: price 0, tax 101, a missing line, a repeated line, a line of another order', async () => {
    const order = await newOrder(2);
    const other = await newOrder(1);
    data(await start(order, ['200001', '200002']));
    const d = await bidOf(s1, order.id);
    const [a, b] = d.items;
    const quote = (lines: object[]) =>
      post(`${S}/quote/${d.bid.id}`, s1, { version: d.bid.version, lines }).then((r) => r.json());
    expect(
      await quote([
        { itemId: a.id, priceExcludingTax: '0', taxRate: '13' },
        { itemId: b.id, priceExcludingTax: '1', taxRate: '13' },
      ]),
    ).toMatchObject({
      code: '400',
      message: 'Invalid input: body.lines.0.priceExcludingTax must be greater than 0',
    });
    expect(
      await quote([
        { itemId: a.id, priceExcludingTax: '1', taxRate: '13' },
        { itemId: b.id, priceExcludingTax: '1', taxRate: '101' },
      ]),
    ).toMatchObject({
      code: '400',
      message: 'Invalid input: body.lines.1.taxRate must be between 0 and 100',
    });
    expect(await quote([{ itemId: a.id, priceExcludingTax: '1', taxRate: '13' }])).toMatchObject({
      code: '400',
      message: 'Line 20 has no price: every active order line must be quoted',
    });
    expect(
      await quote([
        { itemId: a.id, priceExcludingTax: '1', taxRate: '13' },
        { itemId: a.id, priceExcludingTax: '2', taxRate: '13' },
        { itemId: b.id, priceExcludingTax: '1', taxRate: '13' },
      ]),
    ).toMatchObject({ code: '400', message: 'Line 10 appears more than once' });
    const otherItem = data<{ items: Array<{ id: string }> }>(await get(`${P}/findDetail/${other.id}`, buyer1))
      .items[0].id;
    expect(
      await quote([
        { itemId: a.id, priceExcludingTax: '1', taxRate: '13' },
        { itemId: b.id, priceExcludingTax: '1', taxRate: '13' },
        { itemId: otherItem, priceExcludingTax: '1', taxRate: '13' },
      ]),
    ).toMatchObject({ code: '400', message: `Line ${otherItem} does not belong to this order` });
    // Nothing was stored.
    expect((await bidOf(s1, order.id)).bid).toMatchObject({ bidStatus: '0', version: 0, lines: [] });
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6']);
  });

  it('refuses quotes after the deadline, and then opens the round: only a quoted bid can win', async () => {
    const order = await newOrder(1);
    const started = data<Header>(await start(order, ['200001', '200002']));
    const d1 = await bidOf(s1, order.id);
    const d2 = await bidOf(s2, order.id);
    data(await post(`${S}/quote/${d1.bid.id}`, s1, quoteBody(d1, ['10'])));
    // Not open yet (200002 has not quoted): award refused.
    expect(
      (await post(`${P}/award/${order.id}`, buyer1, { version: started.version, bidId: d1.bid.id })).json(),
    ).toMatchObject({
      code: '400',
      message: 'Quotes are sealed until the quote end time or until every invited supplier has quoted',
    });
    await server.database.db.execute(
      sql`update purchase_order_bid set quote_end_time = now() - interval '1 minute' where order_id = ${order.id}`,
    );
    const late = await post(`${S}/quote/${d2.bid.id}`, s2, quoteBody(d2, ['9']));
    expect(late.json()).toMatchObject({
      code: '400',
      message: 'The quote end time has passed; quotes are no longer accepted',
    });
    const round = await bids(order.id);
    expect(round.open).toBe(true);
    expect(round.bids.find((b) => b.toElsAccount === '200001')?.totalAmount).toBe('1130.00');
    // The bid that never quoted cannot win; nor can an unknown bid.
    for (const bidId of [d2.bid.id, order.id]) {
      expect(
        (await post(`${P}/award/${order.id}`, buyer1, { version: started.version, bidId })).json(),
      ).toMatchObject({
        code: '400',
        message: 'Only a bid of the current bidding round that has quoted can win',
      });
    }
    const awarded = data<Header>(
      await post(`${P}/award/${order.id}`, buyer1, { version: started.version, bidId: d1.bid.id }),
    );
    expect(awarded).toMatchObject({ orderStatus: '0', toElsAccount: '200001', totalAmount: '1130.00' });
    expect((await bids(order.id)).bids.map((b) => [b.toElsAccount, b.bidStatus]).sort()).toEqual([
      ['200001', '2'],
      ['200002', '3'],
    ]);
    expect((await messagesAbout(s2, order.orderNumber)).map((m) => m.msgTitle)).toContain(
      `未中标：采购订单 ${order.orderNumber}`,
    );
  });

  it('refuses the statuses that do not allow it', async () => {
    // A sent order and an approved unsent one cannot go to bidding.
    const sent = await newOrder(1);
    const approved = data<Header>(await post(`${P}/submit/${sent.id}`, buyer1, { version: sent.version }));
    expect(approved.auditStatus).toBe('2');
    expect((await start(approved, ['200001'])).json()).toMatchObject({
      code: '400',
      message: 'The order’s current status does not allow this action: startBidding',
    });
    const sentRow = data<Header>(await post(`${P}/send/${sent.id}`, buyer1, { version: approved.version }));
    expect((await start(sentRow, ['200001'])).json().message).toBe(
      'The order’s current status does not allow this action: startBidding',
    );

    // An order in bidding cannot be edited, submitted, deleted, closed or put to bidding again; copying works.
    const order = await newOrder(1);
    const inBidding = data<Header>(await start(order, ['200001']));
    // The kernel's actions name the status that stops them; the order's own calls name the action.
    const inBiddingLabel = ORDER_STATUS['6'].en;
    const refused = async (res: ReturnType<typeof post>, action: string) => {
      const body = (await res).json();
      expect(body.code).toBe('400');
      expect(body.message).toMatch(
        new RegExp(
          `^(The order’s current status does not allow this action: ${action}|Purchase order PO\\d+: Order status is “${inBiddingLabel}”, so .+ is not allowed)$`,
        ),
      );
    };
    const edit = await newOrderBody();
    await refused(post(`${P}/save`, buyer1, { ...edit, id: order.id, version: inBidding.version }), 'edit');
    await refused(post(`${P}/submit/${order.id}`, buyer1, { version: inBidding.version }), 'submit');
    await refused(post(`${P}/delete/${order.id}`, buyer1, { version: inBidding.version }), 'delete');
    await refused(post(`${P}/close/${order.id}`, buyer1, { version: inBidding.version }), 'close');
    await refused(start(inBidding, ['200002']), 'startBidding');
    const copy = data<Header>(await post(`${P}/copy/${order.id}`, buyer1, {}));
    expect(copy).toMatchObject({ orderStatus: '0', auditStatus: '0' });
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6']);

    // Award and cancel only while in bidding.
    await refused(post(`${P}/award/${copy.id}`, buyer1, { version: copy.version, bidId: order.id }), 'award');
    await refused(post(`${P}/cancelBidding/${copy.id}`, buyer1, { version: copy.version }), 'cancelBidding');
  });

  it('refuses a stale order version (start, award, cancel) with 409', async () => {
    const order = await newOrder(1);
    expect((await start({ id: order.id, version: order.version + 1 }, ['200001'])).json().code).toBe('409');
    const started = data<Header>(await start(order, ['200001']));
    const d = await bidOf(s1, order.id);
    data(await post(`${S}/quote/${d.bid.id}`, s1, quoteBody(d, ['10'])));
    expect(
      (await post(`${P}/award/${order.id}`, buyer1, { version: order.version, bidId: d.bid.id })).json().code,
    ).toBe('409');
    expect(
      (await post(`${P}/cancelBidding/${order.id}`, buyer1, { version: order.version })).json().code,
    ).toBe('409');
    expect((await header(order.id)).orderStatus).toBe('6');
    data(await post(`${P}/award/${order.id}`, buyer1, { version: started.version, bidId: d.bid.id }));
  });
});

describe('bidding sides and companies', () => {
  it('keeps buyer routes to the buyer, supplier routes to the supplier, and bids to their companies', async () => {
    const order = await newOrder(1);
    const started = data<Header>(await start(order, ['200001']));
    const d = await bidOf(s1, order.id);
    const body = quoteBody(d, ['10']);

    // The wrong side: 403.
    for (const res of [
      post(`${P}/startBidding/${order.id}`, s1, {
        version: started.version,
        toElsAccounts: ['200001'],
        quoteEndTime: inHours(2),
      }),
      get(`${P}/findBids/${order.id}`, s1),
      post(`${P}/award/${order.id}`, s1, { version: started.version, bidId: d.bid.id }),
      post(`${P}/cancelBidding/${order.id}`, s1, { version: started.version }),
      post(`${S}/findBidPageList`, buyer1, { currentPage: 1, pageSize: 10 }),
      get(`${S}/findBidDetail/${d.bid.id}`, buyer1),
      post(`${S}/quote/${d.bid.id}`, buyer1, body),
    ])
      expect((await res).json().code).toBe('403');

    // Another supplier: 404 for this bid, and its list does not show it.
    expect((await get(`${S}/findBidDetail/${d.bid.id}`, s2)).json()).toMatchObject({
      code: '404',
      message: '竞价邀请不存在', // GET: no lang header, Chinese
    });
    expect((await post(`${S}/quote/${d.bid.id}`, s2, body)).json().code).toBe('404');
    const theirs = data<{ records: Array<{ id: string }> }>(
      await post(`${S}/findBidPageList`, s2, { currentPage: 1, pageSize: 100 }),
    );
    expect(theirs.records.map((r) => r.id)).not.toContain(d.bid.id);

    // Another buyer company: 404 on every buyer route of 100000's order.
    for (const res of [
      post(`${P}/startBidding/${order.id}`, otherBuyer, {
        version: started.version,
        toElsAccounts: ['200001'],
        quoteEndTime: inHours(2),
      }),
      get(`${P}/findBids/${order.id}`, otherBuyer),
      post(`${P}/award/${order.id}`, otherBuyer, { version: started.version, bidId: d.bid.id }),
      post(`${P}/cancelBidding/${order.id}`, otherBuyer, { version: started.version }),
    ])
      expect((await res).json().message).toMatch(/^(The order does not exist|订单不存在)$/);

    // Nothing changed.
    expect((await header(order.id)).orderStatus).toBe('6');
    expect((await bidOf(s1, order.id)).bid).toMatchObject({ bidStatus: '0', version: 0 });
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6']);
  });

  it('lets the list filter orders in bidding', async () => {
    const order = await newOrder(1);
    data(await start(order, ['200002']));
    const list = data<{ records: Header[] }>(
      await post(`${P}/findPageList`, buyer1, { orderStatus: '6', pageSize: 50 }),
    );
    expect(list.records.map((r) => r.id)).toContain(order.id);
    expect(list.records.every((r) => r.orderStatus === '6')).toBe(true);
  });
});

/** A save body for edits (one line to 200002). */
async function newOrderBody() {
  return {
    toElsAccount: '200002',
    orderType: '0',
    orderDate: new Date().toISOString().slice(0, 10),
    items: [
      {
        materialNumber: 'B-900',
        materialDesc: '编辑测试物料',
        unit: 'PCS',
        quantity: '1',
        priceExcludingTax: '1',
        taxRate: '13',
        deliveryDate: '2026-12-31',
      },
    ],
  };
}

describe('menu rows of migration 0015', () => {
  type MenuRow = {
    app_code: string;
    parent_code: string | null;
    sort_order: number;
    roles: unknown;
    app_url: string;
  };
  const menuRows = (station: string, code: string) =>
    rows<MenuRow>(sql`
      select m.app_code, p.app_code as parent_code, m.sort_order, m.roles, m.app_url
      from menu m left join menu p on p.id = m.parent_id
      where m.station = ${station} and m.app_code = ${code}`);

  it('a fresh database has each entry once, from the seed (the migration ran on an empty menu)', async () => {
    expect(await menuRows('sale', 'sales-bids')).toEqual([
      {
        app_code: 'sales-bids',
        parent_code: 'orders',
        sort_order: 20,
        roles: [],
        app_url: '/order/#/v2/order/bids',
      },
    ]);
    expect(await menuRows('purchase', 'custom-field-labels')).toHaveLength(1);
  });

  it('an existing database without them gets each once, under its group, however often it runs', async () => {
    const file = readFileSync(join(import.meta.dirname, '../drizzle/0015_order_bidding.sql'), 'utf8');
    const inserts = file.split('--> statement-breakpoint').filter((s) => s.includes('INSERT INTO "menu"'));
    expect(inserts).toHaveLength(2);
    await server.database.db.execute(
      sql`delete from menu where app_code in ('sales-bids', 'custom-field-labels')`,
    );
    for (let run = 0; run < 2; run++) {
      for (const statement of inserts) await server.database.db.execute(sql.raw(statement));
      expect(await menuRows('sale', 'sales-bids')).toEqual([
        {
          app_code: 'sales-bids',
          parent_code: 'orders',
          sort_order: 20,
          roles: [],
          app_url: '/order/#/v2/order/bids',
        },
      ]);
      expect(await menuRows('purchase', 'custom-field-labels')).toEqual([
        {
          app_code: 'custom-field-labels',
          parent_code: 'system',
          sort_order: 35,
          roles: [],
          app_url: '/masterdata/#/v2/custom-fields',
        },
      ]);
    }
    const names = await rows<{ app_name: string; app_name_en: string }>(
      sql`select app_name, app_name_en from menu where app_code in ('sales-bids', 'custom-field-labels') order by app_code`,
    );
    expect(names).toEqual([
      { app_name: '自定义字段', app_name_en: 'Custom field labels' },
      { app_name: '竞价邀请', app_name_en: 'Bid invitations' },
    ]);
  });
});
