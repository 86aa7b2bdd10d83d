import { quoteFormulaText } from '@srm/contracts/spreadsheet-safety';
import ExcelJS from 'exceljs';

/**
 * Writes rows to an .xlsx file and downloads it (loaded only when the user exports: exceljs is ~250 KiB gz).
 * `columns` are the visible columns in their shown order, with their header labels. Text that a spreadsheet
 * would read as a formula gets a leading `'` (issue #32; the browser build of exceljs cannot set Excel's
 * quote-prefix style that the server's exports use).
 */
export async function downloadXlsx(
  fileName: string,
  sheetName: string,
  columns: { header: string; width?: number }[],
  rows: (string | number | null)[][],
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: Math.max(10, Math.round((c.width ?? 140) / 7)),
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(row.map(quoteFormulaText));
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
