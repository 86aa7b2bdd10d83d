import { ecb } from '@noble/ciphers/aes.js';

/**
 * The spec's fixed-key cipher (spec 000 §9): AES-ECB with PKCS7 padding, key = the UTF-8 bytes of
 * `key` (16 characters → AES-128), result in base64. Obfuscation the original product requires, not
 * security: TLS is the security. AES from @noble/ciphers (audited, tree-shaken to AES-ECB: about a third
 * of crypto-js's bytes on the way to the home page, whose byte budget is tight).
 */
export function encryptWithKey(plain: string, key: string): string {
  const utf8 = new TextEncoder();
  const bytes = ecb(utf8.encode(key)).encrypt(utf8.encode(plain));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
