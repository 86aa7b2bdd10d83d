import type { Locale } from '@srm/contracts/constants';
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

/**
 * Turns zod issues into one sentence in the caller's language that names each field and its rule,
 * e.g. "参数错误：body.password 不能为空" / "Invalid input: body.password is required".
 */
export function describeValidation(
  locale: Locale,
  context: string | undefined,
  issues: Issue[],
  /** The request part that failed (body, querystring …), to tell a missing field from a wrong one. */
  input?: unknown,
): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = [context, path].filter(Boolean).join('.') || 'body';
    const p = issue.params;
    if (
      input !== undefined &&
      path &&
      valueAt(input, path.split('.')) === undefined &&
      issue.keyword !== 'unrecognized_keys'
    )
      return t(locale, 'rule.required', { field });
    switch (issue.keyword) {
      case 'invalid_type': {
        const expected = String(p.expected ?? '');
        if (/received undefined/.test(issue.message) || p.received === 'undefined' || p.input === undefined)
          return t(locale, 'rule.required', { field });
        const typeKey = TYPE_KEYS[expected];
        return t(locale, 'rule.type', { field, expected: typeKey ? t(locale, typeKey) : expected });
      }
      case 'too_small':
        return p.origin === 'string' || p.origin === 'array'
          ? t(locale, 'rule.tooShort', { field, min: String(p.minimum) })
          : t(locale, 'rule.tooSmall', { field, min: String(p.minimum) });
      case 'too_big':
        return p.origin === 'string' || p.origin === 'array'
          ? t(locale, 'rule.tooLong', { field, max: String(p.maximum) })
          : t(locale, 'rule.tooBig', { field, max: String(p.maximum) });
      case 'invalid_format':
        return t(locale, 'rule.format', { field });
      case 'invalid_value':
        return t(locale, 'rule.enum', {
          field,
          values: Array.isArray(p.values) ? p.values.map(String).join(', ') : '',
        });
      case 'unrecognized_keys':
        return t(locale, 'rule.unknownKey', {
          field: Array.isArray(p.keys) ? p.keys.map((k) => [field, k].join('.')).join(', ') : field,
        });
      case 'custom':
        // Shared schemas name their rule by message key (e.g. 'rule.positive').
        return issue.message in RULE_KEYS
          ? t(locale, issue.message as MessageKey, { field })
          : t(locale, 'rule.invalid', { field });
      default:
        return t(locale, 'rule.invalid', { field });
    }
  });
  return t(locale, 'validation', { detail: parts.join(locale === 'en' ? '; ' : '；') });
}
