/**
 * Spreadsheet formula injection ("CSV injection", OWASP): text that one company typed (a material name, a
 * remark, a supplier name …) and another company exports must never turn into a live formula when a user
 * edits the cell or saves the sheet as CSV. Spreadsheet programs read a cell as a formula when its text starts
 * with `=`, `+`, `-` or `@`, and some also after a leading tab or carriage return.
 *
 * Used by both Excel writers: the server's one Excel engine (apps/server/src/platform/excel.ts, where such
 * a cell gets Excel's quote-prefix style so its visible text stays exactly the same) and the browser's
 * table export (apps/web/src/components/data-table/export-excel.ts, which cannot set that style through
 * the browser build of exceljs and writes a leading `'` instead).
 */

/** The characters that make a spreadsheet read a cell's text as a formula. */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A plain number ("-500.00", "+1", "-1e3"): a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * True when `text` would be read as a formula by a spreadsheet program (its first character is `=`, `+`,
 * `-`, `@`, a tab or a carriage return) and is not simply a signed number such as a negative amount.
 */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0] as string) && !PLAIN_NUMBER.test(text);
}

/**
 * For writers that cannot set Excel's quote-prefix style (the browser's table export): formula-like text gets
 * a leading `'`, the OWASP remedy, so a spreadsheet keeps it as text; every other value is returned as it is.
 */
export function quoteFormulaText<T>(value: T): T | string {
  return typeof value === 'string' && isFormulaLike(value) ? `'${value}` : value;
}
