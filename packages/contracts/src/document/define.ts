import { z } from 'zod';
import { elsAccountSchema } from '../auth.ts';
import type { Locale } from '../constants.ts';
import { describedField, LINE_NUMBER_STEP } from '../field-labels.ts';
import { pagingSchema } from '../message.ts';
import type { OrgUnitType } from '../org-master.ts';
import { CUSTOM_FIELD_MAX_LENGTH } from '../purchase-order.ts';

/**
 * The document kernel's definitions (DESIGN §11, issue #12): one declarative definition per document
 * kind of seed 001 drives the server's routes, list queries, guards and notifications and the web's
 * lists, forms and toolbars. What is the same for every kind is derived here; each kind's own rules
 * (effects) are hand-written next to its tables on the server.
 */

/** A text in both interface languages (zh_cn default, en). */
export type Label = Readonly<Record<Locale, string>>;
/** Buyer (purchase station, the row's elsAccount) or supplier (sale station, toElsAccount). */
export type Side = 'purchase' | 'sale';
/** A status or type dictionary: code → label. */
export type Dict = Readonly<Record<string, Label>>;

export type FieldType = 'text' | 'decimal' | 'integer' | 'date' | 'datetime' | 'code' | 'account' | 'uuid';

/** One header or line field of a kind (seed 001 §3 names). */
export type FieldDef = {
  label: Label;
  type: FieldType;
  /** Longest text, in characters after trimming. */
  max?: number;
  /** Exact decimal: integer digits and scale (DESIGN §4: numeric, never floats). */
  digits?: readonly [number, number];
  /** A decimal or integer that must be greater than 0 (seed 001 §5). */
  positive?: boolean;
  /** An amount of money: always shown with its two decimals (3909.80, never 3909.8), as stored. */
  money?: boolean;
  /** The codes of a 'code' field. */
  codes?: Dict;
  /**
   * A 'text' field holding an organisation master code (issue #19): the kernel's forms offer a search
   * picker over the company's enabled records of this type ("code name"), the stored value stays the code.
   * Every header or line column a server kind maps to an organisation item (`dataPermission`) must carry
   * it (defineKind checks), so no kind's form is left with a free-text organisation.
   */
  org?: OrgUnitType;
  /** Required on save (or, for an action input, in the action's body). */
  required?: boolean;
  /** Default of an optional 'code' or text field on save. */
  default?: string;
  /** The save body carries it (set by the side that saves); absent: the server sets it. */
  input?: boolean;
  /**
   * Write-only (an opening password): accepted on save, never answered, listed, exported or printed; the
   * kind's save stores what it derives from it (a hash) under another column. Forms show a password input.
   */
  secret?: boolean;
  /** A list column (and an Excel column). */
  list?: boolean;
  /** A list filter: exact code, number prefix ("starts with"), or a date range (…From / …To). */
  filter?: 'eq' | 'prefix' | 'range';
};

/** One child collection of a kind (`DocumentDefinition.collections`). */
export type CollectionDef = {
  label: Label;
  fields: Readonly<Record<string, FieldDef>>;
  /** At least this many rows on save (default 0). */
  min?: number;
  /** At most this many rows. */
  max: number;
  /** The sides that read the rows (default: every side that reads the document). */
  sides?: readonly Side[];
};

/** Status field → the codes in which something is allowed (every named field must hold). */
export type Guard = Readonly<Record<string, readonly string[]>>;
/** Per side, the guard (or any of several guards) under which that side may act. */
export type SideGuards = Readonly<Partial<Record<Side, Guard | readonly Guard[]>>>;

/** One action of the transition table (issue #12): who may do it, from where, to where, with what. */
export type ActionDef = {
  label: Label;
  /** Which side may run it, and from which statuses. */
  sides: SideGuards;
  /** Status fields the action sets (an effect may compute them instead, e.g. partial/full receipt). */
  target?: Readonly<Record<string, string>>;
  /** A remark in the body: required (refusing, returning …) or optional. */
  remark?: 'required' | 'optional';
  /** The body carries lines with a quantity each (> 0, in the line's unit), at least one. */
  lines?: 'quantities';
  /** Extra body fields of this action (their rules as for header fields). */
  input?: Readonly<Record<string, FieldDef>>;
  /**
   * Header fields that must hold a value when the action runs, from the document or from this action's
   * body (seed 001 §5 "logistics information required" for shipping): '400' naming the field otherwise.
   */
  requires?: readonly string[];
  /** Also offered on many documents at once (`…/{action}` with `{ items: [{ id, version }] }`). */
  bulk?: boolean;
  /** Shown as a dangerous button that asks for confirmation. */
  danger?: boolean;
  /** Who hears of it, and the message title ({number} is the document number) in both languages. */
  notify?: { to: 'counterpart' | 'creator'; title: Label };
  /**
   * The action may be put under an approval flow of its own (server platform/document/action-approval.ts;
   * an RFQ's award: task type "enquiry end"): the flow's task type, and the header field holding its
   * status (APPROVAL_STATUS codes). Its audit rows are `{action}Submit`, `…Approve`, `…Reject`.
   */
  approval?: { kind: string; statusField: string };
};

/** The steps of an action's own approval as audit-trail actions (`awardSubmit` …). */
export const ACTION_APPROVAL_STEPS = ['Submit', 'Approve', 'Reject'] as const;

/** The action under approval an audit-trail action belongs to (`awardApprove` → 'award'), or null. */
export function approvalStepOf(
  def: Pick<DocumentDefinition, 'actions'>,
  trailAction: string,
): { action: string; step: (typeof ACTION_APPROVAL_STEPS)[number] } | null {
  for (const step of ACTION_APPROVAL_STEPS)
    if (trailAction.endsWith(step)) {
      const action = trailAction.slice(0, -step.length);
      if (def.actions[action]?.approval) return { action, step };
    }
  return null;
}

/** The standard actions every kind has, generated from the definition (the same table as `actions`). */
export type StandardAction = 'edit' | 'delete' | 'submit' | 'withdraw';

export type DocumentDefinition = {
  /** The spec's document kind code (spec 000 §9): order, deliveryNote, refund … */
  kind: string;
  /** Module prefix of the API paths and the web app: `/apis/{module}/…`, `/{module}/#/v2/…`. */
  module: string;
  /** `Purchase{service}Service` / `Sale{service}Service`. */
  service: string;
  title: Label;
  /** Number prefix (per company and month: DN2026110001). */
  prefix: string;
  /** The header field holding the document number. */
  numberField: string;
  /** The header field the lists sort by (newest first), then create time and id. */
  dateField: string;
  header: Readonly<Record<string, FieldDef>>;
  lines: { label: Label; fields: Readonly<Record<string, FieldDef>>; max: number };
  /**
   * Child collections besides the lines (issue #34: a contract's payment plan, a quality notice's defect
   * items): name → its rows' fields, how many rows a document holds, and the sides that read them. Each is
   * a table of its own on the server (`documentTables`, `{header}_{name}` with `document_id` and
   * `line_number`). The save body carries each under its name (`saveSchema`), the detail answers the rows
   * of those the caller's side reads (`collectionsOf`), and the default form and detail show them.
   */
  collections?: Readonly<Record<string, CollectionDef>>;
  /**
   * The code fields guards read (statuses, and types such as noteType), with their codes; the first is
   * the document's main status.
   */
  statuses: Readonly<Record<string, Dict>>;
  /** Which sides create documents, and when each may still edit or delete its own (a draft …). */
  editable: SideGuards;
  /** When a document may be deleted, if not whenever it may be edited. */
  deletable?: SideGuards;
  /** What the other side never sees (a draft, an unsent request): per side, the rows it may read. */
  visible?: Readonly<Partial<Record<Side, Guard | readonly Guard[]>>>;
  /** The kind's own actions. */
  actions: Readonly<Record<string, ActionDef>>;
  /** Approval through CommonAuditService (auditStatus 0…4), with the task link of the kind. */
  approval?: { kind: string; link: string };
  /** Custom fields fbk1…fbkN of header and lines (seed 001 §3: 30, 40 or 50 per kind). */
  customFields: 30 | 40 | 50;
  /** The web's detail page of one document (the id is appended as `?id=`). */
  detailPath: string;
  /**
   * The sides that have the kind at all (default both). A buyer-internal kind (the purchase requisition)
   * is `['purchase']`: the registrar gives no `Sale…Service` calls and the other side's scope finds nothing.
   */
  sides?: readonly Side[];
  /** Print layout: header fields and line fields, in order. */
  print: { header: readonly string[]; lines: readonly string[] };
};

/** Approval statuses (seed 001 §4): not submitted, under approval, approved, rejected, withdrawn. */
export const APPROVAL_STATUS: Dict = {
  '0': { zh_cn: '未提交审批', en: 'Not submitted' },
  '1': { zh_cn: '审批中', en: 'Under approval' },
  '2': { zh_cn: '审批通过', en: 'Approved' },
  '3': { zh_cn: '审批拒绝', en: 'Rejected' },
  '4': { zh_cn: '已撤回', en: 'Withdrawn' },
};

/** Checks a definition's consistency once, where it is declared; throws naming the problem. */
export function defineDocument<const D extends DocumentDefinition>(def: D): D {
  const statusFields = Object.keys(def.statuses);
  const check = (where: string, guards: Guard | readonly Guard[] | undefined) => {
    const list: readonly Guard[] = Array.isArray(guards) ? guards : guards ? [guards as Guard] : [];
    for (const [field, codes] of list.flatMap((g) => Object.entries(g))) {
      if (!statusFields.includes(field))
        throw new Error(`${def.kind}: ${where} names unknown status ${field}`);
      for (const code of codes)
        if (!(code in def.statuses[field]))
          throw new Error(`${def.kind}: ${where} ${field} has no code ${code}`);
    }
  };
  for (const [side, guard] of Object.entries(def.editable)) check(`editable ${side}`, guard);
  for (const [side, guard] of Object.entries(def.deletable ?? {})) check(`deletable ${side}`, guard);
  for (const [side, guard] of Object.entries(def.visible ?? {})) check(`visible ${side}`, guard);
  for (const [name, action] of Object.entries(def.actions)) {
    for (const [side, guard] of Object.entries(action.sides)) check(`action ${name} ${side}`, guard);
    check(
      `action ${name} target`,
      Object.fromEntries(Object.entries(action.target ?? {}).map(([f, c]) => [f, [c]])),
    );
  }
  const sides: readonly string[] = def.sides ?? ['purchase', 'sale'];
  const sideNames = [
    ...Object.keys(def.editable),
    ...Object.keys(def.deletable ?? {}),
    ...Object.keys(def.visible ?? {}),
    ...Object.values(def.actions).flatMap((a) => Object.keys(a.sides)),
  ];
  const stranger = sideNames.find((s) => !sides.includes(s));
  if (stranger) throw new Error(`${def.kind}: side ${stranger} is not one of the kind's sides`);
  if (def.approval && !def.statuses.auditStatus) throw new Error(`${def.kind}: approval needs auditStatus`);
  if (!(def.numberField in def.header) || !(def.dateField in def.header))
    throw new Error(`${def.kind}: number and date fields must be header fields`);
  checkCollections(def, sides);
  return def;
}

/** A collection's or a collection field's name: camelCase letters and digits (its table and columns follow). */
const COLLECTION_NAME = /^[a-z][A-Za-z0-9]*$/;
/** Save-body and detail keys a collection must not take (the body carries each collection by its name). */
const RESERVED_BODY_KEYS = ['lines', 'id', 'version', 'collections', 'elsAccount', 'record'];
/** The child tables' own columns (lineColumns(), document_id): no collection field may take them. */
const CHILD_COLUMNS = ['id', 'elsAccount', 'toElsAccount', 'lineNumber', 'customFields', 'documentId'];

/**
 * Checks the child collections of a definition (issue #34): names valid and not clashing with `lines`,
 * the body's own keys, header or status fields or fbkN; fields named validly and not as the child table's
 * own columns; `min` ≥ 0, `max` ≥ 1 and ≥ `min`, integers; `sides` among the kind's sides. Throws naming
 * the kind, the collection and the problem.
 */
function checkCollections(def: DocumentDefinition, sides: readonly string[]) {
  for (const [name, collection] of Object.entries(def.collections ?? {})) {
    const where = `${def.kind}: collection ${name}`;
    if (!COLLECTION_NAME.test(name))
      throw new Error(`${where}: the name must be camelCase letters and digits`);
    if (RESERVED_BODY_KEYS.includes(name) || /^fbk\d+$/.test(name))
      throw new Error(`${where}: the name is reserved`);
    if (name in def.header || name in def.statuses)
      throw new Error(`${where}: the name is also a header field`);
    const min = collection.min ?? 0;
    if (!Number.isInteger(min) || min < 0) throw new Error(`${where}: min must be an integer ≥ 0`);
    if (!Number.isInteger(collection.max) || collection.max < 1)
      throw new Error(`${where}: max must be an integer ≥ 1`);
    if (collection.max < min) throw new Error(`${where}: max ${collection.max} is below min ${min}`);
    const fields = Object.keys(collection.fields);
    if (fields.length === 0) throw new Error(`${where}: no fields`);
    for (const field of fields) {
      if (!COLLECTION_NAME.test(field))
        throw new Error(`${where}: field ${field} must be camelCase letters and digits`);
      if (CHILD_COLUMNS.includes(field) || /^fbk\d+$/.test(field))
        throw new Error(`${where}: field ${field} is a column of every child table`);
    }
    const stranger = (collection.sides ?? []).find((s) => !sides.includes(s));
    if (stranger) throw new Error(`${where}: side ${stranger} is not one of the kind's sides`);
  }
}

/**
 * The child collections `side` reads and saves (issue #34): each collection's `sides`, default every side
 * of the kind, in the definition's order; without a side, all of them. Empty for a kind without any.
 */
export function collectionsOf(
  def: Pick<DocumentDefinition, 'collections' | 'sides'>,
  side?: Side,
): Array<[string, CollectionDef]> {
  return Object.entries(def.collections ?? {}).filter(
    ([, c]) => side === undefined || (c.sides ?? kindSides(def)).includes(side),
  );
}

/** The status part of a document: status field → current code. */
export type StatusState = Readonly<Record<string, unknown>>;

/** Whether a guard (or any of several) holds for a document's statuses. */
export function guardHolds(guard: Guard | readonly Guard[], doc: StatusState): boolean {
  const list: readonly Guard[] = Array.isArray(guard) ? guard : [guard as Guard];
  return list.some((g) =>
    Object.entries(g).every(([field, codes]) => codes.includes(String(doc[field] ?? ''))),
  );
}

/**
 * The status field that stops a guard holding for a document, for the message that names it: the first
 * field of a single guard whose code is not allowed (a purchase order that is not approved cannot be
 * sent: its approval status), else the definition's main status (a guard with alternatives).
 */
export function blockingStatus(
  def: Pick<DocumentDefinition, 'statuses'>,
  guard: Guard | readonly Guard[] | undefined,
  doc: StatusState,
): string {
  const main = Object.keys(def.statuses)[0];
  if (!guard || Array.isArray(guard)) return main;
  const single = guard as Guard;
  return (
    Object.keys(single).find((f) => def.statuses[f] && !single[f].includes(String(doc[f] ?? ''))) ?? main
  );
}

/**
 * The status field an audit-trail row of `action` records (from → to), so a reader labels its codes with
 * the right dictionary: approval steps record auditStatus; an action whose target leaves the main status
 * alone records its target's field (an order's change: changeStatus; a notice's send: sendStatus); any
 * other the main status (the first of `statuses`).
 */
export function trailStatusField(
  def: Pick<DocumentDefinition, 'statuses' | 'actions'>,
  action: string,
): string {
  const main = Object.keys(def.statuses)[0];
  if (['submit', 'withdraw', 'approve', 'reject'].includes(action) && def.statuses.auditStatus)
    return 'auditStatus';
  const approvalStep = approvalStepOf(def, action);
  if (approvalStep) return def.actions[approvalStep.action].approval?.statusField ?? main;
  const target = def.actions[action]?.target ?? {};
  const fields = Object.keys(target);
  return fields.length > 0 && !fields.includes(main) ? fields[0] : main;
}

/** Adds conditions to a guard (to each alternative of a list) on the fields it does not name yet. */
const withGuard = (guard: Guard | readonly Guard[], extra: Guard): Guard | readonly Guard[] =>
  Array.isArray(guard) ? guard.map((g: Guard) => ({ ...extra, ...g })) : { ...extra, ...(guard as Guard) };

/** The sides that have a kind (both unless the definition names fewer: a buyer-internal kind). */
export function kindSides(def: Pick<DocumentDefinition, 'sides'>): readonly Side[] {
  return def.sides ?? ['purchase', 'sale'];
}

/** The sides that create documents of a kind. */
export function creatorSides(def: DocumentDefinition): Side[] {
  return Object.keys(def.editable) as Side[];
}

/**
 * The transition table of a kind, standard actions included — the one table the server's checks and
 * the web's toolbars both read (issue #12): edit and delete follow `editable` (and, with approval, an
 * auditStatus not under approval nor approved); submit and withdraw exist when the kind has approval.
 */
export function transitionTable(def: DocumentDefinition): Record<string, ActionDef> {
  const standard: Record<string, ActionDef> = {};
  // With approval, editing waits while under approval or approved (unless a guard names auditStatus).
  const gated = (guards: SideGuards): SideGuards =>
    Object.fromEntries(
      Object.entries(guards).map(([side, guard]) => [
        side,
        def.approval ? withGuard(guard, { auditStatus: ['0', '3', '4'] }) : guard,
      ]),
    );
  const editable = gated(def.editable);
  standard.edit = { label: { zh_cn: '编辑', en: 'Edit' }, sides: editable };
  standard.delete = {
    label: { zh_cn: '删除', en: 'Delete' },
    sides: def.deletable ? gated(def.deletable) : editable,
    danger: true,
  };
  if (def.approval) {
    standard.submit = {
      label: { zh_cn: '提交审批', en: 'Submit for approval' },
      sides: def.deletable ? gated(def.deletable) : editable,
    };
    standard.withdraw = {
      label: { zh_cn: '撤回审批', en: 'Withdraw approval' },
      sides: Object.fromEntries(creatorSides(def).map((side) => [side, { auditStatus: ['1'] }])),
      target: { auditStatus: '4' },
    };
  }
  return { ...standard, ...def.actions };
}

/** Whether `side` may run `action` on a document in these statuses. */
export function canDo(def: DocumentDefinition, action: string, doc: StatusState, side: Side): boolean {
  const guard = transitionTable(def)[action]?.sides[side];
  return !!guard && guardHolds(guard, doc);
}

/** The actions `side` may run on a document now, in table order. */
export function allowedActions(def: DocumentDefinition, doc: StatusState, side: Side): string[] {
  return Object.entries(transitionTable(def))
    .filter(([, a]) => a.sides[side] !== undefined && guardHolds(a.sides[side], doc))
    .map(([name]) => name);
}

/** A code's label in the locale ('' for an empty code; the code itself when unknown). */
export function codeLabel(dict: Dict | undefined, code: string | null | undefined, locale: Locale): string {
  if (code === null || code === undefined || code === '') return '';
  return dict?.[code]?.[locale] ?? code;
}

/** The custom field keys of a kind: fbk1 … fbkN. */
export function customFieldKeys(def: DocumentDefinition): string[] {
  return Array.from({ length: def.customFields }, (_, i) => `fbk${i + 1}`);
}

// ——— zod schemas derived from the definition ———

/** A decimal as text: at most `integerDigits` integer digits and `scale` decimals (optionally > 0). */
export const decimalSchema = (integerDigits: number, scale: number, positive?: boolean) => {
  // The sign first, so −1 breaks "greater than 0" rather than the decimal format (issue #12).
  const base = z.string().trim();
  const signed = positive
    ? base.refine((v) => !/^-/.test(v) && !/^0*(\.0*)?$/.test(v), { message: 'rule.positive', abort: true })
    : base;
  return signed.regex(new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`), {
    message: `must be a decimal with at most ${integerDigits} integer digits and ${scale} decimals`,
  });
};

/** The zod schema of one field's input value (required or optional). */
export function fieldSchema(field: FieldDef): z.ZodType {
  let schema: z.ZodType;
  switch (field.type) {
    case 'decimal': {
      const [i, s] = field.digits ?? [12, 3];
      schema = decimalSchema(i, s, field.positive);
      break;
    }
    case 'integer':
      schema = z
        .number()
        .int()
        .min(field.positive ? 1 : 0);
      break;
    case 'date':
      schema = z.iso.date();
      break;
    case 'datetime':
      schema = z.iso.datetime({ offset: true });
      break;
    case 'code':
      schema = z.enum(Object.keys(field.codes ?? {}) as [string, ...string[]]);
      break;
    case 'account':
      schema = elsAccountSchema;
      break;
    case 'uuid':
      schema = z.uuid();
      break;
    default: {
      const text = z
        .string()
        .trim()
        .max(field.max ?? 200);
      schema = field.required ? text.min(1) : text;
    }
  }
  // The label travels with the schema, so a refused value is named by it (issue #33, field-labels.ts).
  schema = describedField(schema, { label: field.label });
  if (field.required) return schema;
  return describedField(field.default !== undefined ? schema.default(field.default) : schema.optional(), {
    label: field.label,
  });
}

const customFieldShapeOf = (def: DocumentDefinition) =>
  Object.fromEntries(
    customFieldKeys(def).map((key) => [key, z.string().trim().max(CUSTOM_FIELD_MAX_LENGTH).optional()]),
  );

/** Refuses fbkN keys beyond the kind's N (a typo answers '400' naming the key, not silence). */
const refuseUnknownCustomFields = (def: DocumentDefinition) => {
  const known = new Set(customFieldKeys(def));
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const unknown = Object.keys(value).filter((k) => /^fbk\d+$/i.test(k) && !known.has(k));
    if (unknown.length > 0) ctx.addIssue({ code: 'unrecognized_keys', keys: unknown, input: value });
  };
};

const inputShape = (_def: DocumentDefinition, fields: Readonly<Record<string, FieldDef>>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => f.input)
      .map(([name, f]) => [name, fieldSchema(f)]),
  );

/**
 * The save body of a kind (create without id; edit with id and version): the header's input fields,
 * custom fields fbk1…fbkN, and `lines` (at least one — seed 001 §5 "add at least one row"); and each child
 * collection `side` reads (all without a side; issue #34) under its name: an array of rows with the
 * collection's input fields, `min`…`max` rows (absent = none when `min` is 0). Rows are numbered 10, 20 …
 * by position like lines, and a refused value is named "付款计划第 20 行 到期日" / "Payment plan, line 20,
 * Due date" (the collection's label, the row's number, the field's label).
 */
export function saveSchema(def: DocumentDefinition, side?: Side): ReturnType<typeof buildSaveSchema> {
  const bySide = cached(saveSchemas, def, () => new Map());
  const known = bySide.get(side ?? 'all');
  if (known) return known;
  const schema = buildSaveSchema(def, side);
  bySide.set(side ?? 'all', schema);
  return schema;
}

/** `map`'s value for `key`, made by `build` the first time. */
function cached<K extends object, V>(map: WeakMap<K, V>, key: K, build: () => V): V {
  const known = map.get(key);
  if (known) return known;
  const made = build();
  map.set(key, made);
  return made;
}

/**
 * The schemas made so far per definition object (zod schemas are immutable; a definition is a module's constant):
 * a server built again in one process (each test file's, issue #35) reuses them and their compiled serializers.
 */
const saveSchemas = new WeakMap<DocumentDefinition, Map<Side | 'all', ReturnType<typeof buildSaveSchema>>>();
const filterSchemas = new WeakMap<DocumentDefinition, ReturnType<typeof buildFilterSchema>>();
const actionBodySchemas = new WeakMap<ActionDef, ReturnType<typeof buildActionBodySchema>>();

function buildSaveSchema(def: DocumentDefinition, side?: Side) {
  const line = z
    .looseObject({
      id: z.uuid().optional(),
      ...inputShape(def, def.lines.fields),
      ...customFieldShapeOf(def),
    })
    .superRefine(refuseUnknownCustomFields(def));
  return z
    .looseObject({
      id: z.uuid().optional(),
      version: z.number().int().min(0).optional(),
      ...inputShape(def, def.header),
      ...customFieldShapeOf(def),
      // The kernel numbers lines 10, 20 … by position (server kind.ts): errors name the line by that number.
      lines: describedField(z.array(line).min(1).max(def.lines.max), {
        label: def.lines.label,
        lineStep: LINE_NUMBER_STEP,
      }),
      ...Object.fromEntries(
        collectionsOf(def, side).map(([name, c]) => {
          // A row carries the kind's custom fields fbk1…fbkN as a line does (issue #34).
          const row = z
            .looseObject({
              id: z.uuid().optional(),
              ...inputShape(def, c.fields),
              ...customFieldShapeOf(def),
            })
            .superRefine(refuseUnknownCustomFields(def));
          const rows = z
            .array(row)
            .min(c.min ?? 0)
            .max(c.max);
          const meta = { label: c.label, lineStep: LINE_NUMBER_STEP, labelledLines: true };
          return [name, describedField((c.min ?? 0) > 0 ? rows : rows.default([]), meta)];
        }),
      ),
    })
    .superRefine(refuseUnknownCustomFields(def));
}

/**
 * The kernel's buyer column on every supplier-side list (issue #16 "one inbox for a supplier of many
 * buyers"; spec 000 §4): the buyer company's short name (its name when it has none), read from the
 * company at list time. List rows of both sides carry it as `buyerShortName`; the supplier's list shows it.
 */
export const BUYER_SHORT_NAME = 'buyerShortName';
export const buyerShortNameField = {
  label: { zh_cn: '采购方', en: 'Buyer' },
  type: 'text',
  list: true,
} as const satisfies FieldDef;

/**
 * The list filter body: paging, keyset cursor, each field marked `filter`, and `elsAccount` (the buyer's
 * account: the supplier's buyer filter; a buyer filtering by another company's account sees nothing).
 */
export function filterSchema(def: DocumentDefinition): ReturnType<typeof buildFilterSchema> {
  return cached(filterSchemas, def, () => buildFilterSchema(def));
}

function buildFilterSchema(def: DocumentDefinition) {
  const shape: Record<string, z.ZodType> = {
    // The common paging of every list (DESIGN §3; 5 for the home widgets).
    ...pagingSchema.shape,
    cursor: z.string().trim().min(1).max(512).optional(),
  };
  const all = { ...def.header, ...statusFieldsOf(def) };
  // The supplier's buyer filter (issue #16 "one inbox"): every kind filters by the buyer's account.
  if (!all.elsAccount?.filter) shape.elsAccount = elsAccountSchema.optional();
  for (const [name, field] of Object.entries(all)) {
    if (field.filter === 'eq')
      shape[name] = field.codes
        ? z.enum(Object.keys(field.codes) as [string, ...string[]]).optional()
        : field.type === 'account'
          ? elsAccountSchema.optional()
          : z.string().trim().max(64).optional();
    else if (field.filter === 'prefix') shape[name] = z.string().trim().max(40).optional();
    else if (field.filter === 'range') {
      shape[`${name}From`] = z.iso.date().optional();
      shape[`${name}To`] = z.iso.date().optional();
    }
  }
  return z.object(shape);
}

/** Status fields as filterable code fields (every status is a list column and an exact filter). */
export function statusFieldsOf(def: DocumentDefinition): Record<string, FieldDef> {
  return Object.fromEntries(
    Object.entries(def.statuses).map(([name, codes]) => [
      name,
      {
        label: STATUS_FIELD_LABELS[name] ?? { zh_cn: name, en: name },
        type: 'code',
        codes,
        list: true,
        filter: 'eq',
      },
    ]),
  );
}

/** Labels of the status fields used across kinds (seed 001 §3 names). */
export const STATUS_FIELD_LABELS: Record<string, Label> = {
  auditStatus: { zh_cn: '审批状态', en: 'Approval status' },
  awardAuditStatus: { zh_cn: '定标审批状态', en: 'Award approval' },
  resultAuditStatus: { zh_cn: '定标审批状态', en: 'Award approval' },
  endAuditStatus: { zh_cn: '结束审批状态', en: 'End approval' },
  quoteEndAuditStatus: { zh_cn: '提前截止审批状态', en: 'Early quote end approval' },
  bargainStatus: { zh_cn: '议价状态', en: 'Bargain status' },
  bargainAuditStatus: { zh_cn: '议价审批状态', en: 'Bargain approval' },
  postAuditStatus: { zh_cn: '过账审批状态', en: 'Posting approval' },
  sendStatus: { zh_cn: '发送状态', en: 'Send status' },
  noteStatus: { zh_cn: '送货单状态', en: 'Notice status' },
  noteType: { zh_cn: '送货单类型', en: 'Notice type' },
  refundStatus: { zh_cn: '退货状态', en: 'Return status' },
  orderStatus: { zh_cn: '订单状态', en: 'Order status' },
  changeStatus: { zh_cn: '变更状态', en: 'Change status' },
  deliveryStatus: { zh_cn: '交货状态', en: 'Delivery status' },
  enquiryStatus: { zh_cn: '询价状态', en: 'RFQ status' },
  ebiddingStatus: { zh_cn: '竞价状态', en: 'Auction status' },
  pauseStatus: { zh_cn: '暂停状态', en: 'Pause status' },
  requestStatus: { zh_cn: '申请状态', en: 'Requisition status' },
  costStatus: { zh_cn: '费用单状态', en: 'Fee sheet status' },
  reconFlag: { zh_cn: '对账状态', en: 'Reconciliation' },
  checkStatus: { zh_cn: '对账单状态', en: 'Statement status' },
  reconSource: { zh_cn: '创建方', en: 'Made by' },
  invoiceStatus: { zh_cn: '开票状态', en: 'Invoice status' },
  matchStatus: { zh_cn: '三单匹配', en: 'Three-way match' },
  erpPushStatus: { zh_cn: 'ERP推送', en: 'ERP push' },
  facInsStatus: { zh_cn: '验厂状态', en: 'Inspection status' },
  sampleStatus: { zh_cn: '样品状态', en: 'Sample status' },
  templateStatus: { zh_cn: '模板状态', en: 'Template status' },
  applyStatus: { zh_cn: '申请状态', en: 'Application status' },
  improvementStatus: { zh_cn: '改善单状态', en: 'Sheet status' },
  contractStatus: { zh_cn: '合同状态', en: 'Contract status' },
};

/** The body of one action on one document: version, remark, lines with quantities, extra fields. */
export function actionBodySchema(action: ActionDef): ReturnType<typeof buildActionBodySchema> {
  return cached(actionBodySchemas, action, () => buildActionBodySchema(action));
}

function buildActionBodySchema(action: ActionDef) {
  return z.object({
    version: z.number().int().min(0),
    remark:
      action.remark === 'required'
        ? z.string().trim().min(1).max(500)
        : z.string().trim().max(500).optional(),
    ...(action.lines === 'quantities'
      ? {
          lines: z
            .array(z.object({ lineId: z.uuid(), quantity: decimalSchema(12, 3, true) }))
            .min(1)
            .max(500),
        }
      : {}),
    ...Object.fromEntries(Object.entries(action.input ?? {}).map(([name, f]) => [name, fieldSchema(f)])),
  });
}

/** The body of a bulk action: documents with the version each was read at (1–100), and the remark. */
export function bulkBodySchema(action: ActionDef) {
  return z.object({
    items: z
      .array(z.object({ id: z.uuid(), version: z.number().int().min(0) }))
      .min(1)
      .max(100),
    remark:
      action.remark === 'required'
        ? z.string().trim().min(1).max(500)
        : z.string().trim().max(500).optional(),
  });
}

/** `/apis/{module}/{Purchase|Sale}{service}Service` — the base path of one side's calls. */
export function servicePath(def: DocumentDefinition, side: Side): string {
  return `/apis/${def.module}/${side === 'purchase' ? 'Purchase' : 'Sale'}${def.service}Service`;
}
