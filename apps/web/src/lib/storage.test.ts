import { beforeEach, describe, expect, it } from 'vitest';
import { getStore, removeStore, setStore } from './storage.ts';

describe('stored item wrapper (spec 000 §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('round-trips content with its type and time', () => {
    setStore('k', { a: 1 }, { now: 1000 });
    expect(getStore('k')).toEqual({ a: 1 });
    const raw = JSON.parse(localStorage.getItem('srm-k') ?? '{}');
    expect(raw).toMatchObject({ dataType: 'object', type: 'local', datetime: 1000, content: { a: 1 } });
  });

  it('keeps session and local items apart', () => {
    setStore('k', 'session value', { type: 'session' });
    expect(getStore('k')).toBeUndefined();
    expect(getStore('k', { type: 'session' })).toBe('session value');
    removeStore('k', 'session');
    expect(getStore('k', { type: 'session' })).toBeUndefined();
  });

  it('expires after the timer in minutes and removes the item', () => {
    setStore('t', 'v', { expireMin: 2, now: 0 });
    expect(getStore('t', { now: 2 * 60_000 })).toBe('v');
    expect(getStore('t', { now: 2 * 60_000 + 1 })).toBeUndefined();
    expect(localStorage.getItem('srm-t')).toBeNull();
  });

  it('removes invalid stored data', () => {
    localStorage.setItem('srm-bad', '{not json');
    expect(getStore('bad')).toBeUndefined();
    expect(localStorage.getItem('srm-bad')).toBeNull();
    localStorage.setItem('srm-shape', JSON.stringify({ content: 1 }));
    expect(getStore('shape')).toBeUndefined();
    expect(localStorage.getItem('srm-shape')).toBeNull();
  });
});
