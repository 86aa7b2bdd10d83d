import { BASE_PATH } from './base-path.ts';

/** The cookies' Path: the base path (issue #19), `/` at the root. */
const COOKIE_PATH = `${BASE_PATH}/`;

/** Reads a cookie by name, or undefined. */
export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** Sets a session cookie on the portal's base path (spec 000 §2: ticket and fingerprint cookies). */
export function setCookie(name: string, value: string, maxAgeS?: number): void {
  const age = maxAgeS === undefined ? '' : `; max-age=${maxAgeS}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not available everywhere
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${COOKIE_PATH}; SameSite=Lax${age}`;
}

/** Removes a cookie set by setCookie. */
export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; path=${COOKIE_PATH}; max-age=0`;
}
