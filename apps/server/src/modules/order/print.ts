import { type CustomFieldLabel, customFieldLabel } from '@srm/contracts/custom-field';
import { DICTIONARIES } from '@srm/contracts/dictionaries';
import {
  AUDIT_STATUS,
  CUSTOM_FIELD_KEYS,
  DELIVERY_STATUS,
  ITEM_STATUS,
  ORDER_STATUS,
} from '@srm/contracts/purchase-order';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import { renderPdf } from '../../platform/document/print.ts';
import type { purchaseOrder, purchaseOrderItem } from './tables.ts';

type Locale = 'zh_cn' | 'en';
const T = {
  title: { zh_cn: '采购订单', en: 'Purchase order' },
  number: { zh_cn: '订单号', en: 'Order number' },
  date: { zh_cn: '订单日期', en: 'Order date' },
  type: { zh_cn: '订单类型', en: 'Order type' },
  buyer: { zh_cn: '采购方', en: 'Buyer' },
  supplier: { zh_cn: '供应商', en: 'Supplier' },
  currency: { zh_cn: '币种 / 汇率', en: 'Currency / rate' },
  address: { zh_cn: '收货地址', en: 'Delivery address' },
  status: { zh_cn: '状态', en: 'Status' },
  line: { zh_cn: '行号', en: 'Line' },
  material: { zh_cn: '物料', en: 'Material' },
  quantity: { zh_cn: '数量', en: 'Quantity' },
  price: { zh_cn: '含税单价', en: 'Price incl. tax' },
  tax: { zh_cn: '税率', en: 'Tax' },
  amount: { zh_cn: '含税金额', en: 'Amount incl. tax' },
  delivery: { zh_cn: '交期 / 回复交期', en: 'Delivery / reply' },
  lineStatus: { zh_cn: '行状态', en: 'Line status' },
  totalExcl: { zh_cn: '不含税总额', en: 'Total excl. tax' },
  totalTax: { zh_cn: '税额', en: 'Tax' },
  total: { zh_cn: '含税总额', en: 'Total incl. tax' },
  totalLocal: { zh_cn: '本位币含税总额', en: 'Total in local currency' },
  customFields: { zh_cn: '自定义字段', en: 'Custom fields' },
} as const;

/**
 * The non-empty custom fields (fbk1…fbk50) of a header or line, as [name, value] in fbk order: the name is
 * the buyer's label in the reader's language where one is set (issue #5), else the key (fbk3).
 */
function customEntries(
  fields: Record<string, string> | null | undefined,
  labels: readonly CustomFieldLabel[] = [],
  locale: Locale = 'zh_cn',
): Array<[string, string]> {
  if (!fields) return [];
  return CUSTOM_FIELD_KEYS.flatMap((key) => {
    const value = fields[key];
    return typeof value === 'string' && value.trim() !== ''
      ? [[customFieldLabel(labels, key, locale), value.trim()] as [string, string]]
      : [];
  });
}

/**
 * The header's custom fields as a table of two key/value pairs per row, or nothing when it has none (an
 * order may carry up to 50, so they do not get a row each).
 */
function headerCustomFields(
  fields: Record<string, string>,
  title: string,
  labels: readonly CustomFieldLabel[],
  locale: Locale,
): Content[] {
  const entries = customEntries(fields, labels, locale);
  if (entries.length === 0) return [];
  const rows: TableCell[][] = [];
  for (let i = 0; i < entries.length; i += 2) {
    const [a, b] = [entries[i], entries[i + 1]];
    rows.push([
      { text: a[0], color: '#666666' },
      a[1],
      { text: b?.[0] ?? '', color: '#666666' },
      b?.[1] ?? '',
    ]);
  }
  return [
    { text: title, bold: true, margin: [0, 0, 0, 4] },
    {
      table: { widths: ['auto', '*', 'auto', '*'], body: rows },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 12],
    },
  ];
}

/**
 * The printable purchase order (issue #5) as PDF bytes: header, lines with prices in the order
 * currency and quantities in each line's unit, totals, statuses in the reader's language.
 */
export async function renderOrderPdf(
  order: typeof purchaseOrder.$inferSelect,
  items: Array<typeof purchaseOrderItem.$inferSelect>,
  buyerName: string,
  locale: Locale,
  /** The buyer's custom field labels (modules/custom-field); none: fields print as fbkN. */
  customLabels: { purchaseOrder: CustomFieldLabel[]; purchaseOrderItem: CustomFieldLabel[] } = {
    purchaseOrder: [],
    purchaseOrderItem: [],
  },
): Promise<Buffer> {
  const t = (key: keyof typeof T) => T[key][locale];
  const label = (dict: Record<string, Record<Locale, string>>, code: string) => dict[code]?.[locale] ?? code;
  /** Number and description of a line's material; its custom fields below them, small, on one line. */
  const materialCell = (i: (typeof items)[number]): TableCell => {
    const custom = customEntries(i.customFields, customLabels.purchaseOrderItem, locale);
    return custom.length === 0
      ? `${i.materialNumber}\n${i.materialDesc}`
      : {
          stack: [
            `${i.materialNumber}\n${i.materialDesc}`,
            { text: custom.map(([k, v]) => `${k}: ${v}`).join(' · '), fontSize: 7, color: '#666666' },
          ],
        };
  };
  // The kernel's PDF engine (platform/document/print.ts: A4, the CJK font, pdfmake loaded at first use).
  return renderPdf(
    [
      { text: `${t('title')} ${order.orderNumber}`, fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      {
        table: {
          widths: ['auto', '*', 'auto', '*'],
          body: [
            [t('buyer'), buyerName, t('supplier'), `${order.supplierName} (${order.toElsAccount})`],
            [t('number'), order.orderNumber, t('date'), order.orderDate],
            [
              t('type'),
              label(DICTIONARIES.orderType, order.orderType),
              t('currency'),
              `${order.currency} / ${order.exchangeRate}`,
            ],
            [
              t('address'),
              order.deliveryAddress ?? '',
              t('status'),
              // Approval · order status, then the delivery status once goods have left the supplier.
              [
                label(AUDIT_STATUS, order.auditStatus),
                label(ORDER_STATUS, order.orderStatus),
                order.deliveryStatus !== '0' ? label(DELIVERY_STATUS, order.deliveryStatus) : '',
              ]
                .filter(Boolean)
                .join(' · '),
            ],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      ...headerCustomFields(order.customFields, t('customFields'), customLabels.purchaseOrder, locale),
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
          body: [
            [
              t('line'),
              t('material'),
              t('quantity'),
              t('price'),
              t('tax'),
              t('amount'),
              t('delivery'),
              t('lineStatus'),
            ].map((text) => ({
              text,
              bold: true,
            })),
            ...items
              .filter((i) => i.isDel === 'N')
              .map((i) => [
                String(i.itemNumber),
                materialCell(i),
                `${i.quantity} ${i.unit}`,
                i.priceIncludingTax,
                `${i.taxRate}%`,
                i.lineAmount,
                `${i.deliveryDate}${i.replyDeliveryDate ? `\n${i.replyDeliveryDate}` : ''}`,
                i.isClose === 'Y' ? ORDER_STATUS['5'][locale] : label(ITEM_STATUS, i.itemStatus),
              ]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [t('totalExcl'), `${order.totalAmountExcludingTax} ${order.currency}`],
            [t('totalTax'), `${order.totalTaxAmount} ${order.currency}`],
            [
              { text: t('total'), bold: true },
              { text: `${order.totalAmount} ${order.currency}`, bold: true },
            ],
            [t('totalLocal'), `${order.totalAmountLocal} ${order.localCurrency}`],
          ],
        },
        layout: 'noBorders',
        margin: [300, 12, 0, 0],
      },
    ],
    `${t('title')} ${order.orderNumber}`,
  );
}
