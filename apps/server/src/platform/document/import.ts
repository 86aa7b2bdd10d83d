import multipart from '@fastify/multipart';
import type { Locale } from '@srm/contracts/constants';
import { kindAction } from '@srm/contracts/document/actions';
import {
  type DocumentDefinition,
  type FieldDef,
  type Label,
  type Side,
  saveSchema,
  servicePath,
} from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readUploadedPart } from '../attachment-store.ts';
import { companyTimeZone } from '../clock.ts';
import { AppError, badRequest } from '../errors.ts';
import { type Column, readWorkbookSheets, type SheetRow, writeWorkbook, XLSX_TYPE } from '../excel.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../http.ts';
import { t } from '../messages.ts';
import { attachCollectionRows, collectionIssue, readSpecs, templateSheets } from './collection-sheets.ts';
import {
  cellToInput,
  IMPORT_MAX_ERRORS,
  issueMessage,
  KINDS,
  norm,
  REFERENCE_COLUMN,
  type RowError,
  RowErrors,
} from './import-cells.ts';
import type { DocRow, DocumentKind } from './kind.ts';

export { IMPORT_MAX_ERRORS, REFERENCE_COLUMN, type RowError };

/**
 * The document kernel's Excel import (DESIGN §11, issue #12 "One Excel engine (exceljs, with per-row
 * errors on import)"): every kind gets, on each side that creates it, a template and an import that
 * creates documents from the template's rows through the kind's own save — all or nothing.
 *
 * Layout: one row per document line. The columns are a document reference (rows with the same reference
 * make one document, their header values read from the group's first row; without the column every row
 * is a document of its own), the kind's input header fields, then its input line fields — labelled in
 * the caller's language, read in either language or by field key, in any order (platform/excel.ts). A kind
 * with child collections has a sheet per collection after it (collection-sheets.ts, issue #34).
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * One column of a kind's import: a header or a line field, or one of the columns that name an id field
 * (`ref`: the field and the column's key in its resolver's values).
 */
type ImportField = {
  name: string;
  part: 'header' | 'line';
  field: FieldDef;
  column: Column;
  ref?: { key: string };
};
type ImportRefs = NonNullable<DocumentKind['options']['importRefs']>;

/**
 * The import columns of a kind: its input header fields, then its input line fields. A line label that
 * repeats a header label (in either language) names the lines too: "备注（送货明细）" / "Remark (Lines)".
 */
export function importFields(def: DocumentDefinition, refs: ImportRefs = {}): ImportField[] {
  const headerLabels = new Set(
    Object.values(def.header)
      .filter((f) => f.input)
      .flatMap((f) => [f.label.zh_cn.toLowerCase(), f.label.en.toLowerCase()]),
  );
  const column = (key: string, label: Label, field: FieldDef): Column => ({
    key,
    zh_cn: label.zh_cn,
    en: label.en,
    kind: KINDS[field.type] ?? 'text',
    width: field.type === 'text' || field.type === 'uuid' ? 24 : 14,
    required: field.required,
  });
  const out: ImportField[] = [];
  /** An id field's columns (the resolver's), instead of the id itself. */
  const refColumns = (name: string, part: 'header' | 'line', field: FieldDef) =>
    refs[name].columns.map((c) => ({
      name,
      part,
      field,
      ref: { key: c.key },
      column: {
        key: `${part === 'line' ? 'lines.' : ''}${name}.${c.key}`,
        zh_cn: c.label.zh_cn,
        en: c.label.en,
        kind: c.type === 'integer' ? ('int' as const) : ('text' as const),
        width: 18,
        required: field.required,
      },
    }));
  for (const [name, field] of Object.entries(def.header)) {
    // A secret (an opening password) is never a spreadsheet column.
    if (!field.input || field.secret) continue;
    if (refs[name]) out.push(...refColumns(name, 'header', field));
    else out.push({ name, part: 'header', field, column: column(name, field.label, field) });
  }
  for (const [name, field] of Object.entries(def.lines.fields)) {
    if (!field.input) continue;
    if (refs[name]) {
      out.push(...refColumns(name, 'line', field));
      continue;
    }
    const clash =
      headerLabels.has(field.label.zh_cn.toLowerCase()) || headerLabels.has(field.label.en.toLowerCase());
    const label = clash
      ? {
          zh_cn: `${field.label.zh_cn}（${def.lines.label.zh_cn}）`,
          en: `${field.label.en} (${def.lines.label.en})`,
        }
      : field.label;
    out.push({ name, part: 'line', field, column: column(`lines.${name}`, label, field) });
  }
  return out;
}

/**
 * Rows grouped into documents by the reference column (by its normalised text; a row without one is a
 * document of its own), in the order each reference first appears.
 */
function groupRows(rows: SheetRow[]): Map<string, SheetRow[]> {
  const groups = new Map<string, SheetRow[]>();
  for (const r of rows) {
    const ref = r.values[REFERENCE_COLUMN.key];
    const key = ref === undefined || String(ref).trim() === '' ? `\u0000${r.row}` : norm(String(ref));
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}

/** Thrown inside the transaction to roll it back: a file with errors, or a dry run. */
class Rollback {
  constructor(readonly created: number) {}
}

/**
 * Reads, converts, validates and saves the documents of one sheet for `side`, in ONE transaction: each
 * document through the kind's save (its own rules, numbering, audit row) in a savepoint, so the errors
 * of every document are collected; any error rolls everything back. '400' mdImportRejected with data
 * { errors: RowError[] } then; else { created, numbers } (dryRun: counted, nothing kept, no numbers).
 */
export async function importDocuments(
  deps: Pick<AppDeps, 'db'>,
  kind: DocumentKind,
  auth: ReturnType<typeof requireAuth>,
  side: Side,
  bytes: Buffer,
  locale: Locale,
  dryRun: boolean,
): Promise<{ created: number; numbers: string[] }> {
  const { def } = kind;
  const refs = kind.options.importRefs ?? {};
  const fields = importFields(def, refs);
  const { rows, extra } = await readWorkbookSheets(
    bytes,
    [REFERENCE_COLUMN, ...fields.map((f) => f.column)],
    readSpecs(def, side),
    { timeZone: await companyTimeZone(deps.db, auth.elsAccount) },
  );
  const errors = new RowErrors();
  const schema = saveSchema(def, side);
  const referenceLabel = REFERENCE_COLUMN[locale];
  const labelOf = (f: ImportField) => f.column[locale];

  // Cells → save bodies (one per group), converting each cell to its field's type.
  type Body = Record<string, unknown> & { lines: Record<string, unknown>[] };
  // `unresolved`: paths of id fields whose columns named nothing (already reported; zod stays quiet).
  const bodies: Array<{ key: string; rows: SheetRow[]; body: Body; bad: boolean; unresolved: Set<string> }> =
    [];
  for (const [key, group] of groupRows(rows)) {
    const header: Record<string, unknown> = {};
    const lines: Record<string, unknown>[] = [];
    const unresolved = new Set<string>();
    let bad = false;
    for (const [index, r] of group.entries()) {
      const line: Record<string, unknown> = {};
      // The values of the columns that name an id field, per field, resolved after the row is read.
      const named: Record<string, { part: 'header' | 'line'; values: Record<string, string> }> = {};
      for (const f of fields) {
        if (f.part === 'header' && index > 0) continue;
        const cell = r.values[f.column.key];
        if (cell === undefined || cell === null || cell === '') continue;
        if (f.ref) {
          named[f.name] ??= { part: f.part, values: {} };
          named[f.name].values[f.ref.key] = String(cell).trim();
          continue;
        }
        const converted = cellToInput(f.field, cell, locale, labelOf(f));
        if ('problem' in converted) {
          errors.add(r.row, labelOf(f), converted.problem);
          bad = true;
        } else (f.part === 'header' ? header : line)[f.name] = converted.value;
      }
      for (const [name, { part, values }] of Object.entries(named)) {
        // A line named within a document that could not be found is not reported again.
        if (part === 'line' && [...unresolved].some((path) => !path.startsWith('lines.'))) {
          unresolved.add(`lines.${index}.${name}`);
          continue;
        }
        const id = await refs[name].resolve(deps.db, auth, side, values, header);
        if (id) (part === 'header' ? header : line)[name] = id;
        else {
          const f = fields.find((x) => x.name === name && x.ref) as ImportField;
          errors.add(
            r.row,
            refs[name].columns.map((c) => c.label[locale]).join(' / '),
            t(locale, 'docImportRefUnknown', {
              what: locale === 'en' ? f.field.label.en.toLowerCase() : f.field.label.zh_cn,
              value: Object.values(values).join(' / '),
            }),
          );
          unresolved.add(part === 'header' ? name : `lines.${index}.${name}`);
          bad = true;
        }
      }
      lines.push(line);
    }
    bodies.push({ key, rows: group, body: { ...header, lines }, bad, unresolved });
  }
  // The collection sheets' rows (issue #34), each in the body of its reference's document.
  const collections = attachCollectionRows(
    def,
    side,
    extra,
    new Map(bodies.map((b) => [b.key, b.body])),
    errors,
    locale,
  );

  // The kind's zod schema, each issue on the row and column it came from (a cell that could not be
  // converted keeps its first problem). Only documents without problems go on to the kind's save.
  const valid: Array<{ rows: SheetRow[]; body: Body }> = [];
  for (const entry of bodies) {
    const parsed = schema.safeParse(entry.body);
    if (parsed.success) {
      if (!entry.bad && !collections.bad.has(entry.key))
        valid.push({ rows: entry.rows, body: parsed.data as Body });
      continue;
    }
    for (const issue of parsed.error.issues) {
      if (entry.unresolved.has(issue.path.join('.'))) continue;
      const sources = collections.sources.get(entry.key);
      if (collectionIssue(def, issue, sources, entry.rows[0].row, errors, locale)) continue;
      const [first, index, name] = issue.path;
      const onLine = first === 'lines' && typeof index === 'number';
      const f = fields.find((x) =>
        onLine ? x.part === 'line' && x.name === name : x.part === 'header' && x.name === first,
      );
      const row = (onLine ? entry.rows[index] : entry.rows[0])?.row ?? entry.rows[0].row;
      const label = f ? labelOf(f) : referenceLabel;
      errors.add(row, label, issueMessage(locale, issue, label, f?.field));
    }
  }

  // One transaction; each document's save in its own savepoint (kind.save given the transaction).
  const saved: DocRow[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      for (const entry of valid) {
        try {
          saved.push(await kind.save(tx, auth, side, entry.body));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const { row, label, message } = saveProblem(error, entry.rows, fields, locale);
          errors.add(row, label ?? referenceLabel, message);
        }
      }
      if (errors.rows.size > 0 || dryRun) throw new Rollback(saved.length);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (errors.rows.size > 0)
      throw new AppError('400', 'mdImportRejected', { count: errors.rows.size }, { errors: errors.sorted() });
    return { created: error.created, numbers: [] };
  }
  return { created: saved.length, numbers: saved.map((row) => String(row[def.numberField])) };
}

/**
 * A kind's save error as a row error. An id the error names (an unknown source line …) is never echoed:
 * the row and column that held it are named instead; other errors go to the document's first row.
 */
function saveProblem(error: AppError, rows: SheetRow[], fields: ImportField[], locale: Locale) {
  let row = rows[0].row;
  let label: string | undefined;
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries({ ...error.params, ...error.localParams?.(locale) })) {
    const ids = String(value).match(UUID);
    if (!ids) {
      params[key] = value;
      continue;
    }
    for (const r of rows)
      for (const f of fields)
        if (
          typeof r.values[f.column.key] === 'string' &&
          ids.includes(String(r.values[f.column.key]).trim())
        ) {
          row = r.row;
          label = f.column[locale];
        }
    params[key] = String(value).replace(UUID, t(locale, 'docImportRowRef', { row }));
  }
  return { row, label, message: t(locale, error.key, params) };
}

/**
 * The `file` part of a multipart upload, as bytes ('400' naming the rule; size ≤ UPLOAD_MAX_MB; an .xlsx
 * by its first bytes). Shared by every Excel upload of a route context that registered @fastify/multipart.
 */
export async function uploadedFile(request: FastifyRequest, maxMb: number): Promise<Buffer> {
  const { bytes } = await readUploadedPart(request, maxMb);
  // An .xlsx is a zip: its first bytes say so (the declared type and the name are not trusted).
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04))
    throw badRequest('mdImportBadFile');
  return bytes;
}

const importQuery = z.object({ dryRun: z.enum(['Y', 'N']).default('N') });
const importAnswer = envelopeSchema(z.object({ created: z.number(), numbers: z.array(z.string()) }));

/**
 * Registers a kind's import calls for one creating side (issue #12; DESIGN §11), under
 * `/apis/{module}/{Purchase|Sale}{Service}Service/…`, in a context of their own that reads multipart
 * bodies (as the attachment and master-data uploads do; elsewhere a multipart body is refused):
 *
 * - `GET importTemplate` — the .xlsx template: a header row in the caller's language (lang header):
 *   "单据参考号 / Document reference", the kind's input header fields, its input line fields. One row per
 *   line; rows with the same reference make one document, header values from the group's first row.
 * - `POST import[?dryRun=Y]` — multipart/form-data with one part `file`: an .xlsx (checked by its bytes)
 *   of at most UPLOAD_MAX_MB and MAX_IMPORT_ROWS (5,000) data rows in the template's layout (either
 *   language). Cells: decimals as numbers or text (the field's digits), dates as date cells or
 *   'YYYY-MM-DD', codes as the code or its label in either language. Every document is checked by the
 *   kind's save schema and saved by the kind's own save, all in ONE transaction. Answers data
 *   { created (documents), numbers (their numbers, in file order; [] for a dry run) }.
 *
 * Errors ('400', the message naming the rule, in the caller's language): not multipart / no `file`
 * part / too large / not an .xlsx / no data rows / too many rows / a required column missing; and when
 * any row is bad, nothing is created and data { errors: [{ row (the sheet's row number), field (the
 * column's label in the caller's language), message }] } lists up to 100 problems (ids never echoed).
 * '403' from the other side's station, or without the function permission `{kind}.import` (issue #19).
 */
export function registerImportRoutes(app: App, deps: AppDeps, kind: DocumentKind, side: Side): void {
  const { def } = kind;
  const base = servicePath(def, side);
  const tags = [def.kind];
  const who = side === 'purchase' ? 'buyer' : 'supplier';
  const maxMb = deps.config.UPLOAD_MAX_MB;
  void app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: maxMb * 1024 * 1024, files: 1 } });
    const r = zod(uploads);

    r.get(
      `${base}/importTemplate`,
      {
        config: { action: kindAction(def, 'import') },
        schema: {
          tags,
          summary: `The Excel template of a ${def.title.en} import (${who} side)`,
          description:
            'An .xlsx with the header row in the caller’s language: document reference, then the input header ' +
            'and line fields. One row per line; rows with the same reference make one document.',
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        kind.assertSide(requireAuth(request.auth), side, 'edit');
        const locale = request.locale;
        const columns = [
          REFERENCE_COLUMN,
          ...importFields(def, kind.options.importRefs).map((f) => f.column),
        ];
        const bytes = await writeWorkbook(def.title[locale], columns, [], locale, {
          sheets: templateSheets(def, side, locale),
        });
        return reply
          .header('content-type', XLSX_TYPE)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${def.kind}-import.xlsx"`)
          .send(bytes);
      },
    );

    r.post(
      `${base}/import`,
      {
        config: { action: kindAction(def, 'import') },
        schema: {
          tags,
          summary: `Import ${def.title.en}s from Excel (${who} side), all or nothing`,
          description:
            'multipart/form-data, part `file`: an .xlsx in the importTemplate layout (≤ 5,000 rows). Any bad row: ' +
            "'400' with data { errors: [{ row, field, message }] } and nothing created; else { created, numbers }. " +
            'dryRun=Y checks only.',
          querystring: importQuery,
          response: { 200: importAnswer },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        kind.assertSide(auth, side, 'edit');
        const bytes = await uploadedFile(request, maxMb);
        return ok(
          await importDocuments(deps, kind, auth, side, bytes, request.locale, request.query.dryRun === 'Y'),
        );
      },
    );
  });
}
