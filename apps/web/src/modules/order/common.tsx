import { Tag } from 'antd';
import { useAuth } from '../../lib/auth-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  AUDIT_STATUS,
  BID_STATUS,
  CHANGE_STATUS,
  COUNTERPART_STATUS,
  counterpartStatus,
  DELIVERY_STATUS,
  ITEM_STATUS,
  label,
  ORDER_STATUS,
  type OrderState,
  SEND_STATUS,
  SHIPMENT_STATUS,
  type Side,
  STATUS_COLOR,
  URGENCY,
} from './rules.ts';

/** The caller's side: sale-station users act as suppliers, everyone else as buyers. */
export function useSide(): Side {
  return useAuth((s) => (s.userInfo?.station === 'sale' ? 'sale' : 'purchase'));
}

const DICTS = {
  audit: AUDIT_STATUS,
  send: SEND_STATUS,
  order: ORDER_STATUS,
  change: CHANGE_STATUS,
  item: ITEM_STATUS,
  delivery: DELIVERY_STATUS,
  shipment: SHIPMENT_STATUS,
  bid: BID_STATUS,
} as const;

/** A status tag with its dictionary label in the current language. */
export function StatusTag({ kind, value }: { kind: keyof typeof DICTS; value: string | null | undefined }) {
  const locale = useSettings((s) => s.locale);
  if (value === null || value === undefined) return <>—</>;
  const colors: Record<string, string> = STATUS_COLOR[kind];
  return <Tag color={colors[value] ?? 'default'}>{label(DICTS[kind], value, locale)}</Tag>;
}

/** The buyer's reading of the supplier's answer (confirmed / returned / change not confirmed), if any. */
export function CounterpartTag({ order, side }: { order: OrderState; side: Side }) {
  const locale = useSettings((s) => s.locale);
  const key = counterpartStatus(order, side);
  if (!key) return null;
  return (
    <Tag color={key === 'confirmed' ? 'green' : key === 'returned' ? 'volcano' : 'geekblue'}>
      {label(COUNTERPART_STATUS, key, locale)}
    </Tag>
  );
}

export function UrgencyTag({ value }: { value: string }) {
  const locale = useSettings((s) => s.locale);
  return <Tag color={value === '1' ? 'red' : 'default'}>{label(URGENCY, value, locale)}</Tag>;
}

/** Query string of the hash route as an object. */
export function hashQuery(search: string): URLSearchParams {
  return new URLSearchParams(search);
}
