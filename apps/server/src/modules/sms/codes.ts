import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { smsCode, smsSendSlot } from '../system/tables.ts';

/** Spec 000 §1: verification code length 4, valid 10 minutes; resend after 60 s; 5 tries per code. */
export const SMS_CODE_LENGTH = 4;
export const SMS_CODE_VALID_MS = 10 * 60_000;
export const SMS_RESEND_AFTER_MS = 60_000;
export const SMS_MAX_ATTEMPTS = 5;

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
 * Claims the right to send a code to `mobile` for `purpose` (one per SMS_RESEND_AFTER_MS, spec 000 §1) in
 * ONE statement that holds under concurrency (issue #18): an upsert of the number's slot that moves
 * `sent_date` only when the last send is older than 60 s. Two sends at once on two processes meet on the
 * slot's primary key; PostgreSQL re-checks the condition on the row the other one wrote, so exactly one
 * gets a row back. Answers 0 when claimed, else the seconds left to wait (≥ 1).
 */
export async function claimSmsSlot(db: Queryable, mobile: string, purpose: string): Promise<number> {
  const claimed = await db
    .insert(smsSendSlot)
    .values({ mobile, purpose })
    .onConflictDoUpdate({
      target: [smsSendSlot.mobile, smsSendSlot.purpose],
      set: { sentDate: sql`now()` },
      setWhere: sql`${smsSendSlot.sentDate} <= now() - make_interval(secs => ${SMS_RESEND_AFTER_MS / 1000})`,
    })
    .returning({ sentDate: smsSendSlot.sentDate });
  if (claimed.length === 1) return 0;
  const [slot] = await db
    .select({
      wait: sql<string>`ceil(extract(epoch from ${smsSendSlot.sentDate} + make_interval(secs => ${SMS_RESEND_AFTER_MS / 1000}) - now()))`,
    })
    .from(smsSendSlot)
    .where(and(eq(smsSendSlot.mobile, mobile), eq(smsSendSlot.purpose, purpose)));
  return Math.max(1, Number(slot?.wait ?? 1));
}

/**
 * Checks the latest code of a mobile number for a purpose; every wrong try counts (SMS_MAX_ATTEMPTS per
 * code). The check and the count are ONE conditional update (issue #18): the attempt is counted only
 * while the code is unused, unexpired and under the limit, and the row lock makes concurrent guesses
 * count one by one — 18 guesses at once on several processes count 5, the rest find the code spent.
 * Returns the code's id when right and still valid; '400' smsCodeWrong / smsCodeExpired otherwise.
 */
export async function checkSmsCode(
  db: Queryable,
  mobile: string,
  purpose: string,
  code: string,
): Promise<string> {
  const hash = hashSmsCode(mobile, code);
  const latest = db
    .select({ id: smsCode.id })
    .from(smsCode)
    .where(and(eq(smsCode.mobile, mobile), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.createDate))
    .limit(1);
  const [row] = await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + (case when ${smsCode.codeHash} = ${hash} then 0 else 1 end)` })
    .where(
      and(
        sql`${smsCode.id} = (${latest})`,
        isNull(smsCode.usedDate),
        sql`${smsCode.expiresDate} > now()`,
        lt(smsCode.attempts, SMS_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: smsCode.id, right: sql<boolean>`${smsCode.codeHash} = ${hash}` });
  if (!row) throw badRequest('smsCodeExpired');
  if (!row.right) throw badRequest('smsCodeWrong');
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
