import { MIN_SUPPLIERS_PER_LINE } from './enquiry.ts';
import { CERT_REMINDER_DAYS_DEFAULT } from './supplier-lifecycle.ts';

/**
 * A preset parameter of a buying company (issue #19 "Preset parameter management"): a `system_setting` row
 * (setGroupCode, setCode) holding an integer in [min, max]; `defaultValue` applies while none is saved.
 * Only parameters the server really reads are listed here (each has a test proving it takes effect).
 */
export type PresetParameter = {
  group: string;
  code: string;
  type: 'integer';
  min: number;
  max: number;
  defaultValue: number;
  /** Unit shown after the value: days, suppliers. */
  unit: 'days' | 'suppliers';
};

/** Supplier certifications are reminded this many days before they expire (supplier-lifecycle/cert-expiry). */
export const CERT_REMINDER_DAYS_PARAMETER: PresetParameter = {
  group: 'Supplier_Group',
  code: 'certReminderDays',
  type: 'integer',
  min: 0,
  max: 365,
  defaultValue: CERT_REMINDER_DAYS_DEFAULT,
  unit: 'days',
};

/** Suppliers invited per RFQ line: spec 001 §5/§9 "at least 3" stays the floor; a company may only raise it. */
export const MIN_SUPPLIERS_PARAMETER: PresetParameter = {
  group: 'Enquiry_Group',
  code: 'minSuppliersPerLine',
  type: 'integer',
  min: MIN_SUPPLIERS_PER_LINE,
  max: 20,
  defaultValue: MIN_SUPPLIERS_PER_LINE,
  unit: 'suppliers',
};

/** The preset parameters, in the order the admin page lists them. */
export const PRESET_PARAMETERS: readonly PresetParameter[] = [
  CERT_REMINDER_DAYS_PARAMETER,
  MIN_SUPPLIERS_PARAMETER,
];

/** The catalogue entry of (group, code), or undefined. */
export function findPresetParameter(group: string, code: string): PresetParameter | undefined {
  return PRESET_PARAMETERS.find((p) => p.group === group && p.code === code);
}

/**
 * The effective value of a parameter from its stored text (null: none saved): the stored integer when it
 * lies in [min, max], else the default (a row written before the rule existed cannot lower the floor).
 */
export function presetParameterValue(parameter: PresetParameter, stored: string | null | undefined): number {
  if (stored === null || stored === undefined || !/^\d+$/.test(stored.trim())) return parameter.defaultValue;
  const n = Number.parseInt(stored, 10);
  return n >= parameter.min && n <= parameter.max ? n : parameter.defaultValue;
}
