import { describe, expect, it } from 'vitest';
import { allowedActions } from '../src/document/define.ts';
import {
  addDays,
  duplicateImprovementItem,
  improvementDefinition,
  itemDueDate,
  itemOverdue,
} from '../src/improvement.ts';

/** The improvement sheet rules of issue #17 (contracts improvement.ts). */
describe('improvement rules', () => {
  it('finds the first repeated item name, trimmed and in any case (seed 001 §5)', () => {
    expect(duplicateImprovementItem(['Root cause', 'Action', ' root CAUSE '])).toBe('root CAUSE');
    expect(duplicateImprovementItem(['根本原因', '纠正措施'])).toBeNull();
    expect(duplicateImprovementItem([])).toBeNull();
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('an item is due by the supplier’s date once answered, else the required date; overdue only after it', () => {
    expect(itemDueDate({ dueDate: null, requiredDate: '2026-12-01' })).toBe('2026-12-01');
    expect(itemDueDate({ dueDate: '2026-12-10', requiredDate: '2026-12-01' })).toBe('2026-12-10');
    expect(itemDueDate({})).toBeNull();
    const item = { dueDate: '2026-12-10', requiredDate: '2026-12-01', itemStatus: '1' };
    expect(itemOverdue(item, '2026-12-10')).toBe(false);
    expect(itemOverdue(item, '2026-12-11')).toBe(true);
    expect(itemOverdue({ ...item, itemStatus: '2' }, '2027-01-01')).toBe(false);
    expect(itemOverdue({ itemStatus: '0' }, '2027-01-01')).toBe(false);
  });

  it('the transition table: the supplier answers sent or reopened sheets, the buyer closes or reopens answered ones', () => {
    const at = (improvementStatus: string, side: 'purchase' | 'sale') =>
      allowedActions(improvementDefinition, { improvementStatus }, side);
    expect(at('1', 'sale')).toContain('answer');
    expect(at('3', 'sale')).toContain('answer');
    expect(at('2', 'sale')).not.toContain('answer');
    expect(at('2', 'purchase')).toEqual(expect.arrayContaining(['close', 'reopen']));
    expect(at('4', 'purchase')).not.toContain('reopen');
    expect(at('0', 'purchase')).toEqual(expect.arrayContaining(['send', 'edit', 'delete']));
  });
});
