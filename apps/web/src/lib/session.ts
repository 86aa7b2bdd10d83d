import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { useAuth, useLock } from './auth-store.ts';
import { removeCookie } from './cookies.ts';
import { useMenu } from './menu-store.ts';
import { removeStore } from './storage.ts';

/** Cookie holding the ticket query parameter (spec 000 §2). */
export const TICKET_COOKIE = 'ticket';
/** Session-storage key of the tab strip (spec 000 §4). */
export const TABS_STORE_KEY = 'tabs';
export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lock';
export { HOME_TAB_PATH };

const listeners = new Set<() => void>();

/** Registers a callback run whenever the session is cleared (the tab strip resets itself). */
export function onSessionCleared(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Clears the session (spec 000 §4): token, refresh token, user, menu, roles, tabs and lock, and removes
 * the ticket cookie.
 */
export function clearSession(): void {
  useAuth.getState().clear();
  useMenu.getState().clear();
  useLock.getState().unlock();
  removeStore(TABS_STORE_KEY, 'session');
  removeCookie(TICKET_COOKIE);
  for (const fn of listeners) fn();
}

/**
 * Sends the browser to the login route of the hash router. Inside a module app's frame (same origin)
 * the top window goes to the shell's login page and reloads, so it drops its in-memory session too.
 */
export function goToLogin(): void {
  if (window.top && window.top !== window.self) {
    try {
      window.top.location.hash = `#${LOGIN_PATH}`;
      window.top.location.reload();
      return;
    } catch {
      /* a foreign top window: fall back to this frame */
    }
  }
  if (window.location.hash !== `#${LOGIN_PATH}`) window.location.hash = `#${LOGIN_PATH}`;
}
