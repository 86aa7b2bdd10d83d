import { describe, expect, it } from 'vitest';
import {
  CONVERSION_TYPES,
  conversionsFrom,
  conversionTarget,
  rightRefusal,
  SUPPLIER_STAGE_VALUES,
  type SupplierStage,
  supplierRights,
} from '../src/supplier-lifecycle.ts';
import { APPROVAL_KINDS, TASK_LINKS } from '../src/task-links.ts';

/** Issue #16: the stage-rights table and every conversion's allowed from-states, exhaustively. */

const TRADE: SupplierStage[] = ['qualified', 'good', 'excellent', 'cooperating'];

describe('supplierRights', () => {
  it.each(SUPPLIER_STAGE_VALUES.flatMap((stage) => [false, true].map((frozen) => [stage, frozen] as const)))(
    '%s (frozen %s)',
    (stage, frozen) => {
      const trade = !frozen && TRADE.includes(stage);
      const invite = !frozen && (trade || stage === 'potential');
      expect(supplierRights(stage, frozen)).toEqual({ order: trade, award: trade, invite });
    },
  );

  it('treats an unknown stage as having no rights', () => {
    expect(supplierRights('frozen', false)).toEqual({ order: false, award: false, invite: false });
  });

  it('words the refusal with the supplier and the rule in both languages', () => {
    expect(rightRefusal('200004', 'blacklist', false, 'order')).toEqual({
      zh_cn: '供应商 200004 处于黑名单，不能下达订单',
      en: 'Supplier 200004 is blacklisted: orders cannot be sent',
    });
    expect(rightRefusal('200006', 'qualified', true, 'award')).toEqual({
      zh_cn: '供应商 200006 已冻结，不能授标',
      en: 'Supplier 200006 is frozen: it cannot be awarded',
    });
    expect(rightRefusal('200007', 'potential', false, 'order')?.en).toBe(
      'Supplier 200007 is at stage “Potential”: orders cannot be sent',
    );
    expect(rightRefusal('200001', 'qualified', false, 'order')).toBeNull();
  });
});

/** The expected from-states (frozen flag given where it matters) and target of each conversion. */
const EXPECTED: Record<
  (typeof CONVERSION_TYPES)[number],
  { from: SupplierStage[]; frozen?: boolean; to: SupplierStage | 'same' | 'chosen' }
> = {
  unfamiliarToPotential: { from: ['stranger'], to: 'potential' },
  directToQualified: { from: ['stranger', 'potential'], to: 'qualified' },
  qualifiedToBlack: { from: SUPPLIER_STAGE_VALUES.filter((s) => s !== 'blacklist'), to: 'blacklist' },
  blackToQualified: { from: ['blacklist'], to: 'qualified' },
  supplierReplacement: { from: [], to: 'potential' },
  supplierFreeze: { from: SUPPLIER_STAGE_VALUES, frozen: false, to: 'same' },
  supplierUnfreeze: { from: SUPPLIER_STAGE_VALUES, frozen: true, to: 'same' },
  supplierEliminate: {
    from: SUPPLIER_STAGE_VALUES.filter((s) => s !== 'blacklist' && s !== 'eliminated'),
    to: 'eliminated',
  },
  supplierGrade: { from: ['qualified', 'good', 'excellent', 'cooperating', 'unqualified'], to: 'chosen' },
};

describe('conversionTarget', () => {
  for (const type of CONVERSION_TYPES)
    for (const stage of SUPPLIER_STAGE_VALUES)
      for (const frozen of [false, true])
        it(`${type} from ${stage}${frozen ? ' (frozen)' : ''}`, () => {
          const e = EXPECTED[type];
          const allowed = e.from.includes(stage) && (e.frozen === undefined || e.frozen === frozen);
          const chosen = stage === 'good' ? 'excellent' : 'good';
          const target = conversionTarget(type, { stage, frozen }, chosen);
          if (!allowed) expect(target).toBeNull();
          else if (e.to === 'same') expect(target).toBe(stage);
          else if (e.to === 'chosen') expect(target).toBe(chosen);
          else expect(target).toBe(e.to);
        });

  it('registers a replacement only for a supplier not on the portal', () => {
    expect(conversionTarget('supplierReplacement', null)).toBe('potential');
    expect(conversionTarget('directToQualified', null)).toBeNull();
  });

  it('refuses a grade change to the same grade or to a stage that is not a grade', () => {
    expect(conversionTarget('supplierGrade', { stage: 'good', frozen: false }, 'good')).toBeNull();
    expect(conversionTarget('supplierGrade', { stage: 'good', frozen: false }, 'blacklist')).toBeNull();
    expect(conversionTarget('supplierGrade', { stage: 'good', frozen: false })).toBeNull();
  });

  it('lists for the menu exactly the conversions allowed from the state', () => {
    for (const stage of SUPPLIER_STAGE_VALUES)
      for (const frozen of [false, true])
        expect(conversionsFrom(stage, frozen)).toEqual(
          CONVERSION_TYPES.filter(
            (type) =>
              type !== 'supplierReplacement' &&
              conversionTarget(type, { stage, frozen }, stage === 'good' ? 'excellent' : 'good') !== null,
          ),
        );
  });

  it('gives every conversion an approval flow and a task link', () => {
    for (const type of CONVERSION_TYPES) {
      expect(APPROVAL_KINDS).toHaveProperty(type);
      expect(TASK_LINKS[type]).toMatch(/^\/masterdata\/#\/v2\/supplierView\d$/);
    }
  });
});
