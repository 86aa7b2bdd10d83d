import { and, eq } from 'drizzle-orm';
import { accountRelation, company, role, subaccount, subaccountRole } from '../src/modules/account/tables.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { auditTrail } from '../src/platform/tables.ts';
import { DEMO_PASSWORD, type login, type TestServer } from './helpers.ts';

// Fixtures shared by the master-data API and Excel suites (issue #5).

type Session = Awaited<ReturnType<typeof login>>;

/** A supplier linked to 100000 and one that is not, so the tests do not depend on the demo seed. */
export const LINKED = '200901';
export const STRANGER = '200902';

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Helpers bound to the suite's server (created in its beforeAll, hence the getter). */
export function masterdataFixtures(getServer: () => TestServer) {
  return {
    /** A second buyer company 100001 with an admin (like the generated tenant-isolation suite). */
    async setUpCompanies() {
      const db = getServer().database.db;
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      await db.insert(company).values([
        { elsAccount: '100001', companyName: '另一家采购商有限公司' },
        { elsAccount: LINKED, companyName: '测试关联供应商有限公司' },
        { elsAccount: STRANGER, companyName: '测试陌生供应商有限公司' },
      ]);
      await db.insert(accountRelation).values({ elsAccount: '100000', toElsAccount: LINKED });
      const [user] = await db
        .insert(subaccount)
        .values({
          elsAccount: '100001',
          elsSubAccount: 'admin',
          name: '另一位管理员',
          station: 'purchase',
          passwordHash,
          permission: 'admin',
        })
        .returning({ id: subaccount.id });
      const [admin] = await db
        .insert(role)
        .values({ elsAccount: '100001', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' })
        .returning({ id: role.id });
      await db.insert(subaccountRole).values({ subaccountId: user.id, roleId: admin.id });
    },
    /** Audit-trail rows of one document. */
    auditRows(documentKind: string, documentId: string) {
      return getServer()
        .database.db.select()
        .from(auditTrail)
        .where(and(eq(auditTrail.documentKind, documentKind), eq(auditTrail.documentId, documentId)));
    },
    /** Calls /apis/masterdata/{path}: GET for findDetail, else POST with the payload; English messages. */
    call(path: string, session: Session | null, payload: unknown = {}, lang = 'en') {
      return getServer().app.inject({
        method: path.includes('/findDetail/') ? 'GET' : 'POST',
        url: `/apis/masterdata/${path}`,
        headers: { ...(session?.headers ?? {}), lang },
        ...(path.includes('/findDetail/') ? {} : { payload: payload as object }),
      });
    },
  };
}
