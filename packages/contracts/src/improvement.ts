import { defineDocument, type FieldDef, type Label } from './document/define.ts';

/**
 * Improvement sheets, 8D-lite (issue #17, improvement part; seed 001 §1 "improvement sheets", §2
 * "Improvement sheet management, Improvement items and templates", §4 template status, §5 "duplicate …
 * improvement item names rejected", "template name … up to 50 characters"). Module `improvement`:
 * `/apis/improvement/{Purchase|Sale}{ImprovementTemplate|Improvement}Service/…`, screens in the `/improvement/`
 * app.
 *
 * A buyer issues a sheet to a linked supplier (by hand, from a return or from an appraisal) with improvement
 * items (typed or from a released template: name, guidance, required date = issue date + the item's default
 * due days). The supplier answers every open item (root cause, corrective action, its own due date; files
 * through the kernel's attachments) and the sheet is answered; the buyer closes it (every item verified) or
 * reopens it with a reason, naming the items that failed verification (default: all), and the supplier
 * answers those again. Items past their due date and not verified remind both sides once per item and date.
 */

/** Template status (seed 001 §4 "Template status: DRAFT, APPLY, REVOKE, RELEASE, FAIL"; three are used). */
export const IMPROVEMENT_TEMPLATE_STATUS = {
  DRAFT: { zh_cn: '草稿', en: 'Draft' },
  RELEASE: { zh_cn: '已发布', en: 'Released' },
  REVOKE: { zh_cn: '已停用', en: 'Disabled' },
} as const;

/**
 * Sheet status: 0 draft (the buyer's alone), 1 sent (waiting for the supplier's answer), 2 answered
 * (waiting for the buyer's verification), 3 reopened (waiting for the answer again), 4 closed, 5 cancelled.
 */
export const IMPROVEMENT_STATUS = {
  '0': { zh_cn: '草稿', en: 'Draft' },
  '1': { zh_cn: '待供应商回复', en: 'Awaiting answer' },
  '2': { zh_cn: '待验证', en: 'Awaiting verification' },
  '3': { zh_cn: '已退回重新整改', en: 'Reopened' },
  '4': { zh_cn: '已关闭', en: 'Closed' },
  '5': { zh_cn: '已取消', en: 'Cancelled' },
} as const;

/** Item status: 0 open (to answer), 1 answered, 2 verified, 3 rework (failed verification, to answer again). */
export const IMPROVEMENT_ITEM_STATUS = {
  '0': { zh_cn: '待回复', en: 'Open' },
  '1': { zh_cn: '已回复', en: 'Answered' },
  '2': { zh_cn: '已验证', en: 'Verified' },
  '3': { zh_cn: '需重新整改', en: 'Rework' },
} as const;

/** Where a sheet comes from: typed by hand, a return (`refund` number) or an appraisal (its number). */
export const IMPROVEMENT_SOURCE_TYPE = {
  manual: { zh_cn: '手工创建', en: 'By hand' },
  refund: { zh_cn: '退货单', en: 'Return' },
  appraisal: { zh_cn: '绩效考核', en: 'Appraisal' },
} as const;

/** Longest template name (seed 001 §5 "template name … up to 50 characters"). */
export const IMPROVEMENT_TEMPLATE_NAME_MAX = 50;
/** Longest improvement item name (seed 001 §5 "length up to 50"). */
export const IMPROVEMENT_ITEM_NAME_MAX = 50;
/** Most default due days an item may have (a year). */
export const IMPROVEMENT_DUE_DAYS_MAX = 365;

/**
 * The first improvement item name that repeats (trimmed, case-insensitive), or null (seed 001 §5
 * "duplicate … improvement item names rejected").
 */
export function duplicateImprovementItem(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return null;
}

/** An ISO date plus whole days: addDays('2026-11-30', 2) = '2026-12-02' (the company calendar's, issue #35). */
export { addDays } from './calendar.ts';

/**
 * When an item is due: the supplier's promised date once answered, else the buyer's required date; null
 * when neither is set.
 */
export function itemDueDate(item: { dueDate?: string | null; requiredDate?: string | null }): string | null {
  return item.dueDate || item.requiredDate || null;
}

/** Whether an item is overdue on `today` (ISO date): due before today and not verified. */
export function itemOverdue(
  item: { dueDate?: string | null; requiredDate?: string | null; itemStatus?: string | null },
  today: string,
): boolean {
  const due = itemDueDate(item);
  return due !== null && due < today && item.itemStatus !== '2';
}

const itemNameField = {
  label: { zh_cn: '改善项', en: 'Improvement item' },
  type: 'text',
  max: IMPROVEMENT_ITEM_NAME_MAX,
  input: true,
  required: true,
} as const satisfies FieldDef;
const guidanceField = {
  label: { zh_cn: '改善指引', en: 'Guidance' },
  type: 'text',
  max: 500,
  input: true,
} as const satisfies FieldDef;

/**
 * Improvement item templates (kind `improvementTemplate`, lines = improvement items): buyer-internal, edited
 * while a draft, released for use (only released templates fill a sheet), disabled when retired.
 */
export const improvementTemplateDefinition = defineDocument({
  kind: 'improvementTemplate',
  module: 'improvement',
  service: 'ImprovementTemplate',
  title: { zh_cn: '改善项模板', en: 'Improvement item template' },
  prefix: 'IT',
  numberField: 'templateNumber',
  dateField: 'templateDate',
  detailPath: '/improvement/#/v2/template/detail',
  customFields: 30,
  sides: ['purchase'],
  header: {
    templateNumber: {
      label: { zh_cn: '模板编号', en: 'Template number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    templateName: {
      label: { zh_cn: '模板名称', en: 'Template name' },
      type: 'text',
      max: IMPROVEMENT_TEMPLATE_NAME_MAX,
      input: true,
      required: true,
      list: true,
    },
    templateDate: {
      label: { zh_cn: '模板日期', en: 'Template date' },
      type: 'date',
      list: true,
      filter: 'range',
    },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '改善项', en: 'Improvement items' },
    max: 100,
    fields: {
      itemName: itemNameField,
      guidance: guidanceField,
      dueDays: {
        label: { zh_cn: '默认完成天数', en: 'Default due days' },
        type: 'integer',
        positive: true,
        input: true,
        required: true,
      },
    },
  },
  statuses: { templateStatus: IMPROVEMENT_TEMPLATE_STATUS },
  editable: { purchase: { templateStatus: ['DRAFT'] } },
  actions: {
    release: {
      label: { zh_cn: '发布', en: 'Release' },
      sides: { purchase: { templateStatus: ['DRAFT', 'REVOKE'] } },
      target: { templateStatus: 'RELEASE' },
    },
    disable: {
      label: { zh_cn: '停用', en: 'Disable' },
      sides: { purchase: { templateStatus: ['RELEASE'] } },
      target: { templateStatus: 'REVOKE' },
      remark: 'optional',
      danger: true,
    },
  },
  print: { header: ['templateNumber', 'templateName'], lines: ['itemName', 'guidance', 'dueDays'] },
});

const answeredTitle: Label = {
  zh_cn: '供应商已回复改善单：{number}',
  en: 'Improvement sheet answered by the supplier: {number}',
};

/**
 * Improvement sheets (kind `improvement`, IM…): one row, two sides (buyer `elsAccount`, supplier
 * `toElsAccount`); a draft is the buyer's alone. `answer` (supplier, own route: each open item's root cause,
 * corrective action and due date), `close` and `reopen` (buyer; reopen's remark is the required reason,
 * own route naming the items to rework) tell the other side in its language.
 */
export const improvementDefinition = defineDocument({
  kind: 'improvement',
  module: 'improvement',
  service: 'Improvement',
  title: { zh_cn: '改善单', en: 'Improvement sheet' },
  prefix: 'IM',
  numberField: 'improvementNumber',
  dateField: 'improvementDate',
  detailPath: '/improvement/#/v2/improvement/detail',
  customFields: 30,
  header: {
    improvementNumber: {
      label: { zh_cn: '改善单号', en: 'Sheet number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    improvementDate: {
      label: { zh_cn: '创建日期', en: 'Issue date' },
      type: 'date',
      list: true,
      filter: 'range',
    },
    toElsAccount: {
      label: { zh_cn: '供应商账号', en: 'Supplier account' },
      type: 'account',
      input: true,
      required: true,
      list: true,
      filter: 'eq',
    },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text' },
    subject: {
      label: { zh_cn: '改善主题', en: 'Subject' },
      type: 'text',
      max: 100,
      input: true,
      required: true,
      list: true,
    },
    problemDesc: {
      label: { zh_cn: '问题描述', en: 'Problem description' },
      type: 'text',
      max: 1000,
      input: true,
    },
    sourceType: {
      label: { zh_cn: '来源', en: 'Source' },
      type: 'code',
      codes: IMPROVEMENT_SOURCE_TYPE,
      default: 'manual',
      input: true,
      list: true,
      filter: 'eq',
    },
    sourceNumber: {
      label: { zh_cn: '来源单号', en: 'Source number' },
      type: 'text',
      max: 40,
      input: true,
      list: true,
    },
    templateId: { label: { zh_cn: '改善项模板', en: 'Template' }, type: 'uuid', input: true },
    templateName: { label: { zh_cn: '模板名称', en: 'Template name' }, type: 'text' },
    reopenCount: { label: { zh_cn: '退回次数', en: 'Times reopened' }, type: 'integer', list: true },
    reopenReason: { label: { zh_cn: '退回原因', en: 'Reopen reason' }, type: 'text' },
    closeDate: { label: { zh_cn: '关闭日期', en: 'Closed on' }, type: 'date', list: true },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '改善项', en: 'Improvement items' },
    max: 100,
    fields: {
      itemName: itemNameField,
      guidance: guidanceField,
      requiredDate: {
        label: { zh_cn: '要求完成日期', en: 'Required by' },
        type: 'date',
        input: true,
      },
      itemStatus: {
        label: { zh_cn: '改善项状态', en: 'Item status' },
        type: 'code',
        codes: IMPROVEMENT_ITEM_STATUS,
      },
      rootCause: { label: { zh_cn: '根本原因', en: 'Root cause' }, type: 'text' },
      correctiveAction: { label: { zh_cn: '改善措施', en: 'Corrective action' }, type: 'text' },
      dueDate: { label: { zh_cn: '计划完成日期', en: 'Due date' }, type: 'date' },
      answerDate: { label: { zh_cn: '回复日期', en: 'Answered on' }, type: 'date' },
      verifyDate: { label: { zh_cn: '验证日期', en: 'Verified on' }, type: 'date' },
    },
  },
  statuses: { improvementStatus: IMPROVEMENT_STATUS },
  editable: { purchase: { improvementStatus: ['0'] } },
  visible: { sale: { improvementStatus: ['1', '2', '3', '4', '5'] } },
  actions: {
    send: {
      label: { zh_cn: '发送', en: 'Send' },
      sides: { purchase: { improvementStatus: ['0'] } },
      target: { improvementStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '新的改善单：{number}', en: 'New improvement sheet: {number}' },
      },
    },
    answer: {
      label: { zh_cn: '提交回复', en: 'Submit answer' },
      sides: { sale: { improvementStatus: ['1', '3'] } },
      target: { improvementStatus: '2' },
      remark: 'optional',
      notify: { to: 'counterpart', title: answeredTitle },
    },
    close: {
      label: { zh_cn: '验证通过并关闭', en: 'Verify and close' },
      sides: { purchase: { improvementStatus: ['2'] } },
      target: { improvementStatus: '4' },
      remark: 'optional',
      notify: {
        to: 'counterpart',
        title: { zh_cn: '改善单已验证关闭：{number}', en: 'Improvement sheet verified and closed: {number}' },
      },
    },
    reopen: {
      label: { zh_cn: '退回重新整改', en: 'Reopen' },
      sides: { purchase: { improvementStatus: ['2'] } },
      target: { improvementStatus: '3' },
      remark: 'required',
      notify: {
        to: 'counterpart',
        title: { zh_cn: '改善单被退回，请重新整改：{number}', en: 'Improvement sheet reopened: {number}' },
      },
    },
    cancel: {
      label: { zh_cn: '取消', en: 'Cancel' },
      sides: { purchase: { improvementStatus: ['1', '3'] } },
      target: { improvementStatus: '5' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '改善单已取消：{number}', en: 'Improvement sheet cancelled: {number}' },
      },
    },
  },
  print: {
    header: ['improvementNumber', 'supplierName', 'subject', 'sourceType', 'sourceNumber', 'improvementDate'],
    lines: ['itemName', 'requiredDate', 'itemStatus', 'rootCause', 'correctiveAction', 'dueDate'],
  },
});

/** One item's answer in `SaleImprovementService/answer/{id}`. */
export type ImprovementAnswer = {
  lineId: string;
  rootCause: string;
  correctiveAction: string;
  /** ISO date the supplier promises the action done by. */
  dueDate: string;
};
