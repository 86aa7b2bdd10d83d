import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptWithKey } from './cipher.ts';

function decrypt(b64: string, key: string): string {
  const d = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
}

describe('encryptWithKey (spec 000 §9 fixed-key cipher)', () => {
  it('produces AES-128-ECB PKCS7 base64 that a standard implementation decrypts', () => {
    const key = 'SrmPortal2026Key';
    for (const plain of ['Demo@2026', '', 'a much longer password with 中文 inside']) {
      const enc = encryptWithKey(plain, key);
      expect(enc).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(decrypt(enc, key)).toBe(plain);
    }
  });
  it('is deterministic per key (ECB) and differs between keys', () => {
    expect(encryptWithKey('x', '0123456789abcdef')).toBe(encryptWithKey('x', '0123456789abcdef'));
    expect(encryptWithKey('x', '0123456789abcdef')).not.toBe(encryptWithKey('x', 'fedcba9876543210'));
  });
});
