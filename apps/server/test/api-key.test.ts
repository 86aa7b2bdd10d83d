import { API_KEY_HEADER } from '@srm/contracts/api-key';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessOfRoute } from '../src/modules/api-key/service.ts';
import { kindOfRoute } from '../src/platform/document/registry.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * API keys per company (issue #18): the admin creates a key for one sub-account with scopes by document
 * kind and read/write; the key is answered once; a call with `x-api-key` acts as that sub-account on the
 * routes its scopes allow — checked on every route the server has (generated from the route registry) —
 * is rate-limited and recorded; a revoked or expired key stops at once.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
let supplierAdmin: Session;
const { post } = callsOf(() => server);
/** Calls per minute per key: above the generated test's calls with one key, reached by the rate test. */
const LIMIT = 400;

beforeAll(async () => {
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    API_KEY_LIMIT_PER_MIN: String(LIMIT),
  });
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplierAdmin = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type Key = { id: string; key: string; version: number; prefix: string };
async function createKey(
  scopes: Array<{ kind: string; access: 'read' | 'write' }>,
  extra: object = {},
): Promise<Key> {
  const res = await post('/apis/ApiKeyService/create', admin, {
    elsSubAccount: 'buyer1',
    name: 'ERP',
    scopes,
    ...extra,
  });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}
/** A call made with a key instead of a session. */
const withKey = (key: string, method: 'GET' | 'POST', url: string, payload: object = {}) =>
  server.app.inject({
    method,
    url,
    headers: { [API_KEY_HEADER]: key, lang: 'en' },
    ...(method === 'POST' ? { payload } : {}),
  });

const today = () => new Date().toISOString().slice(0, 10);
const order = {
  toElsAccount: '200001',
  orderType: '0',
  orderDate: today(),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: 'API key street 1',
  items: [
    {
      materialNumber: 'M-KEY-1',
      materialDesc: 'key',
      unit: 'PCS',
      quantity: '5',
      priceExcludingTax: '2',
      taxRate: '13',
      deliveryDate: '2026-12-31',
    },
  ],
};

describe('API keys', () => {
  it('are created by the company admin only, answered once and listed by prefix', async () => {
    expect(
      (
        await post('/apis/ApiKeyService/create', buyer1, {
          elsSubAccount: 'buyer1',
          name: 'x',
          scopes: [{ kind: '*', access: 'read' }],
        })
      ).json().code,
    ).toBe('403');
    const missing = await post('/apis/ApiKeyService/create', admin, {
      elsSubAccount: 'nobody',
      name: 'x',
      scopes: [{ kind: '*', access: 'read' }],
    });
    expect(missing.json().code).toBe('400');
    expect(missing.json().message).toContain('body.elsSubAccount');
    const past = await post('/apis/ApiKeyService/create', admin, {
      elsSubAccount: 'buyer1',
      name: 'x',
      scopes: [{ kind: '*', access: 'read' }],
      expiresDate: '2020-01-01T00:00:00Z',
    });
    expect(past.json().message).toContain('body.expiresDate');
    const key = await createKey([{ kind: 'order', access: 'read' }]);
    expect(key.key).toMatch(/^srmk_/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    const listed = (await post('/apis/ApiKeyService/list', admin)).json().data;
    expect(listed.find((k: { id: string }) => k.id === key.id)).toMatchObject({
      prefix: key.prefix,
      elsSubAccount: 'buyer1',
    });
    expect(listed.every((k: object) => !('key' in k))).toBe(true);
    // Another company's admin cannot revoke it.
    expect(
      (await post(`/apis/ApiKeyService/revoke/${key.id}`, supplierAdmin, { version: key.version })).json()
        .code,
    ).toBe('404');
  });

  it('reads what its scope allows as its sub-account, and nothing else', async () => {
    const key = await createKey([{ kind: 'order', access: 'read' }]);
    const viaKey = (
      await withKey(key.key, 'POST', '/apis/order/PurchaseOrderService/findPageList', {
        currentPage: 1,
        pageSize: 10,
      })
    ).json();
    const viaSession = (
      await post('/apis/order/PurchaseOrderService/findPageList', buyer1, { currentPage: 1, pageSize: 10 })
    ).json();
    expect(viaKey.code, viaKey.message).toBe('200');
    expect(viaKey.data.records.map((r: { id: string }) => r.id)).toEqual(
      viaSession.data.records.map((r: { id: string }) => r.id),
    );
    const write = (await withKey(key.key, 'POST', '/apis/order/PurchaseOrderService/save', order)).json();
    expect(write.code).toBe('403');
    expect(write.message).toBe('The API key’s scopes do not grant write access to order');
    expect(
      (
        await withKey(key.key, 'POST', '/apis/order/PurchaseDeliveryNoteService/findPageList', {
          currentPage: 1,
          pageSize: 10,
        })
      ).json().code,
    ).toBe('403');
    const admin403 = (await withKey(key.key, 'POST', '/apis/ApiKeyService/list')).json();
    expect(admin403).toMatchObject({
      code: '403',
      message: 'API keys cannot call this route: only document calls are open to them',
    });
    // The calls are recorded with their answers (after the answer is sent: waited for, not raced).
    await vi.waitFor(
      async () => {
        const uses = (await post(`/apis/ApiKeyService/uses/${key.id}`, admin, {})).json().data;
        expect(uses.map((u: { route: string; statusCode: number }) => `${u.statusCode} ${u.route}`)).toEqual([
          '403 /apis/ApiKeyService/list',
          '403 /apis/order/PurchaseDeliveryNoteService/findPageList',
          '403 /apis/order/PurchaseOrderService/save',
          '200 /apis/order/PurchaseOrderService/findPageList',
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('writes with a write scope, and stops at once when revoked or expired', async () => {
    const key = await createKey([{ kind: 'order', access: 'write' }]);
    const saved = (await withKey(key.key, 'POST', '/apis/order/PurchaseOrderService/save', order)).json();
    expect(saved.code, saved.message).toBe('200');
    expect(saved.data.createUser).toBe('100000_buyer1');
    const revoked = await post(`/apis/ApiKeyService/revoke/${key.id}`, admin, { version: key.version });
    expect(revoked.json().data.revokedDate).not.toBeNull();
    const after = (
      await withKey(key.key, 'POST', '/apis/order/PurchaseOrderService/findPageList', {
        currentPage: 1,
        pageSize: 10,
      })
    ).json();
    expect(after).toMatchObject({ code: '401', message: 'The API key is invalid, expired or revoked' });
    expect(
      (
        await withKey('srmk_not-a-key', 'GET', `/apis/order/PurchaseOrderService/findDetail/${saved.data.id}`)
      ).json().code,
    ).toBe('401');

    const short = await createKey([{ kind: '*', access: 'read' }], {
      expiresDate: new Date(Date.now() + 1500).toISOString(),
    });
    expect(
      (await withKey(short.key, 'GET', `/apis/order/PurchaseOrderService/findDetail/${saved.data.id}`)).json()
        .code,
    ).toBe('200');
    await new Promise((r) => setTimeout(r, 1600));
    expect(
      (await withKey(short.key, 'GET', `/apis/order/PurchaseOrderService/findDetail/${saved.data.id}`)).json()
        .code,
    ).toBe('401');
  });

  it('is rate-limited per key', async () => {
    const key = await createKey([{ kind: 'order', access: 'read' }]);
    const codes: string[] = [];
    for (let i = 0; i <= LIMIT; i++)
      codes.push(
        (
          await withKey(key.key, 'POST', '/apis/order/PurchaseOrderService/findPageList', {
            currentPage: 1,
            pageSize: 10,
          })
        ).json().code,
      );
    expect(codes.slice(0, LIMIT).every((c) => c === '200')).toBe(true);
    expect(codes[LIMIT]).toBe('429');
  });

  it('enforces its scope on every route the server has (generated from the route registry)', async () => {
    const none = await createKey([{ kind: 'noSuchKind', access: 'write' }]);
    const readAll = await createKey([{ kind: '*', access: 'read' }]);
    const routes = server.app.routeRegistry.filter(
      (r) =>
        r.url.startsWith('/apis/') &&
        !r.public &&
        !r.url.startsWith('/apis/docs') &&
        !r.websocket &&
        (r.method === 'GET' || r.method === 'POST'),
    );
    expect(routes.length).toBeGreaterThan(200);
    let documentRoutes = 0;
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'x',
      );
      const method = route.method as 'GET' | 'POST';
      const a = await withKey(none.key, method, url);
      expect(a.statusCode, `${method} ${route.url}`).toBe(403);
      expect(a.json().message, `${method} ${route.url}`).toMatch(/^(API key|The API key)/);
      const kind = kindOfRoute(route.url);
      const b = await withKey(readAll.key, method, url);
      if (!kind || accessOfRoute(method, route.url) === 'write') {
        expect(b.statusCode, `${method} ${route.url}`).toBe(403);
        expect(b.json().message, `${method} ${route.url}`).toMatch(/^(API key|The API key)/);
      } else {
        documentRoutes++;
        expect([401, 429], `${method} ${route.url}`).not.toContain(b.statusCode);
        // A 403 here is the sub-account's own (a buyer's key on a supplier's call), never the key's scope.
        if (b.statusCode === 403) expect(b.json().message, `${method} ${route.url}`).not.toMatch(/API key/);
      }
    }
    expect(documentRoutes).toBeGreaterThan(30);
  }, 300_000);
});
