import { describe, expect, it } from 'vitest';
import type { MenuRow } from '../src/modules/menu/repository.ts';
import { buildMenuTree, isVisibleTo } from '../src/modules/menu/service.ts';

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
