import type { EnvironMentConfig, LoginResult, SubaccountInfo } from '@srm/contracts/auth';
import { USER_INFO_CACHE_MIN } from '@srm/contracts/constants';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { wrappedStorage } from './storage.ts';

type AuthState = {
  token: string | null;
  refreshToken: string | null;
  userInfo: SubaccountInfo | null;
  environMentConfig: EnvironMentConfig | null;
  /** Stores the session of a successful login (spec 000 §4). */
  signIn: (result: LoginResult) => void;
  setTokens: (token: string, refreshToken: string) => void;
  setUserInfo: (info: SubaccountInfo) => void;
  clear: () => void;
};

const EMPTY = { token: null, refreshToken: null, userInfo: null, environMentConfig: null };

/**
 * Session store (spec 000 §3, §4): token, refresh token, user info and environment config, persisted in
 * local storage inside the stored-item wrapper with the user-info timer of spec 000 §9 (1440 min).
 */
export const useAuth = create<AuthState>()(
  persist(
    (set) => ({
      ...EMPTY,
      signIn: (r) =>
        set({
          token: r.token,
          refreshToken: r.refreshToken,
          userInfo: r.elsSubaccountInfoDTO,
          environMentConfig: r.environMentConfig,
        }),
      setTokens: (token, refreshToken) => set({ token, refreshToken }),
      setUserInfo: (userInfo) => set({ userInfo }),
      clear: () => set(EMPTY),
    }),
    {
      name: 'auth',
      storage: wrappedStorage<Partial<AuthState>>('local', USER_INFO_CACHE_MIN),
      partialize: ({ token, refreshToken, userInfo, environMentConfig }) => ({
        token,
        refreshToken,
        userInfo,
        environMentConfig,
      }),
    },
  ),
);

/**
 * The token this page load started with (the store rehydrates synchronously from local storage): only such
 * a token needs the start check of spec 000 §7 (webValidToken); one the login has just issued is live.
 */
export const tokenAtPageLoad = useAuth.getState().token;

type LockState = { locked: boolean; lock: () => void; unlock: () => void };

/**
 * Lock state (spec 000 §3, §4), kept in session storage. The password is never stored: unlocking is
 * verified by the server.
 */
export const useLock = create<LockState>()(
  persist(
    (set) => ({
      locked: false,
      lock: () => set({ locked: true }),
      unlock: () => set({ locked: false }),
    }),
    {
      name: 'lock',
      storage: wrappedStorage<Partial<LockState>>('session'),
      partialize: ({ locked }) => ({ locked }),
    },
  ),
);
