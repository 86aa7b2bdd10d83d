// @postgres: database-url — failed-login and unknown-account counts, which with DATABASE_URL live in PostgreSQL's rate_limit table
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptcha } from '../src/modules/auth/captcha.ts';
import { createTestServer, DEMO_PASSWORD, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '1000', LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await server?.close();
});

const attempt = (password: string, extra: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/apis/ElsAuthService/login',
    headers: { lang: 'en' },
    payload: {
      elsAccount: '200001',
      elsSubAccount: 'admin',
      password: server.cipher.encrypt(password),
      ...extra,
    },
  });

describe('captcha and account lock after failed logins', () => {
  it('serves a captcha picture', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/apis/ElsAuthService/captcha' });
    expect(res.json().data.svg).toMatch(/^<svg/);
    expect(res.json().data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a captcha from the third failure, accepts the right one, and resets on success', async () => {
    for (let i = 0; i < 2; i++) expect((await attempt('Wrong@1')).json().data).toBeNull();
    const third = await attempt('Wrong@1');
    expect(third.json()).toMatchObject({ code: '400', data: { captchaRequired: true } });
    const noCaptcha = await attempt(DEMO_PASSWORD);
    expect(noCaptcha.json()).toMatchObject({ code: '400', message: 'Please enter the captcha' });
    const wrongCaptcha = await createCaptcha(server.database.db, 'ABCD');
    const bad = await attempt(DEMO_PASSWORD, { captchaId: wrongCaptcha.captchaId, captchaCode: 'WXYZ' });
    expect(bad.json().message).toBe('The captcha is wrong, please try again');
    // A wrong answer burns the challenge: the right answer no longer works on it.
    const reuse = await attempt(DEMO_PASSWORD, { captchaId: wrongCaptcha.captchaId, captchaCode: 'ABCD' });
    expect(reuse.json().code).toBe('400');
    const good = await createCaptcha(server.database.db, 'K7MN');
    const ok = await attempt(DEMO_PASSWORD, { captchaId: good.captchaId, captchaCode: 'k7mn' });
    expect(ok.json().code).toBe('200');
    expect((await attempt('Wrong@1')).json().data).toBeNull();
  });

  it('locks the account at 10 failures until an admin of the company lifts the lock', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const as = (password: string, extra: Record<string, string> = {}) =>
      server.app.inject({
        method: 'POST',
        url: '/apis/ElsAuthService/login',
        headers: { lang: 'en' },
        payload: {
          elsAccount: '100000',
          elsSubAccount: 'buyer1',
          password: server.cipher.encrypt(password),
          ...extra,
        },
      });
    let last = await as('Wrong@1');
    for (let i = 1; i < 10; i++) {
      const c = await createCaptcha(server.database.db, 'QWER');
      last = await as('Wrong@1', i >= 3 ? { captchaId: c.captchaId, captchaCode: 'QWER' } : {});
    }
    expect(last.json().message).toMatch(/account is locked/);
    const c = await createCaptcha(server.database.db, 'ASDF');
    expect((await as(DEMO_PASSWORD, { captchaId: c.captchaId, captchaCode: 'ASDF' })).json().message).toMatch(
      /account is locked/,
    );
    const unlock = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: `/apis/ElsAccountService/unlockAccount/${buyer1.elsSubaccountInfoDTO.id}`,
        headers,
      });
    const supplierAdmin = await login(server, '200002', 'admin');
    expect((await unlock(supplierAdmin.headers)).json().code).toBe('404');
    expect((await unlock(buyer1.headers)).json().code).toBe('403');
    const buyerAdmin = await login(server, '100000', 'admin');
    expect((await unlock(buyerAdmin.headers)).json().code).toBe('200');
    expect((await as(DEMO_PASSWORD)).json().code).toBe('200');
  });
});

describe('captcha for accounts that do not exist', () => {
  it('asks for a captcha after 3 failures exactly as for a real account, so it reveals nothing', async () => {
    const ghost = (extra: Record<string, string> = {}) =>
      server.app.inject({
        method: 'POST',
        url: '/apis/ElsAuthService/login',
        headers: { lang: 'en' },
        payload: {
          elsAccount: '300999',
          elsSubAccount: 'nobody',
          password: server.cipher.encrypt('Wrong@1'),
          ...extra,
        },
      });
    expect((await ghost()).json().data).toBeNull();
    expect((await ghost()).json().data).toBeNull();
    expect((await ghost()).json()).toMatchObject({ code: '400', data: { captchaRequired: true } });
    expect((await ghost()).json().message).toBe('Please enter the captcha');
    const c = await createCaptcha(server.database.db, 'ZXCV');
    const withCaptcha = await ghost({ captchaId: c.captchaId, captchaCode: 'ZXCV' });
    expect(withCaptcha.json()).toMatchObject({
      code: '400',
      message: 'Wrong account, sub-account or password',
    });
  });
});
