import { brotliDecompressSync } from 'node:zlib';
import type { MenuItem } from '@srm/contracts/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const codes = (items: MenuItem[]): string[] => items.flatMap((i) => [i.appCode, ...codes(i.children)]);

async function menuOf(account: string, sub: string, lang = 'zh_cn'): Promise<MenuItem[]> {
  const session = await login(server, account, sub);
  const res = await server.app.inject({
    method: 'GET',
    url: '/apis/user/getMenu',
    headers: { ...session.headers, lang },
  });
  expect(res.json().code).toBe('200');
  return res.json().data;
}

describe('GET /apis/user/getMenu', () => {
  it('answers a compressed menu whole, built (first call) and cached (second call)', async () => {
    const session = await login(server, '200001', 'admin');
    for (const call of ['built', 'cached']) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/apis/user/getMenu',
        headers: { ...session.headers, lang: 'en', 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding'], call).toBe('br');
      const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'));
      expect(body.code, call).toBe('200');
      expect(body.data.length, call).toBeGreaterThan(0);
    }
  });
  it('gives the buyer admin a nested menu with the admin-only entry', async () => {
    const menu = await menuOf('100000', 'admin');
    expect(menu[0]).toMatchObject({ appCode: 'home', appUrl: '/portal/wel/index', appName: '首页' });
    const system = menu.find((m) => m.appCode === 'system');
    expect(system?.meta.roles).toEqual(['admin']);
    expect(system?.children.map((c) => c.appUrl)).toContain('/apis/docs/');
    expect(system?.children.map((c) => c.appCode)).toContain('audit-config');
    expect(menu.find((m) => m.appCode === 'personal')?.children.length).toBe(3);
  });

  it('hides the admin-only entry from buyer1', async () => {
    const all = codes(await menuOf('100000', 'buyer1'));
    expect(all).toContain('personal-info');
    expect(all).not.toContain('system');
    expect(all).not.toContain('api-docs');
  });

  it('gives suppliers the sale-station menu with the supplier home', async () => {
    const menu = await menuOf('200001', 'admin');
    expect(menu[0].appUrl).toBe('/portal/supplier/index');
    expect(codes(menu)).toContain('sales-orders');
    expect(codes(menu)).not.toContain('purchase-orders');
    expect(codes(menu)).not.toContain('notice-list');
  });

  it('labels entries in the caller language and carries both', async () => {
    const menu = await menuOf('100000', 'admin', 'en');
    expect(menu[0].appName).toBe('Home');
    expect(menu[0].appNameI18n).toEqual({ zh_cn: '首页', en: 'Home' });
  });
});
