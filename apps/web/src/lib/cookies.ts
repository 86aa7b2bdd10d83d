/** Reads a cookie by name, or undefined. */
export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** Sets a session cookie on path `/` (spec 000 §2: ticket and fingerprint cookies). */
export function setCookie(name: string, value: string, maxAgeS?: number): void {
  const age = maxAgeS === undefined ? '' : `; max-age=${maxAgeS}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not available everywhere
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${age}`;
}

/** Removes a cookie set on path `/`. */
export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0`;
}
