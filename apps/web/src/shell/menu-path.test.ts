import type { MenuItem } from '@srm/contracts/menu';
import { describe, expect, it } from 'vitest';
import { buildMenuPath, filterMenuByRoles, isMenuEntryActive, targetHref } from './menu-path.ts';

function entry(partial: Partial<MenuItem> & { id: string }): MenuItem {
  return {
    appName: partial.id,
    appNameI18n: { zh_cn: `${partial.id}-zh`, en: `${partial.id}-en` },
    appUrl: '',
    appIcon: null,
    appCode: partial.id,
    component: null,
    meta: { roles: [] },
    group: [],
    query: {},
    children: [],
    ...partial,
  };
}

describe('buildMenuPath (spec 000 §2)', () => {
  it('uses a path containing /portal/ as is', () => {
    expect(buildMenuPath({ appUrl: '/portal/info/index', query: {} })).toEqual({
      pathname: '/portal/info/index',
      query: {},
    });
  });
  it('takes a /portal/ path from /portal/ on, with its own query joined to the entry’s (issue #19)', () => {
    expect(buildMenuPath({ appUrl: '/portal/info/message?tab=unread', query: { page: '2' } })).toEqual({
      pathname: '/portal/info/message',
      query: { tab: 'unread', page: '2' },
    });
    // The entry's own query wins over the path's.
    expect(buildMenuPath({ appUrl: '/portal/info/message?tab=all', query: { tab: 'unread' } }).query).toEqual(
      {
        tab: 'unread',
      },
    );
    // A sub-path prefix (the portal behind a proxy at /srm/) does not matter.
    expect(buildMenuPath({ appUrl: '/srm/portal/notice/list', query: {} }).pathname).toBe(
      '/portal/notice/list',
    );
    // A page the shell does not have is still a shell path (its tab shows the 404 page).
    expect(buildMenuPath({ appUrl: '/portal/unknown/x', query: {} })).toEqual({
      pathname: '/portal/unknown/x',
      query: {},
    });
  });
  it('sends an absolute address containing /portal/ to the frame, not to a shell page', () => {
    expect(buildMenuPath({ appUrl: 'https://partner.example.com/portal/a', query: {} }).pathname).toBe(
      `/myiframe/${encodeURIComponent('https://partner.example.com/portal/a')}`,
    );
  });
  it('turns an /audit/ path into /audit with its query', () => {
    expect(buildMenuPath({ appUrl: '/audit/order/123', query: { id: '7' } })).toEqual({
      pathname: '/audit',
      query: { id: '7' },
    });
  });
  it('turns a /forward/detail path into /forward/detail with its query', () => {
    expect(buildMenuPath({ appUrl: '/forward/detail', query: { kind: 'order' } })).toEqual({
      pathname: '/forward/detail',
      query: { kind: 'order' },
    });
  });
  it('embeds any other path as /myiframe/{URL-encoded path}', () => {
    expect(buildMenuPath({ appUrl: '/apis/docs/', query: {} }).pathname).toBe('/myiframe/%2Fapis%2Fdocs%2F');
    expect(buildMenuPath({ appUrl: '/order/#/v2/order/detail', query: { a: 'b' } })).toEqual({
      pathname: '/myiframe/%2Forder%2F%23%2Fv2%2Forder%2Fdetail',
      query: { a: 'b' },
    });
  });
  it('renders the href with the query', () => {
    expect(targetHref({ pathname: '/audit', query: { id: '7', t: 'x y' } })).toBe('/audit?id=7&t=x+y');
    expect(targetHref({ pathname: '/portal/info/index', query: {} })).toBe('/portal/info/index');
  });
});

describe('isMenuEntryActive (spec 000 §2)', () => {
  const info = entry({
    id: 'info',
    appUrl: '/portal/info/index',
    appCode: 'personal-info',
    group: ['/portal/info/list'],
  });
  it('is active on its own path', () => {
    expect(isMenuEntryActive(info, { path: '/portal/info/index' }, 'zh_cn')).toBe(true);
  });
  it('is active when the route carries its code', () => {
    expect(isMenuEntryActive(info, { path: '/elsewhere', code: 'personal-info' }, 'zh_cn')).toBe(true);
  });
  it('is active on one of its group paths', () => {
    expect(isMenuEntryActive(info, { path: '/portal/info/list' }, 'zh_cn')).toBe(true);
  });
  it('is active when the route label equals its label in the current language', () => {
    expect(isMenuEntryActive(info, { path: '/x', label: 'info-en' }, 'en')).toBe(true);
    expect(isMenuEntryActive(info, { path: '/x', label: 'info-en' }, 'zh_cn')).toBe(false);
  });
  it('is not active elsewhere', () => {
    expect(isMenuEntryActive(info, { path: '/portal/info/todo', code: 'todo', label: 'todo' }, 'zh_cn')).toBe(
      false,
    );
  });
});

describe('filterMenuByRoles (spec 000 §2, §6)', () => {
  const menu = [
    entry({ id: 'home', appUrl: '/portal/wel/index' }),
    entry({
      id: 'system',
      meta: { roles: ['admin'] },
      children: [entry({ id: 'docs', appUrl: '/apis/docs/' })],
    }),
    entry({
      id: 'mixed',
      children: [entry({ id: 'open' }), entry({ id: 'buyers-only', meta: { roles: ['buyer'] } })],
    }),
    entry({ id: 'empty-after-filter', children: [entry({ id: 'admin-child', meta: { roles: ['admin'] } })] }),
  ];
  const ids = (items: MenuItem[]): string[] => items.flatMap((i) => [i.id, ...ids(i.children)]);

  it('shows entries without restriction or with one of the user roles', () => {
    expect(ids(filterMenuByRoles(menu, ['admin', 'buyer']))).toEqual([
      'home',
      'system',
      'docs',
      'mixed',
      'open',
      'buyers-only',
      'empty-after-filter',
      'admin-child',
    ]);
  });
  it('hides restricted entries and groups left empty', () => {
    expect(ids(filterMenuByRoles(menu, ['buyer']))).toEqual(['home', 'mixed', 'open', 'buyers-only']);
    expect(ids(filterMenuByRoles(menu, []))).toEqual(['home', 'mixed', 'open']);
  });
});
