import { supplierAccessDefinition } from '../admission.ts';
import { contractDefinition } from '../contract.ts';
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
import { type KernelCode, KIND_MANIFEST, type LabelledKindCode } from '../kinds.ts';
import { purchaseOrderDefinition } from '../purchase-order-definition.ts';
import { purchaseRequestDefinition } from '../purchase-request.ts';
import { refundDefinition } from '../refund.ts';
import type { DocumentDefinition } from './define.ts';

/**
 * The definition of every kernel kind of the manifest (kinds.ts), by its code: typed by the manifest, so a
 * kernel kind without a definition (or a definition of a kind the manifest lacks) fails the typecheck, and
 * each definition's `kind` is its key (`satisfies` below, checked again in document-definitions.test.ts).
 */
const DEFINITIONS = {
  deliveryNote: deliveryNoteDefinition,
  refund: refundDefinition,
  enquiry: enquiryDefinition,
  purchaseRequest: purchaseRequestDefinition,
  ebidding: ebiddingDefinition,
  deductCost: deductCostDefinition,
  addCost: addCostDefinition,
  recon: reconDefinition,
  invoice: invoiceDefinition,
  facInsTemplate: facInsTemplateDefinition,
  facIns: facInsDefinition,
  sampleTemplateNumber: sampleTemplateDefinition,
  sampleNumber: sampleDefinition,
  improvementTemplate: improvementTemplateDefinition,
  improvement: improvementDefinition,
  order: purchaseOrderDefinition,
  supplierAccess: supplierAccessDefinition,
  contract: contractDefinition,
} as const satisfies { [K in KernelCode]: DocumentDefinition & { kind: K } };

type Definitions = typeof DEFINITIONS;

/** Every kernel kind's definition in manifest order (the role screen's groups, the generated suites). */
export const KERNEL_DEFINITIONS: readonly Definitions[KernelCode][] = KIND_MANIFEST.flatMap((entry) =>
  entry.standing === 'kernel' ? [DEFINITIONS[entry.code]] : [],
);

/**
 * The kernel kinds whose custom field labels are keyed by their code (manifest `customFieldLabels: 'kind'`):
 * what is keyed by kind across modules — the custom field labels of each kind's header and lines — reads
 * this list. The order keeps its own keys (`purchaseOrder`), the admission request has none.
 */
export const DOCUMENT_DEFINITIONS: readonly Definitions[LabelledKindCode][] = KIND_MANIFEST.flatMap(
  (entry) => (entry.customFieldLabels === 'kind' ? [DEFINITIONS[entry.code]] : []),
);

/** The spec's code of a kernel kind with custom field labels by its code: deliveryNote, refund … */
export type KernelKindCode = LabelledKindCode;

/** The definition of a kernel kind with labels by its code (undefined for orders, admission and unknown codes). */
export function definitionOf(kind: string): DocumentDefinition | undefined {
  return DOCUMENT_DEFINITIONS.find((d) => d.kind === kind);
}

/** The definition of any kernel kind by its code (the order and the admission request included). */
export function kernelDefinitionOf(kind: string): DocumentDefinition | undefined {
  return KERNEL_DEFINITIONS.find((d) => d.kind === kind);
}
