import i18n from '../../lib/i18n.ts';
import enOrder from '../../locales/en/order.json';
import zhOrder from '../../locales/zh_cn/order.json';
import '../../lib/i18n-portal.ts';

/**
 * Texts of the custom fields (fbk1…fbk50) and the material picker, merged into the 'order' namespace
 * (kept beside the module so its features ship with it; same keys in both languages).
 */
const CUSTOM_AND_PICKER = {
  zh_cn: {
    edit: {
      customFields: '自定义字段',
      customFieldsHint:
        '列出已命名和已填写的表头自定义字段；其他字段（fbk1–fbk10）用“添加表头字段”加入。每项最多 100 个字符；其他自定义字段保持不变。',
      materialSearch: '输入物料编码或名称搜索',
      noMaterial: '没有匹配的物料',
      searching: '搜索中…',
      supplierForPrice: '先填写供应商账号，才能从价格主数据带出单价',
      noPrice: '价格主数据中没有 {{material}} 对供应商 {{supplier}} 在订单日期有效的价格，请填写单价',
      priceCurrency:
        '价格主数据中 {{material}} 的价格币种为 {{currency}}，与订单币种 {{orderCurrency}} 不同，未带出单价',
      cols: {
        minPackingQuantity: '最小包装量',
        overTolerance: '超交%',
        lackTolerance: '欠交%',
      },
    },
    rules: {
      packFormat: '最小包装量：最多 3 位小数的数字',
      tolerance: '容差：0–100，最多 2 位小数',
      customFieldMax: '最多 100 个字符',
    },
    detail: { customFields: '自定义字段' },
  },
  en: {
    edit: {
      customFields: 'Custom fields',
      customFieldsHint:
        'Named and filled header custom fields are listed; add another of fbk1–fbk10 with "Add header field". At most 100 characters each; other custom fields are kept as they are.',
      materialSearch: 'Search by material number or name',
      noMaterial: 'No matching material',
      searching: 'Searching…',
      supplierForPrice: 'Enter the supplier account first to take the price from the price master',
      noPrice:
        'The price master has no price of {{material}} from supplier {{supplier}} valid on the order date: enter the price',
      priceCurrency:
        'The price master prices {{material}} in {{currency}}, not in the order currency {{orderCurrency}}: the price was not filled in',
      cols: {
        minPackingQuantity: 'Min. packing qty',
        overTolerance: 'Over-delivery %',
        lackTolerance: 'Under-delivery %',
      },
    },
    rules: {
      packFormat: 'Minimum packing quantity: a number with at most 3 decimals',
      tolerance: 'Tolerance: 0–100 with at most 2 decimals',
      customFieldMax: 'At most 100 characters',
    },
    detail: { customFields: 'Custom fields' },
  },
} as const;

/**
 * Texts of the line custom fields drawer and of re-pricing the lines when the supplier, currency or order
 * date changes, merged into the 'order' namespace like the above.
 */
const LINE_TEXTS = {
  zh_cn: {
    lineCustom: {
      column: '自定义字段',
      open: '{{shown}} — 第 {{line}} 行的自定义字段',
      count: '{{count}} 项',
      add: '添加',
      title: '第 {{line}} 行自定义字段 · {{material}}',
      noMaterial: '未填物料',
      hint: '只列出本行已填写的字段；用下方的“添加字段”加入其他字段（fbk1–fbk50），每项最多 100 个字符。',
      none: '本行还没有自定义字段',
      addField: '添加字段…',
      fieldOfLine: '第 {{line}} 行 {{field}}',
      remove: '移除 {{field}}',
      done: '完成',
      max: '最多 100 个字符',
    },
    reprice: {
      title: '已按供应商 {{supplier}}、币种 {{currency}} 重新取价',
      titleNoSupplier: '供应商已清空：来自价格主数据的单价已移除',
      repriced: '已从价格主数据重新取价的行：{{lines}}',
      missing: '价格主数据中没有该供应商有效价格、原单价已移除的行（请填写单价）：{{lines}}',
      waiting: '填写供应商后将从价格主数据取价的行：{{lines}}',
      kept: '保留手工填写或已保存单价的行（请核对是否适用于新供应商）：{{lines}}',
      noPriceField: '该供应商无有效价格',
      currencyField: '主数据价格币种为 {{currency}}',
      keptField: '已保留，请核对',
      noPriceAmount: '无有效价格，请填写价格',
      incompleteAmount: '填写有效数量后计算',
    },
  },
  en: {
    lineCustom: {
      column: 'Custom fields',
      open: '{{shown}} — custom fields of line {{line}}',
      count: '{{count}} set',
      add: 'Add',
      title: 'Custom fields of line {{line}} · {{material}}',
      noMaterial: 'no material yet',
      hint: 'Only the fields this line holds are listed; add others (fbk1–fbk50) with "Add field" below. At most 100 characters each.',
      none: 'This line has no custom fields yet',
      addField: 'Add field…',
      fieldOfLine: '{{field}} of line {{line}}',
      remove: 'Remove {{field}}',
      done: 'Done',
      max: 'At most 100 characters',
    },
    reprice: {
      title: 'Prices re-read for supplier {{supplier}} in {{currency}}',
      titleNoSupplier: 'Supplier cleared: the prices taken from the price master were removed',
      repriced: 'Lines re-priced from the price master: {{lines}}',
      missing:
        'Lines without a valid price of this supplier in the price master, old price removed (enter a price): {{lines}}',
      waiting: 'Lines priced from the price master once a supplier is entered: {{lines}}',
      kept: 'Lines keeping the price typed by hand or saved before (check it applies to the new supplier): {{lines}}',
      noPriceField: 'No price from this supplier',
      currencyField: 'Master price is in {{currency}}',
      keptField: 'Kept — please check',
      noPriceAmount: 'No valid price — enter a price',
      incompleteAmount: 'Shown once the quantity is valid',
    },
  },
} as const;

/** The 'order' namespace of the order module app (issue #5); registered only by that app. */
i18n.addResourceBundle('zh_cn', 'order', zhOrder, true, false);
i18n.addResourceBundle('en', 'order', enOrder, true, false);
i18n.addResourceBundle('zh_cn', 'order', CUSTOM_AND_PICKER.zh_cn, true, false);
i18n.addResourceBundle('en', 'order', CUSTOM_AND_PICKER.en, true, false);
i18n.addResourceBundle('zh_cn', 'order', LINE_TEXTS.zh_cn, true, false);
i18n.addResourceBundle('en', 'order', LINE_TEXTS.en, true, false);

export const ORDER_NS = 'order';
export { CUSTOM_AND_PICKER, LINE_TEXTS };
