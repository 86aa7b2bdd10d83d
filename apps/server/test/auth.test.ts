// @postgres: flow:auth, database-url — login, tokens and the per-account throttle, which with DATABASE_URL counts in PostgreSQL's rate_limit table
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '5', LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await server?.close();
});

const loginRequest = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/apis/ElsAuthService/login',
    payload: payload as object,
    headers,
  });

describe('POST /apis/ElsAuthService/login', () => {
  it('returns tokens, the user info and the environment config', async () => {
    const res = await loginRequest({
      elsAccount: '100000',
      elsSubAccount: 'admin',
      password: server.cipher.encrypt(DEMO_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.data.tokenTime).toBe(79200);
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.refreshToken.length).toBeGreaterThan(30);
    expect(body.data.elsSubaccountInfoDTO).toMatchObject({
      name: '张明',
      elsAccount: '100000',
      elsSubAccount: 'admin',
      station: 'purchase',
      fbk10: 'N',
      permission: 'admin',
      roles: ['admin', 'buyer'],
    });
    expect(body.data.environMentConfig).toMatchObject({ env: server.config.ENV_NAME, apiBase: '/apis' });
  });

  it('gives fbk10 Y for the supplier that must change its password', async () => {
    const data = await login(server, '200002', 'admin');
    expect(data.elsSubaccountInfoDTO.fbk10).toBe('Y');
  });

  it('a supplier with one linked buyer acts as that buyer; one with two, as itself (issue #16)', async () => {
    const res = await loginRequest({
      elsAccount: '200003',
      elsSubAccount: 'admin',
      password: server.cipher.encrypt(DEMO_PASSWORD),
    });
    expect(res.json().data.elsSubaccountInfoDTO).toMatchObject({
      station: 'sale',
      actingElsAccount: '100000',
    });
    // 200001 works for 100000 and 100002: it acts as itself until it chooses a buyer in its inbox.
    const two = await loginRequest({
      elsAccount: '200001',
      elsSubAccount: 'admin',
      password: server.cipher.encrypt(DEMO_PASSWORD),
    });
    expect(two.json().data.elsSubaccountInfoDTO).toMatchObject({
      station: 'sale',
      actingElsAccount: '200001',
    });
  });

  it('rejects a wrong password with 400 and a clear message in the caller language', async () => {
    const res = await loginRequest(
      { elsAccount: '100000', elsSubAccount: 'buyer1', password: server.cipher.encrypt('Wrong@2026') },
      { lang: 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: '400',
      message: 'Wrong account, sub-account or password',
      data: null,
    });
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const res = await loginRequest({
      elsAccount: '999999',
      elsSubAccount: 'nobody',
      password: server.cipher.encrypt(DEMO_PASSWORD),
    });
    expect(res.json()).toEqual({ code: '400', message: '账号、子账号或密码错误', data: null });
  });

  it('names the missing field', async () => {
    const res = await loginRequest({ elsAccount: '100000', elsSubAccount: 'admin' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.password is required');
    const zh = await loginRequest({ elsAccount: '100000', password: 'x' });
    expect(zh.json().message).toContain('body.elsSubAccount 不能为空');
  });

  it('rejects a password that is not cipher text', async () => {
    const res = await loginRequest({ elsAccount: '100000', elsSubAccount: 'admin', password: 'Demo@2026' });
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('password');
  });

  it('answers malformed JSON, wrong types and a wrong content type with 400, never 500', async () => {
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"elsAccount": "100000",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('400');
    const wrongType = await loginRequest({ elsAccount: 100000, elsSubAccount: ['admin'], password: {} });
    expect(wrongType.json().code).toBe('400');
    const text = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.json().code).toBe('400');
    const array = await loginRequest([1, 2, 3]);
    expect(array.json().code).toBe('400');
  });

  it('throttles repeated attempts on one account with 429', async () => {
    const attempt = () =>
      loginRequest(
        { elsAccount: '200001', elsSubAccount: 'nobody', password: server.cipher.encrypt('x') },
        { lang: 'en' },
      );
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) codes.push((await attempt()).json().code);
    expect(codes.slice(0, 5)).toEqual(['400', '400', '400', '400', '400']);
    expect(codes[5]).toBe('429');
    const last = await attempt();
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/Too many attempts/);
  });
});

describe('tokens', () => {
  it('webValidToken tells a valid token from garbage and a tampered one', async () => {
    const { token } = await login(server, '100000', 'admin');
    const valid = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAuthService/webValidToken/${token}`,
    });
    expect(valid.json()).toEqual({ code: '200', message: 'success', data: { valid: true } });
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    const bad = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAuthService/webValidToken/${tampered}`,
    });
    expect(bad.json().data.valid).toBe(false);
    const garbage = await server.app.inject({ method: 'GET', url: '/apis/ElsAuthService/webValidToken/abc' });
    expect(garbage.json().data.valid).toBe(false);
  });

  it('protected calls without a token, or with a tampered one, answer 401', async () => {
    const none = await server.app.inject({ method: 'GET', url: '/apis/user/getMenu' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('401');
    const forged = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.json().code).toBe('401');
  });

  it('refuses an expired token, even with a valid signature and a live session', async () => {
    const session = await login(server, '100000', 'admin');
    const { createDecoder, createSigner } = await import('fast-jwt');
    const { sharedSecret } = await import('../src/platform/secrets.ts');
    const claims = createDecoder()(session.token) as Record<string, unknown>;
    const secret = await sharedSecret(server.database.db, 'jwt');
    const body = { sub: claims.sub, sid: claims.sid, acc: claims.acc, sac: claims.sac, st: claims.st };
    const now = Math.floor(Date.now() / 1000);
    const expired = createSigner({ key: secret, algorithm: 'HS256' })({
      ...body,
      iat: now - 90_000,
      exp: now - 10,
    });
    const res = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: { token: expired },
    });
    expect(res.json().code).toBe('401');
    // The same claims freshly signed work: only the expiry made the difference.
    const fresh = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 3_600_000 })(body);
    const ok = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: { token: fresh },
    });
    expect(ok.json().code).toBe('200');
  });

  it('rejects an account header that does not match the token', async () => {
    const { token } = await login(server, '100000', 'buyer1');
    const res = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: { token, account: '100000_admin' },
    });
    expect(res.json().code).toBe('401');
  });
});

describe('POST /apis/ElsAuthService/refreshToken', () => {
  const refresh = (refreshToken: string | undefined, account = '100000', sub = 'buyer1') =>
    server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/refreshToken',
      headers: refreshToken ? { refreshtoken: refreshToken } : {},
      payload: { elsAccount: account, elsSubAccount: sub },
    });

  it('rotates: new pair works, the old refresh token stops working', async () => {
    const first = await login(server, '100000', 'buyer1');
    const res = await refresh(first.refreshToken);
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.data.code).toBe('200');
    expect(body.data.refreshToken).not.toBe(first.refreshToken);
    const menu = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: { token: body.data.token },
    });
    expect(menu.json().code).toBe('200');
    const second = await refresh(body.data.refreshToken);
    expect(second.json().code).toBe('200');
  });

  it('reuse of an old refresh token revokes the whole family', async () => {
    const first = await login(server, '100000', 'buyer1');
    const rotated = (await refresh(first.refreshToken)).json().data;
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('401');
    // The legitimate newer token of the same family is dead too, and so is the access token.
    expect((await refresh(rotated.refreshToken)).json().code).toBe('401');
    const menu = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: { token: rotated.token },
    });
    expect(menu.json().code).toBe('401');
  });

  it('needs a refresh token and the matching account', async () => {
    expect((await refresh(undefined)).json().code).toBe('401');
    expect((await refresh('not-a-token')).json().code).toBe('401');
    const other = await login(server, '100000', 'buyer1');
    expect((await refresh(other.refreshToken, '200001', 'admin')).json().code).toBe('401');
  });

  it('validates the body', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/refreshToken',
      payload: { elsAccount: '' },
    });
    expect(res.json().code).toBe('400');
  });
});

describe('GET /apis/user/logout', () => {
  it('revokes the session: the access token and the refresh token stop working', async () => {
    const session = await login(server, '100000', 'buyer1');
    const res = await server.app.inject({
      method: 'GET',
      url: '/apis/user/logout',
      headers: session.headers,
    });
    expect(res.json().code).toBe('200');
    const after = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: session.headers,
    });
    expect(after.json().code).toBe('401');
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/refreshToken',
      headers: { refreshtoken: session.refreshToken },
      payload: { elsAccount: '100000', elsSubAccount: 'buyer1' },
    });
    expect(refreshed.json().code).toBe('401');
    const valid = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAuthService/webValidToken/${session.token}`,
    });
    expect(valid.json().data.valid).toBe(false);
  });
});

describe('POST /apis/ElsAuthService/unlock', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const session = await login(server, '100000', 'admin');
    const okRes = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/unlock',
      headers: session.headers,
      payload: { password: server.cipher.encrypt(DEMO_PASSWORD) },
    });
    expect(okRes.json()).toEqual({ code: '200', message: 'success', data: { unlocked: true } });
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/unlock',
      headers: { ...session.headers, lang: 'en' },
      payload: { password: server.cipher.encrypt('Nope@2026') },
    });
    expect(wrong.json()).toEqual({ code: '400', message: 'Unlock password error', data: null });
    const missing = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAuthService/unlock',
      headers: session.headers,
      payload: {},
    });
    expect(missing.json().code).toBe('400');
  });
});

describe('unknown routes', () => {
  it('answer with the 404 envelope', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/apis/NoSuchService/doIt' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('404');
  });
});
