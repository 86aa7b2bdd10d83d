import type { RefreshResult } from '@srm/contracts/auth';
import { HTTP_TIMEOUT_MS, LOGIN_REDIRECT_DELAY_MS } from '@srm/contracts/constants';
import type { Envelope } from '@srm/contracts/envelope';
import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import { useAuth } from './auth-store.ts';
import { appUrl } from './base-path.ts';
import { toastError } from './feedback.ts';
import i18n from './i18n.ts';
import { clearSession, goToLogin } from './session.ts';
import { useSettings } from './settings-store.ts';

/** An API call that did not succeed: the envelope's body code and message (spec 000 §8). */
export class ApiError extends Error {
  constructor(
    /** Body code of the envelope, the HTTP status, or 'network'. */
    readonly code: string,
    message: string,
    /** 'body': the server answered with a non-'200' body code; 'http': bad status; 'network': no answer. */
    readonly source: 'body' | 'http' | 'network' = 'body',
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The account header `{elsAccount}_{elsSubAccount}` (spec 000 §7). Same rule as contracts/auth.ts
 * `accountHeader`, repeated here so the login bundle does not pull in zod with the schemas of that file.
 */
export function accountHeader(elsAccount: string, elsSubAccount: string): string {
  return `${elsAccount}_${elsSubAccount}`;
}

/** Base path of the JSON API (spec 000 §7): the page's base path plus /apis (lib/base-path.ts). */
export const API_BASE = appUrl('/apis');

/** True for the HTTP statuses the client accepts (spec 000 §9: 200 to 500). */
export function isAcceptedStatus(status: number): boolean {
  return status >= 200 && status <= 500;
}

/**
 * Statuses that pass the transport but still fail the call (spec 000 §8: "Status 400 or 201: allowed
 * through but the call is rejected as an error").
 */
export function isRejectedStatus(status: number): boolean {
  return status === 400 || status === 201;
}

/** The axios instance: 20 s timeout, statuses 200–500 accepted, cookies sent (spec 000 §7, §9). */
export const http = axios.create({
  baseURL: API_BASE,
  timeout: HTTP_TIMEOUT_MS,
  withCredentials: true,
  validateStatus: isAcceptedStatus,
});

http.interceptors.request.use((config) => {
  const { token, userInfo } = useAuth.getState();
  if (token) config.headers.set('token', token);
  if (userInfo) config.headers.set('account', accountHeader(userInfo.elsAccount, userInfo.elsSubAccount));
  config.headers.set('lang', useSettings.getState().locale);
  return config;
});

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh attempt (spec 000 §5, §7): needs a stored refresh token, otherwise the user is emptied.
 * Success when data.code is '200'; the new token and refresh token replace the stored ones.
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const { refreshToken, userInfo, setTokens } = useAuth.getState();
    if (!refreshToken || !userInfo) {
      clearSession();
      return false;
    }
    try {
      const res = await http.post<Envelope<RefreshResult>>(
        '/ElsAuthService/refreshToken',
        { elsAccount: userInfo.elsAccount, elsSubAccount: userInfo.elsSubAccount },
        { headers: { refreshToken } },
      );
      const data = res.data?.data;
      if (data?.code === '200') {
        setTokens(data.token, data.refreshToken);
        return true;
      }
    } catch (e) {
      console.error('refresh failed', e);
    }
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let expiring = false;

/** Body code '401' (spec 000 §8): message, then after 3 s clear the session and go to login. */
export function sessionExpired(): void {
  if (expiring) return;
  expiring = true;
  toastError(i18n.t('common:errors.loginExpired'), LOGIN_REDIRECT_DELAY_MS / 1000);
  setTimeout(() => {
    expiring = false;
    clearSession();
    goToLogin();
  }, LOGIN_REDIRECT_DELAY_MS);
}

export type CallOptions = {
  /** Public calls (login, client config, refresh) never trigger the refresh/401 flow. */
  public?: boolean;
};

/**
 * Performs a call and unwraps the envelope (spec 000 §7, §8). Resolves with `data` when the body code
 * is '200'; otherwise rejects with an ApiError carrying the server message. A body code '401' triggers
 * one refresh and a replay, then the 3-second redirect.
 */
export async function call<T>(
  config: AxiosRequestConfig,
  options: CallOptions = {},
  replay = false,
): Promise<T> {
  let body: Envelope<T> | undefined;
  let status = 200;
  try {
    const res = await http.request<Envelope<T>>(config);
    body = res.data;
    status = res.status;
  } catch (e) {
    if (isAxiosError(e) && e.response) {
      const msg = (e.response.data as Partial<Envelope<unknown>> | undefined)?.message;
      const text = typeof msg === 'string' && msg ? msg : i18n.t('common:errors.unknown');
      toastError(text);
      throw new ApiError(String(e.response.status), text, 'http');
    }
    console.error('network error', e);
    throw new ApiError('network', i18n.t('common:errors.network'), 'network');
  }
  if (!body || typeof body !== 'object' || typeof body.code !== 'string') {
    throw new ApiError('500', i18n.t('common:errors.unknown'), 'http');
  }
  if (body.code === '401' && !options.public) {
    if (!replay && (await refreshSession())) return call<T>(config, options, true);
    sessionExpired();
    throw new ApiError('401', body.message);
  }
  if (body.code !== '200') {
    throw new ApiError(body.code, body.message || i18n.t('common:errors.unknown'), 'body', body.data);
  }
  if (isRejectedStatus(status)) {
    throw new ApiError(String(status), body.message || i18n.t('common:errors.unknown'), 'http', body.data);
  }
  return body.data;
}

/** Message of an error for display in place. */
export function errorText(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  return i18n.t('common:errors.unknown');
}
