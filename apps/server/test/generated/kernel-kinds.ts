import { facInsKind, facInsTemplateKind } from '../../src/modules/admission/inspection.ts';
import { sampleKind, sampleTemplateKind } from '../../src/modules/admission/sample.ts';
import { supplierAccessKind } from '../../src/modules/admission/supplier-access.ts';
import { deliveryNoteKind } from '../../src/modules/delivery-note/service.ts';
import { ebiddingKind } from '../../src/modules/ebidding/service.ts';
import { enquiryKind } from '../../src/modules/enquiry/service.ts';
import { addCostKind, deductCostKind } from '../../src/modules/finance/fee-sheet.ts';
import { invoiceKind } from '../../src/modules/finance/invoice.ts';
import { reconKind } from '../../src/modules/finance/recon.ts';
import { improvementKind, improvementTemplateKind } from '../../src/modules/improvement/improvement.ts';
import { orderKind } from '../../src/modules/order/kind.ts';
import { purchaseRequestKind } from '../../src/modules/purchase-request/service.ts';
import { refundKind } from '../../src/modules/refund/service.ts';
import type { DocumentKind } from '../../src/platform/document/kind.ts';

/**
 * Every document kind on the kernel, for the suites generated over all of them (the transition tables,
 * data permissions). A new kind is added here once.
 */
export const KERNEL_KINDS: DocumentKind[] = [
  orderKind,
  deliveryNoteKind,
  refundKind,
  enquiryKind,
  purchaseRequestKind,
  ebiddingKind,
  deductCostKind,
  addCostKind,
  reconKind,
  invoiceKind,
  facInsTemplateKind,
  facInsKind,
  sampleTemplateKind,
  sampleKind,
  supplierAccessKind,
  improvementTemplateKind,
  improvementKind,
];
