import type { Locale } from '@srm/contracts/constants';
import { type FieldMeta, fieldMeta } from '@srm/contracts/field-labels';
import type { z } from 'zod';
import { type MessageKey, t } from './messages.ts';

/** One validation issue as fastify-type-provider-zod hands it over (zod 4 issue, flattened). */
type Issue = {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
};

function valueAt(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const RULE_KEYS: Record<string, true> = {
  'rule.positive': true,
  'rule.enum': true,
  'rule.notNegative': true,
  'rule.percent': true,
  'rule.required': true,
  'rule.duplicate': true,
  'rule.menuLink': true,
};

const TYPE_KEYS: Record<string, MessageKey> = {
  string: 'type.string',
  number: 'type.number',
  int: 'type.number',
  object: 'type.object',
  array: 'type.array',
  boolean: 'type.boolean',
};

/** One refused field, for clients to attach to the field (issue #33): the envelope's `data.errors`. */
export type FieldError = {
  /** The request part and path, dotted: `body.lines.1.price`. */
  path: string;
  /** The path as segments (array positions as numbers), for forms: `['lines', 1, 'price']`. */
  segments: (string | number)[];
  /** The field as the message names it: its label and line number where known, else the path. */
  field: string;
  /** The rule broken: required, type, tooShort, tooLong, tooSmall, tooBig, format, decimal, enum, positive … */
  rule: string;
  /** The sentence for this field alone, in the caller's language. */
  message: string;
};

/** A zod schema's internal definition, as far as walking a path needs it. */
type Def = {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Labels a route knows only at the request (issue #33): a company's names of its custom fields fbk1…fbkN,
 * which no schema carries. Given a path's segments (`['items', '1', 'fbk3']`), the leaf's label in both
 * languages, or undefined. The route supplies it (`config.fieldLabels`, platform/http.ts).
 */
export type RequestFieldLabels = (segments: string[]) => Readonly<Record<Locale, string>> | undefined;

/** The schema's meta (fieldMeta) and the schema under its wrappers (optional, default, pipe …). */
function unwrap(schema: z.ZodType): { meta: FieldMeta; core: z.ZodType } {
  let meta: FieldMeta = {};
  let current: z.ZodType | undefined = schema;
  for (let guard = 0; current && guard < 20; guard += 1) {
    meta = { ...fieldMeta.get(current), ...meta };
    const def = defOf(current);
    const next: z.ZodType | undefined = def.innerType ?? def.in ?? def.getter?.();
    if (
      !next ||
      ![
        'optional',
        'nullable',
        'default',
        'prefault',
        'catch',
        'readonly',
        'nonoptional',
        'pipe',
        'lazy',
      ].includes(def.type ?? '')
    )
      break;
    current = next;
  }
  return { meta, core: current ?? schema };
}

/** A line's own number as a body carries it (a positive integer, also as digits), else undefined. */
function ownLineNumber(element: unknown, key: string | undefined): number | undefined {
  if (!key || element === null || typeof element !== 'object') return undefined;
  const value = (element as Record<string, unknown>)[key];
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The field a path names, by the labels its schema carries (field-labels.ts): "第 20 行 单价" / "Line 20,
 * Unit price" — a line by its own line number where the body gives one (lineNumberKey, read from `input`),
 * else by the number its position gets (lineStep), other arrays by their label and position from 1.
 * Undefined when the leaf has no label (the message then names the path).
 */
export function labelOfPath(
  locale: Locale,
  schema: z.ZodType | undefined,
  segments: string[],
  /** The request part as received, for the lines' own numbers. */
  input?: unknown,
  /** The route's labels of fields without a schema label (a company's custom field names). */
  extra?: RequestFieldLabels,
): string | undefined {
  if (!schema) return undefined;
  const parts: string[] = [];
  let current: z.ZodType | undefined = schema;
  let leaf: FieldMeta = {};
  for (const [depth, segment] of segments.entries()) {
    if (!current) return undefined;
    const { meta, core } = unwrap(current);
    const def = defOf(core);
    if (def.type === 'array' && /^\d+$/.test(segment)) {
      const n = Number(segment) + 1;
      const own = ownLineNumber(valueAt(input, segments.slice(0, depth + 1)), meta.lineNumberKey);
      const list = valueAt(input, segments.slice(0, depth));
      // A lone element of an unnumberedAlone array is named by its fields alone.
      const alone = meta.unnumberedAlone === true && Array.isArray(list) && list.length === 1;
      if (own !== undefined) parts.push(t(locale, 'field.line', { n: own }));
      else if (meta.lineStep && meta.labelledLines && meta.label)
        parts.push(t(locale, 'field.collectionLine', { label: meta.label[locale], n: n * meta.lineStep }));
      else if (meta.lineStep) parts.push(t(locale, 'field.line', { n: n * meta.lineStep }));
      else if (!alone)
        parts.push(
          meta.label
            ? t(locale, 'field.item', { label: meta.label[locale], n })
            : t(locale, 'field.row', { n }),
        );
      current = def.element;
    } else if (def.type === 'object' && def.shape) {
      current = def.shape[segment];
    } else if (def.type === 'union' && def.options) {
      // A union of bodies (an offer's price or its acceptance): the option that has the field.
      current = def.options.map((o) => defOf(unwrap(o).core).shape?.[segment]).find(Boolean);
    } else return undefined;
  }
  if (current) leaf = unwrap(current).meta;
  const label = leaf.label ?? (current ? extra?.(segments) : undefined);
  if (!label) return undefined;
  return [...parts, label[locale]].join(locale === 'en' ? ', ' : ' ');
}

/** A raw zod issue inside a union's refusal (`params.errors`: one list per option). */
type RawIssue = { code: string; path: PropertyKey[]; message: string } & Record<string, unknown>;

/**
 * A union's refusal (an offer's price or its acceptance) as the issues of the option the input meant: the
 * first whose every complaint is about a field the input has. Null when none is (the union stays one issue).
 */
function unionIssues(issue: Issue, input: unknown): Issue[] | null {
  const options = issue.params.errors;
  if (!Array.isArray(options)) return null;
  const base = issue.instancePath.split('/').filter(Boolean);
  const keysOf = (raw: RawIssue) => [...base, ...raw.path.map(String)];
  const meant = options.find(
    (option): option is RawIssue[] =>
      Array.isArray(option) &&
      option.length > 0 &&
      option.every((raw: RawIssue) => valueAt(input, keysOf(raw)) !== undefined),
  );
  if (!meant) return null;
  return meant.map(({ code, path, message, ...params }) => ({
    keyword: code,
    instancePath: `/${keysOf({ code, path, message }).join('/')}`,
    message,
    params,
  }));
}

const DECIMAL_MESSAGE = /^must be a decimal with at most (\d+) integer digits and (\d+) decimals$/;

/**
 * Each zod issue as a field error in the caller's language naming the field (by label and line number
 * where the route's schema has them) and its rule (issue #32/#33). `schema` is the route's schema of the
 * failing part (body, querystring …); `input` that part as received, to tell a missing field from a wrong one.
 */
export function fieldErrors(
  locale: Locale,
  context: string | undefined,
  issues: Issue[],
  input?: unknown,
  schema?: z.ZodType,
  /** The route's labels of fields without a schema label (RequestFieldLabels). */
  extra?: RequestFieldLabels,
): FieldError[] {
  const flat = issues.flatMap((issue) =>
    issue.keyword === 'invalid_union' && input !== undefined
      ? (unionIssues(issue, input) ?? [issue])
      : [issue],
  );
  return flat.slice(0, 20).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const keys = path ? path.split('.') : [];
    const dotted = [context, path].filter(Boolean).join('.') || 'body';
    const field = labelOfPath(locale, schema, keys, input, extra) ?? dotted;
    const segments = keys.map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    const make = (key: MessageKey, params: Record<string, string | number> = {}): FieldError => ({
      path: dotted,
      segments,
      field,
      rule: key.replace(/^rule\./, ''),
      message: t(locale, key, { field, ...params }),
    });
    const p = issue.params;
    const value = input === undefined ? undefined : valueAt(input, keys);
    if (input !== undefined && path && value === undefined && issue.keyword !== 'unrecognized_keys')
      return make('rule.required');
    switch (issue.keyword) {
      case 'invalid_type': {
        const expected = String(p.expected ?? '');
        if (/received undefined/.test(issue.message) || p.received === 'undefined' || p.input === undefined)
          return make('rule.required');
        const typeKey = TYPE_KEYS[expected];
        return make('rule.type', { expected: typeKey ? t(locale, typeKey) : expected });
      }
      case 'too_small':
        return p.origin === 'string' || p.origin === 'array'
          ? make('rule.tooShort', { min: String(p.minimum) })
          : make('rule.tooSmall', { min: String(p.minimum) });
      case 'too_big':
        return p.origin === 'string' || p.origin === 'array'
          ? make('rule.tooLong', { max: String(p.maximum) })
          : make('rule.tooBig', { max: String(p.maximum) });
      case 'invalid_format': {
        // Decimals as text (DESIGN §4): a negative number breaks the sign, anything else the number rule.
        const decimal = DECIMAL_MESSAGE.exec(issue.message);
        if (decimal) {
          if (typeof value === 'string' && /^\s*-\s*\d/.test(value)) return make('rule.notNegative');
          return make('rule.decimal', { integerDigits: decimal[1], scale: decimal[2] });
        }
        return make('rule.format');
      }
      case 'invalid_value':
        return make('rule.enum', { values: Array.isArray(p.values) ? p.values.map(String).join(', ') : '' });
      case 'unrecognized_keys': {
        const names = Array.isArray(p.keys) ? p.keys.map((k) => [dotted, k].join('.')).join(', ') : dotted;
        return {
          ...make('rule.unknownKey'),
          field: names,
          message: t(locale, 'rule.unknownKey', { field: names }),
        };
      }
      case 'custom': {
        // Shared schemas name their rule by message key (e.g. 'rule.positive'), its values in `params`.
        const extra = (p.params ?? {}) as Record<string, string | number>;
        return issue.message in RULE_KEYS ? make(issue.message as MessageKey, extra) : make('rule.invalid');
      }
      default:
        return make('rule.invalid');
    }
  });
}

/**
 * Turns zod issues into one sentence in the caller's language that names each field and its rule,
 * e.g. "参数错误：body.password 不能为空" / "Invalid input: Line 20, Unit price must be greater than 0".
 */
export function describeValidation(
  locale: Locale,
  context: string | undefined,
  issues: Issue[],
  /** The request part that failed (body, querystring …), to tell a missing field from a wrong one. */
  input?: unknown,
  /** The route's schema of that part, for the fields' labels (field-labels.ts). */
  schema?: z.ZodType,
  /** The route's labels of fields without a schema label (RequestFieldLabels). */
  extra?: RequestFieldLabels,
): string {
  const parts = fieldErrors(locale, context, issues.slice(0, 5), input, schema, extra).map((e) => e.message);
  return t(locale, 'validation', { detail: parts.join(locale === 'en' ? '; ' : '；') });
}

/**
 * A business error's fields (AppError.at, issue #33) as the envelope's `data.errors`, like a validation
 * '400': each body field by its label and line number where the route's body schema has them (else its
 * path), the business rule, and the error's message (the sentence already names the line and field).
 * The error's own data (an object) is kept beside `errors`.
 */
export function businessFieldErrors(
  locale: Locale,
  fields: ReadonlyArray<{ segments: (string | number)[]; rule: string }>,
  message: string,
  data: unknown,
  /** The route's body schema and the body as received, for the fields' labels. */
  schema?: z.ZodType,
  body?: unknown,
  /** The route's labels of fields without a schema label (RequestFieldLabels). */
  extra?: RequestFieldLabels,
): Record<string, unknown> {
  const errors: FieldError[] = fields.map(({ segments, rule }) => {
    const path = ['body', ...segments].join('.');
    return {
      path,
      segments,
      field: labelOfPath(locale, schema, segments.map(String), body, extra) ?? path,
      rule,
      message,
    };
  });
  return { ...(data && typeof data === 'object' ? data : {}), errors };
}
