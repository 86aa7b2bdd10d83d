import { and, type Column, eq, or, type SQL, sql } from 'drizzle-orm';
import { subaccount } from '../modules/account/tables.ts';
import type { Queryable } from './db.ts';

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
 * unique index; keys naming no sub-account are absent (the caller shows the code). None asked: no query.
 */
export async function userNames(db: Queryable, keys: ReadonlyArray<string | null | undefined>) {
  const pairs = [...new Set(keys.filter((k): k is string => !!k && k.includes('_')))].map((k) => {
    const at = k.indexOf('_');
    return [k.slice(0, at), k.slice(at + 1)] as const;
  });
  if (pairs.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      elsAccount: subaccount.elsAccount,
      elsSubAccount: subaccount.elsSubAccount,
      name: subaccount.name,
    })
    .from(subaccount)
    .where(or(...pairs.map(([e, s]) => and(eq(subaccount.elsAccount, e), eq(subaccount.elsSubAccount, s)))));
  return new Map(rows.map((r) => [`${r.elsAccount}_${r.elsSubAccount}`, r.name]));
}
