// @postgres: flow:supplier-change — a supplier's change request applied under approval in the approval's transaction
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMsg } from '../src/modules/message/tables.ts';
import { auditTrail } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Supplier information change (issue #16, kind `supplierChange`) through the API on the demo world: supplier
 * 200001 proposes changes to its record at buyer 100000. A bank-account change waits for the buyer's approve
 * even without a flow and is applied (in the same transaction) only then; other changes apply at submit
 * without a flow and go through the configured flow when there is one; a record changed since the snapshot
 * answers '409' naming the field; each supplier sees only its own requests; bad input answers '400'.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
let other: Session;
const { post, get } = callsOf(() => server);
const SALE = '/apis/supplierdatamodify/SaleSupplierChangeService';
const BUY = '/apis/supplierdatamodify/PurchaseSupplierChangeService';
const MASTER = '/apis/masterdata/PurchaseSupplierService';

type Profile = {
  company: Record<string, string>;
  contacts: Array<Record<string, string>>;
  banks: Array<{ bankCode?: string; bankBranchName?: string; bankAccount: string }>;
  certifications: Array<Record<string, string>>;
};

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
  other = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

async function myMaster(): Promise<{ supplierMasterId: string; version: number; profile: Profile }> {
  const res = await get(`${SALE}/findMaster?elsAccount=100000`, supplier);
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}

async function buyerRecord(id: string) {
  const res = await get(`${MASTER}/findDetail/${id}`, buyer);
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as {
    version: number;
    banks: Profile['banks'];
    contacts: Profile['contacts'];
  } & Record<string, unknown>;
}

async function propose(profile: Profile, submit = true) {
  const res = await post(`${SALE}/save`, supplier, { elsAccounts: ['100000'], profile, submit });
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data[0];
}

describe('bank-account changes', () => {
  it('are not applied before the buyer approves, and are applied (with history) after', async () => {
    const { supplierMasterId, profile } = await myMaster();
    const newBank = {
      bankCode: '308305000000',
      bankBranchName: '招商银行苏州分行',
      bankAccount: '6214830012345678',
    };
    const req = await propose({ ...profile, banks: [...profile.banks, newBank] });
    expect(req.applyStatus).toBe('1');
    expect(req.touched).toEqual(['banks']);
    expect(req.diff.banks.added).toEqual([newBank]);
    expect(req.diff.banks.removed).toEqual([]);

    // Not applied: the buyer's record still has the old accounts.
    const before = await buyerRecord(supplierMasterId);
    expect(before.banks.map((b) => b.bankAccount)).not.toContain(newBank.bankAccount);

    // The buyer sees it with the diff, approves; the record changes and the history lists the request.
    const seen = (await get(`${BUY}/findDetail/${req.id}`, buyer)).json().data;
    expect(seen.diff.banks.added[0].bankAccount).toBe(newBank.bankAccount);
    const approved = await post(`${BUY}/approve/${req.id}`, buyer, { version: seen.version });
    expect(approved.json().code, approved.json().message).toBe('200');
    expect(approved.json().data.applyStatus).toBe('3');
    const after = await buyerRecord(supplierMasterId);
    expect(after.banks.map((b) => b.bankAccount)).toContain(newBank.bankAccount);
    expect(after.version).toBe(before.version + 1);
    const history = (await get(`${BUY}/findHistory/${supplierMasterId}`, buyer)).json().data as Array<{
      id: string;
    }>;
    expect(history.map((h) => h.id)).toContain(req.id);

    // The supplier is told in its language (the demo admin works in Chinese unless it switched).
    const messages = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200001'), like(sysMsg.msgTitle, `%${req.changeNumber}%`)));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0].msgTitle).toMatch(/信息变更已通过|Information change approved/);

    // Approving again is refused with the status named.
    const again = await post(`${BUY}/approve/${req.id}`, buyer, { version: approved.json().data.version });
    expect(again.json().code).toBe('400');
    expect(again.json().message).toContain('Approved');
  });

  it('answers 409 naming the field when the record changed since the snapshot', async () => {
    const { supplierMasterId, profile } = await myMaster();
    const req = await propose({
      ...profile,
      banks: [
        { bankCode: '103305000000', bankBranchName: '农业银行苏州分行', bankAccount: '6228480012349999' },
      ],
    });
    // Meanwhile the buyer edits the record's bank accounts itself.
    const record = await buyerRecord(supplierMasterId);
    const edited = await post(`${MASTER}/save`, buyer, {
      id: supplierMasterId,
      version: record.version,
      toElsAccount: record.toElsAccount,
      supplierCode: record.supplierCode,
      fullName: record.fullName,
      supplierStatus: record.supplierStatus,
      currency: record.currency,
      contacts: record.contacts,
      banks: [...record.banks, { bankAccount: '6228480000000001' }],
      addresses: record.addresses,
    });
    expect(edited.json().code, edited.json().message).toBe('200');
    const res = await post(`${BUY}/approve/${req.id}`, buyer, { version: req.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Bank accounts');
    // Nothing was applied: the request still waits, the record keeps the buyer's edit.
    expect((await get(`${BUY}/findDetail/${req.id}`, buyer)).json().data.applyStatus).toBe('1');
    expect((await buyerRecord(supplierMasterId)).banks.map((b) => b.bankAccount)).not.toContain(
      '6228480012349999',
    );
    // The buyer rejects it: the reason is required, then kept.
    const noReason = await post(`${BUY}/reject/${req.id}`, buyer, { version: req.version, remark: ' ' });
    expect(noReason.json().code).toBe('400');
    const rejected = await post(`${BUY}/reject/${req.id}`, buyer, {
      version: req.version,
      remark: '请重新提交',
    });
    expect(rejected.json().data.applyStatus).toBe('4');
    expect(rejected.json().data.rejectReason).toBe('请重新提交');
  });
});

describe('other changes', () => {
  it('apply at submit without a flow, and go through the configured "information change" flow', async () => {
    const { supplierMasterId, profile } = await myMaster();
    const direct = await propose({ ...profile, company: { ...profile.company, industry: '电子元器件' } });
    expect(direct.applyStatus).toBe('3');
    expect((await buyerRecord(supplierMasterId)).extendFields).toMatchObject({ industry: '电子元器件' });

    const current = (await get('/apis/CommonAuditService/findConfig/supplierChange', admin)).json().data;
    const config = await post('/apis/CommonAuditService/saveConfig', admin, {
      version: current?.version,
      documentKind: 'supplierChange',
      steps: [{ name: '主数据审批', approverType: 'user', approvers: ['admin'] }],
    });
    expect(config.json().code, config.json().message).toBe('200');
    const fresh = await myMaster();
    const flowed = await propose({
      ...fresh.profile,
      contacts: [...fresh.profile.contacts, { name: '赵敏', telphone: '13900000099' }],
    });
    expect(flowed.applyStatus).toBe('2');
    // buyer1 is not the step's approver; admin is.
    const notMine = await post(`${BUY}/approve/${flowed.id}`, buyer, { version: flowed.version });
    expect(notMine.statusCode).toBe(403);
    expect((await buyerRecord(supplierMasterId)).contacts.map((c) => c.name)).not.toContain('赵敏');
    const done = await post(`${BUY}/approve/${flowed.id}`, admin, { version: flowed.version });
    expect(done.json().code, done.json().message).toBe('200');
    expect(done.json().data.applyStatus).toBe('3');
    expect((await buyerRecord(supplierMasterId)).contacts.map((c) => c.name)).toContain('赵敏');
    await post('/apis/CommonAuditService/saveConfig', admin, {
      version: config.json().data.version,
      documentKind: 'supplierChange',
      steps: [],
    });
  });
});

describe('withdraw', () => {
  it('the supplier takes back a request still waiting for the buyer; trail row, buyer told, tasks cancelled', async () => {
    const { supplierMasterId, profile } = await myMaster();
    const bank = { bankBranchName: '中信银行无锡分行', bankAccount: '6217000099990001' };
    const req = await propose({ ...profile, banks: [...profile.banks, bank] });
    expect(req.applyStatus).toBe('1');
    // Only the supplier that made it, on its side, at the version it read.
    expect((await post(`${SALE}/withdraw/${req.id}`, other, { version: req.version })).json().code).toBe(
      '404',
    );
    expect((await post(`${SALE}/withdraw/${req.id}`, buyer, { version: req.version })).statusCode).toBe(403);
    expect(
      (await post(`${SALE}/withdraw/${req.id}`, supplier, { version: req.version + 1 })).statusCode,
    ).toBe(409);
    const withdrawn = await post(`${SALE}/withdraw/${req.id}`, supplier, { version: req.version });
    expect(withdrawn.json().code, withdrawn.json().message).toBe('200');
    expect(withdrawn.json().data.applyStatus).toBe('0');
    const trail = await server.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.documentKind, 'supplierChange'), eq(auditTrail.documentId, req.id)));
    expect(trail.find((t) => t.action === 'withdraw')).toMatchObject({ fromStatus: '1', toStatus: '0' });
    const told = await server.database.db.select().from(sysMsg).where(eq(sysMsg.businessId, req.id));
    expect(told.map((m) => m.msgTitle)).toContain(
      `供应商已撤回信息变更：${req.changeNumber}（苏州恒达电子科技有限公司）`,
    );
    // The buyer no longer sees it, so cannot approve it; the bank was never applied.
    expect((await post(`${BUY}/approve/${req.id}`, buyer, { version: req.version + 1 })).json().code).toBe(
      '404',
    );
    expect((await buyerRecord(supplierMasterId)).banks.map((b) => b.bankAccount)).not.toContain(
      bank.bankAccount,
    );
    // A draft is not withdrawn again: 400 naming its status.
    const again = await post(`${SALE}/withdraw/${req.id}`, supplier, {
      version: withdrawn.json().data.version,
    });
    expect(again.json().code).toBe('400');
    expect(again.json().message).toContain('status is “Draft”, so Withdraw is not allowed');

    // Under the configured flow: withdrawing cancels the approver's pending task.
    const current = (await get('/apis/CommonAuditService/findConfig/supplierChange', admin)).json().data;
    const config = await post('/apis/CommonAuditService/saveConfig', admin, {
      version: current?.version,
      documentKind: 'supplierChange',
      steps: [{ name: '主数据审批', approverType: 'user', approvers: ['admin'] }],
    });
    expect(config.json().code, config.json().message).toBe('200');
    const submitted = await post(`${SALE}/submit/${req.id}`, supplier, {
      version: withdrawn.json().data.version,
    });
    expect(submitted.json().data.applyStatus).toBe('2');
    const todo = async () =>
      (
        (await post('/apis/CommonAuditService/todoPagelist', admin, { currentPage: 1, pageSize: 50 })).json()
          .data.records as Array<{ documentId: string }>
      ).filter((t) => t.documentId === req.id);
    expect(await todo()).toHaveLength(1);
    const back = await post(`${SALE}/withdraw/${req.id}`, supplier, {
      version: submitted.json().data.version,
    });
    expect(back.json().code, back.json().message).toBe('200');
    expect(await todo()).toHaveLength(0);
    await post('/apis/CommonAuditService/saveConfig', admin, {
      version: config.json().data.version,
      documentKind: 'supplierChange',
      steps: [],
    });
    expect(
      (await post(`${SALE}/delete/${req.id}`, supplier, { version: back.json().data.version })).json().code,
    ).toBe('200');
  });
});

describe('messages', () => {
  it('reach each receiver in its own language (200003 works in English)', async () => {
    const english = await login(server, '200003', 'admin');
    // The login page was Chinese (the test's login sends no language); the user switches to English.
    expect((await post('/apis/ElsAccountService/setLanguage', english, { lang: 'en' })).json().code).toBe(
      '200',
    );
    const mine = (await get(`${SALE}/findMaster?elsAccount=100000`, english)).json().data;
    const res = await post(`${SALE}/save`, english, {
      elsAccounts: ['100000'],
      profile: { ...mine.profile, banks: [...mine.profile.banks, { bankAccount: '6214830000003333' }] },
      submit: true,
    });
    expect(res.json().code, res.json().message).toBe('200');
    const req = res.json().data[0];
    const toBuyer = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '100000'), like(sysMsg.msgTitle, `%${req.changeNumber}%`)));
    expect(toBuyer.length).toBeGreaterThan(0);
    expect(toBuyer.find((m) => m.elsSubAccount === 'buyer1')?.msgTitle).toBe(
      `供应商信息变更待审批：${req.changeNumber}`,
    );
    await post(`${BUY}/reject/${req.id}`, buyer, { version: req.version, remark: '缺少开户许可证' });
    const toSupplier = await server.database.db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200003'), like(sysMsg.msgTitle, `%${req.changeNumber}%`)));
    expect(toSupplier.map((m) => m.msgTitle)).toContain(
      `Information change rejected: ${req.changeNumber} (华东精密制造有限公司)`,
    );
    expect(toSupplier[0].msgContent).toBe('缺少开户许可证');
  });
});

describe('scope and input', () => {
  it('a supplier sees only its own requests; other companies get 404', async () => {
    const { profile } = await myMaster();
    const draft = await propose({ ...profile, company: { ...profile.company, nature: '民营企业' } }, false);
    expect(draft.applyStatus).toBe('0');
    const mine = (await post(`${SALE}/findPageList`, supplier, { currentPage: 1, pageSize: 50 })).json().data;
    expect(mine.records.every((r: { toElsAccount: string }) => r.toElsAccount === '200001')).toBe(true);
    expect(mine.records.map((r: { id: string }) => r.id)).toContain(draft.id);
    const theirs = (await post(`${SALE}/findPageList`, other, { currentPage: 1, pageSize: 50 })).json().data;
    expect(theirs.records.map((r: { id: string }) => r.id)).not.toContain(draft.id);
    expect((await get(`${SALE}/findDetail/${draft.id}`, other)).statusCode).toBe(404);
    expect((await post(`${SALE}/submit/${draft.id}`, other, { version: draft.version })).statusCode).toBe(
      404,
    );
    // A draft is the supplier's alone.
    expect((await get(`${BUY}/findDetail/${draft.id}`, buyer)).statusCode).toBe(404);
    const buyerList = (await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 50 })).json()
      .data;
    expect(buyerList.records.map((r: { id: string }) => r.id)).not.toContain(draft.id);
    // The sale-side master call reads only the caller's own row: 200002 has no record of 200001's.
    const own = (await get(`${SALE}/findMaster?elsAccount=100000`, other)).json().data;
    expect(own.profile.company.fullName).not.toBe(profile.company.fullName);
    expect((await get(`${SALE}/findMaster?elsAccount=200002`, supplier)).statusCode).toBe(404);
    // A buyer cannot call the supplier's save.
    expect((await post(`${SALE}/save`, buyer, { elsAccounts: ['100000'], profile })).statusCode).toBe(403);
  });

  it('hostile input answers 400 naming the field and rule', async () => {
    const { profile } = await myMaster();
    const bad = async (body: unknown) => {
      const res = await post(`${SALE}/save`, supplier, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    const cert = {
      type: 'ISO9001',
      org: 'SGS',
      date: '2026-05-01',
      effectiveDate: '2026-04-01',
      expiryDate: '2029-05-01',
    };
    expect(await bad({ elsAccounts: ['100000'], profile: { ...profile, certifications: [cert] } })).toContain(
      'body.profile.certifications.0.effectiveDate',
    );
    const expired = { ...cert, effectiveDate: undefined, expiryDate: '2026-01-01' };
    expect(
      await bad({ elsAccounts: ['100000'], profile: { ...profile, certifications: [expired] } }),
    ).toMatch(/certifications\.0\.expiryDate.*before the expiry date/);
    expect(
      await bad({ elsAccounts: ['100000'], profile: { ...profile, banks: [{ bankAccount: '12ab' }] } }),
    ).toContain('bankAccount');
    expect(
      await bad({ elsAccounts: ['100000'], profile: { ...profile, company: { fullName: 'x' } } }),
    ).toContain('fullName');
    expect(await bad({ elsAccounts: ["'; drop table x;--"], profile })).toContain('elsAccounts');
    expect(await bad({ elsAccounts: ['200003'], profile: { ...profile, banks: [] } })).toContain('200003');
    expect(await bad({ elsAccounts: ['100000'], profile })).toMatch(/nothing to change/);
    expect(await bad({ elsAccounts: ['100000'], profile: 'x'.repeat(10) })).toContain('profile');
    const huge = { ...profile, contacts: Array.from({ length: 21 }, () => ({ name: 'a' })) };
    expect(await bad({ elsAccounts: ['100000'], profile: huge })).toContain('contacts');
  });
});
