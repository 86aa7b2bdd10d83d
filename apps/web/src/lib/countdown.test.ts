import { describe, expect, it } from 'vitest';
import { deadline, isSmsCode, SMS_RESEND_SECONDS, secondsLeft } from './countdown.ts';

describe('SMS countdown (spec 000 §1)', () => {
  it('counts whole seconds down to zero, rounding up', () => {
    const start = 1_000_000;
    const until = deadline(SMS_RESEND_SECONDS, start);
    expect(secondsLeft(until, start)).toBe(60);
    expect(secondsLeft(until, start + 200)).toBe(60);
    expect(secondsLeft(until, start + 1_000)).toBe(59);
    expect(secondsLeft(until, start + 59_001)).toBe(1);
    expect(secondsLeft(until, start + 60_000)).toBe(0);
    expect(secondsLeft(until, start + 90_000)).toBe(0);
    expect(secondsLeft(null, start)).toBe(0);
  });

  it('accepts four-digit codes only', () => {
    expect(isSmsCode('0123')).toBe(true);
    expect(isSmsCode('123')).toBe(false);
    expect(isSmsCode('12345')).toBe(false);
    expect(isSmsCode('12a4')).toBe(false);
  });
});
