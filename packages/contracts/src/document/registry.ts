import { deliveryNoteDefinition } from '../delivery-note.ts';
import { ebiddingDefinition } from '../ebidding.ts';
import { enquiryDefinition } from '../enquiry.ts';
import { addCostDefinition, deductCostDefinition, invoiceDefinition, reconDefinition } from '../finance.ts';
import { improvementDefinition, improvementTemplateDefinition } from '../improvement.ts';
import {
  facInsDefinition,
  facInsTemplateDefinition,
  sampleDefinition,
  sampleTemplateDefinition,
} from '../inspection.ts';
import { purchaseRequestDefinition } from '../purchase-request.ts';
import { refundDefinition } from '../refund.ts';
import type { DocumentDefinition } from './define.ts';

/**
 * Every document kind on the kernel (DESIGN §11, issue #12). What is keyed by kind across modules — the
 * custom field labels of each kind's header and lines, for one — reads this list, so a new kind joins by
 * its definition alone.
 */
export const DOCUMENT_DEFINITIONS = [
  deliveryNoteDefinition,
  refundDefinition,
  enquiryDefinition,
  purchaseRequestDefinition,
  ebiddingDefinition,
  deductCostDefinition,
  addCostDefinition,
  reconDefinition,
  invoiceDefinition,
  facInsTemplateDefinition,
  facInsDefinition,
  sampleTemplateDefinition,
  sampleDefinition,
  improvementTemplateDefinition,
  improvementDefinition,
] as const;

/** The spec's code of a kernel kind: deliveryNote, refund … */
export type KernelKindCode = (typeof DOCUMENT_DEFINITIONS)[number]['kind'];

/** The definition of a kernel kind by its code (undefined for orders and unknown codes). */
export function definitionOf(kind: string): DocumentDefinition | undefined {
  return DOCUMENT_DEFINITIONS.find((d) => d.kind === kind);
}
