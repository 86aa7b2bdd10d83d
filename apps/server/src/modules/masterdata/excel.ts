import type { Locale } from '@srm/contracts/constants';
import type ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../platform/errors.ts';

/**
 * Excel layouts of the master-data exports and imports (issue #5). An import reads the export's layout:
 * the first row holds the headers, matched by label in either language or by field key, in any order.
 * Decimals and date-times are written as text so a round trip is exact; an import also accepts numbers
 * and date cells (Excel date cells are read as UTC wall-clock times, `YYYY-MM-DD` as UTC midnight).
 */

/** exceljs loads on first use (~30 MiB): most servers never import or export a sheet (issue #7). */
const loadExcel = async () => (await import('exceljs')).default;

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

/** Largest import in rows (one transaction). */
export const MAX_IMPORT_ROWS = 5000;
/** Largest export in rows. */
export const MAX_EXPORT_ROWS = 50_000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const MATERIAL_COLUMNS: Column[] = [
  { key: 'materialNumber', zh_cn: '物料编码', en: 'Material number', width: 18, required: true },
  { key: 'materialName', zh_cn: '物料名称', en: 'Material name', width: 24, required: true },
  { key: 'materialDesc', zh_cn: '物料描述', en: 'Description', width: 30 },
  { key: 'materialType', zh_cn: '物料类型', en: 'Material type', width: 10 },
  { key: 'brand', zh_cn: '品牌', en: 'Brand', width: 12 },
  { key: 'cateCode', zh_cn: '三级分类编码', en: 'Level-3 category code', width: 16, required: true },
  { key: 'cateName', zh_cn: '三级分类名称', en: 'Level-3 category name', width: 18, exportOnly: true },
  { key: 'baseUnit', zh_cn: '基本单位', en: 'Base unit', width: 8, required: true },
  { key: 'orderUnit', zh_cn: '订单单位', en: 'Order unit', width: 8 },
  { key: 'purchaseUnit', zh_cn: '采购单位', en: 'Purchase unit', width: 8 },
  { key: 'conversionNumerator', zh_cn: '换算分子', en: 'Conversion numerator', kind: 'decimal', width: 10 },
  {
    key: 'conversionDenominator',
    zh_cn: '换算分母',
    en: 'Conversion denominator',
    kind: 'decimal',
    width: 10,
  },
  { key: 'grossWeight', zh_cn: '毛重', en: 'Gross weight', kind: 'decimal', width: 10 },
  { key: 'netWeight', zh_cn: '净重', en: 'Net weight', kind: 'decimal', width: 10 },
  { key: 'weightUnit', zh_cn: '重量单位', en: 'Weight unit', width: 8 },
  { key: 'overTolerance', zh_cn: '超收容差(%)', en: 'Over tolerance (%)', kind: 'decimal', width: 10 },
  { key: 'lackTolerance', zh_cn: '短收容差(%)', en: 'Under tolerance (%)', kind: 'decimal', width: 10 },
  { key: 'minOrderQuantity', zh_cn: '最小订货量', en: 'Minimum order quantity', kind: 'decimal', width: 12 },
  {
    key: 'minPackingQuantity',
    zh_cn: '最小包装量',
    en: 'Minimum packing quantity',
    kind: 'decimal',
    width: 12,
  },
  { key: 'minShelfLife', zh_cn: '最短保质期(天)', en: 'Minimum shelf life (days)', kind: 'int', width: 10 },
  { key: 'totalShelfLife', zh_cn: '总保质期(天)', en: 'Total shelf life (days)', kind: 'int', width: 10 },
  { key: 'isCheckQuality', zh_cn: '是否质检(Y/N)', en: 'Quality check (Y/N)', width: 10 },
  { key: 'isFreeze', zh_cn: '是否冻结(Y/N)', en: 'Frozen (Y/N)', width: 10 },
];

export const SUPPLIER_COLUMNS: Column[] = [
  { key: 'toElsAccount', zh_cn: '供应商账号', en: 'Supplier account', width: 12, required: true },
  { key: 'supplierCode', zh_cn: '供应商编码', en: 'Supplier code', width: 14, required: true },
  { key: 'fullName', zh_cn: '供应商全称', en: 'Full name', width: 28, required: true },
  { key: 'shortName', zh_cn: '简称', en: 'Short name', width: 14 },
  { key: 'socialCreditCode', zh_cn: '统一社会信用代码', en: 'Social credit code', width: 20 },
  { key: 'supplierType', zh_cn: '供应商类型', en: 'Supplier type', width: 10 },
  { key: 'supplierStatus', zh_cn: '供应商状态', en: 'Supplier status', width: 10 },
  { key: 'currency', zh_cn: '币种', en: 'Currency', width: 8 },
  { key: 'paymentClause', zh_cn: '付款条款', en: 'Payment clause', width: 16 },
  { key: 'contactName', zh_cn: '联系人', en: 'Contact', width: 10 },
  { key: 'contactTelphone', zh_cn: '联系电话', en: 'Contact phone', width: 14 },
  { key: 'contactWxNo', zh_cn: '微信号', en: 'WeChat', width: 12 },
  { key: 'bankCode', zh_cn: '银行代码', en: 'Bank code', width: 10 },
  { key: 'bankBranchName', zh_cn: '开户支行', en: 'Bank branch', width: 20 },
  { key: 'bankAccount', zh_cn: '银行账号', en: 'Bank account', width: 22 },
  { key: 'country', zh_cn: '国家', en: 'Country', width: 8 },
  { key: 'address', zh_cn: '地址', en: 'Address', width: 30 },
];

export const PRICE_COLUMNS: Column[] = [
  { key: 'toElsAccount', zh_cn: '供应商账号', en: 'Supplier account', width: 12, required: true },
  { key: 'supplierName', zh_cn: '供应商名称', en: 'Supplier name', width: 24, exportOnly: true },
  { key: 'materialNumber', zh_cn: '物料编码', en: 'Material number', width: 16, required: true },
  { key: 'materialName', zh_cn: '物料名称', en: 'Material name', width: 20, exportOnly: true },
  {
    key: 'priceExcludingTax',
    zh_cn: '不含税单价',
    en: 'Price excl. tax',
    kind: 'decimal',
    width: 14,
    required: true,
  },
  { key: 'taxRate', zh_cn: '税率(%)', en: 'Tax rate (%)', kind: 'decimal', width: 8, required: true },
  { key: 'priceIncludingTax', zh_cn: '含税单价', en: 'Price incl. tax', kind: 'decimal', width: 14 },
  { key: 'currency', zh_cn: '币种', en: 'Currency', width: 8 },
  { key: 'exchangeRate', zh_cn: '汇率', en: 'Exchange rate', kind: 'decimal', width: 10 },
  { key: 'priceBase', zh_cn: '价格单位数量', en: 'Price base', kind: 'decimal', width: 10 },
  { key: 'validStartDate', zh_cn: '生效时间', en: 'Valid from', kind: 'date', width: 24, required: true },
  { key: 'priceExpiryDate', zh_cn: '失效时间', en: 'Valid until', kind: 'date', width: 24, required: true },
  { key: 'quota', zh_cn: '配额(%)', en: 'Quota (%)', kind: 'decimal', width: 8 },
];

/** Writes one sheet: a bold, frozen header row in the caller's language, then the rows (key → value). */
export async function writeWorkbook(
  sheetName: string,
  columns: Column[],
  rows: Array<Record<string, string | number | null | undefined>>,
  locale: Locale,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'SRM portal';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c[locale], key: c.key, width: c.width ?? 12 }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One data row of an import: its 1-based sheet row number and its values by field key. */
export type SheetRow = { row: number; values: Record<string, unknown> };

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Reads the first sheet of an .xlsx upload in the layout of `columns`. '400' when the file is not a
 * workbook, a required column is missing, there are no data rows or more than MAX_IMPORT_ROWS.
 * Empty rows are skipped; empty cells are absent from `values`.
 */
export async function readWorkbook(bytes: Buffer, columns: Column[]): Promise<SheetRow[]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('mdImportBadFile');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('mdImportBadFile');
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
      const value = convert(cellValue(row.getCell(col).value), column.kind ?? 'text');
      if (value !== undefined) values[column.key] = value;
    }
    if (Object.keys(values).length > 0) rows.push({ row: rowNumber, values });
  });
  if (rows.length === 0) throw badRequest('mdImportEmpty');
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

/** Converts a cell to what the request schema expects; wrong types pass through for zod to report. */
function convert(value: string | number | boolean | Date | undefined, kind: ColumnKind): unknown {
  if (value === undefined) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'invalid date';
    return value.toISOString();
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
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00.000Z`;
      if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value))
        return `${value.replace(' ', 'T')}${value.length === 16 ? ':00' : ''}Z`;
      return value;
    default:
      return typeof value === 'number' ? numberText(value) : value;
  }
}
