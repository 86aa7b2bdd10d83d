import type { Locale } from '@srm/contracts/constants';
import {
  type CollectionDef,
  codeLabel,
  collectionsOf,
  type DocumentDefinition,
  type Side,
} from '@srm/contracts/document/define';
import { lineNumberAt } from '@srm/contracts/field-labels';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db.ts';
import type { Column, ExtraSheet, SheetRow } from '../excel.ts';
import { t } from '../messages.ts';
import { cellToInput, issueMessage, KINDS, norm, REFERENCE_COLUMN, type RowErrors } from './import-cells.ts';
import type { DocRow, DocumentKind } from './kind.ts';

/**
 * A kind's child collections in Excel (issue #34; DESIGN §11): one sheet per collection the caller's side
 * reads, after the first sheet, named by the collection's label in the caller's language (read back in
 * either language or by the collection's key). Its columns: "单据参考号 / Document reference" (the list
 * export writes the document's number there, so an exported sheet imports as it is), "行号 / Line" (written,
 * not read: rows keep the sheet's order and are numbered 10, 20 … like the save), then the collection's
 * fields labelled in the caller's language (the import reads its input fields). The import attaches each
 * row to the first sheet's document of the same reference and checks it with the save's schema, so a
 * refused value reads as the save's ("付款计划第 20 行 比例 …"), on that sheet's row and column.
 */

/** The collection sheets' row number column (exported; ignored by the import). */
export const ROW_NUMBER_COLUMN: Column = {
  key: 'lineNumber',
  zh_cn: '行号',
  en: 'Line',
  kind: 'int',
  width: 8,
  exportOnly: true,
};

/** A collection's sheet columns: reference, row number, its fields (the import: input fields only). */
export function collectionColumns(collection: CollectionDef, mode: 'import' | 'export'): Column[] {
  return [
    { ...REFERENCE_COLUMN, required: mode === 'import' },
    ROW_NUMBER_COLUMN,
    ...Object.entries(collection.fields)
      .filter(([, f]) => mode === 'export' || f.input)
      .map(([name, f]) => ({
        key: name,
        zh_cn: f.label.zh_cn,
        en: f.label.en,
        kind: KINDS[f.type] ?? 'text',
        width: f.type === 'text' ? 28 : 14,
        required: mode === 'import' && f.required,
      })),
  ];
}

/** The import template's empty collection sheets of `side` (collections with at least one input field). */
export function templateSheets(def: DocumentDefinition, side: Side, locale: Locale): ExtraSheet[] {
  return importable(def, side).map(([, c]) => ({
    name: c.label[locale],
    columns: collectionColumns(c, 'import'),
    rows: [],
  }));
}

const importable = (def: DocumentDefinition, side: Side) =>
  collectionsOf(def, side).filter(([, c]) => Object.values(c.fields).some((f) => f.input));

/**
 * The list export's collection sheets: for the exported documents (already scoped to the caller), the rows
 * of each collection `side` reads, in document then line-number order — read by document id and the
 * document's buyer account (the tenant), 500 ids a query. Codes as their labels, date-times as ISO text.
 */
export async function exportSheets(
  db: Queryable,
  kind: DocumentKind,
  side: Side,
  documents: DocRow[],
  locale: Locale,
): Promise<ExtraSheet[]> {
  const { def } = kind;
  const named = collectionsOf(def, side);
  if (named.length === 0) return [];
  const numberOf = new Map(documents.map((d) => [d.id, String(d[def.numberField] ?? '')]));
  const byTenant = new Map<string, string[]>();
  for (const d of documents) byTenant.set(d.elsAccount, [...(byTenant.get(d.elsAccount) ?? []), d.id]);
  const order = new Map(documents.map((d, i) => [d.id, i]));
  const sheets: ExtraSheet[] = [];
  for (const [name, collection] of named) {
    // biome-ignore lint/suspicious/noExplicitAny: the collection's table is built from the definition.
    const table = kind.options.collections?.[name] as any;
    const rows: DocRow[] = [];
    for (const [tenant, ids] of byTenant)
      for (let i = 0; i < ids.length; i += 500)
        rows.push(
          ...((await db
            .select()
            .from(table)
            .where(and(eq(table.elsAccount, tenant), inArray(table.documentId, ids.slice(i, i + 500))))
            .orderBy(asc(table.lineNumber))) as DocRow[]),
        );
    rows.sort(
      (a, b) =>
        (order.get(String(a.documentId)) ?? 0) - (order.get(String(b.documentId)) ?? 0) ||
        Number(a.lineNumber) - Number(b.lineNumber),
    );
    sheets.push({
      name: collection.label[locale],
      columns: collectionColumns(collection, 'export'),
      rows: rows.map((row) => ({
        [REFERENCE_COLUMN.key]: numberOf.get(String(row.documentId)) ?? null,
        lineNumber: Number(row.lineNumber),
        ...Object.fromEntries(
          Object.entries(collection.fields).map(([field, f]) => {
            const value = row[field];
            const text = value instanceof Date ? value.toISOString() : (value ?? null);
            return [field, f.codes && text !== null ? codeLabel(f.codes, String(text), locale) : text];
          }),
        ),
      })) as ExtraSheet['rows'],
    });
  }
  return sheets;
}

/** What the import reads of the collection sheets: per sheet its names and columns (readWorkbookSheets). */
export function readSpecs(def: DocumentDefinition, side: Side) {
  return importable(def, side).map(([name, c]) => ({
    names: [c.label.zh_cn, c.label.en, name],
    columns: collectionColumns(c, 'import'),
  }));
}

/** One collection row of a document being imported: its sheet row. */
export type CollectionRows = Record<string, SheetRow[]>;

/**
 * Puts each collection sheet's rows into the body of the document of the same reference (`bodies`, by the
 * normalised reference), converting each cell as the first sheet's are; a row without a reference, or
 * whose reference names no document of the first sheet, is one row error. A sheet the workbook lacks
 * leaves its collection out of every body (the save schema then applies: absent = none unless `min`).
 * Answers per document the sheet rows behind each collection's rows (for the schema's issues).
 */
export function attachCollectionRows(
  def: DocumentDefinition,
  side: Side,
  extra: Array<SheetRow[] | null>,
  bodies: Map<string, Record<string, unknown>>,
  errors: RowErrors,
  locale: Locale,
): { sources: Map<string, CollectionRows>; bad: Set<string> } {
  const sources = new Map<string, CollectionRows>();
  const bad = new Set<string>();
  for (const [index, [name, collection]] of importable(def, side).entries()) {
    const rows = extra[index];
    if (!rows) continue;
    const sheet = collection.label[locale];
    for (const body of bodies.values()) body[name] = [];
    for (const r of rows) {
      const reference = r.values[REFERENCE_COLUMN.key];
      const key = reference === undefined ? undefined : norm(String(reference));
      const body = key === undefined ? undefined : bodies.get(key);
      if (key === undefined || !body) {
        errors.add(
          r.row,
          REFERENCE_COLUMN[locale],
          key === undefined
            ? t(locale, 'rule.required', { field: REFERENCE_COLUMN[locale] })
            : t(locale, 'docImportCollectionRef', { value: String(reference), sheet }),
          sheet,
        );
        continue;
      }
      const values: Record<string, unknown> = {};
      for (const [field, f] of Object.entries(collection.fields)) {
        const cell = r.values[field];
        if (!f.input || cell === undefined || cell === null || cell === '') continue;
        const converted = cellToInput(f, cell, locale, f.label[locale]);
        if ('problem' in converted) {
          errors.add(r.row, f.label[locale], converted.problem, sheet);
          bad.add(key);
        } else values[field] = converted.value;
      }
      (body[name] as unknown[]).push(values);
      const own = sources.get(key) ?? {};
      own[name] = [...(own[name] ?? []), r];
      sources.set(key, own);
    }
  }
  return { sources, bad };
}

/**
 * A save-schema issue on a collection (`path` [name] or [name, index, field]) as a row error on its sheet:
 * the message the save would give ("付款计划第 20 行 比例必须大于 0"), the row and the column; a count
 * (too few, too many rows) on the document's first collection row, else on its first row of the first sheet.
 * False when the path is not a collection's.
 */
export function collectionIssue(
  def: DocumentDefinition,
  issue: z.core.$ZodIssue,
  sources: CollectionRows | undefined,
  firstRow: number,
  errors: RowErrors,
  locale: Locale,
): boolean {
  const [name, index, field] = issue.path;
  const collection = typeof name === 'string' ? def.collections?.[name] : undefined;
  if (!collection || typeof name !== 'string') return false;
  const sheet = collection.label[locale];
  const rows = sources?.[name] ?? [];
  const f = typeof field === 'string' ? collection.fields[field] : undefined;
  if (typeof index === 'number' && f) {
    const row = t(locale, 'field.collectionLine', { label: sheet, n: lineNumberAt(index) });
    const label = `${row}${locale === 'en' ? ', ' : ' '}${f.label[locale]}`;
    errors.add(rows[index]?.row ?? firstRow, f.label[locale], issueMessage(locale, issue, label, f), sheet);
  } else if (rows.length > 0) errors.add(rows[0].row, sheet, issueMessage(locale, issue, sheet), sheet);
  else errors.add(firstRow, sheet, issueMessage(locale, issue, sheet));
  return true;
}
