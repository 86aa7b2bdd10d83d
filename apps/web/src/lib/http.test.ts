import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-store.ts';
import { ApiError, call, http } from './http.ts';

type Handler = (config: InternalAxiosRequestConfig) => { status?: number; body: unknown };

function useAdapter(handler: Handler): InternalAxiosRequestConfig[] {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status = 200, body } = handler(config);
    const response = { data: body, status, statusText: '', headers: {}, config };
    if (config.validateStatus && !config.validateStatus(status)) {
      const err = Object.assign(new Error(`status ${status}`), { isAxiosError: true, response, config });
      throw err;
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}

const user = {
  id: 'u1',
  name: 'Zhang',
  elsAccount: '100000',
  elsSubAccount: 'admin',
  companyName: 'C',
  station: 'purchase' as const,
  fbk10: 'N' as const,
  permission: 'admin',
  roles: ['admin'],
  email: null,
  mobile: null,
  actingElsAccount: '100000',
};

describe('http client (spec 000 §7, §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAuth.setState({ token: 'old', refreshToken: 'r1', userInfo: user, environMentConfig: null });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends token, account and lang headers and unwraps data', async () => {
    const seen = useAdapter(() => ({ body: { code: '200', message: 'ok', data: { x: 1 } } }));
    await expect(call({ url: '/thing' })).resolves.toEqual({ x: 1 });
    expect(seen[0].headers.get('token')).toBe('old');
    expect(seen[0].headers.get('account')).toBe('100000_admin');
    expect(['zh_cn', 'en']).toContain(seen[0].headers.get('lang'));
    expect(seen[0].timeout).toBe(20_000);
  });

  it('rejects a non-200 body code with the server message', async () => {
    useAdapter(() => ({ body: { code: '400', message: '解锁密码错误', data: null } }));
    await expect(call({ url: '/x' })).rejects.toMatchObject({
      code: '400',
      message: '解锁密码错误',
      source: 'body',
    });
  });

  it('refreshes once on a 401 body code and replays the call with the new token', async () => {
    const seen = useAdapter((config) => {
      if (config.url === '/ElsAuthService/refreshToken') {
        return {
          body: {
            code: '200',
            message: 'ok',
            data: { code: '200', token: 'new', refreshToken: 'r2', tokenTime: 1 },
          },
        };
      }
      return config.headers.get('token') === 'new'
        ? { body: { code: '200', message: 'ok', data: 'replayed' } }
        : { body: { code: '401', message: 'expired', data: null } };
    });
    await expect(call({ url: '/menu' })).resolves.toBe('replayed');
    const refresh = seen.find((c) => c.url === '/ElsAuthService/refreshToken');
    expect(refresh?.headers.get('refreshToken')).toBe('r1');
    expect(JSON.parse(String(refresh?.data))).toEqual({ elsAccount: '100000', elsSubAccount: 'admin' });
    expect(useAuth.getState()).toMatchObject({ token: 'new', refreshToken: 'r2' });
  });

  it('clears the session 3 s after a 401 that refreshing cannot cure', async () => {
    useAdapter((config) =>
      config.url === '/ElsAuthService/refreshToken'
        ? { body: { code: '401', message: 'used', data: null } }
        : { body: { code: '401', message: 'expired', data: null } },
    );
    await expect(call({ url: '/menu' })).rejects.toBeInstanceOf(ApiError);
    expect(useAuth.getState().token).toBe('old');
    vi.advanceTimersByTime(3_000);
    expect(useAuth.getState().token).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('empties the user when there is no stored refresh token', async () => {
    useAuth.setState({ refreshToken: null });
    useAdapter(() => ({ body: { code: '401', message: 'expired', data: null } }));
    await expect(call({ url: '/menu' })).rejects.toBeInstanceOf(ApiError);
    expect(useAuth.getState().userInfo).toBeNull();
    vi.advanceTimersByTime(3_000);
  });

  it("rejects statuses outside 200–500 with the body message or 'unknown error'", async () => {
    useAdapter(() => ({ status: 502, body: 'bad gateway' }));
    await expect(call({ url: '/x' })).rejects.toMatchObject({ code: '502', source: 'http' });
    useAdapter(() => ({ status: 503, body: { message: 'maintenance' } }));
    await expect(call({ url: '/x' })).rejects.toMatchObject({ message: 'maintenance' });
  });
});

describe('status 400 and 201 (spec 000 §8)', () => {
  beforeEach(() => {
    useAuth.setState({ token: 't', refreshToken: 'r', userInfo: null, environMentConfig: null });
  });
  it('rejects a 201 even with a 200 body code', async () => {
    useAdapter(() => ({ status: 201, body: { code: '200', message: 'created', data: 1 } }));
    await expect(call({ url: '/x' })).rejects.toBeInstanceOf(ApiError);
  });
  it('rejects a 400', async () => {
    useAdapter(() => ({ status: 400, body: { code: '200', message: 'bad', data: 1 } }));
    await expect(call({ url: '/x' })).rejects.toMatchObject({ code: '400' });
  });
});
