import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureClock, setNow } from '../src/platform/clock.ts';
import { callsOf, createTestServer, login, type TestServer } from './helpers.ts';

/** Issue #19: approval delegation ("while I am away, my approvals go to X") and carbon copy. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // A third buyer of company 100000 (buyer2), copied from buyer1 (same password), working in English.
  await server.database.db.execute(sql`
    insert into subaccount
    select (jsonb_populate_record(null::subaccount, to_jsonb(s) || jsonb_build_object(
      'id', gen_random_uuid(), 'els_sub_account', 'buyer2', 'name', 'Ada Buyer', 'email', null, 'mobile', null))).*
    from subaccount s where s.els_account = '100000' and s.els_sub_account = 'buyer1'`);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const { post, get } = callsOf(() => server);
const db = () => server.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const order = () => ({
  toElsAccount: '200001',
  orderType: '0',
  orderDate: today(),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: '苏州工业园区星湖街 328 号',
  items: [
    {
      materialNumber: 'M-2001',
      materialDesc: '委托测试物料',
      unit: 'PCS',
      quantity: '10',
      priceExcludingTax: '12.5',
      taxRate: '13',
      deliveryDate: '2026-12-31',
    },
  ],
});
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
type Session = Awaited<ReturnType<typeof login>>;
type Task = { id: string; documentNumber: string; onBehalfOf: string | null; onBehalfOfName: string | null };

async function submitOrder(buyer: Session) {
  const created = (await post('/apis/order/PurchaseOrderService/save', buyer, order())).json().data;
  const submitted = await post(`/apis/order/PurchaseOrderService/submit/${created.id}`, buyer, {
    version: created.version,
  });
  expect(submitted.json().data.auditStatus).toBe('1');
  return created as { id: string; orderNumber: string };
}
async function todoOf(session: Session, number: string): Promise<Task | undefined> {
  const list = (await post('/apis/CommonAuditService/todoPagelist', session, { pageSize: 100 })).json().data;
  return list.records.find((t: Task) => t.documentNumber === number);
}
async function pendingApprovers(documentId: string) {
  return rowsOf<{ approvers: string[]; delegated_from: Record<string, string> | null }>(
    await db().execute(
      sql`select approvers, delegated_from from audit_task where document_id = ${documentId} and status = 'pending'`,
    ),
  );
}
async function messagesOf(sub: string, number: string) {
  return rowsOf<{ msg_title: string }>(
    await db().execute(
      sql`select msg_title from sys_msg where els_account = '100000' and els_sub_account = ${sub} and msg_title like ${`%${number}%`}`,
    ),
  ).map((r) => r.msg_title);
}

describe('approval delegation and carbon copy', () => {
  let admin: Session;
  let buyer1: Session;
  let buyer2: Session;
  let delegationId = '';
  let delegationVersion = 0;

  it('an admin names CC recipients on a step; unknown ones are refused naming the field', async () => {
    admin = await login(server, '100000', 'admin');
    buyer1 = await login(server, '100000', 'buyer1');
    buyer2 = await login(server, '100000', 'buyer2');
    // Receivers' languages: buyer1 and buyer2 work in English, admin in Chinese.
    await db().execute(
      sql`update subaccount set lang = 'en' where els_account = '100000' and els_sub_account in ('buyer1', 'buyer2')`,
    );
    await db().execute(
      sql`update subaccount set lang = 'zh_cn' where els_account = '100000' and els_sub_account = 'admin'`,
    );
    const current = (await get('/apis/CommonAuditService/findConfig/order', admin)).json().data;
    const bad = await post('/apis/CommonAuditService/saveConfig', admin, {
      version: current?.version,
      documentKind: 'order',
      steps: [
        { name: '主管审批', approverType: 'user', approvers: ['admin'], ccType: 'user', cc: ['ghost'] },
      ],
    });
    expect(bad.json()).toMatchObject({ code: '400' });
    expect(bad.json().message).toContain('body.steps.0.cc');
    expect(bad.json().message).toContain('ghost');
    const saved = await post('/apis/CommonAuditService/saveConfig', admin, {
      version: current?.version,
      documentKind: 'order',
      steps: [
        {
          name: '主管审批',
          approverType: 'user',
          approvers: ['admin'],
          ccType: 'user',
          cc: ['buyer1', 'admin'],
        },
      ],
    });
    expect(saved.json().code).toBe('200');
    expect(saved.json().data.steps[0]).toMatchObject({ ccType: 'user', cc: ['buyer1', 'admin'] });
  });

  it('refuses bad delegations with the field and the rule, changing nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ delegate: 'admin', startDate: hours(-1), endDate: hours(24) }, 'body.delegate', 'yourself'],
      [{ delegate: 'ghost', startDate: hours(-1), endDate: hours(24) }, 'body.delegate', 'ghost'],
      [{ delegate: 'buyer2', startDate: hours(2), endDate: hours(1) }, 'body.endDate', 'after the start'],
      [{ delegate: 'buyer2', startDate: hours(-5), endDate: hours(-1) }, 'body.endDate', 'future'],
      [{ delegate: 'buyer2', startDate: 'tomorrow', endDate: hours(1) }, 'startDate', ''],
      // Years outside what the database holds are refused as input, not failed in the database.
      [
        { delegate: 'buyer2', startDate: '0000-01-01T00:00:00Z', endDate: hours(1) },
        'body.startDate',
        'invalid',
      ],
    ];
    for (const [body, field, rule] of cases) {
      const res = (await post('/apis/CommonAuditService/delegations', admin, body)).json();
      expect(res.code).toBe('400');
      expect(res.message).toContain(field);
      expect(res.message).toContain(rule);
    }
    // No chains: buyer2 has delegated to buyer1 for the period, so admin may not delegate to buyer2.
    const b2 = (
      await post('/apis/CommonAuditService/delegations', buyer2, {
        delegate: 'buyer1',
        startDate: hours(-1),
        endDate: hours(24),
      })
    ).json();
    expect(b2.code).toBe('200');
    const chain = (
      await post(
        '/apis/CommonAuditService/delegations',
        admin,
        { delegate: 'buyer2', startDate: hours(-1), endDate: hours(24) },
        'zh_cn',
      )
    ).json();
    expect(chain.code).toBe('400');
    expect(chain.message).toContain('body.delegate');
    expect(chain.message).toContain('转委托');
    // … and buyer1, standing in for buyer2, may not delegate either.
    const stand = (
      await post('/apis/CommonAuditService/delegations', buyer1, {
        delegate: 'admin',
        startDate: hours(1),
        endDate: hours(2),
      })
    ).json();
    expect(stand.code).toBe('400');
    expect(stand.message).toContain('on behalf of buyer2');
    const mine = (await get('/apis/CommonAuditService/delegations', admin)).json().data;
    expect(mine.filter((d: { mine: boolean }) => d.mine)).toEqual([]);
    // A version beyond the column's range is a '400', not a failed comparison in the database.
    expect(
      (
        await post(`/apis/CommonAuditService/delegations/${b2.data.id}/cancel`, buyer2, {
          version: 9_007_199_254_740_991,
        })
      ).json().code,
    ).toBe('400');
    // buyer2 cancels: stale version '409', then done; another user's cancel is '404'.
    expect(
      (await post(`/apis/CommonAuditService/delegations/${b2.data.id}/cancel`, buyer2, { version: 5 })).json()
        .code,
    ).toBe('409');
    expect(
      (await post(`/apis/CommonAuditService/delegations/${b2.data.id}/cancel`, admin, { version: 0 })).json()
        .code,
    ).toBe('404');
    const cancelled = (
      await post(`/apis/CommonAuditService/delegations/${b2.data.id}/cancel`, buyer2, {
        version: b2.data.version,
      })
    ).json();
    expect(cancelled.data.status).toBe('cancelled');
  });

  it('the delegate acts on a task already waiting for the delegator; the trail says on whose behalf; CC in each language', async () => {
    const waiting = await submitOrder(buyer1);
    expect(await pendingApprovers(waiting.id)).toEqual([{ approvers: ['admin'], delegated_from: null }]);
    expect(await todoOf(buyer2, waiting.orderNumber)).toBeUndefined();

    const created = (
      await post('/apis/CommonAuditService/delegations', admin, {
        delegate: 'buyer2',
        startDate: hours(-1),
        endDate: hours(24),
        remark: '年假',
      })
    ).json();
    expect(created.code).toBe('200');
    expect(created.data).toMatchObject({
      delegator: 'admin',
      delegate: 'buyer2',
      delegateName: 'Ada Buyer',
      mine: true,
    });
    delegationId = created.data.id;
    delegationVersion = created.data.version;
    const listedForDelegate = (await get('/apis/CommonAuditService/delegations', buyer2)).json().data;
    expect(listedForDelegate.find((d: { id: string }) => d.id === delegationId)).toMatchObject({
      mine: false,
    });

    // The waiting task stays with admin (who still sees it) and is open to buyer2 on admin's behalf.
    expect(await todoOf(admin, waiting.orderNumber)).toMatchObject({ onBehalfOf: null });
    const seen = await todoOf(buyer2, waiting.orderNumber);
    expect(seen).toMatchObject({ onBehalfOf: 'admin' });
    expect(seen?.onBehalfOfName).toBeTruthy();
    expect(seen?.onBehalfOfName).not.toBe('admin');
    // Not buyer1 (no delegation to them).
    expect((await post(`/apis/CommonAuditService/approve/${seen?.id}`, buyer1, {})).json().code).toBe('403');
    const approved = (
      await post(`/apis/CommonAuditService/approve/${seen?.id}`, buyer2, { remark: 'OK' })
    ).json();
    expect(approved.data).toMatchObject({
      complete: true,
      task: { handledBy: '100000_buyer2', onBehalfOf: 'admin' },
    });
    const done = (await post('/apis/CommonAuditService/donePagelist', buyer2, { pageSize: 100 })).json().data;
    expect(done.records.find((t: Task) => t.documentNumber === waiting.orderNumber)).toMatchObject({
      onBehalfOf: 'admin',
    });
    const detail = (await get(`/apis/order/PurchaseOrderService/findDetail/${waiting.id}`, buyer1)).json()
      .data;
    expect(detail.order.auditStatus).toBe('2');
    expect(detail.tasks[0]).toMatchObject({ handledBy: '100000_buyer2', handledOnBehalfOf: 'admin' });

    // Carbon copies: buyer1 in English, admin in Chinese; listed under "Copied to me".
    expect(await messagesOf('buyer1', waiting.orderNumber)).toContain(`CC: ${waiting.orderNumber} approved`);
    expect(await messagesOf('admin', waiting.orderNumber)).toContain(`抄送：${waiting.orderNumber} 审批通过`);
    expect(await messagesOf('buyer2', waiting.orderNumber)).not.toContain(
      `CC: ${waiting.orderNumber} approved`,
    );
    const copies = (await post('/apis/CommonAuditService/findCopiedToMe', buyer1, { pageSize: 100 })).json()
      .data;
    expect(
      copies.records.find((c: { documentNumber: string }) => c.documentNumber === waiting.orderNumber),
    ).toMatchObject({
      result: 'approved',
      documentId: waiting.id,
      link: expect.stringContaining(`?id=${waiting.id}`),
    });
    const notCopied = (
      await post('/apis/CommonAuditService/findCopiedToMe', buyer2, { pageSize: 100 })
    ).json().data;
    expect(notCopied.total).toBe(0);
  });

  it('routes a new task for the away approver to the delegate; the delegator keeps the right; rejection copies too', async () => {
    const fresh = await submitOrder(buyer1);
    expect(await pendingApprovers(fresh.id)).toEqual([
      { approvers: ['buyer2'], delegated_from: { buyer2: 'admin' } },
    ]);
    // buyer2 got the "to approve" message, the to-do says on whose behalf; admin still sees it as their own.
    expect((await messagesOf('buyer2', fresh.orderNumber)).some((m) => m.startsWith('To approve'))).toBe(
      true,
    );
    const task = await todoOf(buyer2, fresh.orderNumber);
    expect(task).toMatchObject({ onBehalfOf: 'admin' });
    const todo = (await get('/apis/ElsTodoService/selectTodoList', buyer2)).json().data;
    expect(todo.records.find((t: Task) => t.documentNumber === fresh.orderNumber)).toMatchObject({
      onBehalfOf: 'admin',
    });
    expect(await todoOf(admin, fresh.orderNumber)).toMatchObject({ onBehalfOf: null });
    const rejected = (
      await post(`/apis/CommonAuditService/reject/${task?.id}`, buyer2, { remark: '预算不足' })
    ).json();
    expect(rejected.data.task).toMatchObject({ status: 'rejected', onBehalfOf: 'admin' });
    expect(await messagesOf('buyer1', fresh.orderNumber)).toContain(`CC: ${fresh.orderNumber} rejected`);
    expect(await messagesOf('admin', fresh.orderNumber)).toContain(`抄送：${fresh.orderNumber} 审批拒绝`);

    // The delegation's period follows the company's clock (issue #35): moved past its end (24 h), a new task
    // goes to the delegator again — a period checked against the database's own now() would still delegate.
    configureClock({ movable: true });
    try {
      setNow(Date.now() + 25 * 3_600_000);
      const later = await submitOrder(buyer1);
      expect(await pendingApprovers(later.id)).toEqual([{ approvers: ['admin'], delegated_from: null }]);
    } finally {
      configureClock({ movable: false });
    }
  });

  it('keeps delegations to their company, and a cancelled one routes nothing', async () => {
    const other = await login(server, '100002', 'admin');
    const theirs = (await get('/apis/CommonAuditService/delegations', other)).json().data;
    expect(theirs.find((d: { id: string }) => d.id === delegationId)).toBeUndefined();
    // Another company's buyer1 is not ours: "buyer2" does not exist there.
    const refused = (
      await post('/apis/CommonAuditService/delegations', other, {
        delegate: 'buyer2',
        startDate: hours(-1),
        endDate: hours(2),
      })
    ).json();
    expect(refused.code).toBe('400');
    expect(refused.message).toContain('body.delegate');
    expect(
      (
        await post(`/apis/CommonAuditService/delegations/${delegationId}/cancel`, other, {
          version: delegationVersion,
        })
      ).json().code,
    ).toBe('404');
    // The other company's admin delegating to their own buyer1 opens none of our tasks to that buyer1.
    const otherBuyer = await login(server, '100002', 'buyer1');
    expect(
      (
        await post('/apis/CommonAuditService/delegations', other, {
          delegate: 'buyer1',
          startDate: hours(-1),
          endDate: hours(2),
        })
      ).json().code,
    ).toBe('200');
    const waiting = await submitOrder(buyer1);
    expect(await todoOf(otherBuyer, waiting.orderNumber)).toBeUndefined();
    expect(await todoOf(buyer2, waiting.orderNumber)).toMatchObject({ onBehalfOf: 'admin' });

    const cancelled = (
      await post(`/apis/CommonAuditService/delegations/${delegationId}/cancel`, admin, {
        version: delegationVersion,
      })
    ).json();
    expect(cancelled.data.status).toBe('cancelled');
    const after = await submitOrder(buyer1);
    expect(await pendingApprovers(after.id)).toEqual([{ approvers: ['admin'], delegated_from: null }]);
    expect(await todoOf(buyer2, after.orderNumber)).toBeUndefined();
  });
});
