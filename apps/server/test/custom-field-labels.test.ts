// @postgres: flow:custom-field — custom field labels saved and read per document kind
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/** Custom field labels per document kind (issue #5): modules/custom-field. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { post, get } = callsOf(() => server);
const SAVE = '/apis/CustomFieldService/saveLabels';
const find = async (session: Session, kind: string) =>
  (await get(`/apis/CustomFieldService/findLabels/${kind}`, session)).json();

describe('custom field labels', () => {
  it('answers the demo labels to any buyer sub-account; the admin replaces a set; stale versions are 409', async () => {
    const admin = await login(server, '100000', 'admin');
    const buyer1 = await login(server, '100000', 'buyer1');
    const seeded = await find(buyer1, 'purchaseOrder');
    expect(seeded.code).toBe('200');
    expect(seeded.data).toEqual({
      documentKind: 'purchaseOrder',
      labels: [
        { fieldKey: 'fbk1', zh_cn: '项目编号', en: 'Project code' },
        { fieldKey: 'fbk2', zh_cn: '成本中心', en: 'Cost center' },
      ],
      version: 0,
    });
    const saved = await post(SAVE, admin, {
      documentKind: 'purchaseOrder',
      version: 0,
      labels: [
        { fieldKey: 'fbk12', zh_cn: '  质检等级 ', en: 'Grade' },
        { fieldKey: 'fbk3', zh_cn: '', en: ' Plant ' },
        { fieldKey: 'fbk1', zh_cn: '项目编号', en: '' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // fbk order, trimmed, an empty language takes the other's text.
    expect(saved.json().data).toEqual({
      documentKind: 'purchaseOrder',
      labels: [
        { fieldKey: 'fbk1', zh_cn: '项目编号', en: '项目编号' },
        { fieldKey: 'fbk3', zh_cn: 'Plant', en: 'Plant' },
        { fieldKey: 'fbk12', zh_cn: '质检等级', en: 'Grade' },
      ],
      version: 1,
    });
    expect((await find(buyer1, 'purchaseOrder')).data.version).toBe(1);
    // The line kind is its own set.
    expect((await find(buyer1, 'purchaseOrderItem')).data.labels).toEqual([
      { fieldKey: 'fbk1', zh_cn: '批次', en: 'Batch' },
    ]);
    // Stale (the version read before the save) and missing versions.
    const stale = await post(SAVE, admin, { documentKind: 'purchaseOrder', version: 0, labels: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('409');
    expect((await post(SAVE, admin, { documentKind: 'purchaseOrder', labels: [] })).statusCode).toBe(409);
    // An empty set clears the labels; the version keeps counting.
    const cleared = await post(SAVE, admin, { documentKind: 'purchaseOrder', version: 1, labels: [] });
    expect(cleared.json().data).toEqual({ documentKind: 'purchaseOrder', labels: [], version: 2 });
  });

  it('refuses each broken rule with 400 naming the field, in the caller language', async () => {
    const admin = await login(server, '100000', 'admin');
    const { version } = (await find(admin, 'purchaseOrderItem')).data;
    const ok = { fieldKey: 'fbk2', zh_cn: '等级', en: 'Grade' };
    const cases: Array<[unknown, string]> = [
      [{ documentKind: 'noSuchKind', labels: [] }, 'body.documentKind'],
      [
        { documentKind: 'purchaseOrderItem', version, labels: [ok, { ...ok, fieldKey: 'fbk51' }] },
        'body.labels.1.fieldKey',
      ],
      [
        { documentKind: 'purchaseOrderItem', version, labels: [ok, { ...ok, fieldKey: 'fbk0' }] },
        'body.labels.1.fieldKey',
      ],
      [{ documentKind: 'purchaseOrderItem', version, labels: [ok, ok] }, 'body.labels.1.fieldKey'],
      [
        {
          documentKind: 'purchaseOrderItem',
          version,
          labels: [ok, { fieldKey: 'fbk3', zh_cn: '   ', en: '' }],
        },
        'body.labels.1.zh_cn',
      ],
      [{ documentKind: 'purchaseOrderItem', version, labels: [{ fieldKey: 'fbk3' }] }, 'body.labels.0.zh_cn'],
      [
        {
          documentKind: 'purchaseOrderItem',
          version,
          labels: [ok, ok, { ...ok, fieldKey: 'fbk4', en: 'x'.repeat(51) }],
        },
        'body.labels',
      ],
      [
        { documentKind: 'purchaseOrderItem', version, labels: [{ ...ok, en: 'x'.repeat(51) }] },
        'body.labels.0.en',
      ],
      [{ documentKind: 'purchaseOrderItem', version, labels: [{ ...ok, zh_cn: 7 }] }, 'body.labels.0.zh_cn'],
      [{ documentKind: 'purchaseOrderItem', version: -1, labels: [] }, 'body.version'],
      [{ documentKind: 'purchaseOrderItem', version, labels: 'fbk1' }, 'body.labels'],
    ];
    for (const [body, field] of cases) {
      const res = await post(SAVE, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('400');
      expect(res.json().message).toContain(field);
    }
    // 50 characters is fine, 51 is not; the message speaks the caller's language.
    const zh = await post(
      SAVE,
      admin,
      { documentKind: 'purchaseOrderItem', version, labels: [{ ...ok, zh_cn: '长'.repeat(51) }] },
      'zh_cn',
    );
    expect(zh.json().message).toMatch(/^参数错误：body\.labels\.0\.zh_cn 长度不能超过 50/);
    const dup = await post(
      SAVE,
      admin,
      { documentKind: 'purchaseOrderItem', version, labels: [ok, ok] },
      'zh_cn',
    );
    expect(dup.json().message).toContain('body.labels.1.fieldKey 重复');
    const fifty = await post(SAVE, admin, {
      documentKind: 'purchaseOrderItem',
      version,
      labels: [{ ...ok, zh_cn: '长'.repeat(50) }],
    });
    expect(fifty.statusCode).toBe(200);
    // Malformed JSON is 400, never 500.
    const bad = await server.app.inject({
      method: 'POST',
      url: SAVE,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"documentKind":',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only buyer administrators save; other companies neither read nor change the set', async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const supplier = await login(server, '200001', 'admin');
    const body = {
      documentKind: 'purchaseOrderItem',
      labels: [{ fieldKey: 'fbk9', zh_cn: '非法', en: 'Nope' }],
    };
    const before = (await find(buyer1, 'purchaseOrderItem')).data;
    for (const session of [buyer1, supplier]) {
      const res = await post(SAVE, session, { ...body, version: before.version });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('403');
    }
    expect((await find(buyer1, 'purchaseOrderItem')).data).toEqual(before);
    // The supplier's own findLabels is its own (empty) company, never the buyer's.
    expect((await find(supplier, 'purchaseOrderItem')).data).toEqual({
      documentKind: 'purchaseOrderItem',
      labels: [],
      version: 0,
    });
    // A supplier admin is refused even for its own company (suppliers name no buyer fields).
    expect((await post(SAVE, supplier, { ...body, version: 0 })).statusCode).toBe(403);
  });

  it("answers an order's labels to the buyer and, once sent, to its supplier only", async () => {
    const buyer1 = await login(server, '100000', 'buyer1');
    const supplier = await login(server, '200001', 'admin');
    const other = await login(server, '200002', 'admin');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const created = (
      await post('/apis/order/PurchaseOrderService/save', buyer1, {
        toElsAccount: '200001',
        orderType: '0',
        orderDate: today,
        items: [
          {
            materialNumber: 'M-1',
            materialDesc: '物料',
            unit: 'PCS',
            quantity: '1',
            priceExcludingTax: '1',
            taxRate: '13',
            deliveryDate: '2026-12-31',
          },
        ],
      })
    ).json().data;
    const url = `/apis/CustomFieldService/findOrderLabels/${created.id}`;
    const mine = (await get(url, buyer1)).json();
    expect(mine.code).toBe('200');
    expect(mine.data.purchaseOrderItem[0]).toMatchObject({ fieldKey: 'fbk2' });
    // Not sent yet: the supplier cannot see the order, nor its labels; another supplier never.
    expect((await get(url, supplier)).statusCode).toBe(404);
    expect((await get(url, other)).statusCode).toBe(404);
    // Sent (the approval and send flow is order.test.ts's subject).
    await server.database.db.execute(
      sql`update purchase_order set send_status = '1' where id = ${created.id}`,
    );
    expect((await get(url, supplier)).json().data).toEqual(mine.data);
    expect((await get(url, other)).statusCode).toBe(404);
    expect((await get('/apis/CustomFieldService/findOrderLabels/not-a-uuid', buyer1)).statusCode).toBe(400);
  });
});
