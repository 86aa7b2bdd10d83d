import { describe, expect, it } from 'vitest';
import { allowedActions, canDo } from '../src/document/define.ts';
import {
  costBreakdownProblem,
  costTotal,
  enquiryDefinition,
  feesProblem,
  feeTotal,
  invitationProblem,
  itemNamesProblem,
  ladderPriceFor,
  ladderProblem,
  quotaProblem,
} from '../src/enquiry.ts';

describe('RFQ rules (spec 001 §5, §9)', () => {
  it('needs at least 3 suppliers on every material line, each once, naming the line by its number', () => {
    expect(invitationProblem([{ suppliers: ['200001', '200003', '200004'] }])).toBeNull();
    expect(
      invitationProblem([{ suppliers: ['200001', '200003', '200004'] }, { suppliers: ['200001', '200003'] }]),
    ).toEqual({
      key: 'enquiryMinSuppliers',
      params: { line: 20, min: 3 },
      at: ['lines', 1, 'suppliers'],
    });
    expect(invitationProblem([{ suppliers: ['200001', '200003', '200001', '200004'] }])).toEqual({
      key: 'enquirySupplierRepeated',
      params: { line: 10, account: '200001' },
      at: ['lines', 0, 'suppliers'],
    });
  });

  it("lets an order's one-round RFQ (floor 1) invite one or two suppliers, still each once", () => {
    expect(invitationProblem([{ suppliers: ['200001'] }], 1, 1)).toBeNull();
    expect(invitationProblem([{ suppliers: ['200001', '200003'] }], 1, 1)).toBeNull();
    expect(invitationProblem([{ suppliers: [] }], 1, 1)).toEqual({
      key: 'enquiryMinSuppliers',
      params: { line: 10, min: 1 },
      at: ['lines', 0, 'suppliers'],
    });
    expect(invitationProblem([{ suppliers: ['200001', '200001'] }], 1, 1)).toEqual({
      key: 'enquirySupplierRepeated',
      params: { line: 10, account: '200001' },
      at: ['lines', 0, 'suppliers'],
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
      at: ['awards'],
    });
    expect(quotaProblem(1, [a('200001', '100'), a('200003', '0')])?.at).toEqual(['awards', 1, 'quota']);
    expect(quotaProblem(1, [a('200001', '60.5'), a('200003', '40')])?.params.total).toBe('100.50');
    expect(quotaProblem(1, [a('200001', '50'), a('200001', '50')])?.key).toBe('enquirySupplierRepeated');
    expect(quotaProblem(1, [a('200001', '100'), a('200003', '0')])?.key).toBe('enquiryQuotaTotal');
  });

  it('publishes only an approved draft and awards only while quoting or quoted', () => {
    const draft = { enquiryStatus: '0', auditStatus: '0' };
    expect(allowedActions(enquiryDefinition, draft, 'purchase')).toEqual(['edit', 'delete', 'submit']);
    expect(canDo(enquiryDefinition, 'publish', { ...draft, auditStatus: '2' }, 'purchase')).toBe(true);
    const quoting = { enquiryStatus: '1', auditStatus: '2', awardAuditStatus: '0' };
    expect(canDo(enquiryDefinition, 'award', quoting, 'purchase')).toBe(true);
    // Not again while an award waits for its approval ("enquiry end"); again after a rejection.
    expect(canDo(enquiryDefinition, 'award', { ...quoting, awardAuditStatus: '1' }, 'purchase')).toBe(false);
    expect(canDo(enquiryDefinition, 'award', { ...quoting, awardAuditStatus: '3' }, 'purchase')).toBe(true);
    expect(canDo(enquiryDefinition, 'withdrawAward', { ...quoting, awardAuditStatus: '1' }, 'purchase')).toBe(
      true,
    );
    expect(canDo(enquiryDefinition, 'award', { enquiryStatus: '3', auditStatus: '2' }, 'purchase')).toBe(
      false,
    );
    // The supplier's only step is its own quote, while quoting (issue #19 `enquiry.quote`); none after.
    expect(allowedActions(enquiryDefinition, { enquiryStatus: '1', auditStatus: '2' }, 'sale')).toEqual([
      'quote',
    ]);
    expect(allowedActions(enquiryDefinition, { enquiryStatus: '2', auditStatus: '2' }, 'sale')).toEqual([]);
    // Opening sealed quotes: while quoting or quoted, never on a draft.
    expect(canDo(enquiryDefinition, 'openQuotes', quoting, 'purchase')).toBe(true);
    expect(canDo(enquiryDefinition, 'openQuotes', draft, 'purchase')).toBe(false);
  });
});

describe('cost breakdown and fees (spec 001 §5 "duplicate item names rejected")', () => {
  it('refuses a repeated item name', () => {
    expect(itemNamesProblem(['材料', '加工'])).toBeNull();
    expect(itemNamesProblem(['材料', '加工', '材料'])).toEqual({
      key: 'enquiryItemNameRepeated',
      params: { name: '材料' },
    });
  });
  it('wants every cost item once and nothing else, and a total above 0', () => {
    const items = ['材料', '加工'];
    expect(
      costBreakdownProblem(1, items, [
        { name: '材料', amount: '6' },
        { name: '加工', amount: '3' },
      ]),
    ).toBeNull();
    expect(costBreakdownProblem(2, items, [{ name: '材料', amount: '6' }])).toEqual({
      key: 'enquiryCostMissing',
      params: { line: 2, name: '加工' },
    });
    expect(
      costBreakdownProblem(1, items, [
        { name: '材料', amount: '6' },
        { name: '加工', amount: '3' },
        { name: '利润', amount: '1' },
      ])?.key,
    ).toBe('enquiryCostUnknown');
    expect(
      costBreakdownProblem(1, items, [
        { name: '材料', amount: '0' },
        { name: '加工', amount: '0' },
      ])?.key,
    ).toBe('enquiryPriceMissing');
  });
  it('sums exactly, without floats', () => {
    expect(
      costTotal([
        { name: 'a', amount: '0.1' },
        { name: 'b', amount: '0.2' },
      ]),
    ).toBe('0.300000');
    expect(
      costTotal([
        { name: 'a', amount: '6.25' },
        { name: 'b', amount: '3.100001' },
      ]),
    ).toBe('9.350001');
    expect(
      feeTotal([
        { name: '运费', amount: '0.1' },
        { name: '模具费', amount: '0.2' },
      ]),
    ).toBe('0.30');
  });
  it('takes only the RFQ’s fees, each once', () => {
    expect(feesProblem(1, ['运费'], [{ name: '运费', amount: '10' }])).toBeNull();
    expect(feesProblem(3, ['运费'], [{ name: '模具费', amount: '10' }])).toEqual({
      key: 'enquiryFeeUnknown',
      params: { line: 3, name: '模具费' },
    });
  });
});
