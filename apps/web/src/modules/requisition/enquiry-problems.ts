/** The least suppliers an RFQ line invites (spec 001 §5; a company may raise it, the server checks). */
export const MIN_ENQUIRY_SUPPLIERS = 3;

/** What the demand pool's "To RFQ" dialog holds before it creates the draft. */
export type EnquiryDraft = {
  enquiryDesc: string;
  quoteEnd: unknown;
  lines: ReadonlyArray<{ lineId: string; quantity?: string; suppliers?: readonly string[] }>;
};

/**
 * Each rule the dialog's input breaks, by field and line (issue #33: one mark per field or line, not one
 * toast for three rules): message keys of requisition:pool, empty when the draft may be created.
 */
export type EnquiryProblems = {
  enquiryDesc?: 'descRequired';
  quoteEnd?: 'quoteEndRequired';
  lines: Record<string, { quantity?: 'quantityRequired'; suppliers?: 'suppliersMin' }>;
};

/** The problems of a draft (see EnquiryProblems); `hasProblems` tells whether any holds. */
export function enquiryProblems(draft: EnquiryDraft): EnquiryProblems {
  const problems: EnquiryProblems = { lines: {} };
  if (!draft.enquiryDesc.trim()) problems.enquiryDesc = 'descRequired';
  if (!draft.quoteEnd) problems.quoteEnd = 'quoteEndRequired';
  for (const line of draft.lines) {
    const own: EnquiryProblems['lines'][string] = {};
    if (!line.quantity) own.quantity = 'quantityRequired';
    if ((line.suppliers?.length ?? 0) < MIN_ENQUIRY_SUPPLIERS) own.suppliers = 'suppliersMin';
    if (own.quantity || own.suppliers) problems.lines[line.lineId] = own;
  }
  return problems;
}

export const hasProblems = (p: EnquiryProblems) =>
  !!p.enquiryDesc || !!p.quoteEnd || Object.keys(p.lines).length > 0;
