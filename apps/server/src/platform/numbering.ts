import { sql } from 'drizzle-orm';
import type { Queryable } from './db.ts';
import { numberSequence } from './tables.ts';

/**
 * Next human-readable document number of a company (DESIGN §4): prefix + yyyyMM + 4-digit counter,
 * e.g. NT2026110001. Runs inside the caller's transaction; the upsert serialises concurrent callers.
 */
export async function nextDocumentNumber(
  tx: Queryable,
  elsAccount: string,
  prefix: string,
  now = new Date(),
) {
  const period = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
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
