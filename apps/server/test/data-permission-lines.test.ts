import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material } from '../src/modules/masterdata/tables.ts';
import { purchaseRequest } from '../src/modules/purchase-request/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Data permissions held by a kind's lines, and the save's check (issue #19): a requisition is visible to a
 * buyer restricted on material categories when one of its lines is in them — a category covering its
 * sub-categories — and a restricted buyer cannot save (or import, which saves the same way) a requisition
 * whose factory or any line's category is outside its values: '400' naming the field, nothing stored.
 */
let server: TestServer;
let admin: Session;
let buyer: Session;
const { post, get } = callsOf(() => server);
const BASE = '/apis/purchaseRequest/PurchaseRequestService';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  admin = await login(server, '100000', 'admin');
  buyer = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

const line = (materialNumber: string) => ({
  materialNumber,
  quantity: '10',
  budgetPrice: '1',
  deliveryDate: day(20),
  expectSupplierEls: '200001',
});
const body = (materials: string[], extra: Record<string, unknown> = {}) => ({
  requestType: '0',
  applicant: '数据权限',
  purchaseFactory: '1010',
  lines: materials.map(line),
  ...extra,
});

async function categoriesOf(materialNumber: string) {
  const [m] = await server.database.db
    .select({ c1: material.cateCode1, c2: material.cateCode2, c3: material.cateCode3 })
    .from(material)
    .where(and(eq(material.elsAccount, '100000'), eq(material.materialNumber, materialNumber)));
  if (!m?.c1) throw new Error(`${materialNumber}: no category`);
  return m;
}

async function setScope(items: Record<string, string[]>) {
  const res = await post(
    `/apis/ElsAccountService/saveDataPermission/${buyer.elsSubaccountInfoDTO.id}`,
    admin,
    {
      items,
    },
  );
  expect(res.json().code, res.body).toBe('200');
}

const count = async () => (await server.database.db.select().from(purchaseRequest)).length;

describe('data permissions on the lines of a requisition (issue #19)', () => {
  it('a level-1 category covers the lines below it; another category hides the requisition', async () => {
    const resistor = await categoriesOf('R-0603-10K');
    const box = await categoriesOf('BOX-5L-600');
    expect(resistor.c1, 'two materials of different top categories').not.toBe(box.c1);
    const mine = (await post(`${BASE}/save`, admin, body(['R-0603-10K']))).json();
    const theirs = (await post(`${BASE}/save`, admin, body(['BOX-5L-600']))).json();
    expect(mine.code, JSON.stringify(mine)).toBe('200');
    expect(theirs.code, JSON.stringify(theirs)).toBe('200');
    try {
      await setScope({ materialCategory: [resistor.c1 as string] });
      expect((await get(`${BASE}/findDetail/${mine.data.id}`, buyer)).json().code).toBe('200');
      expect((await get(`${BASE}/findDetail/${theirs.data.id}`, buyer)).json().code).toBe('404');
      const list = await post(`${BASE}/findPageList`, buyer, { currentPage: 1, pageSize: 100 });
      const ids = (list.json().data.records as Array<{ id: string }>).map((r) => r.id);
      expect(ids).toContain(mine.data.id);
      expect(ids).not.toContain(theirs.data.id);
    } finally {
      await setScope({});
    }
    expect((await get(`${BASE}/findDetail/${theirs.data.id}`, buyer)).json().code).toBe('200');
  });

  it('a restricted buyer cannot save a line outside its categories, or another factory; nothing is stored', async () => {
    const resistor = await categoriesOf('R-0603-10K');
    const box = await categoriesOf('BOX-5L-600');
    try {
      await setScope({ materialCategory: [resistor.c1 as string], factory: ['1010'] });
      const before = await count();
      const mixed = (await post(`${BASE}/save`, buyer, body(['R-0603-10K', 'BOX-5L-600']))).json();
      expect(mixed.code).toBe('400');
      expect(mixed.message).toContain('lines[1].cateCode');
      expect(mixed.message).toContain(box.c3 ?? box.c2 ?? box.c1);
      const factory = (
        await post(`${BASE}/save`, buyer, body(['R-0603-10K'], { purchaseFactory: '1020' }), 'zh_cn')
      ).json();
      expect(factory.code).toBe('400');
      expect(factory.message).toBe('purchaseFactory 的值“1020”不在您的数据权限范围内');
      expect(await count()).toBe(before);
      const ok = (await post(`${BASE}/save`, buyer, body(['R-0603-10K']))).json();
      expect(ok.code, JSON.stringify(ok)).toBe('200');
      expect(await count()).toBe(before + 1);
    } finally {
      await setScope({});
    }
  });
});
