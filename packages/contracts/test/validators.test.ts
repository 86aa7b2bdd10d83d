import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isEmpty,
  isMobile,
  isValidName,
  isValidRegistrationPassword,
  isValidShellPassword,
} from '../src/validators.ts';

describe('shell password rule (spec 000 §5)', () => {
  it.each([
    ['Demo@2026', true],
    ['abc12', true],
    ['a1234567890123456789', true],
    ['abcd1', true],
    ['1abcde', false],
    ['abc1', false],
    ['a12345678901234567890', false],
    ['abcdefg', false],
    ['@abc123', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidShellPassword(value)).toBe(expected);
  });
});

describe('registration password rule (seed 001 §5)', () => {
  it.each([
    ['Demo@2026', true],
    ['Abcdefg!', true],
    ['abcdefg!', false],
    ['ABCDEFG!', false],
    ['Abcdefgh', false],
    ['1Abcdef!', false],
    ['Ab!1', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidRegistrationPassword(value)).toBe(expected);
  });
});

describe('helper checks (spec 000 §5)', () => {
  it('recognises emails', () => {
    expect(isEmail('li.na@example.com')).toBe(true);
    expect(isEmail('li.na@example')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
  });
  it('recognises mainland mobile numbers', () => {
    expect(isMobile('13800000001')).toBe(true);
    expect(isMobile('23800000001')).toBe(false);
    expect(isMobile('1380000000')).toBe(false);
  });
  it('treats booleans and numbers as never empty', () => {
    expect(isEmpty(false)).toBe(false);
    expect(isEmpty(0)).toBe(false);
  });
  it.each([[[]], [{}], [null], [undefined], ['null'], ['undefined'], ['']])('%j is empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });
  it('treats content as not empty', () => {
    expect(isEmpty([0])).toBe(false);
    expect(isEmpty({ a: 1 })).toBe(false);
    expect(isEmpty(' ')).toBe(false);
  });
  it('checks name length 3–40', () => {
    expect(isValidName('abc')).toBe(true);
    expect(isValidName('ab')).toBe(false);
    expect(isValidName('a'.repeat(41))).toBe(false);
  });
});
