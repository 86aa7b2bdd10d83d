import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  mergeColumnConfig,
  moveColumn,
  parseColumnConfig,
  toColumnConfig,
} from './column-config.ts';

describe('column config merge', () => {
  const current = ['a', 'b', 'c', 'd'];

  it('without a saved layout shows every column in page order', () => {
    expect(mergeColumnConfig(current, null)).toEqual(current.map((key) => ({ key, visible: true })));
  });

  it('keeps the saved order and visibility, appends new columns, drops removed ones', () => {
    const merged = mergeColumnConfig(current, { order: ['c', 'x', 'a', 'b'], hidden: ['a', 'x'] });
    expect(merged).toEqual([
      { key: 'c', visible: true },
      { key: 'a', visible: false },
      { key: 'b', visible: true },
      { key: 'd', visible: true },
    ]);
  });

  it('never hides every column', () => {
    expect(
      mergeColumnConfig(['a', 'b'], { order: ['a', 'b'], hidden: ['a', 'b'] }).every((c) => c.visible),
    ).toBe(true);
  });

  it('round-trips through the saved JSON and tolerates garbage', () => {
    const states = mergeColumnConfig(current, { order: ['b', 'a'], hidden: ['d'] });
    expect(parseColumnConfig(JSON.parse(JSON.stringify(toColumnConfig(states))))).toEqual({
      order: ['b', 'a', 'c', 'd'],
      hidden: ['d'],
    });
    expect(parseColumnConfig('nope')).toBeNull();
    expect(parseColumnConfig({ order: [1, 'a'], hidden: 'x' })).toEqual({ order: ['a'], hidden: [] });
  });

  it('moves a column up and down within bounds', () => {
    const s = mergeColumnConfig(['a', 'b', 'c'], null);
    expect(moveColumn(s, 1, -1).map((c) => c.key)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(s, 2, 1).map((c) => c.key)).toEqual(['a', 'b', 'c']);
  });

  it('names the export file <list>-YYYYMMDD-HHmmss.xlsx', () => {
    expect(exportFileName('messageCenter', new Date(2026, 0, 5, 9, 3, 7))).toBe(
      'messageCenter-20260105-090307.xlsx',
    );
  });
});
