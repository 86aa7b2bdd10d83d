import type { Locale } from '@srm/contracts/constants';
import { compare, isDecimal as isPlainDecimal, sub } from '@srm/contracts/decimal';
import {
  type ActionDef,
  allowedActions,
  BUYER_SHORT_NAME,
  buyerShortNameField,
  codeLabel,
  collectionsOf,
  type DocumentDefinition,
  type FieldDef,
  type Side,
  type StatusState,
  statusFieldsOf,
  transitionTable,
} from '@srm/contracts/document/define';

/**
 * Pure helpers that turn a document definition (DESIGN §11) into what the generic screens show: list
 * columns and filters, form rules, the action toolbar and its dialogs. No React here, so each is unit-tested.
 */

/** A field's label in the user's language. */
export function fieldLabel(field: Pick<FieldDef, 'label'>, locale: Locale): string {
  return field.label[locale] ?? field.label.zh_cn;
}

/**
 * Fields that name the caller's own company (one row, two sides — DESIGN §4): the buyer does not need a
 * buyer column, the supplier neither a supplier column nor the supplier account filter.
 */
const OWN_SIDE_FIELDS: Record<Side, readonly string[]> = {
  purchase: ['buyerName'],
  sale: ['toElsAccount', 'supplierName'],
};
/**
 * The supplier's list names the buyer of every row with the kernel's buyer column (issue #16 "one inbox"):
 * a kind's own buyer name and buyer account columns and its buyer account filter give way to it and to
 * the list's buyer select.
 */
const SALE_BUYER_FIELDS: readonly string[] = ['buyerName', 'elsAccount'];
/** Status fields one side never acts on (the buyer's internal approval is not the supplier's business). */
const HIDDEN_STATUS: Record<Side, readonly string[]> = { purchase: [], sale: ['auditStatus'] };

/**
 * Labels of status fields the contracts do not name yet (STATUS_FIELD_LABELS answers the field name then).
 */
const STATUS_LABEL_FALLBACK: Readonly<Record<string, FieldDef['label']>> = {
  noteType: { zh_cn: '送货单类型', en: 'Notice type' },
};

/** The status fields of a kind as code fields, each with a label in both languages. */
export function statusFields(def: DocumentDefinition): Record<string, FieldDef> {
  return Object.fromEntries(
    Object.entries(statusFieldsOf(def)).map(([key, f]) => [
      key,
      f.label.en === key && STATUS_LABEL_FALLBACK[key] ? { ...f, label: STATUS_LABEL_FALLBACK[key] } : f,
    ]),
  );
}

export type ColumnSpec = { key: string; field: FieldDef; status: boolean };

/**
 * List columns: the document number, on the supplier's side the buyer (the kernel's `buyerShortName`),
 * every status field (codes shown as labels), then the other header fields marked `list`.
 */
export function listColumns(def: DocumentDefinition, side: Side): ColumnSpec[] {
  const header = Object.entries(def.header)
    .filter(
      ([key, f]) =>
        f.list &&
        !OWN_SIDE_FIELDS[side].includes(key) &&
        !(side === 'sale' && SALE_BUYER_FIELDS.includes(key)),
    )
    .map(([key, field]) => ({ key, field, status: false }));
  const statuses = Object.entries(statusFields(def))
    .filter(([key]) => !HIDDEN_STATUS[side].includes(key))
    .map(([key, field]) => ({ key, field, status: true }));
  const number = header.filter((c) => c.key === def.numberField);
  const buyer = side === 'sale' ? [{ key: BUYER_SHORT_NAME, field: buyerShortNameField, status: false }] : [];
  return [...number, ...buyer, ...statuses, ...header.filter((c) => c.key !== def.numberField)];
}

export type FilterSpec = {
  key: string;
  field: FieldDef;
  /**
   * select: a code list; text: exact text; prefix: "starts with"; range: two dates as {key}From / {key}To;
   * org: an organisation field (FieldDef.org) filtered exactly, picked from the buyer's org masters (the
   * supplier's side types it: it cannot read the buyer's masters).
   */
  control: 'select' | 'text' | 'prefix' | 'range' | 'org';
};

/**
 * List filters: every header or status field with `filter`, as the control that fits it (on the supplier's
 * side without the buyer account: the list's buyer select sets `elsAccount`).
 */
export function filterSpecs(def: DocumentDefinition, side: Side): FilterSpec[] {
  const all = { ...def.header, ...statusFields(def) };
  return Object.entries(all)
    .filter(
      ([key, f]) =>
        f.filter &&
        !OWN_SIDE_FIELDS[side].includes(key) &&
        !HIDDEN_STATUS[side].includes(key) &&
        !(side === 'sale' && key === 'elsAccount'),
    )
    .map(([key, field]) => ({
      key,
      field,
      control:
        field.filter === 'range'
          ? 'range'
          : field.filter === 'prefix'
            ? 'prefix'
            : field.codes
              ? 'select'
              : field.org && side === 'purchase'
                ? 'org'
                : 'text',
    }));
}

/** A buyer of the supplier's buyer select: its short name (its name without one) and account. */
export function buyerLabel(buyer: {
  elsAccount: string;
  companyName: string;
  companyShortName: string | null;
}): string {
  return `${buyer.companyShortName || buyer.companyName} (${buyer.elsAccount})`;
}

/**
 * The filter body with the supplier's buyer (issue #16): `elsAccount` set to a buyer it is linked with,
 * or left out (all buyers) — a stale choice (no longer linked) is left out too.
 */
export function withBuyer(
  body: Record<string, string>,
  buyer: string | null | undefined,
  linked: ReadonlyArray<{ elsAccount: string }>,
): Record<string, string> {
  const { elsAccount: _dropped, ...rest } = body;
  return buyer && linked.some((b) => b.elsAccount === buyer) ? { ...rest, elsAccount: buyer } : rest;
}

/** Values of the filter form: text, code, or a pair of 'YYYY-MM-DD' dates for a range. */
export type FilterValues = Record<
  string,
  string | readonly [string | null, string | null] | null | undefined
>;

/** The filter body of `…/findPageList` (filterSchema): trimmed values, ranges as {name}From / {name}To. */
export function toFilterBody(specs: FilterSpec[], values: FilterValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const spec of specs) {
    const v = values[spec.key];
    if (spec.control === 'range') {
      if (Array.isArray(v)) {
        if (v[0]) body[`${spec.key}From`] = v[0];
        if (v[1]) body[`${spec.key}To`] = v[1];
      }
    } else if (typeof v === 'string' && v.trim()) body[spec.key] = v.trim();
  }
  return body;
}

/** Drops trailing zeros of a decimal string ('12.500' → '12.5', '3.000' → '3'). */
export function trimDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** A field's value as text in the user's language ('' for nothing). */
export function formatValue(field: FieldDef, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'code':
      return codeLabel(field.codes, String(value), locale);
    case 'decimal':
      return field.money ? String(value) : trimDecimal(String(value));
    case 'datetime': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) return String(value);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    }
    case 'date':
      return String(value).slice(0, 10);
    default:
      return String(value);
  }
}

// ——— exact decimals (never floats: DESIGN §4; the one decimal module) ———

/** Whether a string is a plain non-negative decimal. */
export function isDecimal(value: string): boolean {
  return isPlainDecimal(value);
}

/** A non-negative decimal as these helpers read it: an empty text is 0, '.5' is 0.5, '5.' is 5. */
const lenient = (value: string) => value.trim().replace(/^\./, '0.').replace(/\.$/, '') || '0';

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  return compare(lenient(a), lenient(b));
}

/** a − b of two non-negative decimal strings, at least '0' (what is left to ship, receive, return). */
export function subtractDecimal(a: string | null | undefined, b: string | null | undefined): string {
  const diff = sub(lenient(String(a ?? '0')), lenient(String(b ?? '0')));
  return diff.lte(0) ? '0' : trimDecimal(diff.toFixed());
}

// ——— form rules from a field (checked again by the server) ———

/** The subset of antd's Rule the helpers produce (kept structural so this file needs no antd). */
export type FieldRule =
  | { required: true; whitespace?: boolean; message: string }
  | { max: number; message: string }
  | { validator: (rule: unknown, value: unknown) => Promise<void> };

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type RuleOptions = {
  /** The label shown in messages (e.g. "Delivery quantity of line 2"); default: the field's label. */
  label?: string;
  /** Required here even when the definition leaves it optional (a screen's own rule). */
  required?: boolean;
  /** Upper bound of a decimal (e.g. what remains on the order line). */
  max?: string;
};

/**
 * antd rules of one field, derived from its definition (required, max length, decimal digits and scale,
 * greater than 0, whole number) plus an optional upper bound. Messages name the field in the user's
 * language; the server checks the same rules again.
 */
export function rulesOf(
  field: FieldDef,
  t: Translate,
  locale: Locale,
  options: RuleOptions = {},
): FieldRule[] {
  const name = options.label ?? fieldLabel(field, locale);
  const rules: FieldRule[] = [];
  if (field.required || options.required) {
    const select = field.type === 'code' || field.type === 'date' || field.type === 'datetime';
    rules.push({
      required: true,
      ...(field.type === 'text' ? { whitespace: true } : {}),
      message: t(select ? 'document:rules.select' : 'document:rules.required', { field: name }),
    });
  }
  if (field.type === 'text' || field.type === 'account') {
    const max = field.max ?? (field.type === 'account' ? 20 : 200);
    rules.push({ max, message: t('document:rules.max', { field: name, max }) });
  }
  if (field.type === 'decimal') {
    const [int, scale] = field.digits ?? [12, 3];
    const pattern = new RegExp(`^\\d{1,${int}}(\\.\\d{1,${scale}})?$`);
    rules.push({
      validator: async (_rule, value) => {
        if (value === undefined || value === null || String(value).trim() === '') return;
        const v = String(value).trim();
        if (field.positive && (/^-/.test(v) || (isDecimal(v) && compareDecimal(v, '0') === 0)))
          throw new Error(t('document:rules.positive', { field: name }));
        if (!pattern.test(v)) throw new Error(t('document:rules.decimal', { field: name, int, scale }));
        if (options.max !== undefined && compareDecimal(v, options.max) > 0)
          throw new Error(t('document:rules.notAbove', { field: name, max: trimDecimal(options.max) }));
      },
    });
  }
  if (field.type === 'integer') {
    rules.push({
      validator: async (_rule, value) => {
        if (value === undefined || value === null || value === '') return;
        const n = Number(value);
        if (!Number.isInteger(n)) throw new Error(t('document:rules.integer', { field: name }));
        if (field.positive ? n < 1 : n < 0) throw new Error(t('document:rules.positive', { field: name }));
      },
    });
  }
  return rules;
}

/** The input fields of a field set, in definition order (what a save body carries). */
export function inputFields(fields: Readonly<Record<string, FieldDef>>): Array<[string, FieldDef]> {
  return Object.entries(fields).filter(([, f]) => f.input);
}

// ——— the action toolbar ———

export type ToolbarAction = {
  name: string;
  action: ActionDef;
  /** The action opens a dialog: a remark, quantities per line, or extra input fields. */
  dialog: boolean;
  danger: boolean;
};

/**
 * The buttons of a document's toolbar, in transition-table order: the actions the server says the caller
 * may run now (findDetail `actions`), else those the table allows for these statuses on this side.
 */
export function toolbarActions(
  def: DocumentDefinition,
  doc: StatusState,
  side: Side,
  serverActions?: readonly string[] | null,
): ToolbarAction[] {
  const table = transitionTable(def);
  const allowed = new Set(serverActions ?? allowedActions(def, doc, side));
  return Object.entries(table)
    .filter(([name]) => allowed.has(name))
    .map(([name, action]) => ({
      name,
      action,
      dialog: needsDialog(action),
      danger: Boolean(action.danger),
    }));
}

/** Whether an action asks for something before it runs (remark, quantities, extra fields). */
export function needsDialog(action: ActionDef): boolean {
  return Boolean(action.remark || action.lines || Object.keys(action.input ?? {}).length > 0);
}

/** Label of an action of the kind (standard ones included) in the user's language; the name if unknown. */
export function actionLabel(def: DocumentDefinition, name: string, locale: Locale): string {
  return transitionTable(def)[name]?.label[locale] ?? name;
}

/**
 * The body of an action (actionBodySchema): version, remark when given, the lines with a quantity above
 * 0, and the extra input fields that hold a value.
 */
export function actionBody(
  version: number,
  values: { remark?: string; quantities?: Record<string, string | undefined>; [k: string]: unknown },
  action: ActionDef,
): Record<string, unknown> {
  const body: Record<string, unknown> = { version };
  const remark = values.remark?.trim();
  if (remark) body.remark = remark;
  if (action.lines === 'quantities') {
    body.lines = Object.entries(values.quantities ?? {})
      .filter(([, q]) => q !== undefined && isDecimal(q) && compareDecimal(q, '0') > 0)
      .map(([lineId, q]) => ({ lineId, quantity: String(q).trim() }));
  }
  for (const name of Object.keys(action.input ?? {})) {
    const v = values[name];
    if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''))
      body[name] = typeof v === 'string' ? v.trim() : v;
  }
  return body;
}

// ——— the save body ———

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The save body of a kind (saveSchema) from form values: the header's input fields and fbkN that hold a
 * value (trimmed), `id` and `version` when editing, and per line its `id` (editing) and input fields.
 * Values the form holds only to show (material, remaining quantity …) are left out. With a `side`, each
 * child collection that side saves (issue #34) goes under its name: its rows' input fields (none: `[]`).
 */
export function saveBody(
  def: DocumentDefinition,
  values: Record<string, unknown> & { lines?: Array<Record<string, unknown>> },
  existing?: { id: string; version: number },
  side?: Side,
): Record<string, unknown> {
  const pick = (fields: Readonly<Record<string, FieldDef>>, from: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [name] of inputFields(fields)) {
      const v = from[name];
      if (!isEmpty(v)) out[name] = typeof v === 'string' ? v.trim() : v;
    }
    for (const [name, v] of Object.entries(from))
      if (/^fbk\d+$/.test(name) && !isEmpty(v)) out[name] = String(v).trim();
    return out;
  };
  const body: Record<string, unknown> = {
    ...(existing ? { id: existing.id, version: existing.version } : {}),
    ...pick(def.header, values),
    lines: (values.lines ?? []).map((line) => ({
      ...(typeof line.id === 'string' ? { id: line.id } : {}),
      ...pick(def.lines.fields, line),
    })),
  };
  if (side)
    for (const [name, collection] of collectionsOf(def, side)) {
      const rows = values[name];
      body[name] = (Array.isArray(rows) ? (rows as Array<Record<string, unknown>>) : []).map((row) =>
        pick(collection.fields, row),
      );
    }
  return body;
}
