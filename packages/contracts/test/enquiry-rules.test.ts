import { describe, expect, it } from 'vitest';
import { allowedActions, canDo } from '../src/document/define.ts';
import {
  enquiryDefinition,
  invitationProblem,
  ladderPriceFor,
  ladderProblem,
  quotaProblem,
} from '../src/enquiry.ts';

describe('RFQ rules (spec 001 §5, §9)', () => {
  it('needs at least 3 suppliers on every material line, each once', () => {
    expect(invitationProblem([{ suppliers: ['200001', '200003', '200004'] }])).toBeNull();
    expect(
      invitationProblem([{ suppliers: ['200001', '200003', '200004'] }, { suppliers: ['200001', '200003'] }]),
    ).toEqual({
      key: 'enquiryMinSuppliers',
      params: { line: 2, min: 3 },
    });
    expect(invitationProblem([{ suppliers: ['200001', '200003', '200001', '200004'] }])).toEqual({
      key: 'enquirySupplierRepeated',
      params: { line: 1, account: '200001' },
    });
  });

  it('wants every ladder step above the previous one, and prices a quantity by its step', () => {
    const ladder = [
      { quantity: '1', price: '10' },
      { quantity: '100', price: '9.5' },
      { quantity: '1000', price: '9' },
    ];
    expect(ladderProblem(ladder)).toBeNull();
    expect(ladderProblem([ladder[0], { quantity: '1.000', price: '9' }])).toEqual({
      key: 'enquiryLadderNotRising',
      params: { step: 2 },
    });
    expect(ladderPriceFor(ladder, '50')).toBe('10');
    expect(ladderPriceFor(ladder, '100')).toBe('9.5');
    expect(ladderPriceFor(ladder, '5000')).toBe('9');
  });

  it('wants the quota shares of a line to total exactly 100 %', () => {
    const a = (toElsAccount: string, quota: string) => ({ toElsAccount, quota });
    expect(quotaProblem(1, [a('200001', '60'), a('200003', '40.00')])).toBeNull();
    expect(quotaProblem(1, [a('200001', '100')])).toBeNull();
    expect(quotaProblem(1, [a('200001', '33.33'), a('200003', '33.33'), a('200004', '33.34')])).toBeNull();
    expect(quotaProblem(2, [a('200001', '90')])).toEqual({
      key: 'enquiryQuotaTotal',
      params: { line: 2, total: '90' },
    });
    expect(quotaProblem(1, [a('200001', '60.5'), a('200003', '40')])?.params.total).toBe('100.50');
    expect(quotaProblem(1, [a('200001', '50'), a('200001', '50')])?.key).toBe('enquirySupplierRepeated');
    expect(quotaProblem(1, [a('200001', '100'), a('200003', '0')])?.key).toBe('enquiryQuotaTotal');
  });

  it('publishes only an approved draft and awards only while quoting or quoted', () => {
    const draft = { enquiryStatus: '0', auditStatus: '0' };
    expect(allowedActions(enquiryDefinition, draft, 'purchase')).toEqual(['edit', 'delete', 'submit']);
    expect(canDo(enquiryDefinition, 'publish', { ...draft, auditStatus: '2' }, 'purchase')).toBe(true);
    expect(canDo(enquiryDefinition, 'award', { enquiryStatus: '1', auditStatus: '2' }, 'purchase')).toBe(
      true,
    );
    expect(canDo(enquiryDefinition, 'award', { enquiryStatus: '3', auditStatus: '2' }, 'purchase')).toBe(
      false,
    );
    expect(allowedActions(enquiryDefinition, { enquiryStatus: '1', auditStatus: '2' }, 'sale')).toEqual([]);
  });
});
