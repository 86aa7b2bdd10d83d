import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  COUNTERPART_STATUS,
  CUSTOM_FIELD_KEYS,
  canDo,
  counterpartStatus,
  customFieldEntries,
  customFieldsBody,
  exchangeRateOk,
  formatAmount,
  label,
  lineFromMaterial,
  lineMoney,
  linePriceFrom,
  lineProblems,
  materialOptionLabel,
  missingReplyDates,
  needsSelection,
  ORDER_STATUS,
  pricePerUnit,
  totals,
  trailKind,
  trimDecimal,
  usedCustomFields,
} from './rules.ts';

const state = (auditStatus: string, sendStatus: string, orderStatus: string, changeStatus = '0') => ({
  auditStatus,
  sendStatus,
  orderStatus,
  changeStatus,
});

describe('the supplier’s answer as the buyer reads it', () => {
  it('labels confirmed, returned and unconfirmed changes for the buyer only, once sent', () => {
    const sent = (orderStatus: string, changeStatus: string) => ({
      auditStatus: '2',
      sendStatus: '1',
      orderStatus,
      changeStatus,
    });
    expect(counterpartStatus(sent('3', '0'), 'purchase')).toBe('confirmed');
    expect(counterpartStatus(sent('3', '2'), 'purchase')).toBe('changeUnconfirmed');
    expect(counterpartStatus(sent('2', '4'), 'purchase')).toBe('returned');
    expect(counterpartStatus(sent('1', '0'), 'purchase')).toBeNull();
    expect(counterpartStatus(sent('3', '0'), 'sale')).toBeNull();
    expect(counterpartStatus({ ...sent('3', '0'), sendStatus: '0' }, 'purchase')).toBeNull();
    expect(label(COUNTERPART_STATUS, 'changeUnconfirmed', 'en')).toBe(
      'Change not confirmed by the other party',
    );
    expect(label(COUNTERPART_STATUS, 'confirmed', 'zh_cn')).toBe('对方已确认');
  });
});

describe('actions by status and side', () => {
  it('a new order: edit, submit, bidding, copy, delete, close, print for the buyer; print for the supplier', () => {
    const o = state('0', '0', '0');
    expect(allowedActions(o, 'purchase')).toEqual([
      'edit',
      'submit',
      'startBidding',
      'close',
      'copy',
      'delete',
      'print',
    ]);
    expect(allowedActions(o, 'sale')).toEqual(['print']);
  });
  it('in bidding: the buyer may only copy and print (award and cancel are on the bidding card)', () => {
    const o = state('0', '0', '6');
    expect(allowedActions(o, 'purchase')).toEqual(['copy', 'print']);
    expect(allowedActions(o, 'sale')).toEqual(['print']);
    // Bidding starts only from an unsent, unsubmitted order; not under approval, approved or sent.
    for (const audit of ['3', '4'])
      expect(canDo('startBidding', state(audit, '0', '0'), 'purchase')).toBe(true);
    for (const audit of ['1', '2'])
      expect(canDo('startBidding', state(audit, '0', '0'), 'purchase')).toBe(false);
    expect(canDo('startBidding', state('2', '1', '1'), 'purchase')).toBe(false);
    expect(canDo('startBidding', state('0', '0', '0'), 'sale')).toBe(false);
    expect(trailKind('startBidding')).toBe('order');
    expect(trailKind('award')).toBe('order');
    expect(trailKind('quote')).toBe('bid');
  });
  it('under approval: only withdraw (plus close/copy/print)', () => {
    const o = state('1', '0', '0');
    expect(canDo('withdraw', o, 'purchase')).toBe(true);
    expect(canDo('edit', o, 'purchase')).toBe(false);
    expect(canDo('delete', o, 'purchase')).toBe(false);
    expect(canDo('submit', o, 'purchase')).toBe(false);
    expect(canDo('send', o, 'purchase')).toBe(false);
  });
  it('approved, not sent: send; rejected or withdrawn: edit, submit again and delete', () => {
    expect(canDo('send', state('2', '0', '0'), 'purchase')).toBe(true);
    expect(canDo('delete', state('2', '0', '0'), 'purchase')).toBe(false);
    for (const a of ['3', '4']) {
      expect(canDo('submit', state(a, '0', '0'), 'purchase')).toBe(true);
      expect(canDo('delete', state(a, '0', '0'), 'purchase')).toBe(true);
    }
  });
  it('sent: the supplier confirms or refuses while to be confirmed or partial; the buyer may change', () => {
    expect(allowedActions(state('2', '1', '1'), 'sale')).toEqual(['confirm', 'refuse', 'print']);
    // Partly confirmed: the confirmed lines can ship already.
    expect(allowedActions(state('2', '1', '2'), 'sale')).toEqual(['confirm', 'refuse', 'ship', 'print']);
    expect(canDo('confirm', state('2', '1', '3'), 'sale')).toBe(false);
    expect(canDo('edit', state('2', '1', '1'), 'purchase')).toBe(true);
    expect(canDo('send', state('2', '1', '1'), 'purchase')).toBe(false);
    expect(canDo('delete', state('2', '1', '1'), 'purchase')).toBe(false);
  });
  it('changes: the buyer sends a change not sent; the supplier answers a sent change only', () => {
    expect(canDo('sendChange', state('2', '1', '1', '1'), 'purchase')).toBe(true);
    const sentChange = state('2', '1', '1', '2');
    expect(allowedActions(sentChange, 'sale')).toEqual(['confirmChange', 'returnChange', 'print']);
    expect(canDo('edit', sentChange, 'purchase')).toBe(false);
  });
  it('closed orders cannot be closed again or edited', () => {
    const o = state('2', '1', '5');
    expect(canDo('close', o, 'purchase')).toBe(false);
    expect(canDo('edit', o, 'purchase')).toBe(false);
    expect(canDo('print', o, 'sale')).toBe(true);
  });
});

describe('exact money', () => {
  it('computes prices and amounts like the server (half-up, no floats)', () => {
    expect(lineMoney('100', '12.5', '13')).toEqual({
      priceIncludingTax: '14.125000',
      amountExcl: '1250.00',
      amount: '1412.50',
    });
    // 0.1 + 0.2 style traps: 3 × 0.1 excl, 0 % tax
    expect(lineMoney('3', '0.1', '0')?.amount).toBe('0.30');
    // half-up at the cent: 1.005 → 1.01
    expect(lineMoney('1', '1.005', '0')?.amount).toBe('1.01');
    expect(lineMoney('0.333', '3', '13')).toEqual({
      priceIncludingTax: '3.390000',
      amountExcl: '1.00',
      amount: '1.13',
    });
    expect(lineMoney('999999999999.999', '999999.999999', '100')?.amountExcl).toBe('999999999998999000.00');
  });
  it('refuses invalid input', () => {
    expect(lineMoney('1e3', '1', '13')).toBeNull();
    expect(lineMoney('1', '-1', '13')).toBeNull();
    expect(lineMoney('1.0001', '1', '13')).toBeNull();
  });
  it('sums totals and converts to local currency', () => {
    const a = lineMoney('100', '12.5', '13');
    const b = lineMoney('2', '0.35', '13');
    if (!a || !b) throw new Error('money');
    expect(totals([a, b], '7.123456')).toEqual({
      excl: '1250.70',
      tax: '162.59',
      incl: '1413.29',
      local: '10067.51',
    });
    expect(totals([], '1')).toEqual({ excl: '0.00', tax: '0.00', incl: '0.00', local: '0.00' });
  });
  it('formats without floats', () => {
    expect(formatAmount('1234567.50')).toBe('1,234,567.50');
    expect(formatAmount(null)).toBe('—');
    expect(trimDecimal('120.500000')).toBe('120.5');
    expect(trimDecimal('13.00')).toBe('13');
    expect(trimDecimal('100')).toBe('100');
  });
});

describe('form rules', () => {
  it('a line needs material, unit, a positive quantity and a delivery date', () => {
    expect(lineProblems({})).toEqual({
      materialNumber: 'rules.required',
      materialDesc: 'rules.required',
      unit: 'rules.required',
      quantity: 'rules.required',
      deliveryDate: 'rules.required',
    });
    const ok = {
      materialNumber: 'M-1',
      materialDesc: 'x',
      unit: 'PCS',
      quantity: '1',
      deliveryDate: '2026-01-01',
    };
    expect(lineProblems(ok)).toEqual({});
    expect(lineProblems({ ...ok, quantity: '0' }).quantity).toBe('rules.quantityPositive');
    expect(lineProblems({ ...ok, quantity: '0.000' }).quantity).toBe('rules.quantityPositive');
    // The sign first (issue #12): a negative quantity breaks "greater than 0", not the format.
    expect(lineProblems({ ...ok, quantity: '-1' }).quantity).toBe('rules.quantityPositive');
    expect(lineProblems({ ...ok, quantity: ' -0.5 ' }).quantity).toBe('rules.quantityPositive');
    expect(lineProblems({ ...ok, quantity: '-1.2345' }).quantity).toBe('rules.quantityPositive');
    expect(lineProblems({ ...ok, quantity: '-x' }).quantity).toBe('rules.quantityFormat');
    expect(lineProblems({ ...ok, quantity: '1.2345' }).quantity).toBe('rules.quantityFormat');
    expect(lineProblems({ ...ok, priceExcludingTax: '1.1234567' }).priceExcludingTax).toBe(
      'rules.priceFormat',
    );
    expect(lineProblems({ ...ok, taxRate: '100.01' }).taxRate).toBe('rules.taxRate');
    expect(lineProblems({ ...ok, taxRate: '100' })).toEqual({});
  });
  it('exchange rate format 10.6', () => {
    expect(exchangeRateOk('7.123456')).toBe(true);
    expect(exchangeRateOk('1234.1')).toBe(true);
    expect(exchangeRateOk('12345')).toBe(false);
    expect(exchangeRateOk('1.1234567')).toBe(false);
    expect(exchangeRateOk('0')).toBe(false);
  });
  it('bulk actions and confirmations need rows and dates', () => {
    expect(needsSelection([])).toBe(true);
    expect(needsSelection([1])).toBe(false);
    expect(
      missingReplyDates([{ itemNumber: 1, replyDeliveryDate: '2026-01-01' }, { itemNumber: 2 }]),
    ).toEqual([2]);
  });
});

describe('labels', () => {
  it('in both languages, raw value when unknown', () => {
    expect(label(ORDER_STATUS, '2', 'zh_cn')).toBe('部分确认');
    expect(label(ORDER_STATUS, '2', 'en')).toBe('Partial confirmation');
    expect(label(ORDER_STATUS, '9', 'en')).toBe('9');
    expect(label(ORDER_STATUS, null, 'en')).toBe('—');
  });
  it('trail rows use the dictionary of their action', () => {
    expect(trailKind('submit')).toBe('audit');
    expect(trailKind('confirm')).toBe('order');
    expect(trailKind('returnChange')).toBe('change');
  });
});

describe('line rules of the picker fields', () => {
  it('checks minimum packing quantity and tolerances when given', () => {
    const ok = { minPackingQuantity: '5000', overTolerance: '10', lackTolerance: '0.5' };
    expect(lineProblems(ok)).not.toHaveProperty('minPackingQuantity');
    expect(lineProblems(ok)).not.toHaveProperty('overTolerance');
    expect(lineProblems(ok)).not.toHaveProperty('lackTolerance');
    expect(lineProblems({ minPackingQuantity: '1.2345' }).minPackingQuantity).toBe('rules.packFormat');
    expect(lineProblems({ overTolerance: '100.01' }).overTolerance).toBe('rules.tolerance');
    expect(lineProblems({ lackTolerance: '-1' }).lackTolerance).toBe('rules.tolerance');
    expect(lineProblems({ overTolerance: '100' })).not.toHaveProperty('overTolerance');
  });
});

describe('custom fields fbk1…fbk50', () => {
  it('has the fifty keys in order', () => {
    expect(CUSTOM_FIELD_KEYS).toHaveLength(50);
    expect(CUSTOM_FIELD_KEYS[0]).toBe('fbk1');
    expect(CUSTOM_FIELD_KEYS[49]).toBe('fbk50');
  });
  it('lists non-empty values in fbk order and ignores other keys', () => {
    expect(
      customFieldEntries({ fbk10: 'b', fbk2: 'a', fbk3: '  ', fbk51: 'x', orderNumber: 'PO1', fbk4: null }),
    ).toEqual([
      ['fbk2', 'a'],
      ['fbk10', 'b'],
    ]);
    expect(customFieldEntries(null)).toEqual([]);
  });
  it('builds the body part: trimmed, empty values absent', () => {
    expect(customFieldsBody({ fbk1: ' 项目 ', fbk2: '', fbk3: '   ', fbk50: 'z' })).toEqual({
      fbk1: '项目',
      fbk50: 'z',
    });
  });
  it('finds the keys used by any line', () => {
    expect(usedCustomFields([{ fbk7: 'x' }, {}, { fbk2: 'y', fbk7: 'z' }])).toEqual(['fbk2', 'fbk7']);
    expect(usedCustomFields([])).toEqual([]);
  });
});

describe('material picker', () => {
  const resistor = {
    id: '6f1c2a80-0000-4000-8000-000000000001',
    materialNumber: 'R-0603-10K',
    materialName: '贴片电阻 0603 10KΩ',
    materialDesc: '±1% 1/10W',
    baseUnit: 'PCS',
    minPackingQuantity: '5000.000',
    overTolerance: '5.00',
    lackTolerance: '0.00',
  };
  it('shows "number — name"', () => {
    expect(materialOptionLabel(resistor)).toBe('R-0603-10K — 贴片电阻 0603 10KΩ');
  });
  it('fills the line from the material', () => {
    expect(lineFromMaterial(resistor)).toEqual({
      materialId: resistor.id,
      materialNumber: 'R-0603-10K',
      materialDesc: '贴片电阻 0603 10KΩ ±1% 1/10W',
      unit: 'PCS',
      minPackingQuantity: '5000',
      overTolerance: '5',
      lackTolerance: '0',
    });
    expect(lineFromMaterial({ ...resistor, materialDesc: '' }).materialDesc).toBe('贴片电阻 0603 10KΩ');
    expect(
      lineFromMaterial({ ...resistor, materialName: 'n'.repeat(150), materialDesc: 'd'.repeat(100) })
        .materialDesc,
    ).toHaveLength(200);
  });
  it('divides the master price by its price base exactly, half up to 6 decimals', () => {
    expect(pricePerUnit('0.012000', '1.000')).toBe('0.012');
    expect(pricePerUnit('12.5', '1000')).toBe('0.0125');
    expect(pricePerUnit('10', '3')).toBe('3.333333');
    expect(pricePerUnit('20', '3')).toBe('6.666667');
    expect(pricePerUnit('1', '0')).toBeNull();
    expect(pricePerUnit('abc', '1')).toBeNull();
  });
  it('takes the unit price and tax rate in the order currency, else says why not', () => {
    const price = { priceExcludingTax: '8.200000', taxRate: '13.00', currency: 'CNY', priceBase: '1.000' };
    expect(linePriceFrom(price, 'CNY')).toEqual({ ok: true, priceExcludingTax: '8.2', taxRate: '13' });
    expect(linePriceFrom({ ...price, priceBase: '100' }, 'CNY')).toEqual({
      ok: true,
      priceExcludingTax: '0.082',
      taxRate: '13',
    });
    expect(linePriceFrom(price, 'USD')).toEqual({ ok: false, reason: 'currency', currency: 'CNY' });
    expect(linePriceFrom(null, 'CNY')).toEqual({ ok: false, reason: 'noPrice' });
  });
});
