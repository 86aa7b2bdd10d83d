import { createRequire } from 'node:module';
import { instantOfWallClock, wallClockIn } from '@srm/contracts/calendar';
import type { Locale } from '@srm/contracts/constants';
import { isFormulaLike } from '@srm/contracts/spreadsheet-safety';
import type ExcelJS from 'exceljs';
import { AppError, badRequest } from './errors.ts';

/**
 * The one Excel engine (issue #12): every list export and import of the portal — master data and every
 * document kind of the kernel — writes and reads sheets here. An import reads the export's layout: the
 * first row holds the headers, matched by label in either language or by field key, in any order.
 * Decimals and date-times are written as text so a round trip is exact; an import also accepts numbers
 * and date cells. Date-times (columns of kind 'date') are the company's wall clock (issue #35): written as
 * 'YYYY-MM-DD HH:mm:ss' in the `timeZone` the caller passes (the company's, platform/clock.ts), and read back
 * in it — a typed '2026-12-01 08:00' or an Excel date cell showing it is 08:00 in that zone, a bare
 * 'YYYY-MM-DD' its midnight; a value with its own offset ('…Z', '…+08:00') keeps it. Without a `timeZone`
 * date-times are written and read in UTC.
 * Errors of single rows are the caller's: it validates each SheetRow and reports per row.
 * Text that a spreadsheet would read as a formula (`=…`, `+…`, `-…`, `@…`, a leading tab or carriage return;
 * issue #32, OWASP "CSV injection") is written with Excel's quote-prefix style: it shows exactly as typed,
 * stays text when a user edits the cell or saves the sheet as CSV, and an import reads it back unchanged.
 */

/** exceljs loads on first use (~30 MiB): most servers never import or export a sheet (issue #7). */
const loadExcel = async () => {
  const excel = (await import('exceljs')).default;
  enableQuotePrefix();
  return excel;
};

type XmlStream = {
  openNode(name: string, attributes?: object): void;
  addAttribute(name: string, value: string): void;
};
type StyleModel = Record<string, unknown> & { quotePrefix?: boolean };
let quotePrefixEnabled = false;

/**
 * Teaches exceljs 4.4 the `quotePrefix` attribute of a cell format (ECMA-376 §18.8.45), which it neither
 * writes nor keeps (an open pull request upstream): a cell whose style has `quotePrefix: true` gets an
 * `<xf … quotePrefix="1">` of its own. Two small wrappers on exceljs's style writers, applied once; the
 * excel tests read the written styles.xml back, so an exceljs upgrade that changes these internals fails
 * there, not in a user's spreadsheet.
 */
function enableQuotePrefix(): void {
  if (quotePrefixEnabled) return;
  quotePrefixEnabled = true;
  const require = createRequire(import.meta.url);
  const StylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform.js');
  const StyleXform = require('exceljs/lib/xlsx/xform/style/style-xform.js');
  const addStyleModel = StylesXform.prototype.addStyleModel;
  const addStyle = StylesXform.prototype._addStyle;
  const render = StyleXform.prototype.render;
  let quoting = false;
  StylesXform.prototype.addStyleModel = function (
    this: unknown,
    model: StyleModel | undefined,
    cellType: unknown,
  ) {
    quoting = model?.quotePrefix === true;
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      quoting = false;
    }
  };
  StylesXform.prototype._addStyle = function (this: unknown, style: StyleModel) {
    return addStyle.call(this, quoting ? { ...style, quotePrefix: true } : style);
  };
  StyleXform.prototype.render = function (this: unknown, xmlStream: XmlStream, model: StyleModel) {
    if (!model?.quotePrefix) return render.call(this, xmlStream, model);
    // The attribute must be added right after <xf> opens, before exceljs renders its child nodes.
    const openNode = xmlStream.openNode;
    xmlStream.openNode = function (this: XmlStream, name: string, attributes?: object) {
      openNode.call(this, name, attributes);
      if (name === 'xf') this.addAttribute('quotePrefix', '1');
    };
    try {
      return render.call(this, xmlStream, model);
    } finally {
      xmlStream.openNode = openNode;
    }
  };
}

/** Gives the row's formula-like text cells the quote-prefix style (see the file's comment); returns the row. */
function protectFormulaText(row: ExcelJS.Row): ExcelJS.Row {
  row.eachCell((cell) => {
    if (typeof cell.value === 'string' && isFormulaLike(cell.value))
      cell.style = { ...cell.style, quotePrefix: true } as ExcelJS.Style;
  });
  return row;
}

export type ColumnKind = 'text' | 'decimal' | 'int' | 'date';
export type Column = {
  key: string;
  zh_cn: string;
  en: string;
  kind?: ColumnKind;
  width?: number;
  /** The import needs this column in the header row. */
  required?: boolean;
  /** Written by the export, ignored by the import (e.g. names next to codes). */
  exportOnly?: boolean;
};

/** How a sheet's date-times are written and read: the company's time zone (IANA); default UTC. */
export type SheetOptions = { timeZone?: string };

/**
 * A row's values as written: a date-time of a 'date' column (an ISO-8601 instant or a Date) becomes the wall
 * clock in `timeZone`; everything else as given.
 */
function sheetRow(
  columns: Column[],
  row: Record<string, string | number | null | undefined>,
  timeZone: string,
): Record<string, string | number | null | undefined> {
  const out = { ...row };
  for (const c of columns) {
    if (c.kind !== 'date') continue;
    const value = out[c.key];
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) continue;
    const at = Date.parse(value);
    if (!Number.isNaN(at)) out[c.key] = wallClockIn(timeZone, at);
  }
  return out;
}

/** Largest import in rows (one transaction). */
export const MAX_IMPORT_ROWS = 5000;
/** Largest export in rows. */
export const MAX_EXPORT_ROWS = 50_000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes one sheet: a bold, frozen header row in the caller's language, then the rows (key → value); the
 * date-times of 'date' columns as the wall clock in `options.timeZone` (see the file's comment).
 */
export async function writeWorkbook(
  sheetName: string,
  columns: Column[],
  rows: Array<Record<string, string | number | null | undefined>>,
  locale: Locale,
  options: SheetOptions & {
    /** More sheets after the first, in the same layout (a document kind's child collections, issue #34). */
    sheets?: ExtraSheet[];
  } = {},
): Promise<Buffer> {
  const timeZone = options.timeZone ?? 'UTC';
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'SRM portal';
  const taken = new Set<string>();
  for (const s of [{ name: sheetName, columns, rows }, ...(options.sheets ?? [])]) {
    const name = uniqueSheetName(s.name, taken);
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.columns.map((c) => ({ header: c[locale], key: c.key, width: c.width ?? 12 }));
    for (const row of s.rows) protectFormulaText(sheet.addRow(sheetRow(s.columns, row, timeZone)));
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One more sheet of a workbook: its name (shown on the tab), columns and rows. */
export type ExtraSheet = {
  name: string;
  columns: Column[];
  rows: Array<Record<string, string | number | null | undefined>>;
};

/**
 * A sheet name Excel accepts: without []:*?/\, at most 31 characters, unique in the workbook (a repeated
 * name gets " 2", " 3" …).
 */
function uniqueSheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 28)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * Streams one sheet into `out` as it is written (exceljs `stream.xlsx.WorkbookWriter`): the same layout as
 * writeWorkbook — a bold, frozen header row in the caller's language, then the rows (key → value) — but
 * each row is committed (zipped and written) as it comes from `rows`, so memory holds a few rows, not the
 * workbook. Resolves once the workbook is complete and written to `out` (which it ends); rejects when
 * `rows` or the writer fails (the caller then destroys `out`: a download cut short, never a broken file
 * served whole). Inline strings, no shared-string table (that table would hold every text until the end).
 */
export async function streamWorkbook(
  sheetName: string,
  columns: Column[],
  rows: AsyncIterable<Record<string, string | number | null | undefined>>,
  locale: Locale,
  out: NodeJS.WritableStream,
  options: SheetOptions = {},
): Promise<void> {
  const timeZone = options.timeZone ?? 'UTC';
  const excel = await loadExcel();
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out as unknown as import('node:stream').Stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'SRM portal';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c[locale], key: c.key, width: c.width ?? 12 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const row of rows) protectFormulaText(sheet.addRow(sheetRow(columns, row, timeZone))).commit();
  sheet.commit();
  await workbook.commit();
}

/** One data row of an import: its 1-based sheet row number and its values by field key. */
export type SheetRow = { row: number; values: Record<string, unknown> };

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Reads the first sheet of an .xlsx upload in the layout of `columns`. '400' when the file is not a
 * workbook, a required column is missing, there are no data rows or more than MAX_IMPORT_ROWS.
 * Empty rows are skipped; empty cells are absent from `values`. Date-times of 'date' columns come back as
 * ISO-8601 instants, read as the wall clock in `options.timeZone` (see the file's comment).
 */
export async function readWorkbook(
  bytes: Buffer,
  columns: Column[],
  options: SheetOptions = {},
): Promise<SheetRow[]> {
  return (await readWorkbookSheets(bytes, columns, [], options)).rows;
}

/**
 * Reads the first sheet as readWorkbook does, and each of `sheets` found by one of its names (compared
 * trimmed, case- and space-insensitively) in its own layout: `extra[i]` holds the rows of `sheets[i]`,
 * null when the workbook has no such sheet (an extra sheet may be empty; the same column and row rules).
 */
export async function readWorkbookSheets(
  bytes: Buffer,
  columns: Column[],
  sheets: Array<{ names: string[]; columns: Column[] }>,
  options: SheetOptions = {},
): Promise<{ rows: SheetRow[]; extra: Array<SheetRow[] | null> }> {
  const timeZone = options.timeZone ?? 'UTC';
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('mdImportBadFile');
  }
  const first = workbook.worksheets[0];
  if (!first) throw badRequest('mdImportBadFile');
  const rows = readSheet(first, columns, timeZone);
  if (rows.length === 0) throw badRequest('mdImportEmpty');
  const extra = sheets.map(({ names, columns: own }) => {
    const wanted = new Set(names.map(normalise));
    const sheet = workbook.worksheets.find((w, i) => i > 0 && wanted.has(normalise(w.name)));
    return sheet ? readSheet(sheet, own, timeZone) : null;
  });
  return { rows, extra };
}

/** The data rows of one sheet in the layout of `columns` ('400' on a missing required column, too many rows). */
function readSheet(sheet: ExcelJS.Worksheet, columns: Column[], timeZone: string): SheetRow[] {
  if (sheet.actualRowCount - 1 > MAX_IMPORT_ROWS)
    throw badRequest('mdImportTooMany', { max: MAX_IMPORT_ROWS });
  const byLabel = new Map<string, Column>();
  for (const c of columns) {
    if (c.exportOnly) continue;
    for (const label of [c.key, c.zh_cn, c.en]) byLabel.set(normalise(label), c);
  }
  const positions = new Map<number, Column>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellValue(cell.value);
    const column = typeof text === 'string' ? byLabel.get(normalise(text)) : undefined;
    if (column) positions.set(col, column);
  });
  const found = new Set([...positions.values()].map((c) => c.key));
  const missing = columns.find((c) => c.required && !found.has(c.key));
  if (missing) throw badRequest('mdImportMissingColumn', { column: `${missing.zh_cn} / ${missing.en}` });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, unknown> = {};
    for (const [col, column] of positions) {
      const value = convert(cellValue(row.getCell(col).value), column.kind ?? 'text', timeZone);
      if (value !== undefined) values[column.key] = value;
    }
    if (Object.keys(values).length > 0) rows.push({ row: rowNumber, values });
  });
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('400', 'mdImportTooMany', { max: MAX_IMPORT_ROWS });
  return rows;
}

/** A cell's plain value: text, number, boolean or Date; rich text, links and formulas unwrapped. */
function cellValue(value: ExcelJS.CellValue): string | number | boolean | Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return cellValue(value.richText.map((r) => r.text).join(''));
    if ('text' in value && typeof value.text === 'string') return cellValue(value.text);
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
  }
  return undefined;
}

/** A number as a plain decimal string (no exponent). */
function numberText(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(12).replace(/\.?0+$/, '');
}

/** The ISO-8601 instant of a wall-clock reading in `timeZone`, or the text unchanged when it is none. */
function instantText(wallClock: string, timeZone: string): string {
  const at = instantOfWallClock(timeZone, wallClock);
  return Number.isNaN(at) ? wallClock : new Date(at).toISOString();
}

/**
 * Converts a cell to what the request schema expects; wrong types pass through for zod to report. A
 * date-time of a 'date' column is read as the wall clock in `timeZone`: an Excel date cell holds the reading
 * it shows (exceljs gives it as that reading in UTC), a text 'YYYY-MM-DD[ HH:mm[:ss]]' is one.
 */
function convert(
  value: string | number | boolean | Date | undefined,
  kind: ColumnKind,
  timeZone: string,
): unknown {
  if (value === undefined) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'invalid date';
    if (kind !== 'date') return value.toISOString();
    return instantText(value.toISOString().slice(0, 23), timeZone);
  }
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  switch (kind) {
    case 'decimal':
      return typeof value === 'number' ? numberText(value) : value;
    case 'int':
      if (typeof value === 'number') return value;
      return /^\d{1,9}$/.test(value) ? Number(value) : value;
    case 'date':
      if (typeof value === 'number') return String(value);
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return instantText(`${value} 00:00:00`, timeZone);
      if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d{1,3})?$/.test(value))
        return instantText(value, timeZone);
      return value;
    default:
      return typeof value === 'number' ? numberText(value) : value;
  }
}
