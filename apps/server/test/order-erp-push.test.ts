import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * ERP push of sent purchase orders (issue #18 "ERP push: on order … send", seed 001 §8 "push ERP
 * successful") through the API, with a real HTTP receiver standing in for the ERP: a sent order is pushed
 * once from a job; the ERP's number lands in erpPurchaseOrderNo; a refused push shows the error and may be
 * pushed again (pushErp), which a pushed order refuses.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let erp: Server;
const received: Array<{
  kind: string;
  action: string;
  number: string;
  document: Record<string, unknown>;
  lines: unknown[];
}> = [];
const refused = new Set<string>();
const { post, get } = callsOf(() => server);
const BUY = '/apis/order/PurchaseOrderService';

beforeAll(async () => {
  erp = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const event = JSON.parse(body) as (typeof received)[number];
      if (refused.has(event.number)) {
        res.writeHead(422).end('unknown vendor');
        return;
      }
      received.push(event);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ erpNumber: `45000${received.length}` }));
    });
  });
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    ERP_PUSH_URL: `http://127.0.0.1:${(erp.address() as AddressInfo).port}/erp`,
    ERP_PUSH_TIMEOUT_MS: '2000',
    JOB_POLL_MS: '100',
  });
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => erp?.close(r));
});

const order = () => ({
  toElsAccount: '200001',
  orderType: '0',
  orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: 'ERP street 1',
  items: [
    {
      materialNumber: 'M-ERP-1',
      materialDesc: 'erp',
      unit: 'PCS',
      quantity: '4',
      priceExcludingTax: '2.5',
      taxRate: '13',
      deliveryDate: '2026-12-31',
    },
  ],
});

const detail = async (id: string) => (await get(`${BUY}/findDetail/${id}`, buyer)).json().data;

/** Saves, submits, approves (the demo's one-step flow) and sends an order; answers it as sent. */
async function sendOrder(beforeSend: (orderNumber: string) => void = () => {}) {
  const created = (await post(`${BUY}/save`, buyer, order())).json().data;
  beforeSend(created.orderNumber);
  await post(`${BUY}/submit/${created.id}`, buyer, { version: created.version });
  const task = (await post('/apis/CommonAuditService/todoPagelist', admin, { pageSize: 100 }))
    .json()
    .data.records.find((t: { documentNumber: string }) => t.documentNumber === created.orderNumber);
  if (task) await post(`/apis/CommonAuditService/approve/${task.id}`, admin, {});
  const approved = (await detail(created.id)).order;
  const sent = await post(`${BUY}/send/${created.id}`, buyer, { version: approved.version });
  expect(sent.json().code, sent.json().message).toBe('200');
  return sent.json().data;
}

/** Waits until the order's push has an answer (the job polls every 100 ms). */
async function settled(id: string) {
  for (let i = 0; i < 100; i++) {
    const o = (await detail(id)).order;
    if (o.erpPushStatus !== 'P') return o;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the ERP push did not finish');
}

describe('ERP push of sent orders', () => {
  it('pushes a sent order once and keeps the ERP’s number', async () => {
    const sent = await sendOrder();
    expect(sent.erpPushStatus).toBe('P');
    const o = await settled(sent.id);
    expect(o).toMatchObject({ erpPushStatus: 'S', erpPushMessage: null });
    const pushes = received.filter((e) => e.number === sent.orderNumber);
    expect(pushes).toHaveLength(1);
    expect(o.erpPurchaseOrderNo).toBe(`45000${received.indexOf(pushes[0]) + 1}`);
    expect(pushes[0]).toMatchObject({
      kind: 'order',
      action: 'send',
      document: { orderNumber: sent.orderNumber, totalAmount: '11.30' },
    });
    expect(pushes[0].lines).toHaveLength(1);
    // A pushed order has nothing to push again: the refusal names the push status.
    const again = await post(`${BUY}/pushErp/${sent.id}`, buyer, { version: o.version });
    expect(again.json().code).toBe('400');
    expect(again.json().message).toContain('Push ERP successful');
  });

  it('shows a refused push with the ERP’s error, and pushes again on request', async () => {
    const sent = await sendOrder((n) => refused.add(n));
    const failed = await settled(sent.id);
    expect(failed.erpPushStatus).toBe('E');
    expect(failed.erpPushMessage).toContain('HTTP 422');
    expect(failed.erpPushMessage).toContain('unknown vendor');
    refused.delete(sent.orderNumber);
    const asked = await post(`${BUY}/pushErp/${sent.id}`, buyer, { version: failed.version });
    expect(asked.json().code, asked.json().message).toBe('200');
    const pushed = await settled(sent.id);
    expect(pushed.erpPushStatus).toBe('S');
    expect(received.filter((e) => e.number === sent.orderNumber)).toHaveLength(1);
  });
});

describe('ERP push with a second server alive in the process (issue #35)', () => {
  it('writes the ERP’s answer into the database of the server that ran the job', async () => {
    // The second server registers the job handlers again; each server's runner must still write its own
    // database (before the fix the handler wrote through the last server's database and this order stayed 'P').
    const second = await createTestServer({
      ERP_PUSH_URL: `http://127.0.0.1:${(erp.address() as AddressInfo).port}/erp`,
      ERP_PUSH_TIMEOUT_MS: '2000',
      JOB_POLL_MS: '100',
    });
    try {
      const sent = await sendOrder();
      const o = await settled(sent.id);
      expect(o.erpPushStatus).toBe('S');
      expect(o.erpPurchaseOrderNo).toMatch(/^45000\d+$/);
    } finally {
      await second.close();
    }
  });
});
