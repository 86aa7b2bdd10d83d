// @postgres: extensions, migrations — migration 0064's trigram indexes on the server's own pg_trgm, and the searches they serve
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { material, materialCategory } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Migration 0064 (issue #13 pickers): trigram indexes for the master-data keyword searches the RFQ, auction
 * and demand-pool pickers run as the user types. They exist on both databases (PGlite loads pg_trgm), and the
 * search they serve finds a material among many by part of its name — the caller's own only, never another
 * company's of the same name.
 */
let server: TestServer;
const { post } = callsOf(() => server);
const s: Record<string, Session> = {};
const INDEXES = [
  'material_name_trgm_idx',
  'material_number_trgm_idx',
  'supplier_master_account_trgm_idx',
  'supplier_master_code_trgm_idx',
  'supplier_master_full_name_trgm_idx',
  'supplier_master_short_name_trgm_idx',
];

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  s.other = await login(server, '100002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const trgmIndexes = async () =>
  (
    (await server.database.db.execute(
      sql`select indexname from pg_indexes where indexname like '%trgm_idx' order by indexname`,
    )) as unknown as { rows: Array<{ indexname: string }> }
  ).rows.map((r) => r.indexname);

describe('trigram indexes of the master-data searches (migration 0064)', () => {
  it('exist after the migrations', async () => {
    expect(await trgmIndexes()).toEqual(INDEXES);
  });

  it('the keyword search finds the one material named by part of its name, of the caller’s company only', async () => {
    const db = server.database.db;
    const leafOf = async (account: string) =>
      (await db.select().from(materialCategory).where(eq(materialCategory.elsAccount, account))).find(
        (c) => c.cateLevel === 3,
      );
    const mine = await leafOf('100000');
    expect(mine).toBeDefined();
    const rows = Array.from({ length: 160 }, (_, i) => ({
      elsAccount: '100000',
      cateId: mine!.id,
      materialNumber: `TRGM-${String(i + 1).padStart(3, '0')}`,
      materialName: `三角索引物料第${String(i + 1).padStart(3, '0')}号`,
      baseUnit: 'PCS',
      createUser: '100000_admin',
      lastUpdateUser: '100000_admin',
    }));
    await db.insert(material).values(rows);
    // Another company (buyer 100002, a level-3 category path of its own) has a material of the same number and name.
    let parentId: string | null = null;
    for (const level of [1, 2, 3]) {
      const [made]: Array<{ id: string }> = await db
        .insert(materialCategory)
        .values({
          elsAccount: '100002',
          parentId,
          cateLevel: level,
          cateCode: `TRGM-C${level}`,
          cateName: `三角索引分类${level}`,
          createUser: '100002_admin',
          lastUpdateUser: '100002_admin',
        })
        .returning({ id: materialCategory.id });
      parentId = made.id;
    }
    const theirs = await leafOf('100002');
    expect(theirs).toBeDefined();
    await db.insert(material).values({
      ...rows[149],
      elsAccount: '100002',
      cateId: theirs!.id,
      createUser: '100002_admin',
      lastUpdateUser: '100002_admin',
    });
    const search = async (session: Session, keyword: string) => {
      const res = await post('/apis/masterdata/PurchaseMaterialService/findPageList', session, {
        currentPage: 1,
        pageSize: 20,
        keyword,
      });
      expect(res.json().code, res.body).toBe('200');
      return res.json().data as {
        total: number;
        records: Array<{ elsAccount: string; materialNumber: string }>;
      };
    };
    const found = await search(s.buyer, '索引物料第150');
    expect(found.records.map((m) => [m.elsAccount, m.materialNumber])).toEqual([['100000', 'TRGM-150']]);
    expect(found.total).toBe(1);
    const byNumber = await search(s.buyer, 'trgm-15');
    expect(byNumber.records.map((m) => m.materialNumber).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `TRGM-${150 + i}`),
    );
    const other = await search(s.other, '索引物料第150');
    expect(other.records.map((m) => m.elsAccount)).toEqual(['100002']);
  });
});
