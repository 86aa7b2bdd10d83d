import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The HTTP auth/ACL hook an external broker calls (issue #18): a browser's token is accepted only while its
 * session is live and only for its own user; a client may read its own topic and nobody else's, never
 * publish; after logout the same client is refused at the broker's next check; the server's own
 * credentials (from MQTT_URL) are the only superuser. Answers use EMQX's `result` and go-auth's `ok`.
 */
let server: TestServer;
let buyer1: Session;
const SERVER_USER = 'srm-server';
const SERVER_PASSWORD = 's3cret/with:odd@chars';

beforeAll(async () => {
  server = await createTestServer({
    // Nothing listens there: the hook only reads the credentials (the publisher keeps retrying quietly).
    MQTT_URL: `mqtt://${SERVER_USER}:${encodeURIComponent(SERVER_PASSWORD)}@127.0.0.1:9`,
    MQTT_WS_URL: 'ws://127.0.0.1:9/mqtt',
    ENV_NAME: 'test',
  });
  buyer1 = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

const hook = async (path: string, payload: Record<string, unknown>) => {
  const res = await server.app.inject({ method: 'POST', url: `/apis/mqtt/${path}`, payload });
  expect(res.statusCode).toBe(200);
  return res.json() as { result: 'allow' | 'deny'; ok: boolean; is_superuser: boolean };
};

describe('broker hook', () => {
  const clientid = `srm_web_hook_${Date.now()}`;
  const own = 'srm/test/100000/buyer1';

  it('authenticates a live token for its own user only', async () => {
    expect(await hook('auth', { username: '100000_buyer1', password: buyer1.token, clientid })).toMatchObject(
      {
        result: 'allow',
        ok: true,
        is_superuser: false,
      },
    );
    for (const bad of [
      { username: '100000_admin', password: buyer1.token, clientid: 'x1' },
      { username: '100000_buyer1', password: `${buyer1.token}x`, clientid: 'x2' },
      { username: '100000_buyer1', clientid: 'x3' },
      { username: SERVER_USER, password: 'guess', clientid: 'x4' },
    ])
      expect(await hook('auth', bad)).toMatchObject({ result: 'deny', ok: false });
  });

  it('lets the client read its own topic, nothing else, and never publish', async () => {
    const acl = (topic: string, more: Record<string, unknown> = {}) =>
      hook('acl', { username: '100000_buyer1', clientid, topic, ...more });
    expect((await acl(own, { action: 'subscribe' })).result).toBe('allow');
    expect((await acl(`${own}/#`, { acc: 4 })).result).toBe('allow');
    expect((await acl(own, { acc: 1 })).result).toBe('allow');
    expect((await acl('srm/test/100000/admin', { action: 'subscribe' })).result).toBe('deny');
    expect((await acl('srm/test/#', { acc: 4 })).result).toBe('deny');
    expect((await acl(own, { action: 'publish' })).result).toBe('deny');
    expect((await acl(own, { acc: 2 })).result).toBe('deny');
    // Another user naming this client id gets nothing.
    expect(
      (await hook('acl', { username: '100000_admin', clientid, topic: 'srm/test/100000/admin', acc: 1 }))
        .result,
    ).toBe('deny');
    // A client the hook never authenticated gets nothing.
    expect((await acl(own, { clientid: 'never-seen', acc: 1 })).result).toBe('deny');
  });

  it('refuses the client at the next check once its session is logged out', async () => {
    const out = await server.app.inject({ method: 'GET', url: '/apis/user/logout', headers: buyer1.headers });
    expect(out.json().code).toBe('200');
    expect((await hook('acl', { username: '100000_buyer1', clientid, topic: own, acc: 1 })).result).toBe(
      'deny',
    );
    expect((await hook('auth', { username: '100000_buyer1', password: buyer1.token, clientid })).result).toBe(
      'deny',
    );
  });

  it('knows the server’s own credentials as the only superuser', async () => {
    expect(await hook('auth', { username: SERVER_USER, password: SERVER_PASSWORD })).toMatchObject({
      result: 'allow',
      is_superuser: true,
    });
    expect((await hook('superuser', { username: SERVER_USER })).is_superuser).toBe(true);
    expect((await hook('superuser', { username: '100000_buyer1' })).result).toBe('deny');
    expect((await hook('acl', { username: SERVER_USER, topic: own, action: 'publish' })).result).toBe(
      'allow',
    );
  });

  it('answers bad input with a clear error, not a decision', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/mqtt/acl',
      payload: { username: 'a' },
    });
    expect(res.json().code).toBe('400');
    expect(res.json().message).toMatch(/topic/);
  });
});
