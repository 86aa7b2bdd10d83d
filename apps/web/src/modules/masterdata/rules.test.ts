import { describe, expect, it } from 'vitest';
import type { Category } from './api.ts';
import { rowErrors } from './api.ts';
import { findCategory, level3Options, optional, parentIds } from './rules.ts';

const node = (id: string, level: number, children: Category[] = []): Category => ({
  id,
  parentId: null,
  cateLevel: level,
  cateCode: id.toUpperCase(),
  cateName: `name ${id}`,
  sortOrder: 0,
  version: 0,
  children,
});
const tree = [node('a', 1, [node('b', 2, [node('c', 3)])]), node('d', 1)];

describe('master-data rules', () => {
  it('lets only level-3 categories be picked', () => {
    const opts = level3Options(tree);
    expect(opts[0]?.selectable).toBe(false);
    expect(opts[0]?.children?.[0]?.selectable).toBe(false);
    expect(opts[0]?.children?.[0]?.children?.[0]).toMatchObject({
      value: 'c',
      selectable: true,
      title: 'name c (C)',
    });
    expect(opts[1]?.children).toBeUndefined();
  });
  it('finds categories and parents', () => {
    expect(findCategory(tree, 'c')?.cateLevel).toBe(3);
    expect(findCategory(tree, 'x')).toBeNull();
    expect(parentIds(tree)).toEqual(['a', 'b']);
  });
  it('reads import row errors', () => {
    expect(rowErrors({ errors: [{ row: 3, field: 'materialNumber', message: 'required' }] })).toEqual([
      { row: 3, field: 'materialNumber', message: 'required' },
    ]);
    expect(rowErrors(null)).toBeNull();
    expect(rowErrors({ errors: [] })).toBeNull();
  });
  it('trims optional text', () => {
    expect(optional('  ')).toBeUndefined();
    expect(optional(' x ')).toBe('x');
    expect(optional(null)).toBeUndefined();
  });
});
