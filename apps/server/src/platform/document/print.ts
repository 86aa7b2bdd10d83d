import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Locale } from '@srm/contracts/constants';
import {
  codeLabel,
  type DocumentDefinition,
  type FieldDef,
  statusFieldsOf,
} from '@srm/contracts/document/define';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The one PDF layout of the document kernel (issue #12): title and number, the definition's print
 * header fields as label/value pairs, then a table of the print line fields; labels and codes in the
 * reader's language. Kinds print their own extras (box labels …) with `renderPdf`.
 */

/** Noto Sans Hans (GB2312) from @embedpdf/fonts-sc, so Chinese prints (the default PDF fonts have no CJK). */
const fontDir = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
/** pdfmake loads at the first print, not at start (issue #7: memory). */
let printer: Promise<import('pdfmake')> | null = null;
const getPrinter = () =>
  (printer ??= import('pdfmake').then(
    ({ default: PdfPrinter }) =>
      new PdfPrinter({
        NotoSans: {
          normal: join(fontDir, 'NotoSansHans-Regular.otf'),
          bold: join(fontDir, 'NotoSansHans-Bold.otf'),
          italics: join(fontDir, 'NotoSansHans-Regular.otf'),
          bolditalics: join(fontDir, 'NotoSansHans-Bold.otf'),
        },
      }),
  ));

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

/** A value as printed: codes as their label, empty as ''. */
export function printValue(field: FieldDef | undefined, value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '';
  if (field?.codes) return codeLabel(field.codes, String(value), locale);
  if (field?.type === 'datetime' && typeof value === 'string') return value.replace('T', ' ').slice(0, 19);
  return String(value);
}

/**
 * The printable document of a kind: header pairs, statuses, then its lines, then the kind's own
 * `sections` (pdfmake content in the reader's language, e.g. an e-auction's bid log; KindOptions
 * printSections) in the same layout and fonts.
 */
export async function renderDocumentPdf(
  def: DocumentDefinition,
  record: Record<string, unknown>,
  lines: Array<Record<string, unknown>>,
  locale: Locale,
  sections: Content[] = [],
): Promise<Buffer> {
  const fields = { ...def.header, ...statusFieldsOf(def) };
  const pairs = [...def.print.header, Object.keys(def.statuses)[0]].map(
    (name) => [fields[name]?.label[locale] ?? name, printValue(fields[name], record[name], locale)] as const,
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
      {
        table: {
          headerRows: 1,
          body: [
            def.print.lines.map((name) => ({
              text: def.lines.fields[name]?.label[locale] ?? name,
              bold: true,
            })),
            ...lines.map((line) =>
              def.print.lines.map((name) => printValue(def.lines.fields[name], line[name], locale)),
            ),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...sections,
    ],
    `${def.title[locale]} ${number}`,
  );
}
