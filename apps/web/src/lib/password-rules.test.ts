import { describe, expect, it } from 'vitest';
import i18n from './i18n.ts';
import { checkConfirmPassword, checkNewPassword, PASSWORD_MESSAGE_KEYS } from './password-rules.ts';

describe('password rules (spec 000 §5)', () => {
  it('requires a new password', () => {
    expect(checkNewPassword('')).toBe('required');
    expect(checkNewPassword(undefined)).toBe('required');
  });
  it('needs a leading letter, 5–20 characters and a digit', () => {
    expect(checkNewPassword('Abc12')).toBeNull();
    expect(checkNewPassword('a1234567890123456789')).toBeNull();
    expect(checkNewPassword('1abcde')).toBe('pattern');
    expect(checkNewPassword('Ab1')).toBe('pattern');
    expect(checkNewPassword('Abcdefgh')).toBe('pattern');
    expect(checkNewPassword('a12345678901234567890')).toBe('pattern');
  });
  it('requires the confirmation to equal the new password', () => {
    expect(checkConfirmPassword('', 'Abc12')).toBe('required');
    expect(checkConfirmPassword('Abc13', 'Abc12')).toBe('mismatch');
    expect(checkConfirmPassword('Abc12', 'Abc12')).toBeNull();
  });
  it('has the messages of the spec in both languages', () => {
    const zh = i18n.getFixedT('zh_cn');
    const en = i18n.getFixedT('en');
    expect(zh(PASSWORD_MESSAGE_KEYS.required)).toBe('请输入密码');
    expect(zh(PASSWORD_MESSAGE_KEYS.pattern)).toBe('字母开头，长度5-20，必须包含字母（区分大小写）、数字');
    expect(zh(PASSWORD_MESSAGE_KEYS.mismatch)).toBe('两次输入密码不一致');
    expect(en(PASSWORD_MESSAGE_KEYS.required)).toBe('Please input password');
    expect(en(PASSWORD_MESSAGE_KEYS.pattern)).toBe(
      'Starts with a letter, 5-20 characters, must contain letters (case-sensitive) and a digit',
    );
    expect(en(PASSWORD_MESSAGE_KEYS.mismatch)).toBe('The two passwords do not match');
  });
});

describe('registration password rule messages (seed 001 §5)', async () => {
  const { registrationPasswordProblems, REGISTRATION_PASSWORD_KEYS } = await import('./password-rules.ts');
  it('names every broken rule', () => {
    expect(registrationPasswordProblems('')).toEqual(['required']);
    expect(registrationPasswordProblems('Demo@2026')).toEqual([]);
    expect(registrationPasswordProblems('1abc')).toEqual(['length', 'leadingDigit', 'upper', 'special']);
    expect(registrationPasswordProblems('abcdefgh')).toEqual(['upper', 'special']);
    expect(registrationPasswordProblems('ABCDEFG!')).toEqual(['lower']);
    expect(registrationPasswordProblems('Abcdefgh')).toEqual(['special']);
  });
  it('maps each problem to an i18n key present in both languages', async () => {
    const zh = (await import('../locales/zh_cn/account.json')).default as { rules: Record<string, string> };
    const en = (await import('../locales/en/account.json')).default as { rules: Record<string, string> };
    for (const key of Object.values(REGISTRATION_PASSWORD_KEYS)) {
      const name = key.split('.').pop() ?? '';
      expect(zh.rules[name]).toBeTruthy();
      expect(en.rules[name]).toBeTruthy();
    }
  });
});
