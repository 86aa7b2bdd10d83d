import type { Locale } from '@srm/contracts/constants';
import { Decimal } from '@srm/contracts/decimal';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import { renderPdf } from '../../platform/document/print.ts';
import type { deliveryNote, deliveryNoteItem } from './tables.ts';

type Note = typeof deliveryNote.$inferSelect;
type Line = typeof deliveryNoteItem.$inferSelect;

const T = {
  title: { zh_cn: '箱标签', en: 'Box labels' },
  note: { zh_cn: '送货单', en: 'Notice' },
  order: { zh_cn: '订单 / 行', en: 'Order / line' },
  material: { zh_cn: '物料', en: 'Material' },
  quantity: { zh_cn: '本箱数量', en: 'Quantity in box' },
  batch: { zh_cn: '批次', en: 'Batch' },
  box: { zh_cn: '箱号', en: 'Box' },
  from: { zh_cn: '发货方', en: 'From' },
  to: { zh_cn: '收货方', en: 'To' },
} as const;

/**
 * The quantities of a line's boxes: the line's quantity split into `boxes` boxes of equal size (the
 * minimum packing quantity rounded up), the last box holding the rest; exact decimals, 3 places.
 */
export function boxQuantities(quantity: string, boxes: number): string[] {
  const total = new Decimal(quantity);
  const n = Math.max(1, boxes);
  const per = total.div(n).toDecimalPlaces(3, Decimal.ROUND_UP);
  const out: string[] = [];
  let left = total;
  for (let i = 0; i < n; i++) {
    const q = i === n - 1 ? left : Decimal.min(per, left);
    out.push(q.toFixed(3).replace(/\.?0+$/, '') || '0');
    left = left.sub(q);
  }
  return out;
}

/**
 * Box and batch labels of a delivery notice as a PDF (issue #12): one label per box of every line, two
 * per row, each with a QR code holding the notice number (the buyer's receiving page reads it), the
 * order line, material, the box's quantity in the line's unit, batch, and box i of n.
 */
export async function renderBoxLabels(note: Note, lines: Line[], locale: Locale): Promise<Buffer> {
  const t = (key: keyof typeof T) => T[key][locale];
  const labels: TableCell[] = [];
  for (const line of lines) {
    const quantities = boxQuantities(line.sendDeliveryNoteQuantity, line.boxCount);
    quantities.forEach((q, i) => {
      labels.push({
        columns: [
          { qr: note.deliveryNoteNumber, fit: 80, width: 90 },
          {
            width: '*',
            stack: [
              { text: `${t('note')} ${note.deliveryNoteNumber}`, bold: true, fontSize: 10 },
              `${t('from')}: ${note.supplierName}`,
              `${t('to')}: ${note.buyerName}`,
              `${t('order')}: ${line.orderNumber} / ${line.itemNumber}`,
              `${t('material')}: ${line.materialNumber} ${line.materialDesc}`,
              { text: `${t('quantity')}: ${q} ${line.unit}`, bold: true },
              `${t('batch')}: ${line.batchNumber ?? '—'}`,
              `${t('box')}: ${i + 1} / ${quantities.length}`,
            ],
          },
        ],
        margin: [4, 6, 4, 6],
      } as TableCell);
    });
  }
  const rows: TableCell[][] = [];
  for (let i = 0; i < labels.length; i += 2) rows.push([labels[i], labels[i + 1] ?? '']);
  const content: Content[] = [
    { text: `${t('title')} · ${note.deliveryNoteNumber}`, fontSize: 14, bold: true, margin: [0, 0, 0, 8] },
    {
      table: { widths: ['*', '*'], dontBreakRows: true, body: rows },
      layout: { hLineColor: '#999999', vLineColor: '#999999' },
    },
  ];
  return renderPdf(content, `${t('title')} ${note.deliveryNoteNumber}`);
}
