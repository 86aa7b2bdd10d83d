import { describe, expect, it } from 'vitest';
import { unflatten } from './tenant-i18n.ts';

describe('tenant overrides', () => {
  it('unflattens dotted keys so they override nested strings', () => {
    expect(unflatten({ 'app.title': 'X', welcome: 'Y' })).toEqual({ app: { title: 'X' }, welcome: 'Y' });
  });
});
