import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccount } from '../src/modules/account/tables.ts';
import { purchaseRequest } from '../src/modules/purchase-request/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Names instead of sub-account codes (issue #19): a document's detail carries `createUserName` (the
 * creator's name) next to `record.createUser` / `order.createUser`, its approval tasks `handledByName`, and
 * the approval lists `promoterName` and `handledByName` — read by joins in the same queries, whichever side
 * reads them; the codes stay as they were.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const PO = '/apis/order/PurchaseOrderService';
const SO = '/apis/order/SaleOrderService';
const AUDIT = '/apis/CommonAuditService';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer();
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
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

describe('names of creators and handlers (issue #19)', () => {
  it('the order detail names its creator and its approval handler; the lists name submitter and handler', async () => {
    const config = (await get(`${AUDIT}/findConfig/order`, admin)).json().data;
    const saved = await post(`${AUDIT}/saveConfig`, admin, {
      version: config?.version,
      documentKind: 'order',
      steps: [{ name: '主管审批', approverType: 'user', approvers: ['admin'] }],
    });
    expect(saved.json().code, saved.body).toBe('200');
    const order = (
      await post(`${PO}/save`, buyer, {
        toElsAccount: '200001',
        orderType: '0',
        orderDate: day(0),
        currency: 'CNY',
        exchangeRate: '1',
        items: [
          {
            materialNumber: 'M-NAMES-1',
            materialDesc: '名称物料',
            unit: 'PCS',
            quantity: '5',
            priceExcludingTax: '2',
            taxRate: '13',
            deliveryDate: day(30),
          },
        ],
      })
    ).json();
    expect(order.code, order.message).toBe('200');
    const id = order.data.id as string;
    const submitted = (await post(`${PO}/submit/${id}`, buyer, { version: order.data.version })).json();
    expect(submitted.code, submitted.message).toBe('200');

    const todo = (await post(`${AUDIT}/todoPagelist`, admin, { currentPage: 1, pageSize: 50 })).json().data;
    const task = todo.records.find((t: { documentId: string }) => t.documentId === id);
    expect(task).toMatchObject({ promoter: '100000_buyer1', promoterName: await nameOf('100000_buyer1') });
    expect(task.handledByName).toBeNull();
    const approved = (await post(`${AUDIT}/approve/${task.id}`, admin, { remark: 'OK' })).json();
    expect(approved.code, approved.message).toBe('200');
    const done = (await post(`${AUDIT}/donePagelist`, admin, { currentPage: 1, pageSize: 50 })).json().data;
    expect(done.records.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      handledBy: '100000_admin',
      handledByName: await nameOf('100000_admin'),
      promoterName: await nameOf('100000_buyer1'),
    });

    const detail = (await get(`${PO}/findDetail/${id}`, buyer)).json().data;
    expect(detail.order.createUser).toBe('100000_buyer1');
    expect(detail.createUserName).toBe(await nameOf('100000_buyer1'));
    expect(detail.createUserName).not.toBe('100000_buyer1');
    expect(detail.tasks).toHaveLength(1);
    expect(detail.tasks[0]).toMatchObject({
      handledBy: '100000_admin',
      handledByName: await nameOf('100000_admin'),
      handledOnBehalfOf: null,
      handledOnBehalfOfName: null,
    });
    // The supplier reads the buyer's creator by name too (once the order is sent).
    const sent = (await post(`${PO}/send/${id}`, buyer, { version: detail.order.version })).json();
    expect(sent.code, sent.message).toBe('200');
    const sale = (await get(`${SO}/findDetail/${id}`, supplier)).json().data;
    expect(sale.createUserName).toBe(await nameOf('100000_buyer1'));
  });

  it('a kernel kind’s detail names its creator; a creator that is no sub-account answers null', async () => {
    const BASE = '/apis/purchaseRequest/PurchaseRequestService';
    const saved = (
      await post(`${BASE}/save`, buyer, {
        requestType: '0',
        lines: [
          {
            materialNumber: 'X-NAMES',
            materialDesc: '名称',
            unit: 'PCS',
            quantity: '1',
            deliveryDate: day(9),
          },
        ],
      })
    ).json();
    expect(saved.code, saved.message).toBe('200');
    const detail = (await get(`${BASE}/findDetail/${saved.data.id}`, buyer)).json().data;
    expect(detail.record.createUser).toBe('100000_buyer1');
    expect(detail.createUserName).toBe(await nameOf('100000_buyer1'));
    await server.database.db
      .update(purchaseRequest)
      .set({ createUser: 'system' })
      .where(eq(purchaseRequest.id, saved.data.id));
    const again = (await get(`${BASE}/findDetail/${saved.data.id}`, buyer)).json().data;
    expect(again.record.createUser).toBe('system');
    expect(again.createUserName).toBeNull();
  });
});
