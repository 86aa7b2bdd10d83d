// @postgres: flow:supplier-lifecycle — lifecycle conversions under approval, stage rights and the certification expiry job
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material, supplierMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { runCertExpiryScan } from '../src/modules/supplier-lifecycle/cert-expiry.ts';
import { certReminderSent } from '../src/modules/supplier-lifecycle/tables.ts';
import { auditTrail } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The supplier lifecycle (issue #16): conversions under approval applied to the master in the approval's
 * transaction, from-state rules at request and at approval, the stage-rights table on the server (orders,
 * awards, invitations), awards blocked by an expired mandatory certification, and the certification
 * expiry job that reminds once. Runs on the demo world: 200005 blacklisted, 200006 frozen (an unfreeze
 * waiting), 200007 potential; directToQualified and supplierUnfreeze need the admin's approval.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const SC = '/apis/masterdata/PurchaseSupplierStatusChangeService';
const PO = '/apis/order/PurchaseOrderService';
let materials: Array<{ id: string; materialNumber: string }>;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
  materials = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

const master = async (toElsAccount: string) =>
  (
    await server.database.db
      .select()
      .from(supplierMaster)
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, toElsAccount)))
  )[0];

const orderBody = (toElsAccount: string) => ({
  toElsAccount,
  orderType: '0',
  orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
  currency: 'CNY',
  exchangeRate: '1',
  items: [
    {
      materialNumber: 'M-LC-1',
      materialDesc: '生命周期测试物料',
      unit: 'PCS',
      quantity: '10',
      priceExcludingTax: '2.5',
      taxRate: '13',
      deliveryDate: '2027-06-30',
    },
  ],
});

/** Approves the pending task of a document as the admin (step 1 of the demo's flows). */
async function approveAll(documentNumber: string) {
  const todo = (await get('/apis/ElsTodoService/selectTodoList', s.admin)).json().data;
  const task = todo.records.find((t: { documentNumber: string }) => t.documentNumber === documentNumber);
  expect(task, documentNumber).toBeTruthy();
  return post(`/apis/CommonAuditService/approve/${task.id}`, s.admin, { remark: '同意' });
}

describe('conversion requests', () => {
  it('applies a conversion only after its approval, with an audit row on the master', async () => {
    const saved = await post(`${SC}/save`, s.buyer, {
      requestType: 'directToQualified',
      toElsAccount: '200007',
      reason: '样品测试合格',
      submit: true,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    const request = saved.json().data;
    expect(request).toMatchObject({
      status: 'underApproval',
      fromStatus: 'potential',
      toStatus: 'qualified',
    });
    expect((await master('200007')).supplierStatus).toBe('potential');
    // While it waits, a second request for the same supplier is refused.
    const twice = await post(`${SC}/save`, s.buyer, {
      requestType: 'qualifiedToBlack',
      toElsAccount: '200007',
      reason: '重复',
    });
    expect(twice.json().code).toBe('400');
    expect(twice.json().message).toContain(request.requestNumber);

    const detail = (await get(`${SC}/findDetail/${request.id}`, s.admin)).json().data;
    expect(detail.tasks.filter((t: { status: string }) => t.status === 'pending')).toHaveLength(1);
    const approved = await approveAll(request.requestNumber);
    expect(approved.json().code, approved.json().message).toBe('200');
    const after = await master('200007');
    expect(after.supplierStatus).toBe('qualified');
    const trail = await server.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.documentKind, 'supplierMasterData'), eq(auditTrail.documentId, after.id)));
    expect(trail.map((t) => [t.action, t.fromStatus, t.toStatus])).toContainEqual([
      'directToQualified',
      'potential',
      'qualified',
    ]);
    const done = (await get(`${SC}/findDetail/${request.id}`, s.buyer)).json().data;
    expect(done.record.status).toBe('approved');
    expect(done.supplier).toMatchObject({ supplierStatus: 'qualified', frozen: false });
  });

  it('registers a supplier on the buyer’s behalf: company, admin, link and a potential master row', async () => {
    const res = await post(`${SC}/save`, s.buyer, {
      requestType: 'supplierReplacement',
      reason: '供应商不便自行注册，代为注册',
      company: { companyName: '合肥代注册电子有限公司', contactName: '钱七', mobile: '13611112222' },
      submit: true,
    });
    expect(res.json().code, res.json().message).toBe('200');
    const request = res.json().data;
    // No approval configured for replacement registrations: applied at once.
    expect(request.status).toBe('approved');
    expect(request.toElsAccount).toMatch(/^2\d{5}$/);
    const row = await master(request.toElsAccount);
    expect(row).toMatchObject({
      supplierStatus: 'potential',
      fullName: '合肥代注册电子有限公司',
      frozen: false,
    });
    const conversions = (await get(`${SC}/conversions/${request.toElsAccount}`, s.buyer)).json().data;
    expect(conversions).toMatchObject({ supplierStatus: 'potential', frozen: false });
    expect(conversions.conversions).toContain('directToQualified');
    expect(conversions.conversions).not.toContain('unfamiliarToPotential');
    const again = await post(`${SC}/save`, s.buyer, {
      requestType: 'supplierReplacement',
      reason: '重复',
      company: { companyName: '合肥代注册电子有限公司', contactName: '钱七', mobile: '13611113333' },
    });
    expect(again.json().code).toBe('400');
  });

  it('refuses a conversion from the wrong state at request and at approval', async () => {
    const wrong = await post(`${SC}/save`, s.buyer, {
      requestType: 'blackToQualified',
      toElsAccount: '200003',
      reason: '不适用',
    });
    expect(wrong.json().code).toBe('400');
    expect(wrong.json().message).toBe(
      'Supplier 200003 is now “Qualified”, so “Blacklist to qualified” is not allowed',
    );
    const noReason = await post(`${SC}/save`, s.buyer, {
      requestType: 'qualifiedToBlack',
      toElsAccount: '200003',
      reason: ' ',
    });
    expect(noReason.json().code).toBe('400');
    expect(noReason.json().message).toContain('reason');

    // 200006 is frozen with an unfreeze waiting (demo). Meanwhile its stage changes (blacklisted, no
    // approval configured for that flow: applied at once — the waiting request blocks it, so withdraw).
    const list = (
      await post(`${SC}/findPageList`, s.buyer, { toElsAccount: '200006', status: 'underApproval' })
    ).json().data.records;
    expect(list).toHaveLength(1);
    const unfreeze = list[0];
    // The stage moves under it (a direct write, as a concurrent conversion would) …
    await server.database.db
      .update(supplierMaster)
      .set({ frozen: false })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200006')));
    const res = await approveAll(unfreeze.requestNumber);
    expect(res.json().code).toBe('400');
    expect(res.json().message).toBe('Supplier 200006 is now “Qualified”, so “Unfreeze” is not allowed');
    // … and nothing was applied: the request still waits, its task still pending.
    const still = (await get(`${SC}/findDetail/${unfreeze.id}`, s.admin)).json().data;
    expect(still.record.status).toBe('underApproval');
    expect(still.tasks.filter((t: { status: string }) => t.status === 'pending')).toHaveLength(1);
  });
});

describe('stage rights on the server', () => {
  it('refuses to order from a blacklisted supplier, in the reader’s language', async () => {
    const en = await post(`${PO}/save`, s.buyer, orderBody('200005'));
    expect(en.json().code).toBe('400');
    expect(en.json().message).toBe('Supplier 200005 is blacklisted: orders cannot be sent');
    const zh = await post(`${PO}/save`, s.buyer, orderBody('200005'), 'zh_cn');
    expect(zh.json().message).toBe('供应商 200005 处于黑名单，不能下达订单');
  });

  it('refuses to send an order whose supplier was blacklisted after the order was saved', async () => {
    const saved = await post(`${PO}/save`, s.buyer, orderBody('200004'));
    expect(saved.json().code, saved.json().message).toBe('200');
    let order = saved.json().data;
    order = (await post(`${PO}/submit/${order.id}`, s.buyer, { version: order.version })).json().data;
    expect((await approveAll(order.orderNumber)).json().code).toBe('200');
    order = (await get(`${PO}/findDetail/${order.id}`, s.buyer)).json().data;
    order = order.order ?? order.record ?? order;
    const black = await post(`${SC}/save`, s.buyer, {
      requestType: 'qualifiedToBlack',
      toElsAccount: '200004',
      reason: '质量事故',
      submit: true,
    });
    expect(black.json().data.status).toBe('approved');
    const sent = await post(`${PO}/send/${order.id}`, s.buyer, { version: order.version });
    expect(sent.json().code).toBe('400');
    expect(sent.json().message).toBe('Supplier 200004 is blacklisted: orders cannot be sent');
    // Back to qualified (no approval configured for that flow either) so the RFQ below can invite it.
    const back = await post(`${SC}/save`, s.buyer, {
      requestType: 'blackToQualified',
      toElsAccount: '200004',
      reason: '整改完成',
      submit: true,
    });
    expect(back.json().data.status).toBe('approved');
    expect((await post(`${PO}/send/${order.id}`, s.buyer, { version: order.version })).json().code).toBe(
      '200',
    );
  });

  it('refuses to invite a frozen supplier to an RFQ', async () => {
    await server.database.db
      .update(supplierMaster)
      .set({ frozen: true })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200006')));
    const res = await post('/apis/inquiry/PurchaseEnquiryService/save', s.buyer, {
      enquiryDesc: '冻结供应商',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [
        {
          materialId: materials[2].id,
          quantity: '5',
          deliveryDate: '2027-01-31',
          suppliers: ['200001', '200003', '200006'],
        },
      ],
    });
    expect(res.json().code).toBe('400');
    expect(res.json().message).toBe(
      'Supplier 200006 is frozen: it cannot be invited to RFQs, e-auctions or biddings',
    );
  });

  it('blocks an award while a mandatory certification has expired, until it is renewed', async () => {
    const cert = (expiryDate: string) => [
      { type: 'CCC', org: '中国质量认证中心', date: '2024-01-01', expiryDate, mandatory: true },
    ];
    await server.database.db
      .update(supplierMaster)
      .set({ certifications: cert('2026-01-01') })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200003')));
    const saved = await post('/apis/inquiry/PurchaseEnquiryService/save', s.buyer, {
      enquiryDesc: '认证过期定标',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [
        {
          materialId: materials[2].id,
          quantity: '100',
          deliveryDate: '2027-01-31',
          suppliers: ['200001', '200003', '200004'],
        },
      ],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let row = saved.json().data;
    row = (
      await post(`/apis/inquiry/PurchaseEnquiryService/submit/${row.id}`, s.buyer, { version: row.version })
    ).json().data;
    row = (
      await post(`/apis/inquiry/PurchaseEnquiryService/publish/${row.id}`, s.buyer, { version: row.version })
    ).json().data;
    const page = (await get(`/apis/inquiry/SaleEnquiryService/findQuote/${row.id}`, s['200003'])).json().data;
    const quoted = await post(`/apis/inquiry/SaleEnquiryService/quote/${row.id}`, s['200003'], {
      lines: [{ itemId: page.lines[0].itemId, priceExcludingTax: '8.8' }],
    });
    expect(quoted.json().code, quoted.json().message).toBe('200');
    await server.database.db
      .update(enquiry)
      .set({ quoteEndTime: new Date(Date.now() - 60_000) })
      .where(eq(enquiry.id, row.id));
    const award = async () => {
      const comparison = (
        await get(`/apis/inquiry/PurchaseEnquiryService/findComparison/${row.id}`, s.buyer)
      ).json().data;
      return post(`/apis/inquiry/PurchaseEnquiryService/award/${row.id}`, s.buyer, {
        version: comparison.record.version,
        lines: [{ itemId: comparison.lines[0].itemId, awards: [{ toElsAccount: '200003', quota: '100' }] }],
      });
    };
    const refused = await award();
    expect(refused.json().code).toBe('400');
    expect(refused.json().message).toBe(
      'Supplier 200003: the mandatory certification “CCC” expired on 2026-01-01, so it cannot be awarded until renewed',
    );
    await server.database.db
      .update(supplierMaster)
      .set({ certifications: cert('2029-01-01') })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200003')));
    const renewed = await award();
    expect(renewed.json().code, renewed.json().message).toBe('200');
  });
});

describe('certification expiry job', () => {
  it('reminds both sides once per certification and expiry date', async () => {
    const db = server.database.db;
    const now = new Date('2031-03-01T02:00:00Z');
    await db
      .update(supplierMaster)
      .set({
        certifications: [
          { type: 'UL 认证', org: 'UL', date: '2028-03-01', expiryDate: '2031-03-20', mandatory: true },
          { type: '远期认证', org: 'SGS', date: '2028-03-01', expiryDate: '2031-06-20' },
        ],
      })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200004')));
    const first = await db.transaction((tx) => runCertExpiryScan(tx, 'test', now));
    expect(first).toBeGreaterThanOrEqual(1);
    const reminded = await db
      .select()
      .from(certReminderSent)
      .where(and(eq(certReminderSent.toElsAccount, '200004'), eq(certReminderSent.expiryDate, '2031-03-20')));
    expect(reminded).toHaveLength(1);
    // The one expiring in 111 days (> 30) is not reminded.
    const far = await db.select().from(certReminderSent).where(eq(certReminderSent.expiryDate, '2031-06-20'));
    expect(far).toHaveLength(0);
    const supplierMsgs = await db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200004'), eq(sysMsg.businessType, 'certExpiry')));
    expect(supplierMsgs.map((m) => m.msgTitle)).toEqual([
      '贵司的认证“UL 认证”将于 2031-03-20 到期，请及时续期',
    ]);
    const buyerMsgs = await db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '100000'), eq(sysMsg.businessType, 'certExpiry')));
    expect(buyerMsgs.some((m) => m.msgTitle.includes('UL 认证') && m.msgTitle.includes('2031-03-20'))).toBe(
      true,
    );
    // A second run (the next day, or another process) sends nothing again.
    const second = await db.transaction((tx) =>
      runCertExpiryScan(tx, 'test', new Date('2031-03-02T02:00:00Z')),
    );
    expect(second).toBe(0);
    const again = await db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200004'), eq(sysMsg.businessType, 'certExpiry')));
    expect(again).toHaveLength(1);
  });
});
