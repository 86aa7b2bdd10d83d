import { ORG_UNITS, type OrgUnitOption, type OrgUnitType } from '@srm/contracts/org-master';
import { call } from './http.ts';
import type { Page } from './message-api.ts';

/**
 * The master-data calls the shared pickers make (components/MasterSelect.tsx, components/org-unit-source.ts;
 * issue #34: a shared part imports no feature): materials, suppliers and organisation options, buyer side
 * (server modules/masterdata). The masterdata feature re-exports them with the rest of its calls.
 */

export type Material = {
  id: string;
  materialNumber: string;
  materialName: string;
  materialDesc: string;
  materialType: string;
  brand: string | null;
  cateId: string;
  cateName1: string | null;
  cateName2: string | null;
  cateName3: string | null;
  baseUnit: string;
  orderUnit: string | null;
  purchaseUnit: string | null;
  overTolerance: string;
  lackTolerance: string;
  minOrderQuantity: string;
  minPackingQuantity: string;
  minShelfLife: number | null;
  totalShelfLife: number | null;
  isCheckQuality: 'Y' | 'N';
  isFreeze: 'Y' | 'N';
  version: number;
  createDate?: string;
};

export type SupplierContact = { name: string; telphone?: string; wxNo?: string };
export type SupplierBank = { bankCode?: string; bankBranchName?: string; bankAccount: string };
export type SupplierAddress = { country?: string; address: string };

export type Supplier = {
  id: string;
  toElsAccount: string;
  supplierCode: string;
  fullName: string;
  shortName: string | null;
  socialCreditCode?: string | null;
  supplierType: string | null;
  supplierStatus: string;
  /** Issue #16: frozen is orthogonal to the stage. */
  frozen?: boolean;
  currency: string;
  paymentClause: string | null;
  contacts: SupplierContact[];
  banks?: SupplierBank[];
  addresses?: SupplierAddress[];
  version: number;
};

export type MaterialFilter = { keyword?: string; cateId?: string; isFreeze?: 'Y' | 'N'; ids?: string[] };
/** toElsAccounts: only these suppliers (≤ 200), to name values already chosen. */
export type SupplierFilter = { keyword?: string; supplierStatus?: string; toElsAccounts?: string[] };
/** A page of a master-data list: 1-based page number and its size. */
export type MasterPaging = { currentPage: number; pageSize: number };

/** One page of the buyer's materials, newest first (POST /masterdata/PurchaseMaterialService/findPageList). */
export const findMaterials = (body: MaterialFilter & MasterPaging) =>
  call<Page<Material>>({
    url: '/masterdata/PurchaseMaterialService/findPageList',
    method: 'POST',
    data: body,
  });
/** One page of the buyer's suppliers (POST /masterdata/PurchaseSupplierService/findPageList). */
export const findSuppliers = (body: SupplierFilter & MasterPaging) =>
  call<Page<Supplier>>({
    url: '/masterdata/PurchaseSupplierService/findPageList',
    method: 'POST',
    data: body,
  });

/**
 * The pickers' options: enabled records matching `keyword` (first 50 by code), plus the records named in
 * `codes` whatever their status (saved values keep their names).
 */
export const findOrgOptions = (type: OrgUnitType, query: { keyword?: string; codes?: string[] }) =>
  call<OrgUnitOption[]>({
    url: `/masterdata/${ORG_UNITS[type].service}/findOptions`,
    method: 'POST',
    data: query,
  });
