import { LIST_OFFSET_WINDOW_ROWS } from '@srm/contracts/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db.ts';
import { EXACT_COUNT_LIMIT } from '../../platform/document/list-query.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * Keyset paging of the appraisal lists (issue #17), as the kernel's lists page (list-query.ts): every list
 * is ordered by (key desc, id desc); page numbers reach the first LIST_OFFSET_WINDOW_ROWS rows (OFFSET
 * inside that window only), every full page returns `nextCursor`, the opaque position of its last row,
 * which reads the following page at any depth with no OFFSET; `total` is exact up to EXACT_COUNT_LIMIT.
 */

/** The body of an appraisal list: page number and size, or the previous page's nextCursor. */
export type KeysetPaging = { currentPage: number; pageSize: number; cursor?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A date or a timestamptz as PostgreSQL writes it as text (`::text`). */
const KEY = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)?$/;

/** The cursor after a row: [tag, key as PostgreSQL's text, id], base64url JSON. */
export const encodeCursor = (tag: string, key: string, id: string) =>
  Buffer.from(JSON.stringify([tag, key, id])).toString('base64url');

/** [key, id] of a cursor issued by the list `tag`; '400' rule.invalidCursor naming body.cursor otherwise. */
export function decodeCursor(tag: string, cursor: string): [string, string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    parsed[0] === tag &&
    typeof parsed[1] === 'string' &&
    KEY.test(parsed[1]) &&
    typeof parsed[2] === 'string' &&
    UUID.test(parsed[2])
  )
    return [parsed[1], parsed[2]];
  throw badRequest('rule.invalidCursor', { field: 'body.cursor' });
}

/**
 * The page's position: with a cursor, the keyset condition `(key, id) < (cursor)` and no offset; else the
 * offset of the page number, '400' rule.pageTooDeep naming body.currentPage past the window.
 */
export function pagePosition(
  tag: string,
  q: KeysetPaging,
  key: AnyPgColumn,
  id: AnyPgColumn,
  cast: 'date' | 'timestamptz',
): { after: SQL | undefined; offset: number } {
  if (q.cursor) {
    const [k, i] = decodeCursor(tag, q.cursor);
    return {
      after: sql`(${key}, ${id}) < (${k}::${sql.raw(cast)}, ${i}::uuid)`,
      offset: 0,
    };
  }
  const offset = (q.currentPage - 1) * q.pageSize;
  if (offset >= LIST_OFFSET_WINDOW_ROWS)
    throw badRequest('rule.pageTooDeep', { field: 'body.currentPage', rows: LIST_OFFSET_WINDOW_ROWS });
  return { after: undefined, offset };
}

/** Counts the rows of a query (its `select 1 … where …`), exactly up to EXACT_COUNT_LIMIT. */
export async function cappedCount(
  db: Queryable,
  rows: { limit: (n: number) => { as: (alias: string) => unknown } },
): Promise<{ total: number; totalExact: boolean }> {
  const capped = rows.limit(EXACT_COUNT_LIMIT + 1).as('capped');
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(capped as never)) as Array<{
    n: number;
  }>;
  return { total: Math.min(Number(n), EXACT_COUNT_LIMIT), totalExact: Number(n) <= EXACT_COUNT_LIMIT };
}

/** The answer of a list: the page's records and the cursor after its last row when the page is full. */
export function pageOf<R>(
  tag: string,
  q: KeysetPaging,
  rows: Array<{ record: R; key: string; id: string }>,
  counted: { total: number; totalExact: boolean },
) {
  const last = rows.at(-1);
  return {
    records: rows.map((r) => r.record),
    total: counted.total,
    totalExact: counted.totalExact,
    nextCursor: rows.length === q.pageSize && last ? encodeCursor(tag, last.key, last.id) : null,
    currentPage: q.currentPage,
    pageSize: q.pageSize,
  };
}
