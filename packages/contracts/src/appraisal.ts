import { z } from 'zod';
import type { Locale } from './constants.ts';
import { pagingSchema } from './message.ts';

/**
 * Supplier performance appraisal (issue #17; seed 001 §1/§2 performance appraisal, expert scoring,
 * manual scoring of ordinary items; §4 rating statuses; §5 weights sum 100, weight not empty, duplicate
 * evaluation item names rejected; §9 weights such as delivery 20 %, service 10 %, cost 20 %).
 */

type Label = Record<Locale, string>;

/** Dimensions indicators are grouped by. */
export const APPRAISAL_DIMENSIONS = {
  quality: { zh_cn: '质量', en: 'Quality' },
  delivery: { zh_cn: '交付', en: 'Delivery' },
  cost: { zh_cn: '成本', en: 'Cost' },
  service: { zh_cn: '服务', en: 'Service' },
  expert: { zh_cn: '专家评分', en: 'Expert' },
} as const satisfies Record<string, Label>;
export type AppraisalDimension = keyof typeof APPRAISAL_DIMENSIONS;
export const DIMENSION_VALUES = Object.keys(APPRAISAL_DIMENSIONS) as [
  AppraisalDimension,
  ...AppraisalDimension[],
];

/**
 * Indicators computed from the portal's own documents over the period [from, to). `rate` is the share in
 * [0, 1] that scores (higher is better); `value` is the figure shown (a rate, or hours for responsiveness).
 */
export const COMPUTED_METRICS = {
  onTimeDelivery: {
    zh_cn: '准时交货率',
    en: 'On-time delivery rate',
    rule: {
      zh_cn: '期间内收货的送货单行中，收货日期不晚于订单行要求交期的比例',
      en: 'Share of delivery-note lines received in the period on or before the order line’s requested date',
    },
  },
  quantityAccuracy: {
    zh_cn: '数量准确率',
    en: 'Quantity accuracy',
    rule: {
      zh_cn: '期间内收货的送货单行中，收货数量等于发货数量的比例',
      en: 'Share of lines received in the period whose received quantity equals the shipped quantity',
    },
  },
  returnRate: {
    zh_cn: '退货率',
    en: 'Return rate',
    rule: {
      zh_cn: '期间内退货数量 ÷ 期间内收货数量；得分率 = 1 − 退货率',
      en: 'Quantity returned in the period ÷ quantity received in the period; rate scored = 1 − return rate',
    },
  },
  priceCompetitiveness: {
    zh_cn: '价格竞争力',
    en: 'Price competitiveness',
    rule: {
      zh_cn: '期间内中标的询价行：同一行最低报价 ÷ 本供应商报价的平均值',
      en: 'RFQ lines awarded in the period: mean of (lowest quote of the line ÷ this supplier’s quote)',
    },
  },
  responsiveness: {
    zh_cn: '响应及时率',
    en: 'Responsiveness',
    rule: {
      zh_cn: '期间内发送的订单中，24 小时内确认或拒绝的比例',
      en: 'Share of orders sent in the period that the supplier confirmed or refused within 24 hours',
    },
  },
  invoiceAccuracy: {
    zh_cn: '发票准确率',
    en: 'Invoice accuracy',
    rule: {
      zh_cn: '期间内开具的发票中，一次匹配成功（未被退回）的比例',
      en: 'Share of invoices dated in the period that matched the first time (never rejected)',
    },
  },
} as const satisfies Record<string, Label & { rule: Label }>;
export type ComputedMetric = keyof typeof COMPUTED_METRICS;
export const METRIC_VALUES = Object.keys(COMPUTED_METRICS) as [ComputedMetric, ...ComputedMetric[]];

/** Template status: 0 draft, 1 released, 2 disabled. */
export const TEMPLATE_STATUS = {
  '0': { zh_cn: '草稿', en: 'Draft' },
  '1': { zh_cn: '已发布', en: 'Released' },
  '2': { zh_cn: '已停用', en: 'Disabled' },
} as const satisfies Record<string, Label>;

/** Run status: 0 scoring (waiting for expert scores), 1 finished. */
export const RUN_STATUS = {
  '0': { zh_cn: '评分中', en: 'Scoring' },
  '1': { zh_cn: '已完成', en: 'Finished' },
} as const satisfies Record<string, Label>;

/** Rating status of a supplier in a run (seed 001 §4): not rated, partially rated, rated. */
export const RATING_STATUS = {
  '0': { zh_cn: '未评分', en: 'Not rated' },
  '1': { zh_cn: '部分评分', en: 'Partially rated' },
  '2': { zh_cn: '已评分', en: 'Rated' },
} as const satisfies Record<string, Label>;

/** Grades of a finished appraisal; each proposes the supplier stage of the same name. */
export const APPRAISAL_GRADES = {
  excellent: { zh_cn: '优秀', en: 'Excellent' },
  good: { zh_cn: '良好', en: 'Good' },
  qualified: { zh_cn: '合格', en: 'Qualified' },
  unqualified: { zh_cn: '不合格', en: 'Unqualified' },
} as const satisfies Record<string, Label>;
export type AppraisalGrade = keyof typeof APPRAISAL_GRADES;

export type GradeBands = { excellentMin: number; goodMin: number; qualifiedMin: number };
export const DEFAULT_BANDS: GradeBands = { excellentMin: 90, goodMin: 80, qualifiedMin: 60 };

/** The grade of a total (0–100): excellent ≥ excellentMin, good ≥ goodMin, qualified ≥ qualifiedMin, else unqualified. */
export function gradeFor(total: number, bands: GradeBands): AppraisalGrade {
  if (total >= bands.excellentMin) return 'excellent';
  if (total >= bands.goodMin) return 'good';
  if (total >= bands.qualifiedMin) return 'qualified';
  return 'unqualified';
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Score of a computed indicator: rate (0–1) × weight, 2 decimals. */
export function computedScore(rate: number, weight: number): number {
  return round2(Math.min(1, Math.max(0, rate)) * weight);
}

/** Score of a manual indicator: given ÷ scaleMax × weight, 2 decimals. */
export function manualScore(given: number, scaleMax: number, weight: number): number {
  return round2((given / scaleMax) * weight);
}

/**
 * A supplier's total (0–100): the item scores over the weights of the items that apply, × 100. An item
 * applies when it has a score (a computed item without documents in the period does not), so a supplier
 * is neither rewarded nor punished for what it had no chance to do. All items scored: the plain sum.
 */
export function totalScore(items: Array<{ weight: number; score: number | null }>): number | null {
  const scored = items.filter((i) => i.score !== null);
  const weights = scored.reduce((s, i) => s + i.weight, 0);
  if (weights === 0) return null;
  return round2((scored.reduce((s, i) => s + (i.score as number), 0) / weights) * 100);
}

/** Rating status from the count of manual items and how many of them are scored. */
export function ratingStatus(manualItems: number, scored: number): keyof typeof RATING_STATUS {
  if (manualItems === 0 || scored >= manualItems) return '2';
  return scored === 0 ? '0' : '1';
}

/** The rank band a supplier may see: "top 10 %", "top 25 %", "top 50 %" or "bottom 50 %". */
export function rankBand(rank: number, count: number): 'top10' | 'top25' | 'top50' | 'bottom50' {
  const share = rank / count;
  if (share <= 0.1) return 'top10';
  if (share <= 0.25) return 'top25';
  if (share <= 0.5) return 'top50';
  return 'bottom50';
}
export const RANK_BANDS = {
  top10: { zh_cn: '前 10%', en: 'Top 10%' },
  top25: { zh_cn: '前 25%', en: 'Top 25%' },
  top50: { zh_cn: '前 50%', en: 'Top 50%' },
  bottom50: { zh_cn: '后 50%', en: 'Bottom 50%' },
} as const satisfies Record<string, Label>;

export const templateItemSchema = z.object({
  /** Stable id within the template (i1, i2 …); assigned by the server when absent. */
  itemId: z.string().max(20).optional(),
  itemName: z.string().trim().min(1).max(100),
  dimension: z.enum(DIMENSION_VALUES),
  /** Percent of the total, > 0, two decimals at most. */
  weight: z.number().positive().max(100),
  kind: z.enum(['computed', 'manual']),
  metric: z.enum(METRIC_VALUES).optional(),
  /** Manual items: the highest score an expert may give (default 100). */
  scaleMax: z.number().int().min(1).max(1000).optional(),
  guidance: z.string().max(500).optional(),
});
export type TemplateItem = z.infer<typeof templateItemSchema>;

export const templateSaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  templateName: z.string().trim().min(1).max(100),
  remark: z.string().max(500).optional(),
  excellentMin: z.number().min(0).max(100).default(90),
  goodMin: z.number().min(0).max(100).default(80),
  qualifiedMin: z.number().min(0).max(100).default(60),
  items: z.array(templateItemSchema).min(1).max(50),
});
export type TemplateSave = z.infer<typeof templateSaveSchema>;

/** Why a template's items or bands are refused (a message key of the server), or null when they are fine. */
export type TemplateIssue =
  | { rule: 'weightSum'; sum: number }
  | { rule: 'duplicateName'; name: string }
  | { rule: 'metricMissing'; name: string }
  | { rule: 'bandsOrder' };

/**
 * Template rules (seed 001 §5): weights total exactly 100 (compared in hundredths), no two items with the
 * same name (trimmed, case-insensitive), a computed item names its metric, bands descend.
 */
export function checkTemplate(t: {
  items: Array<Pick<TemplateItem, 'itemName' | 'weight' | 'kind' | 'metric'>>;
  excellentMin: number;
  goodMin: number;
  qualifiedMin: number;
}): TemplateIssue | null {
  const seen = new Set<string>();
  for (const item of t.items) {
    const key = item.itemName.trim().toLowerCase();
    if (seen.has(key)) return { rule: 'duplicateName', name: item.itemName.trim() };
    seen.add(key);
    if (item.kind === 'computed' && !item.metric) return { rule: 'metricMissing', name: item.itemName };
  }
  const hundredths = t.items.reduce((s, i) => s + Math.round(i.weight * 100), 0);
  if (hundredths !== 10_000) return { rule: 'weightSum', sum: hundredths / 100 };
  if (!(t.excellentMin > t.goodMin && t.goodMin > t.qualifiedMin)) return { rule: 'bandsOrder' };
  return null;
}

export const runCreateSchema = z.object({
  templateId: z.uuid(),
  /** First day of the period (inclusive), YYYY-MM-DD. */
  periodFrom: z.iso.date(),
  /** Day after the period (exclusive), YYYY-MM-DD. */
  periodTo: z.iso.date(),
  /** Only suppliers of this supplier type (category); absent: every active linked supplier. */
  supplierType: z.string().max(50).optional(),
  /** Explicit suppliers (accounts); overrides supplierType. */
  suppliers: z
    .array(z.string().regex(/^\d{6,10}$/))
    .max(5000)
    .optional(),
  /** Experts per manual item: { itemId, elsSubAccount } (sub-accounts of the buyer). */
  experts: z
    .array(z.object({ itemId: z.string().min(1).max(20), elsSubAccount: z.string().min(1).max(50) }))
    .max(200)
    .default([]),
  remark: z.string().max(500).optional(),
});
export type RunCreate = z.infer<typeof runCreateSchema>;

export const scoreSaveSchema = z.object({
  scores: z
    .array(
      z.object({
        toElsAccount: z.string().regex(/^\d{6,10}$/),
        itemId: z.string().min(1).max(20),
        score: z.number().min(0).max(1000),
        remark: z.string().max(500).optional(),
      }),
    )
    .min(1)
    .max(5000),
});
export type ScoreSave = z.infer<typeof scoreSaveSchema>;

export const commentSchema = z.object({
  version: z.number().int().min(0),
  comment: z.string().trim().min(1).max(1000),
});

/** One evidence row behind a computed figure: a document number, whether it counted for the supplier, and
 * the figures it shows (keys of EVIDENCE_FIELDS). */
export type Evidence = {
  number: string;
  line?: string;
  ok: boolean;
  values: Partial<Record<EvidenceField, string>>;
};

/** Labels of the figures evidence rows show. */
export const EVIDENCE_FIELDS = {
  orderNumber: { zh_cn: '订单号', en: 'Order' },
  requested: { zh_cn: '要求交期', en: 'Requested date' },
  received: { zh_cn: '收货日期', en: 'Received on' },
  shipped: { zh_cn: '发货数量', en: 'Shipped qty' },
  receivedQty: { zh_cn: '收货数量', en: 'Received qty' },
  returned: { zh_cn: '退货数量', en: 'Returned qty' },
  amount: { zh_cn: '退货金额', en: 'Returned value' },
  price: { zh_cn: '本方报价', en: 'Own quote' },
  lowest: { zh_cn: '最低报价', en: 'Lowest quote' },
  quotes: { zh_cn: '报价数', en: 'Quotes' },
  sent: { zh_cn: '发送时间', en: 'Sent at' },
  hours: { zh_cn: '响应小时', en: 'Hours to answer' },
  status: { zh_cn: '状态', en: 'Status' },
} as const satisfies Record<string, Label>;
export type EvidenceField = keyof typeof EVIDENCE_FIELDS;

// ---------------------------------------------------------------- lists (keyset paging, strict answers)

/**
 * The appraisal lists' body: page numbers reach the first LIST_OFFSET_WINDOW_ROWS rows; `cursor` (the
 * `nextCursor` of the previous page) reads the next page by keyset at any depth (no OFFSET).
 */
export const appraisalPagingSchema = pagingSchema.extend({
  cursor: z.string().min(1).max(400).optional(),
});

/** A page of an appraisal list: total exact up to 1,000 (`totalExact`), `nextCursor` when a full page came. */
export function appraisalPageSchema<T extends z.ZodType>(record: T) {
  return z.strictObject({
    records: z.array(record),
    total: z.number().int(),
    totalExact: z.boolean(),
    nextCursor: z.string().nullable(),
    currentPage: z.number().int(),
    pageSize: z.number().int(),
  });
}

const savedItemSchema = templateItemSchema.extend({ itemId: z.string() });

/** A template as the buyer's list returns it. */
export const templateRecordSchema = z.strictObject({
  id: z.uuid(),
  templateNumber: z.string(),
  templateName: z.string(),
  /** 0 draft, 1 released, 2 disabled. */
  templateStatus: z.string(),
  excellentMin: z.number(),
  goodMin: z.number(),
  qualifiedMin: z.number(),
  items: z.array(savedItemSchema),
  remark: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number().int(),
});

/** A run as the buyer's list returns it (no results, no scores). */
export const runRecordSchema = z.strictObject({
  id: z.uuid(),
  appraisalNumber: z.string(),
  templateId: z.uuid(),
  templateName: z.string(),
  items: z.array(savedItemSchema),
  excellentMin: z.number(),
  goodMin: z.number(),
  qualifiedMin: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  supplierType: z.string().nullable(),
  experts: z.array(z.strictObject({ itemId: z.string(), elsSubAccount: z.string() })),
  /** 0 scoring, 1 finished. */
  runStatus: z.string(),
  finishDate: z.string().nullable(),
  remark: z.string().nullable(),
  createUser: z.string(),
  createDate: z.string(),
  version: z.number().int(),
});

/** One of the supplier's own scorecards as its list returns it: never a rank among others or their names. */
export const scorecardRowSchema = z.strictObject({
  id: z.uuid(),
  elsAccount: z.string(),
  buyerName: z.string().nullable(),
  appraisalNumber: z.string(),
  templateName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  totalScore: z.number().nullable(),
  grade: z.string().nullable(),
  rankBand: z.string().nullable(),
});
