/**
 * Where an approval item opens, by document kind / task type (spec 000 §2 "Task-link paths", seed 001 §2).
 * The shell's /audit page loads the link in a frame with the document id in the query.
 */
export const TASK_LINKS: Record<string, string> = {
  enquiryEdit: '/rfq/#/v2/edit',
  enquiryEnd: '/rfq/#/v2/detail',
  enquiryQuote: '/rfq/#/v2/client/quota',
  /** E-auctions (issue #14): the approval of a draft auction opens its edit page. */
  ebiddingEdit: '/ebidding/#/v2/edit',
  /** The award of a finished e-auction under approval ("result e-bidding") opens the auction's detail. */
  ebiddingResult: '/ebidding/#/v2/detail',
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
  supplierChange: '/supplierdatamodify/#/v2/views',
  facIns: '/admission/#/v2/inspectTableAudit/detail',
  qualification: '/admission/#/v2/auditAdmission/view',
  sampleNumber: '/admission/#/v2/sampleAudit/view',
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
  ebiddingEdit: { zh_cn: '竞价单编辑', en: 'Edit e-bidding' },
  ebiddingResult: { zh_cn: '竞价结果', en: 'Result e-bidding' },
} as const;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
export const APPROVAL_KIND_CODES = Object.keys(APPROVAL_KINDS) as [ApprovalKind, ...ApprovalKind[]];
