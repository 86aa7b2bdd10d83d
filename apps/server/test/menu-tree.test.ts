import { describe, expect, it } from 'vitest';
import type { MenuRow } from '../src/modules/menu/repository.ts';
import { allowedMenuIds, buildMenuTree, isVisibleTo } from '../src/modules/menu/service.ts';

const row = (
  id: string,
  parentId: string | null,
  roles: string[] = [],
  appUrl = `/portal/${id}`,
): MenuRow => ({
  id,
  parentId,
  station: 'purchase',
  elsAccount: null,
  appName: `名${id}`,
  appNameEn: `name ${id}`,
  appUrl,
  appIcon: null,
  appCode: id,
  component: null,
  roles,
  groupPaths: [],
  query: {},
  keepAlive: true,
  sortOrder: 0,
  version: 1,
});

describe('menu role filter', () => {
  it('shows unrestricted entries to everyone and restricted ones to holders of a role', () => {
    expect(isVisibleTo([], [])).toBe(true);
    expect(isVisibleTo(['admin'], ['buyer'])).toBe(false);
    expect(isVisibleTo(['admin', 'buyer'], ['buyer'])).toBe(true);
  });

  it('drops a hidden parent with its children, and a group left empty', () => {
    const rows = [
      row('a', null, ['admin'], ''),
      row('a1', 'a'),
      row('b', null, [], ''),
      row('b1', 'b', ['admin']),
      row('c', null),
    ];
    const tree = buildMenuTree(rows, ['buyer'], 'en');
    expect(tree.map((i) => i.appCode)).toEqual(['c']);
    const adminTree = buildMenuTree(rows, ['admin'], 'zh_cn');
    expect(adminTree.map((i) => i.appCode)).toEqual(['a', 'b', 'c']);
    expect(adminTree[0].children[0].appName).toBe('名a1');
  });
});

describe('menus listed by roles (issue #19)', () => {
  const rows = [
    row('g', null, [], ''),
    row('g1', 'g'),
    row('g2', 'g'),
    row('h', null),
    row('k', null, [], ''),
    row('k1', 'k'),
  ];

  it('opens every entry when a role lists none (null) or the user has no role', () => {
    expect(allowedMenuIds(rows, [])).toBeNull();
    expect(allowedMenuIds(rows, [{ menuIds: ['h'] }, { menuIds: null }])).toBeNull();
  });

  it('opens listed entries, their descendants and ancestors, and nothing else', () => {
    const allowed = allowedMenuIds(rows, [{ menuIds: ['g1'] }, { menuIds: ['k'] }]);
    expect([...(allowed ?? [])].sort()).toEqual(['g', 'g1', 'k', 'k1']);
    const tree = buildMenuTree(rows, [], 'en', allowed);
    expect(tree.map((i) => i.appCode)).toEqual(['g', 'k']);
    expect(tree[0].children.map((i) => i.appCode)).toEqual(['g1']);
  });

  it('still hides an entry the menu roles reserve, whatever a role lists', () => {
    const reserved = [row('s', null, ['admin'], ''), row('s1', 's')];
    expect(buildMenuTree(reserved, ['clerk'], 'en', allowedMenuIds(reserved, [{ menuIds: ['s1'] }]))).toEqual(
      [],
    );
  });
});
