// @postgres: sql — keyset and number-prefix order under the server's collation, list rows rendered to JSON by its SQL (microseconds)
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, listOrders, OFFSET_WINDOW_ROWS } from '../src/modules/order/list-query.ts';
import { toHeader } from '../src/modules/order/routes.ts';
import { createTestServer, login, type TestServer } from './helpers.ts';

// Order lists at depth (issue #5): keyset cursors, the page window, estimated totals, number prefix search.
let server: TestServer;
type Session = Awaited<ReturnType<typeof login>>;
let buyer: Session;
let supplier: Session;

type Header = {
  id: string;
  orderNumber: string;
  orderDate: string;
  toElsAccount: string;
  sendStatus: string;
  deliveryStatus?: string;
};
type PageData = {
  records: Header[];
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
};

const ORDERS = EXACT_COUNT_LIMIT + 150;
const TAG = 'LQ';

const list = (session: Session, side: 'Purchase' | 'Sale', body: object, lang = 'en') =>
  server.app.inject({
    method: 'POST',
    url: `/apis/order/${side}OrderService/findPageList`,
    headers: { ...session.headers, lang },
    payload: body,
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await server.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  server = await createTestServer();
  // Many orders for buyer 100000: groups of 7 share one create_date (ties broken by id), order dates spread
  // over 40 days, every third one sent to 200002 (status 1), numbers LQ000001… plus a few with a literal '%'.
  await server.database.db.execute(sql`
    insert into purchase_order (els_account, to_els_account, supplier_name, order_number, order_type,
      order_date, create_user, last_update_user, create_date, send_status, send_time, order_status)
    select '100000', case when i % 3 = 0 then '200002' else '200001' end, 'Supplier', ${TAG} || lpad(i::text, 6, '0'),
      '0', date '2026-01-01' + (i % 40), '100000_buyer1', '100000_buyer1',
      timestamptz '2026-01-01 00:00:00.123456+00' + ((i / 7) * interval '1 microsecond'),
      case when i % 3 = 0 then '1' else '0' end,
      case when i % 3 = 0 then timestamptz '2026-02-01 00:00:00+00' + ((i / 5) * interval '1 millisecond') end,
      case when i % 3 = 0 then '1' else '0' end
    from generate_series(1, ${ORDERS}) as i`);
  await server.database.db.execute(sql`
    insert into purchase_order (els_account, to_els_account, supplier_name, order_number, order_type,
      order_date, create_user, last_update_user)
    values ('100000', '200001', 'Supplier', 'LQ%50A', '0', date '2026-03-01', '100000_buyer1', '100000_buyer1'),
           ('100000', '200001', 'Supplier', 'LQ_50B', '0', date '2026-03-01', '100000_buyer1', '100000_buyer1')`);
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200002', 'admin');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function walk(session: Session, side: 'Purchase' | 'Sale', filter: object, pageSize = 100) {
  const seen: Header[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await list(session, side, { ...filter, pageSize, ...(cursor ? { cursor } : {}) });
    expect(res.json().code, res.body).toBe('200');
    const data = res.json().data as PageData;
    seen.push(...data.records);
    if (!data.nextCursor) return seen;
    cursor = data.nextCursor;
  }
  throw new Error('the cursor never ended');
}

describe('order list by keyset cursor', () => {
  it('walks the buyer list with nextCursor: every order once, newest order date first, ties by create date and id', async () => {
    const expected = await rows<{ id: string }>(
      sql`select id from purchase_order where els_account = '100000' order by order_date desc, create_date desc, id desc`,
    );
    const seen = await walk(buyer, 'Purchase', {});
    expect(seen.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(expected.length);
  });

  it('the first pages by number agree with the cursor pages', async () => {
    const first = (await list(buyer, 'Purchase', { currentPage: 1, pageSize: 20 })).json().data as PageData;
    const second = (await list(buyer, 'Purchase', { currentPage: 2, pageSize: 20 })).json().data as PageData;
    const byCursor = (await list(buyer, 'Purchase', { pageSize: 20, cursor: first.nextCursor })).json()
      .data as PageData;
    expect(byCursor.records.map((r) => r.id)).toEqual(second.records.map((r) => r.id));
  });

  it('walks the supplier list: only orders sent to it, newest sent first', async () => {
    const expected = await rows<{ id: string }>(
      sql`select id from purchase_order where to_els_account = '200002' and send_status = '1' order by send_time desc, id desc`,
    );
    expect(expected.length).toBeGreaterThan(300);
    const seen = await walk(supplier, 'Sale', {}, 50);
    expect(seen.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('refuses a forged cursor or one issued by another list, naming the field, in both languages', async () => {
    const supplierPage = (await list(supplier, 'Sale', { pageSize: 10 })).json().data as PageData;
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('{"s":"date","k":["x","y","z"]}').toString('base64url'),
      supplierPage.nextCursor,
    ]) {
      const en = await list(buyer, 'Purchase', { cursor });
      expect(en.statusCode).toBe(400);
      expect(en.json().message).toContain('body.cursor');
      const zh = await list(buyer, 'Purchase', { cursor }, 'zh_cn');
      expect(zh.json().message).toMatch(/body\.cursor 无效/);
    }
  });
});

describe('list rows rendered by PostgreSQL', () => {
  it('answers exactly what toHeader makes of the same rows, on both sides, custom fields and microseconds included', async () => {
    // Custom fields: two kept, an empty one and an unknown key left out (as flatCustomFields does).
    await server.database.db.execute(sql`
      update purchase_order set custom_fields = ${JSON.stringify({ fbk1: '项目 A "quoted"', fbk50: 'x', fbk2: '', other: 'no' })}::jsonb,
        send_time = coalesce(send_time, timestamptz '2026-02-03 04:05:06.789999+00')
      where els_account = '100000' and order_number in (${`${TAG}000003`}, ${`${TAG}000004`})`);
    const cases = [
      { session: buyer, side: 'Purchase' as const, auth: 'purchase' as const, filter: { orderNumber: TAG } },
      { session: buyer, side: 'Purchase' as const, auth: 'purchase' as const, filter: {} },
      // A page number past the first (the deferred join) and the supplier's side.
      { session: buyer, side: 'Purchase' as const, auth: 'purchase' as const, filter: { currentPage: 3 } },
      { session: supplier, side: 'Sale' as const, auth: 'sale' as const, filter: {} },
    ];
    let compared = 0;
    for (const { session, side, auth, filter } of cases) {
      const body = { currentPage: 1, ...filter, pageSize: 100 };
      const res = (await list(session, side, body)).json();
      expect(res.code, res.message).toBe('200');
      const answered = res.data as PageData;
      const account = side === 'Purchase' ? '100000' : '200002';
      const expected = await listOrders(
        server.database.db,
        { elsAccount: account } as Parameters<typeof listOrders>[1],
        auth,
        body,
      );
      expect(answered.records.length).toBe(expected.records.length);
      expect(answered.records).toEqual(expected.records.map(toHeader));
      expect(answered.nextCursor).toBe(expected.nextCursor);
      compared += answered.records.length;
    }
    const withFields = (await list(buyer, 'Purchase', { orderNumber: `${TAG}000003`, pageSize: 5 })).json()
      .data as { records: Array<Record<string, unknown>> };
    expect(withFields.records[0]).toMatchObject({ fbk1: '项目 A "quoted"', fbk50: 'x' });
    expect(withFields.records[0]).not.toHaveProperty('fbk2');
    expect(withFields.records[0]).not.toHaveProperty('other');
    expect(compared).toBeGreaterThan(200);
  });

  it('answers a compressed page whole', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/order/PurchaseOrderService/findPageList',
      headers: { ...buyer.headers, 'accept-encoding': 'gzip' },
      payload: { currentPage: 1, pageSize: 50 },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(body.code).toBe('200');
    expect(body.data.records).toHaveLength(50);
  });
});

describe('order list by delivery status', () => {
  it('lists only the orders in that delivery status, on both sides', async () => {
    await server.database.db.execute(sql`
      update purchase_order set delivery_status = '1'
      where els_account = '100000' and order_number in (${`${TAG}000006`}, ${`${TAG}000009`}, ${`${TAG}000010`})`);
    const buyerPage = (
      await list(buyer, 'Purchase', { pageSize: 50, deliveryStatus: '1', orderNumber: TAG })
    ).json().data as PageData;
    expect(buyerPage.records.map((r) => r.orderNumber).sort()).toEqual([
      `${TAG}000006`,
      `${TAG}000009`,
      `${TAG}000010`,
    ]);
    expect(buyerPage.totalExact).toBe(true);
    expect(buyerPage.total).toBe(3);
    // 200002 sees the two that were sent to it (every third order), not 000010 (200001's, unsent).
    const supplierPage = (await list(supplier, 'Sale', { pageSize: 50, deliveryStatus: '1' })).json()
      .data as PageData;
    expect(supplierPage.records.map((r) => r.orderNumber).sort()).toEqual([`${TAG}000006`, `${TAG}000009`]);
    expect(supplierPage.records.every((r) => r.deliveryStatus === '1')).toBe(true);
    const wrong = await list(buyer, 'Purchase', { pageSize: 10, deliveryStatus: '9' }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/deliveryStatus/);
  });
});

describe('order list window and totals', () => {
  it('estimates the total above the exact limit and counts exactly below it', async () => {
    const all = (await list(buyer, 'Purchase', { pageSize: 10 })).json().data as PageData;
    expect(all.totalExact).toBe(false);
    expect(all.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const [{ n }] = await rows<{ n: string }>(
      sql`select count(*) as n from purchase_order where els_account = '100000' and to_els_account = '200002'`,
    );
    const few = (await list(buyer, 'Purchase', { pageSize: 10, toElsAccount: '200002' })).json()
      .data as PageData;
    expect(few.totalExact).toBe(true);
    expect(few.total).toBe(Number(n));
  });

  it('refuses a page beyond the window with the rule and the field, and serves the last page inside it', async () => {
    const pageSize = 100;
    const lastInside = OFFSET_WINDOW_ROWS / pageSize;
    const inside = await list(buyer, 'Purchase', { currentPage: lastInside, pageSize });
    expect(inside.json().code).toBe('200');
    const beyond = await list(buyer, 'Purchase', { currentPage: lastInside + 1, pageSize });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toContain('body.currentPage');
    expect(beyond.json().message).toContain(String(OFFSET_WINDOW_ROWS));
  });
});

describe('order number search', () => {
  it('matches a prefix case-insensitively, in number order, highest first', async () => {
    const data = (await list(buyer, 'Purchase', { orderNumber: 'lq00011', pageSize: 100 })).json()
      .data as PageData;
    const numbers = data.records.map((r) => r.orderNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(numbers.length).toBe(10); // LQ000110 … LQ000119
    expect(numbers.every((n) => n.startsWith('LQ00011'))).toBe(true);
    expect(data.total).toBe(10);
  });

  it('treats % and _ as the characters themselves', async () => {
    const percent = (await list(buyer, 'Purchase', { orderNumber: 'LQ%' })).json().data as PageData;
    expect(percent.records.map((r) => r.orderNumber)).toEqual(['LQ%50A']);
    const underscore = (await list(buyer, 'Purchase', { orderNumber: 'LQ_' })).json().data as PageData;
    expect(underscore.records.map((r) => r.orderNumber)).toEqual(['LQ_50B']);
  });

  it('continues a number search by cursor without repeats', async () => {
    const seen = await walk(buyer, 'Purchase', { orderNumber: 'LQ0' }, 100);
    const [{ n }] = await rows<{ n: string }>(
      sql`select count(*) as n from purchase_order where els_account = '100000' and order_number like 'LQ0%'`,
    );
    expect(seen.length).toBe(Number(n));
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
  });
});
