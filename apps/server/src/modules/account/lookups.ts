import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { accountRelation, subaccount } from './tables.ts';

/**
 * What the platform asks of accounts (its `accounts` port, platform/ports.ts; wired in wiring.ts): the
 * buyers a supplier is linked with, and users' names by key.
 */

/**
 * SQL: the buyers (els_account) linked with the supplier `account` now (account_relation; spec 000 §4,
 * issue #16), for an `in (…)` condition.
 */
export function linkedBuyersSql(account: Placeholder | string): SQL {
  return sql`select ${accountRelation.elsAccount} from ${accountRelation} where ${accountRelation.toElsAccount} = ${account}`;
}

/**
 * The names of the sub-accounts `keys` name (`{elsAccount}_{elsSubAccount}`, each with an underscore),
 * key → name, in one query on the unique (els_account, els_sub_account) index; keys naming none are absent.
 */
export async function userNamesOf(db: Queryable, keys: readonly string[]): Promise<Map<string, string>> {
  const pairs = keys.map((k) => {
    const at = k.indexOf('_');
    return [k.slice(0, at), k.slice(at + 1)] as const;
  });
  if (pairs.length === 0) return new Map();
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
