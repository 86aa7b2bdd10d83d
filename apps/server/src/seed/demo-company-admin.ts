import { and, eq, inArray, isNull } from 'drizzle-orm';
import { role } from '../modules/account/tables.ts';
import { menu } from '../modules/menu/tables.ts';
import type { Db } from '../platform/db.ts';

/**
 * Company administration demo (issue #19): buyer 100000 gets a "viewer" role (查询员 / Viewer) that opens
 * only the home page, the personal center and the purchase order list, with no admin action — the role the
 * company-admin browser journey gives a new sub-account. Idempotent; existing roles are left as they are.
 */
export async function seedDemoCompanyAdmin(db: Db): Promise<void> {
  const entries = await db
    .select({ id: menu.id })
    .from(menu)
    .where(
      and(
        eq(menu.station, 'purchase'),
        isNull(menu.elsAccount),
        inArray(menu.appCode, ['home', 'personal', 'purchase-orders']),
      ),
    );
  await db
    .insert(role)
    .values({
      elsAccount: '100000',
      roleCode: 'viewer',
      roleName: '查询员',
      roleNameEn: 'Viewer',
      menuIds: entries.map((e) => e.id),
      actions: [],
    })
    .onConflictDoNothing();
}
