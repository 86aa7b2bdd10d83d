// @postgres: flow:menu, migrations — the company's menu edited and cached; migration 0055 run on the database under test
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuAdminEntry } from '@srm/contracts/menu-admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Menu management (issue #19): a company admin renames, reorders and hides entries of the company's menu
 * and adds its own links; getMenu answers the merged menu for that company only (other companies keep the
 * platform's), right after the save although menus are cached (SESSION_CACHE_MS 60 s here). Bad input is
 * '400' naming the field, stale versions '409', non-admins '403'.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
let supplierA: Session;
let supplierB: Session;
const { get, post } = callsOf(() => server);

beforeAll(async () => {
  server = await createTestServer({ SESSION_CACHE_MS: '60000' });
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplierA = await login(server, '200001', 'admin');
  supplierB = await login(server, '200003', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type Item = {
  id: string;
  appCode: string;
  appUrl: string;
  appNameI18n: { zh_cn: string; en: string };
  children: Item[];
};
const flat = <T extends { children: T[] }>(items: T[]): T[] => items.flatMap((i) => [i, ...flat(i.children)]);
const menuOf = async (s: Session): Promise<Item[]> => {
  const res = await get('/apis/user/getMenu', s);
  expect(res.json().code).toBe('200');
  return res.json().data;
};
const tree = async (s: Session): Promise<MenuAdminEntry[]> => {
  const res = await get('/apis/MenuAdminService/findTree', s);
  expect(res.json().code).toBe('200');
  return res.json().data;
};
const entry = async (s: Session, code: string) => {
  const found = flat(await tree(s)).find((e) => e.appCode === code);
  if (!found) throw new Error(`no entry ${code}`);
  return found;
};
const editBody = (e: MenuAdminEntry, change: Partial<Record<string, unknown>> = {}) => ({
  id: e.id,
  version: e.version,
  appName: e.appName,
  appNameEn: e.appNameEn,
  sortOrder: e.sortOrder,
  hidden: e.hidden,
  ...change,
});

describe('menu management', () => {
  it('the admin tree holds the station’s platform menu with the Menu management entry, versions 0', async () => {
    const buyerTree = flat(await tree(admin));
    const own = buyerTree.find((e) => e.appCode === 'menu-admin');
    expect(own).toMatchObject({
      appUrl: '/system/#/v2/menus',
      appName: '菜单管理',
      appNameEn: 'Menu management',
    });
    expect(buyerTree.every((e) => !e.own && e.version === 0 && !e.hidden)).toBe(true);
    const saleTree = flat(await tree(supplierA));
    expect(saleTree.some((e) => e.appCode === 'menu-admin')).toBe(true);
    expect(saleTree.some((e) => e.appCode === 'sales-orders')).toBe(true);
    expect(saleTree.some((e) => e.appCode === 'language-texts')).toBe(false);
  });

  it('renames an entry for the company only; getMenu shows it at once, other companies keep the platform name', async () => {
    const orders = await entry(supplierA, 'sales-orders');
    const res = await post(
      '/apis/MenuAdminService/edit',
      supplierA,
      editBody(orders, { appName: '我的销售订单', appNameEn: 'Our sales orders' }),
    );
    expect(res.json().code).toBe('200');
    const renamed = flat(res.json().data as MenuAdminEntry[]).find((e) => e.id === orders.id);
    expect(renamed).toMatchObject({ appName: '我的销售订单', overridden: true, version: 1 });
    expect(renamed?.platform).toEqual({
      appName: '销售订单',
      appNameEn: 'Sales orders',
      sortOrder: orders.sortOrder,
    });
    const mine = flat(await menuOf(supplierA)).find((i) => i.id === orders.id);
    expect(mine?.appNameI18n).toEqual({ zh_cn: '我的销售订单', en: 'Our sales orders' });
    const theirs = flat(await menuOf(supplierB)).find((i) => i.id === orders.id);
    expect(theirs?.appNameI18n).toEqual({ zh_cn: '销售订单', en: 'Sales orders' });
    expect((await entry(supplierB, 'sales-orders')).overridden).toBe(false);
  });

  it('reorders within the group and hides an entry (with what is under it) for the company only', async () => {
    const bids = await entry(supplierA, 'sales-bids');
    const orders = await entry(supplierA, 'sales-orders');
    expect(bids.sortOrder).toBeGreaterThan(orders.sortOrder);
    await post('/apis/MenuAdminService/edit', supplierA, editBody(bids, { sortOrder: 1 }));
    const group = (await menuOf(supplierA)).find((i) => i.appCode === 'orders');
    expect(group?.children.map((c) => c.appCode)).toEqual(['sales-bids', 'sales-orders']);
    const other = (await menuOf(supplierB)).find((i) => i.appCode === 'orders');
    expect(other?.children.map((c) => c.appCode)).toEqual(['sales-orders', 'sales-bids']);

    const delivery = await entry(supplierA, 'delivery');
    const hide = await post('/apis/MenuAdminService/edit', supplierA, editBody(delivery, { hidden: true }));
    expect(hide.json().code).toBe('200');
    const codes = flat(await menuOf(supplierA)).map((i) => i.appCode);
    expect(codes).not.toContain('delivery');
    expect(codes).not.toContain('delivery-ship');
    expect(flat(await menuOf(supplierB)).map((i) => i.appCode)).toContain('delivery-ship');
    // Still in the admin tree, flagged, so it can be shown again; and no longer offered to roles.
    expect((await entry(supplierA, 'delivery')).hidden).toBe(true);
    const options = flat(
      (await get('/apis/ElsRoleService/menuOptions', supplierA)).json().data as Array<{
        id: string;
        children: never[];
      }>,
    );
    expect(options.map((o) => o.id)).not.toContain(delivery.id);
    // A role listing the hidden entry can still be saved (the grant waits until it shows again).
    const role = await post('/apis/ElsRoleService/add', supplierA, {
      roleCode: 'shipping',
      roleName: '发货员',
      roleNameEn: 'Shipping',
      menuIds: [delivery.id],
      actions: [],
    });
    expect(role.json().code).toBe('200');

    // Restore: the platform's order and visibility again.
    for (const code of ['delivery', 'sales-bids']) {
      const e = await entry(supplierA, code);
      expect(
        (await post('/apis/MenuAdminService/remove', supplierA, { id: e.id, version: e.version })).json()
          .code,
      ).toBe('200');
    }
    expect(flat(await menuOf(supplierA)).map((i) => i.appCode)).toContain('delivery-ship');
    const back = (await menuOf(supplierA)).find((i) => i.appCode === 'orders');
    expect(back?.children.map((c) => c.appCode)).toEqual(['sales-orders', 'sales-bids']);
  });

  it('adds own entries (https link, portal path) under a group; they show in getMenu and can be granted to roles', async () => {
    const system = await entry(admin, 'system');
    const res = await post('/apis/MenuAdminService/add', admin, {
      parentId: system.id,
      appName: '帮助中心',
      appNameEn: 'Help centre',
      appUrl: 'https://help.example.com/srm',
    });
    expect(res.json().code).toBe('200');
    const added = flat(res.json().data as MenuAdminEntry[]).find((e) => e.appName === '帮助中心');
    expect(added).toMatchObject({
      own: true,
      version: 1,
      parentId: system.id,
      appUrl: 'https://help.example.com/srm',
    });
    const orders = await entry(admin, 'orders');
    const path = await post('/apis/MenuAdminService/add', admin, {
      parentId: orders.id,
      appName: '订单列表（快捷）',
      appNameEn: 'Orders (shortcut)',
      appUrl: '/order/#/v2/order/list',
      sortOrder: 5,
    });
    expect(path.json().code).toBe('200');
    const menu = await menuOf(admin);
    const inSystem = menu.find((i) => i.appCode === 'system')?.children ?? [];
    expect(inSystem.map((i) => i.appUrl)).toContain('https://help.example.com/srm');
    expect(menu.find((i) => i.appCode === 'orders')?.children[0]?.appUrl).toBe('/order/#/v2/order/list');
    // Other companies (and the other station) never see it.
    expect(flat(await menuOf(supplierA)).map((i) => i.appUrl)).not.toContain('https://help.example.com/srm');

    // Grantable: offered by Role management and accepted in a role's menu list.
    const options = flat(
      (await get('/apis/ElsRoleService/menuOptions', admin)).json().data as Array<{
        id: string;
        children: never[];
      }>,
    );
    expect(options.map((o) => o.id)).toContain(added?.id);
    const role = await post('/apis/ElsRoleService/add', admin, {
      roleCode: 'helpdesk',
      roleName: '帮助台',
      roleNameEn: 'Help desk',
      menuIds: [added?.id],
      actions: [],
    });
    expect(role.json().code).toBe('200');

    // Edit the own entry (link too), then delete it.
    const own = await entry(admin, added?.appCode ?? '');
    const edit = await post('/apis/MenuAdminService/edit', admin, {
      ...editBody(own, { appNameEn: 'Help' }),
      appUrl: '/portal/notice/list',
    });
    expect(edit.json().code).toBe('200');
    const edited = await entry(admin, own.appCode);
    expect(edited).toMatchObject({ appNameEn: 'Help', appUrl: '/portal/notice/list', version: 2 });
    const del = await post('/apis/MenuAdminService/remove', admin, {
      id: edited.id,
      version: edited.version,
    });
    expect(del.json().code).toBe('200');
    expect(flat(await menuOf(admin)).map((i) => i.id)).not.toContain(edited.id);
  });

  it('a renamed entry stays granted: a role listing it still opens it, under the new name', async () => {
    const invites = await entry(admin, 'invite-codes');
    await post('/apis/MenuAdminService/edit', admin, editBody(invites, { appName: '邀请码管理' }));
    // The admin's tree through getMenu, filtered by the menu-listing grants, still holds the entry.
    const item = flat(await menuOf(admin)).find((i) => i.id === invites.id);
    expect(item?.appNameI18n.zh_cn).toBe('邀请码管理');
    const options = flat(
      (await get('/apis/ElsRoleService/menuOptions', admin)).json().data as Array<{
        id: string;
        title: string;
        titleI18n: { zh_cn: string };
        children: never[];
      }>,
    );
    expect(options.find((o) => o.id === invites.id)?.titleI18n.zh_cn).toBe('邀请码管理');
    const again = await entry(admin, 'invite-codes');
    await post('/apis/MenuAdminService/remove', admin, { id: again.id, version: again.version });
    expect((await entry(admin, 'invite-codes')).appName).toBe('邀请码');
  });

  it('answers 409 on a stale version and changes nothing', async () => {
    const notices = await entry(admin, 'notice-list');
    expect(
      (await post('/apis/MenuAdminService/edit', admin, editBody(notices, { appName: '公告一' }))).json()
        .code,
    ).toBe('200');
    const stale = await post('/apis/MenuAdminService/edit', admin, editBody(notices, { appName: '公告二' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('409');
    expect((await entry(admin, 'notice-list')).appName).toBe('公告一');
    const staleRemove = await post('/apis/MenuAdminService/remove', admin, { id: notices.id, version: 0 });
    expect(staleRemove.json().code).toBe('409');
    const now = await entry(admin, 'notice-list');
    await post('/apis/MenuAdminService/remove', admin, { id: now.id, version: now.version });
    expect((await entry(admin, 'notice-list')).appName).toBe('公告管理');
  });

  it('rejects bad input with 400 naming the field and the rule, in the caller’s language, changing nothing', async () => {
    const system = await entry(admin, 'system');
    const home = await entry(admin, 'home');
    const sale = await entry(supplierA, 'orders');
    const before = JSON.stringify(await tree(admin));
    const base = { parentId: system.id, appName: '链接', appNameEn: 'Link', appUrl: 'https://example.com' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, appName: '' }, /body\.appName/],
      [{ ...base, appName: '   ' }, /body\.appName/],
      [{ ...base, appNameEn: 'x'.repeat(51) }, /body\.appNameEn must be at most 50/],
      [{ ...base, appUrl: 'javascript:alert(1)' }, /body\.appUrl must be an https:\/\/ URL or a portal path/],
      [{ ...base, appUrl: 'http://example.com' }, /body\.appUrl must be an https:\/\/ URL/],
      [{ ...base, appUrl: '//evil.example.com' }, /body\.appUrl/],
      [{ ...base, appUrl: '/portal/x?javascript:1' }, /body\.appUrl/],
      [{ ...base, parentId: home.id }, /body\.parentId must be a menu group of your station/],
      [{ ...base, parentId: sale.id }, /body\.parentId must be a menu group of your station/],
    ];
    for (const [body, message] of cases) {
      const res = await post('/apis/MenuAdminService/add', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const zh = await post(
      '/apis/MenuAdminService/add',
      admin,
      { ...base, appUrl: 'javascript:void(0)' },
      'zh_cn',
    );
    expect(zh.json().message).toMatch(/body\.appUrl 必须是 https:\/\/ 开头的网址/);
    const home2 = await entry(admin, 'home');
    const platformUrl = await post('/apis/MenuAdminService/edit', admin, {
      ...editBody(home2),
      appUrl: '/elsewhere',
    });
    expect(platformUrl.statusCode).toBe(400);
    expect(platformUrl.json().message).toMatch(/body\.appUrl/);
    const tooLongName = await post(
      '/apis/MenuAdminService/edit',
      admin,
      editBody(home2, { appName: '长'.repeat(51) }),
    );
    expect(tooLongName.json().message).toMatch(/body\.appName/);
    // Another company's (or station's) entry is unknown here.
    const foreign = await post('/apis/MenuAdminService/edit', admin, editBody(sale));
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(await tree(admin))).toBe(before);
  });

  it('refuses non-admins with 403 on every call', async () => {
    const home = await entry(admin, 'home');
    const system = await entry(admin, 'system');
    const calls = [
      await get('/apis/MenuAdminService/findTree', buyer1),
      await post('/apis/MenuAdminService/edit', buyer1, editBody(home, { appName: '首页二' })),
      await post('/apis/MenuAdminService/add', buyer1, {
        parentId: system.id,
        appName: 'a',
        appNameEn: 'a',
        appUrl: '/a',
      }),
      await post('/apis/MenuAdminService/remove', buyer1, { id: home.id, version: 0 }),
    ];
    for (const res of calls) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('403');
    }
    expect((await entry(admin, 'home')).appName).toBe('首页');
  });

  it('an existing database gets the Menu management entry once per station from migration 0055', async () => {
    const file = readFileSync(join(import.meta.dirname, '../drizzle/0055_menu_admin.sql'), 'utf8');
    const inserts = file.split('--> statement-breakpoint').filter((s) => s.includes('INSERT INTO "menu"'));
    expect(inserts).toHaveLength(1);
    const rows = async () =>
      (
        (await server.database.db.execute(
          sql`select m.station, p.app_code as parent from menu m join menu p on p.id = m.parent_id where m.app_code = 'menu-admin' order by m.station`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    expect(await rows()).toEqual([
      { station: 'purchase', parent: 'system' },
      { station: 'sale', parent: 'system' },
    ]);
    await server.database.db.execute(sql`delete from menu where app_code = 'menu-admin'`);
    for (let run = 0; run < 2; run++) {
      await server.database.db.execute(sql.raw(inserts[0]));
      expect(await rows()).toHaveLength(2);
    }
  });
});
