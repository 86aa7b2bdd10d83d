import { describe, expect, it } from 'vitest';
import { certificationDateOrder } from '../src/supplier-certification.ts';
import {
  diffProfiles,
  profileDateProblem,
  profileSchema,
  type SupplierProfile,
  samePart,
  touchedParts,
} from '../src/supplier-change.ts';

const base: SupplierProfile = {
  company: { fullName: '苏州恒达电子科技有限公司', shortName: '恒达电子', isListed: 'N' },
  contacts: [{ name: '王强', telphone: '13900000001' }],
  banks: [{ bankCode: '102305000000', bankAccount: '1102020309000012345' }],
  certifications: [{ type: 'ISO9001', org: 'SGS', date: '2025-01-01', expiryDate: '2028-01-01' }],
};

describe('diffProfiles', () => {
  it('is empty for the same profile, whatever the key order and blank values', () => {
    const same: SupplierProfile = {
      ...base,
      company: { isListed: 'N', shortName: '恒达电子', fullName: '苏州恒达电子科技有限公司', industry: '' },
      contacts: [{ telphone: '13900000001', name: '王强' }],
    };
    expect(touchedParts(diffProfiles(base, same))).toEqual([]);
  });

  it('lists changed company fields old → new and list items added and removed', () => {
    const next: SupplierProfile = {
      ...base,
      company: { ...base.company, shortName: '恒达', legalRepresentative: '陈立新' },
      banks: [{ bankCode: '104305000000', bankAccount: '5401234500006789' }],
      contacts: [...base.contacts, { name: '李娜' }],
    };
    const diff = diffProfiles(base, next);
    expect(diff.company).toEqual([
      { field: 'shortName', from: '恒达电子', to: '恒达' },
      { field: 'legalRepresentative', from: null, to: '陈立新' },
    ]);
    expect(diff.banks.added).toEqual(next.banks);
    expect(diff.banks.removed).toEqual(base.banks);
    expect(diff.contacts).toEqual({ added: [{ name: '李娜' }], removed: [], kept: base.contacts });
    expect(diff.certifications.added).toEqual([]);
    expect(touchedParts(diff)).toEqual(['shortName', 'legalRepresentative', 'contacts', 'banks']);
  });

  it('counts repeated items: removing one of two equal contacts is a removal', () => {
    const two = { ...base, contacts: [base.contacts[0], base.contacts[0]] };
    const diff = diffProfiles(two, base);
    expect(diff.contacts.removed).toHaveLength(1);
    expect(diff.contacts.kept).toHaveLength(1);
  });

  it('samePart compares one part only, ignoring list order', () => {
    const reordered = { ...base, contacts: [{ name: 'B' }, { name: 'A' }] };
    const ordered = {
      ...base,
      contacts: [{ name: 'A' }, { name: 'B' }],
      company: { fullName: '别的公司名称' },
    };
    expect(samePart(reordered, ordered, 'contacts')).toBe(true);
    expect(samePart(reordered, ordered, 'fullName')).toBe(false);
    expect(samePart(base, { ...base, banks: [] }, 'banks')).toBe(false);
  });
});

describe('certification date order (§5)', () => {
  it('accepts date ≤ effectiveDate ≤ expiryDate and names the first field out of order', () => {
    expect(
      certificationDateOrder({ date: '2025-01-01', effectiveDate: '2025-01-01', expiryDate: '2025-01-01' }),
    ).toBe(null);
    expect(
      certificationDateOrder({ date: '2025-02-01', effectiveDate: '2025-01-01', expiryDate: '2026-01-01' }),
    ).toBe('effectiveDate');
    expect(
      certificationDateOrder({ date: '2025-01-01', effectiveDate: '2025-06-01', expiryDate: '2025-03-01' }),
    ).toBe('expiryDate');
    expect(certificationDateOrder({ date: '2025-01-01', expiryDate: '2024-12-31' })).toBe('expiryDate');
  });

  it('profileDateProblem gives the body path of the first certification out of order', () => {
    const certs = [
      base.certifications[0],
      { type: 'CCC', org: 'CQC', date: '2025-01-01', effectiveDate: '2024-01-01', expiryDate: '2027-01-01' },
    ];
    expect(profileDateProblem({ certifications: certs })).toBe('body.profile.certifications.1.effectiveDate');
    expect(profileDateProblem(base)).toBe(null);
  });

  it('the profile schema rejects malformed dates, bank accounts and short names', () => {
    expect(profileSchema.safeParse(base).success).toBe(true);
    const bad = (p: unknown) => profileSchema.safeParse(p).success;
    expect(bad({ ...base, certifications: [{ ...base.certifications[0], date: '2025/01/01' }] })).toBe(false);
    expect(bad({ ...base, banks: [{ bankAccount: '123' }] })).toBe(false);
    expect(bad({ ...base, company: { fullName: 'ab' } })).toBe(false);
    expect(bad({ ...base, company: { ...base.company, countryCode: 'china' } })).toBe(false);
  });
});
