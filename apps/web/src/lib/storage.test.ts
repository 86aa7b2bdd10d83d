import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStore, removeStore, setStore, storageKey } from './storage.ts';

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

describe('keys per installation (issue #19, BASE_PATH)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("keeps today's keys at the root and puts the base path in front under a sub-path", () => {
    expect(storageKey('auth', '')).toBe('srm-auth');
    expect(storageKey('auth', '/srm')).toBe('/srm:srm-auth');
    expect(storageKey('tabs', '/portal/srm')).toBe('/portal/srm:srm-tabs');
    // The page under test runs at the root (vite's dev mode): no base path.
    expect(storageKey('settings')).toBe('srm-settings');
  });

  it('does not read a token stored by the root installation under /srm, nor the other way round', () => {
    setStore('auth', { state: { token: 'root-token' } });
    expect(localStorage.getItem('srm-auth')).not.toBeNull();
    expect(getStore('auth', { base: '/srm' })).toBeUndefined();
    setStore('auth', { state: { token: 'srm-token' } }, { base: '/srm' });
    expect(getStore('auth', { base: '/srm' })).toEqual({ state: { token: 'srm-token' } });
    expect(getStore('auth', { base: '/test' })).toBeUndefined();
    expect(getStore('auth')).toEqual({ state: { token: 'root-token' } });
  });

  it("removes only its own installation's item, in local and session storage", () => {
    setStore('tabs', ['a'], { type: 'session' });
    setStore('tabs', ['b'], { type: 'session', base: '/srm' });
    removeStore('tabs', 'session', '/srm');
    expect(getStore('tabs', { type: 'session', base: '/srm' })).toBeUndefined();
    expect(getStore('tabs', { type: 'session' })).toEqual(['a']);
    setStore('theme', 'dark', { base: '/srm' });
    removeStore('theme');
    expect(getStore('theme', { base: '/srm' })).toBe('dark');
  });
});

describe("portal/index.html's boot script (issue #12) reads this installation's keys", () => {
  const html = readFileSync(join(import.meta.dirname, '../../portal/index.html'), 'utf8');
  const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';

  /** Runs the boot script as the page at `pathname` would, with the test's storage; true when it paints the frame. */
  function paintsFrame(pathname: string): boolean {
    document.documentElement.classList.remove('boot-shell');
    const location = { pathname, hash: '#/portal/wel/index' };
    new Function('location', script)(location);
    return document.documentElement.classList.contains('boot-shell');
  }

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('finds the root token at /portal/ only, and the /srm token at /srm/portal/ only', () => {
    expect(script).toContain('localStorage');
    setStore('auth', { state: { token: 'root-token' } }, { base: '' });
    expect(paintsFrame('/portal/')).toBe(true);
    expect(paintsFrame('/srm/portal/')).toBe(false);
    localStorage.clear();
    setStore('auth', { state: { token: 'srm-token' } }, { base: '/srm' });
    expect(paintsFrame('/srm/portal/')).toBe(true);
    expect(paintsFrame('/srm/portal/index.html')).toBe(true);
    expect(paintsFrame('/portal/')).toBe(false);
    expect(paintsFrame('/portal/srm/portal/')).toBe(false);
  });
});
