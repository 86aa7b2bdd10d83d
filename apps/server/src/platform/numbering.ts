import { sql } from 'drizzle-orm';
import { companyPeriod, now } from './clock.ts';
import type { Queryable } from './db.ts';
import { numberSequence } from './tables.ts';

/**
 * Next human-readable document number of a company (DESIGN §4): prefix + yyyyMM + 4-digit counter,
 * e.g. NT2026110001, the period being the month in the company's time zone at `at` (default: the clock's
 * now; issue #35 — a number made at 23:30 UTC on 31 October is a November one in Beijing). Runs inside the
 * caller's transaction; the upsert serialises concurrent callers.
 */
export async function nextDocumentNumber(tx: Queryable, elsAccount: string, prefix: string, at?: Date) {
  const period = await companyPeriod(tx, elsAccount, at ? at.getTime() : now());
  const [row] = await tx
    .insert(numberSequence)
    .values({ elsAccount, prefix, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequence.elsAccount, numberSequence.prefix, numberSequence.period],
      set: { lastValue: sql`${numberSequence.lastValue} + 1` },
    })
    .returning({ value: numberSequence.lastValue });
  return `${prefix}${period}${String(row.value).padStart(4, '0')}`;
}
