import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput } from './guard.ts';
import { findTabRoute, isPublicPath } from './route-table.ts';

function input(path: string, over: Partial<GuardInput> = {}): GuardInput {
  return {
    path,
    query: {},
    hasToken: true,
    hasUser: true,
    locked: false,
    isPublic: isPublicPath(path),
    isTabRoute: Boolean(findTabRoute(path)),
    ...over,
  };
}

describe('decideNavigation (spec 000 §2 navigation guard)', () => {
  it('with a token, proceeds and adds a tab for shell pages', () => {
    expect(decideNavigation(input('/portal/info/index'))).toEqual({ kind: 'proceed', addTab: true });
    expect(decideNavigation(input('/myiframe/%2Fapis%2Fdocs%2F'))).toEqual({ kind: 'proceed', addTab: true });
  });
  it('with a token, proceeds without a tab on other routes', () => {
    expect(decideNavigation(input('/404'))).toEqual({ kind: 'proceed', addTab: false });
  });
  it('with a token, sends /login to the home tab', () => {
    expect(decideNavigation(input('/login'))).toEqual({ kind: 'redirect', to: HOME_TAB_PATH });
  });
  it('while locked, sends every route to /lock and lets /lock through', () => {
    for (const path of ['/portal/info/index', '/login', '/404', HOME_TAB_PATH]) {
      expect(decideNavigation(input(path, { locked: true }))).toEqual({ kind: 'redirect', to: '/lock' });
    }
    expect(decideNavigation(input('/lock', { locked: true }))).toEqual({ kind: 'proceed', addTab: false });
  });
  it('without a token, public routes pass and others go to /login', () => {
    for (const path of ['/login', '/lock', '/404', '/403', '/500', '/wxAuth', '/forwardPass']) {
      expect(decideNavigation(input(path, { hasToken: false }))).toEqual({ kind: 'proceed', addTab: false });
    }
    for (const path of [HOME_TAB_PATH, '/portal/info/index', '/audit', '/myiframe/x', '/unknown']) {
      expect(decideNavigation(input(path, { hasToken: false }))).toEqual({ kind: 'redirect', to: '/login' });
    }
  });
  it("logs out when the query src is '/'", () => {
    expect(decideNavigation(input(HOME_TAB_PATH, { query: { src: '/' } }))).toEqual({ kind: 'logout' });
    expect(decideNavigation(input('/login', { hasToken: false, query: { src: '/' } }))).toEqual({
      kind: 'logout',
    });
    expect(decideNavigation(input(HOME_TAB_PATH, { query: { src: '/x' } }))).toEqual({
      kind: 'proceed',
      addTab: true,
    });
  });
  it('clears out a token without a user sub-account (spec 000 §5)', () => {
    expect(decideNavigation(input(HOME_TAB_PATH, { hasUser: false }))).toEqual({ kind: 'logout' });
  });
});
