import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A database made by an earlier release still upgrades (issue #34 "Migrations you can trust"). The release
 * head here is the last migration before drizzle/meta was collapsed to one baseline snapshot (0064): a
 * database migrated to it, with rows of its own, takes every migration since, keeps its rows, and has each
 * migration recorded once. (The numbering-gap migration 0063 came later but sorts before 0064: the migrator
 * applies only migrations newer than a database's last one, so an upgraded database skips it — it does
 * nothing anyway.)
 */
const RELEASE_HEAD = '0064_master_search_trgm';
const folder = resolve(import.meta.dirname, '../drizzle');
const work = mkdtempSync(join(tmpdir(), 'srm-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Journal = { entries: { idx: number; tag: string; when: number }[] };
const journal: Journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8'));

/** The migrations folder as the release shipped it: its journal up to RELEASE_HEAD, without 0063. */
function releaseFolder(): string {
  const dir = join(work, 'release');
  cpSync(folder, dir, { recursive: true });
  const head = journal.entries.findIndex((e) => e.tag === RELEASE_HEAD);
  const entries = journal.entries.slice(0, head + 1).filter((e) => !e.tag.startsWith('0063_'));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe('upgrading a database of an earlier release', () => {
  it('applies every later migration and keeps the rows', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: releaseFolder() });
    await client.query(`insert into company (els_account, company_name) values ('900001', '升级测试公司')`);

    await migrate(db, { migrationsFolder: folder });

    const rows = await client.query<{ company_name: string }>(
      `select company_name from company where els_account = '900001'`,
    );
    expect(rows.rows).toEqual([{ company_name: '升级测试公司' }]);
    const applied = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at',
    );
    // The release's migrations, then each later one once (0063 not: it sorts before the release head).
    const head = journal.entries.findIndex((e) => e.tag === RELEASE_HEAD);
    const shipped = journal.entries.slice(0, head + 1).filter((e) => !e.tag.startsWith('0063_'));
    const later = journal.entries.slice(head + 1);
    expect(applied.rows.map((r) => Number(r.created_at))).toEqual([...shipped, ...later].map((e) => e.when));
    await client.close();
  });

  it('gives a new database every migration, in journal order', async () => {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: folder });
    const applied = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by id',
    );
    expect(applied.rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
    await client.close();
  });
});

describe('0070: the demo approval steps of a database seeded before 0069 get their English names (issue #33)', () => {
  it("fills the demo company's known step names where English is empty, and leaves the rest", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    // The migrations up to 0069: a database seeded before the seed named its steps in both languages.
    const dir = join(work, 'before-0070');
    cpSync(folder, dir, { recursive: true });
    const entries = journal.entries.filter((e) => e.idx < 70);
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    await migrate(db, { migrationsFolder: dir });
    const steps = (names: Array<{ name: string; nameEn?: string }>) =>
      JSON.stringify(names.map((n) => ({ ...n, approverType: 'role', approvers: ['buyerManager'] })));
    await client.query(
      `insert into audit_config (els_account, document_kind, steps, last_update_user) values
        ('100000', 'order', $1, 'seed'), ('100000', 'purchaseRequest', $2, 'seed'), ('100002', 'order', $3, 'x')`,
      [
        steps([{ name: '采购经理审批' }, { name: '大额采购审批', nameEn: '' }, { name: '总经理审批' }]),
        steps([{ name: '部门经理审批', nameEn: 'Head of department' }]),
        steps([{ name: '采购经理审批' }]),
      ],
    );
    const chain = JSON.stringify([{ name: '采购经理审批', index: 0, approverType: 'role', approvers: [] }]);
    await client.query(
      `insert into audit_task (els_account, document_kind, document_id, document_number, flow_id, step_index,
         step_name, approver_type, approvers, promoter, chain) values
        ('100000', 'order', gen_random_uuid(), 'PO1', gen_random_uuid(), 0, '采购经理审批', 'role', '[]', 'p', $1),
        ('100002', 'order', gen_random_uuid(), 'PO2', gen_random_uuid(), 0, '采购经理审批', 'role', '[]', 'p', $1)`,
      [chain],
    );

    await migrate(db, { migrationsFolder: folder });

    const configs = await client.query<{ els_account: string; document_kind: string; steps: unknown }>(
      'select els_account, document_kind, steps from audit_config order by els_account, document_kind',
    );
    const names = (rows: unknown) => (rows as Array<{ name: string; nameEn?: string }>).map((s) => s.nameEn);
    expect(configs.rows.map((r) => [r.els_account, r.document_kind, names(r.steps)])).toEqual([
      ['100000', 'order', ['Purchasing manager approval', 'Large purchase approval', undefined]],
      // A name someone typed stays.
      ['100000', 'purchaseRequest', ['Head of department']],
      // Another company's steps are its own words.
      ['100002', 'order', [undefined]],
    ]);
    const tasks = await client.query<{ els_account: string; step_name_en: string | null; chain: unknown }>(
      'select els_account, step_name_en, chain from audit_task order by els_account',
    );
    expect(tasks.rows.map((r) => [r.els_account, r.step_name_en, names(r.chain)])).toEqual([
      ['100000', 'Purchasing manager approval', ['Purchasing manager approval']],
      ['100002', null, [undefined]],
    ]);
    await client.close();
  });
});
