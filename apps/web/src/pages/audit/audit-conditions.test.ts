import { describe, expect, it } from 'vitest';
import {
  amountRangeOk,
  categoryOptions,
  organisationsOk,
  toConditionRows,
  toConditionSteps,
} from './audit-conditions.ts';

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
        organisations: ' ORG-EAST，ORG-WEST; ORG-EAST ',
      },
      {
        name: '任意',
        approverType: 'role',
        approvers: 'admin',
        maxAmount: '',
        documentTypes: [],
        organisations: '',
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
        organisations: ['ORG-EAST', 'ORG-WEST'],
      },
      { name: '任意', approverType: 'role', approvers: ['admin'] },
    ]);
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
        organisations: ['1000', '2000'],
      },
      { name: 'b', approverType: 'user' as const, approvers: ['buyer1'] },
    ];
    const rows = toConditionRows(saved);
    expect(rows[0]).toMatchObject({ maxAmount: '10000', organisations: '1000, 2000', documentTypes: ['1'] });
    expect(rows[1]).toMatchObject({ maxAmount: '', organisations: '', documentTypes: [], categories: [] });
    expect(toConditionSteps(rows)).toEqual(saved);
  });

  it('checks the amount range and organisation codes like the server', () => {
    expect(amountRangeOk('1000', '1000')).toBe(false);
    expect(amountRangeOk('1000', '999.99')).toBe(false);
    expect(amountRangeOk('1000', '1000.01')).toBe(true);
    expect(amountRangeOk('', '5')).toBe(true);
    expect(amountRangeOk('5', undefined)).toBe(true);
    expect(organisationsOk(`A, ${'x'.repeat(41)}`)).toBe(false);
    expect(organisationsOk(`A, ${'x'.repeat(40)}`)).toBe(true);
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
