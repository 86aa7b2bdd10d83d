// @postgres: flow:improvement — an improvement sheet issued, answered, reopened and closed, and the overdue scan
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccount } from '../src/modules/account/tables.ts';
import { nextOverdueScanTime, runImprovementOverdueScan } from '../src/modules/improvement/overdue.ts';
import { improvementItem, improvementReminderSent } from '../src/modules/improvement/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { refund } from '../src/modules/refund/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Improvement sheets (issue #17, improvement part) through the API on the demo world (buyer 100000 with
 * suppliers 200001 and 200002; buyer 100002 also works with 200001): templates with unique item names ≤ 50
 * characters; a sheet issued from a template (required dates = issue date + default due days), from a return
 * of the same supplier (another supplier's return refused), answered item by item, reopened with a reason
 * and answered again, then closed; messages in each receiver's language; tenant isolation (404); validation
 * (due date required, reason required, 409 on a stale version); the overdue scan reminds once per item and
 * due date.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
let otherSupplier: Session;
let otherBuyer: Session;
const { post, get } = callsOf(() => server);
const TPL = '/apis/improvement/PurchaseImprovementTemplateService';
const BUY = '/apis/improvement/PurchaseImprovementService';
const SALE = '/apis/improvement/SaleImprovementService';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const plus = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  otherSupplier = await login(server, '200002', 'admin');
  otherBuyer = await login(server, '100002', 'admin');
  // 200001's admin reads English, buyer1 Chinese: each message is written in its receiver's language.
  const db = server.database.db;
  await db
    .update(subaccount)
    .set({ lang: 'en' })
    .where(and(eq(subaccount.elsAccount, '200001'), eq(subaccount.elsSubAccount, 'admin')));
  await db
    .update(subaccount)
    .set({ lang: 'zh_cn' })
    .where(and(eq(subaccount.elsAccount, '100000'), eq(subaccount.elsSubAccount, 'buyer1')));
});
afterAll(async () => {
  await server?.close();
});

type Sheet = { id: string; version: number; improvementStatus: string; improvementNumber: string } & Record<
  string,
  unknown
>;
type Line = { id: string; itemName: string; itemStatus: string; requiredDate: string | null } & Record<
  string,
  unknown
>;

async function releasedTemplate(items: Array<{ itemName: string; dueDays: number; guidance?: string }>) {
  const saved = await post(`${TPL}/save`, buyer, { templateName: '交付改善模板', lines: items });
  expect(saved.json().code, saved.json().message).toBe('200');
  const t = saved.json().data;
  const released = await post(`${TPL}/release/${t.id}`, buyer, { version: t.version });
  expect(released.json().code, released.json().message).toBe('200');
  return released.json().data as { id: string; version: number; templateStatus: string };
}

async function detail(base: string, session: Session, id: string) {
  const res = await get(`${base}/findDetail/${id}`, session);
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data as { record: Sheet; lines: Line[]; actions: string[] };
}

async function sentSheet(body: Record<string, unknown>) {
  const saved = await post(`${BUY}/save`, buyer, { toElsAccount: '200001', subject: '改善', ...body });
  expect(saved.json().code, saved.json().message).toBe('200');
  const sent = await post(`${BUY}/send/${saved.json().data.id}`, buyer, {
    version: saved.json().data.version,
  });
  expect(sent.json().code, sent.json().message).toBe('200');
  return sent.json().data as Sheet;
}

const answersFor = (lines: Line[], dueDate = plus(10)) =>
  lines.map((l) => ({
    lineId: l.id,
    rootCause: `原因：${l.itemName}`,
    correctiveAction: `措施：${l.itemName}`,
    dueDate,
  }));

describe('improvement item templates', () => {
  it('refuses duplicate item names (trimmed, any case), names over 50 characters and due days over 365', async () => {
    const dup = await post(`${TPL}/save`, buyer, {
      templateName: '重复项',
      lines: [
        { itemName: 'Root cause', dueDays: 7 },
        { itemName: ' root CAUSE ', dueDays: 7 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toMatch(/duplicate item names rejected/);
    const long = await post(`${TPL}/save`, buyer, {
      templateName: 'x'.repeat(51),
      lines: [{ itemName: 'A', dueDays: 1 }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Template name/); // its label (issue #33)
    const longItem = await post(`${TPL}/save`, buyer, {
      templateName: 'ok',
      lines: [{ itemName: 'y'.repeat(51), dueDays: 1 }],
    });
    expect(longItem.statusCode).toBe(400);
    expect(longItem.json().message).toMatch(/Line 10, Improvement item/);
    const days = await post(`${TPL}/save`, buyer, {
      templateName: 'ok',
      lines: [{ itemName: 'A', dueDays: 366 }],
    });
    expect(days.statusCode).toBe(400);
    expect(days.json().message).toMatch(/body\.lines\.0\.dueDays/);
    const ok = await post(`${TPL}/save`, buyer, {
      templateName: 'x'.repeat(50),
      lines: [{ itemName: 'y'.repeat(50), dueDays: 365 }],
    });
    expect(ok.json().code, ok.json().message).toBe('200');
  });

  it('only a released template fills a sheet; a disabled one no longer does', async () => {
    const t = await releasedTemplate([{ itemName: 'A', dueDays: 5 }]);
    const disabled = await post(`${TPL}/disable/${t.id}`, buyer, { version: t.version });
    expect(disabled.json().data.templateStatus).toBe('REVOKE');
    const res = await post(`${BUY}/save`, buyer, {
      toElsAccount: '200001',
      subject: 's',
      templateId: t.id,
      lines: [{ itemName: 'A' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/templateId/);
    // The supplier side has no template calls at all.
    const sale = await post('/apis/improvement/SaleImprovementTemplateService/findPageList', supplier, {});
    expect(sale.statusCode).toBe(404);
  });
});

describe('improvement sheets', () => {
  it('issue from a template → answer → reopen with a reason → answer again → close', async () => {
    const t = await releasedTemplate([
      { itemName: '根本原因分析', dueDays: 7, guidance: '5Why' },
      { itemName: '永久措施', dueDays: 14 },
    ]);
    const sheet = await sentSheet({
      subject: '交付延迟',
      templateId: t.id,
      lines: [
        { itemName: '根本原因分析' },
        { itemName: '永久措施' },
        { itemName: '手填项', requiredDate: plus(3) },
      ],
    });
    expect(sheet.improvementNumber).toMatch(/^IM\d{10}$/);
    expect(sheet.improvementStatus).toBe('1');
    const read = await detail(SALE, supplier, sheet.id);
    expect(read.lines.map((l) => [l.itemName, l.requiredDate, l.guidance])).toEqual([
      ['根本原因分析', plus(7), '5Why'],
      ['永久措施', plus(14), null],
      ['手填项', plus(3), null],
    ]);
    expect(read.actions).toContain('answer');

    // Each item must be answered; a due date is required.
    const noDue = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: sheet.version,
      answers: answersFor(read.lines).map(({ dueDate: _, ...a }) => a),
    });
    expect(noDue.statusCode).toBe(400);
    expect(noDue.json().message).toMatch(/body\.answers\.0\.dueDate/);
    const partial = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: sheet.version,
      answers: answersFor(read.lines.slice(0, 2)),
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toContain('手填项');
    const stale = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: sheet.version - 1,
      answers: answersFor(read.lines),
    });
    expect(stale.statusCode).toBe(409);
    const answered = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: sheet.version,
      answers: answersFor(read.lines),
    });
    expect(answered.json().code, answered.json().message).toBe('200');
    expect(answered.json().data.improvementStatus).toBe('2');
    const afterAnswer = await detail(BUY, buyer, sheet.id);
    expect(afterAnswer.lines.map((l) => [l.itemStatus, l.rootCause, l.dueDate])).toEqual(
      read.lines.map((l) => ['1', `原因：${l.itemName}`, plus(10)]),
    );
    // The buyer (buyer1, Chinese) is told in Chinese.
    const db = server.database.db;
    const told = await db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '100000'), eq(sysMsg.elsSubAccount, 'buyer1')));
    expect(told.map((m) => m.msgTitle)).toContain(`供应商已回复改善单：${sheet.improvementNumber}`);

    // Reopen: the reason is required; the named item goes to rework, the others are verified.
    const noReason = await post(`${BUY}/reopen/${sheet.id}`, buyer, {
      version: answered.json().data.version,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/body\.remark/);
    const reopened = await post(`${BUY}/reopen/${sheet.id}`, buyer, {
      version: answered.json().data.version,
      remark: '永久措施缺少验证数据',
      lineIds: [read.lines[1].id],
    });
    expect(reopened.json().code, reopened.json().message).toBe('200');
    expect(reopened.json().data).toMatchObject({
      improvementStatus: '3',
      reopenCount: 1,
      reopenReason: '永久措施缺少验证数据',
    });
    const rework = await detail(SALE, supplier, sheet.id);
    expect(rework.lines.map((l) => l.itemStatus)).toEqual(['2', '3', '2']);
    // 200001's admin reads English.
    const supplierMsgs = await db
      .select()
      .from(sysMsg)
      .where(and(eq(sysMsg.elsAccount, '200001'), eq(sysMsg.elsSubAccount, 'admin')));
    expect(supplierMsgs.map((m) => m.msgTitle)).toContain(
      `Improvement sheet reopened: ${sheet.improvementNumber}`,
    );

    // Answering again: only the reworked item, not the verified ones.
    const verifiedAgain = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: rework.record.version,
      answers: answersFor(rework.lines),
    });
    expect(verifiedAgain.statusCode).toBe(400);
    expect(verifiedAgain.json().message).toMatch(/body\.answers\.0\.lineId/);
    const again = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: rework.record.version,
      answers: answersFor([rework.lines[1]], plus(20)),
    });
    expect(again.json().code, again.json().message).toBe('200');
    const closed = await post(`${BUY}/close/${sheet.id}`, buyer, {
      version: again.json().data.version,
      remark: '已验证',
    });
    expect(closed.json().code, closed.json().message).toBe('200');
    expect(closed.json().data).toMatchObject({ improvementStatus: '4', closeDate: today });
    const final = await detail(SALE, supplier, sheet.id);
    expect(final.lines.map((l) => l.itemStatus)).toEqual(['2', '2', '2']);
    expect(final.lines[1].dueDate).toBe(plus(20));
    expect(final.actions).toEqual([]);
  });

  it('a return source must be a return of the same buyer and supplier; appraisal needs a number', async () => {
    const db = server.database.db;
    const [own] = await db
      .select({ refundNumber: refund.refundNumber })
      .from(refund)
      .where(and(eq(refund.elsAccount, '100000'), eq(refund.toElsAccount, '200001')))
      .limit(1);
    expect(own).toBeDefined();
    const ok = await post(`${BUY}/save`, buyer, {
      toElsAccount: '200001',
      subject: '退货改善',
      sourceType: 'refund',
      sourceNumber: own.refundNumber,
      lines: [{ itemName: 'A' }],
    });
    expect(ok.json().code, ok.json().message).toBe('200');
    expect(ok.json().data).toMatchObject({ sourceType: 'refund', sourceNumber: own.refundNumber });
    const wrongSupplier = await post(`${BUY}/save`, buyer, {
      toElsAccount: '200002',
      subject: '退货改善',
      sourceType: 'refund',
      sourceNumber: own.refundNumber,
      lines: [{ itemName: 'A' }],
    });
    expect(wrongSupplier.statusCode).toBe(400);
    expect(wrongSupplier.json().message).toMatch(/body\.sourceNumber/);
    const noNumber = await post(`${BUY}/save`, buyer, {
      toElsAccount: '200001',
      subject: '考核改善',
      sourceType: 'appraisal',
      lines: [{ itemName: 'A' }],
    });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toMatch(/body\.sourceNumber/);
    const notLinked = await post(`${BUY}/save`, buyer, {
      toElsAccount: '299999',
      subject: 's',
      lines: [{ itemName: 'A' }],
    });
    expect(notLinked.statusCode).toBe(400);
    const dup = await post(`${BUY}/save`, buyer, {
      toElsAccount: '200001',
      subject: 's',
      lines: [{ itemName: 'A' }, { itemName: 'a' }],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toMatch(/duplicate item names rejected/);
  });

  it('another supplier and another buyer see 404; a draft is the buyer’s alone', async () => {
    const sheet = await sentSheet({ lines: [{ itemName: 'A' }] });
    for (const [base, session] of [
      [SALE, otherSupplier],
      [BUY, otherBuyer],
    ] as const) {
      expect((await get(`${base}/findDetail/${sheet.id}`, session)).statusCode).toBe(404);
    }
    const probe = await post(`${SALE}/answer/${sheet.id}`, otherSupplier, {
      version: sheet.version,
      answers: [{ lineId: sheet.id, rootCause: 'x', correctiveAction: 'x', dueDate: today }],
    });
    expect(probe.statusCode).toBe(404);
    const list = await post(`${SALE}/findPageList`, otherSupplier, { currentPage: 1, pageSize: 50 });
    expect(
      (list.json().data.records as Sheet[]).some((r) => r.improvementNumber === sheet.improvementNumber),
    ).toBe(false);
    const draft = await post(`${BUY}/save`, buyer, {
      toElsAccount: '200001',
      subject: 'd',
      lines: [{ itemName: 'A' }],
    });
    expect((await get(`${SALE}/findDetail/${draft.json().data.id}`, supplier)).statusCode).toBe(404);
    // The supplier cannot close or reopen; the buyer cannot answer.
    const answerAsBuyer = await post(`${BUY}/answer/${sheet.id}`, buyer, { version: sheet.version });
    expect(answerAsBuyer.statusCode).toBe(404);
  });
});

describe('overdue reminders', () => {
  it('the daily scan runs at 01:30 Beijing time, the next calendar day there (issue #35)', () => {
    // 2026-11-30 23:30 UTC is already 1 December in Beijing: the next scan is 2 December 01:30 there.
    expect(nextOverdueScanTime(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe(
      '2026-12-01T17:30:00.000Z',
    );
    // 2026-12-01 10:00 UTC (18:00 in Beijing) → 2 December 01:30 Beijing as well.
    expect(nextOverdueScanTime(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe(
      '2026-12-01T17:30:00.000Z',
    );
  });

  it('remind both sides once per item and due date, and again for a new due date', async () => {
    const sheet = await sentSheet({
      subject: '逾期测试',
      lines: [
        { itemName: '逾期项', requiredDate: plus(1) },
        { itemName: '未到期', requiredDate: plus(30) },
      ],
    });
    const db = server.database.db;
    const [item] = await db.select().from(improvementItem).where(eq(improvementItem.documentId, sheet.id));
    const inFive = new Date(Date.now() + 5 * 86_400_000);
    await db.transaction((tx) => runImprovementOverdueScan(tx, 'test', inFive));
    const titleLike = `%${sheet.improvementNumber}%`;
    const msgs = async () =>
      db
        .select()
        .from(sysMsg)
        .where(and(like(sysMsg.msgTitle, titleLike), like(sysMsg.msgTitle, '%逾%')));
    const enMsgs = async () =>
      db
        .select()
        .from(sysMsg)
        .where(and(like(sysMsg.msgTitle, titleLike), like(sysMsg.msgTitle, '%overdue%')));
    const firstZh = await msgs();
    const firstEn = await enMsgs();
    // buyer1 (Chinese) and 200001's admin (English) hear of the one overdue item only.
    expect(firstZh.some((m) => m.elsAccount === '100000' && m.msgTitle.includes('逾期项'))).toBe(true);
    expect(firstZh.some((m) => m.msgTitle.includes('未到期'))).toBe(false);
    expect(
      firstEn.some(
        (m) => m.elsAccount === '200001' && m.elsSubAccount === 'admin' && m.msgTitle.includes(plus(1)),
      ),
    ).toBe(true);
    const sent = await db
      .select()
      .from(improvementReminderSent)
      .where(eq(improvementReminderSent.itemId, item.id));
    expect(sent).toHaveLength(1);
    // A second run (or process) the same day or later sends nothing for the same due date.
    const second = await db.transaction((tx) => runImprovementOverdueScan(tx, 'test', inFive));
    expect((await msgs()).length).toBe(firstZh.length);
    expect((await enMsgs()).length).toBe(firstEn.length);
    expect(second).toBe(0);
    // Answered with a new due date: reminded again once that passes; verified items never.
    const read = await detail(SALE, supplier, sheet.id);
    const answered = await post(`${SALE}/answer/${sheet.id}`, supplier, {
      version: read.record.version,
      answers: answersFor(read.lines, plus(7)),
    });
    expect(answered.json().code, answered.json().message).toBe('200');
    await db.transaction((tx) =>
      runImprovementOverdueScan(tx, 'test', new Date(Date.now() + 10 * 86_400_000)),
    );
    expect(
      await db.select().from(improvementReminderSent).where(eq(improvementReminderSent.itemId, item.id)),
    ).toHaveLength(2);
    const closed = await post(`${BUY}/close/${sheet.id}`, buyer, { version: answered.json().data.version });
    expect(closed.json().code, closed.json().message).toBe('200');
    const before = (await msgs()).length;
    await db.transaction((tx) =>
      runImprovementOverdueScan(tx, 'test', new Date(Date.now() + 60 * 86_400_000)),
    );
    expect((await msgs()).length).toBe(before);
  });
});
