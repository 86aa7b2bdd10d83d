import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { smsCode } from '../system/tables.ts';

/** Spec 000 §1: verification code length 4, valid 10 minutes; resend after 60 s; 5 tries per code. */
export const SMS_CODE_LENGTH = 4;
export const SMS_CODE_VALID_MS = 10 * 60_000;
export const SMS_RESEND_AFTER_MS = 60_000;
const SMS_MAX_ATTEMPTS = 5;

export type SmsPurpose = 'login' | 'resetPassword' | 'register';

/** The stored form of a code: SHA-256 of mobile and code. */
export function hashSmsCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

export async function findLatestSmsCode(db: Queryable, mobile: string, purpose: string) {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.mobile, mobile), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.createDate))
    .limit(1);
  return row ?? null;
}

/**
 * Checks the latest code of a mobile number for a purpose; a wrong try counts (5 per code). Returns the
 * code's id when right and still valid; '400' smsCodeWrong / smsCodeExpired otherwise.
 */
export async function checkSmsCode(
  db: Queryable,
  mobile: string,
  purpose: string,
  code: string,
): Promise<string> {
  const row = await findLatestSmsCode(db, mobile, purpose);
  if (!row || row.usedDate || row.expiresDate.getTime() < Date.now() || row.attempts >= SMS_MAX_ATTEMPTS)
    throw badRequest('smsCodeExpired');
  if (row.codeHash !== hashSmsCode(mobile, code)) {
    await db
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1` })
      .where(eq(smsCode.id, row.id));
    throw badRequest('smsCodeWrong');
  }
  return row.id;
}

/** Uses a checked code up; '400' when another request used it first. */
export async function useSmsCode(db: Queryable, codeId: string): Promise<void> {
  const used = await db
    .update(smsCode)
    .set({ usedDate: sql`now()` })
    .where(and(eq(smsCode.id, codeId), isNull(smsCode.usedDate)))
    .returning({ id: smsCode.id });
  if (used.length !== 1) throw badRequest('smsCodeExpired');
}
