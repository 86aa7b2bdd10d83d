import { deliveryNoteDefinition as note } from '@srm/contracts/delivery-note';
import { trailStatusField } from '@srm/contracts/document/define';
import { reconDefinition } from '@srm/contracts/finance';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';
import { purchaseRequestDefinition } from '@srm/contracts/purchase-request';
import { refundDefinition as refund } from '@srm/contracts/refund';
import { describe, expect, it } from 'vitest';
import {
  actionBody,
  buyerLabel,
  compareDecimal,
  type FieldRule,
  filterSpecs,
  listColumns,
  rulesOf,
  saveBody,
  subtractDecimal,
  toFilterBody,
  toolbarActions,
  withBuyer,
} from './definition.ts';

const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? ` ${JSON.stringify(o)}` : ''}`;

async function check(rules: FieldRule[], value: unknown): Promise<string | null> {
  for (const rule of rules) {
    if ('required' in rule && (value === undefined || value === null || String(value).trim() === ''))
      return rule.message;
    if ('max' in rule && typeof value === 'string' && value.length > rule.max) return rule.message;
    if ('validator' in rule)
      try {
        await rule.validator(null, value);
      } catch (e) {
        return (e as Error).message;
      }
  }
  return null;
}

describe('rules from a field', () => {
  const qty = note.lines.fields.sendDeliveryNoteQuantity;

  it('requires a required field, naming it in the user language', async () => {
    expect(await check(rulesOf(qty, t, 'en'), '')).toContain('document:rules.required');
    expect(await check(rulesOf(qty, t, 'en'), '')).toContain('Delivery quantity');
    expect(await check(rulesOf(qty, t, 'zh_cn'), '')).toContain('送货数量');
  });

  it('checks decimal digits and scale, greater than 0 and the upper bound exactly', async () => {
    const rules = rulesOf(qty, t, 'en', { max: '10.5' });
    expect(await check(rules, '10.5')).toBeNull();
    expect(await check(rules, '0')).toContain('rules.positive');
    expect(await check(rules, '-1')).toContain('rules.positive');
    expect(await check(rules, '1.2345')).toContain('rules.decimal');
    expect(await check(rules, 'abc')).toContain('rules.decimal');
    expect(await check(rules, '10.501')).toContain('rules.notAbove');
  });

  it('limits text to its max length and whole numbers to > 0 when positive', async () => {
    const tracking = note.header.trackingNumber;
    expect(await check(rulesOf(tracking, t, 'en'), 'x'.repeat(50))).toBeNull();
    expect(await check(rulesOf(tracking, t, 'en'), 'x'.repeat(51))).toContain('rules.max');
    const boxes = note.lines.fields.boxCount;
    expect(await check(rulesOf(boxes, t, 'en'), 0)).toContain('rules.positive');
    expect(await check(rulesOf(boxes, t, 'en'), 1.5)).toContain('rules.integer');
    expect(await check(rulesOf(boxes, t, 'en'), 3)).toBeNull();
    // Optional, but a screen may require it.
    expect(await check(rulesOf(refund.header.returnData, t, 'en'), undefined)).toBeNull();
    expect(await check(rulesOf(refund.header.returnData, t, 'en', { required: true }), undefined)).toContain(
      'rules.select',
    );
  });
});

describe('columns and filters from a definition', () => {
  it('lists header fields marked list and every status field; hides the caller its own company', () => {
    const buyer = listColumns(note, 'purchase').map((c) => c.key);
    expect(buyer).toEqual([
      'deliveryNoteNumber',
      'noteStatus',
      'sendStatus',
      'noteType',
      'toElsAccount',
      'supplierName',
      'noteDate',
      'transportWay',
      'trackingNumber',
      'expectedArrivalDate',
      'totalQuantity',
      'sendTime',
      'confirmDate',
    ]);
    // Every status field has a label in both languages.
    expect(listColumns(note, 'sale').find((c) => c.key === 'noteType')?.field.label.en).toBe('Notice type');
    const supplier = listColumns(refund, 'sale').map((c) => c.key);
    // The supplier's inbox names each row's buyer with the kernel's column, right after the number.
    expect(supplier.slice(0, 2)).toEqual(['refundNumber', 'buyerShortName']);
    expect(supplier).not.toContain('buyerName');
    expect(supplier).not.toContain('supplierName');
    expect(listColumns(refund, 'purchase').map((c) => c.key)).not.toContain('buyerShortName');
    expect(supplier).not.toContain('auditStatus');
    expect(listColumns(refund, 'purchase').map((c) => c.key)).toContain('auditStatus');
  });

  it('filters an organisation field with its master picker on the buyer side, as typed text on the supplier side', () => {
    const buyer = filterSpecs(purchaseRequestDefinition, 'purchase').find((s) => s.key === 'purchaseFactory');
    expect(buyer?.control).toBe('org');
    const supplierSide = filterSpecs(purchaseRequestDefinition, 'sale').find(
      (s) => s.key === 'purchaseFactory',
    );
    if (supplierSide) expect(supplierSide.control).toBe('text');
    // A picked code filters exactly, an emptied picker not at all.
    expect(toFilterBody([buyer!], { purchaseFactory: '1010' })).toEqual({ purchaseFactory: '1010' });
    expect(toFilterBody([buyer!], { purchaseFactory: '' })).toEqual({});
  });

  it('builds filters: prefix number, exact codes, date ranges as From/To', () => {
    const specs = filterSpecs(note, 'purchase');
    expect(specs.map((s) => [s.key, s.control])).toEqual([
      ['deliveryNoteNumber', 'prefix'],
      ['toElsAccount', 'text'],
      ['noteDate', 'range'],
      ['noteStatus', 'select'],
      ['sendStatus', 'select'],
      ['noteType', 'select'],
    ]);
    expect(filterSpecs(note, 'sale').map((s) => s.key)).not.toContain('toElsAccount');
    // The buyer account filter of a kind gives way to the supplier list's buyer select.
    expect(filterSpecs(reconDefinition, 'purchase').map((s) => s.key)).toContain('elsAccount');
    expect(filterSpecs(reconDefinition, 'sale').map((s) => s.key)).not.toContain('elsAccount');
    expect(
      toFilterBody(specs, {
        deliveryNoteNumber: ' DN2026 ',
        toElsAccount: '',
        noteDate: ['2026-11-01', null],
        noteStatus: '3',
      }),
    ).toEqual({ deliveryNoteNumber: 'DN2026', noteDateFrom: '2026-11-01', noteStatus: '3' });
  });
});

describe('which buttons show for a status', () => {
  const names = (def: typeof note | typeof refund, doc: Record<string, string>, side: 'purchase' | 'sale') =>
    toolbarActions(def, doc, side).map((a) => a.name);

  it('a supplier draft notice: edit, delete, ship, cancel; the buyer nothing', () => {
    const draft = { noteType: '1', noteStatus: '0', sendStatus: '0' };
    expect(names(note, draft, 'sale')).toEqual(['edit', 'delete', 'ship', 'cancel']);
    expect(names(note, draft, 'purchase')).toEqual([]);
  });

  it('a shipped notice: the buyer receives (quantities), the supplier may still cancel', () => {
    const shipped = { noteType: '1', noteStatus: '3', sendStatus: '1' };
    const buyer = toolbarActions(note, shipped, 'purchase');
    expect(buyer.map((a) => a.name)).toEqual(['receive']);
    expect(buyer[0].dialog).toBe(true);
    expect(names(note, shipped, 'sale')).toEqual(['cancel']);
    expect(names(note, { ...shipped, noteStatus: '5' }, 'purchase')).toEqual([]);
  });

  it('a purchase-initiated request: the buyer sends it, the supplier replies then ships', () => {
    expect(names(note, { noteType: '2', noteStatus: '0', sendStatus: '0' }, 'purchase')).toEqual([
      'edit',
      'delete',
      'send',
      'cancel',
    ]);
    expect(names(note, { noteType: '2', noteStatus: '1', sendStatus: '1' }, 'sale')).toEqual(['reply']);
    expect(names(note, { noteType: '2', noteStatus: '2', sendStatus: '1' }, 'sale')).toEqual(['ship']);
  });

  it('a return: submit for approval, then send once approved; the supplier confirms or refuses', () => {
    const draft = { refundStatus: '0', auditStatus: '0', sendStatus: '0' };
    expect(names(refund, draft, 'purchase')).toEqual(['edit', 'delete', 'submit', 'cancel']);
    expect(names(refund, { ...draft, auditStatus: '2' }, 'purchase')).toEqual(['send', 'cancel']);
    const sent = { refundStatus: '1', auditStatus: '2', sendStatus: '1' };
    const supplier = toolbarActions(refund, sent, 'sale');
    expect(supplier.map((a) => [a.name, a.dialog, a.danger])).toEqual([
      ['confirm', true, false],
      ['refuse', true, true],
    ]);
  });

  it('follows the server when it says what the caller may do', () => {
    const shipped = { noteType: '1', noteStatus: '3', sendStatus: '1' };
    expect(toolbarActions(note, shipped, 'purchase', []).map((a) => a.name)).toEqual([]);
    expect(toolbarActions(note, shipped, 'purchase', ['receive', 'unknown']).map((a) => a.name)).toEqual([
      'receive',
    ]);
  });

  it('reads a history row with the dictionary of the status its action is about', () => {
    expect(trailStatusField(refund, 'confirm')).toBe('refundStatus');
    expect(trailStatusField(note, 'ship')).toBe('noteStatus');
    expect(trailStatusField(note, 'submit')).toBe('noteStatus');
    expect(trailStatusField(purchaseOrderDefinition, 'sendChange')).toBe('changeStatus');
    expect(trailStatusField(purchaseOrderDefinition, 'submit')).toBe('auditStatus');
    expect(trailStatusField(purchaseOrderDefinition, 'send')).toBe('orderStatus');
  });
});

describe('bodies', () => {
  it('an action body keeps lines with a quantity above 0 and the filled inputs', () => {
    expect(
      actionBody(
        3,
        {
          remark: ' ok ',
          quantities: { a: '2', b: '0', c: '', d: 'x' },
          transportWay: '1',
          trackingNumber: ' ',
        },
        { ...note.actions.receive, input: note.actions.ship.input },
      ),
    ).toEqual({ version: 3, remark: 'ok', lines: [{ lineId: 'a', quantity: '2' }], transportWay: '1' });
  });

  it('a save body carries input fields only, ids when editing', () => {
    const body = saveBody(
      note,
      {
        noteDate: '2026-11-24',
        remark: '  ',
        supplierName: 'not an input',
        lines: [
          { id: 'l1', orderItemId: 'o1', sendDeliveryNoteQuantity: ' 5 ', materialNumber: 'M', boxCount: 2 },
        ],
      },
      { id: 'n1', version: 4 },
    );
    expect(body).toEqual({
      id: 'n1',
      version: 4,
      noteDate: '2026-11-24',
      lines: [{ id: 'l1', orderItemId: 'o1', sendDeliveryNoteQuantity: '5', boxCount: 2 }],
    });
  });

  it('compares and subtracts decimals exactly', () => {
    expect(compareDecimal('0.3', '0.30')).toBe(0);
    expect(compareDecimal('10', '9.999')).toBe(1);
    expect(subtractDecimal('100', '40.5')).toBe('59.5');
    expect(subtractDecimal('1', '2')).toBe('0');
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
  });
});

describe("the supplier's buyer filter (issue #16)", () => {
  const linked = [
    { elsAccount: '100000', companyName: '华东精密制造有限公司', companyShortName: '华东精密' },
    { elsAccount: '100002', companyName: '深圳南海智能装备有限公司', companyShortName: null },
  ];
  it('labels a buyer by short name, else name, with its account', () => {
    expect(buyerLabel(linked[0])).toBe('华东精密 (100000)');
    expect(buyerLabel(linked[1])).toBe('深圳南海智能装备有限公司 (100002)');
  });
  it('sets elsAccount only to a linked buyer, and all buyers otherwise', () => {
    expect(withBuyer({ noteStatus: '1' }, '100002', linked)).toEqual({
      noteStatus: '1',
      elsAccount: '100002',
    });
    expect(withBuyer({ noteStatus: '1', elsAccount: '100000' }, null, linked)).toEqual({ noteStatus: '1' });
    // A choice no longer linked (the link was removed) lists all buyers, not another company's rows.
    expect(withBuyer({}, '100009', linked)).toEqual({});
    expect(withBuyer({ elsAccount: '100009' }, undefined, linked)).toEqual({});
  });
});
