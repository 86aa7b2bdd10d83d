import type { Category, Supplier, SupplierSave } from './api.ts';

/** Pure helpers of the master-data app. */

export type TreeOption = {
  value: string;
  title: string;
  selectable?: boolean;
  disabled?: boolean;
  children?: TreeOption[];
};

/** The category tree as TreeSelect options where only level-3 categories can be picked. */
export function level3Options(tree: Category[]): TreeOption[] {
  const walk = (nodes: Category[]): TreeOption[] =>
    nodes.map((n) => ({
      value: n.id,
      title: `${n.cateName} (${n.cateCode})`,
      selectable: n.cateLevel === 3,
      ...(n.children.length > 0 ? { children: walk(n.children) } : {}),
    }));
  return walk(tree);
}

/** Finds a category by id anywhere in the tree. */
export function findCategory(tree: Category[], id: string): Category | null {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = findCategory(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** Ids of every node that has children (to expand the whole tree). */
export function parentIds(tree: Category[]): string[] {
  return tree.flatMap((n) => (n.children.length > 0 ? [n.id, ...parentIds(n.children)] : []));
}

/** Trimmed text or undefined when empty (optional fields of a save body). */
export function optional(v: string | null | undefined): string | undefined {
  const s = v?.trim();
  return s ? s : undefined;
}

/** '2026-01-31T16:00:00.000Z' → local 'YYYY-MM-DD HH:mm'; anything unparsable is returned unchanged. */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

// ---- Supplier form (the server's checks of PurchaseSupplierService/save, seed 001 §5) ----

/** Supplier code: 1–30 of A–Z a–z 0–9 . _ - */
export const SUPPLIER_CODE = /^[A-Za-z0-9._-]{1,30}$/;
/** Unified social credit code: 18 digits or capitals. */
export const SOCIAL_CREDIT_CODE = /^[0-9A-Z]{18}$/;
/** Mainland mobile (11 digits from 1) or fixed line (area code 0xx(x), optional dash, extension). */
export const TELPHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
/** Bank account: 8–30 digits. */
export const BANK_ACCOUNT = /^\d{8,30}$/;
/** Currency code: 3 capitals. */
export const CURRENCY = /^[A-Z]{3}$/;

/** "Name length 3 to 40" (seed 001 §5), counted in characters. */
export function supplierNameOk(name: string): boolean {
  const length = [...name.trim()].length;
  return length >= 3 && length <= 40;
}

/** The values of the supplier form (lists hold rows that may be partly filled or empty). */
export type SupplierValues = {
  toElsAccount: string;
  supplierCode: string;
  fullName: string;
  shortName?: string;
  socialCreditCode?: string;
  supplierType?: string;
  supplierStatus: string;
  currency: string;
  paymentClause?: string;
  contacts?: Array<{ name?: string; telphone?: string; wxNo?: string }>;
  banks?: Array<{ bankCode?: string; bankBranchName?: string; bankAccount?: string }>;
  addresses?: Array<{ country?: string; address?: string }>;
};

/**
 * Form values of a supplier record (a new one: a stranger — other stages come only through a status change
 * request or an admission approval, issue #16 — CNY, one empty contact row).
 */
export function supplierValues(s: Supplier | null): SupplierValues {
  if (!s)
    return {
      toElsAccount: '',
      supplierCode: '',
      fullName: '',
      supplierStatus: 'stranger',
      currency: 'CNY',
      contacts: [{}],
      banks: [],
      addresses: [],
    };
  return {
    toElsAccount: s.toElsAccount,
    supplierCode: s.supplierCode,
    fullName: s.fullName,
    shortName: s.shortName ?? undefined,
    socialCreditCode: s.socialCreditCode ?? undefined,
    supplierType: s.supplierType ?? undefined,
    supplierStatus: s.supplierStatus,
    currency: s.currency,
    paymentClause: s.paymentClause ?? undefined,
    contacts: s.contacts.map((c) => ({ ...c })),
    banks: (s.banks ?? []).map((b) => ({ ...b })),
    addresses: (s.addresses ?? []).map((a) => ({ ...a })),
  };
}

const blank = (row: object) => Object.values(row).every((v) => !String(v ?? '').trim());

/**
 * The save body of the form: text trimmed, empty optional fields left out, list rows left empty
 * dropped; with the record being edited, its id and the version it was read at (for the '409' check).
 */
export function supplierBody(
  v: SupplierValues,
  current: Pick<Supplier, 'id' | 'version'> | null,
): SupplierSave {
  return {
    ...(current ? { id: current.id, version: current.version } : {}),
    toElsAccount: v.toElsAccount.trim(),
    supplierCode: v.supplierCode.trim(),
    fullName: v.fullName.trim(),
    shortName: optional(v.shortName),
    socialCreditCode: optional(v.socialCreditCode),
    supplierType: optional(v.supplierType),
    supplierStatus: v.supplierStatus,
    currency: v.currency.trim().toUpperCase(),
    paymentClause: optional(v.paymentClause),
    contacts: (v.contacts ?? [])
      .filter((c) => !blank(c))
      .map((c) => ({
        name: c.name?.trim() ?? '',
        ...(optional(c.telphone) ? { telphone: optional(c.telphone) } : {}),
        ...(optional(c.wxNo) ? { wxNo: optional(c.wxNo) } : {}),
      })),
    banks: (v.banks ?? [])
      .filter((b) => !blank(b))
      .map((b) => ({
        ...(optional(b.bankCode) ? { bankCode: optional(b.bankCode) } : {}),
        ...(optional(b.bankBranchName) ? { bankBranchName: optional(b.bankBranchName) } : {}),
        bankAccount: b.bankAccount?.trim() ?? '',
      })),
    addresses: (v.addresses ?? [])
      .filter((a) => !blank(a))
      .map((a) => ({
        ...(optional(a.country) ? { country: optional(a.country) } : {}),
        address: a.address?.trim() ?? '',
      })),
  };
}

/**
 * The form fields a server message names ("body.fullName …", "body.contacts.0.telphone …"): name paths
 * for the form, to show the message in place.
 */
export function namedFields(message: string): Array<[string] | [string, number, string]> {
  const out: Array<[string] | [string, number, string]> = [];
  for (const m of message.matchAll(/body\.([A-Za-z][A-Za-z0-9]*)(?:\.(\d+)\.([A-Za-z][A-Za-z0-9]*))?/g))
    out.push(m[2] !== undefined && m[3] ? [m[1], Number(m[2]), m[3]] : [m[1]]);
  return out;
}
