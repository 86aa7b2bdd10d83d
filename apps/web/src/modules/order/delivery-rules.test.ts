import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  canDo,
  DELIVERY_STATUS,
  label,
  quantityProblem,
  remainingToReceive,
  remainingToShip,
  trailKind,
} from './rules.ts';

const sent = (orderStatus: string, extra: Record<string, string> = {}) => ({
  auditStatus: '2',
  sendStatus: '1',
  orderStatus,
  changeStatus: '0',
  ...extra,
});

describe('shipping and receiving rules of the order page', () => {
  it('offers Ship to the supplier on a sent, (partly) confirmed order without a pending change', () => {
    expect(canDo('ship', sent('2'), 'sale')).toBe(true);
    expect(canDo('ship', sent('3'), 'sale')).toBe(true);
    expect(canDo('ship', sent('1'), 'sale')).toBe(false);
    expect(canDo('ship', sent('5'), 'sale')).toBe(false);
    expect(canDo('ship', sent('3', { changeStatus: '2' }), 'sale')).toBe(false);
    expect(canDo('ship', sent('3'), 'purchase')).toBe(false);
    expect(allowedActions(sent('3'), 'sale')).toEqual(['ship', 'print']);
  });

  it('no change once goods are shipped', () => {
    expect(canDo('edit', sent('3'), 'purchase')).toBe(true);
    expect(canDo('edit', sent('3', { deliveryStatus: '1' }), 'purchase')).toBe(false);
  });

  it('computes what remains exactly, as the server does', () => {
    expect(remainingToShip({ quantity: '100.000', overTolerance: '10.00', shippedQuantity: '60.000' })).toBe(
      '50',
    );
    expect(remainingToShip({ quantity: '3', overTolerance: '33.33', shippedQuantity: '1' })).toBe('2.999');
    expect(remainingToShip({ quantity: '5', overTolerance: '0', shippedQuantity: '6' })).toBe('0');
    expect(remainingToReceive({ shippedQuantity: '200.500', receivedQuantity: '0.250' })).toBe('200.25');
  });

  it('checks an entered quantity: > 0, at most 3 decimals, at most the maximum', () => {
    expect(quantityProblem('', '5')).toBe('rules.required');
    expect(quantityProblem('0', '5')).toBe('delivery.rules.shipPositive');
    expect(quantityProblem('-1', '5')).toBe('delivery.rules.shipPositive');
    expect(quantityProblem('1.2345', '5')).toBe('rules.quantityFormat');
    expect(quantityProblem('5.001', '5')).toBe('delivery.rules.overRemaining');
    expect(quantityProblem('5', '5')).toBeNull();
  });

  it('labels delivery statuses and their trail rows', () => {
    expect(label(DELIVERY_STATUS, '1', 'en')).toBe('Shipment in transit');
    expect(label(DELIVERY_STATUS, '2', 'zh_cn')).toBe('部分收货');
    expect(trailKind('ship')).toBe('delivery');
    expect(trailKind('receive')).toBe('delivery');
  });
});
