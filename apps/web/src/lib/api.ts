import type { AccountDetail } from '@srm/contracts/account';
import type { ClientConfig, LoginResult } from '@srm/contracts/auth';
import type { Locale } from '@srm/contracts/constants';
import type { MenuItem } from '@srm/contracts/menu';
import { useAuth } from './auth-store.ts';
import { call, refreshSession, sessionExpired } from './http.ts';
import { clearSession, goToLogin } from './session.ts';

let clientConfig: Promise<ClientConfig> | null = null;

/** Public client configuration, fetched once (cipher key, env, default locale). */
export function getClientConfig(): Promise<ClientConfig> {
  if (!clientConfig) {
    clientConfig = call<ClientConfig>({ url: '/ElsAuthService/clientConfig' }, { public: true });
    clientConfig.catch(() => {
      clientConfig = null;
    });
  }
  return clientConfig;
}

/**
 * Encrypts a string with the server's cipher key before sending (spec 000 §9). The cipher (AES from
 * @noble/ciphers) loads on first use — the login page prefetches it with the shell once the user types (issue #12).
 */
export async function encrypt(plain: string): Promise<string> {
  const [{ cipherKey }, { encryptWithKey }] = await Promise.all([getClientConfig(), import('./cipher.ts')]);
  return encryptWithKey(plain, cipherKey);
}

/** `POST /apis/ElsAuthService/login` with the password encrypted (spec 000 §1, §4). */
export async function login(input: {
  elsAccount: string;
  elsSubAccount: string;
  password: string;
  locale: Locale;
  /** Required after 3 consecutive failures (the error's data.captchaRequired). */
  captchaId?: string;
  captchaCode?: string;
}): Promise<LoginResult> {
  const password = await encrypt(input.password);
  return call<LoginResult>(
    {
      url: '/ElsAuthService/login',
      method: 'POST',
      data: {
        elsAccount: input.elsAccount,
        elsSubAccount: input.elsSubAccount,
        password,
        locale: input.locale,
        ...(input.captchaId && input.captchaCode
          ? { captchaId: input.captchaId, captchaCode: input.captchaCode }
          : {}),
      },
    },
    { public: true },
  );
}

/** `GET /apis/user/getMenu` (spec 000 §7). */
export function getMenu(): Promise<MenuItem[]> {
  return call<MenuItem[]>({ url: '/user/getMenu' });
}

/** `GET /apis/ElsAccountService/findDetail/{id}` (spec 000 §7). */
export function findAccountDetail(id: string): Promise<AccountDetail> {
  return call<AccountDetail>({ url: `/ElsAccountService/findDetail/${encodeURIComponent(id)}` });
}

/** `PUT /apis/ElsAccountService/modifyPassword?password=&newPassword=`, both encrypted (spec 000 §7). */
export async function modifyPassword(oldPassword: string, newPassword: string): Promise<null> {
  const [password, next] = await Promise.all([encrypt(oldPassword), encrypt(newPassword)]);
  return call<null>({
    url: '/ElsAccountService/modifyPassword',
    method: 'PUT',
    params: { password, newPassword: next },
  });
}

/** `POST /apis/ElsAccountService/forceModifyPassword` (spec 000 §3, §4); success is data.code '200'. */
export async function forceModifyPassword(input: {
  elsAccount: string;
  elsSubAccount: string;
  password: string;
  confirm: string;
}): Promise<{ code: string }> {
  const [p, c] = await Promise.all([encrypt(input.password), encrypt(input.confirm)]);
  return call<{ code: string }>({
    url: '/ElsAccountService/forceModifyPassword',
    method: 'POST',
    data: {
      elsAccount: input.elsAccount,
      elsSubAccount: input.elsSubAccount,
      elsSubAccountPassword: p,
      elsSubAccountPasswordValidate: c,
    },
  });
}

/** `POST /apis/ElsAuthService/unlock` with the encrypted password; the server verifies it. */
export async function unlockScreen(password: string): Promise<{ unlocked: boolean }> {
  return call<{ unlocked: boolean }>({
    url: '/ElsAuthService/unlock',
    method: 'POST',
    data: { password: await encrypt(password) },
  });
}

/**
 * Checks the session kept from an earlier visit when the browser starts with one (spec 000 §7
 * `GET /apis/ElsAuthService/webValidToken/{token}`, data { valid }). A token the server no longer honours
 * (logged out elsewhere, revoked, account disabled, expired) gets one refresh; when that fails too, the
 * browser does what a body code '401' does (spec 000 §8): the "login expired" message, then after 3 s the
 * session is cleared and the login page shown — also on a page that makes no call of its own. A network
 * failure leaves the session as it is (every call's own '401' handling still applies).
 */
export async function checkStoredSession(token: string): Promise<void> {
  let valid: boolean;
  try {
    const url = `/ElsAuthService/webValidToken/${encodeURIComponent(token)}`;
    valid = (await call<{ valid: boolean }>({ url }, { public: true })).valid;
  } catch {
    return;
  }
  if (valid || useAuth.getState().token !== token) return;
  if (await refreshSession()) return;
  sessionExpired();
}

/**
 * Logout (spec 000 §4): `GET /apis/user/logout` (best effort), then clear the session and go to login.
 */
export async function logout(): Promise<void> {
  try {
    await call<null>({ url: '/user/logout' }, { public: true });
  } catch (e) {
    console.error('logout call failed', e);
  }
  clearSession();
  goToLogin();
}
