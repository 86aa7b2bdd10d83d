import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';

/**
 * The supplier lifecycle (issue #16; seed 001 §4 "Supplier" statuses and conversions, §2 task links
 * supplierView1…6, spec 000 §2). A buyer's supplier master row has one **stage** (`supplierStatus`) and,
 * orthogonal to it, a `frozen` flag. Stages change only through conversion requests (kind
 * `supplierStatusChange`, each request type its own approval flow) or through admission; what a stage
 * lets the buyer do with the supplier is `supplierRights`.
 */

/** The stages of a supplier at one buyer (supplier_master.supplier_status), both labels. */
export const SUPPLIER_STAGES = {
  stranger: { zh_cn: '陌生', en: 'Stranger' },
  potential: { zh_cn: '潜在', en: 'Potential' },
  qualified: { zh_cn: '合格', en: 'Qualified' },
  unqualified: { zh_cn: '不合格', en: 'Unqualified' },
  good: { zh_cn: '良好', en: 'Good' },
  excellent: { zh_cn: '优秀', en: 'Excellent' },
  cooperating: { zh_cn: '合作', en: 'Cooperating' },
  eliminated: { zh_cn: '淘汰', en: 'Eliminated' },
  blacklist: { zh_cn: '黑名单', en: 'Blacklist' },
} as const;
export type SupplierStage = keyof typeof SUPPLIER_STAGES;
export const SUPPLIER_STAGE_VALUES = Object.keys(SUPPLIER_STAGES) as [SupplierStage, ...SupplierStage[]];

/** The frozen flag as a label (a tag next to the stage). */
export const FROZEN_LABELS = {
  frozen: { zh_cn: '冻结', en: 'Frozen' },
  unfrozen: { zh_cn: '未冻结', en: 'Not frozen' },
} as const;

/** The stages a buyer may order from and award to (when not frozen). */
export const ORDERABLE_STAGES: readonly SupplierStage[] = ['qualified', 'good', 'excellent', 'cooperating'];
/** The stages a buyer may invite to RFQs, e-auctions and price biddings (when not frozen). */
export const INVITABLE_STAGES: readonly SupplierStage[] = ['potential', ...ORDERABLE_STAGES];
/** The grades appraisal moves a supplier between (`supplierGrade`). */
export const GRADE_STAGES: readonly SupplierStage[] = [
  'qualified',
  'good',
  'excellent',
  'cooperating',
  'unqualified',
];

/** What a buyer may do with a supplier: send orders, award (RFQ, e-auction, bidding), invite. */
export type SupplierRight = 'order' | 'award' | 'invite';
export type SupplierRights = Record<SupplierRight, boolean>;

export const SUPPLIER_RIGHT_LABELS: Record<SupplierRight, { zh_cn: string; en: string }> = {
  order: { zh_cn: '下达订单', en: 'orders cannot be sent' },
  award: { zh_cn: '授标', en: 'it cannot be awarded' },
  invite: { zh_cn: '邀请参与询价、竞价或招标', en: 'it cannot be invited to RFQs, e-auctions or biddings' },
};

/**
 * The stage-rights table (issue #16): orders and awards only for qualified, good, excellent and
 * cooperating suppliers that are not frozen; invitations also for potential ones; stranger,
 * unqualified, eliminated and blacklisted suppliers nothing, frozen ones nothing.
 */
export function supplierRights(stage: SupplierStage | string, frozen: boolean): SupplierRights {
  const s = stage as SupplierStage;
  const trade = !frozen && ORDERABLE_STAGES.includes(s);
  return { order: trade, award: trade, invite: !frozen && INVITABLE_STAGES.includes(s) };
}

/**
 * Why a supplier lacks a right, in both languages ("供应商 200004 处于黑名单，不能下达订单" / "Supplier
 * 200004 is blacklisted: orders cannot be sent"); null when it has it.
 */
export function rightRefusal(
  account: string,
  stage: SupplierStage | string,
  frozen: boolean,
  right: SupplierRight,
): { zh_cn: string; en: string } | null {
  if (supplierRights(stage, frozen)[right]) return null;
  const label = SUPPLIER_STAGES[stage as SupplierStage] ?? { zh_cn: stage, en: stage };
  // A frozen supplier of a stage with the right is refused for being frozen.
  const byFrozen = frozen && supplierRights(stage, false)[right];
  const zhState = byFrozen ? '已冻结' : `处于${label.zh_cn}状态`;
  const enState = byFrozen
    ? 'is frozen'
    : stage === 'blacklist'
      ? 'is blacklisted'
      : `is at stage “${label.en}”`;
  const zhRight = { order: '不能下达订单', award: '不能授标', invite: '不能邀请参与询价、竞价或招标' }[right];
  return {
    zh_cn: `供应商 ${account} ${stage === 'blacklist' && !byFrozen ? '处于黑名单' : zhState}，${zhRight}`,
    en: `Supplier ${account} ${enState}: ${SUPPLIER_RIGHT_LABELS[right].en}`,
  };
}

/** A conversion: its label, the stages it starts from, the stage (or freeze flag) it leads to. */
export type Conversion = {
  label: { zh_cn: string; en: string };
  /** Stages the supplier must be at (null: a supplier not yet on the portal — replacement registration). */
  from: readonly SupplierStage[] | null;
  /** The stage after approval; 'chosen': the request names it (a grade among GRADE_STAGES); null: unchanged. */
  to: SupplierStage | 'chosen' | null;
  /** The frozen flag it needs before and sets after (freeze/unfreeze); absent: the flag does not matter. */
  frozen?: { from: boolean; to: boolean };
  /** The web route that opens a request of this type (spec 000 §2 task links, supplierView1…6). */
  view: string;
};

const ALL_BUT_BLACKLIST = SUPPLIER_STAGE_VALUES.filter((s) => s !== 'blacklist');

/** The conversion request types (approval task types) and their rules. */
export const SUPPLIER_CONVERSIONS = {
  unfamiliarToPotential: {
    label: { zh_cn: '陌生转潜在', en: 'Stranger to potential' },
    from: ['stranger'],
    to: 'potential',
    view: 'supplierView5',
  },
  directToQualified: {
    label: { zh_cn: '直接转合格', en: 'Direct to qualified' },
    from: ['stranger', 'potential'],
    to: 'qualified',
    view: 'supplierView6',
  },
  qualifiedToBlack: {
    label: { zh_cn: '转黑名单', en: 'To blacklist' },
    from: ALL_BUT_BLACKLIST,
    to: 'blacklist',
    view: 'supplierView2',
  },
  blackToQualified: {
    label: { zh_cn: '黑名单转合格', en: 'Blacklist to qualified' },
    from: ['blacklist'],
    to: 'qualified',
    view: 'supplierView3',
  },
  supplierReplacement: {
    label: { zh_cn: '代注册', en: 'Replacement registration' },
    from: null,
    to: 'potential',
    view: 'supplierView1',
  },
  supplierFreeze: {
    label: { zh_cn: '冻结', en: 'Freeze' },
    from: SUPPLIER_STAGE_VALUES,
    to: null,
    frozen: { from: false, to: true },
    view: 'supplierView4',
  },
  supplierUnfreeze: {
    label: { zh_cn: '解冻', en: 'Unfreeze' },
    from: SUPPLIER_STAGE_VALUES,
    to: null,
    frozen: { from: true, to: false },
    view: 'supplierView4',
  },
  supplierEliminate: {
    label: { zh_cn: '淘汰', en: 'Eliminate' },
    from: ALL_BUT_BLACKLIST.filter((s) => s !== 'eliminated'),
    to: 'eliminated',
    view: 'supplierView4',
  },
  supplierGrade: {
    label: { zh_cn: '等级调整', en: 'Grade change' },
    from: GRADE_STAGES,
    to: 'chosen',
    view: 'supplierView4',
  },
} as const satisfies Record<string, Conversion>;
export type ConversionType = keyof typeof SUPPLIER_CONVERSIONS;
export const CONVERSION_TYPES = Object.keys(SUPPLIER_CONVERSIONS) as [ConversionType, ...ConversionType[]];

/**
 * The stage a conversion leads to from `from` (with `chosen` for a grade change), or null when the
 * conversion is not allowed from that state. Freeze/unfreeze keep the stage.
 */
export function conversionTarget(
  type: ConversionType,
  from: { stage: SupplierStage | string; frozen: boolean } | null,
  chosen?: SupplierStage | string,
): SupplierStage | null {
  const c: Conversion = SUPPLIER_CONVERSIONS[type];
  if (c.from === null) return from === null ? (c.to as SupplierStage) : null;
  if (from === null) return null;
  if (!c.from.includes(from.stage as SupplierStage)) return null;
  if (c.frozen && c.frozen.from !== from.frozen) return null;
  if (c.to === null) return from.stage as SupplierStage;
  if (c.to === 'chosen') {
    if (!chosen || chosen === from.stage || !GRADE_STAGES.includes(chosen as SupplierStage)) return null;
    return chosen as SupplierStage;
  }
  return c.to;
}

/** The conversions a supplier at `stage` (frozen or not) may be asked for (the list's "Change stage" menu). */
export function conversionsFrom(stage: SupplierStage | string, frozen: boolean): ConversionType[] {
  return CONVERSION_TYPES.filter((type) => {
    const c: Conversion = SUPPLIER_CONVERSIONS[type];
    if (c.from === null) return false;
    if (!c.from.includes(stage as SupplierStage)) return false;
    if (c.frozen && c.frozen.from !== frozen) return false;
    if (c.to === 'chosen') return GRADE_STAGES.some((g) => g !== stage);
    return true;
  });
}

/** Request status: draft, under approval, approved, rejected (seed 001 §4 approval statuses). */
export const STATUS_CHANGE_STATUS = {
  draft: { zh_cn: '草稿', en: 'Draft' },
  underApproval: { zh_cn: '审批中', en: 'Under approval' },
  approved: { zh_cn: '审批通过', en: 'Approved' },
  rejected: { zh_cn: '审批拒绝', en: 'Rejected' },
} as const;
export type StatusChangeStatus = keyof typeof STATUS_CHANGE_STATUS;

/** The title of the kind (number prefix SC). */
export const STATUS_CHANGE_TITLE = {
  zh_cn: '供应商状态变更申请',
  en: 'Supplier status change request',
} as const;

/** A company registered on the supplier's behalf (replacement registration, supplierView1). */
export const replacementCompanySchema = z.object({
  companyName: z.string().trim().min(3).max(100),
  /** The supplier's administrator: login name is `{elsAccount}_{elsSubAccount}`; the account number is assigned. */
  contactName: z.string().trim().min(1).max(50),
  mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/),
  email: z.email().max(100).optional(),
});
export type ReplacementCompany = z.infer<typeof replacementCompanySchema>;

/**
 * The body of a new conversion request (saved as a draft, or submitted at once with `submit: true`):
 * the supplier (toElsAccount; none for a replacement registration, which gives `company`), the type,
 * the reason (required, ≤ 500) and for a grade change the target grade.
 */
export const statusChangeSaveSchema = z.object({
  requestType: z.enum(CONVERSION_TYPES),
  toElsAccount: elsAccountSchema.optional(),
  toStatus: z.enum(SUPPLIER_STAGE_VALUES).optional(),
  reason: z.string().trim().min(1).max(500),
  company: replacementCompanySchema.optional(),
  submit: z.boolean().optional(),
});
export type StatusChangeSave = z.infer<typeof statusChangeSaveSchema>;

/** Default days before a certification's expiry date at which both sides are reminded (system setting). */
export const CERT_REMINDER_DAYS_DEFAULT = 30;
