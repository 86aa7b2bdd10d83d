import { z } from 'zod';
import type { Locale } from './constants.ts';

/**
 * What the server's error mapping (apps/server platform/validation.ts, issue #33) knows of a schema beyond
 * its rules: the field's label in both languages, and for the document lines' array the step of its line
 * numbers (the kernel numbers lines 10, 20 … by position), so a message reads "第 20 行 单价 必须大于 0" /
 * "Line 20: Price must be greater than 0" instead of "body.lines.1.price".
 * A registry of its own (not zod's global one), so the OpenAPI documents are unchanged.
 */
export type FieldMeta = {
  label?: Readonly<Record<Locale, string>>;
  /** On an array of document lines: element i is line (i + 1) × lineStep. */
  lineStep?: number;
};

export const fieldMeta = z.registry<FieldMeta>();

/**
 * Answers a copy of `schema` carrying the field's label (and, for line arrays, its line-number step). A copy,
 * so a schema shared by many fields (the account code, a decimal) is not labelled for all of them by one.
 */
export function describedField<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  const labelled = schema.clone() as T;
  fieldMeta.add(labelled, meta);
  return labelled;
}
