import { describe, expect, it } from 'vitest';
import { sizeClass } from './size-class.ts';

describe('sizeClass (spec 000 §2)', () => {
  it.each([
    [1920, 3],
    [1200, 3],
    [1199, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [767, 0],
    [320, 0],
  ])('width %i → class %i', (width, expected) => {
    expect(sizeClass(width)).toBe(expected);
  });
});
