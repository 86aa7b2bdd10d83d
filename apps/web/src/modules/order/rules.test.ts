import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  canDo,
  exchangeRateOk,
  fieldsInMessage,
  formatAmount,
  label,
  lineMoney,
  lineProblems,
  missingReplyDates,
  needsSelection,
  ORDER_STATUS,
  totals,
  trailKind,
  trimDecimal,
} from './rules.ts';

const state = (auditStatus: string, sendStatus: string, orderStatus: string, changeStatus = '0') => ({
  auditStatus,
  sendStatus,
  orderStatus,
  changeStatus,
});

describe('actions by status and side', () => {
  it('a new order: edit, submit, copy, delete, close, print for the buyer; nothing but print for the supplier', () => {
    const o = state('0', '0', '0');
    expect(allowedActions(o, 'purchase')).toEqual(['edit', 'submit', 'close', 'copy', 'delete', 'print']);
    expect(allowedActions(o, 'sale')).toEqual(['print']);
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
    for (const s of ['1', '2']) {
      expect(allowedActions(state('2', '1', s), 'sale')).toEqual(['confirm', 'refuse', 'print']);
    }
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
    expect(lineProblems({ ...ok, quantity: '-1' }).quantity).toBe('rules.quantityFormat');
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
  it('finds the fields a server message names', () => {
    expect(fieldsInMessage('参数错误：body.items.1.quantity 必须大于 0；body.orderType 不能为空')).toEqual({
      header: ['orderType'],
      lines: [[1, 'quantity']],
    });
    expect(fieldsInMessage('供应商 200009 不是你的供应商')).toEqual({ header: [], lines: [] });
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
