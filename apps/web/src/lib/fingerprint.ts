import Hex from 'crypto-js/enc-hex';
import SHA256 from 'crypto-js/sha256';
import { getCookie, setCookie } from './cookies.ts';

const PHRASE = 'srm-portal-browser-fingerprint';
export const FINGERPRINT_COOKIE = 'fingerprint';

/** Browser fingerprint of spec 000 §2: SHA-256 of the host and a fixed phrase, hex. */
export function fingerprintOf(host: string): string {
  return SHA256(`${host}|${PHRASE}`).toString(Hex);
}

/** Creates the fingerprint cookie if it is absent (spec 000 §2 "Navigation guard"). */
export function ensureFingerprintCookie(): void {
  if (!getCookie(FINGERPRINT_COOKIE))
    setCookie(FINGERPRINT_COOKIE, fingerprintOf(window.location.host), 365 * 24 * 3600);
}
