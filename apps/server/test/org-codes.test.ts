import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrder } from '../src/modules/order/tables.ts';
import { purchaseRequest } from '../src/modules/purchase-request/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Document saves check their organisation codes against the company's organisation master data (issue
 * #19): in the kernel's save (requisition: factory, cost centre) and the order's own save (purchase
 * organisation, group), a code that is not an enabled record is '400' naming the field, the value and the
 * item in the caller's language, and nothing is saved; a value the document already holds stays valid
 * when it is disabled later; a company without masters of an item is not checked for it.
 */
let server: TestServer;
let admin: Session;
let buyer: Session;
const { post, get } = callsOf(() => server);
const PR = '/apis/purchaseRequest/PurchaseRequestService';
const PO = '/apis/order/PurchaseOrderService';
const FACTORY = '/apis/masterdata/PurchaseFactoryService';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const requisition = (extra: Record<string, unknown> = {}) => ({
  requestType: '0',
  lines: [
    {
      materialNumber: 'X-ORG-1',
      materialDesc: '组织校验物料',
      unit: 'PCS',
      quantity: '1',
      deliveryDate: day(20),
    },
  ],
  ...extra,
});
const order = (extra: Record<string, unknown> = {}) => ({
  toElsAccount: '200001',
  orderType: '0',
  orderDate: day(0),
  currency: 'CNY',
  exchangeRate: '1',
  items: [
    {
      materialNumber: 'M-ORG-1',
      materialDesc: '组织校验物料',
      unit: 'PCS',
      quantity: '10',
      priceExcludingTax: '1',
      taxRate: '13',
      deliveryDate: day(30),
    },
  ],
  ...extra,
});

const requisitions = async (els: string) =>
  (
    await server.database.db
      .select({ n: count() })
      .from(purchaseRequest)
      .where(eq(purchaseRequest.elsAccount, els))
  )[0].n;

beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server, '100000', 'admin');
  buyer = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

describe('organisation codes on document saves (issue #19)', () => {
  it('refuses a factory or cost centre the company does not hold, in the user’s language, saving nothing', async () => {
    const before = await requisitions('100000');
    const zh = (await post(`${PR}/save`, buyer, requisition({ purchaseFactory: 'NOPE' }), 'zh_cn')).json();
    expect(zh.code).toBe('400');
    expect(zh.message).toBe(
      'body.purchaseFactory：“NOPE”不是本公司已启用的工厂，请在组织主数据中维护或选择已启用的工厂',
    );
    const en = (await post(`${PR}/save`, buyer, requisition({ purchaseFactory: 'NOPE' }))).json();
    expect(en.message).toBe(
      'body.purchaseFactory: "NOPE" is not an enabled Factory of your company; choose an enabled one or maintain it in the organisation master data',
    );
    const cost = (
      await post(`${PR}/save`, buyer, requisition({ purchaseFactory: '1010', costCenter: 'CC-NOPE' }))
    ).json();
    expect(cost.code).toBe('400');
    expect(cost.message).toContain('body.costCenter');
    expect(cost.message).toContain('Cost centre');
    expect(await requisitions('100000')).toBe(before);
    const fine = (
      await post(`${PR}/save`, buyer, requisition({ purchaseFactory: '1010', costCenter: 'CC-RD-01' }))
    ).json();
    expect(fine.code, fine.message).toBe('200');
  });

  it('refuses a disabled factory on a new document, keeps it on one that already holds it', async () => {
    const created = (
      await post(`${FACTORY}/save`, admin, { code: 'F-ORGCHK', name: '校验工厂', parentCode: '1000' })
    ).json();
    expect(created.code, created.message).toBe('200');
    const draft = (await post(`${PR}/save`, buyer, requisition({ purchaseFactory: 'F-ORGCHK' }))).json();
    expect(draft.code, draft.message).toBe('200');
    const disabled = (
      await post(`${FACTORY}/disable/${created.data.id}`, admin, { version: created.data.version })
    ).json();
    expect(disabled.code, disabled.message).toBe('200');

    const fresh = (await post(`${PR}/save`, buyer, requisition({ purchaseFactory: 'F-ORGCHK' }))).json();
    expect(fresh.code).toBe('400');
    expect(fresh.message).toContain('"F-ORGCHK" is not an enabled Factory');
    // The draft's own (now disabled) factory stays while something else is edited …
    const edited = (
      await post(
        `${PR}/save`,
        buyer,
        requisition({
          id: draft.data.id,
          version: draft.data.version,
          purchaseFactory: 'F-ORGCHK',
          remark: 'x',
        }),
      )
    ).json();
    expect(edited.code, edited.message).toBe('200');
    // … but it cannot be moved to another disabled or unknown one.
    const moved = (
      await post(
        `${PR}/save`,
        buyer,
        requisition({ id: draft.data.id, version: edited.data.version, purchaseFactory: 'F-GONE' }),
      )
    ).json();
    expect(moved.code).toBe('400');
    expect(moved.message).toContain('body.purchaseFactory');
  });

  it('checks the order’s purchase organisation and group in its own save', async () => {
    const orders = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(purchaseOrder)
          .where(eq(purchaseOrder.elsAccount, '100000'))
      )[0].n;
    const before = await orders();
    const org = (await post(`${PO}/save`, buyer, order({ purchaseOrganization: '9999' }))).json();
    expect(org.code).toBe('400');
    expect(org.message).toContain(
      'body.purchaseOrganization: "9999" is not an enabled Purchase organisation',
    );
    // G09 is a disabled demo group.
    const group = (
      await post(`${PO}/save`, buyer, order({ purchaseOrganization: '2000', purchaseGroup: 'G09' }), 'zh_cn')
    ).json();
    expect(group.code).toBe('400');
    expect(group.message).toContain('body.purchaseGroup：“G09”不是本公司已启用的采购组');
    expect(await orders()).toBe(before);
    const saved = (
      await post(`${PO}/save`, buyer, order({ purchaseOrganization: '1000', purchaseGroup: 'G01' }))
    ).json();
    expect(saved.code, saved.message).toBe('200');
    // The detail answers both codes (the order form shows them as pickers and sends them back).
    const detail = (await get(`${PO}/findDetail/${saved.data.id}`, buyer)).json().data;
    expect(detail.order).toMatchObject({ purchaseOrganization: '1000', purchaseGroup: 'G01' });
    // No organisation at all is the kind's business (the order does not require one).
    expect((await post(`${PO}/save`, buyer, order())).json().code).toBe('200');
  });

  it('does not check items a company keeps no masters of', async () => {
    const other = await login(server, '100002', 'buyer1');
    const saved = (
      await post(`${PR}/save`, other, requisition({ purchaseFactory: 'ANY-F', costCenter: 'ANY-CC' }))
    ).json();
    expect(saved.code, saved.message).toBe('200');
    expect(saved.data.purchaseFactory).toBe('ANY-F');
  });
});
