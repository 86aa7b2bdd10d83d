/**
 * Custom fields fbk1…fbkN of a line in a form (issue #5, #12; seed 001 §3): which ones a line's drawer
 * lists and which it offers to add. Pure rules, shared by the order form and the kernel's DocumentForm.
 */
import { CUSTOM_FIELD_KEYS } from '@srm/contracts/purchase-order';

/**
 * The fields a line's drawer lists, in fbk order: those holding a string — a value, or '' for a field added
 * and not filled (or emptied) yet, so it does not vanish while typing — and, with `always`, the named ones.
 * Absent and unnamed = not listed.
 */
export function shownCustomFields<K extends string>(
  line: object | null | undefined,
  keys: readonly K[] = CUSTOM_FIELD_KEYS as readonly string[] as readonly K[],
  always: ReadonlySet<string> = new Set(),
): K[] {
  const record = (line ?? {}) as Record<string, unknown>;
  return keys.filter((key) => typeof record[key] === 'string' || always.has(key));
}

/** The fields the "add field" select offers: the ones not listed yet. */
export function addableCustomFields<K extends string>(
  line: object | null | undefined,
  keys: readonly K[] = CUSTOM_FIELD_KEYS as readonly string[] as readonly K[],
  always: ReadonlySet<string> = new Set(),
): K[] {
  const shown = new Set<string>(shownCustomFields(line, keys, always));
  return keys.filter((key) => !shown.has(key));
}
