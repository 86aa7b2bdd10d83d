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
  /**
   * On a numbered array that is not the document's lines (a child collection, issue #34): the element is
   * named by the array's label and its number ("付款计划第 20 行" / "Payment plan, line 20").
   */
  labelledLines?: boolean;
  /**
   * On an array of lines that name their own line number in the body (a quote line names the RFQ line it
   * prices): the element's key holding it. The message names the line by that number when the element
   * carries a positive integer there; otherwise by lineStep, else by position.
   */
  lineNumberKey?: string;
  /**
   * On an array that mostly holds one element (a bargain round's one final offer for the whole lot): a lone
   * element is named by its fields alone ("Final offer must be …"), without a position.
   */
  unnumberedAlone?: boolean;
};

/** The step of the kernel's line numbers: a document's lines are numbered 10, 20 … by position on save. */
export const LINE_NUMBER_STEP = 10;

/**
 * The line number the line at `index` (from 0) of a saved document gets, and so the number the form and
 * the server's messages name it by: 10, 20 … (server platform/document/kind.ts numbers lines this way).
 */
export function lineNumberAt(index: number): number {
  return (index + 1) * LINE_NUMBER_STEP;
}

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
