import { describe, expect, it } from 'vitest';
import { clean } from './form-values.ts';

describe('clean (the information-change form body)', () => {
  it('drops blank inputs and empty rows and trims what is kept, so an untouched input reads as absent', () => {
    const body = clean({
      company: { fullName: ' 苏州恒达电子科技有限公司 ', shortName: '', industry: '   ' },
      contacts: [{ name: '王强', telphone: '', wxNo: undefined as unknown as string }, { name: '' }],
      banks: [{ bankAccount: '6214830012345678 ', bankCode: '' }, {} as never],
      certifications: [],
      remark: '  ',
    });
    expect(body).toEqual({
      profile: {
        company: { fullName: '苏州恒达电子科技有限公司' },
        contacts: [{ name: '王强' }],
        banks: [{ bankAccount: '6214830012345678' }],
        certifications: [],
      },
      remark: undefined,
    });
  });
});
