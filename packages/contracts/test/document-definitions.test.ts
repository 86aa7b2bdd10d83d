import { describe, expect, it } from 'vitest';
import { deliveryNoteDefinition } from '../src/delivery-note.ts';
import { KERNEL_ROUTE_DEFINITIONS } from '../src/document/actions.ts';
import {
  actionBodySchema,
  allowedActions,
  canDo,
  defineDocument,
  filterSchema,
  STATUS_FIELD_LABELS,
  saveSchema,
  statusFieldsOf,
  transitionTable,
} from '../src/document/define.ts';
import { purchaseOrderDefinition as po } from '../src/purchase-order-definition.ts';
import { refundDefinition } from '../src/refund.ts';

const order = (o: Partial<Record<string, string>>) => ({
  auditStatus: '0',
  sendStatus: '0',
  orderStatus: '0',
  changeStatus: '0',
  deliveryStatus: '0',
  ...o,
});

describe('the transition table of purchase orders (one table for server and web)', () => {
  it('edits before approval and as a change after sending, never in bidding, under approval or after delivery', () => {
    expect(canDo(po, 'edit', order({}), 'purchase')).toBe(true);
    expect(canDo(po, 'edit', order({ auditStatus: '1' }), 'purchase')).toBe(false);
    expect(canDo(po, 'edit', order({ auditStatus: '2' }), 'purchase')).toBe(false);
    expect(canDo(po, 'edit', order({ orderStatus: '6' }), 'purchase')).toBe(false);
    const sent = order({ auditStatus: '2', sendStatus: '1', orderStatus: '1' });
    expect(canDo(po, 'edit', sent, 'purchase')).toBe(true);
    expect(canDo(po, 'edit', { ...sent, changeStatus: '2' }, 'purchase')).toBe(false);
    expect(canDo(po, 'edit', { ...sent, deliveryStatus: '1' }, 'purchase')).toBe(false);
    expect(canDo(po, 'edit', sent, 'sale')).toBe(false);
  });
  it('deletes and submits only unsent orders not under approval nor approved', () => {
    expect(canDo(po, 'delete', order({ auditStatus: '3' }), 'purchase')).toBe(true);
    expect(
      canDo(po, 'delete', order({ auditStatus: '2', sendStatus: '1', orderStatus: '1' }), 'purchase'),
    ).toBe(false);
    expect(canDo(po, 'submit', order({ auditStatus: '4' }), 'purchase')).toBe(true);
    expect(canDo(po, 'submit', order({ orderStatus: '6' }), 'purchase')).toBe(false);
    expect(canDo(po, 'withdraw', order({ auditStatus: '1' }), 'purchase')).toBe(true);
  });
  it('lists the supplier’s actions on a sent order to confirm', () => {
    expect(
      allowedActions(po, order({ auditStatus: '2', sendStatus: '1', orderStatus: '1' }), 'sale'),
    ).toEqual(['confirm', 'refuse']);
    expect(
      allowedActions(po, order({ auditStatus: '2', sendStatus: '1', orderStatus: '3' }), 'sale'),
    ).toEqual(['ship']);
  });
});

describe('delivery notices and returns', () => {
  it('lets each side act on its own notices only', () => {
    const draft = { noteType: '1', noteStatus: '0', sendStatus: '0' };
    expect(allowedActions(deliveryNoteDefinition, draft, 'sale')).toEqual([
      'edit',
      'delete',
      'ship',
      'cancel',
    ]);
    expect(allowedActions(deliveryNoteDefinition, draft, 'purchase')).toEqual([]);
    const request = { noteType: '2', noteStatus: '0', sendStatus: '0' };
    expect(allowedActions(deliveryNoteDefinition, request, 'purchase')).toEqual([
      'edit',
      'delete',
      'send',
      'cancel',
    ]);
    expect(
      allowedActions(deliveryNoteDefinition, { ...request, noteStatus: '2', sendStatus: '1' }, 'sale'),
    ).toEqual(['ship']);
    expect(
      canDo(
        deliveryNoteDefinition,
        'receive',
        { noteType: '1', noteStatus: '4', sendStatus: '1' },
        'purchase',
      ),
    ).toBe(true);
    expect(
      canDo(deliveryNoteDefinition, 'cancel', { noteType: '1', noteStatus: '4', sendStatus: '1' }, 'sale'),
    ).toBe(false);
  });
  it('adds approval actions to returns and sends only approved ones', () => {
    expect(Object.keys(transitionTable(refundDefinition))).toEqual(
      expect.arrayContaining(['edit', 'delete', 'submit', 'withdraw', 'send', 'confirm', 'refuse', 'cancel']),
    );
    expect(
      canDo(refundDefinition, 'send', { refundStatus: '0', auditStatus: '0', sendStatus: '0' }, 'purchase'),
    ).toBe(false);
    expect(
      canDo(refundDefinition, 'send', { refundStatus: '0', auditStatus: '2', sendStatus: '0' }, 'purchase'),
    ).toBe(true);
  });
});

describe('schemas derived from a definition', () => {
  it('checks the sign of a positive quantity before its format', () => {
    const save = saveSchema(deliveryNoteDefinition);
    const id = '00000000-0000-4000-8000-000000000000';
    const negative = save.safeParse({ lines: [{ orderItemId: id, sendDeliveryNoteQuantity: '-1' }] });
    expect(negative.success).toBe(false);
    expect(negative.error?.issues[0].message).toBe('rule.positive');
    const tooPrecise = save.safeParse({ lines: [{ orderItemId: id, sendDeliveryNoteQuantity: '1.0001' }] });
    expect(tooPrecise.error?.issues[0].message).toContain('3 decimals');
    expect(save.safeParse({ lines: [] }).success).toBe(false);
    expect(
      save.safeParse({ lines: [{ orderItemId: id, sendDeliveryNoteQuantity: '2', fbk31: 'x' }] }).success,
    ).toBe(false);
    expect(
      save.safeParse({ lines: [{ orderItemId: id, sendDeliveryNoteQuantity: '2', fbk30: 'x' }] }).success,
    ).toBe(true);
  });
  it('requires a remark where the action says so, and filters the definition’s fields', () => {
    expect(actionBodySchema(refundDefinition.actions.refuse).safeParse({ version: 1 }).success).toBe(false);
    expect(
      actionBodySchema(refundDefinition.actions.refuse).safeParse({ version: 1, remark: '破损' }).success,
    ).toBe(true);
    const filter = filterSchema(deliveryNoteDefinition).parse({
      noteStatus: '3',
      noteDateFrom: '2026-11-01',
    });
    expect(filter).toMatchObject({
      currentPage: 1,
      pageSize: 10,
      noteStatus: '3',
      noteDateFrom: '2026-11-01',
    });
    expect(filterSchema(deliveryNoteDefinition).safeParse({ noteStatus: '9' }).success).toBe(false);
  });
  it('refuses a definition whose guard names an unknown status or code', () => {
    expect(() =>
      defineDocument({
        ...refundDefinition,
        actions: { x: { label: { zh_cn: 'x', en: 'x' }, sides: { sale: { refundStatus: ['9'] } } } },
      }),
    ).toThrow(/no code 9/);
  });
});

describe('status fields of every kind', () => {
  it('have a label in both languages, never the field name (lists, filters, details and prints show it)', () => {
    const unlabelled: string[] = [];
    for (const def of KERNEL_ROUTE_DEFINITIONS)
      for (const [name, field] of Object.entries(statusFieldsOf(def))) {
        if (!STATUS_FIELD_LABELS[name] || field.label.zh_cn === name || field.label.en === name)
          unlabelled.push(`${def.kind}.${name}`);
      }
    expect(unlabelled).toEqual([]);
    // Every kind has at least one status, so the loop above looked at something.
    expect(KERNEL_ROUTE_DEFINITIONS.every((def) => Object.keys(def.statuses).length > 0)).toBe(true);
  });
});
