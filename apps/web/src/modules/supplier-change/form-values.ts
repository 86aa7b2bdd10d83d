import type { SupplierProfile } from '@srm/contracts/supplier-change';

/** The form's values: the proposed profile and a note. */
export type Values = SupplierProfile & { remark?: string };

/** Drops blank strings and empty rows, so an untouched optional input is "absent", as the server compares. */
export function clean(values: Values): { profile: SupplierProfile; remark?: string } {
  const strip = <T extends object>(row: T | undefined): T => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row ?? {})) {
      if (typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null)
        out[k] = typeof v === 'string' ? v.trim() : v;
    }
    return out as T;
  };
  const rows = <T extends object>(list: T[] | undefined) =>
    (list ?? []).map((r) => strip(r)).filter((r) => Object.keys(r).length > 0);
  return {
    profile: {
      company: strip(values.company),
      contacts: rows(values.contacts),
      banks: rows(values.banks),
      certifications: rows(values.certifications),
    },
    remark: values.remark?.trim() || undefined,
  };
}
