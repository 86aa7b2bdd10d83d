/**
 * Where an approval item opens, by document kind / task type (spec 000 §2 "Task-link paths", seed 001 §2).
 * The shell's /audit page loads the link in a frame with the document id in the query.
 */
export const TASK_LINKS: Record<string, string> = {
  enquiryEdit: '/rfq/#/v2/edit',
  enquiryEnd: '/rfq/#/v2/detail',
  /** Ending an RFQ's quoting early under approval (issue #33) opens its detail. */
  enquiryQuoteEnd: '/rfq/#/v2/detail',
  enquiryQuote: '/rfq/#/v2/client/quota',
  /** E-auctions (issue #14): the approval of a draft auction opens its edit page. */
  ebiddingEdit: '/ebidding/#/v2/edit',
  /** The award of a finished e-auction under approval ("result e-bidding") opens the auction's detail. */
  ebiddingResult: '/ebidding/#/v2/detail',
  /** Ending an e-auction early under approval ("e-bidding end") opens its console. */
  ebiddingEnd: '/ebidding/#/v2/detail',
  /** A bargain round under approval ("bidding bargain") opens the auction's console. */
  ebiddingBargain: '/ebidding/#/v2/detail',
  order: '/order/#/v2/order/detail',
  /** Returns (issue #12): the approval of a return opens its detail page. */
  refund: '/order/#/v2/refund/detail',
  /** Purchase requisitions (issue #13): the approval of a requisition opens its detail page. */
  purchaseRequest: '/order/#/v2/requisition/detail',
  supplierReplacement: '/masterdata/#/v2/supplierView1',
  blackToQualified: '/masterdata/#/v2/supplierView3',
  unfamiliarToPotential: '/masterdata/#/v2/supplierView5',
  directToQualified: '/masterdata/#/v2/supplierView6',
  qualifiedToBlack: '/masterdata/#/v2/supplierView2',
  /** Supplier lifecycle (issue #16): freeze, unfreeze, eliminate and grade changes share supplierView4 (not in the spec's table). */
  supplierFreeze: '/masterdata/#/v2/supplierView4',
  supplierUnfreeze: '/masterdata/#/v2/supplierView4',
  supplierEliminate: '/masterdata/#/v2/supplierView4',
  supplierGrade: '/masterdata/#/v2/supplierView4',
  supplierChange: '/supplierdatamodify/#/v2/views',
  facIns: '/admission/#/v2/inspectTableAudit/detail',
  qualification: '/admission/#/v2/auditAdmission/view',
  sampleNumber: '/admission/#/v2/sampleAudit/view',
  /** Statements (issue #15): the approval of a statement's posting opens its detail page. */
  reconPost: '/finance/#/v2/recon/detail',
};

/** The link of a task: the kind's path with the document id and the task id in the query. */
export function taskLink(kind: string, documentId: string, taskId?: string): string | null {
  const base = TASK_LINKS[kind];
  if (!base) return null;
  const query = new URLSearchParams({ id: documentId, ...(taskId ? { taskId } : {}) });
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The approval flows a buyer administrator configures (CommonAuditService findConfig/saveConfig), by task
 * type (seed 001 §2 "Approval task types"), with their names in both languages. A kind whose approval is
 * not listed here is approved at once.
 */
export const APPROVAL_KINDS = {
  order: { zh_cn: '采购订单', en: 'Purchase order' },
  refund: { zh_cn: '退货单', en: 'Return' },
  purchaseRequest: { zh_cn: '采购申请', en: 'Purchase requisition' },
  enquiryEdit: { zh_cn: '询价单编辑', en: 'Enquiry edit' },
  enquiryEnd: { zh_cn: '询价定标', en: 'Enquiry end (award)' },
  enquiryQuoteEnd: { zh_cn: '询价提前截止', en: 'Enquiry early quote end' },
  ebiddingEdit: { zh_cn: '竞价单编辑', en: 'Edit e-bidding' },
  ebiddingResult: { zh_cn: '竞价结果', en: 'Result e-bidding' },
  /** Supplier admission (issue #16): the review of an admission request (task type "qualification"). */
  qualification: { zh_cn: '资质审核', en: 'Qualification' },
  ebiddingEnd: { zh_cn: '竞价结束', en: 'E-bidding end' },
  ebiddingBargain: { zh_cn: '竞价议价', en: 'Bidding bargain' },
  reconPost: { zh_cn: '对账单过账', en: 'Statement posting' },
  /** Supplier information change (issue #16): bank-account changes need the buyer's approval even without steps. */
  supplierChange: { zh_cn: '信息变更', en: 'Information change' },
  /** Issue #16: a factory inspection's result (task type "inspection"). */
  facIns: { zh_cn: '验厂', en: 'Inspection' },
  /** Issue #16: a sample's test conclusion (task type "sample"). */
  sampleNumber: { zh_cn: '样品', en: 'Sample' },
  /** Supplier lifecycle (issue #16, seed 001 §2 approval task types): one flow per conversion. */
  supplierReplacement: { zh_cn: '代注册', en: 'Replacement registration' },
  blackToQualified: { zh_cn: '黑名单转合格', en: 'Blacklist to qualified' },
  unfamiliarToPotential: { zh_cn: '陌生转潜在', en: 'Stranger to potential' },
  directToQualified: { zh_cn: '直接转合格', en: 'Direct to qualified' },
  qualifiedToBlack: { zh_cn: '转黑名单', en: 'To blacklist' },
  supplierFreeze: { zh_cn: '供应商冻结', en: 'Supplier freeze' },
  supplierUnfreeze: { zh_cn: '供应商解冻', en: 'Supplier unfreeze' },
  supplierEliminate: { zh_cn: '供应商淘汰', en: 'Supplier elimination' },
  supplierGrade: { zh_cn: '供应商等级调整', en: 'Supplier grade change' },
} as const;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
export const APPROVAL_KIND_CODES = Object.keys(APPROVAL_KINDS) as [ApprovalKind, ...ApprovalKind[]];
