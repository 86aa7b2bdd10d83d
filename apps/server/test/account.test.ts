// @postgres: flow:account — account detail, password changes that end other sessions and updates, on the real server version
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const detail = (id: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `/apis/ElsAccountService/findDetail/${id}`, headers });

describe('GET /apis/ElsAccountService/findDetail/{id}', () => {
  it('returns the caller own account detail', async () => {
    const me = await login(server, '100000', 'buyer1');
    const res = await detail(me.elsSubaccountInfoDTO.id, me.headers);
    expect(res.json().code).toBe('200');
    expect(res.json().data).toMatchObject({
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
      name: '李娜',
      station: 'purchase',
      roles: ['buyer'],
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
  });

  it('lets an admin read a colleague but not a normal user', async () => {
    const admin = await login(server, '100000', 'admin');
    const buyer = await login(server, '100000', 'buyer1');
    expect((await detail(buyer.elsSubaccountInfoDTO.id, admin.headers)).json().code).toBe('200');
    expect((await detail(admin.elsSubaccountInfoDTO.id, buyer.headers)).json().code).toBe('404');
  });

  it("never shows another company's account, not even to an admin", async () => {
    const buyerAdmin = await login(server, '100000', 'admin');
    const supplier = await login(server, '200001', 'admin');
    const res = await detail(buyerAdmin.elsSubaccountInfoDTO.id, supplier.headers);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('张明');
    const back = await detail(supplier.elsSubaccountInfoDTO.id, buyerAdmin.headers);
    expect(back.json().code).toBe('404');
  });

  it('rejects an id that is not a uuid with 400', async () => {
    const me = await login(server, '100000', 'buyer1');
    const res = await detail('1 or 1=1', me.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('params.id');
  });

  it('needs a token', async () => {
    const me = await login(server, '100000', 'buyer1');
    expect((await detail(me.elsSubaccountInfoDTO.id, {})).json().code).toBe('401');
  });
});

describe('PUT /apis/ElsAccountService/modifyPassword', () => {
  const modify = (headers: Record<string, string>, password: string, newPassword: string) =>
    server.app.inject({
      method: 'PUT',
      url: '/apis/ElsAccountService/modifyPassword',
      headers,
      query: { password: server.cipher.encrypt(password), newPassword: server.cipher.encrypt(newPassword) },
    });

  it('refuses a wrong current password, a weak new one and the same one', async () => {
    const me = await login(server, '200001', 'admin');
    const headers = { ...me.headers, lang: 'en' };
    expect((await modify(headers, 'Wrong@2026', 'Fresh2026')).json().message).toBe(
      'The current password is wrong',
    );
    expect((await modify(headers, DEMO_PASSWORD, '1abcdef')).json().message).toMatch(/Starts with a letter/);
    expect((await modify(headers, DEMO_PASSWORD, 'abcdefg')).json().code).toBe('400');
    expect((await modify(headers, DEMO_PASSWORD, DEMO_PASSWORD)).json().message).toMatch(/must differ/);
    const missing = await server.app.inject({
      method: 'PUT',
      url: '/apis/ElsAccountService/modifyPassword',
      headers,
    });
    expect(missing.json().code).toBe('400');
    expect(missing.json().message).toContain('querystring.password');
  });

  it('changes the password, ends other sessions, keeps this one', async () => {
    const other = await login(server, '200001', 'admin');
    const me = await login(server, '200001', 'admin');
    const res = await modify(me.headers, DEMO_PASSWORD, 'Changed2026');
    expect(res.json().code).toBe('200');
    const menuOther = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: other.headers,
    });
    expect(menuOther.json().code).toBe('401');
    const menuMe = await server.app.inject({ method: 'GET', url: '/apis/user/getMenu', headers: me.headers });
    expect(menuMe.json().code).toBe('200');
    await expect(login(server, '200001', 'admin')).rejects.toThrow();
    await login(server, '200001', 'admin', 'Changed2026');
    // Put it back for the other tests.
    expect((await modify(me.headers, 'Changed2026', DEMO_PASSWORD)).json().code).toBe('200');
  });
});

describe('POST /apis/ElsAccountService/forceModifyPassword', () => {
  const force = (headers: Record<string, string>, body: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/apis/ElsAccountService/forceModifyPassword',
      headers,
      payload: body,
    });

  it('enforces the rules of spec 000 §5 with their messages', async () => {
    const me = await login(server, '200002', 'admin');
    const enc = (s: string) => server.cipher.encrypt(s);
    const base = { elsAccount: '200002', elsSubAccount: 'admin' };
    const weak = await force(me.headers, {
      ...base,
      elsSubAccountPassword: enc('12345'),
      elsSubAccountPasswordValidate: enc('12345'),
    });
    expect(weak.json().message).toBe('字母开头，长度5-20，必须包含字母（区分大小写）、数字');
    const tooLong = await force(me.headers, {
      ...base,
      elsSubAccountPassword: enc('a1234567890123456789x'),
      elsSubAccountPasswordValidate: enc('a1234567890123456789x'),
    });
    expect(tooLong.json().code).toBe('400');
    const mismatch = await force(me.headers, {
      ...base,
      elsSubAccountPassword: enc('Secure2026'),
      elsSubAccountPasswordValidate: enc('Secure2027'),
    });
    expect(mismatch.json().message).toBe('两次输入密码不一致');
    const other = await force(me.headers, {
      elsAccount: '200001',
      elsSubAccount: 'admin',
      elsSubAccountPassword: enc('Secure2026'),
      elsSubAccountPasswordValidate: enc('Secure2026'),
    });
    expect(other.json().code).toBe('403');
    const missing = await force(me.headers, base);
    expect(missing.json().code).toBe('400');
  });

  it('changes the password and clears fbk10', async () => {
    const me = await login(server, '200002', 'admin');
    expect(me.elsSubaccountInfoDTO.fbk10).toBe('Y');
    const res = await force(me.headers, {
      elsAccount: '200002',
      elsSubAccount: 'admin',
      elsSubAccountPassword: server.cipher.encrypt('Supplier2026'),
      elsSubAccountPasswordValidate: server.cipher.encrypt('Supplier2026'),
    });
    expect(res.json()).toEqual({ code: '200', message: 'success', data: { code: '200' } });
    await expect(login(server, '200002', 'admin')).rejects.toThrow();
    const again = await login(server, '200002', 'admin', 'Supplier2026');
    expect(again.elsSubaccountInfoDTO.fbk10).toBe('N');
  });
});

describe('POST /apis/ElsAccountService/update', () => {
  it('updates the own email and validates it', async () => {
    const me = await login(server, '100000', 'buyer1');
    const bad = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAccountService/update',
      headers: { ...me.headers, lang: 'en' },
      payload: { elsAccount: '100000', elsSubAccount: 'buyer1', email: 'not-an-email' },
    });
    expect(bad.json().message).toContain('body.email has an invalid format');
    const okRes = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAccountService/update',
      headers: me.headers,
      payload: { elsAccount: '100000', elsSubAccount: 'buyer1', email: 'li.na@buyer.example' },
    });
    expect(okRes.json().code).toBe('200');
    const d = await detail(me.elsSubaccountInfoDTO.id, me.headers);
    expect(d.json().data.email).toBe('li.na@buyer.example');
  });

  it("cannot touch another user's account", async () => {
    const me = await login(server, '200001', 'admin');
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAccountService/update',
      headers: me.headers,
      payload: { elsAccount: '100000', elsSubAccount: 'admin', email: 'evil@example.com' },
    });
    expect(res.json().code).toBe('403');
    const admin = await login(server, '100000', 'admin');
    const d = await detail(admin.elsSubaccountInfoDTO.id, admin.headers);
    expect(d.json().data.email).toBe('zhang.ming@example.com');
  });
});
