import { accountUpdateBodySchema, inboxBodySchema, inboxSchema } from '@srm/contracts/account';
import { forcePasswordBodySchema } from '@srm/contracts/auth';
import { LOCALES } from '@srm/contracts/constants';
import { envelopeSchema } from '@srm/contracts/envelope';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { decryptField } from '../auth/service.ts';
import { unlockSubaccount } from './repository.ts';
import {
  changePassword,
  findAccountDetail,
  findInbox,
  forceChangePassword,
  saveInbox,
  updateAccount,
} from './service.ts';
import { subaccount } from './tables.ts';

const tags = ['account'];

/** After a password change the user's other sessions are revoked: drop them from the cache too. */
function forgetOtherSessions(deps: AppDeps, auth: AuthContext) {
  const current = deps.sessions.get(auth.sessionId);
  deps.sessions.forgetUser(auth.subaccountId);
  if (current) deps.sessions.set(auth.sessionId, current);
}

const accountDetailSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  elsSubAccount: z.string(),
  name: z.string(),
  companyName: z.string(),
  companyShortName: z.string().nullable(),
  station: z.enum(['purchase', 'sale']),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  permission: z.string(),
  roles: z.array(z.string()),
  fbk10: z.enum(['Y', 'N']),
  createDate: z.string(),
  lastLoginDate: z.string().nullable(),
});

/** Account calls of spec 000 §7: detail, password change, forced password change, update. */
export function registerAccountRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/ElsAccountService/findDetail/{id} (spec 000 §7). id: the sub-account id (uuid) from
   * elsSubaccountInfoDTO.id. data: AccountDetail. '404' for ids outside the caller's reach (other
   * companies; other users unless the caller is an admin of the same company).
   */
  r.get(
    '/apis/ElsAccountService/findDetail/:id',
    {
      schema: {
        tags,
        summary: 'Account detail of a sub-account',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeSchema(accountDetailSchema) },
      },
    },
    async (request) => ok(await findAccountDetail(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * GET /apis/ElsAccountService/findInbox — a supplier user's inbox (issue #16 "one inbox for a supplier
   * of many buyers"): data { buyers: [{ elsAccount, companyName, companyShortName }] (the buyers its
   * company is linked with, by account), inboxElsAccount (the buyer its lists open with; null: all) }.
   * A buyer-station user gets no buyers.
   */
  r.get(
    '/apis/ElsAccountService/findInbox',
    {
      schema: {
        tags,
        summary: "The supplier's linked buyers and chosen buyer",
        response: { 200: envelopeSchema(inboxSchema) },
      },
    },
    async (request) => ok(await findInbox(deps.db, requireAuth(request.auth))),
  );

  /**
   * POST /apis/ElsAccountService/saveInbox — stores the buyer a supplier user's lists open with and, when
   * its company has several buyers, acts as (spec 000 §4). Body { elsAccount: string | null } (null: all
   * buyers). '400' naming elsAccount when it is not a linked buyer; '403' for a buyer-station user.
   */
  r.post(
    '/apis/ElsAccountService/saveInbox',
    {
      schema: {
        tags,
        summary: "Choose the supplier user's inbox buyer",
        body: inboxBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await saveInbox(deps.db, requireAuth(request.auth), request.body.elsAccount);
      return ok(null);
    },
  );

  /**
   * PUT /apis/ElsAccountService/modifyPassword?password=…&newPassword=… (spec 000 §7), both AES-ECB
   * base64. The new password follows spec 000 §5 (letter first, 5–20, letters and a digit).
   * Errors '400': wrong current password, rule broken, same as before, undecryptable; '409' on a race.
   */
  r.put(
    '/apis/ElsAccountService/modifyPassword',
    {
      schema: {
        tags,
        summary: "Change the caller's password",
        querystring: z.object({
          password: z.string().min(1).max(512),
          newPassword: z.string().min(1).max(512),
        }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const current = decryptField(deps, 'password', request.query.password);
      const next = decryptField(deps, 'newPassword', request.query.newPassword);
      const auth = requireAuth(request.auth);
      await changePassword(deps.db, auth, current, next);
      forgetOtherSessions(deps, auth);
      return ok(null);
    },
  );

  /**
   * POST /apis/ElsAccountService/forceModifyPassword — the forced password change (spec 000 §4; the spec
   * leaves the path open). Body { elsAccount, elsSubAccount, elsSubAccountPassword,
   * elsSubAccountPasswordValidate }, passwords AES-ECB base64. data { code: '200' } on success; fbk10
   * becomes 'N'. '400' rule broken / mismatch / same password, '403' another user's account.
   */
  r.post(
    '/apis/ElsAccountService/forceModifyPassword',
    {
      schema: {
        tags,
        summary: 'Forced password change at first login (fbk10 = Y)',
        body: forcePasswordBodySchema,
        response: { 200: envelopeSchema(z.object({ code: z.literal('200') })) },
      },
    },
    async (request) => {
      const password = decryptField(deps, 'elsSubAccountPassword', request.body.elsSubAccountPassword);
      const confirmation = decryptField(
        deps,
        'elsSubAccountPasswordValidate',
        request.body.elsSubAccountPasswordValidate,
      );
      const auth = requireAuth(request.auth);
      await forceChangePassword(deps.db, auth, {
        elsAccount: request.body.elsAccount,
        elsSubAccount: request.body.elsSubAccount,
        password,
        confirmation,
      });
      forgetOtherSessions(deps, auth);
      return ok({ code: '200' as const });
    },
  );

  /**
   * POST /apis/ElsAccountService/unlockAccount/{id} — an admin lifts the login lock of a sub-account of
   * their own company (issue #6). Action account.unlock ('403' without it), '404' for ids outside the company.
   */
  r.post(
    '/apis/ElsAccountService/unlockAccount/:id',
    {
      config: { action: 'account.unlock' },
      schema: {
        tags,
        summary: 'Lift the login lock of a sub-account (admin)',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (!(await unlockSubaccount(deps.db, request.params.id, auth.elsAccount)))
        throw notFound('accountNotFound');
      return ok(null);
    },
  );

  /**
   * POST /apis/ElsAccountService/update (spec 000 §7): { elsAccount, elsSubAccount, email } of the caller.
   * '403' for another user's account, '400' for a malformed email.
   */
  r.post(
    '/apis/ElsAccountService/update',
    {
      schema: {
        tags,
        summary: "Update the caller's email",
        body: accountUpdateBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await updateAccount(deps.db, requireAuth(request.auth), request.body);
      return ok(null);
    },
  );

  /**
   * POST /apis/ElsAccountService/setLanguage — body { lang: 'zh_cn' | 'en' }: the caller's interface
   * language, sent by the shell when the user switches it. Pushed messages and notifications go out in
   * each receiver's language (issue #12); login records it too. '400' for another value.
   */
  r.post(
    '/apis/ElsAccountService/setLanguage',
    {
      schema: {
        tags,
        summary: "Set the caller's interface language (for messages sent to them)",
        body: z.object({ lang: z.enum(LOCALES) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      await deps.db
        .update(subaccount)
        .set({ lang: request.body.lang })
        .where(eq(subaccount.id, auth.subaccountId));
      return ok(null);
    },
  );
}
