import {
  environMentConfigSchema,
  loginBodySchema,
  refreshBodySchema,
  subaccountInfoSchema,
} from '@srm/contracts/auth';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { createCaptcha } from './captcha.ts';
import { clientConfig, isTokenValid, login, logout, refresh, unlock } from './service.ts';

const tags = ['auth'];

/** Session calls of spec 000 §7: login, token check, refresh, logout, unlock, client config. */
export function registerAuthRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/ElsAuthService/clientConfig — public. data: { cipherKey, env, defaultLocale }.
   * The cipher key is the spec's fixed key (obfuscation, docs/security.md).
   */
  r.get(
    '/apis/ElsAuthService/clientConfig',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Public client configuration (cipher key, environment, default locale)',
        security: [],
        response: {
          200: envelopeSchema(
            z.object({ cipherKey: z.string(), env: z.string(), defaultLocale: z.string() }),
          ),
        },
      },
    },
    async () => ok(clientConfig(deps)),
  );

  /**
   * POST /apis/ElsAuthService/login — public (issue #2; the spec leaves the path open).
   * Body { elsAccount, elsSubAccount, password: AES-ECB base64, locale? }.
   * data: { token, refreshToken, tokenTime (s), elsSubaccountInfoDTO, environMentConfig }.
   * Errors: '400' wrong credentials / bad cipher text / bad input, '429' too many attempts.
   */
  r.post(
    '/apis/ElsAuthService/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Log in with account, sub-account and encrypted password',
        security: [],
        body: loginBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              token: z.string(),
              refreshToken: z.string(),
              tokenTime: z.number(),
              elsSubaccountInfoDTO: subaccountInfoSchema,
              environMentConfig: environMentConfigSchema,
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await login(deps, {
          ...request.body,
          locale: request.body.locale ?? request.locale,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
        }),
      ),
  );

  /**
   * GET /apis/ElsAuthService/captcha — public. data { captchaId, svg }: a 4-character picture, valid
   * 5 minutes, usable once. Login asks for it (data.captchaRequired) after 3 consecutive failures.
   */
  r.get(
    '/apis/ElsAuthService/captcha',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A new captcha picture',
        security: [],
        response: { 200: envelopeSchema(z.object({ captchaId: z.string(), svg: z.string() })) },
      },
    },
    async () => ok(await createCaptcha(deps.db)),
  );

  /** GET /apis/ElsAuthService/webValidToken/{token} — public (spec 000 §7). data: { valid }. */
  r.get(
    '/apis/ElsAuthService/webValidToken/:token',
    {
      config: { public: true },
      // A few bytes: never worth compressing, so no compression hooks on this hot path (issue #7).
      compress: false,
      decompress: false,
      schema: {
        tags,
        summary: 'Whether an access token is valid (signature, expiry, live session)',
        security: [],
        params: z.object({ token: z.string().min(1).max(2048) }),
        response: { 200: envelopeSchema(z.object({ valid: z.boolean() })) },
      },
    },
    // Synchronous when the session cache can answer (issue #7); a promise when the database must.
    (request) => {
      const valid = isTokenValid(deps, request.params.token);
      return typeof valid === 'boolean' ? ok({ valid }) : valid.then((v) => ok({ valid: v }));
    },
  );

  /**
   * POST /apis/ElsAuthService/refreshToken — public, authenticated by the refresh token (spec 000 §7).
   * Header refreshToken (or body.refreshToken), body { elsAccount, elsSubAccount }.
   * data: { code: '200', token, refreshToken, tokenTime (s) }. '401' when the refresh token is missing,
   * unknown, expired, or reused (reuse revokes the whole session).
   */
  r.post(
    '/apis/ElsAuthService/refreshToken',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Rotate the refresh token and get a new access token',
        security: [],
        body: refreshBodySchema,
        response: {
          200: envelopeSchema(
            z.object({
              code: z.literal('200'),
              token: z.string(),
              refreshToken: z.string(),
              tokenTime: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const header = request.headers.refreshtoken;
      const fromHeader = typeof header === 'string' && header ? header : undefined;
      return ok(
        await refresh(deps, {
          elsAccount: request.body.elsAccount,
          elsSubAccount: request.body.elsSubAccount,
          refreshToken: fromHeader ?? request.body.refreshToken,
        }),
      );
    },
  );

  /** GET /apis/user/logout (spec 000 §7): ends the session; its refresh token stops working. */
  r.get(
    '/apis/user/logout',
    {
      schema: { tags, summary: 'Log out (revokes the session)', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await logout(deps, requireAuth(request.auth));
      return ok(null);
    },
  );

  /**
   * POST /apis/ElsAuthService/unlock — the lock screen's password check (spec 000 §2).
   * Body { password: AES-ECB base64 }. data { unlocked: true }; '400' "unlock password error".
   */
  r.post(
    '/apis/ElsAuthService/unlock',
    {
      schema: {
        tags,
        summary: 'Verify the password to leave the lock screen',
        body: z.object({ password: z.string().min(1).max(512) }),
        response: { 200: envelopeSchema(z.object({ unlocked: z.literal(true) })) },
      },
    },
    async (request) => {
      await unlock(deps, requireAuth(request.auth), request.body.password, request.ip);
      return ok({ unlocked: true as const });
    },
  );
}
