import { MIN_SUPPLIERS_PER_LINE } from '@srm/contracts/enquiry';
import type { Rule } from 'antd/es/form';

/**
 * The suppliers an RFQ line must invite (issue #13 / #19): the company's preset parameter
 * Enquiry_Group/minSuppliersPerLine as answered by formSettings, never below the spec's 3 (spec 001
 * §5/§9). `configured` undefined (still loading, or the call failed) or not a whole number: 3.
 */
export function minSuppliersOf(configured: number | undefined | null): number {
  if (typeof configured !== 'number' || !Number.isInteger(configured)) return MIN_SUPPLIERS_PER_LINE;
  return Math.max(configured, MIN_SUPPLIERS_PER_LINE);
}

/**
 * The form rule of a line's invited suppliers: required, and at least `min` different accounts (the same
 * count the server's save and submit check, `invitationProblem`). `message` is the translated text naming
 * `min` (rfq:edit.suppliersMin); the field shows it when the rule fails.
 */
export function suppliersRule(min: number, message: string): Rule {
  return {
    required: true,
    validator: (_rule, value: unknown) => {
      const accounts = Array.isArray(value) ? new Set(value.filter((v) => v !== '' && v != null)) : new Set();
      return accounts.size >= min ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
