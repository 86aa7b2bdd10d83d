// @postgres: roles — FORCE ROW LEVEL SECURITY policies under the server's own non-superuser role
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice, noticeReceiver, sysMsg } from '../src/modules/message/tables.ts';
import { hazardousSubstance } from '../src/modules/system/tables.ts';
import { auditTrail } from '../src/platform/tables.ts';
import { withTenant } from '../src/platform/tenant.ts';
import { createTestServer, login, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // Some rows of each company to find: an announcement (with its audit row) from the buyer.
  const buyer = await login(server, '100000', 'admin');
  await server.app.inject({
    method: 'POST',
    url: '/apis/ElsNoticeService/save',
    headers: buyer.headers,
    payload: {
      title: '只给 200001',
      content: '内容',
      noticeStartTime: new Date().toISOString(),
      noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      receivers: ['200001'],
    },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('row-level security (defence in depth)', () => {
  it('an unfiltered query in a tenant context returns only that company’s rows', async () => {
    const db = server.database.db;
    const everything = await db.select({ account: sysMsg.elsAccount }).from(sysMsg);
    expect(new Set(everything.map((r) => r.account)).size).toBeGreaterThan(1);

    // No WHERE clause at all: the policies do the filtering.
    const seen = await withTenant(db, '200001', (tx) =>
      tx.select({ account: sysMsg.elsAccount }).from(sysMsg),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.account === '200001')).toBe(true);

    const trail = await withTenant(db, '200001', (tx) => tx.select().from(auditTrail));
    expect(trail).toEqual([]);
    const ownTrail = await withTenant(db, '100000', (tx) => tx.select().from(auditTrail));
    expect(ownTrail.length).toBeGreaterThan(0);
  });

  it('lets a supplier see announcements addressed to it, and nothing else of the buyer', async () => {
    const db = server.database.db;
    const s1 = await withTenant(db, '200001', (tx) => tx.select({ title: notice.title }).from(notice));
    const s2 = await withTenant(db, '200002', (tx) => tx.select({ title: notice.title }).from(notice));
    expect(s1.map((r) => r.title)).toContain('只给 200001');
    expect(s2.map((r) => r.title)).not.toContain('只给 200001');
    const receivers = await withTenant(db, '200002', (tx) => tx.select().from(noticeReceiver));
    expect(receivers.every((r) => r.toElsAccount === '200002')).toBe(true);
    const hazards = await withTenant(db, '200002', (tx) => tx.select().from(hazardousSubstance));
    expect(hazards.length).toBe(2);
    expect(hazards.every((r) => r.toElsAccount === '200002')).toBe(true);
  });

  it('hides rows from updates and deletes in the wrong tenant context too', async () => {
    const db = server.database.db;
    const deleted = await withTenant(db, '200002', (tx) =>
      tx.execute(sql`delete from sys_msg where els_account = '100000' returning id`),
    );
    expect((deleted as unknown as { rows: unknown[] }).rows).toEqual([]);
    const stillThere = await db.execute(
      sql`select count(*)::int as n from sys_msg where els_account = '100000'`,
    );
    expect(Number((stillThere as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBeGreaterThan(0);
  });
});
