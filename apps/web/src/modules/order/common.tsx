import { Tag } from 'antd';
import { useAuth } from '../../lib/auth-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { useCompanyDictionary } from '../../lib/use-company-dictionary.ts';
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

/** The kinds whose labels the buyer's admin may change (DictService dictionaries, issue #19). */
const COMPANY_DICTS: Partial<Record<keyof typeof DICTS, string>> = { order: 'purchaseOrderStatus' };

/**
 * A status tag with its dictionary label in the current language: the company's label (its admin's
 * business dictionaries) when the kind has one, else the built-in label.
 */
export function StatusTag({ kind, value }: { kind: keyof typeof DICTS; value: string | null | undefined }) {
  const text = useStatusLabels(kind).label;
  if (value === null || value === undefined) return <>—</>;
  const colors: Record<string, string> = STATUS_COLOR[kind];
  return <Tag color={colors[value] ?? 'default'}>{text(value)}</Tag>;
}

/**
 * Labels and filter options of a status kind in the current language, as the company names them (its
 * admin's business dictionaries, issue #19) where the kind has a company dictionary, else built in. The
 * options leave out the values the company disabled: no document of the company can reach them.
 */
export function useStatusLabels(kind: keyof typeof DICTS) {
  const locale = useSettings((s) => s.locale);
  const company = useCompanyDictionary(COMPANY_DICTS[kind] ?? null);
  const dict: Record<string, { zh_cn: string; en: string }> = DICTS[kind];
  const text = (value: string) => company?.[value]?.[locale] ?? label(dict, value, locale);
  return {
    label: text,
    options: Object.keys(dict)
      .filter((value) => company?.[value]?.disabled !== 'Y')
      .map((value) => ({ value, label: text(value) })),
  };
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
