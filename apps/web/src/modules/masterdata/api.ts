import { ApiError, call, http } from '../../lib/http.ts';
import {
  findMaterials,
  findSuppliers,
  type Material,
  type MaterialFilter,
  type MasterPaging as Paged,
  type Supplier,
  type SupplierAddress,
  type SupplierBank,
  type SupplierContact,
  type SupplierFilter,
} from '../../lib/master-api.ts';
import type { Page } from '../../lib/message-api.ts';

// The pickers' calls and their records are shared (components/MasterSelect): declared in lib/master-api.ts.
export {
  findMaterials,
  findSuppliers,
  type Material,
  type MaterialFilter,
  type Supplier,
  type SupplierAddress,
  type SupplierBank,
  type SupplierContact,
  type SupplierFilter,
};

/** Calls of the master-data module (apps/server/src/modules/masterdata/routes.ts), buyer side. */
const BASE = '/masterdata';

export type Category = {
  id: string;
  parentId: string | null;
  cateLevel: number;
  cateCode: string;
  cateName: string;
  sortOrder: number;
  version: number;
  children: Category[];
};

export type MaterialSave = {
  id?: string;
  version?: number;
  cateId: string;
  materialNumber: string;
  materialName: string;
  materialDesc?: string;
  materialType?: string;
  brand?: string;
  baseUnit: string;
  orderUnit?: string;
  purchaseUnit?: string;
  overTolerance?: string;
  lackTolerance?: string;
  minOrderQuantity?: string;
  minPackingQuantity?: string;
  minShelfLife?: number | null;
  totalShelfLife?: number | null;
  isCheckQuality?: 'Y' | 'N';
  isFreeze?: 'Y' | 'N';
};

/** The body of POST …/PurchaseSupplierService/save (server masterdata/schemas.ts supplierSaveSchema). */
export type SupplierSave = {
  id?: string;
  version?: number;
  toElsAccount: string;
  supplierCode: string;
  fullName: string;
  shortName?: string;
  socialCreditCode?: string;
  supplierType?: string;
  supplierStatus: string;
  currency: string;
  paymentClause?: string;
  contacts: SupplierContact[];
  banks: SupplierBank[];
  addresses: SupplierAddress[];
};

export type StatusOption = { value: string; label: string; labelI18n: { zh_cn: string; en: string } };

export type Price = {
  id: string;
  toElsAccount: string;
  materialId: string;
  materialNumber: string;
  materialName: string | null;
  supplierName: string | null;
  priceExcludingTax: string;
  taxRate: string;
  priceIncludingTax: string;
  currency: string;
  exchangeRate: string;
  priceBase: string;
  validStartDate: string;
  priceExpiryDate: string;
  quota: string;
  /** The award that wrote it (issue #33): an RFQ or an e-auction, its number and line; null entered or imported. */
  sourceType: 'enquiry' | 'ebidding' | null;
  sourceNumber: string | null;
  sourceItemNumber: string | null;
  /** A ladder quote's steps (from quantity up, price excl. tax); null: one price. */
  ladderJson: Array<{ quantity: string; price: string }> | null;
  version: number;
};

export type PriceSave = {
  id?: string;
  version?: number;
  materialId: string;
  toElsAccount: string;
  priceExcludingTax: string;
  taxRate: string;
  currency: string;
  exchangeRate: string;
  priceBase: string;
  validStartDate: string;
  priceExpiryDate: string;
  quota: string;
};

/** ids: only these materials (1–100), to name values already chosen. */
export type PriceFilter = { keyword?: string; toElsAccount?: string };
export const MD_KEYS = {
  categories: ['md', 'categories'] as const,
  materials: ['md', 'materials'] as const,
  suppliers: ['md', 'suppliers'] as const,
  prices: ['md', 'prices'] as const,
};

export const categoryTree = () =>
  call<Category[]>({ url: `${BASE}/PurchaseMaterialCateService/tree`, method: 'POST', data: {} });
export const saveCategory = (body: {
  id?: string;
  version?: number;
  parentId?: string | null;
  cateCode: string;
  cateName: string;
}) => call<Category>({ url: `${BASE}/PurchaseMaterialCateService/save`, method: 'POST', data: body });
export const deleteCategory = (id: string) =>
  call<null>({ url: `${BASE}/PurchaseMaterialCateService/delete/${id}`, method: 'POST', data: {} });

export const findMaterial = (id: string) =>
  call<Material>({ url: `${BASE}/PurchaseMaterialService/findDetail/${id}` });
export const saveMaterial = (body: MaterialSave) =>
  call<Material>({ url: `${BASE}/PurchaseMaterialService/save`, method: 'POST', data: body });
export const deleteMaterial = (id: string) =>
  call<null>({ url: `${BASE}/PurchaseMaterialService/delete/${id}`, method: 'POST', data: {} });

export const findSupplier = (id: string) =>
  call<Supplier>({ url: `${BASE}/PurchaseSupplierService/findDetail/${id}` });
/** Create (no id) or edit (id + the version read: '409' when someone saved in between). */
export const saveSupplier = (body: SupplierSave) =>
  call<Supplier>({ url: `${BASE}/PurchaseSupplierService/save`, method: 'POST', data: body });
export const supplierStatusDict = () =>
  call<StatusOption[]>({ url: `${BASE}/PurchaseSupplierService/statusDict`, method: 'POST', data: {} });

export const findPrices = (body: PriceFilter & Paged) =>
  call<Page<Price>>({ url: `${BASE}/PurchasePriceService/findPageList`, method: 'POST', data: body });
export const savePrice = (body: PriceSave) =>
  call<Price>({ url: `${BASE}/PurchasePriceService/save`, method: 'POST', data: body });
export const deletePrice = (id: string) =>
  call<null>({ url: `${BASE}/PurchasePriceService/delete/${id}`, method: 'POST', data: {} });
/**
 * The price of a material from a supplier valid at `at` (ISO-8601; default now), or null
 * (POST …/PurchasePriceService/findEffectivePrice). The price is per `priceBase` units, in `currency`.
 */
export const findEffectivePrice = (body: { toElsAccount: string; materialId: string; at?: string }) =>
  call<Price | null>({ url: `${BASE}/PurchasePriceService/findEffectivePrice`, method: 'POST', data: body });

export type ExcelService = 'PurchaseMaterialService' | 'PurchaseSupplierService' | 'PurchasePriceService';

/** POST …/export?format=xlsx → downloads the workbook; a JSON answer instead (an error) throws its message. */
export async function exportWorkbook(
  service: ExcelService,
  filter: object,
  fallbackName: string,
): Promise<void> {
  const res = await http.request<Blob>({
    url: `${BASE}/${service}/export?format=xlsx`,
    method: 'POST',
    data: filter,
    responseType: 'blob',
  });
  const type = String(res.headers['content-type'] ?? '');
  if (res.status !== 200 || type.includes('json')) {
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(await res.data.text()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type RowError = { row: number; field: string; message: string };
export type ImportOutcome =
  | { ok: true; created: number; updated: number }
  | { ok: false; errors: RowError[] };

/** Multipart upload (field `file`); a '400' with data.errors becomes the row errors, other errors throw. */
export async function importWorkbook(service: ExcelService, file: File): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file);
  try {
    const data = await call<{ created: number; updated: number }>({
      url: `${BASE}/${service}/import`,
      method: 'POST',
      data: form,
    });
    return { ok: true, ...data };
  } catch (e) {
    const errors = e instanceof ApiError ? rowErrors(e.data) : null;
    if (errors) return { ok: false, errors };
    throw e;
  }
}

/** The row errors of an import answer's data, or null when it has none. */
export function rowErrors(data: unknown): RowError[] | null {
  const list = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(list) || list.length === 0) return null;
  return list.map((x) => {
    const r = x as Partial<RowError>;
    return { row: Number(r.row ?? 0), field: String(r.field ?? ''), message: String(r.message ?? '') };
  });
}
