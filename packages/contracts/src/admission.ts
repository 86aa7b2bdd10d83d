import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';
import { APPROVAL_STATUS, defineDocument, type Label } from './document/define.ts';
import { certificationDateOrder, certificationSchema } from './supplier-certification.ts';

/**
 * Supplier admission, the qualification part (issue #16; seed 001 §1 "supplier admission and qualification",
 * §2 "Qualification admittance and sheet management, Qualification template", §3 "Supplier admission form",
 * §4 template status, §5 "name/template within 50", "attachment types cannot repeat", "Certification date
 * before effective date before expiry date"). Module `admission`: `/apis/admission/…`, web app `/admission/`.
 *
 * A buyer administrator keeps **qualification templates** (a questionnaire and the attachment types a
 * supplier must upload, for some of the buyer's material categories); a supplier fills a **supplier
 * admission form** (kind `supplierAccess`) against the buyer's released template of a category and submits
 * it; the buyer's person in charge approves it (under the configurable flow "qualification") or rejects it
 * with a reason.
 */

// ——— Qualification templates ———

/** Template status (seed 001 §4): draft, applying, revoked, released, failed (invalidated). */
export const TEMPLATE_STATUS = {
  DRAFT: { zh_cn: '草稿', en: 'Draft' },
  APPLY: { zh_cn: '审批中', en: 'Applying' },
  REVOKE: { zh_cn: '已撤销', en: 'Revoked' },
  RELEASE: { zh_cn: '已发布', en: 'Released' },
  FAIL: { zh_cn: '已失效', en: 'Invalid' },
} as const;
export type TemplateStatus = keyof typeof TEMPLATE_STATUS;

/** Answer types of a questionnaire item. */
export const ANSWER_TYPES = {
  text: { zh_cn: '文本', en: 'Text' },
  number: { zh_cn: '数字', en: 'Number' },
  yesno: { zh_cn: '是/否', en: 'Yes / no' },
  date: { zh_cn: '日期', en: 'Date' },
  choice: { zh_cn: '单选', en: 'Choice' },
} as const;
export type AnswerType = keyof typeof ANSWER_TYPES;
export const ANSWER_TYPE_CODES = Object.keys(ANSWER_TYPES) as [AnswerType, ...AnswerType[]];

/** "Name/template within 50" (seed 001 §5). */
export const TEMPLATE_NAME_MAX = 50;

/** One questionnaire item of a template. `options` only (and at least two) for a choice. */
export const qualItemSchema = z.object({
  itemName: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
  answerType: z.enum(ANSWER_TYPE_CODES),
  required: z.boolean().default(false),
  options: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
});
export type QualItem = z.infer<typeof qualItemSchema>;

/** The save body of a template (create without id; edit with id and version). */
export const qualTemplateSaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  templateName: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
  /** Material category codes of the buyer the template applies to. */
  categories: z.array(z.string().trim().min(1).max(40)).min(1).max(50),
  items: z.array(qualItemSchema).min(1).max(100),
  attachmentTypes: z.array(z.string().trim().min(1).max(TEMPLATE_NAME_MAX)).max(30).default([]),
  /** The buyer's sub-account that reviews admissions of this template (default: who saves it). */
  principal: z.string().trim().min(1).max(40).optional(),
  remark: z.string().trim().max(500).optional(),
});
export type QualTemplateSave = z.infer<typeof qualTemplateSaveSchema>;

/** A template as the API answers it. */
export const qualTemplateSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  templateCode: z.string(),
  templateName: z.string(),
  templateStatus: z.string(),
  categories: z.array(z.string()),
  items: z.array(
    z.object({
      itemName: z.string(),
      answerType: z.string(),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
    }),
  ),
  attachmentTypes: z.array(z.string()),
  principal: z.string().nullable(),
  remark: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number(),
});
export type QualTemplate = z.infer<typeof qualTemplateSchema>;

/** A rule broken by a template or a form: the field (path) and the message key of the rule. */
export type Problem = { field: string; rule: AdmissionRule; value?: string };

/** The admission rules' texts (both languages); `{field}` and `{value}` are filled in. */
export const ADMISSION_RULES = {
  duplicateItem: {
    zh_cn: '{field}：问卷项名称“{value}”重复',
    en: '{field}: questionnaire item name “{value}” is repeated',
  },
  duplicateAttachmentType: {
    zh_cn: '{field}：附件类型不能重复（“{value}”）',
    en: '{field}: attachment types cannot repeat (“{value}”)',
  },
  duplicateCategory: {
    zh_cn: '{field}：分类不能重复（“{value}”）',
    en: '{field}: categories must not repeat (“{value}”)',
  },
  choiceOptions: {
    zh_cn: '{field}：单选题至少需要两个不重复的选项',
    en: '{field}: a choice needs at least two different options',
  },
  certificationOrder: {
    zh_cn: '{field}：资质证书日期应早于生效日期，生效日期应早于到期日期',
    en: '{field}: certification date before effective date before expiry date',
  },
  answerRequired: { zh_cn: '问卷项“{value}”必须回答', en: 'Questionnaire item “{value}” must be answered' },
  answerNumber: { zh_cn: '问卷项“{value}”应为数字', en: 'Questionnaire item “{value}” must be a number' },
  answerDate: {
    zh_cn: '问卷项“{value}”应为日期（yyyy-mm-dd）',
    en: 'Questionnaire item “{value}” must be a date (yyyy-mm-dd)',
  },
  answerYesno: {
    zh_cn: '问卷项“{value}”应回答“是”或“否”',
    en: 'Questionnaire item “{value}” must be yes or no',
  },
  answerChoice: {
    zh_cn: '问卷项“{value}”的回答不是可选项之一',
    en: 'The answer to questionnaire item “{value}” is not one of its options',
  },
  attachmentMissing: {
    zh_cn: '缺少必需的附件类型“{value}”',
    en: 'Required attachment type “{value}” is missing',
  },
  attachmentUnknownType: {
    zh_cn: '{field}：附件类型“{value}”不是模板要求的类型',
    en: '{field}: attachment type “{value}” is not one the template asks for',
  },
} as const satisfies Record<string, Label>;
export type AdmissionRule = keyof typeof ADMISSION_RULES;

/** The first value that repeats in a list (trimmed, case-insensitive), or null. */
export function firstRepeat(values: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const v of values) {
    const key = v.trim().toLowerCase();
    if (seen.has(key)) return v.trim();
    seen.add(key);
  }
  return null;
}

/**
 * A template's rules beyond its field formats (seed 001 §5): item names unique, attachment types unique
 * ("attachment types cannot repeat"), categories unique, a choice with ≥ 2 different options.
 */
export function templateProblems(
  t: Pick<QualTemplateSave, 'items' | 'attachmentTypes' | 'categories'>,
): Problem[] {
  const problems: Problem[] = [];
  const item = firstRepeat(t.items.map((i) => i.itemName));
  if (item) problems.push({ field: 'items.itemName', rule: 'duplicateItem', value: item });
  const type = firstRepeat(t.attachmentTypes);
  if (type) problems.push({ field: 'attachmentTypes', rule: 'duplicateAttachmentType', value: type });
  const category = firstRepeat(t.categories);
  if (category) problems.push({ field: 'categories', rule: 'duplicateCategory', value: category });
  t.items.forEach((i, n) => {
    if (i.answerType === 'choice' && (!i.options || new Set(i.options).size < 2))
      problems.push({ field: `items.${n}.options`, rule: 'choiceOptions', value: i.itemName });
  });
  return problems;
}

/** Whether an answer fits its item's type (empty answers are checked by `required` at submit). */
export function answerProblem(
  item: Pick<QualItem, 'itemName' | 'answerType' | 'options'>,
  answer: string,
): AdmissionRule | null {
  const value = answer.trim();
  if (value === '') return null;
  switch (item.answerType) {
    case 'number':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(value) ? null : 'answerNumber';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'answerDate';
    case 'yesno':
      return value === 'Y' || value === 'N' ? null : 'answerYesno';
    case 'choice':
      return item.options?.includes(value) ? null : 'answerChoice';
    default:
      return null;
  }
}

// ——— The supplier admission form (kind supplierAccess) ———

/** applyStatus: draft, submitted (waiting for the buyer's review), admitted, rejected. */
export const APPLY_STATUS = {
  '0': { zh_cn: '新建', en: 'Draft' },
  '1': { zh_cn: '待审核', en: 'Waiting for review' },
  '2': { zh_cn: '已准入', en: 'Admitted' },
  '3': { zh_cn: '已驳回', en: 'Rejected' },
} as const;

/** supplier_master.access_status (shared shapes of issue #16). */
export const ACCESS_STATUS = {
  applying: { zh_cn: '准入中', en: 'Applying' },
  admitted: { zh_cn: '已准入', en: 'Admitted' },
  rejected: { zh_cn: '准入驳回', en: 'Rejected' },
} as const;

/** Company nature (seed 001 §3 nature). */
export const COMPANY_NATURE = {
  '1': { zh_cn: '国有企业', en: 'State-owned' },
  '2': { zh_cn: '民营企业', en: 'Private' },
  '3': { zh_cn: '外资企业', en: 'Foreign-invested' },
  '4': { zh_cn: '合资企业', en: 'Joint venture' },
  '9': { zh_cn: '其他', en: 'Other' },
} as const;

export const YES_NO = {
  Y: { zh_cn: '是', en: 'Yes' },
  N: { zh_cn: '否', en: 'No' },
} as const;

/** A contact of the form (seed 001 §3 contact). */
export const accessContactSchema = z.object({
  name: z.string().trim().min(1).max(50),
  telphone: z.string().trim().max(30).optional(),
  wxNo: z.string().trim().max(50).optional(),
  email: z.string().trim().max(100).optional(),
});
/** A bank account of the form (seed 001 §3 bank). */
export const accessBankSchema = z.object({
  bankCode: z.string().trim().max(30).optional(),
  bankBranchName: z.string().trim().max(100).optional(),
  bankAccount: z.string().trim().min(1).max(40),
});
/** An attachment of the form: the template's attachment type and the kernel attachment's id. */
export const accessAttachmentSchema = z.object({
  attachmentType: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
  attachmentId: z.uuid(),
  fileName: z.string().trim().max(200).optional(),
});

/** The form's sections beyond its header fields, as the save body carries them (JSON). */
export const accessSectionsSchema = z.object({
  contacts: z.array(accessContactSchema).max(20).default([]),
  banks: z.array(accessBankSchema).max(10).default([]),
  certifications: z.array(certificationSchema).max(30).default([]),
  attachments: z.array(accessAttachmentSchema).max(50).default([]),
});
export type AccessSections = z.infer<typeof accessSectionsSchema>;

/** Certifications out of date order (§5), as problems naming `certifications.{n}.{field}`. */
export function certificationProblems(certs: AccessSections['certifications']): Problem[] {
  return certs.flatMap((c, n) => {
    const field = certificationDateOrder(c);
    return field ? [{ field: `certifications.${n}.${field}`, rule: 'certificationOrder' as const }] : [];
  });
}

/**
 * What a submit checks (seed 001 §3): every required questionnaire item answered, every required attachment
 * type uploaded. Answers by item name.
 */
export function submitProblems(
  items: ReadonlyArray<{ itemName: string; required: boolean; answer: string | null }>,
  attachmentTypes: readonly string[],
  attachments: ReadonlyArray<{ attachmentType: string }>,
): Problem[] {
  const problems: Problem[] = [];
  for (const item of items)
    if (item.required && (item.answer ?? '').trim() === '')
      problems.push({ field: 'lines.answer', rule: 'answerRequired', value: item.itemName });
  const given = new Set(attachments.map((a) => a.attachmentType));
  for (const type of attachmentTypes)
    if (!given.has(type)) problems.push({ field: 'attachments', rule: 'attachmentMissing', value: type });
  return problems;
}

/**
 * The supplier admission form (seed 001 §3 "Supplier admission form"; kind `supplierAccess`). The supplier
 * (sale station, `toElsAccount`) creates it for a linked buyer (`elsAccount`) and one of the buyer's material
 * categories (`accessCategory`), which picks the buyer's released qualification template; its lines are the
 * template's questionnaire items with the supplier's answers. The buyer sees it once submitted.
 */
export const supplierAccessDefinition = defineDocument({
  kind: 'supplierAccess',
  module: 'admission',
  service: 'SupplierAccess',
  title: { zh_cn: '供应商准入申请', en: 'Supplier admission request' },
  prefix: 'QA',
  numberField: 'applyNumber',
  dateField: 'applyDate',
  detailPath: '/admission/#/v2/auditAdmission/view',
  customFields: 30,
  header: {
    applyNumber: {
      label: { zh_cn: '申请单号', en: 'Application number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    elsAccount: {
      label: { zh_cn: '采购方账号', en: 'Buyer account' },
      type: 'account',
      input: true,
      required: true,
      list: true,
    },
    toElsAccount: { label: { zh_cn: '供应商账号', en: 'Supplier account' }, type: 'account', list: true },
    accessOrg: { label: { zh_cn: '准入组织', en: 'Admitting organisation' }, type: 'text', list: true },
    supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
    accessCategory: {
      label: { zh_cn: '准入品类', en: 'Category' },
      type: 'text',
      max: 40,
      input: true,
      required: true,
      list: true,
      filter: 'eq',
    },
    accessCategoryName: { label: { zh_cn: '品类名称', en: 'Category name' }, type: 'text', list: true },
    templateCode: { label: { zh_cn: '资质模板编号', en: 'Template code' }, type: 'text' },
    templateName: { label: { zh_cn: '资质模板', en: 'Qualification template' }, type: 'text', list: true },
    supplierGroup: {
      label: { zh_cn: '供应商分组', en: 'Supplier group' },
      type: 'text',
      max: 50,
      input: true,
    },
    principal: { label: { zh_cn: '负责人', en: 'Person in charge' }, type: 'text', list: true },
    applyDate: {
      label: { zh_cn: '申请日期', en: 'Application date' },
      type: 'date',
      list: true,
      filter: 'range',
    },
    fullName: {
      label: { zh_cn: '公司全称', en: 'Full name' },
      type: 'text',
      max: 100,
      input: true,
      required: true,
    },
    socialCreditCode: {
      label: { zh_cn: '统一社会信用代码', en: 'Social credit code' },
      type: 'text',
      max: 18,
      input: true,
    },
    legalRepresentative: {
      label: { zh_cn: '法定代表人', en: 'Legal representative' },
      type: 'text',
      max: 50,
      input: true,
    },
    registerCapital: {
      label: { zh_cn: '注册资本（万元）', en: 'Registered capital (10k)' },
      type: 'decimal',
      digits: [12, 2],
      input: true,
    },
    registerDate: { label: { zh_cn: '注册日期', en: 'Registration date' }, type: 'date', input: true },
    nature: {
      label: { zh_cn: '企业性质', en: 'Nature' },
      type: 'code',
      codes: COMPANY_NATURE,
      input: true,
    },
    isListed: { label: { zh_cn: '是否上市', en: 'Listed' }, type: 'code', codes: YES_NO, input: true },
    industry: { label: { zh_cn: '所属行业', en: 'Industry' }, type: 'text', max: 50, input: true },
    countryCode: {
      label: { zh_cn: '国家/地区', en: 'Country' },
      type: 'text',
      max: 3,
      input: true,
      default: 'CN',
    },
    address: { label: { zh_cn: '地址', en: 'Address' }, type: 'text', max: 200, input: true },
    rejectReason: { label: { zh_cn: '驳回原因', en: 'Reject reason' }, type: 'text' },
  },
  lines: {
    label: { zh_cn: '资质问卷', en: 'Questionnaire' },
    max: 100,
    fields: {
      itemName: { label: { zh_cn: '问卷项', en: 'Item' }, type: 'text' },
      answerType: { label: { zh_cn: '回答类型', en: 'Answer type' }, type: 'code', codes: ANSWER_TYPES },
      required: { label: { zh_cn: '必填', en: 'Required' }, type: 'code', codes: YES_NO },
      /** A choice's options, joined by " | " (server-set from the template). */
      answerOptions: { label: { zh_cn: '可选项', en: 'Options' }, type: 'text' },
      answer: { label: { zh_cn: '回答', en: 'Answer' }, type: 'text', max: 500, input: true },
    },
  },
  statuses: { applyStatus: APPLY_STATUS, auditStatus: APPROVAL_STATUS },
  editable: { sale: { applyStatus: ['0', '3'] } },
  deletable: { sale: { applyStatus: ['0'] } },
  // The buyer reads a form once it was submitted (a rejected form stays visible while corrected).
  visible: { purchase: { applyStatus: ['1', '2', '3'] } },
  actions: {
    send: {
      label: { zh_cn: '提交', en: 'Submit' },
      sides: { sale: { applyStatus: ['0', '3'] } },
      target: { applyStatus: '1', auditStatus: '0' },
      notify: {
        to: 'counterpart',
        title: {
          zh_cn: '新的供应商准入申请待审核：{number}',
          en: 'New supplier admission request to review: {number}',
        },
      },
    },
    admit: {
      label: { zh_cn: '审核通过', en: 'Approve' },
      // Not while the approval flow "qualification" runs.
      sides: { purchase: { applyStatus: ['1'], auditStatus: ['0', '3', '4'] } },
      approval: { kind: 'qualification', statusField: 'auditStatus' },
      remark: 'optional',
      notify: {
        to: 'counterpart',
        title: { zh_cn: '供应商准入申请已通过：{number}', en: 'Supplier admission approved: {number}' },
      },
    },
    refuse: {
      label: { zh_cn: '驳回', en: 'Reject' },
      sides: { purchase: { applyStatus: ['1'], auditStatus: ['0', '3', '4'] } },
      target: { applyStatus: '3' },
      remark: 'required',
      danger: true,
      notify: {
        to: 'counterpart',
        title: { zh_cn: '供应商准入申请被驳回：{number}', en: 'Supplier admission rejected: {number}' },
      },
    },
    withdrawAdmit: {
      label: { zh_cn: '撤回审批', en: 'Withdraw approval' },
      sides: { purchase: { applyStatus: ['1'], auditStatus: ['1'] } },
      target: { auditStatus: '4' },
    },
  },
  print: {
    header: [
      'applyNumber',
      'accessOrg',
      'supplierName',
      'accessCategory',
      'templateName',
      'fullName',
      'socialCreditCode',
      'legalRepresentative',
      'registerCapital',
      'registerDate',
    ],
    lines: ['itemName', 'answer'],
  },
});

/** The admit body (an own route: it may wait for the approval flow "qualification"). */
export const admitBodySchema = z.object({
  version: z.number().int().min(0),
  remark: z.string().trim().max(500).optional(),
});

/** The released template a supplier fills for a buyer's category (GET SaleSupplierAccessService/findTemplate). */
export const findTemplateQuerySchema = z.object({
  elsAccount: elsAccountSchema,
  accessCategory: z.string().trim().min(1).max(40),
});
