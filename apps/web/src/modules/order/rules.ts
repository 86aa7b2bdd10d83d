/**
 * Pure rules of the order module app (issue #5, seed 001 §3–§5): status dictionaries (copied from
 * contracts/purchase-order.ts, which defines zod schemas and must not be value-imported by browser code),
 * which actions each status allows per side, exact-decimal money previews, and form rules.
 */
import type { Locale } from '@srm/contracts/constants';
import {
  add,
  compare,
  type Decimal,
  div,
  fixed,
  isDecimal as isPlainDecimal,
  mul,
  parseDecimal,
  percentOf,
  sub,
  sum,
  trimZeros,
} from '@srm/contracts/decimal';
import { canDo as canDoDocument } from '@srm/contracts/document/define';
import { purchaseOrderDefinition } from '@srm/contracts/purchase-order-definition';

export type Side = 'purchase' | 'sale';
type Dict = Record<string, { zh_cn: string; en: string }>;

export const AUDIT_STATUS: Dict = {
  '0': { zh_cn: '未提交审批', en: 'Not submitted' },
  '1': { zh_cn: '审批中', en: 'Under approval' },
  '2': { zh_cn: '审批通过', en: 'Approved' },
  '3': { zh_cn: '审批拒绝', en: 'Rejected' },
  '4': { zh_cn: '已撤回', en: 'Withdrawn' },
};
export const SEND_STATUS: Dict = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '已发送', en: 'Sent' },
};
export const ORDER_STATUS: Dict = {
  '0': { zh_cn: '未发送', en: 'Not sent' },
  '1': { zh_cn: '待确认', en: 'To be confirmed' },
  '2': { zh_cn: '部分确认', en: 'Partial confirmation' },
  '3': { zh_cn: '全部确认', en: 'All confirmed' },
  '4': { zh_cn: '已拒绝', en: 'Refused' },
  '5': { zh_cn: '已关闭', en: 'Closed' },
  '6': { zh_cn: '竞价中', en: 'In bidding' },
};
/** Status of one supplier's bid in an order's price bidding (contracts BID_STATUS). */
export const BID_STATUS: Dict = {
  '0': { zh_cn: '已邀请', en: 'Invited' },
  '1': { zh_cn: '已报价', en: 'Quoted' },
  '2': { zh_cn: '中标', en: 'Won' },
  '3': { zh_cn: '未中标', en: 'Not won' },
  '4': { zh_cn: '已取消', en: 'Cancelled' },
};
export const CHANGE_STATUS: Dict = {
  '0': { zh_cn: '无变更', en: 'No change' },
  '1': { zh_cn: '变更未发送', en: 'Change not sent' },
  '2': { zh_cn: '变更已发送', en: 'Change sent' },
  '3': { zh_cn: '变更已确认', en: 'Change confirmed' },
  '4': { zh_cn: '变更已退回', en: 'Change returned' },
};
export const ITEM_STATUS: Dict = {
  '0': { zh_cn: '待确认', en: 'To be confirmed' },
  '1': { zh_cn: '已确认', en: 'Confirmed' },
  '2': { zh_cn: '已拒绝', en: 'Refused' },
};
/** Delivery status of an order (contracts DELIVERY_STATUS; seed 001 §3 deliveryStatus, §4). */
export const DELIVERY_STATUS: Dict = {
  '0': { zh_cn: '未发货', en: 'Not shipped' },
  '1': { zh_cn: '发货在途', en: 'Shipment in transit' },
  '2': { zh_cn: '部分收货', en: 'Partial receipt' },
  '3': { zh_cn: '全部收货', en: 'All goods received' },
};
/** Status of one shipment (contracts SHIPMENT_STATUS). */
export const SHIPMENT_STATUS: Dict = {
  '1': { zh_cn: '在途', en: 'In transit' },
  '2': { zh_cn: '已收货', en: 'Received' },
};
export const URGENCY: Dict = {
  '0': { zh_cn: '普通', en: 'Normal' },
  '1': { zh_cn: '紧急', en: 'Urgent' },
};
/** Order and purchase type codes 0–9 (seed 001 §3; contracts/dictionaries.ts orderType). */
export const ORDER_TYPE: Dict = {
  '0': { zh_cn: '标准', en: 'Standard' },
  '1': { zh_cn: '限制', en: 'Restriction' },
  '2': { zh_cn: '寄售', en: 'Consignment' },
  '3': { zh_cn: '分包', en: 'Subcontracting' },
  '4': { zh_cn: '未知商品', en: 'Unknown commodity' },
  '5': { zh_cn: '第三方', en: 'Third party' },
  '6': { zh_cn: '文本', en: 'Text' },
  '7': { zh_cn: '库存转储', en: 'Stock transfer' },
  '8': { zh_cn: '商品类别', en: 'Commodity category' },
  '9': { zh_cn: '服务', en: 'Service' },
};

/**
 * The supplier's answer as the buyer reads it (seed 001 §4 "confirmed by the other party", "returned (by
 * other party)", "change not confirmed by the other party"): labels of the buyer's view of states the
 * supplier's confirm, return-change and the buyer's send-change reach.
 */
export const COUNTERPART_STATUS: Dict = {
  confirmed: { zh_cn: '对方已确认', en: 'Confirmed by the other party' },
  returned: { zh_cn: '对方已退回', en: 'Returned by the other party' },
  changeUnconfirmed: { zh_cn: '对方未确认变更', en: 'Change not confirmed by the other party' },
};

/** Which COUNTERPART_STATUS label the buyer sees for an order, if any (never on the supplier's side). */
export function counterpartStatus(o: OrderState, side: Side): keyof typeof COUNTERPART_STATUS | null {
  if (side !== 'purchase' || o.sendStatus !== '1') return null;
  if (o.changeStatus === '2') return 'changeUnconfirmed';
  if (o.changeStatus === '4') return 'returned';
  if (o.orderStatus === '3') return 'confirmed';
  return null;
}

/** Label of a dictionary value in a language; the raw value when unknown. */
export function label(dict: Dict, value: string | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '—';
  return dict[value]?.[locale] ?? value;
}

/** Tag colours of the statuses. */
export const STATUS_COLOR = {
  audit: { '0': 'default', '1': 'processing', '2': 'success', '3': 'error', '4': 'warning' },
  send: { '0': 'default', '1': 'blue' },
  order: {
    '0': 'default',
    '1': 'processing',
    '2': 'gold',
    '3': 'success',
    '4': 'error',
    '5': 'default',
    '6': 'purple',
  },
  bid: { '0': 'default', '1': 'processing', '2': 'success', '3': 'default', '4': 'warning' },
  change: { '0': 'default', '1': 'orange', '2': 'processing', '3': 'success', '4': 'error' },
  item: { '0': 'processing', '1': 'success', '2': 'error' },
  delivery: { '0': 'default', '1': 'cyan', '2': 'gold', '3': 'success' },
  shipment: { '1': 'cyan', '2': 'success' },
} as const satisfies Record<string, Record<string, string>>;

export type OrderState = {
  auditStatus: string;
  sendStatus: string;
  orderStatus: string;
  changeStatus: string;
  /** 0 not shipped, 1 in transit, 2 partial receipt, 3 all received; absent counts as 0. */
  deliveryStatus?: string;
  /** The ERP push (issue #18): 0 none, P pushing, S pushed, E failed; absent counts as 0. */
  erpPushStatus?: string;
};

export type OrderAction =
  | 'edit'
  | 'copy'
  | 'delete'
  | 'submit'
  | 'withdraw'
  | 'send'
  | 'sendChange'
  | 'close'
  | 'print'
  | 'confirm'
  | 'refuse'
  | 'confirmChange'
  | 'returnChange'
  | 'ship'
  | 'startBidding'
  | 'pushErp';

/**
 * Whether an action is open for an order on a side: the order's transition table
 * (packages/contracts purchaseOrderDefinition), the one the server checks too. Copy and print are
 * always open to the buyer (print to both).
 */
export function canDo(action: OrderAction, o: OrderState, side: Side): boolean {
  if (action === 'print') return true;
  if (action === 'copy') return side === 'purchase';
  return canDoDocument(
    purchaseOrderDefinition,
    action,
    { deliveryStatus: '0', erpPushStatus: '0', ...o },
    side,
  );
}

/** The actions open for an order on a side, in toolbar order. */
export function allowedActions(o: OrderState, side: Side): OrderAction[] {
  const order: OrderAction[] =
    side === 'purchase'
      ? [
          'edit',
          'submit',
          'startBidding',
          'withdraw',
          'send',
          'sendChange',
          'pushErp',
          'close',
          'copy',
          'delete',
          'print',
        ]
      : ['confirm', 'refuse', 'ship', 'confirmChange', 'returnChange', 'print'];
  return order.filter((a) => canDo(a, o, side));
}

// ---- Exact decimals (no float money): the one decimal module (@srm/contracts/decimal) ----

/** True for a non-negative decimal string of the given integer digits and scale. */
export function isDecimal(value: string, integerDigits: number, scale: number): boolean {
  return isPlainDecimal(value, { integerDigits, scale });
}

/**
 * A decimal string (≤ 15 integer digits, ≤ 9 decimals) exactly; more decimals than `scale` are not
 * allowed. Throws on anything else (the callers below answer null then, or let it through).
 */
function exact(value: string, scale: number): Decimal {
  const parsed = parseDecimal(value, { integerDigits: 15, scale: Math.min(scale, 9) });
  if (parsed === null) throw new Error(`not a decimal of scale ${scale}: ${value}`);
  return parsed;
}

export type LineMoney = { priceIncludingTax: string; amountExcl: string; amount: string };

/**
 * Money of a line, as the server computes it: price incl. tax = excl × (1 + rate/100) at 6 decimals,
 * amounts = quantity × price at 2 decimals, half-up. Null when an input is not a valid decimal.
 */
export function lineMoney(quantity: string, priceExcludingTax: string, taxRate: string): LineMoney | null {
  try {
    const q = exact(quantity, 3);
    const p = exact(priceExcludingTax, 6);
    const r = exact(taxRate, 2); // percent
    const incl = div(mul(p, add(100, r)), 100, 6, 'halfUp');
    return {
      priceIncludingTax: fixed(incl, 6),
      amountExcl: fixed(mul(q, p), 2, 'halfUp'),
      amount: fixed(mul(q, incl), 2, 'halfUp'),
    };
  } catch {
    return null;
  }
}

/** Totals of line amounts (2 decimals) and in local currency (× exchange rate 10.6, half-up to 2). */
export function totals(
  lines: Array<Pick<LineMoney, 'amountExcl' | 'amount'>>,
  exchangeRate: string,
): { excl: string; tax: string; incl: string; local: string | null } {
  const excl = sum(lines.map((l) => exact(l.amountExcl, 2)));
  const incl = sum(lines.map((l) => exact(l.amount, 2)));
  let local: string | null = null;
  try {
    local = fixed(mul(incl, exact(exchangeRate, 6)), 2, 'halfUp');
  } catch {
    local = null;
  }
  return { excl: fixed(excl, 2), tax: fixed(sub(incl, excl), 2), incl: fixed(incl, 2), local };
}

/** Groups thousands of a decimal string for display without turning it into a float. */
export function formatAmount(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const [int, frac] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Drops trailing zeros of a decimal string ('120.500000' → '120.5'). */
export function trimDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return trimZeros(value);
}

// ---- Shipping and receiving (seed 001 §5 shipment quantity) ----

/**
 * What a line can still ship, as the server computes it: quantity × (1 + overTolerance/100), rounded
 * down to 3 decimals, minus what was shipped; never below 0. Trailing zeros dropped; null on bad input.
 */
export function remainingToShip(line: {
  quantity: string;
  overTolerance: string;
  shippedQuantity: string;
}): string | null {
  try {
    const allowed = percentOf(exact(line.quantity, 3), add(100, exact(line.overTolerance, 2)), 3, 'down');
    const rest = sub(allowed, exact(line.shippedQuantity, 3));
    return trimDecimal(fixed(rest.gt(0) ? rest : 0, 3));
  } catch {
    return null;
  }
}

/** What is still to be received on a shipment line: shipped − received (never below 0). */
export function remainingToReceive(line: {
  shippedQuantity: string;
  receivedQuantity: string;
}): string | null {
  try {
    const rest = sub(exact(line.shippedQuantity, 3), exact(line.receivedQuantity, 3));
    return trimDecimal(fixed(rest.gt(0) ? rest : 0, 3));
  } catch {
    return null;
  }
}

/** A number below zero as typed ("-1", "-0.5", "-.5"): it breaks a "greater than 0" rule before any format. */
export function isNegativeNumber(value: string): boolean {
  return /^-\s*(\d+(\.\d*)?|\.\d+)$/.test(value.trim());
}

/**
 * Message key (namespace 'order') of a shipped or received quantity entered against its maximum, or
 * null when it is fine: required, format (≤ 3 decimals), greater than 0, at most the maximum.
 */
export function quantityProblem(value: string | undefined, max: string): string | null {
  const v = value?.trim() ?? '';
  if (!v) return 'rules.required';
  if (isNegativeNumber(v)) return 'delivery.rules.shipPositive';
  if (!isDecimal(v, 12, 3)) return 'rules.quantityFormat';
  if (/^0+(\.0+)?$/.test(v)) return 'delivery.rules.shipPositive';
  if (compare(exact(v, 3), exact(max, 3)) > 0) return 'delivery.rules.overRemaining';
  return null;
}

// ---- Form rules (seed 001 §5) ----

export type LineInput = {
  materialNumber?: string;
  materialDesc?: string;
  unit?: string;
  quantity?: string;
  priceExcludingTax?: string;
  taxRate?: string;
  deliveryDate?: string;
  /** In the line's unit, ≥ 0, at most 3 decimals. */
  minPackingQuantity?: string;
  /** Percent 0–100, at most 2 decimals. */
  overTolerance?: string;
  lackTolerance?: string;
};

const percentOk = (v: string) => isDecimal(v, 3, 2) && compare(v.trim(), 100) <= 0;

/** Message keys (namespace 'order') of a line's problems, by field. Empty when the line is fine. */
export function lineProblems(line: LineInput): Partial<Record<keyof LineInput, string>> {
  const out: Partial<Record<keyof LineInput, string>> = {};
  if (!line.materialNumber?.trim()) out.materialNumber = 'rules.required';
  if (!line.materialDesc?.trim()) out.materialDesc = 'rules.required';
  if (!line.unit?.trim()) out.unit = 'rules.required';
  const q = line.quantity?.trim() ?? '';
  if (!q) out.quantity = 'rules.required';
  // The sign first: −1 breaks "greater than 0", not the decimal format.
  else if (isNegativeNumber(q)) out.quantity = 'rules.quantityPositive';
  else if (!isDecimal(q, 12, 3)) out.quantity = 'rules.quantityFormat';
  else if (/^0+(\.0+)?$/.test(q)) out.quantity = 'rules.quantityPositive';
  const p = line.priceExcludingTax?.trim() ?? '';
  if (p && !isDecimal(p, 12, 6)) out.priceExcludingTax = 'rules.priceFormat';
  const r = line.taxRate?.trim() ?? '';
  if (r && !percentOk(r)) out.taxRate = 'rules.taxRate';
  if (!line.deliveryDate) out.deliveryDate = 'rules.required';
  const pack = line.minPackingQuantity?.trim() ?? '';
  if (pack && !isDecimal(pack, 12, 3)) out.minPackingQuantity = 'rules.packFormat';
  for (const key of ['overTolerance', 'lackTolerance'] as const) {
    const v = line[key]?.trim() ?? '';
    if (v && !percentOk(v)) out[key] = 'rules.tolerance';
  }
  return out;
}

/** Exchange rate format 10.6 (seed 001 §5): at most 4 integer digits and 6 decimals, not zero. */
export function exchangeRateOk(value: string): boolean {
  return isDecimal(value, 4, 6) && !/^0+(\.0+)?$/.test(value.trim());
}

/** Bulk actions need at least one selected row (seed 001 §5). */
export function needsSelection(selected: readonly unknown[]): boolean {
  return selected.length === 0;
}

/** Supplier confirm: each selected line needs a reply delivery date; returns the line numbers missing one. */
export function missingReplyDates(
  lines: Array<{ itemNumber: number; replyDeliveryDate?: string | null }>,
): number[] {
  return lines.filter((l) => !l.replyDeliveryDate).map((l) => l.itemNumber);
}

/** Which status dictionary the from/to values of an audit-trail row use, by its action. */
export function trailKind(action: string): 'audit' | 'order' | 'change' | 'delivery' | 'bid' {
  if (['ship', 'receive'].includes(action)) return 'delivery';
  if (action === 'quote') return 'bid';
  if (['send', 'close', 'confirm', 'refuse', 'startBidding', 'award', 'cancelBidding'].includes(action))
    return 'order';
  if (['change', 'sendChange', 'confirmChange', 'returnChange'].includes(action)) return 'change';
  return 'audit';
}

// ---- Custom fields fbk1…fbk50 (seed 001 §3; contracts/purchase-order.ts CUSTOM_FIELD_KEYS) ----

export type CustomFieldKey = `fbk${number}`;
export type CustomFields = { [K in CustomFieldKey]?: string };

/** 'fbk1' … 'fbk50' in order; the server refuses any other fbkN. */
export const CUSTOM_FIELD_KEYS: readonly CustomFieldKey[] = Array.from(
  { length: 50 },
  (_, i) => `fbk${i + 1}` as const,
);
/** How many header custom fields the edit page offers (fbk1 … fbk10); others are kept as they are. */
export const EDITABLE_CUSTOM_FIELDS = 10;
/** Longest value of a custom field, in characters (the server's limit). */
export const CUSTOM_FIELD_MAX = 100;

/** The non-empty custom fields of a header or line, as [key, value] in fbk order. */
export function customFieldEntries(source: object | null | undefined): Array<[CustomFieldKey, string]> {
  if (!source) return [];
  const record = source as Record<string, unknown>;
  const out: Array<[CustomFieldKey, string]> = [];
  for (const key of CUSTOM_FIELD_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') out.push([key, value]);
  }
  return out;
}

/** The custom fields of form values for a save body: trimmed, empty ones left out (= absent). */
export function customFieldsBody(source: object | null | undefined): CustomFields {
  return Object.fromEntries(customFieldEntries(source).map(([k, v]) => [k, v.trim()])) as CustomFields;
}

/** The fbk keys that have a value in at least one of the rows (columns of the lines table). */
export function usedCustomFields(rows: readonly object[]): CustomFieldKey[] {
  const used = new Set(rows.flatMap((r) => customFieldEntries(r).map(([k]) => k)));
  return CUSTOM_FIELD_KEYS.filter((k) => used.has(k));
}

// ---- Material picker: a line from the material master and the price master ----

/** What a line takes from a material of the master (masterdata PurchaseMaterialService). */
export type MaterialPick = {
  id: string;
  materialNumber: string;
  materialName: string;
  materialDesc: string;
  baseUnit: string;
  minPackingQuantity: string;
  overTolerance: string;
  lackTolerance: string;
};

/** The option text of a material in the picker: "number — name". */
export function materialOptionLabel(m: Pick<MaterialPick, 'materialNumber' | 'materialName'>): string {
  return `${m.materialNumber} — ${m.materialName}`;
}

/**
 * The line fields a picked material fills: its id (so the server can default the price too), number,
 * description (name plus the master's description, at most 200 characters), unit (the base unit, the
 * unit of the master's quantities and prices), minimum packing quantity and tolerances (trailing zeros
 * dropped).
 */
export function lineFromMaterial(m: MaterialPick) {
  const desc = [m.materialName.trim(), m.materialDesc.trim()].filter(Boolean).join(' ');
  return {
    materialId: m.id,
    materialNumber: m.materialNumber,
    materialDesc: desc.slice(0, 200),
    unit: m.baseUnit,
    minPackingQuantity: trimDecimal(m.minPackingQuantity),
    overTolerance: trimDecimal(m.overTolerance),
    lackTolerance: trimDecimal(m.lackTolerance),
  };
}

/** The price master record valid for a supplier and material (PurchasePriceService/findEffectivePrice). */
export type EffectivePrice = {
  priceExcludingTax: string;
  taxRate: string;
  currency: string;
  priceBase: string;
};

/** Divides a 6-decimal price by a 3-decimal quantity, half-up to 6 decimals (exact, no floats). */
export function pricePerUnit(price: string, priceBase: string): string | null {
  try {
    const b = exact(priceBase, 3);
    if (b.isZero()) return null;
    return trimDecimal(fixed(div(exact(price, 6), b, 6, 'halfUp'), 6));
  } catch {
    return null;
  }
}

/**
 * The price a line takes from the price master: the unit price (the master's price is per `priceBase`
 * units) and its tax rate, or why there is none — no valid price, or a price in another currency than
 * the order's (never converted silently).
 */
export function linePriceFrom(
  price: EffectivePrice | null,
  orderCurrency: string,
):
  | { ok: true; priceExcludingTax: string; taxRate: string }
  | { ok: false; reason: 'noPrice' | 'currency'; currency?: string } {
  if (!price) return { ok: false, reason: 'noPrice' };
  if (price.currency !== orderCurrency) return { ok: false, reason: 'currency', currency: price.currency };
  const unit = pricePerUnit(price.priceExcludingTax, price.priceBase);
  if (unit === null) return { ok: false, reason: 'noPrice' };
  return { ok: true, priceExcludingTax: unit, taxRate: trimDecimal(price.taxRate) };
}
