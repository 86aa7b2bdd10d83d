import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material, priceMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The RFQ award under its own approval (issue #13 "award approval (task type "enquiry end", link
 * /rfq/#/v2/detail)"; platform/document/action-approval.ts): with steps configured an award writes nothing
 * and waits; the approver sees the proposed shares on the comparison; the last approval writes the prices
 * and order drafts as the buyer who asked; a rejection leaves the RFQ awardable again; a withdrawal cancels
 * the tasks. Without steps the award runs at once (enquiry.test.ts).
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
let materials: Array<{ id: string }>;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
  const current = (await get('/apis/CommonAuditService/findConfig/enquiryEnd', s.admin)).json().data;
  const saved = await post('/apis/CommonAuditService/saveConfig', s.admin, {
    version: current?.version,
    documentKind: 'enquiryEnd',
    steps: [{ name: '定标审批', approverType: 'user', approvers: ['admin'] }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
});
afterAll(async () => {
  await server?.close();
});

/** A published RFQ of one line to three suppliers, quoted by 200001 (9.5) and 200003 (9.8), now ended. */
async function quotedRfq() {
  const saved = await post(`${P}/save`, s.buyer, {
    enquiryDesc: '定标审批测试',
    quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    priceValidDate: '2027-12-31',
    lines: [
      {
        materialId: materials[2].id,
        quantity: '500',
        deliveryDate: '2027-01-31',
        suppliers: ['200001', '200003', '200004'],
      },
    ],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
  for (const [account, price] of [
    ['200001', '9.5'],
    ['200003', '9.8'],
  ]) {
    const page = (await get(`${S}/findQuote/${row.id}`, s[account])).json().data;
    const res = await post(`${S}/quote/${row.id}`, s[account], {
      lines: [{ itemId: page.lines[0].itemId, priceExcludingTax: price }],
    });
    expect(res.json().code, res.json().message).toBe('200');
  }
  await server.database.db
    .update(enquiry)
    .set({ quoteEndTime: new Date(Date.now() - 60_000) })
    .where(eq(enquiry.id, row.id));
  const comparison = fullComparison((await get(`${P}/findComparison/${row.id}`, s.buyer)).json()).data;
  return { id: row.id as string, number: row.enquiryNumber as string, comparison };
}

const splitBody = (comparison: { record: { version: number }; lines: Array<{ itemId: string }> }) => ({
  version: comparison.record.version,
  remark: '按报价排名 70/30',
  lines: [
    {
      itemId: comparison.lines[0].itemId,
      awards: [
        { toElsAccount: '200001', quota: '70' },
        { toElsAccount: '200003', quota: '30' },
      ],
    },
  ],
});

const pricesOf = (toElsAccount: string) =>
  server.database.db
    .select()
    .from(priceMaster)
    .where(
      and(
        eq(priceMaster.elsAccount, '100000'),
        eq(priceMaster.materialId, materials[2].id),
        eq(priceMaster.toElsAccount, toElsAccount),
      ),
    );

async function pendingTask(id: string) {
  const list = (
    await post('/apis/CommonAuditService/todoPagelist', s.admin, { currentPage: 1, pageSize: 50 })
  ).json().data.records as Array<{ id: string; documentId: string; documentKind: string; link: string }>;
  return list.find((t) => t.documentId === id && t.documentKind === 'enquiryEnd');
}

describe('RFQ award approval ("enquiry end")', () => {
  it('waits for the approval, shows the proposal, then writes prices and orders as the buyer who asked', async () => {
    const rfq = await quotedRfq();
    const before = (await pricesOf('200003')).length;
    const asked = await post(`${P}/award/${rfq.id}`, s.buyer, splitBody(rfq.comparison));
    expect(asked.json().code, asked.json().message).toBe('200');
    expect(asked.json().data).toMatchObject({ pending: true, orders: [], prices: 0 });
    expect(asked.json().data.record).toMatchObject({ enquiryStatus: '2', awardAuditStatus: '1' });
    expect(await pricesOf('200003')).toHaveLength(before);
    // Nothing told to the suppliers yet.
    const early = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, rfq.id), eq(sysMsg.elsAccount, '200001')));
    expect(early.map((m) => m.msgTitle).join()).not.toContain('中标');
    // A second award while the first waits is refused, naming the award approval status.
    const again = await post(`${P}/award/${rfq.id}`, s.buyer, {
      ...splitBody(rfq.comparison),
      version: asked.json().data.record.version,
    });
    expect(again.json().code).toBe('400');
    expect(again.json().message).toMatch(/Award approval is “Award under approval”/);

    // The approver's page: the task opens the RFQ's detail; the comparison carries the proposal.
    const task = await pendingTask(rfq.id);
    expect(task?.link).toBe(`/rfq/#/v2/detail?id=${rfq.id}&taskId=${task?.id}`);
    const seen = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.admin)).json()).data;
    expect(seen.pendingAward).toMatchObject({ remark: '按报价排名 70/30', requestedBy: '100000_buyer1' });
    expect(seen.pendingAward.lines[0].awards).toEqual(splitBody(rfq.comparison).lines[0].awards);
    const told = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, rfq.id), eq(sysMsg.elsSubAccount, 'admin')));
    expect(told.map((m) => m.msgTitle)).toContain(`待审批：询价定标 ${rfq.number}`);

    const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, s.admin, {});
    expect(approved.json().code, approved.json().message).toBe('200');
    const detail = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data;
    expect(detail.record).toMatchObject({ enquiryStatus: '3', awardAuditStatus: '2' });
    const actions = detail.trail.map((t: { action: string }) => t.action);
    expect(actions).toEqual(expect.arrayContaining(['awardSubmit', 'awardApprove', 'award']));
    // The award itself is recorded as the buyer who asked, the approval as the approver.
    const awardRow = detail.trail.find((t: { action: string }) => t.action === 'award');
    expect(awardRow.createUser).toBe('100000_buyer1');
    expect(detail.trail.find((t: { action: string }) => t.action === 'awardApprove').createUser).toBe(
      '100000_admin',
    );
    const p1 = await pricesOf('200001');
    expect(p1.find((p) => p.quota === '70.00')?.priceExcludingTax).toBe('9.500000');
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200003'])).json().data;
    expect(page.lines[0]).toMatchObject({ quoteStatus: '5', quota: '30.00' });
    const buyerTold = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, rfq.id), eq(sysMsg.elsSubAccount, 'buyer1')));
    expect(buyerTold.map((m) => m.msgTitle)).toContain(`审批通过：询价定标 ${rfq.number}`);
  });

  it('a rejection writes nothing and leaves the RFQ awardable; a withdrawal cancels the tasks', async () => {
    const rfq = await quotedRfq();
    const asked = (await post(`${P}/award/${rfq.id}`, s.buyer, splitBody(rfq.comparison))).json().data;
    const task = await pendingTask(rfq.id);
    const rejected = await post(`/apis/CommonAuditService/reject/${task?.id}`, s.admin, {
      remark: '配额需重新评估',
    });
    expect(rejected.json().code, rejected.json().message).toBe('200');
    let detail = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data;
    expect(detail.record).toMatchObject({ enquiryStatus: '2', awardAuditStatus: '3' });
    expect(detail.trail.find((t: { action: string }) => t.action === 'awardReject').remark).toBe(
      '配额需重新评估',
    );
    expect(
      fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data.pendingAward,
    ).toBeNull();
    expect(detail.actions).toContain('award');

    // Asked again, then withdrawn by the buyer: the task is cancelled, nothing written.
    const second = await post(`${P}/award/${rfq.id}`, s.buyer, {
      ...splitBody(rfq.comparison),
      version: detail.record.version,
    });
    expect(second.json().data.pending).toBe(true);
    expect(asked.pending).toBe(true);
    const withdrawn = await post(`${P}/withdrawAward/${rfq.id}`, s.buyer, {
      version: second.json().data.record.version,
    });
    expect(withdrawn.json().code, withdrawn.json().message).toBe('200');
    detail = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data;
    expect(detail.record.awardAuditStatus).toBe('4');
    expect(await pendingTask(rfq.id)).toBeUndefined();
    expect(
      detail.tasks
        .filter((t: { documentKind: string }) => t.documentKind === 'enquiryEnd')
        .map((t: { status: string }) => t.status),
    ).toEqual(['rejected', 'cancelled']);
    expect(
      fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data.pendingAward,
    ).toBeNull();
    // 200004 did not quote: still nothing priced for anyone on this RFQ's material by this run.
    expect((await pricesOf('200004')).length).toBe(0);
  });
});
