import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { wallClockIn } from '@srm/contracts/calendar';
import type { Locale } from '@srm/contracts/constants';
import {
  codeLabel,
  collectionsOf,
  type DocumentDefinition,
  type FieldDef,
  statusFieldsOf,
} from '@srm/contracts/document/define';
import type { Alignment, Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The one PDF layout of the document kernel (issue #12): title and number, the definition's print
 * header fields as label/value pairs, then a table of the print line fields, then each child collection
 * as a titled table (issue #34); labels and codes in the reader's language. Kinds print their own extras (box labels …) with `renderPdf`.
 */

const requireHere = createRequire(import.meta.url);

/**
 * Noto Sans SC (Regular and Bold, SIL OFL 1.1) as TrueType (glyf outlines) from
 * @expo-google-fonts/noto-sans-sc, so Chinese prints (the default PDF fonts have no CJK). TrueType, not
 * the CFF-flavoured OTF of @embedpdf/fonts-sc used until 2026-11-29: fontkit subsets a glyf font by
 * copying the used glyphs, whereas a CID-keyed CFF font of 30,000 glyphs had its charstring and subroutine
 * indexes decoded and re-encoded for every document (most of a print's CPU time, and 5× the PDF's bytes).
 * BENCHMARKS.md "PDF printing: first print after start".
 */
const fontFiles = {
  normal: requireHere.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: requireHere.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

/** How often this process has read a font file and parsed a font since start (see printerStats). */
const stats = { fontFileReads: 0, fontParses: 0 };

/**
 * What the printer has prepared in this process: `fontFileReads` (font files read from disk) and
 * `fontParses` (fonts parsed by fontkit). Both stay at 0 until the first print and then at 2 (Regular,
 * Bold) however many documents print: the printer, the font bytes and the parsed fonts (tables, glyph
 * cache) are kept once per process, not prepared per document.
 */
export function printerStats(): Readonly<typeof stats> {
  return { ...stats };
}

/**
 * pdfkit opens its fonts with `fontkit.create(bytes)` for every document. For the font bytes read here
 * (and only those: a WeakMap keyed by our Buffers), answer the font parsed at the first print instead, so
 * later documents reuse its decoded tables and glyphs. Each document still gets its own subset. Safe to
 * share: fontkit fonts are read-only apart from their caches, and a document's layout and font encoding
 * run synchronously (no two documents interleave inside fontkit).
 */
function shareParsedFonts(fontBuffers: Buffer[]) {
  const pdfkitPath = createRequire(requireHere.resolve('pdfmake')).resolve('@foliojs-fork/pdfkit');
  const fontkit = createRequire(pdfkitPath)('@foliojs-fork/fontkit') as {
    create: (buffer: Buffer, postscriptName?: string) => unknown;
  };
  const parsed = new WeakMap<Buffer, Map<string, unknown>>();
  for (const buffer of fontBuffers) parsed.set(buffer, new Map());
  const create = fontkit.create;
  fontkit.create = function createShared(buffer, postscriptName) {
    const mine = parsed.get(buffer);
    if (!mine) return create.call(this, buffer, postscriptName);
    const key = postscriptName ?? '';
    let font = mine.get(key);
    if (font === undefined) {
      font = create.call(this, buffer, postscriptName);
      stats.fontParses += 1;
      mine.set(key, font);
    }
    return font;
  };
}

/** pdfmake loads at the first print, not at start (issue #7: memory); then stays, with its fonts. */
let printer: Promise<import('pdfmake')> | null = null;
const getPrinter = () =>
  (printer ??= (async () => {
    const { default: PdfPrinter } = await import('pdfmake');
    const [normal, bold] = await Promise.all([readFile(fontFiles.normal), readFile(fontFiles.bold)]);
    stats.fontFileReads += 2;
    shareParsedFonts([normal, bold]);
    // Buffers, not paths: pdfkit would read a path's 10 MB again for every document.
    return new PdfPrinter({ NotoSans: { normal, bold, italics: normal, bolditalics: bold } });
  })().catch((error: unknown) => {
    printer = null; // a failed preparation is tried again at the next print
    throw error;
  }));

/** Renders any pdfmake definition (A4 defaults and the CJK font set here) to PDF bytes. */
export async function renderPdf(
  content: Content[],
  title: string,
  extra: Partial<TDocumentDefinitions> = {},
) {
  const pdf = await getPrinter();
  const definition: TDocumentDefinitions = {
    info: { title },
    pageSize: 'A4',
    pageMargins: [36, 48, 36, 48],
    defaultStyle: { font: 'NotoSans', fontSize: 9 },
    content,
    ...extra,
  };
  return new Promise<Buffer>((resolve, reject) => {
    const doc = pdf.createPdfKitDocument(definition);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A field printed as a figure (number, date, code): kept on one line. */
const isFigure = (field: FieldDef | undefined) =>
  field !== undefined && field.type !== 'text' && field.type !== 'uuid' && field.type !== 'account';

/**
 * A value as printed: codes as their label, empty as '', a date-time as the wall clock 'YYYY-MM-DD HH:mm:ss'
 * in `timeZone` (the reader's company's, issue #35; date-only values print as they are).
 */
export function printValue(
  field: FieldDef | undefined,
  value: unknown,
  locale: Locale,
  timeZone = 'UTC',
): string {
  if (value === null || value === undefined) return '';
  if (field?.codes) return codeLabel(field.codes, String(value), locale);
  if (field?.type === 'datetime') {
    const at = value instanceof Date ? value.getTime() : Date.parse(String(value));
    if (!Number.isNaN(at)) return wallClockIn(timeZone, at).slice(0, 19);
  }
  return String(value);
}

/**
 * At most this many lines are printed (issue #15: a 10,000-line statement took 20–33 s and ~330 MiB to
 * print). A longer document prints its header (with its totals) and the first lines, then says how many
 * lines it has and that all of them are in the lines' Excel (`…/exportLines/{id}`).
 */
export const PRINT_LINE_LIMIT = 500;

const MORE_LINES = {
  zh_cn: (shown: number, total: number) =>
    `此处仅打印前 ${shown} 行，共 ${total} 行；全部明细请使用“导出明细 Excel”。`,
  en: (shown: number, total: number) =>
    `Only the first ${shown} of ${total} lines are printed; all lines are in the lines' Excel export.`,
} as const;

/** The line number column of a collection's printed table. */
const LINE_FIELD = { label: { zh_cn: '行号', en: 'Line' }, type: 'integer' } as const satisfies FieldDef;

/**
 * A table of rows under bold labels: `names` of `fields` as columns. Figures, dates and codes keep their
 * width and never wrap (2034.00 is never cut to 2034.0 / 0), numbers to the right; descriptions take the
 * rest. More than nine columns print at 8 pt.
 */
function rowsTable(
  fields: Readonly<Record<string, FieldDef>>,
  names: readonly string[],
  rows: Array<Record<string, unknown>>,
  locale: Locale,
  timeZone: string,
): Content {
  return {
    table: {
      headerRows: 1,
      widths: names.map((name) => (isFigure(fields[name]) ? 'auto' : '*')),
      body: [
        names.map((name) => ({ text: fields[name]?.label[locale] ?? name, bold: true })),
        ...rows.map((row) =>
          names.map((name) => {
            const field = fields[name];
            const text = printValue(field, row[name], locale, timeZone);
            return isFigure(field)
              ? {
                  text,
                  noWrap: true,
                  alignment: (field?.type === 'decimal' || field?.type === 'integer'
                    ? 'right'
                    : 'left') as Alignment,
                }
              : { text };
          }),
        ),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: names.length > 9 ? 8 : 9,
  };
}

/**
 * The printable document of a kind: header pairs, statuses, then its lines (at most PRINT_LINE_LIMIT,
 * then a note), then each child collection given as a titled table of its rows (line number and every
 * field), then the kind's own `sections` (pdfmake content in the reader's language, e.g. an
 * e-auction's bid log; KindOptions printSections) in the same layout and fonts. Date-times print in
 * `timeZone` (the reader's company's; the print route passes it).
 */
export async function renderDocumentPdf(
  def: DocumentDefinition,
  record: Record<string, unknown>,
  lines: Array<Record<string, unknown>>,
  locale: Locale,
  sections: Content[] = [],
  timeZone = 'UTC',
  /** The detail's child collections (name → rows), those the reader's side reads; issue #34. */
  collections: Record<string, Array<Record<string, unknown>>> = {},
): Promise<Buffer> {
  const fields = { ...def.header, ...statusFieldsOf(def) };
  const pairs = [...def.print.header, Object.keys(def.statuses)[0]].map(
    (name) =>
      [
        fields[name]?.label[locale] ?? name,
        printValue(fields[name], record[name], locale, timeZone),
      ] as const,
  );
  const rows: string[][] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const [a, b] = [pairs[i], pairs[i + 1]];
    rows.push([a[0], a[1], b?.[0] ?? '', b?.[1] ?? '']);
  }
  const number = String(record[def.numberField] ?? '');
  return renderPdf(
    [
      { text: `${def.title[locale]} ${number}`, fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      {
        table: {
          widths: ['auto', '*', 'auto', '*'],
          body: rows.map((r) => r.map((text, i) => ({ text, color: i % 2 === 0 ? '#666666' : undefined }))),
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      rowsTable(def.lines.fields, def.print.lines, lines.slice(0, PRINT_LINE_LIMIT), locale, timeZone),
      ...(lines.length > PRINT_LINE_LIMIT
        ? [
            {
              text: MORE_LINES[locale](PRINT_LINE_LIMIT, lines.length),
              italics: true,
              margin: [0, 8, 0, 0],
            } as Content,
          ]
        : []),
      // Each child collection the reader's side reads (the detail's), titled by its label (issue #34).
      ...collectionsOf(def)
        .filter(([name]) => collections[name] !== undefined)
        .flatMap(([name, c]): Content[] => [
          { text: c.label[locale], bold: true, fontSize: 11, margin: [0, 14, 0, 6] },
          rowsTable(
            { lineNumber: LINE_FIELD, ...c.fields },
            ['lineNumber', ...Object.keys(c.fields)],
            collections[name],
            locale,
            timeZone,
          ),
        ]),
      ...sections,
    ],
    `${def.title[locale]} ${number}`,
    // Many line columns: landscape, so every figure fits.
    def.print.lines.length > 9 ? { pageOrientation: 'landscape' } : {},
  );
}
