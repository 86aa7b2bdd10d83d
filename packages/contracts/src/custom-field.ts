import { z } from 'zod';
import { DOCUMENT_DEFINITIONS, definitionOf, type KernelKindCode } from './document/registry.ts';
import { CUSTOM_FIELD_COUNT, CUSTOM_FIELD_KEYS, type CustomFieldKey } from './purchase-order.ts';

/**
 * Labels of the custom fields fbk1…fbk50 per company and document kind (issue #5, seed 001 §3 "custom
 * fields fbk1 to fbk50 recur on most documents"): the purchase order's header and lines, and for every
 * kind on the document kernel (document/registry.ts) `{kind}` (header) and `{kind}Item` (lines).
 */
export type CustomFieldDocumentKind =
  | 'purchaseOrder'
  | 'purchaseOrderItem'
  | KernelKindCode
  | `${KernelKindCode}Item`;
export const CUSTOM_FIELD_DOCUMENT_KINDS = [
  'purchaseOrder',
  'purchaseOrderItem',
  ...DOCUMENT_DEFINITIONS.flatMap((d) => [d.kind, `${d.kind}Item` as const]),
] as [CustomFieldDocumentKind, ...CustomFieldDocumentKind[]];

/** The label kinds of a kernel kind's header and lines. */
export function customFieldKindsOf(kind: KernelKindCode): {
  header: CustomFieldDocumentKind;
  lines: CustomFieldDocumentKind;
} {
  return { header: kind, lines: `${kind}Item` };
}

/** How many custom fields a label kind has: the order's 50, a kernel kind's `customFields`. */
export function customFieldCountOf(documentKind: string): number {
  return definitionOf(documentKind.replace(/Item$/, ''))?.customFields ?? CUSTOM_FIELD_COUNT;
}

/** Longest label, in characters after trimming. */
export const CUSTOM_FIELD_LABEL_MAX = 50;

/** One label as the API answers it: both languages are filled (an empty one took the other's text). */
export type CustomFieldLabel = { fieldKey: CustomFieldKey; zh_cn: string; en: string };

const labelText = z.string().trim().max(CUSTOM_FIELD_LABEL_MAX).default('');

/**
 * One label as the admin saves it: a known key (fbk1…fbk50), zh_cn and en trimmed, at most 50 characters
 * each; one of them may be empty (it then takes the other's text), not both ('rule.required' naming zh_cn).
 */
export const customFieldLabelInputSchema = z
  .object({
    fieldKey: z.enum(CUSTOM_FIELD_KEYS as [CustomFieldKey, ...CustomFieldKey[]]),
    zh_cn: labelText,
    en: labelText,
  })
  .superRefine((label, ctx) => {
    if (label.zh_cn === '' && label.en === '') {
      ctx.addIssue({ code: 'custom', path: ['zh_cn'], message: 'rule.required' });
    }
  });

/** POST /apis/CustomFieldService/saveLabels body: the whole set of one document kind (replaces it). */
export const customFieldSaveBodySchema = z
  .object({
    documentKind: z.enum(CUSTOM_FIELD_DOCUMENT_KINDS),
    labels: z
      .array(customFieldLabelInputSchema)
      .max(CUSTOM_FIELD_KEYS.length)
      .superRefine((labels, ctx) => {
        const seen = new Set<string>();
        labels.forEach((label, i) => {
          if (seen.has(label.fieldKey)) {
            ctx.addIssue({ code: 'custom', path: [i, 'fieldKey'], message: 'rule.duplicate' });
          }
          seen.add(label.fieldKey);
        });
      }),
    /** The version read; required once the kind has a saved set ('409' when stale). */
    version: z.number().int().min(0).optional(),
  })
  // A kind with 30 custom fields has no fbk31 to name ('400' naming body.labels.N.fieldKey).
  .superRefine((body, ctx) => {
    const count = customFieldCountOf(body.documentKind);
    body.labels.forEach((label, i) => {
      if (Number(label.fieldKey.slice(3)) > count)
        ctx.addIssue({ code: 'custom', path: ['labels', i, 'fieldKey'], message: 'rule.invalid' });
    });
  });
export type CustomFieldSaveBody = z.infer<typeof customFieldSaveBodySchema>;

/** The label of a field in a language: the configured one, else the key itself (fbk3). */
export function customFieldLabel(
  labels: readonly CustomFieldLabel[] | undefined,
  key: string,
  lang: 'zh_cn' | 'en',
): string {
  const found = labels?.find((l) => l.fieldKey === key);
  return found ? found[lang] || found.zh_cn || found.en || key : key;
}
