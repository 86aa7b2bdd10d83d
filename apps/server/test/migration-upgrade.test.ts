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
