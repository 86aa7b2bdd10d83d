import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import './i18n-rfq.ts';
import { minSuppliersOf, suppliersRule } from './supplier-rule.ts';

/** Runs the rule's validator as the form does: the error text, or null when the value passes. */
async function check(min: number, value: unknown, message = `min ${min}`): Promise<string | null> {
  const rule = suppliersRule(min, message) as RuleObject;
  try {
    await rule.validator?.(rule, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('the RFQ form’s suppliers-per-line rule (issue #13 / #19)', () => {
  it('refuses fewer than the minimum, counting each supplier once', async () => {
    expect(await check(3, ['200001', '200003'])).toBe('min 3');
    expect(await check(3, [])).toBe('min 3');
    expect(await check(3, undefined)).toBe('min 3');
    expect(await check(3, ['200001', '200001', '200003'])).toBe('min 3');
    expect(await check(5, ['200001', '200002', '200003', '200004'])).toBe('min 5');
  });

  it('accepts the minimum or more', async () => {
    expect(await check(3, ['200001', '200003', '200004'])).toBeNull();
    expect(await check(5, ['200001', '200002', '200003', '200004', '200005'])).toBeNull();
    expect(await check(5, ['a', 'b', 'c', 'd', 'e', 'f'])).toBeNull();
  });

  it('uses the company figure, never below 3, and 3 while it loads', () => {
    expect(minSuppliersOf(undefined)).toBe(3);
    expect(minSuppliersOf(null)).toBe(3);
    expect(minSuppliersOf(5)).toBe(5);
    expect(minSuppliersOf(20)).toBe(20);
    expect(minSuppliersOf(2)).toBe(3);
    expect(minSuppliersOf(4.5)).toBe(3);
  });

  it('names the minimum in the label and the message, in both languages', async () => {
    await i18n.changeLanguage('zh_cn');
    expect(i18n.t('rfq:edit.suppliers', { min: 5 })).toBe('邀请供应商（至少 5 家）');
    const zh = i18n.t('rfq:edit.suppliersMin', { min: 5 });
    expect(zh).toContain('5');
    expect(await check(5, ['200001', '200003', '200004'], zh)).toBe(zh);
    await i18n.changeLanguage('en');
    expect(i18n.t('rfq:edit.suppliers', { min: 7 })).toBe('Invited suppliers (at least 7)');
    expect(i18n.t('rfq:edit.suppliersMin', { min: 7 })).toContain('at least 7');
  });
});
