import type { Locale } from '@srm/contracts/constants';
import type { FieldDef } from '@srm/contracts/document/define';
import type { z } from 'zod';
import type { Column } from '../excel.ts';
import { type MessageKey, t } from '../messages.ts';

/**
 * The cells of the kernel's Excel import (issue #12): the reference column, a cell as its save body
 * expects it, a zod issue as the caller's-language sentence, and the collected row errors — shared by the
 * first sheet's documents (import.ts) and the child collections' sheets (collection-sheets.ts, issue #34).
 */

/** Most row errors one answer lists (the message counts every bad row). */
export const IMPORT_MAX_ERRORS = 100;

/** The column that groups rows into documents. */
export const REFERENCE_COLUMN: Column = {
  key: 'documentReference',
  zh_cn: '单据参考号',
  en: 'Document reference',
  width: 16,
};

/** A field's column kind in a sheet (other types are text). */
export const KINDS: Record<string, Column['kind']> = { decimal: 'decimal', integer: 'int', datetime: 'date' };

/** One problem of one sheet row, in the caller's language. */
export type RowError = {
  /** The sheet's name when not the first sheet (a child collection's, issue #34). */
  sheet?: string;
  row: number;
  field: string;
  message: string;
};

export const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
/**
 * A cell as the save body expects it: a code from its code or its label in either language; a date as
 * 'YYYY-MM-DD' (date cells, '2026-11-25', '2026/11/25'); other values as the Excel engine read them
 * (decimals as plain strings, integers as numbers). A problem instead when a code is unknown.
 */
export function cellToInput(
  field: FieldDef,
  value: unknown,
  locale: Locale,
  label: string,
): { value: unknown } | { problem: string } {
  if (field.type === 'code' && field.codes) {
    const text = norm(String(value));
    for (const [code, names] of Object.entries(field.codes))
      if (norm(code) === text || norm(names.zh_cn) === text || norm(names.en) === text)
        return { value: code };
    return {
      problem: t(locale, 'rule.enum', {
        field: label,
        values: Object.values(field.codes)
          .map((names) => names[locale])
          .join(locale === 'en' ? ', ' : '、'),
      }),
    };
  }
  if (field.type === 'date' && typeof value === 'string') {
    const iso = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?Z$/.exec(value);
    if (iso) return { value: iso[1] };
    const slashed = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(value.trim());
    if (slashed)
      return { value: `${slashed[1]}-${slashed[2].padStart(2, '0')}-${slashed[3].padStart(2, '0')}` };
  }
  if (field.type === 'text' || field.type === 'uuid' || field.type === 'account')
    return { value: String(value).trim() };
  return { value };
}

/** The caller's-language sentence of one zod issue on a column (`label`); `given` tells missing from bad. */
export function issueMessage(
  locale: Locale,
  issue: z.core.$ZodIssue,
  label: string,
  field?: FieldDef,
): string {
  const p = issue as unknown as Record<string, unknown>;
  const say = (key: MessageKey, params: Record<string, string | number> = {}) =>
    t(locale, key, { field: label, ...params });
  if (issue.code === 'invalid_type' && p.input === undefined) return say('rule.required');
  if (field?.type === 'decimal' && (issue.code === 'invalid_format' || issue.code === 'invalid_type')) {
    const [integer, scale] = field.digits ?? [12, 3];
    return say('docImportDecimal', { integer, scale });
  }
  switch (issue.code) {
    case 'too_small':
      if (p.origin === 'string' && Number(p.minimum) === 1) return say('rule.required');
      return p.origin === 'string' || p.origin === 'array'
        ? say('rule.tooShort', { min: String(p.minimum) })
        : say('rule.tooSmall', { min: String(p.minimum) });
    case 'too_big':
      return p.origin === 'string' || p.origin === 'array'
        ? say('rule.tooLong', { max: String(p.maximum) })
        : say('rule.tooBig', { max: String(p.maximum) });
    case 'invalid_type':
    case 'invalid_format':
      return say('rule.format');
    case 'custom':
      return issue.message === 'rule.positive' ? say('rule.positive') : say('rule.invalid');
    default:
      return say('rule.invalid');
  }
}

/** Collects row errors (the first IMPORT_MAX_ERRORS) and the rows that have any (per sheet). */
export class RowErrors {
  readonly list: RowError[] = [];
  /** The bad rows, as `{sheet}\u0000{row}` (the first sheet's with an empty sheet name). */
  readonly rows = new Set<string>();
  /** Sheet, row and column already reported (one problem per cell: the first found). */
  private readonly cells = new Set<string>();
  add(row: number, field: string, message: string, sheet?: string) {
    this.rows.add(`${sheet ?? ''}\u0000${row}`);
    const cell = `${sheet ?? ''}\u0000${row}\u0000${field}`;
    if (this.cells.has(cell)) return;
    this.cells.add(cell);
    if (this.list.length < IMPORT_MAX_ERRORS)
      this.list.push(sheet === undefined ? { row, field, message } : { sheet, row, field, message });
  }
  /** The errors in sheet order: the first sheet's, then each other sheet's, by row. */
  sorted(): RowError[] {
    const order = [...new Set(['', ...this.list.map((e) => e.sheet ?? '')])];
    return [...this.list].sort(
      (a, b) => order.indexOf(a.sheet ?? '') - order.indexOf(b.sheet ?? '') || a.row - b.row,
    );
  }
}
