import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { getCookie, setCookie } from './cookies.ts';

const PHRASE = 'srm-portal-browser-fingerprint';
export const FINGERPRINT_COOKIE = 'fingerprint';

/**
 * Browser fingerprint of spec 000 §2: SHA-256 of the host and a fixed phrase, hex. @noble/hashes (the audited
 * sibling of the @noble/ciphers the login cipher uses; issue #35 dropped crypto-js, which did only this), and
 * synchronous: WebCrypto's digest is async and absent outside secure contexts (plain http on a LAN address).
 */
export function fingerprintOf(host: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${host}|${PHRASE}`)));
}

/** Creates the fingerprint cookie if it is absent (spec 000 §2 "Navigation guard"). */
export function ensureFingerprintCookie(): void {
  if (!getCookie(FINGERPRINT_COOKIE))
    setCookie(FINGERPRINT_COOKIE, fingerprintOf(window.location.host), 365 * 24 * 3600);
}
