/**
 * Custom fields fbk1…fbk50 of an order line in the order form (issue #5, seed 001 §3): which ones the line's
 * drawer lists and which server complaints belong to them. Pure rules beside rules.ts.
 */
import type { ServerFieldError } from '../../lib/field-errors.ts';
import { CUSTOM_FIELD_KEYS, type CustomFieldKey } from './rules.ts';

const KEYS: ReadonlySet<string> = new Set(CUSTOM_FIELD_KEYS);

/** True for fbk1 … fbk50. */
export function isCustomFieldKey(key: string): key is CustomFieldKey {
  return KEYS.has(key);
}

/** The drawer's rules live with the drawer (components/document); the order's keys are the default. */
export { addableCustomFields, shownCustomFields } from '../../components/document/line-custom-fields.ts';

/** Per line index, the custom fields the server refused (data.errors at items.N.fbkM) with their messages. */
export type LineCustomErrors = Record<number, Partial<Record<CustomFieldKey, string>>>;

/**
 * Sorts the server's field errors (the '400' envelope's `data.errors`, lib/field-errors.ts) into a line's
 * custom fields (by line index, for its drawer) and the others (issue #33: by their segments, not by
 * parsing paths out of the message text).
 */
export function lineCustomErrors(errors: readonly ServerFieldError[]): {
  custom: LineCustomErrors;
  others: ServerFieldError[];
} {
  const custom: LineCustomErrors = {};
  const others: ServerFieldError[] = [];
  for (const error of errors) {
    const [list, index, field] = error.segments;
    if (
      list === 'items' &&
      typeof index === 'number' &&
      typeof field === 'string' &&
      isCustomFieldKey(field)
    ) {
      const mine = custom[index]?.[field];
      custom[index] = { ...custom[index], [field]: mine ? `${mine} ${error.message}` : error.message };
    } else others.push(error);
  }
  return { custom, others };
}
