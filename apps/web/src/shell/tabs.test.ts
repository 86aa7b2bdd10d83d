import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { describe, expect, it } from 'vitest';
import { initialTabs, makeTab, type TabsState, tabHref, tabKey, tabsReducer } from './tabs.ts';

function visit(state: TabsState, path: string, query: Record<string, string> = {}): TabsState {
  return tabsReducer(state, { type: 'visit', tab: makeTab(path, query, path) });
}
const values = (s: TabsState) => s.tabs.map((t) => t.value);

describe('tabsReducer (spec 000 §2, §4)', () => {
  const start = initialTabs('Home');

  it('starts with only the home tab, which cannot close', () => {
    expect(values(start)).toEqual([HOME_TAB_PATH]);
    expect(start.tabs[0].close).toBe(false);
    expect(tabsReducer(start, { type: 'close', key: HOME_TAB_PATH })).toBe(start);
  });

  it('adds a tab on a visit and selects an existing equal one instead of adding it twice', () => {
    let s = visit(start, '/portal/info/index');
    s = visit(s, '/portal/info/todo');
    expect(values(s)).toEqual([HOME_TAB_PATH, '/portal/info/index', '/portal/info/todo']);
    expect(s.active).toBe('/portal/info/todo');
    s = visit(s, '/portal/info/index');
    expect(values(s)).toEqual([HOME_TAB_PATH, '/portal/info/index', '/portal/info/todo']);
    expect(s.active).toBe('/portal/info/index');
  });

  it('treats the same path with another query as another tab', () => {
    let s = visit(start, '/audit', { id: '1' });
    s = visit(s, '/audit', { id: '2' });
    expect(s.tabs).toHaveLength(3);
    s = visit(s, '/audit', { id: '1' });
    expect(s.tabs).toHaveLength(3);
    expect(s.active).toBe('/audit?id=1');
  });

  it('closing the active tab activates the next one', () => {
    let s = visit(start, '/a/portal/1');
    s = visit(s, '/a/portal/2');
    s = visit(s, '/a/portal/3');
    s = tabsReducer(s, { type: 'visit', tab: makeTab('/a/portal/2') });
    s = tabsReducer(s, { type: 'close', key: '/a/portal/2' });
    expect(values(s)).toEqual([HOME_TAB_PATH, '/a/portal/1', '/a/portal/3']);
    expect(s.active).toBe('/a/portal/3');
  });

  it('closing the active last tab activates the previous one', () => {
    let s = visit(start, '/a/portal/1');
    s = visit(s, '/a/portal/2');
    s = tabsReducer(s, { type: 'close', key: '/a/portal/2' });
    expect(s.active).toBe('/a/portal/1');
  });

  it('closing another tab keeps the active one', () => {
    let s = visit(start, '/a/portal/1');
    s = visit(s, '/a/portal/2');
    s = tabsReducer(s, { type: 'close', key: '/a/portal/1' });
    expect(values(s)).toEqual([HOME_TAB_PATH, '/a/portal/2']);
    expect(s.active).toBe('/a/portal/2');
  });

  it("'close others' keeps the active tab and the home tab", () => {
    let s = visit(start, '/a/portal/1');
    s = visit(s, '/a/portal/2');
    s = visit(s, '/a/portal/3');
    s = visit(s, '/a/portal/2');
    s = tabsReducer(s, { type: 'closeOthers' });
    expect(values(s)).toEqual([HOME_TAB_PATH, '/a/portal/2']);
    expect(s.active).toBe('/a/portal/2');
  });

  it("'home only' resets to the home tab", () => {
    let s = visit(start, '/a/portal/1');
    s = visit(s, '/a/portal/2');
    s = tabsReducer(s, { type: 'homeOnly' });
    expect(values(s)).toEqual([HOME_TAB_PATH]);
    expect(s.active).toBe(HOME_TAB_PATH);
  });

  it('audit-page tabs reopen as /audit with their query', () => {
    const tab = makeTab('/audit/order', { id: '9' });
    expect(tab.value).toBe('/audit');
    expect(tabHref(tab)).toBe('/audit?id=9');
    expect(tabHref({ value: '/audit/legacy', query: { a: '1' } })).toBe('/audit?a=1');
    expect(tabHref({ value: '/portal/info/index', query: {} })).toBe('/portal/info/index');
  });

  it('keys tabs by path and query in a stable order', () => {
    expect(tabKey({ value: '/x', query: { b: '2', a: '1' } })).toBe('/x?a=1&b=2');
    expect(tabKey({ value: '/x', query: {} })).toBe('/x');
  });
});
