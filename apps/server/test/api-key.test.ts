// @postgres: flow:api-key, database-url — keys acting as their sub-account; with DATABASE_URL the per-key limit counts in PostgreSQL's rate_limit table
import { API_KEY_GROUPS, API_KEY_HEADER } from '@srm/contracts/api-key';
import { ACTIONS } from '@srm/contracts/company-admin';
import { KERNEL_ROUTE_DEFINITIONS } from '@srm/contracts/document/actions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyNeedOf } from '../src/modules/api-key/service.ts';
import { configureClock, setNow } from '../src/platform/clock.ts';
import type { RegisteredRoute } from '../src/platform/http.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';
import { masterdataFixtures } from './masterdata-fixtures.ts';

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
/** Calls per minute per key: above the calls the other tests make with one key (keyPool takes a new key every 100), reached by the rate test. */
const LIMIT = 120;

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
type Scope = { kind: string; access: 'read' | 'write' };
async function createKey(scopes: Scope[], extra: object = {}, by: Session = admin): Promise<Key> {
  const res = await post('/apis/ApiKeyService/create', by, {
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

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
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
    // A scope names a document kind, * or a route group; account administration is none of them.
    const badScope = await post('/apis/ApiKeyService/create', admin, {
      elsSubAccount: 'buyer1',
      name: 'x',
      scopes: [
        { kind: 'order', access: 'read' },
        { kind: 'account', access: 'write' },
      ],
    });
    expect(badScope.json()).toMatchObject({ code: '400' });
    expect(badScope.json().message).toContain('body.scopes[1].kind');
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
    expect(admin403).toMatchObject({ code: '403', message: NEVER_MESSAGE });
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

    // Expiry follows the company's clock (issue #35): the test clock moved past the key's expiry ends it, with
    // no real wait — a key checked against the database's own now() would still answer 200 here.
    const short = await createKey([{ kind: '*', access: 'read' }], {
      expiresDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(
      (await withKey(short.key, 'GET', `/apis/order/PurchaseOrderService/findDetail/${saved.data.id}`)).json()
        .code,
    ).toBe('200');
    configureClock({ movable: true });
    try {
      setNow(Date.now() + 2 * 3_600_000);
      expect(
        (
          await withKey(short.key, 'GET', `/apis/order/PurchaseOrderService/findDetail/${saved.data.id}`)
        ).json().code,
      ).toBe('401');
    } finally {
      configureClock({ movable: false });
    }
    expect(
      (await withKey(short.key, 'GET', `/apis/order/PurchaseOrderService/findDetail/${saved.data.id}`)).json()
        .code,
    ).toBe('200');
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
  }, 120_000);

  it('opens to a key only the routes its scopes grant by function code (generated from the route registry)', async () => {
    const routes = keyRoutes();
    expect(routes.length).toBeGreaterThan(600);
    // Keys act as a probe user per station whose role holds the whole catalogue, so what refuses a call
    // below is the key's scope or the route's own rules — never a missing role action.
    const actingAs = { purchase: await probe('100000'), sale: await probe('200001') };
    const byKind = new Map<string, RegisteredRoute[]>();
    const refused: Array<{ route: RegisteredRoute; message: string }> = [];
    for (const route of routes) {
      const need = keyNeedOf(route);
      if (need === 'never') refused.push({ route, message: NEVER_MESSAGE });
      else if (!need) refused.push({ route, message: CLOSED_MESSAGE });
      else byKind.set(need.kind, [...(byKind.get(need.kind) ?? []), route]);
    }
    // Every route group of an ERP has routes open to keys; the kinds too.
    for (const kind of [...API_KEY_GROUPS, 'order', 'deliveryNote', 'enquiry', 'recon', 'invoice'])
      expect(byKind.get(kind)?.length ?? 0, kind).toBeGreaterThan(0);

    // Routes no key may call: a key granting everything is refused with the clear message.
    const everything = await keyPool(allScopes(), actingAs.purchase);
    for (const { route, message } of refused) {
      const res = await callRoute(await everything(), route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message, `${route.method} ${route.url}`).toBe(message);
    }
    for (const prefix of [
      '/apis/ElsAccountService/',
      '/apis/ElsRoleService/',
      '/apis/ApiKeyService/',
      '/apis/MenuAdminService/',
      '/apis/user/',
      '/apis/ElsAuthService/',
    ])
      expect(
        refused.filter((r) => r.route.url.startsWith(prefix) && r.message === NEVER_MESSAGE).length,
        prefix,
      ).toBeGreaterThan(0);

    // Per route group: allowed with its scope, '403' naming the group without it, read-only scopes
    // allow only the read codes.
    let allowed = 0;
    for (const [kind, group] of byKind) {
      const withIt = new Map<string, () => Promise<string>>();
      const without = new Map<string, () => Promise<string>>();
      const readOnly = new Map<string, () => Promise<string>>();
      for (const station of ['purchase', 'sale'] as const) {
        withIt.set(station, await keyPool([{ kind, access: 'write' }], actingAs[station]));
        without.set(station, await keyPool(allScopes(kind), actingAs[station]));
        readOnly.set(station, await keyPool([{ kind, access: 'read' }], actingAs[station]));
      }
      for (const route of group) {
        const need = keyNeedOf(route) as { kind: string; access: 'read' | 'write' };
        const station = stationOf(route.url);
        const label = `${route.method} ${route.url} (${kind}.${need.access})`;
        const a = await callRoute(await withIt.get(station)!(), route);
        expect([401, 429], label).not.toContain(a.statusCode);
        if (a.statusCode === 403) expect(a.json().message, label).not.toMatch(KEY_MESSAGE);
        else allowed++;
        const b = await callRoute(await without.get(station)!(), route);
        expect(b.statusCode, label).toBe(403);
        expect(b.json().message, label).toBe(
          `The API key’s scopes do not grant ${need.access} access to ${kind}`,
        );
        const c = await callRoute(await readOnly.get(station)!(), route);
        if (need.access === 'read') {
          expect([401, 429], label).not.toContain(c.statusCode);
          if (c.statusCode === 403) expect(c.json().message, label).not.toMatch(KEY_MESSAGE);
        } else {
          expect(c.statusCode, label).toBe(403);
          expect(c.json().message, label).toBe(`The API key’s scopes do not grant write access to ${kind}`);
        }
      }
    }
    expect(allowed).toBeGreaterThan(400);
  }, 600_000);

  it('reaches master data, prices, dictionaries, announcements and webhooks with their scopes', async () => {
    const masterdata = (key: Key, path: string, payload: object = {}) =>
      withKey(key.key, path.includes('/findDetail/') ? 'GET' : 'POST', `/apis/masterdata/${path}`, payload);
    const cates = await createKey([{ kind: 'materialCate', access: 'write' }]);
    const cate = async (body: object) => {
      const res = (await masterdata(cates, 'PurchaseMaterialCateService/save', body)).json();
      expect(res.code, res.message).toBe('200');
      return res.data as { id: string };
    };
    const l1 = await cate({ cateCode: 'KEY1', cateName: '接口 一级' });
    const l2 = await cate({ parentId: l1.id, cateCode: 'KEY2', cateName: '接口 二级' });
    const l3 = await cate({ parentId: l2.id, cateCode: 'KEY3', cateName: '接口 三级' });
    const material = { cateId: l3.id, materialNumber: 'ERP-001', materialName: '接口物料', baseUnit: 'PCS' };
    // A read scope reads and cannot write.
    const reader = await createKey([{ kind: 'material', access: 'read' }]);
    expect((await masterdata(reader, 'PurchaseMaterialService/save', material)).json()).toMatchObject({
      code: '403',
      message: 'The API key’s scopes do not grant write access to material',
    });
    const writer = await createKey([{ kind: 'material', access: 'write' }]);
    const saved = (await masterdata(writer, 'PurchaseMaterialService/save', material)).json();
    expect(saved.code, saved.message).toBe('200');
    const found = (
      await masterdata(reader, 'PurchaseMaterialService/findPageList', {
        currentPage: 1,
        pageSize: 10,
        keyword: 'ERP-001',
      })
    ).json();
    expect(found.data.records.map((m: { id: string }) => m.id)).toEqual([saved.data.id]);
    // `*` is every document kind, never a route group.
    const star = await createKey([{ kind: '*', access: 'write' }]);
    expect((await masterdata(star, `PurchaseMaterialService/findDetail/${saved.data.id}`)).json().code).toBe(
      '403',
    );

    const partners = await createKey([
      { kind: 'supplier', access: 'read' },
      { kind: 'price', access: 'read' },
      { kind: 'dict', access: 'read' },
      { kind: 'notice', access: 'read' },
    ]);
    const suppliers = (
      await masterdata(partners, 'PurchaseSupplierService/findPageList', { currentPage: 1, pageSize: 50 })
    ).json();
    expect(suppliers.code, suppliers.message).toBe('200');
    expect(suppliers.data.records.map((r: { toElsAccount: string }) => r.toElsAccount)).toContain('200001');
    const prices = (
      await masterdata(partners, 'PurchasePriceService/findPageList', { currentPage: 1, pageSize: 10 })
    ).json();
    expect(prices.code, prices.message).toBe('200');
    expect((await masterdata(partners, 'PurchasePriceService/save', {})).json().code).toBe('403');
    const dicts = (await withKey(partners.key, 'GET', '/apis/DictService/findAll')).json();
    expect(dicts.code).toBe('200');
    expect(Object.keys(dicts.data)).toContain('purchaseOrderStatus');
    const notices = (
      await withKey(partners.key, 'POST', '/apis/ElsNoticeService/findPageList', {
        currentPage: 1,
        pageSize: 10,
      })
    ).json();
    expect(notices.code, notices.message).toBe('200');

    // Webhooks: a key with the webhook scope manages the company's endpoints (not an admin otherwise).
    const hooks = await createKey([{ kind: 'webhook', access: 'write' }]);
    const endpoint = (
      await withKey(hooks.key, 'POST', '/apis/WebhookService/save', {
        url: 'https://93.184.216.34/erp-hook',
        description: 'ERP',
        eventTypes: ['order.*'],
        enabled: true,
      })
    ).json();
    expect(endpoint.code, endpoint.message).toBe('200');
    expect(endpoint.data.secret).toMatch(/^whsec_/);
    const listed = (await post('/apis/WebhookService/list', admin)).json().data;
    expect(listed.map((e: { id: string }) => e.id)).toContain(endpoint.data.id);
    const deleted = (
      await withKey(hooks.key, 'POST', `/apis/WebhookService/delete/${endpoint.data.id}`, {
        version: endpoint.data.version,
      })
    ).json();
    expect(deleted.code, deleted.message).toBe('200');
    expect((await withKey(partners.key, 'POST', '/apis/WebhookService/list')).json().code).toBe('403');
  });

  it('sees only its own company: another company’s documents, master data and webhooks are 404 or absent', async () => {
    await fixtures.setUpCompanies();
    // Each key acts as a sub-account whose role holds every action: only the tenant rules refuse.
    const [other, sale1, sale2] = [await probe('100001'), await probe('200001'), await probe('200002')];
    const keyOf = async (by: Session, elsSubAccount: string, scopes: Scope[]) => {
      const res = (
        await post('/apis/ApiKeyService/create', by, { elsSubAccount, name: 'ERP', scopes })
      ).json();
      expect(res.code, res.message).toBe('200');
      return res.data as Key;
    };
    const all: Scope[] = allScopes();
    const ours = await keyOf(admin, 'buyer1', all);
    const theirs = await keyOf(other.companyAdmin, other.elsSubAccount, all);
    // Master data of 100000 is invisible to the other buyer's key.
    const mine = (
      await withKey(ours.key, 'POST', '/apis/masterdata/PurchaseMaterialService/findPageList', {
        currentPage: 1,
        pageSize: 10,
        keyword: 'ERP-001',
      })
    ).json().data.records as Array<{ id: string }>;
    expect(mine).toHaveLength(1);
    expect(
      (
        await withKey(theirs.key, 'GET', `/apis/masterdata/PurchaseMaterialService/findDetail/${mine[0].id}`)
      ).json().code,
    ).toBe('404');
    const theirList = (
      await withKey(theirs.key, 'POST', '/apis/masterdata/PurchaseMaterialService/findPageList', {
        currentPage: 1,
        pageSize: 10,
        keyword: 'ERP-001',
      })
    ).json();
    expect(theirList.data.records).toHaveLength(0);
    // Orders: 100000's order is 404 to the other buyer's key, and a supplier's key sees only its own.
    const orders = (
      await withKey(ours.key, 'POST', '/apis/order/PurchaseOrderService/findPageList', {
        currentPage: 1,
        pageSize: 5,
      })
    ).json().data.records as Array<{ id: string; toElsAccount: string; sendStatus: string }>;
    expect(orders.length).toBeGreaterThan(0);
    expect(
      (await withKey(theirs.key, 'GET', `/apis/order/PurchaseOrderService/findDetail/${orders[0].id}`)).json()
        .code,
    ).toBe('404');
    const supplier1 = await keyOf(sale1.companyAdmin, sale1.elsSubAccount, all);
    const supplier2 = await keyOf(sale2.companyAdmin, sale2.elsSubAccount, all);
    const sent = (
      await withKey(supplier1.key, 'POST', '/apis/order/SaleOrderService/findPageList', {
        currentPage: 1,
        pageSize: 5,
      })
    ).json();
    expect(sent.code, sent.message).toBe('200');
    expect(sent.data.records.length).toBeGreaterThan(0);
    expect(
      (
        await withKey(
          supplier2.key,
          'GET',
          `/apis/order/SaleOrderService/findDetail/${sent.data.records[0].id}`,
        )
      ).json().code,
    ).toBe('404');
    // Webhook endpoints are the company's own.
    const hook = (
      await withKey(ours.key, 'POST', '/apis/WebhookService/save', {
        url: 'https://93.184.216.34/ours',
        description: 'ours',
        eventTypes: ['*'],
        enabled: true,
      })
    ).json();
    expect(hook.code, hook.message).toBe('200');
    const seen = (await withKey(theirs.key, 'POST', '/apis/WebhookService/list')).json();
    expect(seen.code, seen.message).toBe('200');
    expect(seen.data.map((e: { id: string }) => e.id)).not.toContain(hook.data.id);
    expect(
      (
        await withKey(theirs.key, 'POST', `/apis/WebhookService/delete/${hook.data.id}`, {
          version: hook.data.version,
        })
      ).json().code,
    ).toBe('404');
  });
});

const NEVER_MESSAGE =
  'API keys may never call this route: sign-in, passwords, sessions, accounts, roles, menus and API keys are managed by signed-in users only';
const CLOSED_MESSAGE =
  'API keys cannot call this route: only document, master data, price, announcement, dictionary and webhook calls are open to them (see the route list in the API key documentation)';
const KEY_MESSAGE = /API key/;
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const fixtures = masterdataFixtures(() => server);

/** Every kernel kind and route group with write access, except `but`. */
function allScopes(but?: string): Scope[] {
  return [...KERNEL_ROUTE_DEFINITIONS.map((d) => d.kind), ...API_KEY_GROUPS]
    .filter((kind) => kind !== but)
    .map((kind) => ({ kind, access: 'write' as const }));
}

/** The authenticated GET/POST routes under /apis (what a key could try). */
function keyRoutes(): RegisteredRoute[] {
  return server.app.routeRegistry.filter(
    (r) =>
      r.url.startsWith('/apis/') &&
      !r.public &&
      !r.url.startsWith('/apis/docs') &&
      !r.websocket &&
      (r.method === 'GET' || r.method === 'POST'),
  );
}

/** The station whose users call a route: supplier-side services (Sale…, received announcements) or buyers'. */
function stationOf(url: string): 'purchase' | 'sale' {
  return /\/Sale[A-Z]|ElsNoticeReceiveService/.test(url) ? 'sale' : 'purchase';
}

/** Calls a route with a key: ids become a well-formed id no document has, POST bodies are empty. */
function callRoute(key: string, route: RegisteredRoute) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? ANY_ID : 'x'));
  return withKey(key, route.method as 'GET' | 'POST', url);
}

/** A probe sub-account of the company whose one role holds the whole action catalogue (one per company). */
const probes = new Map<string, { companyAdmin: Session; elsSubAccount: string }>();
async function probe(elsAccount: string) {
  const made = probes.get(elsAccount);
  if (made) return made;
  const companyAdmin = await login(server, elsAccount, 'admin');
  const role = (
    await post('/apis/ElsRoleService/add', companyAdmin, {
      roleCode: 'keyprobe',
      roleName: '密钥探针',
      roleNameEn: 'Key probe',
      menuIds: null,
      actions: ACTIONS,
    })
  ).json();
  expect(role.code, role.message).toBe('200');
  const user = (
    await post('/apis/ElsAccountService/add', companyAdmin, {
      elsSubAccount: 'keyprobe',
      password: server.cipher.encrypt('Start123'),
      name: 'Key probe',
      mobile: '13812345678',
      roleIds: [role.data.id],
    })
  ).json();
  expect(user.code, user.message).toBe('200');
  probes.set(elsAccount, { companyAdmin, elsSubAccount: 'keyprobe' });
  return { companyAdmin, elsSubAccount: 'keyprobe' };
}

/** Keys with these scopes for the probe, a fresh one every 100 calls (under the per-key rate limit). */
async function keyPool(scopes: Scope[], as: { companyAdmin: Session; elsSubAccount: string }) {
  let key = '';
  let uses = 0;
  return async () => {
    if (!key || uses >= 100) {
      const res = (
        await post('/apis/ApiKeyService/create', as.companyAdmin, {
          elsSubAccount: as.elsSubAccount,
          name: 'probe',
          scopes,
        })
      ).json();
      expect(res.code, res.message).toBe('200');
      key = res.data.key;
      uses = 0;
    }
    uses++;
    return key;
  };
}
