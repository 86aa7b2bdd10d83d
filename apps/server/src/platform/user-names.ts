import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './db.ts';
import { port } from './ports.ts';

/**
 * Names of the users the records name by key (issue #19 "names instead of sub-account codes"): createUser,
 * handledBy … hold `{elsAccount}_{elsSubAccount}`; screens show the sub-account's name with the code.
 */

/**
 * The join condition "this sub-account is the one `key` names" for a left join of `table` (subaccount or an
 * alias of it) on a `{elsAccount}_{elsSubAccount}` column; uses the unique (els_account, els_sub_account)
 * index. A key that names no sub-account (a job, a deleted account) joins nothing.
 */
export function userKeyJoin(table: { elsAccount: Column; elsSubAccount: Column }, key: Column | SQL): SQL {
  return and(
    eq(table.elsAccount, sql`split_part(${key}, '_', 1)`),
    eq(table.elsSubAccount, sql`substr(${key}, strpos(${key}, '_') + 1)`),
  ) as SQL;
}

/**
 * The names of the sub-accounts of `keys` (`{elsAccount}_{elsSubAccount}`), key → name, in one query on the
 * unique index (the `accounts` port, modules/account); keys naming no sub-account are absent (the caller
 * shows the code). None asked: no query.
 */
export async function userNames(db: Queryable, keys: ReadonlyArray<string | null | undefined>) {
  const asked = [...new Set(keys.filter((k): k is string => !!k && k.includes('_')))];
  if (asked.length === 0) return new Map<string, string>();
  return port('accounts').userNames(db, asked);
}
