import type { Locale } from './constants.ts';
import { ORDER_STATUS } from './purchase-order.ts';

/** A dictionary: code → label in each interface language (spec 000 §3, seed 001 §3). */
export type Dictionary = Record<string, Record<Locale, string>>;

/** Every dictionary of spec 000 §3 and seed 001 §3, served by GET /apis/DictService/findAll. */
export const DICTIONARIES = {
  payType: {
    '0': { zh_cn: '微信', en: 'WeChat' },
    '1': { zh_cn: '支付宝', en: 'Alipay' },
    '2': { zh_cn: '银行卡', en: 'Bank card' },
  },
  orderStatus: {
    CANCEL: { zh_cn: '已取消', en: 'Cancelled' },
    EXPIRE: { zh_cn: '已过期', en: 'Expired' },
    INIT: { zh_cn: '待支付', en: 'Pending payment' },
    UNPAID: { zh_cn: '支付已取消', en: 'Payment cancelled' },
    PAID: { zh_cn: '已支付', en: 'Paid' },
    INVOICED: { zh_cn: '已开票', en: 'Invoiced' },
  },
  invoiceIssueStatus: {
    '0': { zh_cn: '待开票', en: 'Pending' },
    '1': { zh_cn: '已开票', en: 'Issued' },
  },
  invoiceStatus: {
    SUBMIT: { zh_cn: '申请中', en: 'Applying' },
    ISSUED: { zh_cn: '已开具', en: 'Issued' },
  },
  authorizationType: {
    PERSONAL: { zh_cn: '个人', en: 'Personal' },
    COMPANY: { zh_cn: '企业', en: 'Company' },
  },
  authorizationStatus: {
    SAVE: { zh_cn: '已保存', en: 'Saved' },
    SUBMIT: { zh_cn: '待审核', en: 'Pending review' },
    REJECT: { zh_cn: '已驳回', en: 'Rejected' },
    PASS: { zh_cn: '已通过', en: 'Passed' },
  },
  projectStatus: {
    DRAFT: { zh_cn: '草稿', en: 'Draft' },
    RELEASE: { zh_cn: '已发布', en: 'Released' },
  },
  projectDeleted: {
    true: { zh_cn: '已删除', en: 'Deleted' },
    false: { zh_cn: '未删除', en: 'Not deleted' },
  },
  projectViewed: {
    true: { zh_cn: '已查看', en: 'Viewed' },
    false: { zh_cn: '未查看', en: 'Not viewed' },
  },
  invoiceType: {
    GENERAL: { zh_cn: '普通发票', en: 'General invoice' },
    VAT: { zh_cn: '增值税专用发票', en: 'VAT invoice' },
  },
  productOrderType: {
    FLOW: { zh_cn: '流量', en: 'Flow' },
    PRODUCT: { zh_cn: '产品', en: 'Product' },
  },
  templateStatus: {
    DRAFT: { zh_cn: '草稿', en: 'Draft' },
    APPLY: { zh_cn: '申请中', en: 'Applying' },
    REVOKE: { zh_cn: '已撤回', en: 'Revoked' },
    RELEASE: { zh_cn: '已发布', en: 'Released' },
    FAIL: { zh_cn: '失败', en: 'Failed' },
  },
  productSubtype: {
    FREE: { zh_cn: '免费版', en: 'Free' },
    STANDARD: { zh_cn: '标准版', en: 'Standard' },
    PROFESSIONAL: { zh_cn: '专业版', en: 'Professional' },
  },
  spaceUnit: {
    MB: { zh_cn: 'MB', en: 'MB' },
    GB: { zh_cn: 'GB', en: 'GB' },
    TB: { zh_cn: 'TB', en: 'TB' },
  },
  mediaType: {
    audio: { zh_cn: '音频', en: 'Audio' },
    image: { zh_cn: '图片', en: 'Image' },
    video: { zh_cn: '视频', en: 'Video' },
  },
  /** Order and purchase type codes 0–9 (seed 001 §3). */
  orderType: {
    '0': { zh_cn: '标准', en: 'Standard' },
    '1': { zh_cn: '限制', en: 'Restriction' },
    '2': { zh_cn: '寄售', en: 'Consignment' },
    '3': { zh_cn: '分包', en: 'Subcontracting' },
    '4': { zh_cn: '未知商品', en: 'Unknown commodity' },
    '5': { zh_cn: '第三方', en: 'Third party' },
    '6': { zh_cn: '文本', en: 'Text' },
    '7': { zh_cn: '库存转储', en: 'Stock transfer' },
    '8': { zh_cn: '商品类别', en: 'Commodity category' },
    '9': { zh_cn: '服务', en: 'Service' },
  },
  costType: {
    '1': { zh_cn: '附加', en: 'Additional' },
    '2': { zh_cn: '扣款', en: 'Deduction' },
  },
  deductType: {
    '1': { zh_cn: '票扣', en: 'Ticket deduction' },
    '2': { zh_cn: '账扣', en: 'Account deduction' },
  },
  itemType: {
    '1': { zh_cn: '收款', en: 'Collection' },
    '2': { zh_cn: '退款', en: 'Refund' },
    '3': { zh_cn: '扣款', en: 'Deduction' },
    '4': { zh_cn: '附加', en: 'Additional' },
  },
  yesNo: {
    Y: { zh_cn: '是', en: 'Yes' },
    N: { zh_cn: '否', en: 'No' },
  },
  /** Hazardous-substance certificate state (RoHS pages): expiring = within 30 days. */
  hazardStatus: {
    expired: { zh_cn: '已过期', en: 'Expired' },
    expiring: { zh_cn: '30 天内到期', en: 'Expiring within 30 days' },
    valid: { zh_cn: '有效', en: 'Valid' },
  },
  station: {
    purchase: { zh_cn: '采购方', en: 'Buyer' },
    sale: { zh_cn: '供应方', en: 'Supplier' },
  },
  /** Purchase order status (seed 001 §4), as the order pages label it; a buyer may relabel it (issue #19). */
  purchaseOrderStatus: ORDER_STATUS,
} as const satisfies Record<string, Dictionary>;

export type DictionaryCode = keyof typeof DICTIONARIES;

/** One entry on the business-dictionary admin page (issue #19): the platform labels, the company's
 * overrides (null: none) and the row version (null while the company has no row: the first save omits it). */
export type DictionaryAdminRow = {
  code: string;
  value: string;
  defaultZhCn: string;
  defaultEn: string;
  zhCn: string | null;
  en: string | null;
  enabled: boolean;
  /** null while the company has no row for this entry (the first save omits the version). */
  version: number | null;
};
