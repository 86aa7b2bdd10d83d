// @postgres: flow:register — invitation codes, supplier registration and the password reset by SMS
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Session = Awaited<ReturnType<typeof login>>;
const post = (url: string, session: Session | null, payload: unknown, lang = 'en') =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...(session?.headers ?? {}), lang },
    payload: payload as object,
  });

async function smsCode(mobile: string, purpose: 'register' | 'resetPassword'): Promise<string> {
  expect((await post('/apis/ElsAccountService/sendNoteCode', null, { mobile, purpose })).json().code).toBe(
    '200',
  );
  const admin = await login(server, '100000', 'admin');
  const content: string = (await post('/apis/SmsOutboxService/findPageList', admin, { mobile })).json().data
    .records[0].content;
  return /验证码是 (\d{4})/.exec(content)![1];
}

describe('invitation codes and supplier registration', () => {
  it('lets only a buyer admin read the codes, as only one may create them (issue #32)', async () => {
    const admin = await login(server, '100000', 'admin');
    expect((await post('/apis/InvitationCodeService/create', admin, { count: 1 })).json().code).toBe('200');
    const buyer = await login(server, '100000', 'buyer1');
    for (const url of ['/apis/InvitationCodeService/findPageList', '/apis/InvitationCodeService/create']) {
      const res = await post(url, buyer, {}, 'zh_cn');
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: '403', data: null });
    }
    // A supplier is refused before its body is read (a bad status would otherwise be a '400').
    const supplier = await login(server, '200001', 'admin');
    const bad = await post('/apis/InvitationCodeService/findPageList', supplier, { status: 'nonsense' });
    expect(bad.json().code).toBe('403');
    const list = await post('/apis/InvitationCodeService/findPageList', admin, {});
    expect(list.json().data.records.length).toBeGreaterThan(0);
  });

  it('a buyer admin invites; a supplier registers, is linked, and logs in', async () => {
    const admin = await login(server, '100000', 'admin');
    const created = (
      await post('/apis/InvitationCodeService/create', admin, { count: 2, validDays: 7 })
    ).json().data;
    expect(created).toHaveLength(2);
    expect(created[0].code).toMatch(/^[A-Z2-9]{8}$/);
    const code = await smsCode('13600000001', 'register');
    const body = {
      inviteCode: created[0].code,
      companyName: '杭州新锐机械有限公司',
      name: '赵磊先生',
      mobile: '13600000001',
      noteCode: code,
      password: server.cipher.encrypt('Supplier#2026'),
      agreement: true,
    };
    const res = await post('/apis/ElsAccountService/register', null, body);
    expect(res.json().code).toBe('200');
    const { elsAccount, elsSubAccount } = res.json().data;
    expect(elsAccount).toMatch(/^2\d{5}$/);
    const session = await login(server, elsAccount, elsSubAccount, 'Supplier#2026');
    expect(session.elsSubaccountInfoDTO).toMatchObject({ station: 'sale', actingElsAccount: '100000' });
    const list = (await post('/apis/InvitationCodeService/findPageList', admin, { status: 'used' })).json()
      .data;
    expect(list.records[0]).toMatchObject({ code: created[0].code, usedByElsAccount: elsAccount });
    // The buyer can now address the new supplier.
    const notice = await post('/apis/ElsNoticeService/save', admin, {
      title: '欢迎新供应商',
      content: '欢迎加入',
      noticeStartTime: new Date().toISOString(),
      noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      receivers: [elsAccount],
    });
    expect(notice.json().code).toBe('200');
    // A used code does not work twice.
    const again = await post('/apis/ElsAccountService/register', null, {
      ...body,
      companyName: '另一家公司名称',
      mobile: '13600000002',
      noteCode: await smsCode('13600000002', 'register'),
    });
    expect(again.json().message).toBe('The invitation code is invalid, used or expired');
  });

  it('enforces the registration rules of seed 001 §5 and changes nothing when one fails', async () => {
    const admin = await login(server, '100000', 'admin');
    const [invite] = (await post('/apis/InvitationCodeService/create', admin, {})).json().data;
    const base = {
      inviteCode: invite.code,
      companyName: '宁海测试有限公司',
      name: '测试人员',
      mobile: '13600000003',
      noteCode: '0000',
      password: server.cipher.encrypt('Supplier#2026'),
      agreement: true,
    };
    expect(
      (await post('/apis/ElsAccountService/register', null, { ...base, agreement: false })).json().message,
    ).toBe('Please read and accept the agreement first');
    expect(
      (
        await post('/apis/ElsAccountService/register', null, {
          ...base,
          password: server.cipher.encrypt('supplier2026'),
        })
      ).json().message,
    ).toMatch(/at least 8 characters/);
    expect(
      (await post('/apis/ElsAccountService/register', null, { ...base, companyName: 'AB' })).json().message,
    ).toContain('body.companyName');
    expect((await post('/apis/ElsAccountService/register', null, base)).json().code).toBe('400');
    const unused = (
      await post('/apis/InvitationCodeService/findPageList', admin, { status: 'unused' })
    ).json().data;
    expect(unused.records.map((r: { code: string }) => r.code)).toContain(invite.code);
  });

  it('keeps invitation codes to buyer admins and to their company', async () => {
    const supplier = await login(server, '200001', 'admin');
    expect((await post('/apis/InvitationCodeService/create', supplier, {})).json().code).toBe('403');
    const buyer1 = await login(server, '100000', 'buyer1');
    expect((await post('/apis/InvitationCodeService/create', buyer1, {})).json().code).toBe('403');
    // Nor may a supplier read any (issue #32: reading needs what creating needs).
    expect((await post('/apis/InvitationCodeService/findPageList', supplier, {})).json().code).toBe('403');
  });
});

describe('password reset by SMS', () => {
  it('resets with the right account, mobile and code, and ends sessions', async () => {
    const before = await login(server, '100000', 'buyer1');
    const code = await smsCode('13800000002', 'resetPassword');
    const mismatch = await post('/apis/ElsAccountService/resetPassword', null, {
      elsAccount: '100000',
      elsSubAccount: 'admin',
      mobile: '13800000002',
      noteCode: code,
      newPassword: server.cipher.encrypt('Reset2026'),
    });
    expect(mismatch.json().message).toBe('The account and the mobile number do not match');
    const weak = await post('/apis/ElsAccountService/resetPassword', null, {
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
      mobile: '13800000002',
      noteCode: code,
      newPassword: server.cipher.encrypt('12345'),
    });
    expect(weak.json().code).toBe('400');
    const res = await post('/apis/ElsAccountService/resetPassword', null, {
      elsAccount: '100000',
      elsSubAccount: 'buyer1',
      mobile: '13800000002',
      noteCode: code,
      newPassword: server.cipher.encrypt('Reset2026'),
    });
    expect(res.json().code).toBe('200');
    const menu = await server.app.inject({
      method: 'GET',
      url: '/apis/user/getMenu',
      headers: before.headers,
    });
    expect(menu.json().code).toBe('401');
    await expect(login(server, '100000', 'buyer1', DEMO_PASSWORD)).rejects.toThrow();
    await login(server, '100000', 'buyer1', 'Reset2026');
  });
});
