import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../src/platform/document/list-query.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Master-data list totals (issues #13/#18): materials, suppliers, prices and organisation units count their
 * matches the way the document kernel's lists do (platform/capped-total.ts): exact up to EXACT_COUNT_LIMIT,
 * above it an estimate of at least EXACT_COUNT_LIMIT + 1 with totalExact false. Each list gets
 * EXACT_COUNT_LIMIT + 5 rows whose codes share a prefix; the prefix plus '0' matches exactly
 * EXACT_COUNT_LIMIT of them (…0000 to …0999).
 */
let server: TestServer;
let admin: Session;
const { post } = callsOf(() => server);
const M = '/apis/masterdata';
const ROWS = EXACT_COUNT_LIMIT + 5;
const width = String(ROWS).length;
type PageData = { records: unknown[]; total: number; totalExact: boolean; pageSize: number };

beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server, '100000', 'admin');
  const db = server.database.db;
  const serial = sql`lpad(g::text, ${width}, '0')`;
  await db.execute(sql`
    insert into material (els_account, material_number, material_name, cate_id, base_unit, create_user, last_update_user)
    select '100000', 'CAPM' || ${serial}, '上限物料 ' || g, (select id from material_category where els_account = '100000' limit 1),
      'PCS', 'test', 'test'
    from generate_series(0, ${ROWS - 1}) g`);
  await db.execute(sql`
    insert into supplier_master (els_account, to_els_account, supplier_code, full_name, create_user, last_update_user)
    select '100000', 'CAPS' || ${serial}, 'CAPS' || ${serial}, '上限供应商 ' || g, 'test', 'test'
    from generate_series(0, ${ROWS - 1}) g`);
  await db.execute(sql`
    insert into price_master (els_account, to_els_account, material_id, material_number, price_excluding_tax,
      tax_rate, price_including_tax, valid_start_date, price_expiry_date, create_user, last_update_user)
    select '100000', '200001', m.id, m.material_number, 1, 13, 1.13, now() - interval '1 day',
      now() + interval '1 year', 'test', 'test'
    from material m where m.els_account = '100000' and m.material_number like 'CAPM%'`);
  await db.execute(sql`
    insert into org_unit (els_account, unit_type, code, name, create_user, last_update_user)
    select '100000', 'costCenter', 'CAPC' || ${serial}, '上限成本中心 ' || g, 'test', 'test'
    from generate_series(0, ${ROWS - 1}) g`);
});
afterAll(async () => {
  await server?.close();
});

async function page(service: string, body: object): Promise<PageData> {
  const res = await post(`${M}/${service}/findPageList`, admin, { currentPage: 1, pageSize: 10, ...body });
  expect(res.json().code, res.body).toBe('200');
  return res.json().data as PageData;
}

const lists = [
  ['materials', 'PurchaseMaterialService', 'CAPM'],
  ['suppliers', 'PurchaseSupplierService', 'CAPS'],
  ['prices', 'PurchasePriceService', 'CAPM'],
  ['cost centres', 'PurchaseCostCenterService', 'CAPC'],
] as const;

describe('master-data list totals are capped like the kernel lists', () => {
  it.each(lists)(
    '%s: above the cap the total is an estimate, flagged not exact',
    async (_, service, prefix) => {
      const many = await page(service, { keyword: prefix });
      expect(many.totalExact).toBe(false);
      expect(many.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(many.records).toHaveLength(10);
    },
  );

  it.each(lists)('%s: up to the cap the total is exact', async (_, service, prefix) => {
    const atCap = await page(service, { keyword: `${prefix}0` });
    expect(atCap).toMatchObject({ total: EXACT_COUNT_LIMIT, totalExact: true });
    const few = await page(service, { keyword: `${prefix}100` });
    expect(few).toMatchObject({ total: ROWS - EXACT_COUNT_LIMIT, totalExact: true });
    expect(few.records).toHaveLength(ROWS - EXACT_COUNT_LIMIT);
  });
});
