// @postgres: flow:webhook, locks — deliveries claimed FOR UPDATE … SKIP LOCKED, retried until they get through once, in order per document
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@srm/contracts/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPublicUrl, retryDelaySeconds } from '../src/modules/webhook/service.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Webhooks per company (issue #18) against real HTTP receivers: events are queued with the audit trail
 * in the change's transaction, signed (HMAC-SHA256 over `${timestamp}.${body}`), retried after failures
 * until they get through exactly once, one document's events in order; the counterpart hears only what it
 * is told of anyway; a delivery failing for 24 h disables its endpoint; an admin may redeliver by hand.
 * The deliverer's own poll is slowed down (WEBHOOK_POLL_MS) so that the test drives it with `runDue(now)`.
 */
type Received = {
  id: string;
  type: string;
  body: string;
  timestamp: string;
  signature: string;
  status: number;
};

function receiver() {
  const calls: Received[] = [];
  const state = { failNext: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string };
      const status = state.failNext > 0 ? 503 : 204;
      if (state.failNext > 0) state.failNext--;
      calls.push({
        id: event.id,
        type: event.type,
        body,
        timestamp: String(req.headers[WEBHOOK_HEADERS.timestamp]),
        signature: String(req.headers[WEBHOOK_HEADERS.signature]),
        status,
      });
      res.writeHead(status).end();
    });
  });
  return {
    calls,
    state,
    server,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
  };
}

let server: TestServer;
let buyerAdmin: Session;
let buyer1: Session;
let supplierAdmin: Session;
const buyerHook = receiver();
const supplierHook = receiver();
let buyerEndpoint: { id: string; secret: string; version: number };
let supplierEndpoint: { id: string; secret: string; version: number };
const { post, get } = callsOf(() => server);

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const order = () => ({
  toElsAccount: '200001',
  orderType: '0',
  orderDate: today(),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: '苏州工业园区星湖街 328 号',
  items: [
    {
      materialNumber: 'M-WH-1',
      materialDesc: 'webhook test',
      unit: 'PCS',
      quantity: '10',
      priceExcludingTax: '12.5',
      taxRate: '13',
      deliveryDate: '2026-12-31',
    },
  ],
});

/** The signature a receiver computes from its secret and what it got. */
const expected = (secret: string, call: Received) =>
  `v1=${createHmac('sha256', secret).update(`${call.timestamp}.${call.body}`).digest('hex')}`;

beforeAll(async () => {
  const [buyerUrl, supplierUrl] = [await buyerHook.start(), await supplierHook.start()];
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_POLL_MS: '60000',
  });
  buyerAdmin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplierAdmin = await login(server, '200001', 'admin');
  const b = await post('/apis/WebhookService/save', buyerAdmin, { url: buyerUrl, eventTypes: ['order.*'] });
  expect(b.json().code, b.json().message).toBe('200');
  buyerEndpoint = b.json().data;
  const s = await post('/apis/WebhookService/save', supplierAdmin, { url: supplierUrl, eventTypes: ['*'] });
  expect(s.json().code, s.json().message).toBe('200');
  supplierEndpoint = s.json().data;
});
afterAll(async () => {
  // Other suites share the PostgreSQL database: leave no endpoint behind.
  for (const [session, id] of [
    [buyerAdmin, buyerEndpoint?.id],
    [supplierAdmin, supplierEndpoint?.id],
  ] as const) {
    if (!session || !id) continue;
    const current = (await post('/apis/WebhookService/list', session))
      .json()
      .data.find((e: { id: string }) => e.id === id);
    if (current) await post(`/apis/WebhookService/delete/${id}`, session, { version: current.version });
  }
  await server?.close();
  await Promise.all([buyerHook, supplierHook].map((h) => new Promise((r) => h.server.close(r))));
});

/** Runs delivery rounds at `now` until nothing is due. */
async function drain(now = new Date()) {
  for (let i = 0; i < 20; i++) if ((await server.app.webhooks.runDue(now)) === 0) return;
}

describe('webhook endpoints', () => {
  it('answers the secret once and never lists it; only the company admin manages them', async () => {
    expect(buyerEndpoint.secret).toMatch(/^whsec_/);
    const listed = (await post('/apis/WebhookService/list', buyerAdmin)).json().data;
    expect(listed.map((e: { id: string }) => e.id)).toContain(buyerEndpoint.id);
    expect(listed.every((e: object) => !('secret' in e))).toBe(true);
    expect((await post('/apis/WebhookService/list', buyer1)).json().code).toBe('403');
    // Another company's endpoint is not there for it.
    const foreign = await post(`/apis/WebhookService/delete/${buyerEndpoint.id}`, supplierAdmin, {
      version: buyerEndpoint.version,
    });
    expect(foreign.json().code).toBe('404');
    const bad = await post('/apis/WebhookService/save', buyerAdmin, {
      url: 'ftp://x.example',
      eventTypes: ['*'],
    });
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('body.url');
    const badType = await post('/apis/WebhookService/save', buyerAdmin, {
      url: 'https://hooks.example.com/x',
      eventTypes: ['order send'],
    });
    expect(badType.json().code).toBe('400');
    expect(badType.json().message).toContain('body.eventTypes');
  });

  it('refuses loopback and private addresses unless allowed', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://10.2.3.4/x', 'http://[::1]/x', 'http://192.168.1.9/x'])
      await expect(assertPublicUrl(url, false)).rejects.toMatchObject({
        code: '400',
        key: 'webhookUrlPrivate',
      });
    await expect(assertPublicUrl('http://93.184.216.34/x', false)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://127.0.0.1:9/x', true)).resolves.toBeUndefined();
  });
});

describe('webhook deliveries', () => {
  let orderId: string;

  it('delivers signed events of an order to its buyer, and to the supplier only what it is sent', async () => {
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order())).json().data;
    orderId = created.id;
    await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer1, { version: created.version });
    const task = (await post('/apis/CommonAuditService/todoPagelist', buyerAdmin, { pageSize: 100 }))
      .json()
      .data.records.find((t: { documentNumber: string }) => t.documentNumber === created.orderNumber);
    expect(
      (await post(`/apis/CommonAuditService/approve/${task.id}`, buyerAdmin, {})).json().data.complete,
    ).toBe(true);
    const detail = (await get(`/apis/order/PurchaseOrderService/findDetail/${created.id}`, buyer1)).json()
      .data;
    const sent = await post(`/apis/order/PurchaseOrderService/send/${created.id}`, buyer1, {
      version: detail.order.version,
    });
    expect(sent.json().code, sent.json().message).toBe('200');
    await drain();

    const mine = buyerHook.calls.filter((c) => JSON.parse(c.body).data.documentId === created.id);
    const types = mine.map((c) => c.type);
    expect(types[0]).toBe('order.create');
    expect(types).toContain('order.submit');
    expect(types.at(-1)).toBe('order.send');
    for (const call of mine) expect(call.signature).toBe(expected(buyerEndpoint.secret, call));
    const sendEvent = JSON.parse(mine.at(-1)?.body ?? '{}');
    expect(sendEvent).toMatchObject({
      type: 'order.send',
      elsAccount: '100000',
      data: {
        documentKind: 'order',
        documentNumber: created.orderNumber,
        action: 'send',
        actor: '100000_buyer1',
      },
    });

    // The supplier's endpoint subscribes to everything but hears only the send, not the draft's life.
    const theirs = supplierHook.calls.filter((c) => JSON.parse(c.body).data.documentId === created.id);
    expect(theirs.map((c) => c.type)).toEqual(['order.send']);
    expect(theirs[0].signature).toBe(expected(supplierEndpoint.secret, theirs[0]));
    expect(JSON.parse(theirs[0].body).elsAccount).toBe('200001');
    // A forged signature does not match.
    expect(theirs[0].signature).not.toBe(expected(buyerEndpoint.secret, theirs[0]));
  });

  it('retries a failing receiver until it gets the event once, and keeps one document’s order', async () => {
    buyerHook.state.failNext = 3;
    const before = buyerHook.calls.length;
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order())).json().data;
    const edited = await post('/apis/order/PurchaseOrderService/save', buyer1, {
      ...order(),
      id: created.id,
      version: created.version,
      deliveryAddress: '苏州工业园区星湖街 330 号',
    });
    expect(edited.json().code, edited.json().message).toBe('200');
    let now = new Date();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await drain(now);
      now = new Date(now.getTime() + retryDelaySeconds(attempt) * 1000 + 1);
    }
    await drain(now);
    const calls = buyerHook.calls
      .slice(before)
      .filter((c) => JSON.parse(c.body).data.documentId === created.id);
    // Three refusals of the create, then the create once, then the edit: the edit never overtook it.
    expect(calls.map((c) => `${c.type}:${c.status}`)).toEqual([
      'order.create:503',
      'order.create:503',
      'order.create:503',
      'order.create:204',
      'order.edit:204',
    ]);
    expect(new Set(calls.slice(0, 4).map((c) => c.id)).size).toBe(1);
    // The log shows the four attempts of the create.
    const log = (
      await post('/apis/WebhookService/deliveries', buyerAdmin, {
        endpointId: buyerEndpoint.id,
        pageSize: 20,
      })
    ).json().data;
    const createDelivery = log.find((d: { eventId: string }) => d.eventId === calls[0].id);
    expect(createDelivery).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 204 });
    const one = (await post(`/apis/WebhookService/delivery/${createDelivery.id}`, buyerAdmin)).json().data;
    expect(one.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 503, 204]);
    // Another company cannot read it.
    expect(
      (await post(`/apis/WebhookService/delivery/${createDelivery.id}`, supplierAdmin)).json().code,
    ).toBe('404');
    expect(orderId).toBeDefined();
  });

  it('gives up after 24 hours, disables the endpoint and tells the admin; a redelivery by hand goes through', async () => {
    buyerHook.state.failNext = 1_000;
    const created = (await post('/apis/order/PurchaseOrderService/save', buyer1, order())).json().data;
    await drain(new Date());
    await drain(new Date(Date.now() + 25 * 3600 * 1000));
    const log = (
      await post('/apis/WebhookService/deliveries', buyerAdmin, {
        endpointId: buyerEndpoint.id,
        status: 'failed',
      })
    ).json().data;
    const failed = log.find((d: { eventType: string }) => d.eventType === 'order.create');
    expect(failed).toBeDefined();
    const endpoint = (await post('/apis/WebhookService/list', buyerAdmin))
      .json()
      .data.find((e: { id: string }) => e.id === buyerEndpoint.id);
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'deliveryFailed' });
    const messages = (await get('/apis/ElsSysMsgService/getUnReadMsgList/100000/admin', buyerAdmin))
      .json()
      .data.records.map((m: { msgTitle: string }) => m.msgTitle);
    expect(messages.some((t: string) => t.includes(endpoint.url))).toBe(true);

    // The admin re-enables it and redelivers the failed event: the same event id arrives once.
    buyerHook.state.failNext = 0;
    const reenabled = await post('/apis/WebhookService/save', buyerAdmin, {
      id: endpoint.id,
      version: endpoint.version,
      url: endpoint.url,
      eventTypes: endpoint.eventTypes,
      enabled: true,
    });
    expect(reenabled.json().data).toMatchObject({ enabled: true, disabledReason: null });
    const again = (await post(`/apis/WebhookService/redeliver/${failed.id}`, buyerAdmin)).json().data;
    expect(again).toMatchObject({ status: 'pending', eventId: failed.eventId });
    await drain();
    const got = buyerHook.calls.filter((c) => c.id === failed.eventId && c.status === 204);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].body).data.documentId).toBe(created.id);
  });

  it('tells a company’s endpoints of announcements it receives and of messages to its users', async () => {
    const [supplierBefore, buyerBefore] = [supplierHook.calls.length, buyerHook.calls.length];
    const title = `Webhook 公告 ${Date.now()}`;
    const notice = (
      await post('/apis/ElsNoticeService/save', buyerAdmin, {
        title,
        content: '请按新交期安排生产。',
        noticeStartTime: new Date().toISOString(),
        noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
        receivers: ['200001'],
      })
    ).json().data;
    const published = await post(`/apis/ElsNoticeService/publish/${notice.id}`, buyerAdmin, {
      version: notice.version,
    });
    expect(published.json().code, published.json().message).toBe('200');
    await drain();

    const got = supplierHook.calls.slice(supplierBefore).map((c) => ({ call: c, event: JSON.parse(c.body) }));
    for (const { call } of got) expect(call.signature).toBe(expected(supplierEndpoint.secret, call));
    const publish = got.find(
      (g) => g.event.type === 'notice.publish' && g.event.data.documentId === notice.id,
    );
    expect(publish?.event).toMatchObject({
      elsAccount: '200001',
      data: { documentKind: 'notice', documentNumber: title, action: 'publish', toStatus: '1' },
    });
    const message = got.find(
      (g) => g.event.type === 'message.created' && g.event.data.businessId === notice.id,
    );
    expect(message?.event).toMatchObject({
      elsAccount: '200001',
      data: { businessType: 'notice', msgTitle: { zh_cn: title, en: title } },
    });
    // The event names the receiving company's own users only.
    const users = (await post('/apis/ElsAccountService/findPageList', supplierAdmin, { pageSize: 100 }))
      .json()
      .data.records.map((u: { elsSubAccount: string }) => u.elsSubAccount);
    expect(message?.event.data.receivers).toContain('admin');
    for (const r of message?.event.data.receivers ?? []) expect(users).toContain(r);
    // Each event once, even after another round.
    await drain();
    expect(supplierHook.calls.filter((c) => c.id === message?.call.id)).toHaveLength(1);
    // The buyer's endpoint listens to order.* only: nothing of the announcement.
    const buyerGot = buyerHook.calls.slice(buyerBefore).map((c) => c.type);
    expect(buyerGot.filter((t) => !t.startsWith('order.'))).toEqual([]);
  });
});
