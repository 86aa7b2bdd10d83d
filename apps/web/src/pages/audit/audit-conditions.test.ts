import { describe, expect, it } from 'vitest';
import { amountRangeOk, categoryOptions, toConditionRows, toConditionSteps } from './audit-conditions.ts';

/** Issue #19: the configuration page's step conditions (form rows ⇄ saveConfig steps, early checks). */
describe('approval step conditions', () => {
  it('sends only the conditions that are filled; empty ones mean any', () => {
    const steps = toConditionSteps([
      {
        name: '标准订单',
        approverType: 'user',
        approvers: 'admin',
        minAmount: '1000',
        maxAmount: ' 50000 ',
        documentTypes: ['0', '2'],
        categories: ['PACK'],
        organisations: { purchaseOrg: ['1000', '2000', '1000'], factory: [] },
      },
      {
        name: '任意',
        approverType: 'role',
        approvers: 'admin',
        maxAmount: '',
        documentTypes: [],
        organisations: {},
      },
    ]);
    expect(steps).toEqual([
      {
        name: '标准订单',
        approverType: 'user',
        approvers: ['admin'],
        minAmount: 1000,
        maxAmount: 50000,
        documentTypes: ['0', '2'],
        categories: ['PACK'],
        organisations: { purchaseOrg: ['1000', '2000'] },
      },
      { name: '任意', approverType: 'role', approvers: ['admin'] },
    ]);
  });

  it('sends organisations only for the items the flow offers', () => {
    const row = {
      name: 'a',
      approverType: 'user' as const,
      approvers: 'admin',
      organisations: { purchaseOrg: ['1000'], factory: ['1010'] },
    };
    expect(toConditionSteps([row], ['factory'])[0].organisations).toEqual({ factory: ['1010'] });
    expect(toConditionSteps([row], [])[0].organisations).toBeUndefined();
  });

  it('shows a step saved before the masters with its plain codes, and does not send them back', () => {
    const rows = toConditionRows([
      { name: 'old', approverType: 'user', approvers: ['admin'], organisations: ['ORG-EAST'] },
    ]);
    expect(rows[0]).toMatchObject({ organisations: {}, legacyOrganisations: ['ORG-EAST'] });
    expect(toConditionSteps(rows)[0]).toEqual({ name: 'old', approverType: 'user', approvers: ['admin'] });
    // Picked again from the masters, the step carries them per item.
    rows[0].organisations = { purchaseOrg: ['1000'] };
    expect(toConditionSteps(rows)[0].organisations).toEqual({ purchaseOrg: ['1000'] });
  });

  it('round-trips saved steps through the form rows', () => {
    const saved = [
      {
        name: 'a',
        approverType: 'user' as const,
        approvers: ['admin'],
        maxAmount: 10000,
        documentTypes: ['1'],
        categories: ['ELEC', 'PACK'],
        organisations: { purchaseOrg: ['1000', '2000'], factory: ['1010'] },
      },
      { name: 'b', approverType: 'user' as const, approvers: ['buyer1'] },
    ];
    const rows = toConditionRows(saved);
    expect(rows[0]).toMatchObject({
      maxAmount: '10000',
      organisations: { purchaseOrg: ['1000', '2000'], factory: ['1010'] },
      documentTypes: ['1'],
    });
    expect(rows[1]).toMatchObject({ maxAmount: '', organisations: {}, documentTypes: [], categories: [] });
    expect(toConditionSteps(rows)).toEqual(saved);
  });

  it('checks the amount range like the server', () => {
    expect(amountRangeOk('1000', '1000')).toBe(false);
    expect(amountRangeOk('1000', '999.99')).toBe(false);
    expect(amountRangeOk('1000', '1000.01')).toBe(true);
    expect(amountRangeOk('', '5')).toBe(true);
    expect(amountRangeOk('5', undefined)).toBe(true);
  });

  it('lists the category tree as "code name", parents first', () => {
    expect(
      categoryOptions([
        {
          cateCode: 'PACK',
          cateName: '包材',
          children: [{ cateCode: 'PACK-BOX', cateName: '纸箱', children: [] }],
        },
        { cateCode: 'ELEC', cateName: '电子' },
      ]),
    ).toEqual([
      { value: 'PACK', label: 'PACK 包材' },
      { value: 'PACK-BOX', label: 'PACK-BOX 纸箱' },
      { value: 'ELEC', label: 'ELEC 电子' },
    ]);
  });
});
