/**
 * Custom fields fbk1…fbk50 of an order line in the order form (issue #5, seed 001 §3): which ones the line's
 * drawer lists and which server complaints belong to them. Pure rules beside rules.ts.
 */
import { CUSTOM_FIELD_KEYS, type CustomFieldKey } from './rules.ts';

const KEYS: ReadonlySet<string> = new Set(CUSTOM_FIELD_KEYS);

/** True for fbk1 … fbk50. */
export function isCustomFieldKey(key: string): key is CustomFieldKey {
  return KEYS.has(key);
}

/** The drawer's rules live with the drawer (components/document); the order's keys are the default. */
export { addableCustomFields, shownCustomFields } from '../../components/document/line-custom-fields.ts';

/** Per line index, the custom fields a server message named (body.items.N.fbkM …) with that message. */
export type LineCustomErrors = Record<number, Partial<Record<CustomFieldKey, string>>>;

/** Sorts the line fields a server message names into custom fields (by line) and the others. */
export function lineCustomErrors(
  named: ReadonlyArray<[number, string]>,
  text: string,
): { custom: LineCustomErrors; others: Array<[number, string]> } {
  const custom: LineCustomErrors = {};
  const others: Array<[number, string]> = [];
  for (const [index, field] of named) {
    if (isCustomFieldKey(field)) custom[index] = { ...custom[index], [field]: text };
    else others.push([index, field]);
  }
  return { custom, others };
}
