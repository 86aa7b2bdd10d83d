import { count, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from './db.ts';
import { EXACT_COUNT_LIMIT, plannedRows, totalOf } from './document/list-query.ts';

/** A list's total as the document kernel answers it (list-query.ts): exact, or an estimate above the cap. */
export type CappedTotal = { total: number; totalExact: boolean };

/**
 * Counts a list's matches the way the document kernel's lists do (list-query.ts, issues #13/#18): the
 * count stops at EXACT_COUNT_LIMIT + 1 (1,001) rows, so a common keyword among 200,000 materials reads
 * 1,001 index entries instead of all matches. Up to EXACT_COUNT_LIMIT the total is exact
 * (`totalExact: true`); above it `total` is PostgreSQL's plan estimate of the matches, never below the
 * 1,001 rows counted, with `totalExact: false` (the web list shows "约 N 条" / "About N items" and page
 * numbers up to the offset window, DataTable).
 *
 * `matches` is the list's `select 1 from … where …` without order or limit (a drizzle select; tenant
 * condition included by the caller). Runs on the given connection or transaction (RLS applies).
 */
export async function cappedTotal(db: Queryable, matches: SQLWrapper): Promise<CappedTotal> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sql`(${matches} limit ${EXACT_COUNT_LIMIT + 1}) as capped`);
  const counted = Number(n);
  if (counted <= EXACT_COUNT_LIMIT) return totalOf(counted);
  return totalOf(counted, await plannedRows(db, matches));
}
