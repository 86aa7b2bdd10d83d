import { describe, expect, it } from 'vitest';
import { matchingSteps, stepMatches, usedDimensions } from '../src/modules/audit/conditions.ts';
import type { AuditStep } from '../src/modules/audit/tables.ts';
import { orderKind } from '../src/modules/order/kind.ts';
import { conditionOfferOf, organisationColumns } from '../src/platform/document/approval-values.ts';

/** Unit tests of the approval conditions' matching (issue #19; modules/audit/conditions.ts). */
const step = (extra: Partial<AuditStep> = {}): AuditStep => ({
  name: 's',
  approverType: 'user',
  approvers: ['admin'],
  ...extra,
});
const doc = { amount: 5000, documentType: '0', categories: ['ELEC', 'ELEC-PAS'], organisations: ['ORG-1'] };

describe('approval conditions: matching', () => {
  it('a step without conditions applies to every document', () => {
    expect(stepMatches(step(), doc)).toBe(true);
    expect(stepMatches(step(), { amount: 0 })).toBe(true);
  });

  it('amount range: minAmount ≤ amount < maxAmount', () => {
    expect(stepMatches(step({ minAmount: 5000 }), doc)).toBe(true);
    expect(stepMatches(step({ minAmount: 5000.01 }), doc)).toBe(false);
    expect(stepMatches(step({ maxAmount: 5000 }), doc)).toBe(false);
    expect(stepMatches(step({ maxAmount: 5000.01 }), doc)).toBe(true);
    expect(stepMatches(step({ minAmount: 1000, maxAmount: 10000 }), doc)).toBe(true);
    expect(stepMatches(step({ minAmount: 10000, maxAmount: 20000 }), doc)).toBe(false);
  });

  it('document type: one of the set; a document without a type never matches a set', () => {
    expect(stepMatches(step({ documentTypes: ['0', '2'] }), doc)).toBe(true);
    expect(stepMatches(step({ documentTypes: ['2'] }), doc)).toBe(false);
    expect(stepMatches(step({ documentTypes: ['0'] }), { ...doc, documentType: null })).toBe(false);
    expect(stepMatches(step({ documentTypes: ['0'] }), { amount: 1 })).toBe(false);
    expect(stepMatches(step({ documentTypes: [] }), { amount: 1 })).toBe(true);
  });

  it('categories and organisations: any value of the document in the set', () => {
    expect(stepMatches(step({ categories: ['PACK', 'ELEC'] }), doc)).toBe(true);
    expect(stepMatches(step({ categories: ['PACK'] }), doc)).toBe(false);
    expect(stepMatches(step({ categories: ['PACK'] }), { ...doc, categories: [] })).toBe(false);
    expect(stepMatches(step({ organisations: ['ORG-1'] }), doc)).toBe(true);
    expect(stepMatches(step({ organisations: ['ORG-2'] }), doc)).toBe(false);
    expect(stepMatches(step({ organisations: ['ORG-1'] }), { amount: 5000 })).toBe(false);
  });

  it('organisations per item (0062): every item with codes must hold the document’s code of that item', () => {
    const order = { amount: 1, organisations: ['1000'], organisationItems: { purchaseOrg: '1000' } };
    expect(stepMatches(step({ organisations: { purchaseOrg: ['1000', '2000'] } }), order)).toBe(true);
    expect(stepMatches(step({ organisations: { purchaseOrg: ['2000'] } }), order)).toBe(false);
    expect(stepMatches(step({ organisations: { purchaseOrg: [] } }), order)).toBe(true);
    // The same code under another item does not match: a factory 1000 is not the organisation 1000.
    expect(stepMatches(step({ organisations: { factory: ['1000'] } }), order)).toBe(false);
    const both = { amount: 1, organisationItems: { purchaseOrg: '1000', factory: '1010' } };
    expect(stepMatches(step({ organisations: { purchaseOrg: ['1000'], factory: ['1010'] } }), both)).toBe(
      true,
    );
    expect(stepMatches(step({ organisations: { purchaseOrg: ['1000'], factory: ['1020'] } }), both)).toBe(
      false,
    );
    expect(usedDimensions(step({ organisations: { purchaseOrg: [] } }))).toEqual([]);
    expect(usedDimensions(step({ organisations: { factory: ['1010'] } }))).toEqual(['organisations']);
  });

  it('every condition of a step must hold; the chain keeps the configuration indexes', () => {
    const steps = [
      step({ name: 'a' }),
      step({ name: 'b', documentTypes: ['0'], categories: ['ELEC'] }),
      step({ name: 'c', documentTypes: ['0'], categories: ['PACK'] }),
      step({ name: 'd', organisations: ['ORG-1'], minAmount: 10000 }),
      step({ name: 'e', organisations: ['ORG-1'], maxAmount: 10000 }),
    ];
    expect(matchingSteps(steps, doc).map((s) => [s.name, s.index])).toEqual([
      ['a', 0],
      ['b', 1],
      ['e', 4],
    ]);
    expect(matchingSteps(steps, { amount: 0 }).map((s) => s.name)).toEqual(['a']);
  });

  it('names the dimensions a step uses', () => {
    expect(usedDimensions(step())).toEqual([]);
    expect(usedDimensions(step({ documentTypes: ['0'], organisations: ['X'], categories: [] }))).toEqual([
      'documentType',
      'organisations',
    ]);
  });
});

describe('approval conditions: a kind’s accessor', () => {
  it('the order offers its order type, categories and the purchase organisation of its data permissions', () => {
    const orgs = organisationColumns(orderKind.options.approvalConditions, orderKind.options.dataPermission);
    expect(orgs).toEqual([['purchaseOrg', 'purchaseOrganization']]);
    const offer = conditionOfferOf(orderKind.def, orderKind.options.approvalConditions, orgs);
    expect(offer.documentType?.field).toBe('orderType');
    expect(Object.keys(offer.documentType?.codes ?? {})).toContain('2');
    expect(offer.categories).toBe(true);
    expect(offer.organisations.map((o) => o.item)).toEqual(['purchaseOrg']);
  });

  it('a declared document type must be a header code field', () => {
    expect(() => conditionOfferOf(orderKind.def, { documentType: 'remark' }, [])).toThrow(/documentType/);
    expect(conditionOfferOf(orderKind.def, undefined, [])).toEqual({
      documentType: undefined,
      categories: false,
      organisations: [],
    });
  });
});
