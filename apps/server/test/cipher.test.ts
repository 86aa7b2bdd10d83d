import { describe, expect, it } from 'vitest';
import { createCipher } from '../src/platform/cipher.ts';

describe('fixed-key cipher (spec 000 §9)', () => {
  it('decrypts what it encrypted, including non-ASCII text', () => {
    const cipher = createCipher('SrmPortal2026Key');
    for (const text of ['Demo@2026', '密码Pass1', 'x'.repeat(100)]) {
      expect(cipher.decrypt(cipher.encrypt(text))).toBe(text);
    }
  });

  it('matches the browser format: AES-128-ECB, PKCS#7, base64', () => {
    // 16 bytes of plain text pad to two blocks: 32 bytes, 44 base64 characters.
    expect(createCipher('SrmPortal2026Key').encrypt('0123456789abcdef')).toHaveLength(44);
  });

  it('returns null for text that is not cipher text or was made with another key', () => {
    const cipher = createCipher('SrmPortal2026Key');
    expect(cipher.decrypt('Demo@2026')).toBeNull();
    expect(cipher.decrypt('')).toBeNull();
    expect(cipher.decrypt(createCipher('AnotherKey123456').encrypt('Demo@2026'))).toBeNull();
  });
});
