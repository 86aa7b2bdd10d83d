// @postgres: migrations — migration 0057's conversion of existing codes into organisation records run on the database under test
import { readFileSync } from 'node:fs';
import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgUnit } from '../src/modules/masterdata/tables.ts';
import { menu } from '../src/modules/menu/tables.ts';
import { purchaseOrder } from '../src/modules/order/tables.ts';
import { purchaseRequest } from '../src/modules/purchase-request/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Organisation master data (issue #19): purchase organisations, purchase groups, factories and cost centres
 * of a buyer company — create, edit (version → 409), unique code per company and type, the parent rules,
 * enable/disable (a disabled record is not offered in pickers), delete refused while a document, a data
 * permission or a record below uses the code, other companies isolated, and the data permission save
 * refusing a code the masters do not have.
 */
let server: TestServer;
let admin: Session;
let buyer: Session;
const { post } = callsOf(() => server);
const M = '/apis/masterdata';
const ORG = `${M}/PurchaseOrganizationService`;
const GROUP = `${M}/PurchaseGroupService`;
const FACTORY = `${M}/PurchaseFactoryService`;
const COST = `${M}/PurchaseCostCenterService`;

type Unit = { id: string; code: string; name: string; version: number; status: string; parentName: string };

beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server, '100000', 'admin');
  buyer = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

async function ok<T = Unit>(url: string, body: unknown, who = admin): Promise<T> {
  const res = await post(url, who, body);
  expect(res.json().code, res.body).toBe('200');
  return res.json().data as T;
}

const list = (url: string, body: object = {}, who = admin) =>
  ok<{ records: Unit[]; total: number }>(
    `${url}/findPageList`,
    { currentPage: 1, pageSize: 100, ...body },
    who,
  );

describe('organisation master data (issue #19)', () => {
  it('every code the demo documents carry resolves to a record of their company', async () => {
    const db = server.database.db;
    const codes = [
      ...(
        await db
          .select({ els: purchaseOrder.elsAccount, code: purchaseOrder.purchaseOrganization })
          .from(purchaseOrder)
          .where(isNotNull(purchaseOrder.purchaseOrganization))
      ).map((r) => ['purchaseOrganization', r] as const),
      ...(
        await db
          .select({ els: purchaseOrder.elsAccount, code: purchaseOrder.purchaseGroup })
          .from(purchaseOrder)
          .where(isNotNull(purchaseOrder.purchaseGroup))
      ).map((r) => ['purchaseGroup', r] as const),
      ...(
        await db
          .select({ els: purchaseRequest.elsAccount, code: purchaseRequest.purchaseFactory })
          .from(purchaseRequest)
          .where(isNotNull(purchaseRequest.purchaseFactory))
      ).map((r) => ['factory', r] as const),
      ...(
        await db
          .select({ els: purchaseRequest.elsAccount, code: purchaseRequest.costCenter })
          .from(purchaseRequest)
          .where(isNotNull(purchaseRequest.costCenter))
      ).map((r) => ['costCenter', r] as const),
    ];
    // The demo requisitions carry factories and cost centres.
    expect(codes.filter(([t]) => t === 'factory').length).toBeGreaterThan(0);
    for (const [unitType, { els, code }] of codes) {
      const [found] = await db
        .select({ id: orgUnit.id })
        .from(orgUnit)
        .where(
          and(eq(orgUnit.elsAccount, els), eq(orgUnit.unitType, unitType), eq(orgUnit.code, String(code))),
        );
      expect(found, `${unitType} ${code} of ${els}`).toBeDefined();
    }
    // The list shows a factory with its organisation's name.
    const factories = await list(FACTORY);
    expect(factories.records.find((f) => f.code === '1010')).toMatchObject({
      name: '苏州工厂',
      parentName: '华东采购组织',
    });
  });

  it('creates, edits with the version read (409 when stale) and keeps the code fixed', async () => {
    const org = await ok(`${ORG}/save`, { code: 'T-ORG', name: '测试采购组织', nameEn: 'Test org' });
    expect(org).toMatchObject({ code: 'T-ORG', status: 'enabled', version: 0, parentCode: null });
    const group = await ok(`${GROUP}/save`, { code: 'T-G1', name: '测试采购组', parentCode: 'T-ORG' });
    expect(group).toMatchObject({ parentCode: 'T-ORG', parentName: '测试采购组织' });

    const edited = await ok(`${GROUP}/save`, {
      id: group.id,
      version: group.version,
      name: '测试采购组（改）',
      parentCode: 'T-ORG',
    });
    expect(edited).toMatchObject({ name: '测试采购组（改）', version: group.version + 1 });
    const stale = await post(`${GROUP}/save`, admin, {
      id: group.id,
      version: group.version,
      name: 'x',
      parentCode: 'T-ORG',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('409');
    const recode = await post(`${GROUP}/save`, admin, {
      id: group.id,
      version: edited.version,
      code: 'T-G2',
      name: 'x',
      parentCode: 'T-ORG',
    });
    expect(recode.json().code).toBe('400');
    expect(recode.json().message).toContain('body.code');
    const found = await list(GROUP, { keyword: 't-g1' });
    expect(found.records.map((r) => r.code)).toEqual(['T-G1']);
    expect(found.records[0].name).toBe('测试采购组（改）');
  });

  it('refuses a code the company already has for the type, names the field, changes nothing', async () => {
    await ok(`${FACTORY}/save`, { code: 'T-F1', name: '测试工厂', parentCode: '1000' });
    const again = await post(`${FACTORY}/save`, admin, { code: 'T-F1', name: '另一个', parentCode: '1000' });
    expect(again.json().code).toBe('400');
    expect(again.json().message).toContain('body.code');
    expect(again.json().message).toContain('T-F1');
    const zh = await post(
      `${FACTORY}/save`,
      admin,
      { code: 'T-F1', name: '另一个', parentCode: '1000' },
      'zh_cn',
    );
    expect(zh.json().message).toBe('body.code：工厂编码 T-F1 已存在');
    expect((await list(FACTORY, { keyword: 'T-F1' })).records).toHaveLength(1);
    // The same code in another type, and in another company, is another record.
    await ok(`${COST}/save`, { code: 'T-F1', name: '同码成本中心' });
    const other = await login(server, '100002', 'admin');
    const otherOrg = await ok(`${ORG}/save`, { code: '1000', name: '别家采购组织' }, other);
    expect(otherOrg.code).toBe('1000');
  });

  it('checks the parent: required for groups and factories, an enabled record of the company, none for organisations', async () => {
    const noParent = await post(`${GROUP}/save`, admin, { code: 'T-G9', name: '无组织' });
    expect(noParent.json().code).toBe('400');
    expect(noParent.json().message).toContain('body.parentCode');
    const unknown = await post(`${FACTORY}/save`, admin, {
      code: 'T-F9',
      name: '未知组织',
      parentCode: 'NOPE',
    });
    expect(unknown.json().code).toBe('400');
    expect(unknown.json().message).toContain('NOPE');
    const orgWithParent = await post(`${ORG}/save`, admin, { code: 'T-O9', name: 'x', parentCode: '1000' });
    expect(orgWithParent.json().code).toBe('400');
    // A cost centre of the company (no factory) or of a factory.
    await ok(`${COST}/save`, { code: 'T-C1', name: '公司级', parentCode: null });
    await ok(`${COST}/save`, { code: 'T-C2', name: '工厂级', parentCode: '1010' });
    // Another company's organisation is not one of ours.
    const other = await login(server, '100002', 'admin');
    await ok(`${ORG}/save`, { code: 'ONLY-THEIRS', name: '别家组织' }, other);
    const foreign = await post(`${GROUP}/save`, admin, {
      code: 'T-G8',
      name: 'x',
      parentCode: 'ONLY-THEIRS',
    });
    expect(foreign.json().code).toBe('400');
    expect((await list(GROUP, { keyword: 'T-G8' })).total).toBe(0);
  });

  it('a disabled record is not offered in pickers, but a named saved code keeps its label', async () => {
    const options = async (body: object) =>
      ok<Array<{ code: string; status: string }>>(`${GROUP}/findOptions`, body, buyer);
    // The demo's retired group G09 is disabled.
    expect((await options({})).map((o) => o.code)).toEqual(expect.arrayContaining(['G01', 'G02']));
    expect((await options({})).map((o) => o.code)).not.toContain('G09');
    const g02 = (await list(GROUP, { keyword: 'G02' })).records[0];
    const disabled = await ok(`${GROUP}/disable/${g02.id}`, { version: g02.version });
    expect(disabled.status).toBe('disabled');
    expect((await options({ keyword: 'G0' })).map((o) => o.code)).not.toContain('G02');
    expect(await options({ codes: ['G02'] })).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'G02', status: 'disabled' })]),
    );
    expect((await list(GROUP, { status: 'disabled' })).records.map((r) => r.code)).toContain('G02');
    const stale = await post(`${GROUP}/enable/${g02.id}`, admin, { version: g02.version });
    expect(stale.json().code).toBe('409');
    const enabled = await ok(`${GROUP}/enable/${g02.id}`, { version: disabled.version });
    expect(enabled.status).toBe('enabled');
    expect((await options({ keyword: '包材' })).map((o) => o.code)).toEqual(['G02']);
  });

  it('refuses to delete a code that documents, data permissions or records below use; deletes an unused one', async () => {
    const byCode = async (url: string, code: string) =>
      (await list(url, { keyword: code })).records.find((r) => r.code === code)!;
    // Factory 1010: demo requisitions carry it.
    const f1010 = await byCode(FACTORY, '1010');
    const used = await post(`${FACTORY}/delete/${f1010.id}`, admin, { version: f1010.version });
    expect(used.json().code).toBe('400');
    expect(used.json().message).toMatch(
      /Factory 1010 is used by purchase requisition \S+: it cannot be deleted/,
    );
    // Organisation 1000: groups and factories belong to it.
    const o1000 = await byCode(ORG, '1000');
    const parent = await post(`${ORG}/delete/${o1000.id}`, admin, { version: o1000.version }, 'zh_cn');
    expect(parent.json().code).toBe('400');
    expect(parent.json().message).toContain('不能删除，请停用');
    // A group named in a sub-account's data permissions.
    const g01 = await byCode(GROUP, 'G01');
    const scoped = await post(
      `/apis/ElsAccountService/saveDataPermission/${buyer.elsSubaccountInfoDTO.id}`,
      admin,
      {
        items: { purchaseGroup: ['G01'] },
      },
    );
    expect(scoped.json().code, scoped.body).toBe('200');
    const byPermission = await post(`${GROUP}/delete/${g01.id}`, admin, { version: g01.version });
    expect(byPermission.json().code).toBe('400');
    expect(byPermission.json().message).toContain('buyer1');
    await ok(`/apis/ElsAccountService/saveDataPermission/${buyer.elsSubaccountInfoDTO.id}`, { items: {} });
    // Nothing was deleted; an unused record goes (stale version first: 409).
    expect(await byCode(FACTORY, '1010')).toBeDefined();
    const spare = await ok(`${COST}/save`, { code: 'T-DEL', name: '待删除' });
    expect(
      (await post(`${COST}/delete/${spare.id}`, admin, { version: spare.version + 1 })).json().code,
    ).toBe('409');
    await ok(`${COST}/delete/${spare.id}`, { version: spare.version });
    expect((await list(COST, { keyword: 'T-DEL' })).total).toBe(0);
  });

  it('keeps other companies out: their ids answer 404, their lists show their own, suppliers get 403', async () => {
    const other = await login(server, '100002', 'admin');
    const mine = (await list(FACTORY, { keyword: '1010' })).records[0];
    for (const path of [`disable/${mine.id}`, `delete/${mine.id}`]) {
      const res = await post(`${FACTORY}/${path}`, other, { version: mine.version });
      expect(res.json().code, path).toBe('404');
    }
    const edit = await post(`${FACTORY}/save`, other, {
      id: mine.id,
      version: mine.version,
      name: 'x',
      parentCode: 'ONLY-THEIRS',
    });
    expect(edit.json().code).toBe('404');
    expect((await list(FACTORY, {}, other)).records.map((r) => r.code)).not.toContain('1010');
    expect((await list(FACTORY, { keyword: '1010' })).records[0].version).toBe(mine.version);
    const supplier = await login(server, '200001', 'admin');
    const refused = await post(`${FACTORY}/findPageList`, supplier, { currentPage: 1, pageSize: 10 });
    expect(refused.json().code).toBe('403');
    expect((await post(`${FACTORY}/findOptions`, supplier, {})).json().code).toBe('403');
  });

  it('needs orgMaster.read / orgMaster.edit: a buyer without them is refused, the pickers are open to any buyer', async () => {
    expect((await post(`${ORG}/findPageList`, buyer, { currentPage: 1, pageSize: 10 })).json().code).toBe(
      '403',
    );
    expect((await post(`${ORG}/save`, buyer, { code: 'T-NO', name: 'x' })).json().code).toBe('403');
    expect((await post(`${ORG}/findOptions`, buyer, {})).json().code).toBe('200');
  });
});

describe('data permissions pick from the organisation masters (issue #19)', () => {
  const url = () => `/apis/ElsAccountService/saveDataPermission/${buyer.elsSubaccountInfoDTO.id}`;

  it('refuses a code the masters do not have, naming the item and the code, and saves nothing', async () => {
    for (const [item, good, label] of [
      ['purchaseOrg', '1000', 'Purchase organisation'],
      ['purchaseGroup', 'G01', 'Purchase group'],
      ['factory', '1010', 'Factory'],
      ['costCenter', 'CC-RD-01', 'Cost centre'],
    ] as const) {
      const res = await post(url(), admin, { items: { [item]: [good, 'NO-SUCH-CODE'] } });
      expect(res.json().code, item).toBe('400');
      expect(res.json().message).toContain(`body.items.${item}`);
      expect(res.json().message).toContain('NO-SUCH-CODE');
      expect(res.json().message).toContain(label);
      expect(res.json().message).not.toContain(good);
    }
    // Another company's code is not the company's.
    const foreign = await post(url(), admin, { items: { purchaseOrg: ['ONLY-THEIRS'] } });
    expect(foreign.json().code).toBe('400');
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/apis/ElsAccountService/dataPermission/${buyer.elsSubaccountInfoDTO.id}`,
          headers: admin.headers,
        })
      ).json().data.items,
    ).toEqual({});
  });

  it('takes real codes, a disabled one included (already saved values stay valid)', async () => {
    const saved = await ok<{ items: Record<string, string[]> }>(url(), {
      items: {
        purchaseOrg: ['1000'],
        purchaseGroup: ['G09'],
        factory: ['1010', '1020'],
        costCenter: ['CC-ADM'],
      },
    });
    expect(saved.items).toEqual({
      purchaseOrg: ['1000'],
      purchaseGroup: ['G09'],
      factory: ['1010', '1020'],
      costCenter: ['CC-ADM'],
    });
    await ok(url(), { items: {} });
  });
});

describe('migration 0057 on a database from before (issue #19)', () => {
  const statements = readFileSync(new URL('../drizzle/0057_org_master.sql', import.meta.url), 'utf8').split(
    '--> statement-breakpoint',
  );
  const run = (marker: string) =>
    server.database.db.execute(sql.raw(statements.find((s) => s.includes(marker)) as string));

  it('turns the codes documents and data permissions carry into records, and adds the menu entries', async () => {
    const db = server.database.db;
    const [request] = await db
      .select()
      .from(purchaseRequest)
      .where(eq(purchaseRequest.elsAccount, '100000'))
      .limit(1);
    await db
      .update(purchaseRequest)
      .set({ purchaseFactory: 'LEGACY-F' })
      .where(eq(purchaseRequest.id, request.id));
    await db.execute(
      sql`insert into subaccount_data_permission (subaccount_id, els_account, item, values, last_update_user)
          values (${buyer.elsSubaccountInfoDTO.id}, '100000', 'purchaseOrg', array['LEGACY-ORG'], 'test')
          on conflict (subaccount_id, item) do update set values = excluded.values`,
    );
    await run('INSERT INTO "org_unit"');
    const codes = (
      await db
        .select({ type: orgUnit.unitType, code: orgUnit.code, name: orgUnit.name })
        .from(orgUnit)
        .where(like(orgUnit.code, 'LEGACY-%'))
    ).sort((a, b) => a.code.localeCompare(b.code));
    expect(codes).toEqual([
      { type: 'factory', code: 'LEGACY-F', name: 'LEGACY-F' },
      { type: 'purchaseOrganization', code: 'LEGACY-ORG', name: 'LEGACY-ORG' },
    ]);
    // Existing records are left as they were (1010 keeps its name).
    expect((await list(FACTORY, { keyword: '1010' })).records[0].name).toBe('苏州工厂');
    await db.execute(
      sql`delete from subaccount_data_permission where subaccount_id = ${buyer.elsSubaccountInfoDTO.id}`,
    );

    await db.delete(menu).where(like(menu.appCode, 'org-%'));
    await run('INSERT INTO "menu"');
    await run('INSERT INTO "menu"'); // twice: added once
    const entries = await db.select().from(menu).where(like(menu.appCode, 'org-%'));
    expect(entries.map((e) => e.appNameEn).sort()).toEqual([
      'Cost centres',
      'Factories',
      'Purchase groups',
      'Purchase organisations',
    ]);
    expect(entries.every((e) => e.station === 'purchase' && e.roles.includes('admin'))).toBe(true);
  });
});
