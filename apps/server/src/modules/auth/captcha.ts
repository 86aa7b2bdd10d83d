import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { captcha } from './tables.ts';

/** A captcha lives 5 minutes and works once. */
const CAPTCHA_TTL_MS = 5 * 60_000;
const hash = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');

/**
 * A new captcha: 4 characters drawn as SVG (svg-captcha); only the answer's hash is stored. `answer` is
 * for tests that call this function directly; HTTP callers always get a random one.
 */
export async function createCaptcha(
  db: Queryable,
  answer?: string,
): Promise<{ captchaId: string; svg: string }> {
  // Loaded on first use (a captcha appears only after failed logins): ~10 MiB the server need not hold.
  const { default: svgCaptcha } = await import('svg-captcha');
  // svg-captcha's module is itself the render-this-text function; its typings only declare the named calls.
  const renderText = svgCaptcha as unknown as (text: string, options: object) => string;
  const options = { size: 4, noise: 2, ignoreChars: '0o1ilI', color: true, background: '#f5f7fa' };
  const { text, data } = answer
    ? { text: answer, data: renderText(answer, options) }
    : svgCaptcha.create(options);
  const [row] = await db
    .insert(captcha)
    .values({ answerHash: hash(text), expiresDate: new Date(Date.now() + CAPTCHA_TTL_MS) })
    .returning({ id: captcha.id });
  return { captchaId: row.id, svg: data };
}

/** Checks and uses up a captcha (case-insensitive). False when wrong, expired, used or unknown. */
export async function useCaptcha(db: Queryable, captchaId: string, answer: string): Promise<boolean> {
  const rows = await db
    .update(captcha)
    .set({ usedDate: sql`now()` })
    .where(
      and(
        eq(captcha.id, captchaId),
        eq(captcha.answerHash, hash(answer)),
        isNull(captcha.usedDate),
        gt(captcha.expiresDate, sql`now()`),
      ),
    )
    .returning({ id: captcha.id });
  if (rows.length === 0) {
    // A wrong answer burns the challenge too, so it cannot be guessed at.
    await db.update(captcha).set({ usedDate: sql`now()` }).where(eq(captcha.id, captchaId));
  }
  return rows.length === 1;
}
