// @postgres: migrations — migration 0061's supplier menu entry run on the database under test
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRelation, company, role, subaccount, subaccountRole } from '../src/modules/account/tables.ts';
import { defaultKindActions } from '../src/modules/company-admin/kind-actions.ts';
import { PUBLIC_NOTICE_JOB } from '../src/modules/enquiry/public-notice.ts';
import { enquiry, enquirySupplier } from '../src/modules/enquiry/tables.ts';
import { material, supplierMaster } from '../src/modules/masterdata/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { scheduledJob } from '../src/platform/tables.ts';
import { fullComparison } from './comparison-view.ts';
import { callsOf, createTestServer, DEMO_PASSWORD, login, type Session, type TestServer } from './helpers.ts';

/**
 * Public RFQs (issue #13, enquiryMethod 2): published to every supplier company — here 200091 and 200092, new
 * companies linked to no buyer — which see only what an invitation shows; taking part makes the supplier's
 * invitations and links it to the buyer as a stranger; it quotes with the ordinary flow; the buyer sees it
 * and its quote after the deadline; the award checks the minimum over invitees and participants and
 * refuses a stranger by the stage rights. RFQs by invitation stay their invitees' alone.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
let materials: Array<{ id: string; materialNumber: string }>;
const NEW_SUPPLIERS = ['200091', '200092'];

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  const db = server.database.db;
  // Two supplier companies that registered without an invitation code: linked to no buyer.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of NEW_SUPPLIERS) {
    await db.insert(company).values({ elsAccount: account, companyName: `公开询价测试供应商 ${account}` });
    const [user] = await db
      .insert(subaccount)
      .values({
        elsAccount: account,
        elsSubAccount: 'admin',
        name: 'Admin',
        station: 'sale',
        passwordHash,
        permission: 'admin',
      })
      .returning({ id: subaccount.id });
    const [admin] = await db
      .insert(role)
      .values({
        elsAccount: account,
        roleCode: 'admin',
        roleName: '管理员',
        roleNameEn: 'Administrator',
        actions: defaultKindActions('sale'),
      })
      .returning({ id: role.id });
    await db.insert(subaccountRole).values({ subaccountId: user.id, roleId: admin.id });
  }
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  for (const a of ['200001', '200002', '200003', '200004', ...NEW_SUPPLIERS])
    s[a] = await login(server, a, 'admin');
  materials = await db.select().from(material).where(eq(material.elsAccount, '100000'));
});
afterAll(async () => {
  await server?.close();
});

const body = (suppliers: string[][], extra: Record<string, unknown> = {}) => ({
  enquiryDesc: '公开询价测试',
  enquiryMethod: '2',
  quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
  priceValidDate: '2027-12-31',
  lines: suppliers.map((list, i) => ({
    materialId: materials[i].id,
    quantity: '1000',
    deliveryDate: '2027-01-31',
    suppliers: list,
  })),
  ...extra,
});

async function published(suppliers: string[][], extra: Record<string, unknown> = {}) {
  const saved = await post(`${P}/save`, s.buyer, body(suppliers, extra));
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  const res = await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as { id: string; version: number; enquiryNumber: string };
}

const publicList = async (session: Session, filter: Record<string, unknown> = {}) => {
  const res = await post(`${S}/findPublicPageList`, session, { pageSize: 100, ...filter });
  expect(res.json().code, res.body).toBe('200');
  return res.json().data.rows as Array<Record<string, unknown>>;
};
const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.id);
const setTimes = (id: string, set: Partial<typeof enquiry.$inferInsert>) =>
  server.database.db.update(enquiry).set(set).where(eq(enquiry.id, id));

describe('saving and publishing a public RFQ', () => {
  it('needs no invited suppliers, still refuses a supplier twice, and keeps the minimum for RFQs by invitation', async () => {
    const none = await post(`${P}/save`, s.buyer, body([[], []]));
    expect(none.json().code, none.body).toBe('200');
    expect(none.json().data.enquiryMethod).toBe('2');
    const twice = await post(`${P}/save`, s.buyer, body([['200001', '200001']]));
    expect(twice.json().code).toBe('400');
    expect(twice.json().message).toContain('supplier 200001 cannot repeat');
    const invitation = await post(`${P}/save`, s.buyer, body([[]], { enquiryMethod: '1' }));
    expect(invitation.json().code).toBe('400');
    expect(invitation.json().message).toContain('at least 3 suppliers');
  });

  it('refuses a registration deadline after the quote deadline or in the past, and early opening, naming the rule', async () => {
    const late = await post(
      `${P}/save`,
      s.buyer,
      body([[]], { joinEndTime: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
      'zh_cn',
    );
    expect(late.json().code).toBe('400');
    expect(late.json().message).toContain('报名截止时间不能晚于报价截止时间');
    const past = await post(
      `${P}/save`,
      s.buyer,
      body([[]], { joinEndTime: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(past.json().message).toContain('registration deadline must be in the future');
    const early = await post(`${P}/save`, s.buyer, body([[]], { openOnAllQuoted: '1' }));
    expect(early.json().code).toBe('400');
    expect(early.json().message).toContain('cannot open early');
  });

  it('keeps a draft out of the public list and its detail', async () => {
    const draft = (await post(`${P}/save`, s.buyer, body([[]]))).json().data;
    expect(ids(await publicList(s['200091']))).not.toContain(draft.id);
    expect((await get(`${S}/findPublicDetail/${draft.id}`, s['200091'])).json().code).toBe('404');
    expect((await post(`${S}/join/${draft.id}`, s['200091'])).json().code).toBe('404');
  });
});

describe('the Public RFQs list, taking part and quoting', () => {
  let rfq: { id: string; version: number; enquiryNumber: string };
  let privateRfq: { id: string };
  beforeAll(async () => {
    rfq = await published([['200001'], []], {
      joinEndTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    privateRfq = await published([['200001', '200003', '200004']], { enquiryMethod: '1' });
  });

  it('shows a published public RFQ to every supplier company, linked or not, with its terms only', async () => {
    for (const account of ['200091', '200002', '200001']) {
      const rows = await publicList(s[account]);
      const row = rows.find((r) => r.id === rfq.id);
      expect(row, account).toBeDefined();
      expect(row).toMatchObject({
        enquiryNumber: rfq.enquiryNumber,
        buyerName: '华东精密制造有限公司',
        lineCount: 2,
        joined: account === '200001',
        joinable: account !== '200001',
      });
      // Nothing of the invitations or prices: not the invited 200001's account, no supplier field.
      expect(JSON.stringify(row)).not.toContain('200001');
      expect(Object.keys(row as object)).not.toContain('invitedSuppliers');
    }
    const detail = (await get(`${S}/findPublicDetail/${rfq.id}`, s['200091'])).json();
    expect(detail.code, JSON.stringify(detail)).toBe('200');
    expect(detail.data.lines.map((l: { materialNumber: string }) => l.materialNumber)).toEqual([
      materials[0].materialNumber,
      materials[1].materialNumber,
    ]);
    expect(JSON.stringify(detail.data)).not.toContain('200001');
    // A keyword finds it by number; another does not.
    expect(ids(await publicList(s['200091'], { keyword: rfq.enquiryNumber }))).toEqual([rfq.id]);
    expect(ids(await publicList(s['200091'], { keyword: 'no-such-rfq-xyz' }))).toEqual([]);
  });

  it('never lists or opens an RFQ by invitation for others; the buying side cannot call the list', async () => {
    expect(ids(await publicList(s['200091']))).not.toContain(privateRfq.id);
    expect(ids(await publicList(s['200001']))).not.toContain(privateRfq.id);
    expect((await get(`${S}/findPublicDetail/${privateRfq.id}`, s['200091'])).json().code).toBe('404');
    expect((await get(`${S}/findDetail/${privateRfq.id}`, s['200002'])).json().code).toBe('404');
    expect((await get(`${S}/findQuote/${privateRfq.id}`, s['200091'])).json().code).toBe('404');
    const buyer = await post(`${S}/findPublicPageList`, s.buyer, { pageSize: 10 });
    expect(buyer.json().code).toBe('403');
  });

  it('refuses taking part in an RFQ by invitation, naming the rule, and changes nothing', async () => {
    const res = await post(`${S}/join/${privateRfq.id}`, s['200002'], {}, 'zh_cn');
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('不是公开询价');
    const rows = await server.database.db
      .select()
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, privateRfq.id), eq(enquirySupplier.toElsAccount, '200002')));
    expect(rows).toHaveLength(0);
    expect((await get(`${S}/findQuote/${privateRfq.id}`, s['200002'])).json().code).toBe('404');
  });

  it('an unlinked supplier cannot read the public RFQ as an invitee before it takes part', async () => {
    expect((await get(`${S}/findQuote/${rfq.id}`, s['200091'])).json().code).toBe('404');
    expect((await get(`${S}/findDetail/${rfq.id}`, s['200091'])).json().code).toBe('404');
  });

  it('taking part makes an invitation per line and links the supplier as a stranger; twice changes nothing', async () => {
    const db = server.database.db;
    const res = await post(`${S}/join/${rfq.id}`, s['200091']);
    expect(res.json().code, res.body).toBe('200');
    expect(res.json().data).toEqual({ id: rfq.id, created: true });
    const rows = await db
      .select()
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, rfq.id), eq(enquirySupplier.toElsAccount, '200091')));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.quoteStatus === '1' && r.bout === 1)).toBe(true);
    const link = await db
      .select()
      .from(accountRelation)
      .where(and(eq(accountRelation.elsAccount, '100000'), eq(accountRelation.toElsAccount, '200091')));
    expect(link).toHaveLength(1);
    const master = await db
      .select()
      .from(supplierMaster)
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200091')));
    expect(master).toHaveLength(0); // a stranger: no supplier-master row, no stage rights beyond this
    const again = await post(`${S}/join/${rfq.id}`, s['200091']);
    expect(again.json().data).toEqual({ id: rfq.id, created: false });
    const after = await db
      .select()
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, rfq.id), eq(enquirySupplier.toElsAccount, '200091')));
    expect(after).toHaveLength(2);
    // Its RFQ list and the public list now show it as joined; the buyer's creator was told.
    const list = (await post(`${S}/findPageList`, s['200091'], { currentPage: 1, pageSize: 50 })).json().data;
    expect(list.records.map((r: { id: string }) => r.id)).toContain(rfq.id);
    expect((await publicList(s['200091'])).find((r) => r.id === rfq.id)?.joined).toBe(true);
    const told = await db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '100000'), eq(sysMsg.businessId, rfq.id)));
    expect(told.some((m) => m.msgTitle.includes('200091'))).toBe(true);
  });

  it('the joined supplier quotes with the ordinary flow and never sees another supplier', async () => {
    const page = (await get(`${S}/findQuote/${rfq.id}`, s['200091'])).json();
    expect(page.code, page.message).toBe('200');
    expect(page.data.lines).toHaveLength(2);
    const quoted = await post(`${S}/quote/${rfq.id}`, s['200091'], {
      lines: page.data.lines.map((l: { itemId: string }) => ({ itemId: l.itemId, priceExcludingTax: '8.5' })),
    });
    expect(quoted.json().code, quoted.body).toBe('200');
    expect(quoted.json().data.lines.map((l: { quoteStatus: string }) => l.quoteStatus)).toEqual(['2', '2']);
    // 200001 (invited on line 1) quotes too; each reads only its own.
    const first = (await get(`${S}/findQuote/${rfq.id}`, s['200001'])).json().data;
    expect(first.lines).toHaveLength(1);
    await post(`${S}/quote/${rfq.id}`, s['200001'], {
      lines: [{ itemId: first.lines[0].itemId, priceExcludingTax: '9.137' }],
    });
    for (const [account, other, otherPrice] of [
      // Prices as the API writes them (6 decimals): a shorter needle can hide in a timestamp's seconds.
      ['200091', '200001', '9.137000'],
      ['200001', '200091', '8.500000'],
    ]) {
      const quotePage = (await get(`${S}/findQuote/${rfq.id}`, s[account])).body;
      const detail = (await get(`${S}/findDetail/${rfq.id}`, s[account])).body;
      for (const text of [quotePage, detail]) {
        expect(text, account).not.toContain(other);
        expect(text, account).not.toContain(otherPrice);
      }
    }
  });

  it('the buyer sees who took part (no prices before the deadline) and the quote after it', async () => {
    const invitations = (await get(`${P}/findInvitations/${rfq.id}`, s.buyer)).json().data;
    expect(invitations.sealed).toBe(true);
    const line1 = invitations.lines[0].suppliers.map((x: { toElsAccount: string; joined: boolean }) => [
      x.toElsAccount,
      x.joined,
    ]);
    expect(line1).toEqual(
      expect.arrayContaining([
        ['200001', false],
        ['200091', true],
      ]),
    );
    expect((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json().code).toBe('400');
    // Late registration: the registration deadline passed — the list drops it and a join is refused.
    await setTimes(rfq.id, { joinEndTime: new Date(Date.now() - 60_000) });
    expect(ids(await publicList(s['200092']))).not.toContain(rfq.id);
    const late = await post(`${S}/join/${rfq.id}`, s['200092']);
    expect(late.json().code).toBe('400');
    expect(late.json().message).toContain('Registration for this public RFQ closed');
    // After the quote deadline: no join; the comparison shows the participant's price.
    await setTimes(rfq.id, { quoteEndTime: new Date(Date.now() - 30_000), joinEndTime: null });
    const ended = await post(`${S}/join/${rfq.id}`, s['200092'], {}, 'zh_cn');
    expect(ended.json().code).toBe('400');
    expect(ended.json().message).toContain('已过报价截止时间');
    expect(ids(await publicList(s['200092']))).not.toContain(rfq.id);
    const comparison = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json());
    expect(comparison.code, comparison.message).toBe('200');
    const quote = comparison.data.lines[0].quotes.find(
      (q: { toElsAccount: string }) => q.toElsAccount === '200091',
    );
    expect(quote).toMatchObject({ priceExcludingTax: '8.500000', lowest: true });
  });

  it('awards a public RFQ only with the minimum of participants per line, and refuses a stranger by name', async () => {
    const c = fullComparison((await get(`${P}/findComparison/${rfq.id}`, s.buyer)).json()).data;
    const line1 = c.lines[0].itemId;
    // Line 1 has two participants (200001 invited, 200091 joined): below the minimum of 3.
    const few = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version: c.record.version,
      lines: [{ itemId: line1, awards: [{ toElsAccount: '200001', quota: '100' }] }],
    });
    expect(few.json().code).toBe('400');
    expect(few.json().message).toContain('Line 10: only 2 suppliers took part in this public RFQ');
    // A third participant on line 1 (added as a join would, for the rule).
    const [item] = await server.database.db
      .select()
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, rfq.id), eq(enquirySupplier.toElsAccount, '200001')));
    await server.database.db.insert(enquirySupplier).values({
      enquiryId: rfq.id,
      itemId: item.itemId,
      elsAccount: '100000',
      toElsAccount: '200003',
      supplierName: '无锡精工五金制品有限公司',
      quoteStatus: '1',
    });
    const stranger = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version: c.record.version,
      lines: [{ itemId: line1, awards: [{ toElsAccount: '200091', quota: '100' }] }],
    });
    expect(stranger.json().code).toBe('400');
    expect(stranger.json().message).toContain('Supplier 200091');
    expect(stranger.json().message).toContain('Stranger');
    const awarded = await post(`${P}/award/${rfq.id}`, s.buyer, {
      version: c.record.version,
      lines: [{ itemId: line1, awards: [{ toElsAccount: '200001', quota: '100' }] }],
    });
    expect(awarded.json().code, awarded.body).toBe('200');
    expect(awarded.json().data.orders).toHaveLength(1);
  });

  it('refuses a supplier the buyer has blacklisted', async () => {
    const open = await published([[]]);
    await server.database.db
      .update(supplierMaster)
      .set({ supplierStatus: 'blacklist' })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200002')));
    const [row] = await server.database.db
      .select()
      .from(supplierMaster)
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200002')));
    expect(row?.supplierStatus).toBe('blacklist');
    const res = await post(`${S}/join/${open.id}`, s['200002']);
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('Supplier 200002 is blacklisted');
    // The second unlinked company still takes part.
    expect((await post(`${S}/join/${open.id}`, s['200092'])).json().data.created).toBe(true);
  });
});

describe('announcing a public RFQ to the buyer’s linked suppliers on publish', () => {
  const UNLINKED = '200093';
  const master = (account: string) =>
    and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, account));
  beforeAll(async () => {
    const db = server.database.db;
    // A company linked to no buyer; 200002 blacklisted and 200004 frozen at the buyer; 200003 reads English.
    await db.insert(company).values({ elsAccount: UNLINKED, companyName: '未关联供应商 200093' });
    await db.insert(subaccount).values({
      elsAccount: UNLINKED,
      elsSubAccount: 'admin',
      name: 'Admin',
      station: 'sale',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      permission: 'admin',
    });
    await db.update(supplierMaster).set({ supplierStatus: 'blacklist' }).where(master('200002'));
    await db.update(supplierMaster).set({ frozen: true }).where(master('200004'));
    await db
      .update(subaccount)
      .set({ lang: 'en' })
      .where(and(eq(subaccount.elsAccount, '200003'), eq(subaccount.elsSubAccount, 'admin')));
  });
  afterAll(async () => {
    await server.database.db.update(supplierMaster).set({ frozen: false }).where(master('200004'));
  });

  /** The messages each company received about one RFQ (titles). */
  const titles = async (id: string, account: string) =>
    (
      await server.database.db
        .select({ title: sysMsg.msgTitle, link: sysMsg.linkUrl })
        .from(sysMsg)
        .where(and(eq(sysMsg.businessId, id), eq(sysMsg.elsAccount, account)))
    ).map((m) => m.title);
  const notices = async (id: string, account: string) =>
    (await titles(id, account)).filter((t) => /^(公开询价：|Public request for quotation )/.test(t));
  /**
   * Runs due jobs until the RFQ's notice job (scheduled by publish, written after its commit) is done; the
   * server's own poller may take some of its batches.
   */
  const noticesWritten = async (id: string) => {
    const runner = createJobRunner({
      db: server.database.db,
      log: server.app.log,
      env: server.config.ENV_NAME,
    });
    await expect
      .poll(
        async () => {
          await runner.runDue();
          const [job] = await server.database.db
            .select({ state: scheduledJob.state })
            .from(scheduledJob)
            .where(and(eq(scheduledJob.kind, PUBLIC_NOTICE_JOB), eq(scheduledJob.jobKey, id)));
          return job?.state;
        },
        { timeout: 15_000 },
      )
      .toBe('done');
  };

  it('tells each linked supplier once, in its language; not the invited, blacklisted, frozen or unlinked', async () => {
    const rfq = await published([['200001'], []]);
    await noticesWritten(rfq.id);
    const buyerName = '华东精密制造有限公司';
    // 200003 (English) and 200091 (a stranger linked by taking part earlier) are told once.
    expect(await notices(rfq.id, '200003')).toEqual([
      `Public request for quotation ${rfq.enquiryNumber} from ${buyerName}`,
    ]);
    expect(await notices(rfq.id, '200091')).toEqual([`公开询价：${rfq.enquiryNumber}（${buyerName}）`]);
    const [message] = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.businessId, rfq.id), eq(sysMsg.elsAccount, '200003')));
    expect(message.linkUrl).toBe('/rfq/#/v2/public');
    expect(message.msgContent).toContain('Open Public RFQs to take part');
    // The invited company has its invitation instead; blacklisted, frozen and unlinked companies hear nothing.
    expect(await notices(rfq.id, '200001')).toEqual([]);
    expect((await titles(rfq.id, '200001')).some((t) => t.startsWith('询价邀请'))).toBe(true);
    for (const account of ['200002', '200004', UNLINKED])
      expect(await titles(rfq.id, account), account).toEqual([]);
    // The unlinked company still finds it in its Public RFQs list.
    const unlinked = await login(server, UNLINKED, 'admin');
    expect(ids(await publicList(unlinked))).toContain(rfq.id);

    // Publishing again is refused and sends nothing; taking part and closing send no further notice.
    const detail = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data.record;
    const again = await post(`${P}/publish/${rfq.id}`, s.buyer, { version: detail.version });
    expect(again.json().code).toBe('400');
    expect((await post(`${S}/join/${rfq.id}`, s['200003'])).json().data.created).toBe(true);
    const current = (await get(`${P}/findDetail/${rfq.id}`, s.buyer)).json().data.record;
    const closed = await post(`${P}/close/${rfq.id}`, s.buyer, { version: current.version });
    expect(closed.json().code, closed.body).toBe('200');
    expect(await notices(rfq.id, '200003')).toHaveLength(1);
    expect(await notices(rfq.id, '200091')).toHaveLength(1);
    for (const account of ['200002', '200004', UNLINKED])
      expect(await notices(rfq.id, account), account).toEqual([]);
  });

  it('sends no such notice for an RFQ by invitation', async () => {
    await server.database.db.update(supplierMaster).set({ frozen: false }).where(master('200004'));
    const rfq = await published([['200001', '200003', '200004']], { enquiryMethod: '1' });
    // No notice job either.
    const jobs = await server.database.db
      .select()
      .from(scheduledJob)
      .where(and(eq(scheduledJob.kind, PUBLIC_NOTICE_JOB), eq(scheduledJob.jobKey, rfq.id)));
    expect(jobs).toEqual([]);
    for (const account of ['200001', '200003', '200004', '200091'])
      expect(await notices(rfq.id, account), account).toEqual([]);
    // The invitees have their invitation; the linked stranger hears nothing of an RFQ it may not join.
    expect(await titles(rfq.id, '200003')).toHaveLength(1);
    expect(await titles(rfq.id, '200091')).toEqual([]);
  });
});

describe('the supplier menu entry Public RFQs (seed and migration 0061)', () => {
  type MenuRow = {
    app_code: string;
    parent_code: string;
    app_url: string;
    app_name_en: string;
    after: boolean;
  };
  const entries = async () =>
    (
      (await server.database.db.execute(sql`
        select m.app_code, p.app_code as parent_code, m.app_url, m.app_name_en,
          m.sort_order > (select i.sort_order from menu i where i.parent_id = p.id and i.app_code = 'enquiry-invitations') as after
        from menu m join menu p on p.id = m.parent_id
        where m.station = 'sale' and m.app_code = 'enquiry-public'`)) as unknown as { rows: MenuRow[] }
    ).rows;
  const expected = {
    app_code: 'enquiry-public',
    parent_code: 'sourcing',
    // Its own address: the shell keys tabs by address, so it is not taken for RFQ invitations (/rfq/#/v2/list).
    app_url: '/rfq/#/v2/public',
    app_name_en: 'Public RFQs',
    after: true,
  };

  it('a fresh database has it once, from the seed, after RFQ invitations', async () => {
    expect(await entries()).toEqual([expected]);
  });

  it('an existing database without it gets it once under each sourcing group, however often it runs', async () => {
    const statements = readFileSync(
      join(import.meta.dirname, '../drizzle/0061_sourcing_leftovers.sql'),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((st) => st.includes('INSERT INTO "menu"'));
    expect(statements).toHaveLength(1);
    await server.database.db.execute(sql`delete from menu where app_code = 'enquiry-public'`);
    for (let run = 0; run < 2; run++) {
      await server.database.db.execute(sql.raw(statements[0]));
      expect(await entries()).toEqual([expected]);
    }
  });
});
