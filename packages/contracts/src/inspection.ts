import { type Decimal, fixed, fromUnits, mul, parseDecimal, round, sum, toUnits } from './decimal.ts';
import { APPROVAL_STATUS, defineDocument, type FieldDef } from './document/define.ts';
import { TASK_LINKS } from './task-links.ts';

/**
 * Factory inspections and samples of supplier admission (issue #16; seed 001 §1 "Factory inspection template
 * and review items, Sample access and template", §2 task links "factory inspection audit" / "sample audit",
 * §3 kinds facInsTemplate, facInsRevItem, facIns, sampleTemplateNumber, sampleNumber, §4 template status,
 * §5 "Duplicate evaluation item names … rejected", "template name … up to 50 characters").
 * Module `admission`: `/apis/admission/{Purchase|Sale}{Service}Service/…`, screens in the `/admission/` app.
 *
 * Scores are exact decimals with at most 2 decimals (0 ≤ score ≤ the item's max score); each review item has
 * a weight (> 0, 2 decimals, default 1); a total is the sum of score × weight, computed exactly on whole
 * hundredths (never floats; rounded half up once, at the end); an inspection passes when its total is at
 * least the template's pass score. Only the inspection's inspectors score it.
 */

/** Template status (seed 001 §4 "Template status: DRAFT, APPLY, REVOKE, RELEASE, FAIL"; templates use three). */
export const TEMPLATE_STATUS = {
  DRAFT: { zh_cn: '草稿', en: 'Draft' },
  RELEASE: { zh_cn: '已发布', en: 'Released' },
  REVOKE: { zh_cn: '已撤销', en: 'Revoked' },
} as const;

/** Factory inspection status: draft, inspecting (scoring), passed, failed ("submitted" is auditStatus 1). */
export const FAC_INS_STATUS = {
  '0': { zh_cn: '草稿', en: 'Draft' },
  '1': { zh_cn: '验厂中', en: 'Inspecting' },
  '2': { zh_cn: '通过', en: 'Passed' },
  '3': { zh_cn: '不通过', en: 'Failed' },
} as const;

/** Sample status: draft, requested (waiting for the supplier), sent (waiting for results), passed, failed. */
export const SAMPLE_STATUS = {
  '0': { zh_cn: '草稿', en: 'Draft' },
  '1': { zh_cn: '待供应商送样', en: 'Requested' },
  '2': { zh_cn: '已送样待检测', en: 'Sent, awaiting results' },
  '3': { zh_cn: '合格', en: 'Passed' },
  '4': { zh_cn: '不合格', en: 'Failed' },
} as const;

/** A result: an inspection's, a sample test item's, a sample's conclusion. */
export const PASS_FAIL = {
  pass: { zh_cn: '合格', en: 'Pass' },
  fail: { zh_cn: '不合格', en: 'Fail' },
} as const;

/** Longest template name (seed 001 §5 "template name … up to 50 characters"). */
export const TEMPLATE_NAME_MAX = 50;
/** Longest review / test item name. */
export const ITEM_NAME_MAX = 50;

const SCORE_DIGITS = [4, 2] as const;

/** A score as an exact decimal; null when not a score of at most 4 integer digits and 2 decimals. */
export function parseScore(score: string): Decimal | null {
  return parseDecimal(score, { integerDigits: SCORE_DIGITS[0], scale: SCORE_DIGITS[1] });
}

/** A score as text with two decimals ("12.5" → "12.50"); `fallback` when it is not a score. */
export function scoreText(score: string, fallback = '0.00'): string {
  const value = parseScore(score);
  return value === null ? fallback : fixed(value, 2);
}

/** A score as whole hundredths (exact); null when not a score of at most 4 integer digits and 2 decimals. */
export function scoreUnits(score: string): bigint | null {
  const value = parseScore(score);
  return value === null ? null : toUnits(value, 2);
}

/** Whole hundredths back to a score text with two decimals (1234 → "12.34"). */
export function unitsToScore(units: bigint): string {
  return fromUnits(units, 2);
}

/**
 * The first item name that repeats in a template (trimmed, case-insensitive), or null (seed 001 §5
 * "Duplicate evaluation item names … rejected").
 */
export function duplicateItemName(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return null;
}

/**
 * The index of the first item whose score is outside 0 … its max score (or not a score), or -1.
 * Unscored items (null / '') are not checked here.
 */
export function scoreOutOfRange(items: ReadonlyArray<{ score?: string | null; maxScore: string }>): number {
  return items.findIndex((item) => {
    if (item.score === undefined || item.score === null || item.score === '') return false;
    const score = parseScore(item.score);
    const max = parseScore(item.maxScore);
    return score === null || max === null || score.gt(max);
  });
}

/** The default weight of a review item (a template line without one). */
export const DEFAULT_WEIGHT = '1.00';
const WEIGHT_DIGITS = [3, 2] as const;

/** A weight as an exact decimal: 0 < weight ≤ 999.99 with at most 2 decimals; null otherwise. */
function parseWeight(weight: string): Decimal | null {
  const value = parseScore(weight);
  return value === null || value.isZero() || value.gt(WEIGHT_MAX) ? null : value;
}
const WEIGHT_MAX = `${'9'.repeat(WEIGHT_DIGITS[0])}.${'9'.repeat(WEIGHT_DIGITS[1])}`;

/** A weight as whole hundredths: 0 < weight ≤ 999.99 with at most 2 decimals; null otherwise. */
export function weightUnits(weight: string): bigint | null {
  const value = parseWeight(weight);
  return value === null ? null : toUnits(value, 2);
}

/**
 * Σ value × weight (exact), rounded half up to 2 decimals; a value that is not a score counts 0, a
 * weight that is not a weight counts 1.
 */
function weightedTotal(items: ReadonlyArray<{ value: string; weight?: string | null }>): Decimal {
  const products = items.map(({ value, weight }) =>
    mul(parseScore(value) ?? 0, parseWeight(weight ?? DEFAULT_WEIGHT) ?? DEFAULT_WEIGHT),
  );
  return round(sum(products), 2, 'halfUp');
}

/**
 * The total of an inspection (the exact sum of score × weight, "12.50") and its result: 'pass' when the
 * total is at least the pass score, else 'fail'. Unscored items count 0; `complete` says whether every
 * item has a score. An item without a weight weighs 1.
 */
export function inspectionResult(
  items: ReadonlyArray<{ score?: string | null; weight?: string | null }>,
  passScore: string,
): { total: string; result: 'pass' | 'fail'; complete: boolean } {
  const scored = items.filter((i) => !(i.score === undefined || i.score === null || i.score === ''));
  const total = weightedTotal(scored.map((i) => ({ value: String(i.score), weight: i.weight })));
  const pass = parseScore(passScore) ?? 0;
  return {
    total: fixed(total, 2),
    result: total.gte(pass) ? 'pass' : 'fail',
    complete: scored.length === items.length,
  };
}

/** The sum of the items' max scores × weights (what a perfect inspection totals). */
export function maxTotal(items: ReadonlyArray<{ maxScore: string; weight?: string | null }>): string {
  return fixed(weightedTotal(items.map((i) => ({ value: i.maxScore, weight: i.weight }))), 2);
}

/**
 * Whether `user` (a buyer sub-account) is one of an inspection's inspectors ("buyer1, admin", as saved):
 * only they score its review items (issue #16).
 */
export function isInspector(inspectors: string | null | undefined, user: string): boolean {
  return (inspectors ?? '')
    .split(/[,，;；\s]+/)
    .map((n) => n.trim())
    .includes(user);
}

const templateNumberField = (zh: string, en: string): FieldDef => ({
  label: { zh_cn: zh, en },
  type: 'text',
  list: true,
  filter: 'prefix',
});
const templateNameField = {
  label: { zh_cn: '模板名称', en: 'Template name' },
  type: 'text',
  max: TEMPLATE_NAME_MAX,
  input: true,
  required: true,
  list: true,
} as const satisfies FieldDef;
const templateDateField = {
  label: { zh_cn: '模板日期', en: 'Template date' },
  type: 'date',
  list: true,
  filter: 'range',
} as const satisfies FieldDef;
const templateActions = {
  release: {
    label: { zh_cn: '发布', en: 'Release' },
    sides: { purchase: { templateStatus: ['DRAFT'] } },
    target: { templateStatus: 'RELEASE' },
  },
  revoke: {
    label: { zh_cn: '撤销', en: 'Revoke' },
    sides: { purchase: { templateStatus: ['RELEASE'] } },
    target: { templateStatus: 'REVOKE' },
    remark: 'optional',
    danger: true,
  },
} as const;

/**
 * Factory inspection templates (kind `facInsTemplate`, lines = review items `facInsRevItem`): buyer-internal,
 * edited while a draft, released for use (only released templates can be used), revoked when retired.
 */
export const facInsTemplateDefinition = defineDocument({
  kind: 'facInsTemplate',
  module: 'admission',
  service: 'FacInsTemplate',
  title: { zh_cn: '验厂模板', en: 'Factory inspection template' },
  prefix: 'FT',
  numberField: 'templateNumber',
  dateField: 'templateDate',
  detailPath: '/admission/#/v2/inspectTemplate/detail',
  customFields: 30,
  sides: ['purchase'],
  header: {
    templateNumber: templateNumberField('模板编号', 'Template number'),
    templateName: templateNameField,
    templateDate: templateDateField,
    passScore: {
      label: { zh_cn: '合格分', en: 'Pass score' },
      type: 'decimal',
      digits: SCORE_DIGITS,
      input: true,
      required: true,
      list: true,
    },
    maxTotal: { label: { zh_cn: '满分', en: 'Full score' }, type: 'decimal', list: true },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '评审项', en: 'Review items' },
    max: 200,
    fields: {
      itemName: {
        label: { zh_cn: '评审项名称', en: 'Item name' },
        type: 'text',
        max: ITEM_NAME_MAX,
        input: true,
        required: true,
      },
      maxScore: {
        label: { zh_cn: '满分', en: 'Max score' },
        type: 'decimal',
        digits: SCORE_DIGITS,
        positive: true,
        input: true,
        required: true,
      },
      weight: {
        label: { zh_cn: '权重', en: 'Weight' },
        type: 'decimal',
        digits: WEIGHT_DIGITS,
        positive: true,
        input: true,
      },
      guidance: { label: { zh_cn: '评分指引', en: 'Guidance' }, type: 'text', max: 500, input: true },
    },
  },
  statuses: { templateStatus: TEMPLATE_STATUS },
  editable: { purchase: { templateStatus: ['DRAFT'] } },
  actions: templateActions,
  print: {
    header: ['templateNumber', 'templateName', 'passScore', 'maxTotal'],
    lines: ['itemName', 'maxScore', 'weight'],
  },
});

/** Sample templates (kind `sampleTemplateNumber`, lines = test items): as inspection templates, no scores. */
export const sampleTemplateDefinition = defineDocument({
  kind: 'sampleTemplateNumber',
  module: 'admission',
  service: 'SampleTemplate',
  title: { zh_cn: '样品模板', en: 'Sample template' },
  prefix: 'ST',
  numberField: 'sampleTemplateNumber',
  dateField: 'templateDate',
  detailPath: '/admission/#/v2/sampleTemplate/detail',
  customFields: 30,
  sides: ['purchase'],
  header: {
    sampleTemplateNumber: templateNumberField('样品模板编号', 'Template number'),
    templateName: templateNameField,
    templateDate: templateDateField,
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '检测项目', en: 'Test items' },
    max: 200,
    fields: {
      itemName: {
        label: { zh_cn: '检测项目', en: 'Test item' },
        type: 'text',
        max: ITEM_NAME_MAX,
        input: true,
        required: true,
      },
      standard: { label: { zh_cn: '检测标准', en: 'Standard' }, type: 'text', max: 200, input: true },
    },
  },
  statuses: { templateStatus: TEMPLATE_STATUS },
  editable: { purchase: { templateStatus: ['DRAFT'] } },
  actions: templateActions,
  print: { header: ['sampleTemplateNumber', 'templateName'], lines: ['itemName', 'standard'] },
});

const supplierFields = {
  toElsAccount: {
    label: { zh_cn: '供应商账号', en: 'Supplier account' },
    type: 'account',
    input: true,
    required: true,
    list: true,
    filter: 'eq',
  },
  supplierName: { label: { zh_cn: '供应商', en: 'Supplier' }, type: 'text', list: true },
  buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
  templateId: {
    label: { zh_cn: '模板', en: 'Template' },
    type: 'uuid',
    input: true,
    required: true,
  },
  templateName: { label: { zh_cn: '模板名称', en: 'Template name' }, type: 'text', list: true },
} as const satisfies Record<string, FieldDef>;

/**
 * Factory inspections (kind `facIns`): the buyer plans one for a linked supplier (any stage but blacklist)
 * from a released template (draft), starts it (inspecting; the supplier is told), the inspectors score each
 * review item (0 … max, remark) by editing it, and submit the result (`conclude`) under the approval flow
 * "inspection" (APPROVAL_KINDS `facIns`); when approved the server computes the total exactly and the result
 * (pass when total ≥ pass score), status passed / failed, and tells the supplier. The supplier reads its own
 * inspections from "inspecting" on; scores and total only once concluded.
 */
export const facInsDefinition = defineDocument({
  kind: 'facIns',
  module: 'admission',
  service: 'FacIns',
  title: { zh_cn: '验厂', en: 'Factory inspection' },
  prefix: 'FI',
  numberField: 'facInsNumber',
  dateField: 'inspectionDate',
  detailPath: '/admission/#/v2/inspectTableAudit/detail',
  customFields: 30,
  header: {
    facInsNumber: {
      label: { zh_cn: '验厂单号', en: 'Inspection number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    ...supplierFields,
    inspectionDate: {
      label: { zh_cn: '验厂日期', en: 'Inspection date' },
      type: 'date',
      input: true,
      required: true,
      list: true,
      filter: 'range',
    },
    inspectors: {
      label: { zh_cn: '验厂人员', en: 'Inspectors' },
      type: 'text',
      max: 200,
      input: true,
      required: true,
      list: true,
    },
    passScore: { label: { zh_cn: '合格分', en: 'Pass score' }, type: 'decimal' },
    totalScore: { label: { zh_cn: '总分', en: 'Total score' }, type: 'decimal', list: true },
    result: { label: { zh_cn: '验厂结果', en: 'Result' }, type: 'code', codes: PASS_FAIL, list: true },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '评审项评分', en: 'Review item scores' },
    max: 200,
    fields: {
      itemName: {
        label: { zh_cn: '评审项名称', en: 'Item name' },
        type: 'text',
        max: ITEM_NAME_MAX,
        input: true,
        required: true,
      },
      maxScore: { label: { zh_cn: '满分', en: 'Max score' }, type: 'decimal' },
      weight: { label: { zh_cn: '权重', en: 'Weight' }, type: 'decimal' },
      guidance: { label: { zh_cn: '评分指引', en: 'Guidance' }, type: 'text' },
      score: {
        label: { zh_cn: '得分', en: 'Score' },
        type: 'decimal',
        digits: SCORE_DIGITS,
        input: true,
      },
      scoreRemark: { label: { zh_cn: '评分说明', en: 'Score remark' }, type: 'text', max: 200, input: true },
    },
  },
  statuses: { facInsStatus: FAC_INS_STATUS, auditStatus: APPROVAL_STATUS },
  editable: { purchase: { facInsStatus: ['0', '1'], auditStatus: ['0', '3', '4'] } },
  deletable: { purchase: { facInsStatus: ['0'] } },
  visible: { sale: { facInsStatus: ['1', '2', '3'] } },
  actions: {
    start: {
      label: { zh_cn: '开始验厂', en: 'Start inspection' },
      sides: { purchase: { facInsStatus: ['0'] } },
      target: { facInsStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '验厂通知：{number}', en: 'Factory inspection scheduled: {number}' },
      },
    },
    conclude: {
      label: { zh_cn: '提交审批', en: 'Submit for approval' },
      sides: { purchase: { facInsStatus: ['1'], auditStatus: ['0', '3', '4'] } },
      remark: 'optional',
      approval: { kind: 'facIns', statusField: 'auditStatus' },
    },
    withdrawConclusion: {
      label: { zh_cn: '撤回审批', en: 'Withdraw approval' },
      sides: { purchase: { facInsStatus: ['1'], auditStatus: ['1'] } },
      target: { auditStatus: '4' },
    },
  },
  print: {
    header: [
      'facInsNumber',
      'supplierName',
      'templateName',
      'inspectionDate',
      'inspectors',
      'totalScore',
      'result',
    ],
    lines: ['itemName', 'maxScore', 'weight', 'score', 'scoreRemark'],
  },
});

/**
 * Samples (kind `sampleNumber`): the buyer requests a sample from a linked supplier (material or description,
 * quantity, required date, template; `request` tells the supplier), the supplier sends it (`send`: ship date,
 * quantity, tracking number, remark; the buyer is told), the buyer records per test item pass/fail, value and
 * remark by editing, and submits the conclusion (`conclude`) under the approval flow "sample" (APPROVAL_KINDS
 * `sampleNumber`): approved → passed / failed, the supplier is told. A conclusion "pass" with a failed item is
 * refused.
 */
export const sampleDefinition = defineDocument({
  kind: 'sampleNumber',
  module: 'admission',
  service: 'Sample',
  title: { zh_cn: '样品', en: 'Sample' },
  prefix: 'SP',
  numberField: 'sampleNumber',
  dateField: 'requiredDate',
  detailPath: '/admission/#/v2/sampleAudit/view',
  customFields: 30,
  header: {
    sampleNumber: {
      label: { zh_cn: '样品单号', en: 'Sample number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    ...supplierFields,
    materialNumber: {
      label: { zh_cn: '物料编码', en: 'Material number' },
      type: 'text',
      max: 40,
      input: true,
      list: true,
    },
    materialDesc: {
      label: { zh_cn: '物料描述', en: 'Material description' },
      type: 'text',
      max: 200,
      input: true,
      required: true,
      list: true,
    },
    quantity: {
      label: { zh_cn: '样品数量', en: 'Quantity' },
      type: 'decimal',
      digits: [12, 3],
      positive: true,
      input: true,
      required: true,
      list: true,
    },
    requiredDate: {
      label: { zh_cn: '要求送样日期', en: 'Required date' },
      type: 'date',
      input: true,
      required: true,
      list: true,
      filter: 'range',
    },
    shipDate: { label: { zh_cn: '送样日期', en: 'Ship date' }, type: 'date', list: true },
    shipQuantity: { label: { zh_cn: '送样数量', en: 'Shipped quantity' }, type: 'decimal' },
    trackingNumber: { label: { zh_cn: '物流单号', en: 'Tracking number' }, type: 'text' },
    shipRemark: { label: { zh_cn: '送样备注', en: 'Shipping remark' }, type: 'text' },
    conclusion: {
      label: { zh_cn: '检测结论', en: 'Conclusion' },
      type: 'code',
      codes: PASS_FAIL,
      list: true,
    },
    conclusionRemark: { label: { zh_cn: '结论说明', en: 'Conclusion remark' }, type: 'text' },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '检测结果', en: 'Test results' },
    max: 200,
    fields: {
      itemName: {
        label: { zh_cn: '检测项目', en: 'Test item' },
        type: 'text',
        max: ITEM_NAME_MAX,
        input: true,
        required: true,
      },
      standard: { label: { zh_cn: '检测标准', en: 'Standard' }, type: 'text' },
      testResult: { label: { zh_cn: '检测结果', en: 'Result' }, type: 'code', codes: PASS_FAIL, input: true },
      testValue: { label: { zh_cn: '检测值', en: 'Value' }, type: 'text', max: 100, input: true },
      testRemark: { label: { zh_cn: '检测说明', en: 'Remark' }, type: 'text', max: 200, input: true },
    },
  },
  statuses: { sampleStatus: SAMPLE_STATUS, auditStatus: APPROVAL_STATUS },
  editable: { purchase: { sampleStatus: ['0', '2'], auditStatus: ['0', '3', '4'] } },
  deletable: { purchase: { sampleStatus: ['0'] } },
  visible: { sale: { sampleStatus: ['1', '2', '3', '4'] } },
  actions: {
    request: {
      label: { zh_cn: '发送送样通知', en: 'Request sample' },
      sides: { purchase: { sampleStatus: ['0'] } },
      target: { sampleStatus: '1' },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '送样通知：{number}', en: 'Sample requested: {number}' },
      },
    },
    send: {
      label: { zh_cn: '送样', en: 'Send sample' },
      sides: { sale: { sampleStatus: ['1'] } },
      target: { sampleStatus: '2' },
      remark: 'optional',
      input: {
        shipDate: { label: { zh_cn: '送样日期', en: 'Ship date' }, type: 'date', required: true },
        shipQuantity: {
          label: { zh_cn: '送样数量', en: 'Shipped quantity' },
          type: 'decimal',
          digits: [12, 3],
          positive: true,
          required: true,
        },
        trackingNumber: {
          label: { zh_cn: '物流单号', en: 'Tracking number' },
          type: 'text',
          max: 50,
          required: true,
        },
      },
      notify: {
        to: 'counterpart',
        title: { zh_cn: '供应商已送样：{number}', en: 'Sample sent by the supplier: {number}' },
      },
    },
    conclude: {
      label: { zh_cn: '提交审批', en: 'Submit for approval' },
      sides: { purchase: { sampleStatus: ['2'], auditStatus: ['0', '3', '4'] } },
      remark: 'optional',
      input: {
        conclusion: {
          label: { zh_cn: '检测结论', en: 'Conclusion' },
          type: 'code',
          codes: PASS_FAIL,
          required: true,
        },
      },
      approval: { kind: 'sampleNumber', statusField: 'auditStatus' },
    },
    withdrawConclusion: {
      label: { zh_cn: '撤回审批', en: 'Withdraw approval' },
      sides: { purchase: { sampleStatus: ['2'], auditStatus: ['1'] } },
      target: { auditStatus: '4' },
    },
  },
  print: {
    header: ['sampleNumber', 'supplierName', 'materialDesc', 'quantity', 'requiredDate', 'conclusion'],
    lines: ['itemName', 'standard', 'testResult', 'testValue', 'testRemark'],
  },
});

/** The links of the two approvals (seed 001 §2): the detail pages above. */
export const INSPECTION_TASK_LINKS = { facIns: TASK_LINKS.facIns, sampleNumber: TASK_LINKS.sampleNumber };
