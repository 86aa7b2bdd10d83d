// @postgres: migrations — migration 0068 taking order codes back from the seeded Viewer, run on the database under test
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role } from '../../src/modules/account/tables.ts';
import type { RegisteredRoute } from '../../src/platform/http.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from '../helpers.ts';
import { answerCode, keptSession } from './kept-session.ts';

/**
 * Issue #32 "Permissions", generated from the route registry so every future route is covered, one request
 * per route and no reseeding:
 * - the demo Viewer (查询员) holds view codes only, and every route declaring a write code of any kind (or any
 *   code it lacks) answers it '403';
 * - a route of one station (`RegisteredRoute.station`: Purchase…Service paths the buyers', Sale…Service the
 *   suppliers') answers the other station's callers '403' whatever the body or id — before validation, the
 *   function permission or the document are looked at;
 * - a bulk call that refused every item is not a '200'.
 */
let server: TestServer;
let routes: RegisteredRoute[];
beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  routes = server.app.routeRegistry.filter(
    (r) =>
      r.url.startsWith('/apis/') &&
      !r.url.startsWith('/apis/docs') &&
      !r.public &&
      !r.websocket &&
      (r.method === 'GET' || r.method === 'POST'),
  );
});
afterAll(async () => {
  await server?.close();
});
const { post, get } = callsOf(() => server);
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** Calls a route as the session: ids become a well-formed id no document has, POST bodies are empty. */
function call(route: RegisteredRoute, session: Session) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? ANY_ID : 'x'));
  return route.method === 'GET' ? get(url, session) : post(url, session, {});
}

type Role = { id: string; roleCode: string; version: number; menuIds: string[] | null; actions: string[] };
const viewerRole = async (admin: Session) =>
  ((await get('/apis/ElsRoleService/findList', admin)).json().data as Role[]).find(
    (r) => r.roleCode === 'viewer',
  ) as Role;

describe('the demo Viewer is read-only (issue #32)', () => {
  it('holds the view code of the kind its menu shows and nothing else', async () => {
    const admin = await login(server, '100000', 'admin');
    expect((await viewerRole(admin)).actions).toEqual(['order.read']);
  });

  it('answers 403 to a Viewer on every route of every kind that needs a code it does not hold (generated)', async () => {
    const admin = await login(server, '100000', 'admin');
    const viewer = await viewerRole(admin);
    const added = await post('/apis/ElsAccountService/add', admin, {
      elsSubAccount: 'viewer32',
      password: server.cipher.encrypt('Start123'),
      name: 'Read-only viewer',
      mobile: '13812345632',
      roleIds: [viewer.id],
    });
    expect(added.json().code, added.body).toBe('200');
    const session = await login(server, '100000', 'viewer32', 'Start123');
    const writes = routes.filter((r) => r.action && !viewer.actions.includes(r.action));
    // Saves, deletes, imports, attachments, exports, submits and every transition of every kind, both
    // sides, and the other kinds' reads: everything but the order's view code.
    expect(writes.filter((r) => !r.action?.endsWith('.read')).length).toBeGreaterThan(250);
    for (const route of writes) {
      const res = await call(route, session);
      expect(res.statusCode, `${route.method} ${route.url} (${route.action})`).toBe(403);
      expect(res.json().code, `${route.method} ${route.url}`).toBe('403');
    }
    // What it may do: read purchase orders.
    const list = await post('/apis/order/PurchaseOrderService/findPageList', session, {
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.json().code, list.body).toBe('200');
    const save = await post('/apis/order/PurchaseOrderService/save', session, {});
    expect(save.json().code).toBe('403');
  }, 300_000);

  it('takes back the order codes an earlier upgrade handed the seeded Viewer (migration 0068)', async () => {
    const db = server.database.db;
    const where = and(eq(role.elsAccount, '100000'), eq(role.roleCode, 'viewer'));
    // What the faulty upgrade left, plus a code an administrator granted (kept).
    await db
      .update(role)
      .set({
        actions: ['order.read', 'order.export', 'order.save', 'order.delete', 'order.send', 'account.list'],
      })
      .where(where);
    const [before] = await db.select({ version: role.version }).from(role).where(where);
    await db.execute(
      sql.raw(readFileSync(new URL('../../drizzle/0068_viewer_read_only.sql', import.meta.url), 'utf8')),
    );
    const [after] = await db.select({ actions: role.actions, version: role.version }).from(role).where(where);
    expect(after.actions).toEqual(['order.read', 'account.list']);
    expect(after.version).toBe(before.version + 1);
    // Run again (or on a Viewer that is right): nothing changes.
    await db.execute(
      sql.raw(readFileSync(new URL('../../drizzle/0068_viewer_read_only.sql', import.meta.url), 'utf8')),
    );
    const [again] = await db.select({ version: role.version }).from(role).where(where);
    expect(again.version).toBe(after.version);
    await db
      .update(role)
      .set({ actions: ['order.read'] })
      .where(where);
  });
});

describe('a call of the other station answers 403 before anything else (issue #32, generated)', () => {
  it('names the station of every Purchase…Service and Sale…Service route but the home page’s shared ones', async () => {
    const named = routes.filter((r) => /\/(Purchase|Sale)[A-Z]\w*Service\//.test(r.url));
    const shared = named.filter((r) => !r.station).map((r) => `${r.method} ${r.url}`);
    expect(shared.sort()).toEqual([
      'GET /apis/order/PurchaseHazardousSubstanceService/getOverdueReport',
      'GET /apis/order/SaleDeliveryNoteService/findCreateDeliveryManage',
      'GET /apis/order/SaleOrderService/findConfirmCount',
      'POST /apis/order/PurchaseDeliveryManageService/getWechatUrl',
      'POST /apis/order/PurchaseHazardousSubstanceService/getOverdueReportList',
      'POST /apis/order/SaleDeliveryNoteService/findCreateDeliveryManage',
      'POST /apis/order/SaleOrderService/findConfirmCount',
    ]);
    // The home portal's calls answer both stations.
    const buyer = await login(server, '100000', 'admin');
    for (const url of [
      '/apis/order/SaleOrderService/findConfirmCount',
      '/apis/order/SaleDeliveryNoteService/findCreateDeliveryManage',
    ])
      expect((await get(url, buyer)).json().code, url).toBe('200');
    for (const r of named.filter((route) => route.station))
      expect(r.station, r.url).toBe(/\/Purchase[A-Z]\w*Service\//.test(r.url) ? 'purchase' : 'sale');
    expect(routes.find((r) => r.url === '/apis/InvitationCodeService/findPageList')?.station).toBe(
      'purchase',
    );
  });

  for (const [station, elsAccount, other] of [
    ['purchase', '200001', 'sale'],
    ['sale', '100000', 'purchase'],
  ] as const)
    it(`answers a ${other}-station admin 403 on every ${station}-only route`, async () => {
      const caller = keptSession(server, elsAccount, 'admin');
      const only = routes.filter((r) => r.station === station);
      expect(only.length).toBeGreaterThan(station === 'purchase' ? 300 : 150);
      const wrong: string[] = [];
      for (const route of only) {
        const res = await call(route, await caller.current());
        caller.noteAnswer(answerCode(res.body));
        if (res.statusCode !== 403 || answerCode(res.body) !== '403')
          wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    }, 300_000);

  it('says which side may make the call, in the caller’s language', async () => {
    const supplier = await login(server, '200001', 'admin');
    const zh = await post('/apis/order/PurchaseOrderService/save', supplier, { bad: 1 }, 'zh_cn');
    expect(zh.json()).toMatchObject({ code: '403', message: '只有采购方可以执行此操作' });
    const buyer = await login(server, '100000', 'admin');
    const en = await post(`/apis/order/SaleOrderService/confirm/${ANY_ID}`, buyer, {}, 'en');
    expect(en.json()).toMatchObject({ code: '403', message: 'Only the supplying side can do this' });
  });
});

describe('a bulk call that refused every item (issue #32)', () => {
  it('answers the refusal’s code with the per-item results; a partial success stays 200', async () => {
    const supplier = await login(server, '200001', 'admin');
    const RSALE = '/apis/order/SaleRefundService';
    const none = await post(`${RSALE}/confirm`, supplier, { items: [{ id: ANY_ID, version: 0 }] });
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json().code).toBe('404');
    expect(none.json().data.results.map((r: { code: string }) => r.code)).toEqual(['404']);
    const waiting = (
      await post(`${RSALE}/findPageList`, supplier, { currentPage: 1, pageSize: 100, refundStatus: '1' })
    ).json().data.records[0] as { id: string; version: number };
    expect(waiting).toBeDefined();
    const mixed = await post(`${RSALE}/confirm`, supplier, {
      items: [
        { id: waiting.id, version: waiting.version },
        { id: ANY_ID, version: 0 },
      ],
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().data.results.map((r: { code: string }) => r.code)).toEqual(['200', '404']);
    // Mixed refusals: '400', each item's own code in the results.
    const both = await post(`${RSALE}/confirm`, supplier, {
      items: [
        { id: waiting.id, version: waiting.version },
        { id: ANY_ID, version: 0 },
      ],
    });
    expect(both.statusCode, both.body).toBe(400);
    const codes = both.json().data.results.map((r: { code: string }) => r.code);
    expect(codes[0]).not.toBe('200');
    expect(codes[1]).toBe('404');
  });
});
