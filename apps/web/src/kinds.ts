import type { KindCode } from '@srm/contracts/kinds';

/** One kind on the web: its texts' loader and its screens' hash routes in its web app (contracts `webApp`). */
export type WebKindEntry = {
  /** Registers the kind's i18n namespace (contracts `texts`) in both languages: one lazy chunk. */
  texts: () => Promise<unknown>;
  /** The hash routes of its screens in its web app (`/v2/…`), list first. */
  screens: readonly string[];
};

// Loaders of namespaces several kinds share (one function each, so the list below holds it once).
const financeTexts = () => import('./modules/finance/i18n-finance.ts');
const inspectionTexts = () => import('./modules/admission/i18n-inspection.ts');
const improvementTexts = () => import('./modules/improvement/i18n-improvement.ts');

/**
 * The web's manifest of kinds (issue #34): every kind of the contracts' manifest (kinds.ts) by its code, typed
 * by it (a kind missing here fails the typecheck). The interface-text page's list of namespaces and bundles
 * (modules/system/language-rows.ts, LanguageTexts.tsx) derives from it; kinds.test.ts checks every kind's
 * texts load in both languages and its detail page and task links are among its screens. The screens are
 * still routed by each web app's own `<Routes>` (one entry file per app, ARCHITECTURE.md), not from here.
 * Kept out of lib/ and modules/ on purpose: it is the web's composition root, like the server's app.ts.
 */
export const WEB_KINDS = {
  deliveryNote: {
    texts: () => import('./modules/delivery/i18n-delivery.ts'),
    screens: [
      '/v2/delivery/list',
      '/v2/delivery/detail',
      '/v2/delivery/edit',
      '/v2/delivery/ship',
      '/v2/delivery/receive',
      '/v2/delivery/request',
    ],
  },
  refund: {
    texts: () => import('./modules/refund/i18n-refund.ts'),
    screens: ['/v2/refund/list', '/v2/refund/detail', '/v2/refund/new', '/v2/refund/edit'],
  },
  enquiry: {
    texts: () => import('./modules/rfq/i18n-rfq.ts'),
    screens: ['/v2/list', '/v2/detail', '/v2/edit', '/v2/client/quota'],
  },
  purchaseRequest: {
    texts: () => import('./modules/requisition/i18n-requisition.ts'),
    screens: [
      '/v2/requisition/list',
      '/v2/requisition/detail',
      '/v2/requisition/new',
      '/v2/requisition/edit',
      '/v2/requisition/pool',
    ],
  },
  ebidding: {
    texts: () => import('./modules/ebidding/i18n-ebidding.ts'),
    screens: ['/v2/list', '/v2/detail', '/v2/edit', '/v2/room'],
  },
  deductCost: {
    texts: financeTexts,
    screens: ['/v2/deductCost/list', '/v2/deductCost/detail', '/v2/deductCost/edit'],
  },
  addCost: {
    texts: financeTexts,
    screens: ['/v2/addCost/list', '/v2/addCost/detail', '/v2/addCost/edit'],
  },
  recon: {
    texts: financeTexts,
    screens: ['/v2/recon/list', '/v2/recon/detail', '/v2/recon/new'],
  },
  invoice: {
    texts: financeTexts,
    screens: ['/v2/invoice/list', '/v2/invoice/detail', '/v2/invoice/new'],
  },
  facInsTemplate: {
    texts: inspectionTexts,
    screens: ['/v2/inspectTemplate/list', '/v2/inspectTemplate/detail', '/v2/inspectTemplate/edit'],
  },
  facIns: {
    texts: inspectionTexts,
    screens: ['/v2/inspectTable/list', '/v2/inspectTableAudit/detail', '/v2/inspectTable/edit'],
  },
  sampleTemplateNumber: {
    texts: inspectionTexts,
    screens: ['/v2/sampleTemplate/list', '/v2/sampleTemplate/detail', '/v2/sampleTemplate/edit'],
  },
  sampleNumber: {
    texts: inspectionTexts,
    screens: ['/v2/sample/list', '/v2/sampleAudit/view', '/v2/sample/edit'],
  },
  improvementTemplate: {
    texts: improvementTexts,
    screens: ['/v2/template/list', '/v2/template/detail', '/v2/template/edit'],
  },
  improvement: {
    texts: improvementTexts,
    screens: ['/v2/improvement/list', '/v2/improvement/detail', '/v2/improvement/edit'],
  },
  order: {
    texts: () => import('./modules/order/i18n-bidding.ts'),
    screens: ['/v2/order/list', '/v2/order/detail', '/v2/order/edit'],
  },
  supplierAccess: {
    texts: () => import('./modules/admission/i18n-admission.ts'),
    screens: ['/v2/access/list', '/v2/auditAdmission/view', '/v2/access/edit'],
  },
  contract: {
    texts: () => import('./modules/contract/i18n-contract.ts'),
    screens: ['/v2/contract/list', '/v2/contract/detail', '/v2/contract/edit'],
  },
  supplierChange: {
    texts: () => import('./modules/supplier-change/i18n-supplier-change.ts'),
    screens: ['/v2/views', '/v2/edit'],
  },
  supplierStatusChange: {
    texts: () => import('./modules/masterdata/i18n-masterdata.ts'),
    screens: [
      '/v2/supplier-lifecycle',
      '/v2/supplierView1',
      '/v2/supplierView2',
      '/v2/supplierView3',
      '/v2/supplierView4',
      '/v2/supplierView5',
      '/v2/supplierView6',
    ],
  },
  appraisal: {
    texts: () => import('./modules/appraisal/i18n-appraisal.ts'),
    screens: ['/v2/runs', '/v2/runs/detail', '/v2/templates', '/v2/scoring', '/v2/scorecards'],
  },
} as const satisfies { [K in KindCode]: WebKindEntry };

/** The kinds' text loaders, each once (several kinds share a namespace: finance, inspection, improvement). */
export function kindTextLoaders(): Array<() => Promise<unknown>> {
  return [...new Set(Object.values(WEB_KINDS as Record<string, WebKindEntry>).map((entry) => entry.texts))];
}
