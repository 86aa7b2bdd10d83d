// @postgres: migrations — migration 0054's menu inserts run twice on the database under test
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material, supplierMaster } from '../src/modules/masterdata/tables.ts';
import { runCertExpiryScan } from '../src/modules/supplier-lifecycle/cert-expiry.ts';
import { certReminderSent } from '../src/modules/supplier-lifecycle/tables.ts';
import { invalidateDictionaries } from '../src/modules/system/dictionaries.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Issue #19: business dictionary management (a buyer company's label overrides and disabled entries,
 * served merged by GET /apis/DictService/findAll) and preset parameter management (ParameterService),
 * both for the buyer admin only; the menu entries from the seed and from migration 0054.
 */
let server: TestServer;
const s: Record<string, Session> = {};
const { post, get } = callsOf(() => server);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.admin = await login(server, '100000', 'admin');
  s.buyer1 = await login(server, '100000', 'buyer1');
  s.otherAdmin = await login(server, '100002', 'admin');
  s.supplierAdmin = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type Row = {
  code: string;
  value: string;
  zhCn: string | null;
  en: string | null;
  enabled: boolean;
  version: number | null;
};
const findRow = async (session: Session, code: string, value: string): Promise<Row> => {
  const rows: Row[] = (await post('/apis/DictService/findOverrides', session, { code })).json().data;
  const row = rows.find((r) => r.value === value);
  if (!row) throw new Error(`no row ${code}/${value}`);
  return row;
};
const dicts = async (session: Session) => (await get('/apis/DictService/findAll', session)).json().data;

describe('business dictionaries', () => {
  it('a buyer admin overrides a label; its company sees it, other companies and suppliers do not', async () => {
    const before = await findRow(s.admin, 'orderStatus', 'PAID');
    expect(before).toMatchObject({ zhCn: null, en: null, enabled: true, version: null });
    const saved = await post('/apis/DictService/saveOverride', s.admin, {
      code: 'orderStatus',
      value: 'PAID',
      zhCn: '  已付款  ',
      en: null,
      enabled: true,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    expect(saved.json().data).toMatchObject({ zhCn: '已付款', en: null, defaultEn: 'Paid', version: 0 });

    // Any user of the company (not only the admin) gets the merged labels; the other language stays.
    expect((await dicts(s.buyer1)).orderStatus.PAID).toEqual({ zh_cn: '已付款', en: 'Paid' });
    expect((await dicts(s.admin)).orderStatus.PAID).toEqual({ zh_cn: '已付款', en: 'Paid' });
    // Another buyer company and a supplier keep the platform labels.
    expect((await dicts(s.otherAdmin)).orderStatus.PAID).toEqual({ zh_cn: '已支付', en: 'Paid' });
    expect((await dicts(s.supplierAdmin)).orderStatus.PAID).toEqual({ zh_cn: '已支付', en: 'Paid' });
    expect((await findRow(s.otherAdmin, 'orderStatus', 'PAID')).zhCn).toBeNull();

    // Back to the defaults removes the override.
    const restored = await post('/apis/DictService/saveOverride', s.admin, {
      code: 'orderStatus',
      value: 'PAID',
      zhCn: null,
      en: null,
      enabled: true,
      version: 0,
    });
    expect(restored.json().data).toMatchObject({ zhCn: null, version: null });
    expect((await dicts(s.buyer1)).orderStatus.PAID).toEqual({ zh_cn: '已支付', en: 'Paid' });
  });

  it('a disabled entry is flagged, keeps its label, and other entries have no flag', async () => {
    const saved = await post('/apis/DictService/saveOverride', s.otherAdmin, {
      code: 'payType',
      value: '1',
      zhCn: null,
      en: 'Alipay (not used)',
      enabled: false,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    const payType = (await dicts(s.otherAdmin)).payType;
    expect(payType['1']).toEqual({ zh_cn: '支付宝', en: 'Alipay (not used)', disabled: 'Y' });
    expect(payType['0']).toEqual({ zh_cn: '微信', en: 'WeChat' });
    expect((await dicts(s.admin)).payType['1']).toEqual({ zh_cn: '支付宝', en: 'Alipay' });
    const restored = await post('/apis/DictService/saveOverride', s.otherAdmin, {
      code: 'payType',
      value: '1',
      zhCn: null,
      en: null,
      enabled: true,
      version: saved.json().data.version,
    });
    expect(restored.json().code).toBe('200');
    expect((await dicts(s.otherAdmin)).payType['1']).toEqual({ zh_cn: '支付宝', en: 'Alipay' });
  });

  it('refuses bad input naming the field and the rule, in the user’s language, and changes nothing', async () => {
    const base = { code: 'orderStatus', value: 'PAID', zhCn: null, en: null, enabled: true };
    const long = await post('/apis/DictService/saveOverride', s.admin, { ...base, en: 'x'.repeat(51) });
    expect(long.json().code).toBe('400');
    expect(long.json().message).toContain('body.en must be at most 50 long');
    const blank = await post('/apis/DictService/saveOverride', s.admin, { ...base, zhCn: '   ' }, 'zh_cn');
    expect(blank.json().code).toBe('400');
    expect(blank.json().message).toContain('body.zhCn 不能为空');
    const code = await post('/apis/DictService/saveOverride', s.admin, { ...base, code: 'nope' });
    expect(code.json().code).toBe('400');
    expect(code.json().message).toContain('body.code must be one of');
    const value = await post('/apis/DictService/saveOverride', s.admin, { ...base, value: 'NEW', en: 'New' });
    expect(value.json().code).toBe('400');
    expect(value.json().message).toContain(
      'body.value must be one of CANCEL, EXPIRE, INIT, UNPAID, PAID, INVOICED',
    );
    expect((await dicts(s.admin)).orderStatus.NEW).toBeUndefined();
    expect((await findRow(s.admin, 'orderStatus', 'PAID')).version).toBeNull();
  });

  it('answers 409 to a stale version or to a first save when someone saved meanwhile', async () => {
    const first = await post('/apis/DictService/saveOverride', s.admin, {
      code: 'yesNo',
      value: 'Y',
      zhCn: '是的',
      en: null,
      enabled: true,
    });
    expect(first.json().data.version).toBe(0);
    const again = await post('/apis/DictService/saveOverride', s.admin, {
      code: 'yesNo',
      value: 'Y',
      zhCn: '对',
      en: null,
      enabled: true,
    });
    expect(again.json().code).toBe('409');
    const update = { code: 'yesNo', value: 'Y', zhCn: '对', en: null, enabled: true, version: 0 };
    expect((await post('/apis/DictService/saveOverride', s.admin, update)).json().data.version).toBe(1);
    const stale = await post('/apis/DictService/saveOverride', s.admin, { ...update, zhCn: '好' });
    expect(stale.json().code).toBe('409');
    expect((await dicts(s.admin)).yesNo.Y.zh_cn).toBe('对');
    const cleanup = { code: 'yesNo', value: 'Y', zhCn: null, en: null, enabled: true, version: 1 };
    expect((await post('/apis/DictService/saveOverride', s.admin, cleanup)).json().code).toBe('200');
  });

  it('serves a save made directly in the database after the cache is dropped (cache per company)', async () => {
    expect((await dicts(s.admin)).station.sale.en).toBe('Supplier');
    await server.database.db.execute(sql`insert into dict_override (els_account, dict_code, dict_value,
      label_en, last_update_user) values ('100000', 'station', 'sale', 'Vendor', 'test')`);
    // Still the cached copy (another process's save reaches this one within the cache time) …
    expect((await dicts(s.admin)).station.sale.en).toBe('Supplier');
    invalidateDictionaries('100000');
    expect((await dicts(s.admin)).station.sale.en).toBe('Vendor');
    await server.database.db.execute(sql`delete from dict_override where dict_code = 'station'`);
    invalidateDictionaries('100000');
  });

  it("a server built next in this process serves its own database's dictionaries, not the cached ones", async () => {
    await server.database.db.execute(sql`insert into dict_override (els_account, dict_code, dict_value,
      label_en, last_update_user) values ('100000', 'station', 'sale', 'Vendor', 'test')`);
    invalidateDictionaries('100000');
    expect((await dicts(s.admin)).station.sale.en).toBe('Vendor');
    // The next test file's server, on its own copy of the seeded database, in the same worker process.
    const next = await createTestServer();
    try {
      const admin = await login(next, '100000', 'admin');
      const res = await next.app.inject({
        method: 'GET',
        url: '/apis/DictService/findAll',
        headers: admin.headers,
      });
      expect(res.json().data.station.sale.en).toBe('Supplier');
    } finally {
      await next.close();
      await server.database.db.execute(sql`delete from dict_override where dict_code = 'station'`);
      invalidateDictionaries('100000');
    }
  });

  it('refuses anyone but a buyer admin with 403', async () => {
    const body = { code: 'orderStatus', value: 'PAID', zhCn: 'x', en: null, enabled: true };
    for (const session of [s.supplierAdmin, s.buyer1]) {
      expect((await post('/apis/DictService/saveOverride', session, body)).json().code).toBe('403');
      expect((await post('/apis/DictService/findOverrides', session, {})).json().code).toBe('403');
      expect((await post('/apis/ParameterService/findList', session, {})).json().code).toBe('403');
      const param = { group: 'Enquiry_Group', code: 'minSuppliersPerLine', value: 4, stored: null };
      expect((await post('/apis/ParameterService/save', session, param)).json().code).toBe('403');
    }
    expect((await dicts(s.buyer1)).orderStatus.PAID.zh_cn).toBe('已支付');
  });
});

type Param = { group: string; code: string; value: number; defaultValue: number; stored: string | null };
const param = async (session: Session, code: string): Promise<Param> => {
  const rows: Param[] = (await post('/apis/ParameterService/findList', session)).json().data;
  const row = rows.find((r) => r.code === code);
  if (!row) throw new Error(`no parameter ${code}`);
  return row;
};

describe('preset parameters', () => {
  const rfq = async (session: Session, suppliers: string[]) => {
    const [m] = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
    return post('/apis/inquiry/PurchaseEnquiryService/save', session, {
      enquiryDesc: '参数测试询价',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [{ materialId: m.id, quantity: '10', deliveryDate: '2027-01-31', suppliers }],
    });
  };

  it('the minimum suppliers per RFQ line may be raised, never lowered below 3, and takes effect', async () => {
    const before = await param(s.admin, 'minSuppliersPerLine');
    expect(before).toMatchObject({ value: 3, defaultValue: 3, stored: null });
    const three = ['200001', '200003', '200004'];
    expect((await rfq(s.buyer1, three)).json().code).toBe('200');

    const low = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'minSuppliersPerLine',
      value: 2,
      stored: null,
    });
    expect(low.json().code).toBe('400');
    expect(low.json().message).toContain('body.value must be at least 3');
    const high = await post(
      '/apis/ParameterService/save',
      s.admin,
      { group: 'Enquiry_Group', code: 'minSuppliersPerLine', value: 21, stored: null },
      'zh_cn',
    );
    expect(high.json().message).toContain('body.value 不能大于 20');

    const saved = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'minSuppliersPerLine',
      value: 4,
      stored: null,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    expect(await param(s.admin, 'minSuppliersPerLine')).toMatchObject({ value: 4, stored: '4' });
    const refused = await rfq(s.buyer1, three);
    expect(refused.json().code).toBe('400');
    expect(refused.json().message).toContain('Line 10: each material needs at least 4 suppliers to quote');
    // Another buyer keeps the default.
    expect((await param(s.otherAdmin, 'minSuppliersPerLine')).value).toBe(3);

    // A save naming an old stored value is stale.
    const stale = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'minSuppliersPerLine',
      value: 5,
      stored: null,
    });
    expect(stale.json().code).toBe('409');
    const back = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'minSuppliersPerLine',
      value: 3,
      stored: '4',
    });
    expect(back.json().code).toBe('200');
    expect((await rfq(s.buyer1, three)).json().code).toBe('200');
  });

  it('an unknown parameter is refused naming the field', async () => {
    const res = await post('/apis/ParameterService/save', s.admin, {
      group: 'Enquiry_Group',
      code: 'nope',
      value: 4,
      stored: null,
    });
    expect(res.json().code).toBe('400');
    expect(res.json().message).toContain('body.code must be one of');
  });

  it('the certificate reminder days decide which certificates the expiry job reminds', async () => {
    const db = server.database.db;
    const now = new Date('2033-01-01T02:00:00Z');
    await db
      .update(supplierMaster)
      .set({
        certifications: [{ type: '参数认证', org: 'SGS', date: '2030-01-01', expiryDate: '2033-04-01' }],
      })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200004')));
    const reminded = () =>
      db
        .select()
        .from(certReminderSent)
        .where(
          and(eq(certReminderSent.toElsAccount, '200004'), eq(certReminderSent.expiryDate, '2033-04-01')),
        );
    // 90 days ahead: outside the default 30 days.
    await db.transaction((tx) => runCertExpiryScan(tx, 'test', now));
    expect(await reminded()).toHaveLength(0);
    const current = await param(s.admin, 'certReminderDays');
    expect(current.value).toBe(30);
    const saved = await post('/apis/ParameterService/save', s.admin, {
      group: 'Supplier_Group',
      code: 'certReminderDays',
      value: 120,
      stored: current.stored,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    await db.transaction((tx) => runCertExpiryScan(tx, 'test', now));
    expect(await reminded()).toHaveLength(1);
  });
});

describe('the menu entries', () => {
  type MenuRow = { station: string; parent_code: string | null; app_code: string; app_url: string };
  const entryRows = async (): Promise<MenuRow[]> => {
    const result = await server.database.db.execute(sql`
      select m.station, p.app_code as parent_code, m.app_code, m.app_url
      from menu m left join menu p on p.id = m.parent_id
      where m.app_code in ('business-dictionaries', 'preset-parameters') order by m.app_code`);
    return (result as unknown as { rows: MenuRow[] }).rows;
  };
  const expected: MenuRow[] = [
    {
      station: 'purchase',
      parent_code: 'system',
      app_code: 'business-dictionaries',
      app_url: '/system/#/v2/dictionaries',
    },
    {
      station: 'purchase',
      parent_code: 'system',
      app_code: 'preset-parameters',
      app_url: '/system/#/v2/parameters',
    },
  ];
  type Item = { appUrl: string; children: Item[] };
  const urls = (items: Item[]): string[] => items.flatMap((i) => [i.appUrl, ...urls(i.children ?? [])]);

  it('a new database has them once, from the seed; the buyer admin’s menu shows them', async () => {
    expect(await entryRows()).toEqual(expected);
    const menu = urls((await get('/apis/user/getMenu', s.admin)).json().data);
    expect(menu).toEqual(expect.arrayContaining(['/system/#/v2/dictionaries', '/system/#/v2/parameters']));
    expect(urls((await get('/apis/user/getMenu', s.supplierAdmin)).json().data)).not.toContain(
      '/system/#/v2/dictionaries',
    );
  });

  it('an existing database without them gets them once from migration 0054, however often it runs', async () => {
    const file = readFileSync(join(import.meta.dirname, '../drizzle/0054_dictionary_override.sql'), 'utf8');
    const inserts = file
      .split('--> statement-breakpoint')
      .filter((part) => part.includes('INSERT INTO "menu"'));
    expect(inserts).toHaveLength(2);
    await server.database.db.execute(
      sql`delete from menu where app_code in ('business-dictionaries', 'preset-parameters')`,
    );
    expect(await entryRows()).toEqual([]);
    for (let run = 0; run < 2; run++) {
      for (const insert of inserts) await server.database.db.execute(sql.raw(insert));
      expect(await entryRows()).toEqual(expected);
    }
  });
});
