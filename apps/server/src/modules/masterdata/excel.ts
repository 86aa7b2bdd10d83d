/**
 * Excel layouts of the master-data exports and imports (issue #5), written and read by the one Excel
 * engine (platform/excel.ts).
 */
import type { Column } from '../../platform/excel.ts';

export {
  type Column,
  MAX_EXPORT_ROWS,
  MAX_IMPORT_ROWS,
  readWorkbook,
  type SheetRow,
  writeWorkbook,
  XLSX_TYPE,
} from '../../platform/excel.ts';

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
  // Where an award's price came from (issue #33): the RFQ or auction, its line, and a ladder quote's steps.
  { key: 'sourceType', zh_cn: '价格来源', en: 'Price source', width: 10, exportOnly: true },
  { key: 'sourceNumber', zh_cn: '来源单号', en: 'Source document', width: 18, exportOnly: true },
  { key: 'sourceItemNumber', zh_cn: '来源行号', en: 'Source line', width: 8, exportOnly: true },
  {
    key: 'ladder',
    zh_cn: '阶梯价(起订量: 不含税单价)',
    en: 'Ladder (from quantity: price excl. tax)',
    width: 30,
    exportOnly: true,
  },
];

/** PRICE_SOURCE_TYPE as the price export writes it, in the reader's language; entered or imported: empty. */
export const PRICE_SOURCE_LABELS: Record<'enquiry' | 'ebidding', { zh_cn: string; en: string }> = {
  enquiry: { zh_cn: '询价', en: 'RFQ' },
  ebidding: { zh_cn: '竞价', en: 'E-auction' },
};

/** A ladder's steps as one cell: "1: 10; 500: 9.5" (from quantity in the line's unit: price in the currency). */
export function ladderCell(ladder: Array<{ quantity: string; price: string }> | null): string {
  return (ladder ?? []).map((step) => `${step.quantity}: ${step.price}`).join('; ');
}
