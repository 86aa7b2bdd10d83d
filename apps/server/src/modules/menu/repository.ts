import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { menu } from './tables.ts';

export type MenuRow = typeof menu.$inferSelect;

/** Menu rows of a station: the platform-wide ones and the company's own. */
export async function findMenuRows(
  db: Queryable,
  station: 'purchase' | 'sale',
  elsAccount: string,
): Promise<MenuRow[]> {
  return db
    .select()
    .from(menu)
    .where(and(eq(menu.station, station), or(isNull(menu.elsAccount), eq(menu.elsAccount, elsAccount))))
    .orderBy(asc(menu.sortOrder), asc(menu.appCode));
}
