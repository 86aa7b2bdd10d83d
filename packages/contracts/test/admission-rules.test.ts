import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  certificationProblems,
  qualTemplateSaveSchema,
  submitProblems,
  supplierAccessDefinition,
  templateProblems,
} from '../src/admission.ts';
import { allowedActions } from '../src/document/define.ts';
import { certificationDateOrder, certificationSchema } from '../src/supplier-certification.ts';

/** Issue #16 qualification rules (seed 001 §5), without the server. */
describe('qualification template rules', () => {
  const base = {
    categories: ['ELEC'],
    attachmentTypes: ['营业执照', '税务登记证'],
    items: [
      { itemName: '年营业额', answerType: 'number' as const, required: true },
      { itemName: '供货方式', answerType: 'choice' as const, required: false, options: ['直供', '代理'] },
    ],
  };

  it('accepts a template whose names, types and categories are unique', () => {
    expect(templateProblems(base)).toEqual([]);
  });

  it('names repeated item names, attachment types and categories (case and blanks ignored)', () => {
    const problems = templateProblems({
      categories: ['ELEC', 'elec'],
      attachmentTypes: ['营业执照', ' 营业执照 '],
      items: [base.items[0], { ...base.items[0], itemName: '年营业额 ' }],
    });
    expect(problems.map((p) => [p.field, p.rule])).toEqual([
      ['items.itemName', 'duplicateItem'],
      ['attachmentTypes', 'duplicateAttachmentType'],
      ['categories', 'duplicateCategory'],
    ]);
  });

  it('a choice needs two different options', () => {
    const one = templateProblems({
      ...base,
      items: [{ itemName: 'x', answerType: 'choice', required: true, options: ['a', 'a'] }],
    });
    expect(one).toEqual([{ field: 'items.0.options', rule: 'choiceOptions', value: 'x' }]);
  });

  it('keeps names within 50 characters', () => {
    const body = { templateName: 'n'.repeat(51), categories: ['A'], items: base.items };
    expect(qualTemplateSaveSchema.safeParse(body).success).toBe(false);
    expect(qualTemplateSaveSchema.safeParse({ ...body, templateName: 'n'.repeat(50) }).success).toBe(true);
  });
});

describe('certification date order (§5)', () => {
  const c = (date: string, expiryDate: string, effectiveDate?: string) => ({
    date,
    expiryDate,
    effectiveDate,
  });
  it('date ≤ effective date ≤ expiry date', () => {
    expect(certificationDateOrder(c('2025-01-01', '2026-01-01', '2025-02-01'))).toBeNull();
    expect(certificationDateOrder(c('2025-01-01', '2025-01-01'))).toBeNull();
    expect(certificationDateOrder(c('2025-03-01', '2026-01-01', '2025-02-01'))).toBe('effectiveDate');
    expect(certificationDateOrder(c('2025-01-01', '2025-01-15', '2025-02-01'))).toBe('expiryDate');
    expect(certificationDateOrder(c('2025-01-02', '2025-01-01'))).toBe('expiryDate');
  });
  it('names the certification and field out of order', () => {
    const good = { type: 'ISO', org: 'CQC', date: '2025-01-01', expiryDate: '2026-01-01' };
    expect(certificationProblems([good, { ...good, expiryDate: '2024-01-01' }])).toEqual([
      { field: 'certifications.1.expiryDate', rule: 'certificationOrder' },
    ]);
  });
  it('checks the shape of a certification', () => {
    expect(
      certificationSchema.safeParse({ type: 'ISO', org: 'CQC', date: '2025-1-1', expiryDate: '2026-01-01' })
        .success,
    ).toBe(false);
  });
});

describe('answers and submit checks', () => {
  it('checks an answer by its item type', () => {
    expect(answerProblem({ itemName: 'n', answerType: 'number' }, '12.5')).toBeNull();
    expect(answerProblem({ itemName: 'n', answerType: 'number' }, 'twelve')).toBe('answerNumber');
    expect(answerProblem({ itemName: 'd', answerType: 'date' }, '2025-13-45')).toBe('answerDate');
    expect(answerProblem({ itemName: 'y', answerType: 'yesno' }, 'maybe')).toBe('answerYesno');
    expect(answerProblem({ itemName: 'c', answerType: 'choice', options: ['a', 'b'] }, 'c')).toBe(
      'answerChoice',
    );
    expect(answerProblem({ itemName: 'c', answerType: 'choice', options: ['a', 'b'] }, '')).toBeNull();
  });
  it('names unanswered required items and missing attachment types', () => {
    const problems = submitProblems(
      [
        { itemName: 'a', required: true, answer: ' ' },
        { itemName: 'b', required: false, answer: null },
        { itemName: 'c', required: true, answer: 'x' },
      ],
      ['营业执照', '税务登记证'],
      [{ attachmentType: '营业执照' }],
    );
    expect(problems.map((p) => p.value)).toEqual(['a', '税务登记证']);
  });
});

describe('the admission form transition table', () => {
  it('the supplier edits and submits drafts and rejected forms; the buyer reviews submitted ones', () => {
    expect(allowedActions(supplierAccessDefinition, { applyStatus: '0', auditStatus: '0' }, 'sale')).toEqual([
      'edit',
      'delete',
      'send',
    ]);
    expect(allowedActions(supplierAccessDefinition, { applyStatus: '3', auditStatus: '0' }, 'sale')).toEqual([
      'edit',
      'send',
    ]);
    expect(
      allowedActions(supplierAccessDefinition, { applyStatus: '1', auditStatus: '0' }, 'purchase'),
    ).toEqual(['admit', 'refuse']);
    // Under the approval flow "qualification": only its withdrawal.
    expect(
      allowedActions(supplierAccessDefinition, { applyStatus: '1', auditStatus: '1' }, 'purchase'),
    ).toEqual(['withdrawAdmit']);
    expect(
      allowedActions(supplierAccessDefinition, { applyStatus: '2', auditStatus: '0' }, 'purchase'),
    ).toEqual([]);
  });
});
