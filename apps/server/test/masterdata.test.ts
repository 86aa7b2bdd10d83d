// @postgres: flow:masterdata — categories, materials, suppliers and prices through the API
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal, priceIncludingTax, toScaled } from '../src/modules/masterdata/decimal.ts';
import { createTestServer, login, type TestServer } from './helpers.ts';
import { inDays, LINKED, masterdataFixtures, STRANGER } from './masterdata-fixtures.ts';

/** Master data API (issue #5): categories, materials, suppliers, prices; seed 001 §3 and §5. */

let server: TestServer;

type Session = Awaited<ReturnType<typeof login>>;

const { setUpCompanies, auditRows, call } = masterdataFixtures(() => server);

let buyer: Session;
let other: Session;
let supplier: Session;

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '1000', LOGIN_LIMIT_PER_IP: '1000' });
  await setUpCompanies();
  buyer = await login(server, '100000', 'admin');
  other = await login(server, '100001', 'admin');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** The data of a '200' answer (fails the test with the message otherwise). */
const data = async (res: Awaited<ReturnType<typeof call>>) => {
  const body = res.json();
  expect(body.code, body.message).toBe('200');
  return body.data;
};

/** A three-level path A > B > C with unique codes; returns the three categories. */
async function categoryPath(prefix: string) {
  const l1 = await data(
    await call('PurchaseMaterialCateService/save', buyer, {
      cateCode: `${prefix}1`,
      cateName: `${prefix} 一级`,
    }),
  );
  const l2 = await data(
    await call('PurchaseMaterialCateService/save', buyer, {
      parentId: l1.id,
      cateCode: `${prefix}2`,
      cateName: `${prefix} 二级`,
    }),
  );
  const l3 = await data(
    await call('PurchaseMaterialCateService/save', buyer, {
      parentId: l2.id,
      cateCode: `${prefix}3`,
      cateName: `${prefix} 三级`,
    }),
  );
  return { l1, l2, l3 };
}

const materialBody = (cateId: string, materialNumber: string, extra: Record<string, unknown> = {}) => ({
  cateId,
  materialNumber,
  materialName: `物料 ${materialNumber}`,
  baseUnit: 'PCS',
  overTolerance: '5',
  lackTolerance: '2.5',
  minOrderQuantity: '100',
  minPackingQuantity: '10.5',
  minShelfLife: 30,
  totalShelfLife: 365,
  ...extra,
});

const priceBody = (materialId: string, extra: Record<string, unknown> = {}) => ({
  toElsAccount: LINKED,
  materialId,
  priceExcludingTax: '12.345678',
  taxRate: '13',
  currency: 'CNY',
  exchangeRate: '1',
  validStartDate: inDays(-1),
  priceExpiryDate: inDays(30),
  quota: '60',
  ...extra,
});

describe('material categories', () => {
  it('builds a three-level tree, refuses a fourth level, repeated sibling names and codes', async () => {
    const { l1, l2, l3 } = await categoryPath('CAT');
    expect([l1.cateLevel, l2.cateLevel, l3.cateLevel]).toEqual([1, 2, 3]);
    const tree = await data(await call('PurchaseMaterialCateService/tree', buyer));
    const root = tree.find((n: { id: string }) => n.id === l1.id);
    expect(root.children[0].id).toBe(l2.id);
    expect(root.children[0].children[0]).toMatchObject({ id: l3.id, cateName: 'CAT 三级', children: [] });

    const deep = await call('PurchaseMaterialCateService/save', buyer, {
      parentId: l3.id,
      cateCode: 'CAT4',
      cateName: '四级',
    });
    expect(deep.json()).toMatchObject({ code: '400', message: 'Categories cannot be created below level 3' });
    const deepZh = await call(
      'PurchaseMaterialCateService/save',
      buyer,
      { parentId: l3.id, cateCode: 'CAT4', cateName: '四级' },
      'zh_cn',
    );
    expect(deepZh.json().message).toBe('不能在第三级分类下新建分类');

    const twin = await call('PurchaseMaterialCateService/save', buyer, {
      parentId: l1.id,
      cateCode: 'CAT2B',
      cateName: 'CAT 二级',
    });
    expect(twin.json().code).toBe('400');
    expect(twin.json().message).toContain('Category names must not repeat');
    // The same name under another parent is fine.
    await data(
      await call('PurchaseMaterialCateService/save', buyer, {
        parentId: l2.id,
        cateCode: 'CAT3B',
        cateName: 'CAT 二级',
      }),
    );

    const sameCode = await call('PurchaseMaterialCateService/save', buyer, {
      cateCode: 'CAT1',
      cateName: '另一个',
    });
    expect(sameCode.json().code).toBe('400');
    expect(sameCode.json().message).toContain('CAT1');

    const badCode = await call('PurchaseMaterialCateService/save', buyer, {
      cateCode: 'bad code!',
      cateName: 'x',
    });
    expect(badCode.json().code).toBe('400');
    expect(badCode.json().message).toContain('body.cateCode');
    const longName = await call('PurchaseMaterialCateService/save', buyer, {
      cateCode: 'LONG',
      cateName: 'x'.repeat(51),
    });
    expect(longName.json().message).toContain('body.cateName');
  });

  it('refuses deleting a parent with children ("delete child nodes first") and a category in use', async () => {
    const { l1, l2, l3 } = await categoryPath('DEL');
    const parent = await call(`PurchaseMaterialCateService/delete/${l2.id}`, buyer);
    expect(parent.json()).toMatchObject({ code: '400', message: 'Delete child nodes first' });
    const zh = await call(`PurchaseMaterialCateService/delete/${l1.id}`, buyer, {}, 'zh_cn');
    expect(zh.json().message).toBe('请先删除子节点');
    const item = await data(
      await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'DEL-001')),
    );
    const inUse = await call(`PurchaseMaterialCateService/delete/${l3.id}`, buyer);
    expect(inUse.json().code).toBe('400');
    await data(await call(`PurchaseMaterialService/delete/${item.id}`, buyer));
    await data(await call(`PurchaseMaterialCateService/delete/${l3.id}`, buyer));
    await data(await call(`PurchaseMaterialCateService/delete/${l2.id}`, buyer));
    await data(await call(`PurchaseMaterialCateService/delete/${l1.id}`, buyer));
    expect((await auditRows('materialCategory', l1.id)).map((a) => a.action)).toEqual(['create', 'delete']);
    const again = await call(`PurchaseMaterialCateService/delete/${l1.id}`, buyer);
    expect(again.json().code).toBe('404');
  });

  it('renames with the current version, refuses a stale one with 409 and renames the category on materials', async () => {
    const { l3 } = await categoryPath('REN');
    const item = await data(
      await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'REN-001')),
    );
    const renamed = await data(
      await call('PurchaseMaterialCateService/save', buyer, {
        id: l3.id,
        version: l3.version,
        cateCode: 'REN3',
        cateName: '新名字',
      }),
    );
    expect(renamed.version).toBe(l3.version + 1);
    const stale = await call('PurchaseMaterialCateService/save', buyer, {
      id: l3.id,
      version: l3.version,
      cateCode: 'REN3',
      cateName: '再改',
    });
    expect(stale.json().code).toBe('409');
    expect(stale.statusCode).toBe(409);
    const after = await data(await call(`PurchaseMaterialService/findDetail/${item.id}`, buyer));
    expect(after.cateName3).toBe('新名字');
    const trail = await auditRows('materialCategory', l3.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('materials', () => {
  it('creates under a level-3 category with the category path copied, edits, lists newest first', async () => {
    const { l1, l2, l3 } = await categoryPath('MAT');
    const created = await data(
      await call(
        'PurchaseMaterialService/save',
        buyer,
        materialBody(l3.id, 'MAT-001', { brand: 'ACME', grossWeight: '1.5', netWeight: '1.25' }),
      ),
    );
    expect(created).toMatchObject({
      materialNumber: 'MAT-001',
      cateCode1: l1.cateCode,
      cateName2: l2.cateName,
      cateCode3: l3.cateCode,
      cateName3: l3.cateName,
      minPackingQuantity: '10.500',
      overTolerance: '5.00',
      isFreeze: 'N',
      version: 0,
    });
    expect(await auditRows('material', created.id)).toHaveLength(1);
    const second = await data(
      await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'MAT-002')),
    );
    const edited = await data(
      await call('PurchaseMaterialService/save', buyer, {
        ...materialBody(l3.id, 'MAT-001'),
        id: created.id,
        version: 0,
        materialName: '改名物料',
        isFreeze: 'Y',
      }),
    );
    expect(edited).toMatchObject({ materialName: '改名物料', isFreeze: 'Y', version: 1 });
    expect(await auditRows('material', created.id)).toHaveLength(2);
    const stale = await call('PurchaseMaterialService/save', buyer, {
      ...materialBody(l3.id, 'MAT-001'),
      id: created.id,
      version: 0,
    });
    expect(stale.json().code).toBe('409');

    const list = await data(
      await call('PurchaseMaterialService/findPageList', buyer, { keyword: 'MAT-', pageSize: 10 }),
    );
    expect(list.total).toBe(2);
    expect(list.records.map((m: { id: string }) => m.id)).toEqual([second.id, created.id]);
    const byName = await data(await call('PurchaseMaterialService/findPageList', buyer, { keyword: '改名' }));
    expect(byName.records.map((m: { id: string }) => m.id)).toEqual([created.id]);
    const byLevel1 = await data(
      await call('PurchaseMaterialService/findPageList', buyer, { cateId: l1.id, isFreeze: 'Y' }),
    );
    expect(byLevel1.records.map((m: { id: string }) => m.id)).toEqual([created.id]);
    const badSize = await call('PurchaseMaterialService/findPageList', buyer, { pageSize: 7 });
    expect(badSize.json().message).toContain('body.pageSize');
  });

  it('refuses a material under a level-2 category, a repeated number and broken quantities', async () => {
    const { l2, l3 } = await categoryPath('MRU');
    const level2 = await call('PurchaseMaterialService/save', buyer, materialBody(l2.id, 'MRU-001'));
    expect(level2.json()).toMatchObject({
      code: '400',
      message: 'New materials must be under a level 3 class',
    });
    const zh = await call('PurchaseMaterialService/save', buyer, materialBody(l2.id, 'MRU-001'), 'zh_cn');
    expect(zh.json().message).toBe('新建物料必须挂在三级分类下');
    await data(await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'MRU-001')));
    const twin = await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'MRU-001'));
    expect(twin.json().message).toContain('MRU-001');
    const tolerance = await call(
      'PurchaseMaterialService/save',
      buyer,
      materialBody(l3.id, 'MRU-002', { overTolerance: '100.01' }),
    );
    expect(tolerance.json()).toMatchObject({
      code: '400',
      message: 'overTolerance must be between 0 and 100',
    });
    const negative = await call(
      'PurchaseMaterialService/save',
      buyer,
      materialBody(l3.id, 'MRU-002', { minOrderQuantity: '-1' }),
    );
    expect(negative.json().message).toContain('body.minOrderQuantity');
    const floatShelf = await call(
      'PurchaseMaterialService/save',
      buyer,
      materialBody(l3.id, 'MRU-002', { minShelfLife: 1.5 }),
    );
    expect(floatShelf.json().message).toContain('body.minShelfLife');
    const number = await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'MRU 002'));
    expect(number.json().message).toContain('body.materialNumber');
    const noUnit = await call('PurchaseMaterialService/save', buyer, {
      ...materialBody(l3.id, 'MRU-002'),
      baseUnit: undefined,
    });
    expect(noUnit.json().message).toContain('body.baseUnit');
    const floatMoney = await call(
      'PurchaseMaterialService/save',
      buyer,
      materialBody(l3.id, 'MRU-002', { minOrderQuantity: 5 }),
    );
    expect(floatMoney.json().message).toContain('body.minOrderQuantity');
  });
});

describe('suppliers', () => {
  const supplierBody = (extra: Record<string, unknown> = {}) => ({
    toElsAccount: LINKED,
    supplierCode: 'S-LINKED',
    fullName: '测试关联供应商有限公司',
    supplierStatus: 'stranger',
    contacts: [{ name: '王五', telphone: '13800138000', wxNo: 'wangwu' }],
    banks: [{ bankCode: 'ICBC', bankBranchName: '工商银行上海分行', bankAccount: '6222020200112233' }],
    addresses: [{ country: 'CN', address: '上海市浦东新区 1 号' }],
    ...extra,
  });

  it('creates a record for a linked supplier, edits it with its version and refuses strangers', async () => {
    const stranger = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ toElsAccount: STRANGER }),
    );
    expect(stranger.json()).toMatchObject({
      code: '400',
      message: `${STRANGER} is not one of your suppliers`,
    });
    const shortName = await call('PurchaseSupplierService/save', buyer, supplierBody({ fullName: '短' }));
    expect(shortName.json()).toMatchObject({ code: '400', message: 'Name length 3 to 40 characters' });
    const badPhone = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ contacts: [{ name: 'x', telphone: '12345' }] }),
    );
    expect(badPhone.json().message).toContain('body.contacts.0.telphone');
    const badBank = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ banks: [{ bankAccount: '1234' }] }),
    );
    expect(badBank.json().message).toContain('body.banks.0.bankAccount');
    const badStatus = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ supplierStatus: 'vip' }),
    );
    expect(badStatus.json().message).toContain('body.supplierStatus');

    // Issue #16: a new record is a stranger; stranger → potential only through the unfamiliarToPotential
    // request (supplierView5) or an admission approval, so a new record at another stage is refused.
    const skipped = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ supplierStatus: 'potential' }),
    );
    expect(skipped.json()).toMatchObject({
      code: '400',
      message:
        'A new supplier record starts as a stranger; other stages come only through a status change request (Supplier lifecycle) or an admission approval',
    });
    const created = await data(await call('PurchaseSupplierService/save', buyer, supplierBody()));
    expect(created).toMatchObject({ toElsAccount: LINKED, supplierStatus: 'stranger', version: 0 });
    expect(created.contacts[0].telphone).toBe('13800138000');
    const trail = await auditRows('supplierMasterData', created.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'create', toStatus: 'stranger' });

    const twin = await call('PurchaseSupplierService/save', buyer, supplierBody({ supplierCode: 'S-OTHER' }));
    expect(twin.json().code).toBe('400');
    // Issue #16: the status no longer changes by an edit — only through a status change request.
    const statusEdit = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ id: created.id, version: 0, supplierStatus: 'qualified' }),
    );
    expect(statusEdit.json().code).toBe('400');
    expect(statusEdit.json().message).toBe(
      'The supplier status changes only through a status change request (Supplier lifecycle)',
    );
    const edited = await data(
      await call(
        'PurchaseSupplierService/save',
        buyer,
        supplierBody({
          id: created.id,
          version: 0,
          contacts: [{ name: '赵六', telphone: '021-62345678' }],
        }),
      ),
    );
    expect(edited).toMatchObject({ supplierStatus: 'stranger', version: 1 });
    expect((await auditRows('supplierMasterData', created.id))[1]).toMatchObject({
      fromStatus: 'stranger',
      toStatus: 'stranger',
    });
    // … and a direct-to-qualified request asks for it: the demo configures an approval step for that
    // flow, so the record stays a stranger until approved (supplier-lifecycle.test.ts).
    const request = await data(
      await call('PurchaseSupplierStatusChangeService/save', buyer, {
        requestType: 'directToQualified',
        toElsAccount: LINKED,
        reason: '样品合格',
        submit: true,
      }),
    );
    expect(request).toMatchObject({
      status: 'underApproval',
      fromStatus: 'stranger',
      toStatus: 'qualified',
    });
    expect(await auditRows('supplierMasterData', created.id)).toHaveLength(2);
    const stale = await call(
      'PurchaseSupplierService/save',
      buyer,
      supplierBody({ id: created.id, version: 0 }),
    );
    expect(stale.json().code).toBe('409');

    const list = await data(
      await call('PurchaseSupplierService/findPageList', buyer, {
        keyword: 'S-LINK',
        supplierStatus: 'stranger',
      }),
    );
    expect(list.records.map((s: { id: string }) => s.id)).toEqual([created.id]);
    const detail = await data(await call(`PurchaseSupplierService/findDetail/${created.id}`, buyer));
    expect(detail.contacts[0].name).toBe('赵六');
    const dict = await data(await call('PurchaseSupplierService/statusDict', buyer, {}, 'zh_cn'));
    expect(dict).toContainEqual({
      value: 'blacklist',
      label: '黑名单',
      labelI18n: { zh_cn: '黑名单', en: 'Blacklist' },
    });
  });
});

describe('prices', () => {
  let materialId: string;
  beforeAll(async () => {
    const { l3 } = await categoryPath('PRC');
    materialId = (
      await data(await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'PRC-001')))
    ).id;
  });

  it('computes the price including tax exactly, finds the effective price, edits and deletes', async () => {
    const created = await data(await call('PurchasePriceService/save', buyer, priceBody(materialId)));
    // 12.345678 × 1.13 = 13.95061614 → 13.950616
    expect(created).toMatchObject({
      priceIncludingTax: '13.950616',
      taxRate: '13.00',
      quota: '60.00',
      materialNumber: 'PRC-001',
      version: 0,
    });
    expect(await auditRows('price', created.id)).toHaveLength(1);
    const given = await data(
      await call(
        'PurchasePriceService/save',
        buyer,
        priceBody(materialId, {
          priceExcludingTax: '0.1',
          taxRate: '6',
          priceIncludingTax: '0.106',
          validStartDate: inDays(-10),
        }),
      ),
    );
    expect(given.priceIncludingTax).toBe('0.106000');
    const wrong = await call(
      'PurchasePriceService/save',
      buyer,
      priceBody(materialId, { priceIncludingTax: '13.95' }),
    );
    expect(wrong.json().message).toContain('13.950616');

    const effective = await data(
      await call('PurchasePriceService/findEffectivePrice', buyer, { toElsAccount: LINKED, materialId }),
    );
    expect(effective.id).toBe(created.id);
    const earlier = await data(
      await call('PurchasePriceService/findEffectivePrice', buyer, {
        toElsAccount: LINKED,
        materialId,
        at: inDays(-5),
      }),
    );
    expect(earlier.id).toBe(given.id);
    const none = await call('PurchasePriceService/findEffectivePrice', buyer, {
      toElsAccount: LINKED,
      materialId,
      at: inDays(60),
    });
    expect(none.json().data).toBeNull();

    const list = await data(
      await call('PurchasePriceService/findPageList', buyer, { materialId, validAt: inDays(-5) }),
    );
    expect(list.records.map((p: { id: string }) => p.id)).toEqual([given.id]);
    expect(list.records[0]).toMatchObject({ materialName: '物料 PRC-001' });

    const edited = await data(
      await call('PurchasePriceService/save', buyer, {
        ...priceBody(materialId),
        id: created.id,
        version: 0,
        priceExcludingTax: '10',
      }),
    );
    expect(edited).toMatchObject({ priceIncludingTax: '11.300000', version: 1 });
    const stale = await call('PurchasePriceService/save', buyer, {
      ...priceBody(materialId),
      id: created.id,
      version: 0,
    });
    expect(stale.json().code).toBe('409');
    await data(await call(`PurchasePriceService/delete/${given.id}`, buyer));
    expect((await auditRows('price', given.id)).map((a) => a.action)).toEqual(['create', 'delete']);
    const inUse = await call(`PurchaseMaterialService/delete/${materialId}`, buyer);
    expect(inUse.json().code).toBe('400');
  });

  it('refuses each broken price rule with its seed 001 §5 message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { validStartDate: inDays(10), priceExpiryDate: inDays(5) },
        'The price start time must be before the price end time',
      ],
      [
        { validStartDate: inDays(-10), priceExpiryDate: inDays(-1) },
        'The price end time must be later than the current time',
      ],
      [
        { exchangeRate: '12345.1234567' },
        'Exchange rate format 10.6: at most 4 integer digits and 6 decimals, greater than 0',
      ],
      [
        { exchangeRate: '0' },
        'Exchange rate format 10.6: at most 4 integer digits and 6 decimals, greater than 0',
      ],
      [{ quota: '101' }, 'quota must be between 0 and 100'],
      [{ taxRate: '100.5' }, 'taxRate must be between 0 and 100'],
      [{ priceExcludingTax: '0' }, 'priceExcludingTax must be greater than 0'],
      [{ toElsAccount: STRANGER }, `${STRANGER} is not one of your suppliers`],
    ];
    for (const [extra, message] of cases) {
      const res = await call('PurchasePriceService/save', buyer, priceBody(materialId, extra));
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ code: '400', message });
    }
    const zh = await call(
      'PurchasePriceService/save',
      buyer,
      priceBody(materialId, { exchangeRate: '12345.1234567' }),
      'zh_cn',
    );
    expect(zh.json().message).toContain('汇率格式为 10.6');
    const currency = await call(
      'PurchasePriceService/save',
      buyer,
      priceBody(materialId, { currency: 'yuan' }),
    );
    expect(currency.json().message).toContain('body.currency');
    const float = await call(
      'PurchasePriceService/save',
      buyer,
      priceBody(materialId, { priceExcludingTax: 1.5 }),
    );
    expect(float.json().message).toContain('body.priceExcludingTax');
  });
});

describe('sides and companies', () => {
  it('lists only the named supplier accounts of the own company (toElsAccounts, issue #19)', async () => {
    const all = await data(
      await call('PurchaseSupplierService/findPageList', buyer, { currentPage: 1, pageSize: 50 }),
    );
    const accounts: string[] = all.records.map((s: { toElsAccount: string }) => s.toElsAccount);
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    const wanted = [accounts[accounts.length - 1], accounts[0]];
    const named = await data(
      await call('PurchaseSupplierService/findPageList', buyer, {
        currentPage: 1,
        pageSize: 20,
        toElsAccounts: [...wanted, '299999'],
      }),
    );
    expect(named.records.map((s: { toElsAccount: string }) => s.toElsAccount).sort()).toEqual(
      [...wanted].sort(),
    );
    expect(named.total).toBe(2);
    // Another buyer naming the same accounts gets none of this buyer's records.
    const foreign = await data(
      await call('PurchaseSupplierService/findPageList', other, {
        currentPage: 1,
        pageSize: 20,
        toElsAccounts: wanted,
      }),
    );
    expect(
      foreign.records.filter((s: { id: string }) => all.records.some((o: { id: string }) => o.id === s.id)),
    ).toEqual([]);
    const tooMany = await call('PurchaseSupplierService/findPageList', buyer, {
      currentPage: 1,
      pageSize: 20,
      toElsAccounts: Array.from({ length: 201 }, (_, i) => String(300000 + i)),
    });
    expect(tooMany.json().code).toBe('400');
    expect(tooMany.json().message).toContain('toElsAccounts');
  });

  it('searches materials for the edit pickers: keyword, limit, named ids, own company only (issue #13)', async () => {
    const { l3 } = await categoryPath('PIK');
    const made: Array<{ id: string; materialNumber: string }> = [];
    for (let i = 1; i <= 12; i += 1)
      made.push(
        await data(
          await call(
            'PurchaseMaterialService/save',
            buyer,
            materialBody(l3.id, `PIK-${String(i).padStart(3, '0')}`),
          ),
        ),
      );
    // A search answers the first page only (the limit), newest first, with the total of all matches.
    const first = await data(
      await call('PurchaseMaterialService/findPageList', buyer, {
        currentPage: 1,
        pageSize: 10,
        keyword: 'PIK-',
      }),
    );
    expect(first.total).toBe(12);
    expect(first.records.map((m: { materialNumber: string }) => m.materialNumber)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((m) => m.materialNumber),
    );
    // A value beyond the first page is named by its id; an unknown id is simply absent.
    const wanted = [made[0].id, made[1].id, '00000000-0000-4000-8000-000000000000'];
    const named = await data(
      await call('PurchaseMaterialService/findPageList', buyer, {
        currentPage: 1,
        pageSize: 100,
        ids: wanted,
      }),
    );
    expect(named.records.map((m: { id: string }) => m.id).sort()).toEqual([made[0].id, made[1].id].sort());
    // The filters combine: ids and keyword.
    const both = await data(
      await call('PurchaseMaterialService/findPageList', buyer, { ids: wanted, keyword: 'PIK-002' }),
    );
    expect(both.records.map((m: { id: string }) => m.id)).toEqual([made[1].id]);
    // Another buyer naming our ids, or searching our numbers, gets nothing.
    const foreign = await data(await call('PurchaseMaterialService/findPageList', other, { ids: wanted }));
    expect(foreign.total).toBe(0);
    const foreignSearch = await data(
      await call('PurchaseMaterialService/findPageList', other, { keyword: 'PIK-' }),
    );
    expect(foreignSearch.total).toBe(0);
    // At most 100 ids, each a uuid: a 400 naming the field, nothing changed.
    const tooMany = await call('PurchaseMaterialService/findPageList', buyer, {
      ids: Array.from({ length: 101 }, () => made[0].id),
    });
    expect(tooMany.json().code).toBe('400');
    expect(tooMany.json().message).toContain('ids');
    const notId = await call('PurchaseMaterialService/findPageList', buyer, { ids: ['PIK-001'] });
    expect(notId.json().code).toBe('400');
    expect(notId.json().message).toContain('ids');
  });

  it('searches suppliers for the edit pickers by account or name, limited to the page size', async () => {
    const all = await data(
      await call('PurchaseSupplierService/findPageList', buyer, { currentPage: 1, pageSize: 100 }),
    );
    const one = all.records[0] as { toElsAccount: string; fullName: string };
    const byAccount = await data(
      await call('PurchaseSupplierService/findPageList', buyer, { pageSize: 10, keyword: one.toElsAccount }),
    );
    expect(byAccount.records.map((s: { toElsAccount: string }) => s.toElsAccount)).toContain(
      one.toElsAccount,
    );
    // Every hit holds the keyword in its account, code, full or short name.
    for (const s of byAccount.records as Array<Record<string, string | null>>)
      expect([s.toElsAccount, s.supplierCode, s.fullName, s.shortName].join(' ')).toContain(one.toElsAccount);
    const limited = await data(await call('PurchaseSupplierService/findPageList', buyer, { pageSize: 10 }));
    expect(limited.records.length).toBe(Math.min(10, all.total));
    const foreign = await data(
      await call('PurchaseSupplierService/findPageList', other, { pageSize: 10, keyword: one.fullName }),
    );
    expect(
      foreign.records.filter((s: { id: string }) => all.records.some((o: { id: string }) => o.id === s.id)),
    ).toEqual([]);
  });

  it('refuses suppliers with 403 on every master-data call', async () => {
    const paths = [
      'PurchaseMaterialCateService/tree',
      'PurchaseMaterialCateService/save',
      'PurchaseMaterialService/findPageList',
      'PurchaseMaterialService/export',
      'PurchaseSupplierService/findPageList',
      'PurchasePriceService/findPageList',
    ];
    for (const path of paths) {
      const body = path.endsWith('save') ? { cateCode: 'SUP', cateName: '供应商建的' } : {};
      const res = await call(path, supplier, body);
      expect(res.json().code, path).toBe('403');
      expect(res.statusCode).toBe(403);
    }
    const save = await call('PurchasePriceService/findEffectivePrice', supplier, {
      toElsAccount: '200001',
      materialId: '00000000-0000-4000-8000-000000000000',
    });
    expect(save.json().code).toBe('403');
  });

  it("answers 404 to another buyer's ids and never lists them", async () => {
    const { l3 } = await categoryPath('TEN');
    const item = await data(
      await call('PurchaseMaterialService/save', buyer, materialBody(l3.id, 'TEN-001')),
    );
    const price = await data(await call('PurchasePriceService/save', buyer, priceBody(item.id)));
    const sup = await data(await call('PurchaseSupplierService/findPageList', buyer, { keyword: LINKED }));
    const foreign: Array<[string, unknown]> = [
      [`PurchaseMaterialService/findDetail/${item.id}`, undefined],
      [`PurchaseMaterialService/delete/${item.id}`, {}],
      [`PurchaseMaterialCateService/delete/${l3.id}`, {}],
      ['PurchaseMaterialCateService/save', { id: l3.id, version: l3.version, cateCode: 'X1', cateName: 'x' }],
      ['PurchaseMaterialCateService/save', { parentId: l3.id, cateCode: 'X2', cateName: 'x' }],
      ['PurchaseMaterialService/save', materialBody(l3.id, 'FOREIGN-1')],
      [`PurchasePriceService/findDetail/${price.id}`, undefined],
      [`PurchasePriceService/delete/${price.id}`, {}],
    ];
    if (sup.records[0]) foreign.push([`PurchaseSupplierService/findDetail/${sup.records[0].id}`, undefined]);
    for (const [path, body] of foreign) {
      const res = await call(path, other, body);
      expect(res.json().code, path).toBe('404');
    }
    const theirs = await data(await call('PurchaseMaterialService/findPageList', other, { keyword: 'TEN' }));
    expect(theirs.total).toBe(0);
    const theirTree = await data(await call('PurchaseMaterialCateService/tree', other));
    expect(JSON.stringify(theirTree)).not.toContain(l3.id);
    const theirPrice = await call('PurchasePriceService/findEffectivePrice', other, {
      toElsAccount: LINKED,
      materialId: item.id,
    });
    expect(theirPrice.json().data).toBeNull();
    // The other buyer cannot price our material nor use our supplier.
    const steal = await call('PurchasePriceService/save', other, priceBody(item.id));
    expect(steal.json().code).toBe('404');
    // Still there for the owner.
    await data(await call(`PurchaseMaterialService/findDetail/${item.id}`, buyer));
  });
});

describe('exact decimals', () => {
  it('computes prices including tax without floats, rounding half up to 6 decimals', () => {
    expect(priceIncludingTax('12.345678', '13')).toBe('13.950616');
    expect(priceIncludingTax('0.000001', '50')).toBe('0.000002');
    expect(priceIncludingTax('0.1', '0')).toBe('0.100000');
    expect(priceIncludingTax('999999999999.999999', '100')).toBe('1999999999999.999998');
    expect(toScaled('1.23456789', 6)).toBe(1234568n);
    expect(toScaled('1e5', 6)).toBeNull();
    expect(compareDecimal('100.00', '100')).toBe(0);
    expect(compareDecimal('100.01', '100')).toBe(1);
  });
});
