// @postgres: flow:company-admin — sub-accounts, roles and disabling an account, whose session revocation is published on the cluster bus
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

// Company administration (issue #19): sub-accounts, roles, function permissions, menus per role.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});
const { post, get } = callsOf(() => server);
const enc = (password: string) => server.cipher.encrypt(password);

type Role = { id: string; roleCode: string; version: number; menuIds: string[] | null; actions: string[] };
type MenuNode = { id: string; appCode: string; appName: string; children: MenuNode[] };
const codesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.appCode, ...codesOf(n.children)]);

async function rolesOf(admin: Session): Promise<Role[]> {
  const res = await get('/apis/ElsRoleService/findList', admin);
  expect(res.json().code).toBe('200');
  return res.json().data;
}

async function createUser(admin: Session, sub: string, extra: Record<string, unknown> = {}) {
  const res = await post('/apis/ElsAccountService/add', admin, {
    elsSubAccount: sub,
    password: enc('Start123'),
    name: `User ${sub}`,
    mobile: '13812345678',
    roleIds: [],
    ...extra,
  });
  expect(res.json().code, res.body).toBe('200');
  return res.json().data as {
    id: string;
    version: number;
    fbk10: string;
    station: string;
    roleCodes: string[];
  };
}

describe('accounts (issue #19)', () => {
  it('lists the company sub-accounts in keyset pages, and only its own', async () => {
    const admin = await login(server, '100000', 'admin');
    const first = await post('/apis/ElsAccountService/findPageList', admin, { pageSize: 1 });
    expect(first.json().code).toBe('200');
    const page1 = first.json().data;
    expect(page1.records).toHaveLength(1);
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(page1.nextCursor).toBe(page1.records[0].elsSubAccount);
    const second = await post('/apis/ElsAccountService/findPageList', admin, {
      pageSize: 1,
      cursor: page1.nextCursor,
    });
    const page2 = second.json().data;
    expect(page2.records[0].elsSubAccount > page1.records[0].elsSubAccount).toBe(true);
    const all = await post('/apis/ElsAccountService/findPageList', admin, { pageSize: 100 });
    const accounts = all.json().data.records.map((r: { elsAccount: string }) => r.elsAccount);
    expect(new Set(accounts)).toEqual(new Set(['100000']));
    expect(all.body).not.toContain('passwordHash');
  });

  it('answers 403 to a user without the admin permission or a granting role', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const admin = await login(server, '100000', 'admin');
    expect((await post('/apis/ElsAccountService/findPageList', buyer, {})).json().code).toBe('403');
    const res = await post('/apis/ElsAccountService/add', buyer, {
      elsSubAccount: 'sneaky',
      password: enc('Start123'),
      name: 'Sneaky one',
      mobile: '13812345678',
      roleIds: [],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('403');
    expect(
      (await post(`/apis/ElsAccountService/disable/${admin.elsSubaccountInfoDTO.id}`, buyer)).json().code,
    ).toBe('403');
    expect((await get('/apis/ElsRoleService/findList', buyer)).json().code).toBe('403');
  });

  it('creates a sub-account that must change its password at first login, station of the company', async () => {
    const admin = await login(server, '100000', 'admin');
    const buyerRole = (await rolesOf(admin)).find((r) => r.roleCode === 'buyer')!;
    const created = await createUser(admin, 'newbie1', {
      roleIds: [buyerRole.id],
      email: 'newbie@example.com',
    });
    expect(created).toMatchObject({ fbk10: 'Y', station: 'purchase', roleCodes: ['buyer'] });
    const me = await login(server, '100000', 'newbie1', 'Start123');
    expect(me.elsSubaccountInfoDTO.fbk10).toBe('Y');
    expect(me.elsSubaccountInfoDTO.roles).toEqual(['buyer']);
  });

  it('refuses bad input with the field named: contact, name length, duplicate, foreign role', async () => {
    const admin = await login(server, '100000', 'admin');
    const base = { elsSubAccount: 'bad1', password: enc('Start123'), name: 'Good name', roleIds: [] };
    const noContact = await post('/apis/ElsAccountService/add', admin, base);
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().message).toContain('body.email');
    expect(noContact.json().message).toContain('one of email or phone');
    const short = await post('/apis/ElsAccountService/add', admin, {
      ...base,
      name: 'ab',
      mobile: '13812345678',
    });
    expect(short.json().code).toBe('400');
    expect(short.json().message).toContain('body.name');
    const dup = await post('/apis/ElsAccountService/add', admin, {
      ...base,
      elsSubAccount: 'buyer1',
      mobile: '13812345678',
    });
    expect(dup.json().code).toBe('400');
    expect(dup.json().message).toContain('body.elsSubAccount');
    const supplierAdmin = await login(server, '200001', 'admin');
    const foreignRole = (await rolesOf(supplierAdmin))[0];
    const foreign = await post('/apis/ElsAccountService/add', admin, {
      ...base,
      mobile: '13812345678',
      roleIds: [foreignRole.id],
    });
    expect(foreign.json().code).toBe('400');
    expect(foreign.json().message).toContain('body.roleIds');
    const weak = await post('/apis/ElsAccountService/add', admin, {
      ...base,
      mobile: '13812345678',
      password: enc('123'),
    });
    expect(weak.json().code).toBe('400');
  });

  it('edits with optimistic locking: a stale version answers 409', async () => {
    const admin = await login(server, '100000', 'admin');
    const user = await createUser(admin, 'editme');
    const body = {
      id: user.id,
      version: user.version,
      name: 'Edited name',
      mobile: '13812345679',
      roleIds: [],
    };
    const edited = await post('/apis/ElsAccountService/edit', admin, body);
    expect(edited.json().code).toBe('200');
    expect(edited.json().data.name).toBe('Edited name');
    const stale = await post('/apis/ElsAccountService/edit', admin, { ...body, name: 'Other name' });
    expect(stale.statusCode).toBe(409);
  });

  it('lets a supplier admin manage its own sub-accounts, never the buyer company ones', async () => {
    const supplierAdmin = await login(server, '200001', 'admin');
    const buyerAdmin = await login(server, '100000', 'admin');
    const created = await createUser(supplierAdmin, 'sales2', { email: 'sales2@example.com' });
    expect(created.station).toBe('sale');
    const buyerId = buyerAdmin.elsSubaccountInfoDTO.id;
    expect((await get(`/apis/ElsAccountService/findAdminDetail/${buyerId}`, supplierAdmin)).json().code).toBe(
      '404',
    );
    expect((await post(`/apis/ElsAccountService/disable/${buyerId}`, supplierAdmin)).json().code).toBe('404');
    expect(
      (
        await post(`/apis/ElsAccountService/resetPassword/${buyerId}`, supplierAdmin, {
          password: enc('Other123'),
        })
      ).json().code,
    ).toBe('404');
    const list = await post('/apis/ElsAccountService/findPageList', buyerAdmin, {
      pageSize: 100,
      keyword: 'sales2',
    });
    expect(list.json().data.records).toHaveLength(0);
    // The buyer admin can still log in with the demo password: nothing was changed.
    await login(server, '100000', 'admin');
  });

  it("ends a disabled account's sessions at once and refuses its login and refresh; enable restores it", async () => {
    const admin = await login(server, '100000', 'admin');
    const user = await createUser(admin, 'leaver');
    const session = await login(server, '100000', 'leaver', 'Start123');
    expect((await get('/apis/user/getMenu', session)).json().code).toBe('200');
    const disabled = await post(`/apis/ElsAccountService/disable/${user.id}`, admin);
    expect(disabled.json().data.status).toBe('disabled');
    const after = await get('/apis/user/getMenu', session);
    expect(after.json().code).toBe('401');
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/refreshToken',
      headers: { refreshtoken: session.refreshToken },
      payload: { elsAccount: '100000', elsSubAccount: 'leaver' },
    });
    expect(refreshed.json().data?.code ?? refreshed.json().code).not.toBe('200');
    await expect(login(server, '100000', 'leaver', 'Start123')).rejects.toThrow();
    expect((await post(`/apis/ElsAccountService/enable/${user.id}`, admin)).json().data.status).toBe(
      'active',
    );
    const back = await login(server, '100000', 'leaver', 'Start123');
    expect((await get('/apis/user/getMenu', back)).json().code).toBe('200');
  });

  it('does not let an admin disable themselves', async () => {
    const admin = await login(server, '100000', 'admin');
    const res = await post(`/apis/ElsAccountService/disable/${admin.elsSubaccountInfoDTO.id}`, admin);
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('params.id');
  });

  it('resets a password: fbk10 = Y, the old password fails, open sessions end; unlock lifts a lock', async () => {
    const admin = await login(server, '100000', 'admin');
    const user = await createUser(admin, 'forgetful');
    const session = await login(server, '100000', 'forgetful', 'Start123');
    const reset = await post(`/apis/ElsAccountService/resetPassword/${user.id}`, admin, {
      password: enc('Fresh456'),
    });
    expect(reset.json().code).toBe('200');
    expect((await get('/apis/user/getMenu', session)).json().code).toBe('401');
    await expect(login(server, '100000', 'forgetful', 'Start123')).rejects.toThrow();
    const fresh = await login(server, '100000', 'forgetful', 'Fresh456');
    expect(fresh.elsSubaccountInfoDTO.fbk10).toBe('Y');
    const unlocked = await post(`/apis/ElsAccountService/unlockAccount/${user.id}`, admin);
    expect(unlocked.json().code).toBe('200');
  });
});

describe('roles and function permissions (issue #19)', () => {
  it('limits the menu to the role entries and enforces its actions; a change applies without logging out', async () => {
    const admin = await login(server, '100000', 'admin');
    const options = await get('/apis/ElsRoleService/menuOptions', admin);
    const tree = options.json().data as Array<{ id: string; titleI18n: { en: string }; children: unknown[] }>;
    const home = tree.find((n) => n.titleI18n.en === 'Home')!;
    const system = tree.find((n) => n.titleI18n.en === 'System management')! as unknown as {
      children: Array<{ id: string; titleI18n: { en: string } }>;
    };
    const accounts = system.children.find((c) => c.titleI18n.en === 'Account management')!;
    const orders = tree.find((n) => n.titleI18n.en === 'Order management')!;
    expect(home && accounts && orders).toBeTruthy();
    const created = await post('/apis/ElsRoleService/add', admin, {
      roleCode: 'clerk',
      roleName: '文员',
      roleNameEn: 'Clerk',
      menuIds: [home.id],
      actions: ['account.list'],
    });
    expect(created.json().code, created.body).toBe('200');
    const clerkRole = created.json().data as Role;
    await createUser(admin, 'clerk1', { roleIds: [clerkRole.id] });
    const clerk = await login(server, '100000', 'clerk1', 'Start123');
    const menu = codesOf((await get('/apis/user/getMenu', clerk)).json().data);
    expect(menu).toEqual(['home']);
    expect((await post('/apis/ElsAccountService/findPageList', clerk, {})).json().code).toBe('200');
    expect(
      (
        await post('/apis/ElsAccountService/edit', clerk, {
          id: clerk.elsSubaccountInfoDTO.id,
          version: 0,
          name: 'x'.repeat(5),
          mobile: '13812345678',
          roleIds: [],
        })
      ).json().code,
    ).toBe('403');
    const permissions = (await get('/apis/user/getPermissions', clerk)).json().data;
    expect(permissions).toEqual({ permission: 'normal', roles: ['clerk'], actions: ['account.list'] });

    // Permission refresh: the admin widens the menu and withdraws the action; the same session follows.
    const edited = await post('/apis/ElsRoleService/edit', admin, {
      id: clerkRole.id,
      version: clerkRole.version,
      roleName: '文员',
      roleNameEn: 'Clerk',
      menuIds: [home.id, orders.id, accounts.id],
      actions: [],
    });
    expect(edited.json().code).toBe('200');
    expect((await post('/apis/ElsAccountService/findPageList', clerk, {})).json().code).toBe('403');
    const widened = codesOf((await get('/apis/user/getMenu', clerk)).json().data);
    // System management stays admin-only (its menu roles), whatever a role lists.
    expect(widened).toEqual(['home', 'orders', 'purchase-orders']);
    const stale = await post('/apis/ElsRoleService/edit', admin, {
      id: clerkRole.id,
      version: clerkRole.version,
      roleName: '文员',
      roleNameEn: 'Clerk',
      menuIds: null,
      actions: [],
    });
    expect(stale.statusCode).toBe(409);
  });

  it('gives the demo viewer role only home, personal center and purchase orders', async () => {
    const admin = await login(server, '100000', 'admin');
    const viewer = (await rolesOf(admin)).find((r) => r.roleCode === 'viewer')!;
    await createUser(admin, 'viewer1', { roleIds: [viewer.id] });
    const session = await login(server, '100000', 'viewer1', 'Start123');
    const menu = codesOf((await get('/apis/user/getMenu', session)).json().data);
    expect(menu).toEqual(
      expect.arrayContaining(['home', 'personal', 'personal-info', 'orders', 'purchase-orders']),
    );
    expect(menu).not.toContain('demand');
    expect(menu).not.toContain('system');
    // buyer1 (buyer role, no menu list) still sees more than the viewer.
    const buyer = await login(server, '100000', 'buyer1');
    expect(codesOf((await get('/apis/user/getMenu', buyer)).json().data)).toContain('demand');
  });

  it("refuses another station's menu entry, a duplicate code, and another company's role", async () => {
    const admin = await login(server, '100000', 'admin');
    const supplierAdmin = await login(server, '200001', 'admin');
    const saleTree = (await get('/apis/ElsRoleService/menuOptions', supplierAdmin)).json().data as Array<{
      id: string;
    }>;
    const bad = await post('/apis/ElsRoleService/add', admin, {
      roleCode: 'mixed',
      roleName: '混合',
      roleNameEn: 'Mixed',
      menuIds: [saleTree[0].id],
      actions: [],
    });
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('body.menuIds');
    const dup = await post('/apis/ElsRoleService/add', admin, {
      roleCode: 'buyer',
      roleName: '采购',
      roleNameEn: 'Buyer',
      menuIds: null,
      actions: [],
    });
    expect(dup.json().message).toContain('body.roleCode');
    const buyerRole = (await rolesOf(admin)).find((r) => r.roleCode === 'buyer')!;
    const foreign = await post('/apis/ElsRoleService/edit', supplierAdmin, {
      id: buyerRole.id,
      version: buyerRole.version,
      roleName: 'x',
      roleNameEn: 'x',
      menuIds: null,
      actions: ['account.list'],
    });
    expect(foreign.json().code).toBe('404');
    expect((await rolesOf(supplierAdmin)).some((r) => r.roleCode === 'buyer')).toBe(false);
  });
});
