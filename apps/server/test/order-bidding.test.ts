// @postgres: migrations — migration 0060's DO block (moving legacy bids into RFQs) run by the test's role on the database under test
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material, priceMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';
import { masterdataFixtures } from './masterdata-fixtures.ts';

/** A findComparison answer with its page's lines in the full per-cell shape (comparison-view.ts). */
const comparisonOf = (res: { json: () => unknown }) => {
  const body = fullComparison(res.json());
  return { json: () => body };
};

/**
 * Price bidding on an unsent order (issue #5; seed 001 §4 order status "in bidding", §5 "bidding end time
 * later than the current time"), since issue #13 a client of the RFQ: startBidding makes a published one-round
 * RFQ (enquiryType 3, lines sourced from the order), suppliers quote through the RFQ quote route (sealed), the
 * RFQ's award (one supplier, every line) writes the supplier and prices back to the order, which returns to
 * '0'; cancelling closes the RFQ. Plus migration 0060, which moves the bids of before into RFQs.
 */
let server: TestServer;
let buyer1: Session;
let s1: Session;
let s2: Session;
let s3: Session;
let otherBuyer: Session;
let materials: Array<{ id: string; materialNumber: string }>;

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
  s3 = await login(server, '200003', 'admin');
  otherBuyer = await login(server, '100001', 'admin');
  materials = await server.database.db
    .select({ id: material.id, materialNumber: material.materialNumber })
    .from(material)
    .where(eq(material.elsAccount, '100000'))
    .orderBy(material.materialNumber);
});
afterAll(async () => {
  await server?.close();
});

const P = '/apis/order/PurchaseOrderService';
const RP = '/apis/inquiry/PurchaseEnquiryService';
const RS = '/apis/inquiry/SaleEnquiryService';
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
  enquiryId: string | null;
  enquiryNumber: string | null;
};
type Rfq = {
  record: Record<string, unknown> & { id: string; version: number; enquiryStatus: string };
  lines: Array<Record<string, unknown> & { id: string }>;
};

/** The data of a '200' answer (fails with the message otherwise). */
function data<T>(res: { json: () => { code: string; message: string; data: unknown } }): T {
  const body = res.json();
  expect(body.code, body.message).toBe('200');
  return body.data as T;
}

/**
 * An unsent order of buyer1 (to 200002 unless told) with lines of 100, 200 … pieces at 12.5 + 13 %, of the
 * buyer's master materials: the first line by material id, the others by number only (startBidding finds them).
 */
async function newOrder(lines = 2, toElsAccount = '200002', numbers?: string[]): Promise<Header> {
  return data(
    await post(`${P}/save`, buyer1, {
      toElsAccount,
      orderType: '0',
      orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
      exchangeRate: '2',
      items: Array.from({ length: lines }, (_, i) => ({
        ...(i === 0 && !numbers ? { materialId: materials[i].id } : {}),
        materialNumber: numbers?.[i] ?? materials[i].materialNumber,
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
const rfqOf = async (id: string) => data<Rfq>(await get(`${RP}/findDetail/${id}`, buyer1));

/** A supplier quotes every line it is invited to, one price per line in line order (13 %). */
async function quoteAll(session: Session, rfqId: string, prices: string[]) {
  const page = data<{ lines: Array<{ itemId: string }> }>(await get(`${RS}/findQuote/${rfqId}`, session));
  return post(`${RS}/quote/${rfqId}`, session, {
    lines: page.lines.map((l, i) => ({ itemId: l.itemId, priceExcludingTax: prices[i], taxRate: '13' })),
  });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const actions = async (id: string) =>
  (
    await rows<{ action: string; from_status: string | null; to_status: string | null }>(
      sql`select action, from_status, to_status from audit_trail where document_kind = 'order' and document_id = ${id} order by create_date, id`,
    )
  ).map((t) => `${t.action} ${t.from_status}→${t.to_status}`);
const orderCount = async () =>
  Number(
    (await rows<{ n: string }>(sql`select count(*) as n from purchase_order where els_account = '100000'`))[0]
      .n,
  );

describe('the demo seed', () => {
  it('has an order of 100000 in bidding: its one-round RFQ, 200001 quoted, 200003 not yet', async () => {
    const list = data<{ records: Header[] }>(
      await post(`${P}/findPageList`, buyer1, { orderStatus: '6', pageSize: 50 }),
    );
    expect(list.records).toHaveLength(1);
    const [seeded] = list.records;
    expect(seeded.enquiryNumber).toMatch(/^RFQ\d{10}$/);
    const rfq = await rfqOf(seeded.enquiryId!);
    expect(rfq.record).toMatchObject({
      enquiryType: '3',
      enquiryStatus: '1',
      enquiryNumber: seeded.enquiryNumber,
    });
    const invitations = data<{ sealed: boolean; lines: Array<{ suppliers: Array<Record<string, string>> }> }>(
      await get(`${RP}/findInvitations/${rfq.record.id}`, buyer1),
    );
    expect(invitations.sealed).toBe(true);
    expect(invitations.lines[0].suppliers.map((s) => [s.toElsAccount, s.quoteStatus]).sort()).toEqual([
      ['200001', '2'],
      ['200003', '0'],
    ]);
    // 200002 (the generated suites' supplier without RFQs) is not invited.
    expect((await get(`${RS}/findQuote/${rfq.record.id}`, s2)).json().code).toBe('404');
  });
});

describe('price bidding on an unsent order, through a one-round RFQ', () => {
  it('starts an RFQ with the lines and invitations, quotes sealed, awards one supplier back to the order', async () => {
    const order = await newOrder(2, '200002');
    const before = await orderCount();
    // Two suppliers: the RFQ's "3 per line" does not apply to an order's one-round RFQ.
    const started = data<Header>(await start(order, ['200001', '200003'], { remark: '请报不含税到厂价' }));
    expect(started).toMatchObject({ id: order.id, orderStatus: '6', version: order.version + 1 });
    expect(started.enquiryNumber).toMatch(/^RFQ/);

    const rfq = await rfqOf(started.enquiryId!);
    expect(rfq.record).toMatchObject({
      enquiryType: '3',
      enquiryStatus: '1',
      auditStatus: '2',
      enquiryNumber: started.enquiryNumber,
      openOnAllQuoted: '1',
      remark: '请报不含税到厂价',
      currency: 'CNY',
    });
    expect(
      rfq.lines.map((l) => [
        l.materialId,
        l.quantity,
        l.unit,
        l.deliveryDate,
        l.sourceType,
        l.sourceNumber,
        l.sourceItemNumber,
      ]),
    ).toEqual([
      [materials[0].id, '100.000', 'PCS', '2026-12-31', '2', order.orderNumber, '10'],
      [materials[1].id, '200.000', 'PCS', '2026-12-31', '2', order.orderNumber, '20'],
    ]);
    const invitations = data<{
      lines: Array<{ suppliers: Array<{ toElsAccount: string; quoteStatus: string }> }>;
    }>(await get(`${RP}/findInvitations/${rfq.record.id}`, buyer1));
    for (const line of invitations.lines)
      expect(line.suppliers.map((s) => [s.toElsAccount, s.quoteStatus]).sort()).toEqual([
        ['200001', '0'],
        ['200003', '0'],
      ]);
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6']);

    // Sealed: no comparison before everyone answered; the buyer's order prices are not on the supplier's page.
    expect((await get(`${RP}/findComparison/${rfq.record.id}`, buyer1)).json().code).toBe('400');
    const page1 = (await get(`${RS}/findQuote/${rfq.record.id}`, s1)).json();
    expect(page1.code).toBe('200');
    expect(JSON.stringify(page1)).not.toContain('12.5');
    // The supplier's RFQ inbox lists it.
    const inbox = data<{ records: Array<{ id: string }> }>(
      await post(`${RS}/findPageList`, s1, { currentPage: 1, pageSize: 50 }),
    );
    expect(inbox.records.map((r) => r.id)).toContain(rfq.record.id);

    expect((await quoteAll(s1, rfq.record.id, ['9.5', '11'])).json().code).toBe('200');
    expect((await rfqOf(rfq.record.id)).record.enquiryStatus).toBe('1');
    expect((await quoteAll(s3, rfq.record.id, ['9.2', '11.5'])).json().code).toBe('200');
    // Each supplier sees its own quote only, before and after opening.
    const own1 = JSON.stringify((await get(`${RS}/findQuote/${rfq.record.id}`, s1)).json());
    const own3 = JSON.stringify((await get(`${RS}/findQuote/${rfq.record.id}`, s3)).json());
    expect(own1).toContain('9.500000');
    expect(own1).not.toMatch(/9\.200000|11\.500000|200003/);
    expect(own3).toContain('9.200000');
    expect(own3).not.toMatch(/9\.500000|11\.000000|200001/);

    // Everyone answered: the quotes open (quoted, 2) and the comparison marks the lowest.
    const comparison = data<{
      record: { version: number; enquiryStatus: string };
      lines: Array<{ itemId: string; quotes: Array<{ toElsAccount: string; lowest: boolean }> }>;
    }>(comparisonOf(await get(`${RP}/findComparison/${rfq.record.id}`, buyer1)));
    expect(comparison.record.enquiryStatus).toBe('2');
    expect(comparison.lines[0].quotes.find((q) => q.lowest)?.toElsAccount).toBe('200003');
    expect(comparison.lines[1].quotes.find((q) => q.lowest)?.toElsAccount).toBe('200001');

    // One supplier for the whole order: not split, not per line to different suppliers, not a line left out.
    const [l1, l2] = comparison.lines.map((l) => l.itemId);
    const version = comparison.record.version;
    for (const lines of [
      [
        { itemId: l1, awards: [{ toElsAccount: '200003', quota: '100' }] },
        { itemId: l2, awards: [{ toElsAccount: '200001', quota: '100' }] },
      ],
      [{ itemId: l1, awards: [{ toElsAccount: '200003', quota: '100' }] }],
      [
        {
          itemId: l1,
          awards: [
            { toElsAccount: '200003', quota: '60' },
            { toElsAccount: '200001', quota: '40' },
          ],
        },
        { itemId: l2, awards: [{ toElsAccount: '200003', quota: '100' }] },
      ],
    ]) {
      const refused = (await post(`${RP}/award/${rfq.record.id}`, buyer1, { version, lines })).json();
      expect(refused.code).toBe('400');
      expect(refused.message).toContain('one supplier for the whole order');
    }
    expect((await header(order.id)).orderStatus).toBe('6');

    const awarded = data<{
      record: { enquiryStatus: string };
      orders: Array<{ id: string }>;
      prices: number;
    }>(
      await post(`${RP}/award/${rfq.record.id}`, buyer1, {
        version,
        lines: [l1, l2].map((itemId) => ({ itemId, awards: [{ toElsAccount: '200003', quota: '100' }] })),
      }),
    );
    expect(awarded.record.enquiryStatus).toBe('3');
    expect(awarded.orders.map((o) => o.id)).toEqual([order.id]);
    expect(awarded.prices).toBe(2);
    // No new order draft: the source order took the winner and its prices, back to '0'.
    expect(await orderCount()).toBe(before);
    const after = await header(order.id);
    expect(after).toMatchObject({
      orderStatus: '0',
      toElsAccount: '200003',
      // 100 × 9.2 + 200 × 11.5 = 3,220 excl.; × 1.13 = 3,638.60 incl. tax.
      totalAmountExcludingTax: '3220.00',
      totalAmount: '3638.60',
      enquiryNumber: started.enquiryNumber,
    });
    const detail = data<{
      items: Array<{ itemNumber: number; priceExcludingTax: string; toElsAccount: string }>;
    }>(await get(`${P}/findDetail/${order.id}`, buyer1));
    expect(detail.items.map((i) => [i.itemNumber, i.priceExcludingTax])).toEqual([
      [10, '9.200000'],
      [20, '11.500000'],
    ]);
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6', 'award 6→0']);
    const prices = await server.database.db
      .select()
      .from(priceMaster)
      .where(and(eq(priceMaster.elsAccount, '100000'), eq(priceMaster.toElsAccount, '200003')));
    expect(prices.some((p) => p.materialId === materials[0].id && p.priceExcludingTax === '9.200000')).toBe(
      true,
    );
    // The suppliers read won / not won on their quote page.
    expect(
      data<{ lines: Array<{ quoteStatus: string }> }>(await get(`${RS}/findQuote/${rfq.record.id}`, s3))
        .lines[0].quoteStatus,
    ).toBe('5');
    expect(
      data<{ lines: Array<{ quoteStatus: string }> }>(await get(`${RS}/findQuote/${rfq.record.id}`, s1))
        .lines[0].quoteStatus,
    ).toBe('6');
    // Their messages name the order: the winner is now its supplier (no order draft is made for it).
    const told = async (account: string) =>
      server.database.db
        .select({ title: sysMsg.msgTitle, content: sysMsg.msgContent })
        .from(sysMsg)
        .where(and(eq(sysMsg.businessId, rfq.record.id), eq(sysMsg.elsAccount, account)));
    const winner = (await told('200003')).find((m) => m.title.startsWith('恭喜中标'));
    expect(winner?.title).toBe(
      `恭喜中标：采购订单 ${order.orderNumber} 的竞价（询价单 ${started.enquiryNumber}）`,
    );
    expect(winner?.content).toContain(`贵司已成为采购订单 ${order.orderNumber} 的供应商`);
    expect(winner?.content).not.toContain('生成采购订单');
    expect((await told('200001')).map((m) => m.title)).toContain(
      `未中标：采购订单 ${order.orderNumber} 的竞价（询价单 ${started.enquiryNumber}）`,
    );
    // Awarded, the order goes on as any other: it can be submitted (approved at once here).
    const submitted = data<Header>(await post(`${P}/submit/${order.id}`, buyer1, { version: after.version }));
    expect(submitted.auditStatus).toBe('2');
  });

  it('cancels: the RFQ closed, the order editable again; closing the RFQ in the RFQ app does the same', async () => {
    const order = await newOrder(1);
    const started = data<Header>(await start(order, ['200001']));
    const cancelled = data<Header>(
      await post(`${P}/cancelBidding/${order.id}`, buyer1, { version: started.version }),
    );
    expect(cancelled).toMatchObject({ orderStatus: '0', enquiryId: null, toElsAccount: '200002' });
    expect((await rfqOf(started.enquiryId!)).record.enquiryStatus).toBe('4');
    // 200001 can no longer quote.
    expect((await quoteAll(s1, started.enquiryId!, ['9'])).json().code).toBe('400');
    expect(await actions(order.id)).toEqual(['create null→0', 'startBidding 0→6', 'cancelBidding 6→0']);

    // A new bidding is a new RFQ; closed from the RFQ app, the order is back to '0' too.
    const again = data<Header>(await start(cancelled, ['200001', '200003']));
    expect(again.enquiryId).not.toBe(started.enquiryId);
    const rfq = await rfqOf(again.enquiryId!);
    expect(
      data(await post(`${RP}/close/${rfq.record.id}`, buyer1, { version: rfq.record.version })),
    ).toBeTruthy();
    expect(await header(order.id)).toMatchObject({ orderStatus: '0', enquiryId: null });
    // The order can be edited again.
    const edited = await post(`${P}/save`, buyer1, {
      id: order.id,
      version: (await header(order.id)).version,
      toElsAccount: '200002',
      orderType: '0',
      orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
      items: [
        {
          materialNumber: materials[0].materialNumber,
          materialDesc: 'x',
          unit: 'PCS',
          quantity: '1',
          priceExcludingTax: '1',
          taxRate: '13',
          deliveryDate: '2026-12-31',
        },
      ],
    });
    expect(edited.json().code, edited.json().message).toBe('200');
  });
});

describe('bidding rules', () => {
  it('refuses bad invitations and materials outside the master, changing nothing', async () => {
    const order = await newOrder(2);
    const rfqs = async () =>
      Number(
        (await rows<{ n: string }>(sql`select count(*) as n from enquiry where els_account = '100000'`))[0].n,
      );
    const count = await rfqs();
    for (const [accounts, extra, pattern] of [
      [[], {}, /toElsAccounts/],
      [['200001', '200001'], {}, /toElsAccounts/],
      [['200001', '209999'], {}, /209999/],
      [['200001'], { quoteEndTime: inHours(-1) }, /quoteEndTime/],
    ] as Array<[string[], object, RegExp]>) {
      const res = (await start(order, accounts, extra)).json();
      expect(res.code, JSON.stringify(accounts)).toBe('400');
      expect(res.message).toMatch(pattern);
    }
    const foreign = await newOrder(2, '200002', [materials[0].materialNumber, 'NOT-IN-MASTER']);
    const res = (await start(foreign, ['200001'])).json();
    expect(res.code).toBe('400');
    expect(res.message).toContain('Line 20: material NOT-IN-MASTER is not in the material master');
    expect(await rfqs()).toBe(count);
    expect((await header(order.id)).orderStatus).toBe('0');
    expect((await header(foreign.id)).orderStatus).toBe('0');
  });

  it("keeps the order RFQ's own rules: no such type from the RFQ save, no second round", async () => {
    const saved = (
      await post(`${RP}/save`, buyer1, {
        enquiryDesc: 'x',
        enquiryType: '3',
        quoteEndTime: inHours(24),
        priceValidDate: '2027-12-31',
        lines: [
          {
            materialId: materials[0].id,
            quantity: '1',
            deliveryDate: '2027-01-31',
            suppliers: ['200001', '200003', '200004'],
          },
        ],
      })
    ).json();
    expect(saved.code).toBe('400');
    expect(saved.message).toContain('body.enquiryType');
    const order = await newOrder(1);
    const started = data<Header>(await start(order, ['200001']));
    expect((await quoteAll(s1, started.enquiryId!, ['9'])).json().code).toBe('200');
    const rfq = await rfqOf(started.enquiryId!);
    expect(rfq.record.enquiryStatus).toBe('2');
    const round = (
      await post(`${RP}/newRound/${rfq.record.id}`, buyer1, {
        version: rfq.record.version,
        quoteEndTime: inHours(48),
        suppliers: ['200001'],
      })
    ).json();
    expect(round.code).toBe('400');
    expect(round.message).toContain('has one round only');
  });

  it('refuses a stale order version (start, cancel) with 409 and statuses that do not allow it', async () => {
    const order = await newOrder(1);
    expect((await start({ ...order, version: order.version + 5 }, ['200001'])).json().code).toBe('409');
    const started = data<Header>(await start(order, ['200001']));
    expect((await start(started, ['200001'])).json().code).toBe('400');
    expect(
      (await post(`${P}/cancelBidding/${order.id}`, buyer1, { version: order.version })).json().code,
    ).toBe('409');
    // An RFQ version that moved on (a supplier quoted) makes a stale award '409' as any RFQ.
    const rfq = await rfqOf(started.enquiryId!);
    expect((await quoteAll(s1, rfq.record.id, ['9'])).json().code).toBe('200');
    const stale = await post(`${RP}/award/${rfq.record.id}`, buyer1, {
      version: rfq.record.version,
      lines: [{ itemId: rfq.lines[0].id, awards: [{ toElsAccount: '200001', quota: '100' }] }],
    });
    expect(stale.json().code).toBe('409');
  });
});

describe('bidding sides and companies', () => {
  it('keeps the order and its RFQ to the buyer, and each RFQ to its invited suppliers', async () => {
    const order = await newOrder(1);
    expect((await start(order, ['200001'])).json().code).toBe('200');
    const started = await header(order.id);
    // A supplier cannot start or cancel; another buyer company gets 404 on the order and its RFQ.
    expect(
      (
        await post(`${P}/startBidding/${order.id}`, s1, {
          version: 1,
          toElsAccounts: ['200001'],
          quoteEndTime: inHours(2),
        })
      ).json().code,
    ).toBe('403');
    expect(
      (await post(`${P}/cancelBidding/${order.id}`, otherBuyer, { version: started.version })).json().code,
    ).toBe('404');
    expect((await get(`${RP}/findDetail/${started.enquiryId}`, otherBuyer)).json().code).toBe('404');
    expect((await get(`${RP}/findComparison/${started.enquiryId}`, otherBuyer)).json().code).toBe('404');
    // 200002 (the order's supplier before, not invited) neither reads nor quotes the RFQ.
    expect((await get(`${RS}/findQuote/${started.enquiryId}`, s2)).json().code).toBe('404');
    expect(
      (
        await post(`${RS}/quote/${started.enquiryId}`, s2, {
          lines: [{ itemId: '00000000-0000-4000-8000-000000000000', priceExcludingTax: '1' }],
        })
      ).json().code,
    ).toBe('404');
  });

  it('lets the list filter orders in bidding', async () => {
    const list = data<{ records: Header[] }>(
      await post(`${P}/findPageList`, buyer1, { orderStatus: '6', pageSize: 100 }),
    );
    expect(list.records.length).toBeGreaterThan(0);
    expect(list.records.every((r) => r.orderStatus === '6' && r.enquiryNumber)).toBe(true);
  });
});

describe('migration 0060', () => {
  const file = readFileSync(join(import.meta.dirname, '../drizzle/0060_order_bidding_rfq.sql'), 'utf8');
  // The conversion (the DO block; the test's database user may not ALTER the tables, which exist already).
  const statements = file.split('--> statement-breakpoint').filter((s) => s.includes('DO $$'));
  const run = async () => {
    for (const statement of statements) await server.database.db.execute(sql.raw(statement));
  };

  it('moves the bids of an order in bidding into a one-round RFQ, and leaves a round it cannot move in history', async () => {
    // Legacy rows as the retired flow wrote them: an order in bidding, 200001 quoted, 200003 invited.
    const order = await newOrder(2);
    const items = data<{ items: Array<{ id: string }> }>(
      await get(`${P}/findDetail/${order.id}`, buyer1),
    ).items;
    await server.database.db.execute(
      sql`update purchase_order set order_status = '6' where id = ${order.id}`,
    );
    const quotes = JSON.stringify(
      items.map((i, n) => ({
        itemId: i.id,
        priceExcludingTax: n === 0 ? '9.800000' : '10.100000',
        taxRate: '13.00',
        priceIncludingTax: '0',
        lineAmount: '0',
      })),
    );
    await server.database.db.execute(sql`
      insert into purchase_order_bid (order_id, els_account, to_els_account, supplier_name, round, bid_status,
        quote_end_time, invite_remark, quotes, total_amount, quote_time, quote_remark, create_user, last_update_user)
      values
        (${order.id}, '100000', '200001', 'S1', 1, '1', now() + interval '1 day', '旧竞价', ${quotes}::jsonb, '1', now(), '含包装', '100000_buyer1', '200001_admin'),
        (${order.id}, '100000', '200003', 'S3', 1, '0', now() + interval '1 day', '旧竞价', '[]'::jsonb, null, null, null, '100000_buyer1', '100000_buyer1')`);
    // And an order in bidding whose line has no master material: cannot be moved.
    const stray = await newOrder(1, '200002', ['NO-MASTER-1']);
    await server.database.db.execute(
      sql`update purchase_order set order_status = '6' where id = ${stray.id}`,
    );
    await server.database.db.execute(sql`
      insert into purchase_order_bid (order_id, els_account, to_els_account, supplier_name, round, bid_status,
        quote_end_time, create_user, last_update_user)
      values (${stray.id}, '100000', '200001', 'S1', 1, '0', now() + interval '1 day', '100000_buyer1', '100000_buyer1')`);

    // Twice: the second run finds nothing left to move.
    await run();
    await run();
    const moved = await header(order.id);
    expect(moved.orderStatus).toBe('6');
    expect(moved.enquiryNumber).toMatch(/^RFQ/);
    const rfq = await rfqOf(moved.enquiryId!);
    expect(rfq.record).toMatchObject({ enquiryType: '3', enquiryStatus: '1', remark: '旧竞价' });
    expect(rfq.lines.map((l) => [l.sourceNumber, l.sourceItemNumber, l.quantity])).toEqual([
      [order.orderNumber, '10', '100.000'],
      [order.orderNumber, '20', '200.000'],
    ]);
    const linked = await rows<{ enquiry_id: string }>(
      sql`select enquiry_id from purchase_order_bid where order_id = ${order.id}`,
    );
    expect(linked.every((r) => r.enquiry_id === moved.enquiryId)).toBe(true);
    // 200001's quote is its current RFQ quote; 200003 is in the RFQ inbox and can quote now.
    const page = data<{ lines: Array<{ quoteStatus: string; quote: { priceExcludingTax: string } | null }> }>(
      await get(`${RS}/findQuote/${moved.enquiryId}`, s1),
    );
    expect(page.lines.map((l) => [l.quoteStatus, l.quote?.priceExcludingTax])).toEqual([
      ['2', '9.800000'],
      ['2', '10.100000'],
    ]);
    expect((await quoteAll(s3, moved.enquiryId!, ['9.7', '10'])).json().code).toBe('200');
    // Then the award writes back as for a new bidding.
    const comparison = data<{ record: { version: number }; lines: Array<{ itemId: string }> }>(
      await get(`${RP}/findComparison/${moved.enquiryId}`, buyer1),
    );
    data(
      await post(`${RP}/award/${moved.enquiryId}`, buyer1, {
        version: comparison.record.version,
        lines: comparison.lines.map((l) => ({
          itemId: l.itemId,
          awards: [{ toElsAccount: '200001', quota: '100' }],
        })),
      }),
    );
    expect(await header(order.id)).toMatchObject({ orderStatus: '0', toElsAccount: '200001' });

    // The round it could not move: the order back to '0', its bids cancelled and kept, an audit row says why.
    expect((await header(stray.id)).orderStatus).toBe('0');
    expect(
      await rows<{ bid_status: string; enquiry_id: string | null }>(
        sql`select bid_status, enquiry_id from purchase_order_bid where order_id = ${stray.id}`,
      ),
    ).toEqual([{ bid_status: '4', enquiry_id: null }]);
    expect(await actions(stray.id)).toContain('cancelBidding 6→0');
  });

  it("points the supplier's Bid invitations menu entry at its RFQ inbox", async () => {
    const entries = await rows<{ app_url: string }>(
      sql`select app_url from menu where station = 'sale' and app_code = 'sales-bids'`,
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.app_url === '/rfq/#/v2/list?enquiryType=3')).toBe(true);
  });
});

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
        app_url: '/rfq/#/v2/list?enquiryType=3',
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
    // Migration 0060 then points the entry at the RFQ inbox (an order's bidding is an RFQ since issue #13).
    const repoint = readFileSync(join(import.meta.dirname, '../drizzle/0060_order_bidding_rfq.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('UPDATE "menu"'));
    expect(repoint).toHaveLength(1);
    for (let run = 0; run < 2; run++) {
      for (const statement of [...inserts, ...repoint]) await server.database.db.execute(sql.raw(statement));
      expect(await menuRows('sale', 'sales-bids')).toEqual([
        {
          app_code: 'sales-bids',
          parent_code: 'orders',
          sort_order: 20,
          roles: [],
          app_url: '/rfq/#/v2/list?enquiryType=3',
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
