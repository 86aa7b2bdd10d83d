import { type DocumentDefinition, kindSides, servicePath } from '@srm/contracts/document/define';
import { DOCUMENT_DEFINITIONS } from '@srm/contracts/document/registry';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRelation } from '../src/modules/account/tables.ts';
import { notify } from '../src/modules/message/notify.ts';
import { SECOND_BUYER } from '../src/seed/demo-second-buyer.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * One inbox for a supplier of many buyers (issue #16; spec 000 §4): supplier 200001 works for the demo
 * buyers 100000 and 100002. Its lists of every kind hold both buyers' documents, each row naming its
 * buyer (short name), filtered by buyer on request; a supplier not linked with a buyer sees none of that
 * buyer's documents, and removing a link hides them at once.
 */
let server: TestServer;
let supplier: Session;
let other: Session;
let buyerA: Session;
let buyerB: Session;
const { post, get } = callsOf(() => server);

type Page = { records: Array<Record<string, unknown>>; total: number };

/** Every supplier-side list: the order's and each kernel kind's with a sale side (a new kind joins). */
const SALE_LISTS = ([purchaseOrderDefinition, ...DOCUMENT_DEFINITIONS] as DocumentDefinition[])
  .filter((def) => kindSides(def).includes('sale'))
  .map((def) => [def.kind, `${servicePath(def, 'sale')}/findPageList`] as const);

const actingOf = (session: Session) =>
  (session.elsSubaccountInfoDTO as unknown as { actingElsAccount: string }).actingElsAccount;

async function page(session: Session, url: string, filter: Record<string, unknown> = {}): Promise<Page> {
  const res = await post(url, session, { currentPage: 1, pageSize: 100, ...filter });
  expect(res.json().code, `${url} ${res.body}`).toBe('200');
  return res.json().data as Page;
}

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  supplier = await login(server, '200001', 'admin');
  other = await login(server, '200003', 'admin');
  buyerA = await login(server, '100000', 'buyer1');
  buyerB = await login(server, SECOND_BUYER, 'buyer1');
});

afterAll(async () => {
  await server?.close();
});

describe('supplier inbox', () => {
  it('walks the lists of every kind with a supplier side (a new kind joins by its definition)', () => {
    expect(SALE_LISTS.map(([kind]) => kind)).toEqual(
      expect.arrayContaining([
        'order',
        'enquiry',
        'ebidding',
        'deliveryNote',
        'refund',
        'recon',
        'deductCost',
        'addCost',
        'invoice',
      ]),
    );
  });

  it("shows both buyers' orders in one list, each row naming its buyer by short name", async () => {
    const { records, total } = await page(supplier, SALE_LISTS[0][1]);
    const buyers = new Set(records.map((r) => r.elsAccount));
    expect(buyers).toEqual(new Set(['100000', SECOND_BUYER]));
    expect(total).toBe(records.length);
    for (const r of records)
      expect(r.buyerShortName).toBe(r.elsAccount === '100000' ? '华东精密' : '南海智能');
    // The buyer's own draft is not in the inbox.
    const drafts = await page(buyerB, '/apis/order/PurchaseOrderService/findPageList', {
      orderStatus: '0',
    });
    expect(drafts.total).toBeGreaterThan(0);
    const inboxIds = new Set(records.map((r) => r.id));
    for (const d of drafts.records) expect(inboxIds.has(d.id)).toBe(false);
  });

  it('filters every list by buyer: the parts add up to the whole', async () => {
    for (const [kind, url] of SALE_LISTS) {
      const all = await page(supplier, url);
      const a = await page(supplier, url, { elsAccount: '100000' });
      const b = await page(supplier, url, { elsAccount: SECOND_BUYER });
      expect(a.total + b.total, kind).toBe(all.total);
      expect(
        a.records.every((r) => r.elsAccount === '100000'),
        kind,
      ).toBe(true);
      expect(
        b.records.every((r) => r.elsAccount === SECOND_BUYER && r.buyerShortName === '南海智能'),
        kind,
      ).toBe(true);
    }
    const orders = await page(supplier, SALE_LISTS[0][1], { elsAccount: SECOND_BUYER });
    expect(orders.total).toBe(4);
  });

  it('answers a hostile buyer filter with 400 naming the field, and a foreign account with nothing', async () => {
    for (const [, url] of SALE_LISTS) {
      const res = await post(url, supplier, { currentPage: 1, pageSize: 10, elsAccount: "1' or '1'='1" });
      expect(res.json().code, `${url} ${res.body.slice(0, 200)}`).toBe('400');
      expect(res.json().message).toContain('elsAccount');
    }
    // 200003 is not linked with 100002: filtering by it shows no row, never 100002's documents.
    for (const [kind, url] of SALE_LISTS) {
      const foreign = await page(other, url, { elsAccount: SECOND_BUYER });
      expect(foreign.total, kind).toBe(0);
    }
  });

  it("never shows a buyer's documents to a supplier not linked with it; removing a link hides them", async () => {
    const bOrders = await page(buyerB, '/apis/order/PurchaseOrderService/findPageList');
    const sent = bOrders.records.filter((r) => r.orderStatus !== '0');
    expect(sent.length).toBe(4);
    // Another supplier: none in its lists, detail '404'.
    for (const [, url] of SALE_LISTS) {
      const rows = (await page(other, url)).records;
      expect(rows.some((r) => r.elsAccount === SECOND_BUYER)).toBe(false);
    }
    const foreign = await get(`/apis/order/SaleOrderService/findDetail/${sent[0].id}`, other);
    expect(foreign.json().code).toBe('404');

    // The linked supplier reads the detail; once the link is removed, neither list nor detail.
    const detailUrl = `/apis/order/SaleOrderService/findDetail/${sent[0].id}`;
    expect((await get(detailUrl, supplier)).json().code).toBe('200');
    const db = server.database.db;
    await db
      .delete(accountRelation)
      .where(and(eq(accountRelation.elsAccount, SECOND_BUYER), eq(accountRelation.toElsAccount, '200001')));
    try {
      for (const [kind, url] of SALE_LISTS) {
        const rows = (await page(supplier, url)).records;
        expect(
          rows.some((r) => r.elsAccount === SECOND_BUYER),
          kind,
        ).toBe(false);
      }
      expect((await get(detailUrl, supplier)).json().code).toBe('404');
      const inbox = (await get('/apis/ElsAccountService/findInbox', supplier)).json().data;
      expect(inbox.buyers.map((b: { elsAccount: string }) => b.elsAccount)).toEqual(['100000']);
    } finally {
      await db.insert(accountRelation).values({ elsAccount: SECOND_BUYER, toElsAccount: '200001' });
    }
    expect((await get(detailUrl, supplier)).json().code).toBe('200');
  });

  it('keeps the chosen buyer per user: the lists open with it and the user acts as it', async () => {
    const empty = (await get('/apis/ElsAccountService/findInbox', supplier)).json().data;
    expect(empty).toEqual({
      buyers: [
        { elsAccount: '100000', companyName: '华东精密制造有限公司', companyShortName: '华东精密' },
        { elsAccount: SECOND_BUYER, companyName: '深圳南海智能装备有限公司', companyShortName: '南海智能' },
      ],
      inboxElsAccount: null,
    });
    // Two buyers: 200001 no longer acts as 100000 until it chooses one.
    expect(actingOf(supplier)).toBe('200001');

    const refused = await post('/apis/ElsAccountService/saveInbox', supplier, { elsAccount: '100001' });
    expect(refused.json().code).toBe('400');
    expect(refused.json().message).toContain('elsAccount');
    const zh = await post('/apis/ElsAccountService/saveInbox', supplier, { elsAccount: '200003' }, 'zh_cn');
    expect(zh.json().message).toContain('关联的采购方');
    const forbidden = await post('/apis/ElsAccountService/saveInbox', buyerA, { elsAccount: '100000' });
    expect(forbidden.json().code).toBe('403');

    const saved = await post('/apis/ElsAccountService/saveInbox', supplier, { elsAccount: SECOND_BUYER });
    expect(saved.json().code).toBe('200');
    const chosen = (await get('/apis/ElsAccountService/findInbox', supplier)).json().data;
    expect(chosen.inboxElsAccount).toBe(SECOND_BUYER);
    // The next login acts as the chosen buyer (spec 000 §4); a supplier with one buyer still acts as it.
    expect(actingOf(await login(server, '200001', 'admin'))).toBe(SECOND_BUYER);
    expect(actingOf(other)).toBe('100000');
    // Another user of another company is not affected.
    expect((await get('/apis/ElsAccountService/findInbox', other)).json().data.inboxElsAccount).toBeNull();

    const back = await post('/apis/ElsAccountService/saveInbox', supplier, { elsAccount: null });
    expect(back.json().code).toBe('200');
    expect((await get('/apis/ElsAccountService/findInbox', supplier)).json().data.inboxElsAccount).toBeNull();
  });
});

describe('the message list filtered by buyer (issue #16)', () => {
  it('a supplier of two buyers reads one buyer’s messages; the filter never widens what it reads', async () => {
    // The same text in both languages: each receiver gets its language, the test reads either.
    const title = (n: string) => ({ zh_cn: `Inbox filter ${n}`, en: `Inbox filter ${n}` });
    await server.database.db.transaction(async (tx) => {
      const to = { companies: ['200001', '200003'] };
      await notify(tx, server.config.ENV_NAME, {
        receivers: to,
        msgTitle: title('A'),
        sender: { elsAccount: '100000', elsSubAccount: 'buyer1' },
      });
      await notify(tx, server.config.ENV_NAME, {
        receivers: to,
        msgTitle: title('B'),
        sender: { elsAccount: SECOND_BUYER, elsSubAccount: 'buyer1' },
      });
      await notify(tx, server.config.ENV_NAME, { receivers: to, msgTitle: title('system') });
    });
    const titles = async (session: Session, filter: Record<string, unknown>) =>
      (
        await page(session, '/apis/ElsSysMsgService/findPageList', { keyword: 'Inbox filter', ...filter })
      ).records
        .map((m) => m.msgTitle)
        .sort();
    expect(await titles(supplier, {})).toEqual(['Inbox filter A', 'Inbox filter B', 'Inbox filter system']);
    expect(await titles(supplier, { senderElsAccount: '100000' })).toEqual(['Inbox filter A']);
    expect(await titles(supplier, { senderElsAccount: SECOND_BUYER })).toEqual(['Inbox filter B']);
    // 200003 works for 100000 only; naming the second buyer shows only its own copy of B, nobody else's.
    const others = await titles(other, { senderElsAccount: SECOND_BUYER });
    expect(others).toEqual(['Inbox filter B']);
    const bad = await post('/apis/ElsSysMsgService/findPageList', supplier, {
      currentPage: 1,
      pageSize: 10,
      senderElsAccount: "'; drop table sys_msg; --",
    });
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('body.senderElsAccount');
  });
});
