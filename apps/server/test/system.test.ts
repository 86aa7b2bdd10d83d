// @postgres: flow:system — system settings, personal table configs with optimistic locking, dictionaries and uploads
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Session = Awaited<ReturnType<typeof login>>;
const post = (url: string, session: Session | null, payload: unknown, lang = 'zh_cn') =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...(session?.headers ?? {}), lang },
    payload: payload as object,
  });

/** The smallest valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----srmtestboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('SystemSettingService', () => {
  it('a buyer admin saves login-page settings; the login page reads them without a token', async () => {
    const admin = await login(server, '100000', 'admin');
    const saved = await post('/apis/SystemSettingService/save', admin, {
      setGroupCode: 'LoginPage_Group',
      rows: [
        { setCode: 'LoginPage_SystemTitle', setValue: '华东精密供应商门户' },
        { setCode: 'LoginPage_SystemLogo', setValue: 'https://cdn.example.com/logo.png' },
      ],
    });
    expect(saved.json().code).toBe('200');
    const publicRead = await post('/apis/SystemSettingService/findListByLoginEls', null, {
      setGroupCode: 'LoginPage_Group',
    });
    expect(publicRead.json().data).toEqual(
      expect.arrayContaining([
        { setGroupCode: 'LoginPage_Group', setCode: 'LoginPage_SystemTitle', setValue: '华东精密供应商门户' },
      ]),
    );
    const named = await post('/apis/SystemSettingService/findListByLoginEls', null, {
      elsAccount: '200001',
      setGroupCode: 'LoginPage_Group',
    });
    expect(named.json().data).toEqual([]);
  });

  it('keeps other groups private on the public call', async () => {
    const res = await post('/apis/SystemSettingService/findListByLoginEls', null, {
      setGroupCode: 'IndexPage_Group',
    });
    expect(res.json().code).toBe('400');
  });

  it('home switches: a supplier acting as its buyer reads the buyer rows', async () => {
    const admin = await login(server, '100000', 'admin');
    await post('/apis/SystemSettingService/save', admin, {
      setGroupCode: 'IndexPage_Group',
      rows: [{ setCode: 'IndexPage_Enquiry', setValue: '0' }],
    });
    const buyerRows = [{ setGroupCode: 'IndexPage_Group', setCode: 'IndexPage_Enquiry', setValue: '0' }];
    const read = async (session: Awaited<ReturnType<typeof login>>) =>
      (await post('/apis/SystemSettingService/findList', session, { setGroupCode: 'IndexPage_Group' })).json()
        .data;
    // 200003 works for 100000 alone: it acts as 100000 (spec 000 §4).
    expect(await read(await login(server, '200003', 'admin'))).toEqual(buyerRows);
    // 200001 works for 100000 and 100002 (issue #16): its own (none, the defaults) until it chooses a
    // buyer in its inbox, then that buyer's.
    const supplier = await login(server, '200001', 'admin');
    expect(await read(supplier)).toEqual([]);
    await post('/apis/ElsAccountService/saveInbox', supplier, { elsAccount: '100000' });
    expect(await read(supplier)).toEqual(buyerRows);
    await post('/apis/ElsAccountService/saveInbox', supplier, { elsAccount: null });
  });

  it('refuses unknown codes, bad values, suppliers and non-admins', async () => {
    const admin = await login(server, '100000', 'admin');
    const badCode = await post(
      '/apis/SystemSettingService/save',
      admin,
      { setGroupCode: 'IndexPage_Group', rows: [{ setCode: 'IndexPage_Nope', setValue: '1' }] },
      'en',
    );
    expect(badCode.json().message).toContain('body.rows.0.setCode must be one of');
    const badValue = await post('/apis/SystemSettingService/save', admin, {
      setGroupCode: 'IndexPage_Group',
      rows: [{ setCode: 'IndexPage_Order', setValue: 'yes' }],
    });
    expect(badValue.json().code).toBe('400');
    const buyer1 = await login(server, '100000', 'buyer1');
    const rows = [{ setCode: 'IndexPage_Order', setValue: '0' }];
    expect(
      (
        await post('/apis/SystemSettingService/save', buyer1, { setGroupCode: 'IndexPage_Group', rows })
      ).json().code,
    ).toBe('403');
    const supplier = await login(server, '200001', 'admin');
    expect(
      (
        await post('/apis/SystemSettingService/save', supplier, { setGroupCode: 'IndexPage_Group', rows })
      ).json().code,
    ).toBe('403');
  });
});

describe('ElsLayoutConfigService', () => {
  it('saves and reads a personal table config with optimistic locking', async () => {
    const me = await login(server, '100000', 'buyer1');
    const key = { elsAccount: '100000', elsSubAccount: 'buyer1', configType: 'messageList' };
    const first = await post('/apis/ElsLayoutConfigService/save', me, {
      ...key,
      configJson: { hidden: ['senderName'] },
    });
    expect(first.json().data).toMatchObject({ version: 0, configJson: { hidden: ['senderName'] } });
    const stale = await post('/apis/ElsLayoutConfigService/save', me, {
      ...key,
      configJson: { hidden: [] },
      version: 3,
    });
    expect(stale.json().code).toBe('409');
    const second = await post('/apis/ElsLayoutConfigService/save', me, {
      ...key,
      configJson: { hidden: [] },
      version: 0,
    });
    expect(second.json().data.version).toBe(1);
    const read = await post('/apis/ElsLayoutConfigService/findPageList', me, {
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
    });
    expect(read.json().data).toHaveLength(1);
    expect(read.json().data[0].configJson).toEqual({ hidden: [] });
  });

  it("never reads or writes another user's rows", async () => {
    const other = await login(server, '200001', 'admin');
    const read = await post('/apis/ElsLayoutConfigService/findPageList', other, {
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
    });
    expect(read.json().code).toBe('403');
    const write = await post('/apis/ElsLayoutConfigService/save', other, {
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
      configType: 'messageList',
      configJson: {},
    });
    expect(write.json().code).toBe('403');
    const huge = await post('/apis/ElsLayoutConfigService/save', other, {
      elsAccount: '200001',
      elsSubAccount: 'admin',
      configType: 'x',
      configJson: { a: 'x'.repeat(70_000) },
    });
    expect(huge.json().code).toBe('400');
  });
});

describe('dictionaries and QR code', () => {
  it('serves every dictionary in both languages', async () => {
    const me = await login(server, '100000', 'buyer1');
    const res = await server.app.inject({
      method: 'GET',
      url: '/apis/DictService/findAll',
      headers: me.headers,
    });
    const data = res.json().data;
    expect(data.payType['2']).toEqual({ zh_cn: '银行卡', en: 'Bank card' });
    expect(Object.keys(data.orderType)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(data.orderStatus.INIT.en).toBe('Pending payment');
  });

  it('returns a real PNG QR code for the caller', async () => {
    const me = await login(server, '100000', 'buyer1');
    const res = await server.app.inject({
      method: 'GET',
      url: '/apis/ElsAccountService/getPrCode',
      headers: me.headers,
    });
    const { data, url } = res.json().data;
    expect(url).toContain('elsAccount=100000');
    const png = Buffer.from(data.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});

describe('ElsAttachmentService', () => {
  it('uploads a picture and serves it back; public files need no token', async () => {
    const admin = await login(server, '100000', 'admin');
    const body = multipart('logo.png', PNG, 'image/png');
    const up = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload?kind=image&isPublic=Y',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.json().code).toBe('200');
    const { filePath, contentType, size } = up.json().data;
    expect(contentType).toBe('image/png');
    expect(size).toBe(PNG.length);
    const down = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`,
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps private files to the owning company', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const body = multipart('drawing.pdf', Buffer.from('%PDF-1.4\n% test\n'));
    const up = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload',
      headers: { ...buyer.headers, ...body.headers },
      payload: body.payload,
    });
    const { filePath } = up.json().data;
    const url = `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`;
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const supplier = await login(server, '200001', 'admin');
    expect((await server.app.inject({ method: 'GET', url, headers: supplier.headers })).statusCode).toBe(404);
    const own = await server.app.inject({ method: 'GET', url, headers: buyer.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('drawing.pdf');
    // The live session decides, not the token's signature (issue #18): after logout the same token,
    // in the header or the cookie, downloads nothing.
    const out = await server.app.inject({ method: 'GET', url: '/apis/user/logout', headers: buyer.headers });
    expect(out.json().code).toBe('200');
    expect((await server.app.inject({ method: 'GET', url, headers: buyer.headers })).statusCode).toBe(404);
    const cookie = await server.app.inject({ method: 'GET', url, cookies: { token: buyer.headers.token } });
    expect(cookie.statusCode).toBe(404);
  });

  it('checks the bytes, not the declared type, and the size', async () => {
    const admin = await login(server, '100000', 'admin');
    const fake = multipart('logo.png', Buffer.from('<svg onload=alert(1)>'), 'image/png');
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload?kind=image',
      headers: { ...admin.headers, ...fake.headers, lang: 'en' },
      payload: fake.payload,
    });
    expect(res.json()).toMatchObject({ code: '400', message: 'Only JPG or PNG pictures can be uploaded' });
    const pdfAsImage = multipart('a.png', Buffer.from('%PDF-1.4\n'));
    const res2 = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload?kind=image',
      headers: { ...admin.headers, ...pdfAsImage.headers },
      payload: pdfAsImage.payload,
    });
    expect(res2.json().code).toBe('400');
    const big = multipart('big.png', Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]));
    const res3 = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload?kind=image',
      headers: { ...admin.headers, ...big.headers },
      payload: big.payload,
    });
    expect(res3.statusCode).toBeLessThan(500);
    expect(res3.json().code).toBe('400');
  });

  it('lets only buyer admins publish public files', async () => {
    const supplier = await login(server, '200001', 'admin');
    const body = multipart('logo.png', PNG);
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload?kind=image&isPublic=Y',
      headers: { ...supplier.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.json().code).toBe('403');
  });
});

describe('tenant language files', () => {
  it("serves the tenant's overrides, falls back to the default tenant, and ignores broken files", async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = (tenant: string) => {
      const d = join(server.config.DATA_DIR, 'i18n', tenant);
      mkdirSync(d, { recursive: true });
      return d;
    };
    writeFileSync(join(dir('default'), 'en.json'), JSON.stringify({ login: { title: 'Default Portal' } }));
    writeFileSync(
      join(dir('100000'), 'en.json'),
      JSON.stringify({ login: { title: 'Huadong Supplier Portal' } }),
    );
    writeFileSync(join(dir('100000'), 'zh_cn.json'), '{ broken');
    const own = await server.app.inject({ method: 'GET', url: '/apis/i18n/100000/en' });
    expect(own.json().data).toEqual({
      tenant: '100000',
      overrides: { login: { title: 'Huadong Supplier Portal' } },
    });
    const fallback = await server.app.inject({ method: 'GET', url: '/apis/i18n/200001/en' });
    expect(fallback.json().data.tenant).toBe('default');
    const broken = await server.app.inject({ method: 'GET', url: '/apis/i18n/100000/zh_cn' });
    expect(broken.json().data).toEqual({ tenant: null, overrides: {} });
    const bad = await server.app.inject({ method: 'GET', url: '/apis/i18n/..%2F..%2Fetc/en' });
    expect(bad.json().code).toBe('400');
  });
});
