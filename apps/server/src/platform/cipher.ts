import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * The spec's fixed-key string cipher (spec 000 §9): AES-ECB with PKCS#7 padding, key = UTF-8 bytes of
 * CIPHER_KEY (16/24/32 bytes → AES-128/192/256), ciphertext in base64. This is obfuscation required by
 * the original clients, not security: the key ships to every browser. TLS protects the password in
 * transit (docs/security.md).
 */
export function createCipher(key: string) {
  const keyBytes = Buffer.from(key, 'utf8');
  const algorithm = `aes-${keyBytes.length * 8}-ecb`;
  return {
    /** Decrypts a base64 ciphertext; returns null when it is not a valid ciphertext for this key. */
    decrypt(ciphertext: string): string | null {
      try {
        const decipher = createDecipheriv(algorithm, keyBytes, null);
        const out = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
        const text = out.toString('utf8');
        return text.includes('\uFFFD') ? null : text;
      } catch {
        return null;
      }
    },
    /** Encrypts like the browser does (used by tests and tools). */
    encrypt(plaintext: string): string {
      const cipher = createCipheriv(algorithm, keyBytes, null);
      return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;
