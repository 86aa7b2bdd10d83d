import type { ClientConfig, LoginResult, RefreshResult } from '@srm/contracts/auth';
import {
  CAPTCHA_AFTER_FAILURES,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  REFRESH_TOKEN_TIME_S,
  TOKEN_TIME_S,
} from '@srm/contracts/constants';
import { userTopic } from '../../platform/broker.ts';
import type { Queryable } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AppDeps, AuthContext } from '../../platform/http.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { type AccessClaims, hashRefreshToken, newRefreshToken } from '../../platform/tokens.ts';
import {
  findSubaccountByLogin,
  findSubaccountInCompany,
  recordFailedLogin,
  resetFailedLogins,
  touchLastLogin,
} from '../account/repository.ts';
import { toSubaccountInfo } from '../account/service.ts';
import { useCaptcha } from './captcha.ts';
import {
  findLiveSession,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  type LiveSession,
  markRefreshTokenUsed,
  revokeSession,
} from './repository.ts';

/** Decrypts a field sent with the spec's fixed-key cipher; '400' naming the field when it is not one. */
export function decryptField(deps: AppDeps, field: string, value: string): string {
  const plain = deps.cipher.decrypt(value);
  if (plain === null) throw badRequest('cipherInvalid', { field });
  return plain;
}

/** Public configuration for the browser: the cipher key (obfuscation only), environment, locale. */
export function clientConfig(deps: AppDeps): ClientConfig {
  return { cipherKey: deps.config.CIPHER_KEY, env: deps.config.ENV_NAME, defaultLocale: 'zh_cn' };
}

async function issueRefreshToken(db: Queryable, sessionId: string): Promise<string> {
  const token = newRefreshToken();
  await insertRefreshToken(db, {
    tokenHash: hashRefreshToken(token),
    sessionId,
    expiresDate: new Date(Date.now() + REFRESH_TOKEN_TIME_S * 1000),
  });
  return token;
}

/**
 * Login (issue #2; path POST /apis/ElsAuthService/login). Throttled per account and per address;
 * unknown account and wrong password give the same '400' answer in the same time. Opens a session
 * (refresh-token family) and returns token, refreshToken, elsSubaccountInfoDTO and environMentConfig.
 */
export async function login(
  deps: AppDeps,
  input: {
    elsAccount: string;
    elsSubAccount: string;
    password: string;
    captchaId?: string;
    captchaCode?: string;
    /** The interface language of the login page; pushed messages then go out in it. */
    locale?: 'zh_cn' | 'en';
    ip: string;
    userAgent: string | null;
  },
): Promise<LoginResult> {
  const accountKey = `${input.elsAccount}_${input.elsSubAccount}`;
  await deps.loginLimiter.consume(accountKey, input.ip);
  const password = decryptField(deps, 'password', input.password);
  const row = await findSubaccountByLogin(deps.db, input.elsAccount, input.elsSubAccount);
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) {
    throw badRequest('accountLocked', {
      minutes: Math.ceil((row.lockedUntil.getTime() - Date.now()) / 60_000),
    });
  }
  const failures = row ? row.failedLoginCount : await deps.loginLimiter.unknownFailures(accountKey);
  if (failures >= CAPTCHA_AFTER_FAILURES) {
    if (!input.captchaId || !input.captchaCode)
      throw new AppError('400', 'captchaRequired', {}, { captchaRequired: true });
    if (!(await useCaptcha(deps.db, input.captchaId, input.captchaCode)))
      throw new AppError('400', 'captchaWrong', {}, { captchaRequired: true });
  }
  const valid = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !valid) {
    if (!row && (await deps.loginLimiter.recordUnknownFailure(accountKey)) >= CAPTCHA_AFTER_FAILURES)
      throw new AppError('400', 'loginFailed', {}, { captchaRequired: true });
    if (row) {
      const after = await recordFailedLogin(deps.db, row.id, LOCK_AFTER_FAILURES, LOCK_MINUTES);
      if (after.lockedUntil && after.lockedUntil.getTime() > Date.now())
        throw badRequest('accountLocked', { minutes: LOCK_MINUTES });
      if (after.failedLoginCount >= CAPTCHA_AFTER_FAILURES)
        throw new AppError('400', 'loginFailed', {}, { captchaRequired: true });
    }
    throw badRequest('loginFailed');
  }
  if (row.status !== 'active') throw badRequest('accountDisabled');
  await deps.loginLimiter.reset(accountKey);
  if (row.failedLoginCount > 0) await resetFailedLogins(deps.db, row.id);
  return openSession(deps, row, input);
}

/**
 * Opens a session for a user who proved who they are another way (SMS code): same answer as login.
 * Throws '400' when the user does not exist or is disabled.
 */
export async function loginAs(
  deps: AppDeps,
  input: {
    elsAccount: string;
    elsSubAccount: string;
    locale?: 'zh_cn' | 'en';
    ip: string;
    userAgent: string | null;
  },
): Promise<LoginResult> {
  const row = await findSubaccountByLogin(deps.db, input.elsAccount, input.elsSubAccount);
  if (!row) throw badRequest('loginFailed');
  if (row.status !== 'active') throw badRequest('accountDisabled');
  return openSession(deps, row, input);
}

async function openSession(
  deps: AppDeps,
  row: NonNullable<Awaited<ReturnType<typeof findSubaccountByLogin>>>,
  input: { ip: string; userAgent: string | null; locale?: 'zh_cn' | 'en' },
): Promise<LoginResult> {
  const { sessionId, refreshToken } = await deps.db.transaction(async (tx) => {
    const sessionId = await insertSession(tx, {
      subaccountId: row.id,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    const refreshToken = await issueRefreshToken(tx, sessionId);
    await touchLastLogin(tx, row.id, input.locale);
    return { sessionId, refreshToken };
  });
  const token = await deps.tokens.sign({
    sub: row.id,
    sid: sessionId,
    elsAccount: row.elsAccount,
    elsSubAccount: row.elsSubAccount,
    station: row.station,
  });
  return {
    token,
    refreshToken,
    tokenTime: TOKEN_TIME_S,
    elsSubaccountInfoDTO: await toSubaccountInfo(deps.db, row),
    environMentConfig: {
      env: deps.config.ENV_NAME,
      apiBase: `${deps.config.BASE_PATH}/apis`,
      iframeOrigins: deps.config.IFRAME_ORIGINS,
      mqttUrl: deps.config.MQTT_URL ? (deps.config.MQTT_WS_URL ?? '') : `${deps.config.BASE_PATH}/mqtt`,
      mqttTopic: userTopic(deps.config.ENV_NAME, row.elsAccount, row.elsSubAccount),
    },
  };
}

/**
 * Refresh (spec 000 §7 refreshToken): each refresh token works once. The answer is data.code '200'
 * with a new token and refresh token. A token used a second time revokes its whole family (session),
 * so a stolen token dies together with the real one.
 */
export async function refresh(
  deps: AppDeps,
  input: { elsAccount: string; elsSubAccount: string; refreshToken: string | undefined },
): Promise<RefreshResult> {
  if (!input.refreshToken) throw new AppError('401', 'refreshMissing');
  const tokenHash = hashRefreshToken(input.refreshToken);
  const stored = await findRefreshToken(deps.db, tokenHash);
  if (!stored || stored.sessionRevoked || stored.expiresDate.getTime() < Date.now())
    throw new AppError('401', 'refreshInvalid');
  const session = await findLiveSession(deps.db, stored.sessionId, stored.subaccountId);
  if (!session || session.elsAccount !== input.elsAccount || session.elsSubAccount !== input.elsSubAccount)
    throw new AppError('401', 'refreshInvalid');
  if (stored.usedDate) {
    await revokeSession(deps.db, stored.sessionId, 'refresh token reuse');
    deps.sessions.forgetSession(stored.sessionId);
    throw new AppError('401', 'refreshReused');
  }
  const next = await deps.db.transaction(async (tx) => {
    if (!(await markRefreshTokenUsed(tx, tokenHash))) return null;
    return issueRefreshToken(tx, stored.sessionId);
  });
  if (!next) {
    await revokeSession(deps.db, stored.sessionId, 'refresh token reuse');
    deps.sessions.forgetSession(stored.sessionId);
    throw new AppError('401', 'refreshReused');
  }
  const token = await deps.tokens.sign({
    sub: session.subaccountId,
    sid: stored.sessionId,
    elsAccount: session.elsAccount,
    elsSubAccount: session.elsSubAccount,
    station: session.station,
  });
  return { code: '200', token, refreshToken: next, tokenTime: TOKEN_TIME_S };
}

/** A token's claims with its live session (see sessionForToken). */
export type TokenSession = { claims: AccessClaims; session: LiveSession };

/** The cached live session of verified claims, if the 5 s cache holds it for the same user. */
function cachedSession(deps: Pick<AppDeps, 'sessions'>, claims: AccessClaims): TokenSession | undefined {
  const cached = deps.sessions.get(claims.sid);
  return cached && cached.subaccountId === claims.sub ? { claims, session: cached } : undefined;
}

/** The live session of verified claims from the database, cached on the way; null when revoked. */
async function loadSession(
  deps: Pick<AppDeps, 'sessions' | 'db'>,
  claims: AccessClaims,
): Promise<TokenSession | null> {
  const readAt = deps.sessions.epoch();
  const session = await findLiveSession(deps.db, claims.sid, claims.sub);
  if (!session) return null;
  deps.sessions.set(claims.sid, session, readAt);
  return { claims, session };
}

/**
 * The live session of claims a token once carried (the broker hook's ACL checks, which see no token):
 * from the 5 s cache or the database; null once revoked, logged out, or the user is disabled.
 */
export async function sessionForClaims(
  deps: Pick<AppDeps, 'sessions' | 'db'>,
  claims: AccessClaims,
): Promise<TokenSession | null> {
  return cachedSession(deps, claims) ?? loadSession(deps, claims);
}

/**
 * What can be said of an access token without the database: its session from the 5 s cache, null when
 * the signature or expiry fails, undefined when the session must be read (issue #7: a cached call stays
 * synchronous).
 */
export function cachedSessionForToken(
  deps: Pick<AppDeps, 'tokens' | 'sessions'>,
  token: string,
): TokenSession | null | undefined {
  const claims = deps.tokens.verify(token);
  return claims ? cachedSession(deps, claims) : null;
}

/**
 * The live session behind an access token: signature and expiry, then the session from the 5 s cache
 * or the database (cached on the way). Null when any of it fails. Used by the auth hook, the embedded
 * broker and webValidToken, so all three judge a token the same way.
 */
export async function sessionForToken(
  deps: Pick<AppDeps, 'tokens' | 'sessions' | 'db'>,
  token: string,
): Promise<TokenSession | null> {
  const claims = deps.tokens.verify(token);
  if (!claims) return null;
  return cachedSession(deps, claims) ?? loadSession(deps, claims);
}

/**
 * Whether an access token is valid now: signature, expiry and a live session (spec 000 §7). A boolean
 * at once when the cache can tell, else a promise of one.
 */
export function isTokenValid(deps: AppDeps, token: string): boolean | Promise<boolean> {
  const claims = deps.tokens.verify(token);
  if (!claims) return false;
  if (cachedSession(deps, claims)) return true;
  return loadSession(deps, claims).then((found) => found !== null);
}

/** Logout (spec 000 §7): revokes the session, so its access and refresh tokens stop working. */
export async function logout(deps: AppDeps, auth: AuthContext): Promise<void> {
  await revokeSession(deps.db, auth.sessionId, 'logout');
  deps.sessions.forgetSession(auth.sessionId);
}

/**
 * Unlock of the lock screen (spec 000 §2, §4): the password is verified by the server, throttled like
 * a login. '400' "unlock password error" when it is wrong.
 */
export async function unlock(deps: AppDeps, auth: AuthContext, encrypted: string, ip: string): Promise<void> {
  const accountKey = `${auth.elsAccount}_${auth.elsSubAccount}`;
  await deps.loginLimiter.consume(accountKey, ip);
  const password = decryptField(deps, 'password', encrypted);
  const row = await findSubaccountInCompany(deps.db, auth.subaccountId, auth.elsAccount);
  if (!row || !(await verifyPassword(row.passwordHash, password))) throw badRequest('unlockWrong');
  await deps.loginLimiter.reset(accountKey);
}
