import type { KernelCode, OffKernelCode } from '@srm/contracts/kinds';
import { facInsKind, facInsTemplateKind } from './modules/admission/inspection.ts';
import { registerInspectionRoutes } from './modules/admission/inspection-routes.ts';
import { registerAdmissionRoutes } from './modules/admission/routes.ts';
import { sampleKind, sampleTemplateKind } from './modules/admission/sample.ts';
import { supplierAccessKind } from './modules/admission/supplier-access.ts';
import { registerAppraisalRoutes } from './modules/appraisal/routes.ts';
import { contractKind } from './modules/contract/contract.ts';
import { registerContractRoutes } from './modules/contract/routes.ts';
import { registerDeliveryNoteRoutes } from './modules/delivery-note/routes.ts';
import { deliveryNoteKind } from './modules/delivery-note/service.ts';
import { registerEbiddingRoutes } from './modules/ebidding/routes.ts';
import { ebiddingKind } from './modules/ebidding/service.ts';
import { registerEnquiryRoutes } from './modules/enquiry/routes.ts';
import { enquiryKind } from './modules/enquiry/service.ts';
import { addCostKind, deductCostKind } from './modules/finance/fee-sheet.ts';
import { invoiceKind } from './modules/finance/invoice.ts';
import { reconKind } from './modules/finance/recon.ts';
import { registerFinanceRoutes } from './modules/finance/routes.ts';
import { improvementKind, improvementTemplateKind } from './modules/improvement/improvement.ts';
import { registerImprovementRoutes } from './modules/improvement/routes.ts';
import { orderKind } from './modules/order/kind.ts';
import { registerOrderRoutes } from './modules/order/routes.ts';
import { registerPurchaseRequestRoutes } from './modules/purchase-request/routes.ts';
import { purchaseRequestKind } from './modules/purchase-request/service.ts';
import { registerRefundRoutes } from './modules/refund/routes.ts';
import { refundKind } from './modules/refund/service.ts';
import { registerSupplierChangeRoutes } from './modules/supplier-change/routes.ts';
import { registerSupplierLifecycleRoutes } from './modules/supplier-lifecycle/routes.ts';
import type { DocumentKind } from './platform/document/kind.ts';
import { registerDocumentRoutes } from './platform/document/routes.ts';
import type { App, AppDeps } from './platform/http.ts';

/** A module's route registrar: the kind's generated calls (registerDocumentRoutes) and its own. */
export type KindRoutes = (app: App, deps: AppDeps) => void;

/** One kind on the server: its module folder, its rules (the `defineKind` kind) and its routes. */
export type ServerKindEntry = {
  /** The module folder under `modules/`. */
  module: string;
  /** The kind's rules and service (`defineKind`); null for a kind off the kernel (contracts' manifest says why). */
  kind: DocumentKind | null;
  /**
   * The registrar of the kind's routes (its generated calls and its own); kinds of one module share it
   * (registered once). Absent: the kind has only the generated calls, `registerDocumentRoutes(app, deps, kind)`.
   */
  routes?: KindRoutes;
  /** A kind off the kernel: the URL prefixes its own routes stand under (a kernel kind's are its service paths). */
  paths?: readonly string[];
};

/**
 * The server's manifest of kinds (issue #34): every kind of the contracts' manifest (kinds.ts) by its code,
 * typed by it — a kernel kind must name its `defineKind` kind, a kind off the kernel `null`; a kind the
 * contracts lack, or one missing here, fails the typecheck. app.ts registers the routes from it
 * (registerKindRoutes), the generated suites take their kinds from it (test/generated/kernel-kinds.ts), and
 * test/kind-manifest.test.ts checks it against the routes the app registers. Registration order: this order.
 */
export const SERVER_KINDS = {
  order: { module: 'order', kind: orderKind, routes: registerOrderRoutes },
  deliveryNote: { module: 'delivery-note', kind: deliveryNoteKind, routes: registerDeliveryNoteRoutes },
  refund: { module: 'refund', kind: refundKind, routes: registerRefundRoutes },
  enquiry: { module: 'enquiry', kind: enquiryKind, routes: registerEnquiryRoutes },
  ebidding: { module: 'ebidding', kind: ebiddingKind, routes: registerEbiddingRoutes },
  deductCost: { module: 'finance', kind: deductCostKind },
  addCost: { module: 'finance', kind: addCostKind },
  recon: { module: 'finance', kind: reconKind, routes: registerFinanceRoutes },
  invoice: { module: 'finance', kind: invoiceKind, routes: registerFinanceRoutes },
  facInsTemplate: { module: 'admission', kind: facInsTemplateKind, routes: registerInspectionRoutes },
  facIns: { module: 'admission', kind: facInsKind, routes: registerInspectionRoutes },
  sampleTemplateNumber: { module: 'admission', kind: sampleTemplateKind, routes: registerInspectionRoutes },
  sampleNumber: { module: 'admission', kind: sampleKind, routes: registerInspectionRoutes },
  improvementTemplate: { module: 'improvement', kind: improvementTemplateKind },
  improvement: { module: 'improvement', kind: improvementKind, routes: registerImprovementRoutes },
  supplierAccess: { module: 'admission', kind: supplierAccessKind, routes: registerAdmissionRoutes },
  purchaseRequest: {
    module: 'purchase-request',
    kind: purchaseRequestKind,
    routes: registerPurchaseRequestRoutes,
  },
  contract: { module: 'contract', kind: contractKind, routes: registerContractRoutes },
  supplierChange: {
    module: 'supplier-change',
    kind: null,
    routes: registerSupplierChangeRoutes,
    paths: [
      '/apis/supplierdatamodify/PurchaseSupplierChangeService/',
      '/apis/supplierdatamodify/SaleSupplierChangeService/',
    ],
  },
  supplierStatusChange: {
    module: 'supplier-lifecycle',
    kind: null,
    routes: registerSupplierLifecycleRoutes,
    paths: ['/apis/masterdata/PurchaseSupplierStatusChangeService/'],
  },
  appraisal: {
    module: 'appraisal',
    kind: null,
    routes: registerAppraisalRoutes,
    paths: ['/apis/appraisal/PurchaseAppraisalService/', '/apis/appraisal/SaleAppraisalService/'],
  },
} satisfies { [K in KernelCode]: ServerKindEntry & { kind: DocumentKind } } & {
  [K in OffKernelCode]: ServerKindEntry & { kind: null; routes: KindRoutes; paths: readonly string[] };
};

/** Every kernel kind's server kind, in the manifest's order (the generated suites, the drift test). */
export function kernelKinds(): DocumentKind[] {
  return Object.values(SERVER_KINDS as Record<string, ServerKindEntry>).flatMap((entry) =>
    entry.kind ? [entry.kind] : [],
  );
}

/**
 * Registers the routes of every kind of the manifest, in its order: each module's registrar once (a module
 * holding several kinds — finance, admission's inspections — registers them together), and a kind without a
 * registrar of its own by the kernel's generated calls alone.
 */
export function registerKindRoutes(app: App, deps: AppDeps): void {
  const registrars = new Set<KindRoutes>();
  for (const entry of Object.values(SERVER_KINDS as Record<string, ServerKindEntry>)) {
    const { kind } = entry;
    if (entry.routes) registrars.add(entry.routes);
    else if (kind) registrars.add((api, apiDeps) => registerDocumentRoutes(api, apiDeps, kind));
  }
  for (const register of registrars) register(app, deps);
}
