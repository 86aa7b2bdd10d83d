import { describe, expect, it } from 'vitest';
import { newRowProblems, TEXT_MAX, textProblem, toOverrides, toRows } from './language-rows.ts';

describe('interface-text rows (#/v2/language)', () => {
  it('turns the saved map into sorted rows and back', () => {
    const saved = { shell: { 'topbar.followUs': '关注我们', 'routes.home': '主页' }, common: { ok: '好' } };
    const rows = toRows(saved);
    expect(rows.map((r) => `${r.ns}:${r.key}`)).toEqual([
      'common:ok',
      'shell:routes.home',
      'shell:topbar.followUs',
    ]);
    expect(toOverrides(rows)).toEqual(saved);
  });

  it('accepts a new dotted key of a shell namespace with a text', () => {
    expect(newRowProblems({ ns: 'shell', key: 'topbar.followUs', text: '关注' }, [])).toEqual([]);
  });

  it("accepts a key of a module app's namespace (its iframe merges the company's texts too, #18/#19)", () => {
    expect(newRowProblems({ ns: 'order', key: 'list.title', text: '采购订单' }, [])).toEqual([]);
    expect(newRowProblems({ ns: 'companyAdmin', key: 'language.title', text: '文字' }, [])).toEqual([]);
  });

  it('names every field that breaks a rule', () => {
    expect(newRowProblems({}, [])).toEqual([
      { field: 'ns', rule: 'required' },
      { field: 'key', rule: 'required' },
      { field: 'text', rule: 'required' },
    ]);
    expect(newRowProblems({ ns: 'nothing', key: 'a-b', text: 'x'.repeat(TEXT_MAX + 1) }, [])).toEqual([
      { field: 'ns', rule: 'unknown' },
      { field: 'key', rule: 'pattern' },
      { field: 'text', rule: 'max' },
    ]);
    expect(newRowProblems({ ns: 'shell', key: 'a..b', text: 'x' }, [])).toEqual([
      { field: 'key', rule: 'pattern' },
    ]);
    // The login page shows the default tenant's texts (no company is known there).
    expect(newRowProblems({ ns: 'login', key: 'title', text: 'x' }, [])).toEqual([
      { field: 'ns', rule: 'unknown' },
    ]);
    expect(newRowProblems({ ns: 'shell', key: 'a'.repeat(101), text: 'x' }, [])).toEqual([
      { field: 'key', rule: 'max' },
    ]);
  });

  it('refuses a duplicate namespace and key, and a key naming a group of texts', () => {
    const rows = toRows({ shell: { 'topbar.followUs': '关注我们' } });
    expect(newRowProblems({ ns: 'shell', key: ' topbar.followUs ', text: 'y' }, rows)).toEqual([
      { field: 'key', rule: 'duplicate' },
    ]);
    // The same key in another namespace is another text.
    expect(newRowProblems({ ns: 'common', key: 'topbar.followUs', text: 'y' }, rows)).toEqual([]);
    expect(newRowProblems({ ns: 'shell', key: 'topbar', text: 'y' }, rows)).toEqual([
      { field: 'key', rule: 'group' },
    ]);
    expect(newRowProblems({ ns: 'shell', key: 'routes', text: 'y' }, [], { home: '首页' })).toEqual([
      { field: 'key', rule: 'group' },
    ]);
  });

  it('requires an edited text and caps it at 500 characters', () => {
    expect(textProblem('  ')).toEqual({ field: 'text', rule: 'required' });
    expect(textProblem('x'.repeat(TEXT_MAX))).toBeNull();
    expect(textProblem('x'.repeat(TEXT_MAX + 1))).toEqual({ field: 'text', rule: 'max' });
  });
});
