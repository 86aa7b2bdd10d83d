import type { Label } from './document/define.ts';

/**
 * How a kind stands on the document kernel (DESIGN §11, issue #34):
 * - `kernel` — a `defineDocument` definition and a `defineKind` server kind; the registrar generates its
 *   calls (a kind may add calls of its own next to them);
 * - `off` — a document of its own routes and tables, reusing the kernel's parts (approval flows, audit trail,
 *   numbering, notify); `offKernel` says why.
 */
export type KernelStanding = 'kernel' | 'off';

/** One approval flow (task type, seed 001 §2) a kind starts: where its task opens and its name on the approval configuration. */
export type ApprovalEntry = { link: string; name: Label };

/** One kind of the manifest: everything a list of kinds across the layers is derived from. */
export type KindEntry = {
  /** The spec's kind code (`deliveryNote`, `enquiry` …); a kernel kind's definition has the same `kind`. */
  code: string;
  /** The API module: `/apis/{apiModule}/…` (a kernel definition's `module`). */
  apiModule: string;
  /** The web app folder the kind's screens live in (`/order/`, `/rfq/` …, the first segment of its task links). */
  webApp: string;
  /** The i18n namespace of its screens (`apps/web/src/locales/{zh_cn,en}/{texts}.json`, the interface-text list). */
  texts: string;
  standing: KernelStanding;
  /** Why a kind is off the kernel: the ADR that says so (required with `standing: 'off'`). */
  offKernel?: string;
  /**
   * Custom field labels (CustomFieldService, `{code}` and `{code}Item`): `kind` keyed by the kind's code;
   * `purchaseOrder` the order's own keys (`purchaseOrder`, `purchaseOrderItem`, issue #5); `none` not labelled.
   */
  customFieldLabels: 'kind' | 'purchaseOrder' | 'none';
  /** The approval flows it starts, by task type (APPROVAL_KINDS, TASK_LINKS). */
  approvals: Readonly<Record<string, ApprovalEntry>>;
  /** Task links that open a page of the kind but are no configurable approval (TASK_LINKS only). */
  links?: Readonly<Record<string, string>>;
};

const noApprovals = {} as const;

/**
 * Every document kind of the portal, on the kernel or off it (issue #34, "one manifest of kinds per app"):
 * the contracts' lists of kinds are derived from it — the kernel's definitions (document/registry.ts), the
 * kinds with custom field labels, TASK_LINKS and APPROVAL_KINDS (task-links.ts); the server's manifest
 * (apps/server/src/kinds.ts) and the web's (apps/web/src/kinds.ts) are typed by its codes, so a kind missing
 * from either fails the typecheck. Light on purpose (no definitions): the home portal bundles it. Order is
 * the role screen's and the approval configuration's.
 */
export const KIND_MANIFEST = [
  {
    code: 'deliveryNote',
    apiModule: 'order',
    webApp: 'order',
    texts: 'delivery',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'refund',
    apiModule: 'order',
    webApp: 'order',
    texts: 'refund',
    standing: 'kernel',
    customFieldLabels: 'kind',
    /** Returns (issue #12): the approval of a return opens its detail page. */
    approvals: { refund: { link: '/order/#/v2/refund/detail', name: { zh_cn: '退货单', en: 'Return' } } },
  },
  {
    code: 'enquiry',
    apiModule: 'inquiry',
    webApp: 'rfq',
    texts: 'rfq',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: {
      enquiryEdit: { link: '/rfq/#/v2/edit', name: { zh_cn: '询价单编辑', en: 'Enquiry edit' } },
      enquiryEnd: { link: '/rfq/#/v2/detail', name: { zh_cn: '询价定标', en: 'Enquiry end (award)' } },
      /** Ending an RFQ's quoting early under approval (issue #33) opens its detail. */
      enquiryQuoteEnd: {
        link: '/rfq/#/v2/detail',
        name: { zh_cn: '询价提前截止', en: 'Enquiry early quote end' },
      },
    },
    /** A supplier's quote page (spec 000 §2), no approval of its own. */
    links: { enquiryQuote: '/rfq/#/v2/client/quota' },
  },
  {
    code: 'purchaseRequest',
    apiModule: 'purchaseRequest',
    webApp: 'order',
    texts: 'requisition',
    standing: 'kernel',
    customFieldLabels: 'kind',
    /** Purchase requisitions (issue #13): the approval of a requisition opens its detail page. */
    approvals: {
      purchaseRequest: {
        link: '/order/#/v2/requisition/detail',
        name: { zh_cn: '采购申请', en: 'Purchase requisition' },
      },
    },
  },
  {
    code: 'ebidding',
    apiModule: 'ebidding',
    webApp: 'ebidding',
    texts: 'ebidding',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: {
      /** E-auctions (issue #14): the approval of a draft auction opens its edit page. */
      ebiddingEdit: { link: '/ebidding/#/v2/edit', name: { zh_cn: '竞价单编辑', en: 'Edit e-bidding' } },
      /** The award of a finished e-auction under approval ("result e-bidding") opens the auction's detail. */
      ebiddingResult: { link: '/ebidding/#/v2/detail', name: { zh_cn: '竞价结果', en: 'Result e-bidding' } },
      /** Ending an e-auction early under approval ("e-bidding end") opens its console. */
      ebiddingEnd: { link: '/ebidding/#/v2/detail', name: { zh_cn: '竞价结束', en: 'E-bidding end' } },
      /** A bargain round under approval ("bidding bargain") opens the auction's console. */
      ebiddingBargain: { link: '/ebidding/#/v2/detail', name: { zh_cn: '竞价议价', en: 'Bidding bargain' } },
    },
  },
  {
    code: 'deductCost',
    apiModule: 'finance',
    webApp: 'finance',
    texts: 'finance',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'addCost',
    apiModule: 'finance',
    webApp: 'finance',
    texts: 'finance',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'recon',
    apiModule: 'finance',
    webApp: 'finance',
    texts: 'finance',
    standing: 'kernel',
    customFieldLabels: 'kind',
    /** Statements (issue #15): the approval of a statement's posting opens its detail page. */
    approvals: {
      reconPost: {
        link: '/finance/#/v2/recon/detail',
        name: { zh_cn: '对账单过账', en: 'Statement posting' },
      },
    },
  },
  {
    code: 'invoice',
    apiModule: 'finance',
    webApp: 'finance',
    texts: 'finance',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'facInsTemplate',
    apiModule: 'admission',
    webApp: 'admission',
    texts: 'inspection',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'facIns',
    apiModule: 'admission',
    webApp: 'admission',
    texts: 'inspection',
    standing: 'kernel',
    customFieldLabels: 'kind',
    /** Issue #16: a factory inspection's result (task type "inspection"). */
    approvals: {
      facIns: { link: '/admission/#/v2/inspectTableAudit/detail', name: { zh_cn: '验厂', en: 'Inspection' } },
    },
  },
  {
    code: 'sampleTemplateNumber',
    apiModule: 'admission',
    webApp: 'admission',
    texts: 'inspection',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'sampleNumber',
    apiModule: 'admission',
    webApp: 'admission',
    texts: 'inspection',
    standing: 'kernel',
    customFieldLabels: 'kind',
    /** Issue #16: a sample's test conclusion (task type "sample"). */
    approvals: {
      sampleNumber: { link: '/admission/#/v2/sampleAudit/view', name: { zh_cn: '样品', en: 'Sample' } },
    },
  },
  {
    code: 'improvementTemplate',
    apiModule: 'improvement',
    webApp: 'improvement',
    texts: 'improvement',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'improvement',
    apiModule: 'improvement',
    webApp: 'improvement',
    texts: 'improvement',
    standing: 'kernel',
    customFieldLabels: 'kind',
    approvals: noApprovals,
  },
  {
    code: 'order',
    apiModule: 'order',
    webApp: 'order',
    texts: 'order',
    standing: 'kernel',
    customFieldLabels: 'purchaseOrder',
    approvals: {
      order: { link: '/order/#/v2/order/detail', name: { zh_cn: '采购订单', en: 'Purchase order' } },
    },
  },
  {
    code: 'supplierAccess',
    apiModule: 'admission',
    webApp: 'admission',
    texts: 'admission',
    standing: 'kernel',
    // The admission request's fbk fields are not labelled by the buyer (its screens are its own).
    customFieldLabels: 'none',
    /** Supplier admission (issue #16): the review of an admission request (task type "qualification"). */
    approvals: {
      qualification: {
        link: '/admission/#/v2/auditAdmission/view',
        name: { zh_cn: '资质审核', en: 'Qualification' },
      },
    },
  },
  {
    code: 'contract',
    apiModule: 'contract',
    webApp: 'contract',
    texts: 'contract',
    standing: 'kernel',
    customFieldLabels: 'kind',
    /** Contracts (issue #36; seed 001 §2 approval task "contract submit"): the approval opens the contract's detail. */
    approvals: {
      contractSubmit: {
        link: '/contract/#/v2/contract/detail',
        name: { zh_cn: '合同提交', en: 'Contract submit' },
      },
    },
  },
  {
    code: 'supplierChange',
    apiModule: 'supplierdatamodify',
    webApp: 'supplierdatamodify',
    texts: 'supplierChange',
    standing: 'off',
    // Two whole profiles as JSONB, no typed lines; the buyer approves what the supplier creates.
    offKernel: 'docs/adr/0026-supplier-information-change.md',
    customFieldLabels: 'none',
    /** Supplier information change (issue #16): bank-account changes need the buyer's approval even without steps. */
    approvals: {
      supplierChange: {
        link: '/supplierdatamodify/#/v2/views',
        name: { zh_cn: '信息变更', en: 'Information change' },
      },
    },
  },
  {
    code: 'supplierStatusChange',
    apiModule: 'masterdata',
    webApp: 'masterdata',
    texts: 'masterdata',
    standing: 'off',
    // No lines, and one approval flow per request type, not one per kind.
    offKernel: 'docs/adr/0029-supplier-lifecycle.md',
    customFieldLabels: 'none',
    /** Supplier lifecycle (issue #16, seed 001 §2 approval task types): one flow per conversion. */
    approvals: {
      supplierReplacement: {
        link: '/masterdata/#/v2/supplierView1',
        name: { zh_cn: '代注册', en: 'Replacement registration' },
      },
      blackToQualified: {
        link: '/masterdata/#/v2/supplierView3',
        name: { zh_cn: '黑名单转合格', en: 'Blacklist to qualified' },
      },
      unfamiliarToPotential: {
        link: '/masterdata/#/v2/supplierView5',
        name: { zh_cn: '陌生转潜在', en: 'Stranger to potential' },
      },
      directToQualified: {
        link: '/masterdata/#/v2/supplierView6',
        name: { zh_cn: '直接转合格', en: 'Direct to qualified' },
      },
      qualifiedToBlack: {
        link: '/masterdata/#/v2/supplierView2',
        name: { zh_cn: '转黑名单', en: 'To blacklist' },
      },
      /** Freeze, unfreeze, eliminate and grade changes share supplierView4 (not in the spec's table). */
      supplierFreeze: {
        link: '/masterdata/#/v2/supplierView4',
        name: { zh_cn: '供应商冻结', en: 'Supplier freeze' },
      },
      supplierUnfreeze: {
        link: '/masterdata/#/v2/supplierView4',
        name: { zh_cn: '供应商解冻', en: 'Supplier unfreeze' },
      },
      supplierEliminate: {
        link: '/masterdata/#/v2/supplierView4',
        name: { zh_cn: '供应商淘汰', en: 'Supplier elimination' },
      },
      supplierGrade: {
        link: '/masterdata/#/v2/supplierView4',
        name: { zh_cn: '供应商等级调整', en: 'Supplier grade change' },
      },
    },
  },
  {
    code: 'appraisal',
    apiModule: 'appraisal',
    webApp: 'performance',
    texts: 'appraisal',
    standing: 'off',
    // A run is a matrix of suppliers × indicators scored by many users, not a header and lines.
    offKernel: 'docs/adr/0035-performance-appraisal.md',
    customFieldLabels: 'none',
    approvals: noApprovals,
  },
] as const satisfies readonly KindEntry[];

type Entry = (typeof KIND_MANIFEST)[number];

/** The code of every kind of the manifest. */
export type KindCode = Entry['code'];
/** The code of every kind on the kernel (a definition and a server kind). */
export type KernelCode = Extract<Entry, { standing: 'kernel' }>['code'];
/** The code of every kind off the kernel. */
export type OffKernelCode = Extract<Entry, { standing: 'off' }>['code'];
/** The kernel kinds whose custom field labels are keyed by their code. */
export type LabelledKindCode = Extract<Entry, { customFieldLabels: 'kind' }>['code'];

type ApprovalKeys<E> = E extends { approvals: infer A } ? keyof A & string : never;
type LinkKeys<E> = E extends { links: infer L } ? keyof L & string : never;
/** Every approval flow's task type (APPROVAL_KINDS). */
export type ApprovalTaskType = ApprovalKeys<Entry>;
/** Every task type with a link (TASK_LINKS). */
export type TaskType = ApprovalTaskType | LinkKeys<Entry>;

/** The manifest's entry of a kind code (undefined for unknown codes). */
export function kindEntry(code: string): KindEntry | undefined {
  return (KIND_MANIFEST as readonly KindEntry[]).find((entry) => entry.code === code);
}

/** The codes of the kinds of a standing, in manifest order. */
export function kindCodes(standing?: KernelStanding): KindCode[] {
  return KIND_MANIFEST.filter((entry) => !standing || entry.standing === standing).map((entry) => entry.code);
}
