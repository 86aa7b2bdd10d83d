// @postgres: flow:home, flow:sms, database-url — home figures and SMS login; with DATABASE_URL the SMS resend throttle counts in PostgreSQL
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
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  session: Session | null,
  payload?: unknown,
  lang = 'zh_cn',
) =>
  server.app.inject({
    method,
    url,
    headers: { ...(session?.headers ?? {}), lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The latest code the outbox holds for a mobile number, read as the admin page does. */
async function codeFromOutbox(mobile: string): Promise<string> {
  const admin = await login(server, '100000', 'admin');
  const res = await call('POST', '/apis/SmsOutboxService/findPageList', admin, { mobile });
  const content: string = res.json().data.records[0].content;
  return /验证码是 (\d{4})/.exec(content)![1];
}

describe('home portal figures', () => {
  it('answer the finance figures waiting for each side (issue #15), and the supplier’s RFQs', async () => {
    const supplier = await login(server, '200001', 'admin');
    const buyer = await login(server, '100000', 'buyer1');
    const figures = async (session: typeof supplier) =>
      (await call('GET', '/apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics', session)).json()
        .data;
    // The demo world leaves a statement, an invoice and a fee sheet waiting for each side (seed/demo-finance.ts).
    for (const finance of [await figures(supplier), await figures(buyer)]) {
      expect(finance.available).toBe(true);
      expect(finance.counts.reconToBeConfirmed).toBeGreaterThan(0);
      expect(finance.counts.costToBeConfirmed).toBeGreaterThan(0);
      expect(finance.counts.invoiceToBeConfirmed).toBeGreaterThan(0);
    }
    const enquiries = await call('POST', '/apis/inquiry/SaleEnquiryService/findPageList', supplier, {
      pageSize: 20,
    });
    // The supplier's RFQ list is the enquiry kind's (issue #13): the demo RFQs 200001 is invited to.
    expect(enquiries.json().data).toMatchObject({ pageSize: 20, totalExact: true });
    expect(enquiries.json().data.total).toBeGreaterThan(0);
  });

  it('answer order counts and to-dos from the real tables', async () => {
    const supplier = await login(server, '200001', 'admin');
    for (const method of ['GET', 'POST'] as const) {
      const data = (
        await call(
          method,
          '/apis/order/SaleOrderService/findConfirmCount',
          supplier,
          method === 'POST' ? {} : undefined,
        )
      ).json().data;
      expect(data.available).toBe(true);
      expect(Object.keys(data.counts).sort()).toEqual([
        'changeToBeConfirmed',
        'partialConfirmed',
        'refused',
        'toBeConfirmed',
      ]);
    }
    const todo = (await call('GET', '/apis/ElsTodoService/selectTodoList', supplier)).json().data;
    expect(todo).toEqual({ available: true, records: [], total: 0 });
  });
});

describe('hazardous-substance report', () => {
  it('counts and lists the buyer declarations by expiry', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const summary = (
      await call('GET', '/apis/order/PurchaseHazardousSubstanceService/getOverdueReport', buyer)
    ).json().data;
    expect(summary).toEqual({ expired: 2, expiring: 1, valid: 1, total: 4 });
    const expired = (
      await call('POST', '/apis/order/PurchaseHazardousSubstanceService/getOverdueReportList', buyer, {
        status: 'expired',
      })
    ).json().data;
    expect(expired.total).toBe(2);
    expect(expired.records.map((r: { materialNumber: string }) => r.materialNumber)).toEqual([
      'M-10001',
      'M-10002',
    ]);
    const search = (
      await call('POST', '/apis/order/PurchaseHazardousSubstanceService/getOverdueReportList', buyer, {
        keyword: '纸箱',
      })
    ).json().data;
    expect(search.records).toHaveLength(1);
    expect(search.records[0].status).toBe('expiring');
  });

  it('shows a supplier only its own declarations', async () => {
    const supplier = await login(server, '200002', 'admin');
    const list = (
      await call('POST', '/apis/order/PurchaseHazardousSubstanceService/getOverdueReportList', supplier, {})
    ).json().data;
    expect(list.total).toBe(2);
    expect(list.records.every((r: { toElsAccount: string }) => r.toElsAccount === '200002')).toBe(true);
  });

  it('rejects a bad status filter', async () => {
    const buyer = await login(server, '100000', 'buyer1');
    const res = await call(
      'POST',
      '/apis/order/PurchaseHazardousSubstanceService/getOverdueReportList',
      buyer,
      { status: 'old' },
      'en',
    );
    expect(res.json().message).toContain('body.status');
  });
});

describe('SMS codes and SMS login', () => {
  it('sends a 4-digit code to the outbox and logs in with it once', async () => {
    const sent = await call('POST', '/apis/ElsAccountService/sendNoteCode', null, {
      mobile: '13900000001',
      purpose: 'login',
    });
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60, validMinutes: 10 });
    const code = await codeFromOutbox('13900000001');
    expect(code).toMatch(/^\d{4}$/);
    const check = await call(
      'PUT',
      `/apis/ElsAccountService/validateNoteCode?channelMsg=13900000001&noteCode=${code}`,
      null,
      {},
    );
    expect(check.json().data).toEqual({ valid: true });
    const res = await call('POST', '/apis/ElsAuthService/loginBySms', null, {
      mobile: '13900000001',
      noteCode: code,
    });
    expect(res.json().data.elsSubaccountInfoDTO).toMatchObject({
      elsAccount: '200001',
      elsSubAccount: 'admin',
    });
    const again = await call('POST', '/apis/ElsAuthService/loginBySms', null, {
      mobile: '13900000001',
      noteCode: code,
    });
    expect(again.json().code).toBe('400');
  });

  it('refuses a resend within 60 s, a wrong code, and a malformed number', async () => {
    const first = await call('POST', '/apis/ElsAccountService/sendNoteCode', null, {
      mobile: '13800000002',
      purpose: 'login',
    });
    expect(first.json().code).toBe('200');
    const resend = await call('POST', '/apis/ElsAccountService/sendNoteCode', null, {
      mobile: '13800000002',
      purpose: 'login',
    });
    expect(resend.json().code).toBe('429');
    const code = await codeFromOutbox('13800000002');
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const bad = await call(
      'POST',
      '/apis/ElsAuthService/loginBySms',
      null,
      { mobile: '13800000002', noteCode: wrong },
      'en',
    );
    expect(bad.json()).toMatchObject({ code: '400', message: 'Verification code error' });
    const malformed = await call(
      'POST',
      '/apis/ElsAccountService/sendNoteCode',
      null,
      { mobile: '2380000', purpose: 'login' },
      'en',
    );
    expect(malformed.json().message).toContain('body.mobile');
  });

  it('does not reveal whether a number belongs to a user', async () => {
    const unknown = await call('POST', '/apis/ElsAccountService/sendNoteCode', null, {
      mobile: '13700000000',
      purpose: 'login',
    });
    expect(unknown.json().code).toBe('200');
    const admin = await login(server, '100000', 'admin');
    const outbox = await call('POST', '/apis/SmsOutboxService/findPageList', admin, {
      mobile: '13700000000',
    });
    expect(outbox.json().data.total).toBe(0);
  });

  it('keeps the outbox to the platform administrator', async () => {
    const supplier = await login(server, '200001', 'admin');
    expect((await call('POST', '/apis/SmsOutboxService/findPageList', supplier, {})).json().code).toBe('403');
    const buyer1 = await login(server, '100000', 'buyer1');
    expect((await call('POST', '/apis/SmsOutboxService/findPageList', buyer1, {})).json().code).toBe('403');
  });
});
