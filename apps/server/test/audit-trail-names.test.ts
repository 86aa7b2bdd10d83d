import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccount } from '../src/modules/account/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Audit trails name people (issue #19): every trail row of a document's detail carries `createUserName`,
 * the acting sub-account's name — the buyer's users and the supplier's alike, whichever side reads it —
 * while `createUser` keeps the `{elsAccount}_{elsSubAccount}` code. The order's detail and every kernel kind's
 * (here the requisition) read it through the same query.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const PO = '/apis/order/PurchaseOrderService';
const SO = '/apis/order/SaleOrderService';
type Trail = Array<{ action: string; createUser: string; createUserName: string | null }>;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer();
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

async function nameOf(key: string): Promise<string> {
  const [els, sub] = key.split('_');
  const [row] = await server.database.db
    .select({ name: subaccount.name })
    .from(subaccount)
    .where(and(eq(subaccount.elsAccount, els), eq(subaccount.elsSubAccount, sub)));
  if (!row) throw new Error(`${key}: no such sub-account`);
  return row.name;
}

describe('audit trail names (issue #19)', () => {
  it('shows the buyer’s and the supplier’s users by name on both sides of an order', async () => {
    // No approval steps for orders here: submitting approves at once.
    const admin = await login(server, '100000', 'admin');
    const config = (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data;
    const cleared = await post('/apis/CommonAuditService/saveConfig', admin, {
      documentKind: 'order',
      steps: [],
      version: config?.version,
    });
    expect(cleared.json().code, cleared.body).toBe('200');
    const saved = (
      await post(`${PO}/save`, buyer, {
        toElsAccount: '200001',
        orderType: '0',
        orderDate: day(0),
        currency: 'CNY',
        exchangeRate: '1',
        items: [
          {
            materialNumber: 'M-TRAIL-1',
            materialDesc: '履历物料',
            unit: 'PCS',
            quantity: '5',
            priceExcludingTax: '2',
            taxRate: '13',
            deliveryDate: day(30),
          },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    const id = saved.data.id as string;
    const submitted = (await post(`${PO}/submit/${id}`, buyer, { version: saved.data.version })).json();
    expect(submitted.code, submitted.message).toBe('200');
    let version = submitted.data.version as number;
    expect(submitted.data.auditStatus).toBe('2');
    const sent = (await post(`${PO}/send/${id}`, buyer, { version })).json();
    expect(sent.code, sent.message).toBe('200');
    version = sent.data.version;
    const detail = (await get(`${SO}/findDetail/${id}`, supplier)).json().data;
    const lines = detail.items.map((l: { id: string }) => ({ itemId: l.id, replyDeliveryDate: day(30) }));
    const confirmed = (await post(`${SO}/confirm/${id}`, supplier, { version, lines })).json();
    expect(confirmed.code, confirmed.message).toBe('200');

    for (const [who, url] of [
      [buyer, `${PO}/findDetail/${id}`],
      [supplier, `${SO}/findDetail/${id}`],
    ] as const) {
      const trail = (await get(url, who)).json().data.trail as Trail;
      expect(trail.map((r) => r.createUser)).toEqual(
        expect.arrayContaining(['100000_buyer1', '200001_admin']),
      );
      for (const row of trail) expect(row.createUserName).toBe(await nameOf(row.createUser));
      expect(trail.find((r) => r.createUser === '100000_buyer1')?.createUserName).not.toBe('100000_buyer1');
    }
  });

  it('names the actor in a kernel kind’s trail and falls back to null for a non-account actor', async () => {
    const BASE = '/apis/purchaseRequest/PurchaseRequestService';
    const saved = (
      await post(`${BASE}/save`, buyer, {
        requestType: '0',
        lines: [
          {
            materialNumber: 'X-TRAIL',
            materialDesc: '履历',
            unit: 'PCS',
            quantity: '1',
            deliveryDate: day(9),
          },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    await server.database.db.execute(
      sql`insert into audit_trail (els_account, document_kind, document_id, action, create_user)
          values ('100000', 'purchaseRequest', ${saved.data.id}::uuid, 'edit', 'system')`,
    );
    const trail = (await get(`${BASE}/findDetail/${saved.data.id}`, buyer)).json().data.trail as Trail;
    expect(trail[0]).toMatchObject({
      action: 'create',
      createUser: '100000_buyer1',
      createUserName: await nameOf('100000_buyer1'),
    });
    expect(trail[1]).toMatchObject({ createUser: 'system', createUserName: null });
  });
});
