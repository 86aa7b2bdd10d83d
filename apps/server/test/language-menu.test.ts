// @postgres: migrations — migration 0053's menu insert run twice on the database under test
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The menu entry "界面文字 / Interface texts" (issue #18/#19: the buyer admin edits the company's interface
 * texts at /system/#/v2/language): from the seed on a new database, from migration 0053 on an existing
 * one — once, under System management of the purchase station only, however often the migration runs.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
let supplierAdmin: Session;
const { get } = callsOf(() => server);

beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplierAdmin = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

type MenuRow = {
  station: string;
  parent_code: string | null;
  app_name: string;
  app_name_en: string;
  app_url: string;
};

async function entryRows(): Promise<MenuRow[]> {
  const result = await server.database.db.execute(sql`
    select m.station, p.app_code as parent_code, m.app_name, m.app_name_en, m.app_url
    from menu m left join menu p on p.id = m.parent_id
    where m.app_code = 'language-texts' order by m.station`);
  return (result as unknown as { rows: MenuRow[] }).rows;
}

const entry: MenuRow = {
  station: 'purchase',
  parent_code: 'system',
  app_name: '界面文字',
  app_name_en: 'Interface texts',
  app_url: '/system/#/v2/language',
};

type Item = { appCode: string; appUrl: string; children: Item[] };
const urls = (items: Item[]): string[] => items.flatMap((i) => [i.appUrl, ...urls(i.children ?? [])]);

describe('the interface-texts menu entry', () => {
  it('a new database has it once, from the seed, under System management of the purchase station', async () => {
    expect(await entryRows()).toEqual([entry]);
  });

  it('shows in the buyer admin’s menu only', async () => {
    expect(urls((await get('/apis/user/getMenu', admin)).json().data)).toContain('/system/#/v2/language');
    expect(urls((await get('/apis/user/getMenu', buyer1)).json().data)).not.toContain(
      '/system/#/v2/language',
    );
    expect(urls((await get('/apis/user/getMenu', supplierAdmin)).json().data)).not.toContain(
      '/system/#/v2/language',
    );
  });

  it('an existing database without it gets it once from migration 0053, however often it runs', async () => {
    const file = readFileSync(join(import.meta.dirname, '../drizzle/0053_language_menu.sql'), 'utf8');
    const inserts = file.split('--> statement-breakpoint').filter((s) => s.includes('INSERT INTO "menu"'));
    expect(inserts).toHaveLength(1);
    await server.database.db.execute(sql`delete from menu where app_code = 'language-texts'`);
    expect(await entryRows()).toEqual([]);
    for (let run = 0; run < 2; run++) {
      await server.database.db.execute(sql.raw(inserts[0]));
      expect(await entryRows()).toEqual([entry]);
    }
    expect(urls((await get('/apis/user/getMenu', admin)).json().data)).toContain('/system/#/v2/language');
  });
});
