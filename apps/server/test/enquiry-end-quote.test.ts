import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Ending an RFQ's quoting early (issue #33 "let the buyer close quoting early … once every invited supplier
 * has quoted or declined"), whatever "open early once all have answered" says: refused ('400' naming the
 * rule, nothing changed) while a supplier has not answered; with no approval steps it ends at once (quoted,
 * comparison open, buyer told); with steps for "enquiry quote end" it waits, quoting goes on, and the last
 * approval ends it.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
let materialId = '';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  [{ id: materialId }] = await server.database.db
    .select()
    .from(material)
    .where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

/** A published RFQ (no early opening) of one line to three suppliers; 200001 quoted, 200003 declined. */
async function halfAnswered() {
  const saved = await post(`${P}/save`, s.buyer, {
    enquiryDesc: '提前截止测试',
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    openOnAllQuoted: '0',
    lines: [
      { materialId, quantity: '100', deliveryDate: '2027-01-31', suppliers: ['200001', '200003', '200004'] },
    ],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
  const page = (await get(`${S}/findQuote/${row.id}`, s['200001'])).json().data;
  const quoted = await post(`${S}/quote/${row.id}`, s['200001'], {
    lines: [{ itemId: page.lines[0].itemId, priceExcludingTax: '9.5' }],
  });
  expect(quoted.json().code, quoted.json().message).toBe('200');
  const declined = await post(`${S}/decline/${row.id}`, s['200003'], { reason: '产能不足' });
  expect(declined.json().code, declined.json().message).toBe('200');
  return row.id as string;
}
const record = async (id: string) => (await get(`${P}/findDetail/${id}`, s.buyer)).json().data.record;
const decline4 = (id: string) => post(`${S}/decline/${id}`, s['200004'], { reason: '不报价' });

describe('ending quoting early (issue #33)', () => {
  it('refuses while a supplier has not answered, then ends quoting at once when all have', async () => {
    const id = await halfAnswered();
    const early = await post(`${P}/endQuote/${id}`, s.buyer, { version: (await record(id)).version });
    expect(early.json().code).toBe('400');
    expect(early.json().message).toContain('every invited supplier of the round has quoted or declined');
    expect(await record(id)).toMatchObject({ enquiryStatus: '1' });
    expect((await decline4(id)).json().code).toBe('200');
    // "Open early once all have answered" was not chosen: still quoting.
    expect(await record(id)).toMatchObject({ enquiryStatus: '1' });
    const ended = await post(`${P}/endQuote/${id}`, s.buyer, { version: (await record(id)).version });
    expect(ended.json().code, ended.json().message).toBe('200');
    expect(await record(id)).toMatchObject({ enquiryStatus: '2' });
    const comparison = (await get(`${P}/findComparison/${id}`, s.buyer)).json();
    expect(comparison.code, comparison.message).toBe('200');
    const told = await server.database.db
      .select({ title: sysMsg.msgTitle })
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, id), eq(sysMsg.elsSubAccount, 'buyer1')));
    expect(told.map((m) => m.title)).toContain(`报价已截止：询价单 ${(await record(id)).enquiryNumber}`);
  });

  it('waits for the "enquiry quote end" approval when configured, and the last approval ends quoting', async () => {
    const current = (await get('/apis/CommonAuditService/findConfig/enquiryQuoteEnd', s.admin)).json().data;
    const config = await post('/apis/CommonAuditService/saveConfig', s.admin, {
      version: current?.version,
      documentKind: 'enquiryQuoteEnd',
      steps: [{ name: '提前截止审批', approverType: 'user', approvers: ['admin'] }],
    });
    expect(config.json().code, config.json().message).toBe('200');
    const id = await halfAnswered();
    expect((await decline4(id)).json().code).toBe('200');
    const asked = await post(`${P}/endQuote/${id}`, s.buyer, { version: (await record(id)).version });
    expect(asked.json().code, asked.json().message).toBe('200');
    expect(await record(id)).toMatchObject({ enquiryStatus: '1', quoteEndAuditStatus: '1' });
    const list = (
      await post('/apis/CommonAuditService/todoPagelist', s.admin, { currentPage: 1, pageSize: 50 })
    ).json().data.records as Array<{ id: string; documentId: string; documentKind: string; link: string }>;
    const task = list.find((t) => t.documentId === id && t.documentKind === 'enquiryQuoteEnd');
    expect(task?.link).toBe(`/rfq/#/v2/detail?id=${id}&taskId=${task?.id}`);
    const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, s.admin, {});
    expect(approved.json().code, approved.json().message).toBe('200');
    expect(await record(id)).toMatchObject({ enquiryStatus: '2', quoteEndAuditStatus: '2' });
  });
});
