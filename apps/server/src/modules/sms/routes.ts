import { randomInt } from 'node:crypto';
import { loginResultSchema } from '@srm/contracts/auth';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import { isMobile } from '@srm/contracts/validators';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { outboxSmsProvider } from '../../platform/sms.ts';
import { smsOutbox } from '../../platform/tables.ts';
import { subaccount } from '../account/tables.ts';
import { loginAs } from '../auth/service.ts';
import { findPortalOwner } from '../system/repository.ts';
import { smsCode } from '../system/tables.ts';
import {
  checkSmsCode,
  claimSmsSlot,
  hashSmsCode,
  SMS_CODE_LENGTH,
  SMS_CODE_VALID_MS,
  SMS_RESEND_AFTER_MS,
  useSmsCode,
} from './codes.ts';

const mobileSchema = z
  .string()
  .trim()
  .refine(isMobile, { message: 'mobile must be 11 digits starting with 1' });
const purposeSchema = z.enum(['login', 'resetPassword', 'register']);

/** SMS verification codes, SMS login and the outbox (spec 000 §1, §7 validateNoteCode; issue #3). */
export function registerSmsRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const provider = outboxSmsProvider;

  const checkCode = (mobile: string, purpose: string, code: string) =>
    checkSmsCode(deps.db, mobile, purpose, code);

  /**
   * POST /apis/ElsAccountService/sendNoteCode — public. Body { mobile (11 digits starting with 1),
   * purpose: 'login' | 'resetPassword' | 'register' }. Sends a 4-digit code valid 10 minutes. For login
   * and password reset the SMS goes only to numbers of active users, but the answer is the same either
   * way. data { resendAfterSeconds: 60, validMinutes: 10 }. '429' within 60 s of the previous code.
   */
  r.post(
    '/apis/ElsAccountService/sendNoteCode',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: 'Send an SMS verification code',
        security: [],
        body: z.object({ mobile: mobileSchema, purpose: purposeSchema }),
        response: {
          200: envelopeSchema(z.object({ resendAfterSeconds: z.number(), validMinutes: z.number() })),
        },
      },
    },
    async (request) => {
      const { mobile, purpose } = request.body;
      await deps.loginLimiter.consume(`sms:${mobile}`, request.ip);
      // One statement claims the 60 s slot, so concurrent sends on several processes send once.
      const wait = await claimSmsSlot(deps.db, mobile, purpose);
      if (wait > 0) throw new AppError('429', 'tooManyAttempts', { seconds: wait });
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const [user] =
        purpose === 'register'
          ? [true]
          : await deps.db
              .select({ id: subaccount.id })
              .from(subaccount)
              .where(and(eq(subaccount.mobile, mobile), eq(subaccount.status, 'active')))
              .limit(1);
      await deps.db.transaction(async (tx) => {
        await tx.insert(smsCode).values({
          mobile,
          purpose,
          codeHash: hashSmsCode(mobile, code),
          expiresDate: new Date(Date.now() + SMS_CODE_VALID_MS),
        });
        if (user) {
          await provider.send(tx, {
            mobile,
            purpose,
            content: `【SRM】您的验证码是 ${code}，10 分钟内有效。Your verification code is ${code}, valid for 10 minutes.`,
          });
        }
      });
      return ok({ resendAfterSeconds: SMS_RESEND_AFTER_MS / 1000, validMinutes: SMS_CODE_VALID_MS / 60_000 });
    },
  );

  /**
   * PUT /apis/ElsAccountService/validateNoteCode?channelMsg={mobile}&noteCode={code} (spec 000 §7) —
   * public check of a code without using it up. Body { purpose? (default 'login') }. data { valid: true };
   * '400' wrong or expired code (each wrong try counts; 5 tries per code).
   */
  r.put(
    '/apis/ElsAccountService/validateNoteCode',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: 'Check an SMS verification code',
        security: [],
        querystring: z.object({ channelMsg: mobileSchema, noteCode: z.string().regex(/^\d{4}$/) }),
        body: z.object({ purpose: purposeSchema.default('login') }).optional(),
        response: { 200: envelopeSchema(z.object({ valid: z.literal(true) })) },
      },
    },
    async (request) => {
      await deps.loginLimiter.consume(`sms:${request.query.channelMsg}`, request.ip);
      await checkCode(request.query.channelMsg, request.body?.purpose ?? 'login', request.query.noteCode);
      return ok({ valid: true as const });
    },
  );

  /**
   * POST /apis/ElsAuthService/loginBySms — public. Body { mobile, noteCode }. Logs in the one active user
   * with that mobile number; data as for the password login. '400' wrong or expired code, or when several
   * users share the number (then the account login is needed).
   */
  r.post(
    '/apis/ElsAuthService/loginBySms',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: 'Log in with mobile number and SMS code',
        security: [],
        body: z.object({ mobile: mobileSchema, noteCode: z.string().regex(/^\d{4}$/) }),
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (request) => {
      const { mobile, noteCode } = request.body;
      await deps.loginLimiter.consume(`sms:${mobile}`, request.ip);
      const codeId = await checkCode(mobile, 'login', noteCode);
      const users = await deps.db
        .select({ elsAccount: subaccount.elsAccount, elsSubAccount: subaccount.elsSubAccount })
        .from(subaccount)
        .where(and(eq(subaccount.mobile, mobile), eq(subaccount.status, 'active')))
        .limit(2);
      if (users.length !== 1) throw badRequest(users.length === 0 ? 'smsCodeWrong' : 'mobileAmbiguous');
      await useSmsCode(deps.db, codeId);
      return ok(
        await loginAs(deps, {
          ...users[0],
          locale: request.locale,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
        }),
      );
    },
  );

  /**
   * POST /apis/SmsOutboxService/findPageList — the default SMS provider's outbox, newest first, for the
   * platform administrator (an admin of the portal-owning buyer). Body { currentPage, pageSize, mobile? }.
   */
  r.post(
    '/apis/SmsOutboxService/findPageList',
    {
      schema: {
        tags: ['sms'],
        summary: 'SMS outbox (default provider)',
        body: pagingSchema.extend({ mobile: z.string().trim().max(20).optional() }),
        response: {
          200: envelopeSchema(
            z.object({
              records: z.array(
                z.object({
                  id: z.string(),
                  mobile: z.string(),
                  content: z.string(),
                  purpose: z.string(),
                  createDate: z.string(),
                }),
              ),
              total: z.number(),
              currentPage: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const owner = await findPortalOwner(deps.db);
      if (auth.permission !== 'admin' || auth.station !== 'purchase' || auth.elsAccount !== owner)
        throw forbidden();
      const { currentPage, pageSize, mobile } = request.body;
      const where = mobile ? eq(smsOutbox.mobile, mobile) : undefined;
      const [rows, [{ n }]] = await Promise.all([
        deps.db
          .select()
          .from(smsOutbox)
          .where(where)
          .orderBy(desc(smsOutbox.createDate))
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize),
        deps.db.select({ n: count() }).from(smsOutbox).where(where),
      ]);
      return ok({
        records: rows.map((row) => ({ ...row, createDate: row.createDate.toISOString() })),
        total: Number(n),
        currentPage,
        pageSize,
      });
    },
  );
}
