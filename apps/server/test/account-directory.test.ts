import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The account directory calls of spec 000 §7 (issue #19): getMyApp lists the module apps the caller's own
 * menu opens; verifyElsAccount answers only for the caller's company and its counterparts (a missing and a
 * foreign account look alike); findPageListFuzzy searches the caller's own company and never shows mobiles
 * or e-mails.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);

beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type App = { appCode: string; appUrl: string; appName: string; entries: number };

describe('getMyApp', () => {
  it('lists the module apps of the caller’s own menu, the admin’s with System management', async () => {
    const mine = (await get('/apis/ElsAppService/getMyApp/100000/buyer1', buyer1)).json();
    expect(mine.code).toBe('200');
    const codes = (mine.data as App[]).map((a) => a.appCode);
    expect(codes).toContain('order');
    expect(codes).not.toContain('portal');
    expect(codes).not.toContain('system');
    for (const app of mine.data as App[]) {
      expect(app.appUrl).toBe(`/${app.appCode}/`);
      expect(app.entries).toBeGreaterThan(0);
    }
    const admins = (await get('/apis/ElsAppService/getMyApp/100000/admin', admin)).json().data as App[];
    expect(admins.map((a) => a.appCode)).toContain('system');
    // The same menu entries in the tree: the order app's count equals the menu's /order/ leaves.
    const menu = (await get('/apis/user/getMenu', buyer1)).json().data;
    const leaves: string[] = [];
    const walk = (items: Array<{ appUrl: string; children: unknown[] }>) => {
      for (const i of items) {
        if (i.appUrl.startsWith('/order/')) leaves.push(i.appUrl);
        walk(i.children as typeof items);
      }
    };
    walk(menu);
    expect((mine.data as App[]).find((a) => a.appCode === 'order')?.entries).toBe(leaves.length);
  });

  it('refuses another user’s path', async () => {
    expect((await get('/apis/ElsAppService/getMyApp/100000/admin', buyer1)).json().code).toBe('403');
    expect((await get('/apis/ElsAppService/getMyApp/200001/admin', buyer1)).json().code).toBe('403');
  });
});

describe('verifyElsAccount', () => {
  const verify = async (session: Session, body: Record<string, unknown>) =>
    (await post('/apis/ElsAccountService/verifyElsAccount', session, body)).json();

  it('knows the caller’s own users and counterparts, and nothing else', async () => {
    expect((await verify(buyer1, { elsAccount: '100000', elsSubAccount: 'admin' })).data).toMatchObject({
      valid: true,
      name: expect.any(String),
    });
    expect((await verify(buyer1, { elsAccount: '200001' })).data).toMatchObject({
      valid: true,
      name: '苏州恒达电子科技有限公司',
    });
    // The supplier knows both its buyers.
    expect((await verify(supplier, { elsAccount: '100002' })).data.valid).toBe(true);
    const missing = (await verify(buyer1, { elsAccount: '999999', extra: 'ignored' })).data;
    // Another buyer exists but is no counterpart of 100000: the same answer as a missing account.
    const foreign = (await verify(buyer1, { elsAccount: '100002' })).data;
    expect(missing).toMatchObject({ valid: false, name: null });
    expect(foreign).toMatchObject({ valid: false, name: null });
    // Sub-accounts of another company are never confirmed, even a counterpart's.
    expect((await verify(buyer1, { elsAccount: '200001', elsSubAccount: 'admin' })).data.valid).toBe(false);
    expect((await verify(buyer1, { elsAccount: '100000', elsSubAccount: 'nobody' })).data.valid).toBe(false);
  });

  it('names the field when elsAccount is missing', async () => {
    const bad = await verify(buyer1, { elsSubAccount: 'admin' });
    expect(bad.code).toBe('400');
    expect(bad.message).toContain('elsAccount');
  });
});

describe('findPageListFuzzy', () => {
  const search = async (session: Session, body: Record<string, unknown>) =>
    (await post('/apis/ElsAccountService/findPageListFuzzy', session, body)).json();

  it('searches the caller’s own company with the spec’s defaults', async () => {
    const all = await search(buyer1, {});
    expect(all.code).toBe('200');
    expect(all.data).toMatchObject({ currentPage: 1, pageSize: 10 });
    expect(all.data.records.length).toBeGreaterThan(1);
    expect(all.data.total).toBeGreaterThanOrEqual(all.data.records.length);
    for (const r of all.data.records) {
      expect(r.elsAccount).toBe('100000');
      expect(r.isDel).toBe('N');
      expect(r).not.toHaveProperty('mobile');
      expect(r).not.toHaveProperty('email');
    }
    const one = await search(buyer1, { keyword: 'BUYER1' });
    expect(one.data.records.map((r: { elsSubAccount: string }) => r.elsSubAccount)).toContain('buyer1');
    expect(one.data.records.length).toBeLessThan(all.data.total);
    // A supplier searching for the buyer's user finds nothing of the buyer.
    const theirs = await search(supplier, { keyword: 'buyer1' });
    for (const r of theirs.data.records) expect(r.elsAccount).toBe('200001');
    // A wildcard in the keyword is taken literally.
    expect((await search(buyer1, { keyword: '%' })).data.records).toEqual([]);
  });

  it('pages without overlap and refuses a page size over 100 naming the field', async () => {
    const first = (await search(buyer1, { pageSize: 1 })).data.records;
    const second = (await search(buyer1, { pageSize: 1, currentPage: 2 })).data.records;
    expect(first).toHaveLength(1);
    expect(second[0]?.elsSubAccount).not.toBe(first[0].elsSubAccount);
    const bad = await search(buyer1, { pageSize: 101 });
    expect(bad.code).toBe('400');
    expect(bad.message).toContain('pageSize');
  });
});
