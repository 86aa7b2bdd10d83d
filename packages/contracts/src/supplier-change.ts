import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';
import type { Locale } from './constants.ts';
import { type Certification, certificationDateOrder, certificationSchema } from './supplier-certification.ts';

/**
 * Supplier information change (issue #16, kind `supplierChange`; seed 001 §1 "Supplier information change",
 * §2 task type "information change" → `/supplierdatamodify/#/v2/views`, §3 supplier fields, §5 certification
 * date order). The supplier (sale station) proposes new master data to one linked buyer (one request per
 * buyer); the request keeps the proposed profile and a snapshot of the buyer's master record when it was
 * made; the buyer reads the field-by-field diff and approves (the master changes) or rejects with a reason.
 * Module `supplierdatamodify`: `/apis/supplierdatamodify/{Purchase|Sale}SupplierChangeService/…`.
 */

type Label = Readonly<Record<Locale, string>>;

/** applyStatus: draft, submitted (waits for the buyer's approve), under approval (a flow), approved, rejected. */
export const APPLY_STATUS = {
  '0': { zh_cn: '草稿', en: 'Draft' },
  '1': { zh_cn: '已提交', en: 'Submitted' },
  '2': { zh_cn: '审批中', en: 'Under approval' },
  '3': { zh_cn: '已通过', en: 'Approved' },
  '4': { zh_cn: '已拒绝', en: 'Rejected' },
} as const satisfies Record<string, Label>;
export type ApplyStatus = keyof typeof APPLY_STATUS;

const optionalText = (max: number) => z.string().trim().max(max).optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Company data of a supplier (seed 001 §3 Supplier). fullName and shortName are supplier_master columns;
 * the others are kept in supplier_master.extendFields under the same names (they are the supplier's own
 * statements, shown and compared, not used by other rules).
 */
export const companySchema = z.object({
  /** 3–40 characters (seed 001 §5 "name length 3 to 40"). */
  fullName: z.string().trim().min(3).max(40),
  shortName: optionalText(40),
  legalRepresentative: optionalText(40),
  /** Registered capital in 10,000 of the local currency, an exact decimal string (≤ 14 digits, 2 decimals). */
  registerCapital: z
    .string()
    .trim()
    .regex(/^\d{1,14}(\.\d{1,2})?$/)
    .optional(),
  registerDate: isoDate.optional(),
  nature: optionalText(40),
  isListed: z.enum(['Y', 'N']).optional(),
  industry: optionalText(50),
  /** ISO 3166 alpha-2 (CN, DE …). */
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Taxpayer number: 15–20 digits and capitals. */
  taxCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{15,20}$/)
    .optional(),
});
export type CompanyData = z.infer<typeof companySchema>;
export type CompanyField = keyof CompanyData;
/** The company fields kept in extendFields (the rest are columns). */
export const EXTEND_COMPANY_FIELDS = [
  'legalRepresentative',
  'registerCapital',
  'registerDate',
  'nature',
  'isListed',
  'industry',
  'countryCode',
  'taxCode',
] as const satisfies readonly CompanyField[];

/** Field labels of the diff and the form. */
export const COMPANY_FIELD_LABELS: Readonly<Record<CompanyField, Label>> = {
  fullName: { zh_cn: '公司全称', en: 'Full name' },
  shortName: { zh_cn: '公司简称', en: 'Short name' },
  legalRepresentative: { zh_cn: '法定代表人', en: 'Legal representative' },
  registerCapital: { zh_cn: '注册资本(万元)', en: 'Registered capital (10k)' },
  registerDate: { zh_cn: '注册日期', en: 'Registration date' },
  nature: { zh_cn: '企业性质', en: 'Nature' },
  isListed: { zh_cn: '是否上市', en: 'Listed' },
  industry: { zh_cn: '所属行业', en: 'Industry' },
  countryCode: { zh_cn: '国家/地区代码', en: 'Country code' },
  taxCode: { zh_cn: '纳税人识别号', en: 'Tax code' },
};
export const COMPANY_FIELDS = Object.keys(COMPANY_FIELD_LABELS) as CompanyField[];

/** Mainland mobile or fixed line (the master data's rule, modules/masterdata/schemas.ts TELPHONE). */
const TELPHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
/** A contact (seed 001 §3 contact: name, telphone, wxNo), as the supplier master keeps it. */
export const contactSchema = z.object({
  name: z.string().trim().min(1).max(40),
  telphone: z.string().trim().max(30).regex(TELPHONE).optional(),
  wxNo: optionalText(40),
});
/** A bank account (seed 001 §3 bank: bankCode, bankBranchName, bankAccount of 8–30 digits). */
export const bankSchema = z.object({
  bankCode: optionalText(20),
  bankBranchName: optionalText(100),
  bankAccount: z
    .string()
    .trim()
    .max(30)
    .regex(/^\d{8,30}$/),
});
export type Contact = z.infer<typeof contactSchema>;
export type Bank = z.infer<typeof bankSchema>;

/** What a change request proposes (and what its snapshot holds): the whole profile. */
export const profileSchema = z.object({
  company: companySchema,
  contacts: z.array(contactSchema).max(20).default([]),
  banks: z.array(bankSchema).max(20).default([]),
  certifications: z.array(certificationSchema).max(50).default([]),
});
export type SupplierProfile = z.infer<typeof profileSchema>;

/**
 * The save body of the supplier (SaleSupplierChangeService/save): a new request to each buyer of
 * `elsAccounts` (one per buyer), or an edit of a draft or rejected one (`id` + `version`).
 */
export const changeSaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  elsAccounts: z.array(elsAccountSchema).min(1).max(50).optional(),
  profile: profileSchema,
  remark: optionalText(500),
  /** Submit at once after saving. */
  submit: z.boolean().optional(),
});
export type ChangeSave = z.infer<typeof changeSaveSchema>;

/** §5 date order of each certification: the first one out of order, with its body path, or null. */
export function profileDateProblem(profile: { certifications: readonly Certification[] }): string | null {
  for (const [i, c] of profile.certifications.entries()) {
    const field = certificationDateOrder(c);
    if (field) return `body.profile.certifications.${i}.${field}`;
  }
  return null;
}

// ---------------------------------------------------------------- diff

export type FieldChange = { field: CompanyField; from: string | null; to: string | null };
export type ListDiff<T> = { added: T[]; removed: T[]; kept: T[] };
/** The field-by-field diff the buyer reviews (old → new; list items added and removed). */
export type ProfileDiff = {
  company: FieldChange[];
  contacts: ListDiff<Contact>;
  banks: ListDiff<Bank>;
  certifications: ListDiff<Certification>;
};
/** The parts of a profile a request can touch: a company field, or one of the three lists. */
export type TouchedPart = CompanyField | 'contacts' | 'banks' | 'certifications';

const blank = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/** Canonical text of a list item: keys sorted, blank values dropped, so key order never reads as a change. */
export function itemKey(item: object): string {
  const entries = Object.entries(item)
    .filter(([, v]) => blank(v) !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

function listDiff<T extends object>(before: readonly T[], after: readonly T[]): ListDiff<T> {
  const left = new Map<string, number>();
  for (const item of before) left.set(itemKey(item), (left.get(itemKey(item)) ?? 0) + 1);
  const added: T[] = [];
  const kept: T[] = [];
  for (const item of after) {
    const n = left.get(itemKey(item)) ?? 0;
    if (n > 0) {
      left.set(itemKey(item), n - 1);
      kept.push(item);
    } else added.push(item);
  }
  const removed: T[] = [];
  for (const item of before) {
    const n = left.get(itemKey(item)) ?? 0;
    if (n > 0) {
      left.set(itemKey(item), n - 1);
      removed.push(item);
    }
  }
  return { added, removed, kept };
}

/** The diff from `before` (the snapshot) to `after` (the proposal). Blank and absent values are equal. */
export function diffProfiles(before: SupplierProfile, after: SupplierProfile): ProfileDiff {
  const company: FieldChange[] = [];
  for (const field of COMPANY_FIELDS) {
    const from = blank(before.company[field]);
    const to = blank(after.company[field]);
    if (from !== to) company.push({ field, from, to });
  }
  return {
    company,
    contacts: listDiff(before.contacts, after.contacts),
    banks: listDiff(before.banks, after.banks),
    certifications: listDiff(before.certifications, after.certifications),
  };
}

/** The parts a diff touches, in form order (empty: the proposal changes nothing). */
export function touchedParts(diff: ProfileDiff): TouchedPart[] {
  const lists = (['contacts', 'banks', 'certifications'] as const).filter(
    (k) => diff[k].added.length > 0 || diff[k].removed.length > 0,
  );
  return [...diff.company.map((c) => c.field), ...lists];
}

/** Labels of the list parts (diff headings, 409 messages). */
export const PART_LABELS: Readonly<Record<TouchedPart, Label>> = {
  ...COMPANY_FIELD_LABELS,
  contacts: { zh_cn: '联系人', en: 'Contacts' },
  banks: { zh_cn: '银行账户', en: 'Bank accounts' },
  certifications: { zh_cn: '资质证书', en: 'Certifications' },
};

/** Whether one part of two profiles holds the same value (the optimistic check at approval). */
export function samePart(a: SupplierProfile, b: SupplierProfile, part: TouchedPart): boolean {
  if (part === 'contacts' || part === 'banks' || part === 'certifications') {
    const keys = (list: readonly object[]) => list.map(itemKey).sort().join('\n');
    return keys(a[part]) === keys(b[part]);
  }
  return blank(a.company[part]) === blank(b.company[part]);
}
