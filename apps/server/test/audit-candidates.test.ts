import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role, subaccount, subaccountRole } from '../src/modules/account/tables.ts';
import { sysMsg } from '../src/modules/message/tables.ts';
import { SECOND_BUYER } from '../src/seed/demo-second-buyer.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Issue #33 "Handled by —": a waiting approval step names who may approve it — the buyer's own active
 * sub-accounts holding the step's role or named by it, at most 10 by name and the count of all — in the
 * document's approval history and the approval lists; a handled step names its handler. Step names come in
 * both languages (the English one falling back to the Chinese), and the approver's message names the step
 * in the approver's language.
 */
let server: TestServer;
let admin: Session;
let buyer: Session;
const { post, get } = callsOf(() => server);
const BASE = '/apis/purchaseRequest/PurchaseRequestService';
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
type Task = {
  id: string;
  stepName: string;
  stepNameEn: string | null;
  status: string;
  handledBy: string | null;
  candidates: Array<{ elsSubAccount: string; name: string }> | null;
  candidateCount: number;
};

beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server, '100000', 'admin');
  buyer = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

/** Adds sub-accounts to a company holding its role `roleCode` (status as given). */
async function addHolders(
  elsAccount: string,
  roleCode: string,
  accounts: Array<{ sub: string; name: string; status?: 'active' | 'disabled' }>,
) {
  const db = server.database.db;
  const [r] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.elsAccount, elsAccount), eq(role.roleCode, roleCode)));
  const rows = await db
    .insert(subaccount)
    .values(
      accounts.map((a) => ({
        elsAccount,
        elsSubAccount: a.sub,
        name: a.name,
        station: 'purchase' as const,
        passwordHash: 'not-a-login',
        status: a.status ?? 'active',
      })),
    )
    .returning({ id: subaccount.id });
  await db.insert(subaccountRole).values(rows.map((row) => ({ subaccountId: row.id, roleId: r.id })));
}

async function saveSteps(steps: unknown[]) {
  const config = (await get('/apis/CommonAuditService/findConfig/purchaseRequest', admin)).json().data;
  return post('/apis/CommonAuditService/saveConfig', admin, {
    documentKind: 'purchaseRequest',
    steps,
    version: config?.version,
  });
}

async function submitRequisition(): Promise<string> {
  const saved = (
    await post(`${BASE}/save`, buyer, {
      requestType: '0',
      lines: [
        {
          materialNumber: 'X-CAND',
          materialDesc: '审批人物料',
          unit: 'PCS',
          quantity: '1',
          deliveryDate: day(9),
        },
      ],
    })
  ).json();
  expect(saved.code, saved.message).toBe('200');
  const submitted = (
    await post(`${BASE}/submit/${saved.data.id}`, buyer, { version: saved.data.version })
  ).json();
  expect(submitted.code, submitted.message).toBe('200');
  return saved.data.id;
}

const tasksOf = async (id: string) =>
  (await get(`${BASE}/findDetail/${id}`, buyer)).json().data.tasks as Task[];
const nameOf = async (elsAccount: string, sub: string) =>
  (
    await server.database.db
      .select({ name: subaccount.name })
      .from(subaccount)
      .where(and(eq(subaccount.elsAccount, elsAccount), eq(subaccount.elsSubAccount, sub)))
  )[0].name;

describe('who may approve a waiting step (issue #33)', () => {
  it('names the role holders of the buyer only, caps the list, then the named users; handled steps keep the handler', async () => {
    // Twelve more holders of the admin role at the buyer, one of them disabled; holders of a role of the same
    // code at the second buyer and at a supplier must never show.
    await addHolders(
      '100000',
      'admin',
      Array.from({ length: 12 }, (_, i) => ({
        sub: `appr${String(i + 1).padStart(2, '0')}`,
        name: `审批人${i + 1}`,
        status: i === 11 ? ('disabled' as const) : ('active' as const),
      })),
    );
    await addHolders(SECOND_BUYER, 'admin', [{ sub: 'foreign1', name: '别家审批人' }]);
    await addHolders('200001', 'admin', [{ sub: 'seller9', name: '供应商审批人' }]);
    const saved = await saveSteps([
      {
        name: '部门经理审批',
        nameEn: 'Department manager approval',
        approverType: 'role',
        approvers: ['admin'],
      },
      // A named user who is no sub-account of the buyer ('ghost') is left out.
      { name: '财务审批', approverType: 'user', approvers: ['ghost', 'buyer1'] },
    ]);
    expect(saved.json().code, saved.body).toBe('200');
    const id = await submitRequisition();

    const [first] = await tasksOf(id);
    expect(first).toMatchObject({
      status: 'pending',
      stepName: '部门经理审批',
      stepNameEn: 'Department manager approval',
    });
    // admin + appr01…appr11 (appr12 is disabled): 12 in all, the first 10 by name.
    expect(first.candidateCount).toBe(12);
    expect(first.candidates).toHaveLength(10);
    const subs = first.candidates?.map((c) => c.elsSubAccount) ?? [];
    expect(subs).toEqual([
      'admin',
      'appr01',
      'appr02',
      'appr03',
      'appr04',
      'appr05',
      'appr06',
      'appr07',
      'appr08',
      'appr09',
    ]);
    expect(first.candidates?.[0].name).toBe(await nameOf('100000', 'admin'));
    expect(first.candidates?.[1].name).toBe('审批人1');
    for (const c of first.candidates ?? []) expect(c.name).not.toMatch(/别家|供应商/);

    // The submitter's list "still under approval" says whom it waits for too.
    const mine = (
      await post('/apis/CommonAuditService/findAuditUnComplete', buyer, { currentPage: 1, pageSize: 20 })
    ).json().data.records as Task[];
    expect(mine.find((t) => t.id === first.id)).toMatchObject({
      candidateCount: 12,
      stepNameEn: 'Department manager approval',
    });

    const approved = await post(`/apis/CommonAuditService/approve/${first.id}`, admin, {});
    expect(approved.json().code, approved.body).toBe('200');
    const [handled, second] = await tasksOf(id);
    // Handled: the handler, no candidates.
    expect(handled).toMatchObject({ status: 'approved', handledBy: '100000_admin', candidates: null });
    expect(second).toMatchObject({
      status: 'pending',
      stepName: '财务审批',
      stepNameEn: null,
      candidateCount: 1,
      candidates: [{ elsSubAccount: 'buyer1', name: await nameOf('100000', 'buyer1') }],
    });
    // buyer1's to-do carries the same.
    const todo = (
      await post('/apis/CommonAuditService/todoPagelist', buyer, { currentPage: 1, pageSize: 20 })
    ).json().data.records as Task[];
    expect(todo.find((t) => t.id === second.id)?.candidates).toEqual(second.candidates);
  });
});

describe('step names in both languages (issue #33)', () => {
  it('needs one of the two names, naming the field; an English-only step is kept with an empty Chinese name', async () => {
    const none = (
      await saveSteps([{ name: ' ', nameEn: '', approverType: 'user', approvers: ['admin'] }])
    ).json();
    expect(none.code).toBe('400');
    expect(none.message).toContain('body.steps.0.name');
    const enOnly = (
      await saveSteps([{ name: '', nameEn: ' Buyer check ', approverType: 'user', approvers: ['admin'] }])
    ).json();
    expect(enOnly.code, enOnly.message).toBe('200');
    expect(enOnly.data.steps[0]).toMatchObject({ name: '', nameEn: 'Buyer check' });
  });

  it('tells the approver the step in the approver’s language, the other one when theirs is empty', async () => {
    await server.database.db
      .update(subaccount)
      .set({ lang: 'en' })
      .where(and(eq(subaccount.elsAccount, '100000'), eq(subaccount.elsSubAccount, 'admin')));
    // An English reader of a Chinese-only step reads the Chinese name.
    for (const [step, expected] of [
      [
        { name: '部门经理审批', nameEn: 'Department manager approval' },
        'Approval step: Department manager approval',
      ],
      [{ name: '经理复核' }, 'Approval step: 经理复核'],
    ] as const) {
      expect((await saveSteps([{ ...step, approverType: 'user', approvers: ['admin'] }])).json().code).toBe(
        '200',
      );
      const id = await submitRequisition();
      const told = await server.database.db
        .select({ content: sysMsg.msgContent })
        .from(sysMsg)
        .where(
          and(eq(sysMsg.businessId, id), eq(sysMsg.elsAccount, '100000'), eq(sysMsg.elsSubAccount, 'admin')),
        );
      // The step first, then the kind's own content (the requisition's requester and amount).
      expect(told).toHaveLength(1);
      expect(told[0].content?.split('\n')[0]).toBe(expected);
      const [task] = await tasksOf(id);
      expect(task.stepNameEn).toBe(step.name === '经理复核' ? null : 'Department manager approval');
    }
  });
});

describe('the next step’s approvers are told when the flow reaches it (issue #33)', () => {
  it('a two-step flow tells the second step’s approver after the first approves, in their language, and nobody more on the final approve', async () => {
    const db = server.database.db;
    // The second step's approver reads English; the first reads Chinese.
    for (const [sub, lang] of [
      ['admin', 'zh_cn'],
      ['buyer1', 'en'],
    ] as const)
      await db
        .update(subaccount)
        .set({ lang })
        .where(and(eq(subaccount.elsAccount, '100000'), eq(subaccount.elsSubAccount, sub)));
    const saved = await saveSteps([
      {
        name: '部门经理审批',
        nameEn: 'Department manager approval',
        approverType: 'user',
        approvers: ['admin'],
      },
      { name: '财务审批', nameEn: 'Finance approval', approverType: 'user', approvers: ['buyer1'] },
    ]);
    expect(saved.json().code, saved.body).toBe('200');
    const id = await submitRequisition();
    const toApprove = async () =>
      (
        await db
          .select({ to: sysMsg.elsSubAccount, title: sysMsg.msgTitle, content: sysMsg.msgContent })
          .from(sysMsg)
          .where(and(eq(sysMsg.businessId, id), eq(sysMsg.elsAccount, '100000')))
          .orderBy(sysMsg.sendTime)
      ).filter((m) => /^(待审批|To approve)/.test(m.title));
    // On submit: the first step's approver only, in Chinese.
    const onSubmit = await toApprove();
    expect(onSubmit.map((m) => m.to)).toEqual(['admin']);
    expect(onSubmit[0].content.split('\n')[0]).toBe('审批步骤：部门经理审批');

    const [first] = (await tasksOf(id)).filter((t) => t.status === 'pending');
    const approved = (await post(`/apis/CommonAuditService/approve/${first.id}`, admin, {})).json();
    expect(approved.code, approved.message).toBe('200');
    expect(approved.data.complete).toBe(false);
    // The flow moved on: the second step's approver is told, in English, naming the document and the step.
    const afterFirst = await toApprove();
    expect(afterFirst.map((m) => m.to)).toEqual(['admin', 'buyer1']);
    const [, told] = afterFirst;
    expect(told.title).toMatch(/^To approve: purchase requisition \S+/);
    expect(told.content.split('\n')[0]).toBe('Approval step: Finance approval');
    // With the kind's own content, as the first step's notice (the requisition's applicant and amount).
    const extras = onSubmit[0].content.split('\n').slice(1);
    expect(extras.join('\n')).toMatch(/ · \S+ CNY$/);
    expect(told.content.split('\n').slice(1)).toEqual(extras);

    const second = (await tasksOf(id)).find((t) => t.status === 'pending');
    expect(second?.stepName).toBe('财务审批');
    const done = (await post(`/apis/CommonAuditService/approve/${second?.id}`, buyer, {})).json();
    expect(done.code, done.message).toBe('200');
    expect(done.data.complete).toBe(true);
    // The last approval asks nobody for anything more.
    expect((await toApprove()).map((m) => m.to)).toEqual(['admin', 'buyer1']);
  });
});
