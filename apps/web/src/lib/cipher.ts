import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

/**
 * The spec's fixed-key cipher (spec 000 §9): AES-ECB with PKCS7 padding, key = the UTF-8 bytes of
 * `key` (16 characters → AES-128), result in base64. Obfuscation the original product requires, not
 * security: TLS is the security.
 */
export function encryptWithKey(plain: string, key: string): string {
  return AES.encrypt(Utf8.parse(plain), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}
