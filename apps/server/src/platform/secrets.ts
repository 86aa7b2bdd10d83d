import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from './db.ts';
import { appSecret } from './tables.ts';

/**
 * A secret shared by every server process on the database: generated once (256 random bits) and kept
 * in app_secret. Concurrent first starts agree because the insert ignores conflicts.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db
    .insert(appSecret)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecret.value }).from(appSecret).where(eq(appSecret.name, name));
  return row.value;
}
