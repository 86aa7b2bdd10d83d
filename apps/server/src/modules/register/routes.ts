import { randomBytes } from 'node:crypto';
import { elsAccountSchema, elsSubAccountSchema } from '@srm/contracts/auth';
import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import { isMobile, isValidRegistrationPassword, isValidShellPassword } from '@srm/contracts/validators';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { now, nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAdmin, requireAuth, zod } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { findSubaccountByLogin, updatePassword } from '../account/repository.ts';
import { accountRelation, company, inviteCode, role, subaccount, subaccountRole } from '../account/tables.ts';
import { revokeOtherSessions } from '../auth/repository.ts';
import { decryptField } from '../auth/service.ts';
import { defaultKindActions } from '../company-admin/kind-actions.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { checkSmsCode, useSmsCode } from '../sms/codes.ts';

/** Document-kind actions of a new supplier company's default roles (issue #19). */
const saleActions = defaultKindActions('sale');

/** Unambiguous characters for codes people type. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const mobileSchema = z
  .string()
  .trim()
  .refine(isMobile, { message: 'mobile must be 11 digits starting with 1' });
const inviteSchema = z.object({
  code: z.string(),
  status: z.enum(['unused', 'used', 'revoked']),
  expiresDate: z.string(),
  usedByElsAccount: z.string().nullable(),
  createDate: z.string(),
});

/** A new supplier account number: 2 followed by five digits from a platform-wide sequence, skipping taken ones. */
export async function nextSupplierAccount(tx: Queryable): Promise<string> {
  for (;;) {
    const number = await nextDocumentNumber(tx, '_platform', 'ELS', new Date(0));
    const candidate = String(200_000 + Number(number.slice(-4)) + 100);
    const [taken] = await tx.select({ n: count() }).from(company).where(eq(company.elsAccount, candidate));
    if (Number(taken.n) === 0) return candidate;
  }
}

/** Invitation codes, supplier self-registration and password reset by SMS (spec 000 §1, seed 001 §5). */
export function registerRegistrationRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * POST /apis/InvitationCodeService/create — a buyer admin creates invitation codes.
   * Body { count (1–50, default 1), validDays (1–90, default 30) }. data: the new codes.
   */
  r.post(
    '/apis/InvitationCodeService/create',
    {
      config: { station: 'purchase' },
      schema: {
        tags: ['registration'],
        summary: 'Create invitation codes (buyer admin)',
        body: z.object({
          count: z.number().int().min(1).max(50).default(1),
          validDays: z.number().int().min(1).max(90).default(30),
        }),
        response: { 200: envelopeSchema(z.array(inviteSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth, 'purchase');
      const expiresDate = new Date(now() + request.body.validDays * 86_400_000);
      const rows = await deps.db
        .insert(inviteCode)
        .values(
          Array.from({ length: request.body.count }, () => ({
            code: newCode(),
            elsAccount: auth.elsAccount,
            expiresDate,
            createUser: `${auth.elsAccount}_${auth.elsSubAccount}`,
          })),
        )
        .returning();
      return ok(
        rows.map((row) => ({
          code: row.code,
          status: row.status,
          expiresDate: row.expiresDate.toISOString(),
          usedByElsAccount: row.usedByElsAccount,
          createDate: row.createDate.toISOString(),
        })),
      );
    },
  );

  /**
   * POST /apis/InvitationCodeService/findPageList — the caller company's codes, newest first. Body
   * { currentPage, pageSize, status? }. A code lets anyone register as the company's supplier, so reading
   * them needs what creating them needs (issue #32): a buyer admin, '403' otherwise (suppliers before the
   * body is read).
   */
  r.post(
    '/apis/InvitationCodeService/findPageList',
    {
      config: { station: 'purchase' },
      schema: {
        tags: ['registration'],
        summary: "The company's invitation codes",
        body: pagingSchema.extend({ status: z.enum(['unused', 'used', 'revoked']).optional() }),
        response: {
          200: envelopeSchema(
            z.object({
              records: z.array(inviteSchema),
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
      requireAdmin(auth, 'purchase');
      const { currentPage, pageSize, status } = request.body;
      const where = and(
        eq(inviteCode.elsAccount, auth.elsAccount),
        status ? eq(inviteCode.status, status) : undefined,
      );
      const [rows, [{ n }]] = await Promise.all([
        deps.db
          .select()
          .from(inviteCode)
          .where(where)
          .orderBy(desc(inviteCode.createDate))
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize),
        deps.db.select({ n: count() }).from(inviteCode).where(where),
      ]);
      return ok({
        records: rows.map((row) => ({
          code: row.code,
          status: row.status,
          expiresDate: row.expiresDate.toISOString(),
          usedByElsAccount: row.usedByElsAccount,
          createDate: row.createDate.toISOString(),
        })),
        total: Number(n),
        currentPage,
        pageSize,
      });
    },
  );

  /**
   * POST /apis/ElsAccountService/register — public supplier registration (spec 000 §1, seed 001 §5).
   * Body { inviteCode, companyName (3–40), name (3–40), mobile, noteCode (SMS code, purpose 'register'),
   * email?, password (AES; ≥ 8, no leading digit, upper, lower and one of @$!%*#?&), agreement: true }.
   * Creates the company (a new elsAccount), its admin sub-account 'admin' (sale station) and the link to
   * the inviting buyer, and uses the code up — all in one transaction. data { elsAccount, elsSubAccount }.
   */
  r.post(
    '/apis/ElsAccountService/register',
    {
      config: { public: true },
      schema: {
        tags: ['registration'],
        summary: 'Register a supplier company with an invitation code',
        security: [],
        body: z.object({
          inviteCode: z.string().trim().min(4).max(20),
          companyName: z.string().trim().min(3).max(40),
          name: z.string().trim().min(3).max(40),
          mobile: mobileSchema,
          noteCode: z.string().regex(/^\d{4}$/),
          email: z.email().max(128).optional(),
          password: z.string().min(1).max(512),
          agreement: z.boolean(),
        }),
        response: { 200: envelopeSchema(z.object({ elsAccount: z.string(), elsSubAccount: z.string() })) },
      },
    },
    async (request) => {
      const body = request.body;
      await deps.loginLimiter.consume(`register:${body.mobile}`, request.ip);
      if (!body.agreement) throw badRequest('agreementRequired');
      const password = decryptField(deps, 'password', body.password);
      if (!isValidRegistrationPassword(password)) throw badRequest('registrationPasswordRule');
      const codeId = await checkSmsCode(deps.db, body.mobile, 'register', body.noteCode);
      const passwordHash = await hashPassword(password);
      const result = await deps.db.transaction(async (tx) => {
        const [invite] = await tx
          .update(inviteCode)
          .set({ status: 'used', usedDate: sql`now()` })
          .where(
            and(
              eq(inviteCode.code, body.inviteCode.toUpperCase()),
              eq(inviteCode.status, 'unused'),
              gt(inviteCode.expiresDate, nowDate()),
            ),
          )
          .returning();
        if (!invite) throw badRequest('inviteInvalid');
        const [mobileUsed] = await tx
          .select({ n: count() })
          .from(subaccount)
          .where(eq(subaccount.mobile, body.mobile));
        if (Number(mobileUsed.n) > 0) throw badRequest('mobileTaken');
        const [nameUsed] = await tx
          .select({ n: count() })
          .from(company)
          .where(eq(company.companyName, body.companyName));
        if (Number(nameUsed.n) > 0) throw badRequest('companyTaken');
        const elsAccount = await nextSupplierAccount(tx);
        await tx.insert(company).values({ elsAccount, companyName: body.companyName });
        await tx
          .update(inviteCode)
          .set({ usedByElsAccount: elsAccount })
          .where(eq(inviteCode.code, invite.code));
        const [user] = await tx
          .insert(subaccount)
          .values({
            elsAccount,
            elsSubAccount: 'admin',
            name: body.name,
            station: 'sale',
            passwordHash,
            permission: 'admin',
            mobile: body.mobile,
            email: body.email ?? null,
          })
          .returning({ id: subaccount.id });
        const roles = await tx
          .insert(role)
          .values([
            // A new supplier's roles may use every document kind of its station (issue #19), as its menu shows.
            {
              elsAccount,
              roleCode: 'admin',
              roleName: '管理员',
              roleNameEn: 'Administrator',
              actions: saleActions,
            },
            { elsAccount, roleCode: 'sales', roleName: '销售员', roleNameEn: 'Sales', actions: saleActions },
          ])
          .returning({ id: role.id });
        await tx.insert(subaccountRole).values(roles.map((r) => ({ subaccountId: user.id, roleId: r.id })));
        await tx.insert(accountRelation).values({ elsAccount: invite.elsAccount, toElsAccount: elsAccount });
        // Issue #16: the new supplier is in the inviting buyer's supplier master at stage stranger, and
        // applies for admission (the /admission/ app) from there.
        await tx
          .insert(supplierMaster)
          .values({
            elsAccount: invite.elsAccount,
            toElsAccount: elsAccount,
            supplierCode: `S${elsAccount}`,
            fullName: body.companyName,
            supplierStatus: 'stranger',
            contacts: [{ name: body.name, telphone: body.mobile }],
            createUser: `${elsAccount}_admin`,
            lastUpdateUser: `${elsAccount}_admin`,
          })
          .onConflictDoNothing();
        await useSmsCode(tx, codeId);
        return { elsAccount, elsSubAccount: 'admin' };
      });
      return ok(result);
    },
  );

  /**
   * POST /apis/ElsAccountService/resetPassword — public password reset by SMS code.
   * Body { elsAccount, elsSubAccount, mobile (the user's), noteCode (purpose 'resetPassword'),
   * newPassword (AES; shell rule of spec 000 §5) }. Ends every session of the user.
   */
  r.post(
    '/apis/ElsAccountService/resetPassword',
    {
      config: { public: true },
      schema: {
        tags: ['registration'],
        summary: 'Reset a password with an SMS code',
        security: [],
        body: z.object({
          elsAccount: elsAccountSchema,
          elsSubAccount: elsSubAccountSchema,
          mobile: mobileSchema,
          noteCode: z.string().regex(/^\d{4}$/),
          newPassword: z.string().min(1).max(512),
        }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const body = request.body;
      await deps.loginLimiter.consume(`reset:${body.mobile}`, request.ip);
      const newPassword = decryptField(deps, 'newPassword', body.newPassword);
      if (!isValidShellPassword(newPassword)) throw badRequest('passwordRule');
      const codeId = await checkSmsCode(deps.db, body.mobile, 'resetPassword', body.noteCode);
      const row = await findSubaccountByLogin(deps.db, body.elsAccount, body.elsSubAccount);
      if (!row || row.mobile !== body.mobile) throw badRequest('resetMismatch');
      const passwordHash = await hashPassword(newPassword);
      await deps.db.transaction(async (tx) => {
        await useSmsCode(tx, codeId);
        if (
          !(await updatePassword(tx, {
            id: row.id,
            elsAccount: row.elsAccount,
            version: row.version,
            passwordHash,
          }))
        )
          throw badRequest('smsCodeExpired');
        await revokeOtherSessions(tx, row.id, null, 'password reset');
      });
      deps.sessions.forgetUser(row.id);
      return ok(null);
    },
  );
}
