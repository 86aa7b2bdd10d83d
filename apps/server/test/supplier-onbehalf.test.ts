import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Issue #19, approval delegation on the supplier screens: the supplier information change detail and the
 * supplier lifecycle request detail answer each approval task with `handledOnBehalfOf`, the sub-account a
 * delegate approved for (as the document and order details do), and null when the approver acted for
 * themselves. Demo world: admin of 100000 approves both flows; buyer2 (a copy of buyer1) is the delegate.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const SALE = '/apis/supplierdatamodify/SaleSupplierChangeService';
const BUY = '/apis/supplierdatamodify/PurchaseSupplierChangeService';
const SC = '/apis/masterdata/PurchaseSupplierStatusChangeService';

type Task = { id: string; status: string; handledBy: string | null; handledOnBehalfOf: string | null };
type TodoRow = { id: string; documentKind: string; documentId: string; onBehalfOf: string | null };

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  await server.database.db.execute(sql`
    insert into subaccount
    select (jsonb_populate_record(null::subaccount, to_jsonb(s) || jsonb_build_object(
      'id', gen_random_uuid(), 'els_sub_account', 'buyer2', 'name', 'Ada Buyer', 'email', null, 'mobile', null))).*
    from subaccount s where s.els_account = '100000' and s.els_sub_account = 'buyer1'`);
  s.buyer = await login(server, '100000', 'buyer1');
  s.admin = await login(server, '100000', 'admin');
  s.buyer2 = await login(server, '100000', 'buyer2');
  s.supplier = await login(server, '200001', 'admin');
  // The supplier-change flow: one step, approved by admin.
  const current = (await get('/apis/CommonAuditService/findConfig/supplierChange', s.admin)).json().data;
  const config = await post('/apis/CommonAuditService/saveConfig', s.admin, {
    version: current?.version,
    documentKind: 'supplierChange',
    steps: [{ name: '主数据审批', approverType: 'user', approvers: ['admin'] }],
  });
  expect(config.json().code, config.json().message).toBe('200');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

/** The supplier proposes one more contact; the request waits for admin's approval. */
async function proposeContact(name: string) {
  const master = (await get(`${SALE}/findMaster?elsAccount=100000`, s.supplier)).json().data;
  const res = await post(`${SALE}/save`, s.supplier, {
    elsAccounts: ['100000'],
    profile: { ...master.profile, contacts: [...master.profile.contacts, { name, telphone: '13900000077' }] },
    submit: true,
  });
  expect(res.json().code, res.json().message).toBe('200');
  const request = res.json().data[0];
  expect(request.applyStatus).toBe('2');
  return request as { id: string; version: number };
}

async function todoFor(session: Session, documentId: string) {
  const list = (await post('/apis/CommonAuditService/todoPagelist', session, { pageSize: 100 })).json().data;
  return (list.records as TodoRow[]).find((t) => t.documentId === documentId);
}

async function changeTasks(id: string): Promise<Task[]> {
  const res = await get(`${BUY}/findDetail/${id}`, s.buyer);
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data.tasks;
}

async function lifecycleTasks(id: string): Promise<Task[]> {
  const res = await get(`${SC}/findDetail/${id}`, s.buyer);
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data.tasks;
}

describe('"on behalf of" on the supplier approval trails', () => {
  it('a normal approval answers handledOnBehalfOf null (supplier change and lifecycle)', async () => {
    const change = await proposeContact('钱正');
    const done = await post(`${BUY}/approve/${change.id}`, s.admin, { version: change.version });
    expect(done.json().code, done.json().message).toBe('200');
    expect(await changeTasks(change.id)).toEqual([
      expect.objectContaining({ status: 'approved', handledBy: '100000_admin', handledOnBehalfOf: null }),
    ]);

    const saved = await post(`${SC}/save`, s.buyer, {
      requestType: 'directToQualified',
      toElsAccount: '200007',
      reason: '样品测试合格',
      submit: true,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    const request = saved.json().data;
    const task = await todoFor(s.admin, request.id);
    expect(task).toBeTruthy();
    const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, s.admin, { remark: '同意' });
    expect(approved.json().code, approved.json().message).toBe('200');
    expect(await lifecycleTasks(request.id)).toEqual([
      expect.objectContaining({ status: 'approved', handledBy: '100000_admin', handledOnBehalfOf: null }),
    ]);
  });

  it('a delegate’s approval answers handledOnBehalfOf = the delegating user (supplier change and lifecycle)', async () => {
    const delegation = await post('/apis/CommonAuditService/delegations', s.admin, {
      delegate: 'buyer2',
      startDate: new Date(Date.now() - 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    });
    expect(delegation.json().code, delegation.json().message).toBe('200');

    // Supplier change: buyer2 approves admin's task from the to-do list.
    const change = await proposeContact('孙立');
    const changeTask = await todoFor(s.buyer2, change.id);
    expect(changeTask).toMatchObject({ documentKind: 'supplierChange', onBehalfOf: 'admin' });
    const ok = await post(`/apis/CommonAuditService/approve/${changeTask?.id}`, s.buyer2, { remark: 'OK' });
    expect(ok.json().code, ok.json().message).toBe('200');
    expect(await changeTasks(change.id)).toEqual([
      expect.objectContaining({ status: 'approved', handledBy: '100000_buyer2', handledOnBehalfOf: 'admin' }),
    ]);
    // Both named (issue #19 names instead of codes): the delegate made above, the admin as stored.
    const stored = (await server.database.db.execute(
      sql`select name from subaccount where els_account = '100000' and els_sub_account = 'admin'`,
    )) as unknown as { rows: Array<{ name: string }> };
    const adminName = stored.rows[0]?.name;
    expect(adminName).toBeTruthy();
    expect((await changeTasks(change.id))[0]).toMatchObject({
      handledByName: 'Ada Buyer',
      handledOnBehalfOfName: adminName,
    });

    // Lifecycle: the demo's unfreeze of 200006 waits for admin; buyer2 approves it on admin's behalf.
    const unfreeze = (await post('/apis/CommonAuditService/todoPagelist', s.buyer2, { pageSize: 100 }))
      .json()
      .data.records.find((t: TodoRow) => t.documentKind === 'supplierUnfreeze') as TodoRow | undefined;
    expect(unfreeze).toMatchObject({ onBehalfOf: 'admin' });
    const res = await post(`/apis/CommonAuditService/approve/${unfreeze?.id}`, s.buyer2, { remark: 'OK' });
    expect(res.json().code, res.json().message).toBe('200');
    const tasks = await lifecycleTasks(unfreeze?.documentId ?? '');
    expect(tasks.find((t) => t.id === unfreeze?.id)).toMatchObject({
      status: 'approved',
      handledBy: '100000_buyer2',
      handledByName: 'Ada Buyer',
      handledOnBehalfOf: 'admin',
      handledOnBehalfOfName: adminName,
    });
  });
});
