import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * A tenant's interface-text overrides kept in the database (issue #18: every process serves the same; spec
 * 000 §7 "language JSON files by tenant id and language"): the buyer admin saves them, the public call serves
 * them before the tenant's file, other tenants still fall back; stale saves answer 409, bad shapes 400
 * naming the field, other users 403.
 */
let server: TestServer;
let admin: Session;
let buyer: Session;
let supplierAdmin: Session;
const { post } = callsOf(() => server);
beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  admin = await login(server, '100000', 'admin');
  buyer = await login(server, '100000', 'buyer1');
  supplierAdmin = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const publicGet = async (tenant: string, lang: string) =>
  (await server.app.inject({ method: 'GET', url: `/apis/i18n/${tenant}/${lang}` })).json();

describe('language overrides in the database', () => {
  it('are saved by the buyer admin and served publicly before any file', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(server.config.DATA_DIR, 'i18n', '100000');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'en.json'), JSON.stringify({ login: { title: 'From the file' } }));
    expect((await publicGet('100000', 'en')).data.overrides).toEqual({ login: { title: 'From the file' } });

    const first = await post('/apis/SystemSettingService/saveLanguage', admin, {
      lang: 'en',
      overrides: { login: { title: 'Huadong Supplier Portal' } },
    });
    expect(first.json().code, first.json().message).toBe('200');
    expect(first.json().data.version).toBe(0);
    expect(await publicGet('100000', 'en')).toMatchObject({
      data: { tenant: '100000', overrides: { login: { title: 'Huadong Supplier Portal' } } },
    });
    // Another tenant without overrides gets none of them.
    expect((await publicGet('100002', 'en')).data.tenant).toBeNull();

    const read = (await post('/apis/SystemSettingService/findLanguage', admin, { lang: 'en' })).json().data;
    expect(read).toEqual({ overrides: { login: { title: 'Huadong Supplier Portal' } }, version: 0 });
    const second = await post('/apis/SystemSettingService/saveLanguage', admin, {
      lang: 'en',
      overrides: { login: { title: 'Huadong Portal' } },
      version: read.version,
    });
    expect(second.json().data.version).toBe(1);
    // A save based on the old version, and a second "first" save, are both stale.
    const stale = await post('/apis/SystemSettingService/saveLanguage', admin, {
      lang: 'en',
      overrides: { login: { title: 'Lost' } },
      version: 0,
    });
    expect(stale.json().code).toBe('409');
    const again = await post('/apis/SystemSettingService/saveLanguage', admin, { lang: 'en', overrides: {} });
    expect(again.json().code).toBe('409');
    expect((await publicGet('100000', 'en')).data.overrides).toEqual({ login: { title: 'Huadong Portal' } });
  });

  it('refuses other users and bad shapes', async () => {
    for (const who of [buyer, supplierAdmin])
      expect(
        (await post('/apis/SystemSettingService/saveLanguage', who, { lang: 'en', overrides: {} })).json()
          .code,
      ).toBe('403');
    const bad = await post('/apis/SystemSettingService/saveLanguage', admin, {
      lang: 'en',
      overrides: { login: { title: 'x'.repeat(501) } },
    });
    expect(bad.json().code).toBe('400');
    expect(bad.json().message).toContain('body.overrides');
  });

  it('are revalidated by browsers at every use, so a save shows at the next page load (#18/#19)', async () => {
    // Saved texts (database) and none at all (no tenant or default file): both revalidated, both reusable.
    for (const tenant of ['100000', '100002']) {
      const res = await server.app.inject({ method: 'GET', url: `/apis/i18n/${tenant}/en` });
      expect(res.statusCode).toBe(200);
      const cache = String(res.headers['cache-control']);
      expect(cache.split(/,\s*/), tenant).toContain('no-cache');
      expect(cache).not.toMatch(/max-age=[1-9]/);
    }
    // A save is served by the very next call (no cache in the server process).
    const read = (await post('/apis/SystemSettingService/findLanguage', admin, { lang: 'en' })).json().data;
    const saved = await post('/apis/SystemSettingService/saveLanguage', admin, {
      lang: 'en',
      overrides: { login: { title: 'Next load' } },
      version: read.version,
    });
    expect(saved.json().code).toBe('200');
    expect((await publicGet('100000', 'en')).data.overrides).toEqual({ login: { title: 'Next load' } });
  });
});
