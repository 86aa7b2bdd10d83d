import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from './db.ts';

/**
 * Runs `fn` in a transaction whose acting company is `elsAccount` (DESIGN §4 "tenant context"): the
 * row-level security policies (migration 0005) then hide every other company's rows, even from a query
 * that forgot its tenant filter. The repositories still filter explicitly; this is the second wall.
 */
export function withTenant<T>(db: Queryable, elsAccount: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select set_config('app.els_account', ${elsAccount}, true)`);
    return fn(tx);
  });
}
