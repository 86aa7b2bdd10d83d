import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { normaliseBasePath, stripBasePath, withBasePath } from '../src/platform/base-path.ts';
import { createTestServer, DEMO_PASSWORD, type TestServer } from './helpers.ts';

/**
 * The portal and its API under a sub-path (issue #19, spec 000 §1 "the base path is derived from the
 * first address segment plus /apis"): with BASE_PATH=/srm, login, an authenticated call, redirects, the
 * built pages, file downloads and the API description all answer under /srm; the same paths without the
 * prefix are 404 (the bare root redirects to /srm/portal/).
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('BASE_PATH setting', () => {
  it('is normalised: one leading slash, no trailing one; empty or / is the root', () => {
    expect(loadConfig({ BASE_PATH: 'srm/' }).BASE_PATH).toBe('/srm');
    expect(loadConfig({ BASE_PATH: '/a/b//' }).BASE_PATH).toBe('/a/b');
    expect(loadConfig({ BASE_PATH: '/' }).BASE_PATH).toBe('');
    expect(loadConfig({}).BASE_PATH).toBe('');
  });

  it.each(['https://x/srm', '/srm?x=1', '/srm#a', '/a//b', '/../x', '/s rm'])(
    'refuses %j at start-up, naming the setting',
    (value) => {
      expect(() => loadConfig({ BASE_PATH: value })).toThrow(/BASE_PATH: BASE_PATH must be a plain path/);
    },
  );

  it('strips the base path only at a segment boundary and puts it before server paths', () => {
    expect(normaliseBasePath(' /srm ')).toBe('/srm');
    expect(stripBasePath('/srm', '/srm/apis/x?y=1')).toEqual({ inside: true, url: '/apis/x?y=1' });
    expect(stripBasePath('/srm', '/srm')).toEqual({ inside: true, url: '/' });
    expect(stripBasePath('/srm', '/srm?a=1')).toEqual({ inside: true, url: '/?a=1' });
    expect(stripBasePath('/srm', '/srmx/apis')).toEqual({ inside: false });
    expect(stripBasePath('/srm', '/apis/x')).toEqual({ inside: false });
    expect(withBasePath('/srm', '/portal/')).toBe('/srm/portal/');
    expect(withBasePath('/srm', 'https://x.example/a')).toBe('https://x.example/a');
    expect(withBasePath('/srm', '//x.example/a')).toBe('//x.example/a');
    expect(withBasePath('', '/portal/')).toBe('/portal/');
  });
});

describe('a server with BASE_PATH=/srm', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'srm-dist-'));
    mkdirSync(join(dist, 'portal'));
    mkdirSync(join(dist, 'order'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'portal/index.html'), '<html><body>portal page</body></html>');
    writeFileSync(join(dist, 'order/index.html'), '<html><body>order page</body></html>');
    writeFileSync(join(dist, 'assets/portal-abc.js'), 'export const portal = 1;');
    server = await createTestServer({ BASE_PATH: '/srm/', WEB_DIST: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const login = () =>
    server.app.inject({
      method: 'POST',
      url: '/srm/apis/ElsAuthService/login',
      payload: {
        elsAccount: '100000',
        elsSubAccount: 'admin',
        password: server.cipher.encrypt(DEMO_PASSWORD),
      },
    });

  it('logs in under /srm and hands the browser the base path for the API and the push socket', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code, body.message).toBe('200');
    expect(body.data.environMentConfig.apiBase).toBe('/srm/apis');
    expect(body.data.environMentConfig.mqttUrl).toBe('/srm/mqtt');
  });

  it('answers an authenticated call under /srm and 404 to the same call without the prefix', async () => {
    const { data } = (await login()).json();
    const headers = { token: data.token, account: '100000_admin', lang: 'en' };
    const inside = await server.app.inject({ method: 'GET', url: '/srm/apis/user/getMenu', headers });
    const outside = await server.app.inject({ method: 'GET', url: '/apis/user/getMenu', headers });
    const routes = server.app.routeRegistry.filter((r) => r.url === '/apis/user/getMenu');
    expect(routes.length, 'the menu route exists at /apis/… for the server').toBeGreaterThan(0);
    expect(inside.json().code, inside.json().message).toBe('200');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({
      code: '404',
      message: expect.stringContaining('/apis/user/getMenu'),
    });
    const loginOutside = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/login',
      payload: {
        elsAccount: '100000',
        elsSubAccount: 'admin',
        password: server.cipher.encrypt(DEMO_PASSWORD),
      },
    });
    expect(loginOutside.statusCode).toBe(404);
    const health = await server.app.inject({ method: 'GET', url: '/srmx/apis/health/live' });
    expect(health.statusCode).toBe(404);
  });

  it('serves the web apps under /srm and puts the base path in every redirect', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/srm/portal/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('portal page');
    const order = await server.app.inject({ method: 'GET', url: '/srm/order/' });
    expect(order.body).toContain('order page');
    const asset = await server.app.inject({ method: 'GET', url: '/srm/assets/portal-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await server.app.inject({ method: 'GET', url: '/portal/' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/assets/portal-abc.js' })).statusCode).toBe(404);

    const redirects: Array<[string, string]> = [
      ['/srm/', '/srm/portal/'],
      ['/srm', '/srm/portal/'],
      ['/', '/srm/portal/'],
      ['/srm/portal', '/srm/portal/'],
      ['/srm/nothing-here', '/srm/portal/#/404'],
      ['/srm/apis/docs/static/index.html', '/srm/apis/docs/'],
    ];
    for (const [url, location] of redirects) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('uploads and downloads a file under /srm', async () => {
    const { data } = (await login()).json();
    const headers = { token: data.token, account: '100000_admin', lang: 'en' };
    const boundary = '----srmbasepath';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: '/srm/apis/ElsAttachmentService/upload?kind=image',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.json().code, uploaded.json().message).toBe('200');
    const query = `filePath=${encodeURIComponent(uploaded.json().data.filePath)}`;
    const file = await server.app.inject({
      method: 'GET',
      url: `/srm/apis/ElsAttachmentService/downloadFileByPortal?${query}`,
      headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const outside = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAttachmentService/downloadFileByPortal?${query}`,
      headers,
    });
    expect(outside.statusCode).toBe(404);
  });

  it('describes the API with the base path as its server, and writes links with it', async () => {
    const spec = await server.app.inject({ method: 'GET', url: '/srm/apis/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().servers).toEqual([{ url: '/srm' }]);
    expect(Object.keys(spec.json().paths)).toContain('/apis/ElsAuthService/login');
    const { data } = (await login()).json();
    const link = await server.app.inject({
      method: 'POST',
      url: '/srm/apis/order/PurchaseDeliveryManageService/getWechatUrl',
      headers: { token: data.token, account: '100000_admin', lang: 'en' },
      payload: {},
    });
    expect(link.json().code, link.json().message).toBe('200');
    expect(new URL(link.json().data.url).pathname).toBe('/srm/portal/');
  });
});
