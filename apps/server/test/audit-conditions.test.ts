// @postgres: flow:audit, migrations — approval chains chosen at submit by type, category and organisation; migration 0062 run on the database under test
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type TestServer } from './helpers.ts';
import { masterdataFixtures } from './masterdata-fixtures.ts';

/**
 * Issue #19: approval conditions beyond the amount — document type, material category (any line, any level
 * of the master data's category tree), organisation — evaluated at submit; the matched chain is kept on the
 * tasks, so a change of the configuration applies to new submissions only.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  await masterdataFixtures(() => server).setUpCompanies();
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const { post, get } = callsOf(() => server);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Session = Awaited<ReturnType<typeof login>>;
type Step = Record<string, unknown>;
const CONFIG = '/apis/CommonAuditService';
const ORDER = '/apis/order/PurchaseOrderService';
const REQUEST = '/apis/purchaseRequest/PurchaseRequestService';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

const order = (orderType: string, materialNumber: string, extra: Record<string, unknown> = {}) => ({
  toElsAccount: '200001',
  orderType,
  orderDate: today(),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: '苏州工业园区星湖街 328 号',
  items: [
    {
      materialNumber,
      materialDesc: '条件测试物料',
      unit: 'PCS',
      quantity: '10',
      priceExcludingTax: '12.5',
      taxRate: '13',
      deliveryDate: '2026-12-31',
    },
  ],
  ...extra,
});

let admin: Session;
let buyer: Session;
let other: Session;

async function saveConfig(session: Session, documentKind: string, steps: Step[], lang = 'en') {
  const current = (await get(`${CONFIG}/findConfig/${documentKind}`, session)).json().data;
  return post(`${CONFIG}/saveConfig`, session, { documentKind, steps, version: current?.version }, lang);
}
/** Submits an order; answers its id and the step names of its chain as matched at submit (first task's). */
async function submitOrder(body: ReturnType<typeof order>) {
  const saved = await post(`${ORDER}/save`, buyer, body);
  expect(saved.json().code, saved.json().message).toBe('200');
  const { id, version } = saved.json().data;
  const submitted = await post(`${ORDER}/submit/${id}`, buyer, { version });
  expect(submitted.json().code, submitted.json().message).toBe('200');
  return { id: id as string, auditStatus: submitted.json().data.auditStatus as string };
}
async function tasksOf(documentId: string) {
  return rowsOf<{
    id: string;
    step_name: string;
    status: string;
    chain: Array<{ name: string; index: number }> | null;
    condition_values: Record<string, unknown> | null;
  }>(
    await server.database.db.execute(
      sql`select id, step_name, status, chain, condition_values from audit_task
          where document_id = ${documentId} order by create_date, step_index`,
    ),
  );
}
const chainOf = async (documentId: string) => (await tasksOf(documentId))[0]?.chain?.map((s) => s.name);
/** Approves the document's tasks one by one as the admin; answers the step names handled, in order. */
async function approveAll(documentId: string) {
  const names: string[] = [];
  for (let i = 0; i < 10; i++) {
    const pending = (await tasksOf(documentId)).find((t) => t.status === 'pending');
    if (!pending) break;
    const res = await post(`${CONFIG}/approve/${pending.id}`, admin, {});
    expect(res.json().code, res.json().message).toBe('200');
    names.push(pending.step_name);
  }
  return names;
}
const auditStatusOf = async (id: string) =>
  (await get(`${ORDER}/findDetail/${id}`, buyer)).json().data.order.auditStatus as string;

const user = (name: string, extra: Step = {}): Step => ({
  name,
  approverType: 'user',
  approvers: ['admin'],
  ...extra,
});
const ORDER_STEPS = [
  user('部门审批'),
  user('标准订单复核', { documentTypes: ['0'] }),
  user('包材审批', { categories: ['PACK'] }),
  user('华东组织审批', { organisations: { purchaseOrg: ['1000'] } }),
];

describe('approval conditions (issue #19)', () => {
  beforeAll(async () => {
    admin = await login(server, '100000', 'admin');
    buyer = await login(server, '100000', 'buyer1');
    other = await login(server, '100001', 'admin');
  });

  it('tells the config page which conditions a flow offers', async () => {
    const orderOffer = (await get(`${CONFIG}/conditionOptions/order`, admin)).json().data;
    expect(orderOffer.documentType.field).toBe('orderType');
    expect(orderOffer.documentType.options).toContainEqual({
      value: '2',
      label: { zh_cn: '寄售', en: 'Consignment' },
    });
    expect(orderOffer.categories).toBe(true);
    expect(orderOffer.organisations.map((o: { item: string }) => o.item)).toEqual(['purchaseOrg']);
    const requestOffer = (await get(`${CONFIG}/conditionOptions/purchaseRequest`, admin)).json().data;
    expect(requestOffer.documentType.field).toBe('requestType');
    expect(requestOffer.organisations.map((o: { item: string }) => o.item)).toEqual(['factory']);
    // An RFQ's award is an action of the RFQ kind: it offers the RFQ's conditions.
    const awardOffer = (await get(`${CONFIG}/conditionOptions/enquiryEnd`, admin)).json().data;
    expect(awardOffer.documentType.field).toBe('enquiryType');
    // A flow of no document kind offers only the amount.
    expect((await get(`${CONFIG}/conditionOptions/supplierFreeze`, admin)).json().data).toEqual({
      documentType: null,
      categories: false,
      organisations: [],
    });
  });

  it("refuses bad conditions with '400' naming the field, in the user's language, changing nothing", async () => {
    const before = (await get(`${CONFIG}/findConfig/order`, admin)).json().data;
    const cases: Array<[string, Step[], string, string?]> = [
      ['order', [user('a', { documentTypes: ['Z9'] })], 'body.steps.0.documentTypes'],
      ['order', [user('a'), user('b', { categories: ['NO-SUCH-CATE'] })], 'body.steps.1.categories'],
      ['order', [user('a', { minAmount: 1000, maxAmount: 1000 })], 'body.steps.0.maxAmount'],
      [
        // A flow whose documents carry no organisation at all (returns).
        'refund',
        [user('a', { organisations: { purchaseOrg: ['1000'] } })],
        'body.steps.0.organisations',
      ],
      // The order offers the purchase organisation only; codes must be records of that item's master.
      ['order', [user('a', { organisations: { factory: ['1010'] } })], 'body.steps.0.organisations.factory'],
      [
        'order',
        [user('a', { organisations: { purchaseOrg: ['1010'] } })],
        'body.steps.0.organisations.purchaseOrg',
      ],
      [
        'order',
        [user('a', { organisations: { purchaseOrg: ['1000', 'ORG-NONE'] } })],
        'body.steps.0.organisations.purchaseOrg',
      ],
      ['order', [user('a', { organisations: ['1000'] })], 'steps.0.organisations'],
      ['refund', [user('a', { documentTypes: ['0'] })], 'body.steps.0.documentTypes'],
      ['supplierFreeze', [user('a', { categories: ['PACK'] })], 'body.steps.0.categories'],
      ['order', [user('a', { organisations: { purchaseOrg: [''] } })], 'steps.0.organisations.purchaseOrg.0'],
    ];
    for (const [kind, steps, field] of cases) {
      const res = await saveConfig(admin, kind, steps);
      expect(res.json().code, `${kind} ${field}`).toBe('400');
      expect(res.json().message).toContain(field);
    }
    const zh = await saveConfig(admin, 'order', [user('a', { documentTypes: ['Z9'] })], 'zh_cn');
    expect(zh.json().message).toContain('单据类型 Z9 不存在');
    const en = await saveConfig(admin, 'refund', [user('a', { organisations: { factory: ['1010'] } })]);
    expect(en.json().message).toContain('no purchase organisation or factory');
    const unknown = await saveConfig(admin, 'order', [
      user('a', { organisations: { purchaseOrg: ['ORG-NONE'] } }),
    ]);
    expect(unknown.json().message).toBe(
      'body.steps.0.organisations.purchaseOrg: ORG-NONE is not a Purchase organisation of your company (not in the organisation master data)',
    );
    const unknownZh = await saveConfig(
      admin,
      'purchaseRequest',
      [user('a', { organisations: { factory: ['F-NONE'] } })],
      'zh_cn',
    );
    expect(unknownZh.json().message).toBe(
      'body.steps.0.organisations.factory：F-NONE 不是本公司的工厂（组织主数据中没有）',
    );
    expect((await get(`${CONFIG}/findConfig/order`, admin)).json().data).toEqual(before);
  });

  it('an order of type 0 goes through the type step; type 2 skips it', async () => {
    const saved = await saveConfig(admin, 'order', ORDER_STEPS);
    expect(saved.json().code, saved.json().message).toBe('200');
    expect(saved.json().data.steps[1]).toMatchObject({ documentTypes: ['0'] });

    const standard = await submitOrder(order('0', 'R-0603-10K'));
    expect(standard.auditStatus).toBe('1');
    expect(await chainOf(standard.id)).toEqual(['部门审批', '标准订单复核']);
    const [first] = await tasksOf(standard.id);
    expect(first.condition_values).toMatchObject({
      documentType: '0',
      categories: expect.arrayContaining(['ELEC', 'ELEC-PAS', 'ELEC-PAS-RES']),
      organisations: [],
    });
    expect(await approveAll(standard.id)).toEqual(['部门审批', '标准订单复核']);
    expect(await auditStatusOf(standard.id)).toBe('2');

    const consignment = await submitOrder(order('2', 'R-0603-10K'));
    expect(await chainOf(consignment.id)).toEqual(['部门审批']);
    expect(await approveAll(consignment.id)).toEqual(['部门审批']);
    expect(await auditStatusOf(consignment.id)).toBe('2');
  });

  it("a category condition matches any line's material at any level of its category", async () => {
    const mixed = order('2', 'R-0603-10K');
    mixed.items.push({ ...mixed.items[0], materialNumber: 'BOX-5L-600' });
    const withBox = await submitOrder(mixed);
    // BOX-5L-600 is in PACK › PACK-BOX › PACK-BOX-5L: the step on PACK applies.
    expect(await chainOf(withBox.id)).toEqual(['部门审批', '包材审批']);
    expect(await approveAll(withBox.id)).toEqual(['部门审批', '包材审批']);
    // A material outside the master data has no category: the step does not apply.
    expect(await chainOf((await submitOrder(order('2', 'NOT-IN-MASTER'))).id)).toEqual(['部门审批']);
  });

  it('an organisation condition matches the purchase organisation', async () => {
    const east = await submitOrder(order('2', 'R-0603-10K', { purchaseOrganization: '1000' }));
    expect(await chainOf(east.id)).toEqual(['部门审批', '华东组织审批']);
    const [task] = await tasksOf(east.id);
    expect(task.condition_values).toMatchObject({ organisationItems: { purchaseOrg: '1000' } });
    const west = await submitOrder(order('2', 'R-0603-10K', { purchaseOrganization: '2000' }));
    expect(await chainOf(west.id)).toEqual(['部门审批']);
  });

  it("a requisition's factory and line category (the kind's accessor, no code of its own)", async () => {
    const saved = await saveConfig(admin, 'purchaseRequest', [
      user('工厂审批', { organisations: { factory: ['1010'] } }),
      user('电子料审批', { categories: ['ELEC-PAS'], documentTypes: ['0'] }),
    ]);
    expect(saved.json().code, saved.json().message).toBe('200');
    const request = async (purchaseFactory: string, materialNumber: string) => {
      const res = await post(`${REQUEST}/save`, buyer, {
        requestType: '0',
        applicant: '测试',
        purchaseFactory,
        lines: [
          {
            materialNumber,
            quantity: '10',
            budgetPrice: '1',
            deliveryDate: '2026-12-31',
            expectSupplierEls: '200001',
          },
        ],
      });
      expect(res.json().code, res.json().message).toBe('200');
      const submitted = await post(`${REQUEST}/submit/${res.json().data.id}`, buyer, {
        version: res.json().data.version,
      });
      expect(submitted.json().code, submitted.json().message).toBe('200');
      return { id: res.json().data.id as string, auditStatus: submitted.json().data.auditStatus as string };
    };
    const east = await request('1010', 'R-0603-10K');
    expect(await chainOf(east.id)).toEqual(['工厂审批', '电子料审批']);
    const westBox = await request('1020', 'BOX-5L-600');
    expect(westBox.auditStatus).toBe('2');
    expect(await tasksOf(westBox.id)).toEqual([]);
  });

  it('a change of the configuration leaves a running approval on the chain it matched', async () => {
    const running = await submitOrder(order('0', 'R-0603-10K'));
    expect(await chainOf(running.id)).toEqual(['部门审批', '标准订单复核']);
    // The admin drops the type step and adds another one for every order.
    const changed = await saveConfig(admin, 'order', [
      user('部门审批'),
      user('财务审批', { approvers: ['buyer1'] }),
    ]);
    expect(changed.json().code, changed.json().message).toBe('200');
    expect(await approveAll(running.id)).toEqual(['部门审批', '标准订单复核']);
    expect(await auditStatusOf(running.id)).toBe('2');
    // A new submission follows the new configuration.
    const fresh = await submitOrder(order('0', 'R-0603-10K'));
    expect(await chainOf(fresh.id)).toEqual(['部门审批', '财务审批']);
  });

  it("keeps each company's conditions and categories to itself", async () => {
    // Another company cannot name 100000's categories, and sees none of its configuration.
    const foreign = await saveConfig(other, 'order', [
      user('a', { approvers: ['admin'], categories: ['PACK'] }),
    ]);
    expect(foreign.json().code).toBe('400');
    expect(foreign.json().message).toContain('body.steps.0.categories');
    expect((await get(`${CONFIG}/findConfig/order`, other)).json().data).toBeNull();
    const own = await saveConfig(other, 'order', [user('a', { approvers: ['admin'], documentTypes: ['2'] })]);
    expect(own.json().code, own.json().message).toBe('200');
    // 100000's configuration is untouched by 100001's save.
    const ours = (await get(`${CONFIG}/findConfig/order`, admin)).json().data;
    expect(ours.steps.map((s: Step) => s.name)).toEqual(['部门审批', '财务审批']);
    // A 100000 consignment order still runs 100000's chain only.
    const consignment = await submitOrder(order('2', 'R-0603-10K'));
    expect(await chainOf(consignment.id)).toEqual(['部门审批', '财务审批']);
  });
});

describe('migration 0062: organisation conditions per item (issue #19)', () => {
  it('converts plain organisation lists the masters resolve, keeps the others (still matched as before)', async () => {
    const statements = readFileSync(
      new URL('../drizzle/0062_org_leftovers.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const db = server.database.db;
    const steps = [
      { name: 'a', approverType: 'user', approvers: ['admin'], organisations: ['1000', '1010'] },
      { name: 'b', approverType: 'user', approvers: ['admin'], organisations: ['1000', 'NOT-A-MASTER'] },
      { name: 'c', approverType: 'user', approvers: ['admin'], minAmount: 5 },
    ];
    await db.execute(
      sql`delete from audit_config where els_account = '100000' and document_kind = 'enquiryEdit'`,
    );
    await db.execute(
      sql`insert into audit_config (els_account, document_kind, steps, last_update_user)
          values ('100000', 'enquiryEdit', ${JSON.stringify(steps)}::jsonb, 'test')`,
    );
    // Read before the conversion: the page gets the plain list as it is.
    const before = (await get(`${CONFIG}/findConfig/enquiryEdit`, admin)).json();
    expect(before.code, before.message).toBe('200');
    expect(before.data.steps[0].organisations).toEqual(['1000', '1010']);
    await db.execute(sql.raw(statements.find((s) => s.includes('UPDATE "audit_config"')) as string));
    const after = (await get(`${CONFIG}/findConfig/enquiryEdit`, admin)).json().data.steps;
    expect(after[0].organisations).toEqual({ purchaseOrg: ['1000'], factory: ['1010'] });
    expect(after[1].organisations).toEqual(['1000', 'NOT-A-MASTER']);
    expect(after[2]).toEqual(steps[2]);
    await db.execute(
      sql`delete from audit_config where els_account = '100000' and document_kind = 'enquiryEdit'`,
    );
  });
});
