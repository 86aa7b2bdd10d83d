import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './fingerprint.ts';

describe('fingerprintOf (spec 000 §2 browser fingerprint)', () => {
  it('is the hex SHA-256 of the host and the fixed phrase, as a standard implementation computes it', () => {
    for (const host of ['localhost:8080', 'srm.example.com', '中文.example']) {
      const expected = createHash('sha256')
        .update(`${host}|srm-portal-browser-fingerprint`, 'utf8')
        .digest('hex');
      expect(fingerprintOf(host)).toBe(expected);
    }
    expect(fingerprintOf('a')).not.toBe(fingerprintOf('b'));
  });
});
