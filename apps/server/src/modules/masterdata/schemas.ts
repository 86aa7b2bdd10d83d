import { elsAccountSchema } from '@srm/contracts/auth';
import { PAGE_SIZES } from '@srm/contracts/constants';
import { oneOfNumbers } from '@srm/contracts/message';
import {
  SUPPLIER_STAGE_VALUES,
  SUPPLIER_STAGES,
  type SupplierStage,
} from '@srm/contracts/supplier-lifecycle';
import { z } from 'zod';
import { decimalPattern } from './decimal.ts';

/**
 * Request shapes of the master-data calls (issue #5, seed 001 §3 and §5). Zod checks types and
 * formats here; the rules that carry a wording of seed 001 §5 (category depth, price dates, exchange
 * rate 10.6, quota 0–100, name length 3–40 …) are checked in service.ts so they answer with that wording.
 * Money and quantities are exact decimal strings, never JSON numbers.
 */

/** Unsigned decimal string with at most `integerDigits` integer digits and `scale` decimals. */
export const decimal = (integerDigits: number, scale: number) =>
  z.string().trim().max(40).regex(decimalPattern(integerDigits, scale));

/** A value the service checks with its own §5 message (percentages, exchange rate): a short string. */
const ruled = z.string().trim().min(1).max(40);

const optionalText = (max: number) => z.string().trim().max(max).optional();

const pageSize = z
  .number()
  .int()
  .refine(...oneOfNumbers(PAGE_SIZES));

/** List paging: currentPage ≥ 1, pageSize 10/20/30/40/50/100. */
export const paging = {
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: pageSize.default(10),
};

/**
 * Supplier statuses (seed 001 §4 "Supplier"): the lifecycle's stages (contracts supplier-lifecycle, issue
 * #16); frozen is the separate `frozen` flag.
 */
export const SUPPLIER_STATUSES = SUPPLIER_STAGES;
export type SupplierStatus = SupplierStage;
export const SUPPLIER_STATUS_VALUES = SUPPLIER_STAGE_VALUES;

// ---------------------------------------------------------------- categories

export const categorySaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  /** Absent or null: a level-1 category. On an edit: absent or the current parent (no moving). */
  parentId: z.uuid().nullable().optional(),
  cateCode: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(/^[A-Za-z0-9_-]+$/),
  cateName: z.string().trim().min(1).max(50),
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
});
export type CategorySave = z.infer<typeof categorySaveSchema>;

// ---------------------------------------------------------------- materials

const yesNo = z.enum(['Y', 'N']);
const extendFields = z
  .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .optional();

/** Material fields (seed 001 §3 material master) shared by save and import. */
export const materialFields = {
  materialNumber: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9._-]+$/),
  materialName: z.string().trim().min(1).max(100),
  materialDesc: z.string().trim().max(500).default(''),
  materialType: z.string().trim().min(1).max(20).default('ROH'),
  brand: optionalText(50),
  baseUnit: z.string().trim().min(1).max(10),
  orderUnit: optionalText(10),
  purchaseUnit: optionalText(10),
  /** Order unit → base unit: quantity × numerator / denominator; both > 0. */
  conversionNumerator: decimal(12, 6).default('1'),
  conversionDenominator: decimal(12, 6).default('1'),
  grossWeight: decimal(12, 6).optional(),
  netWeight: decimal(12, 6).optional(),
  weightUnit: optionalText(10),
  /** Percent, 0–100, at most 2 decimals (checked by the service). */
  overTolerance: ruled.default('0'),
  lackTolerance: ruled.default('0'),
  /** In the base unit, ≥ 0, 3 decimals. */
  minOrderQuantity: decimal(12, 3).default('0'),
  minPackingQuantity: decimal(12, 3).default('0'),
  /** Days, whole numbers ≥ 0. */
  minShelfLife: z.number().int().min(0).max(100_000).nullable().optional(),
  totalShelfLife: z.number().int().min(0).max(100_000).nullable().optional(),
  isCheckQuality: yesNo.default('N'),
  isFreeze: yesNo.default('N'),
};

export const materialSaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  /** A level-3 category for a new material (seed 001 §5). */
  cateId: z.uuid(),
  ...materialFields,
  extendFields,
});
export type MaterialSave = z.infer<typeof materialSaveSchema>;

export const materialFilterSchema = z.object({
  /** Material number (prefix) or name (contains). */
  keyword: z.string().trim().max(100).optional(),
  /** A category of any level: its materials and those of its sub-categories. */
  cateId: z.uuid().optional(),
  isFreeze: yesNo.optional(),
  /**
   * Only these materials (ids, at most 100 = the largest page): an edit page names the materials already
   * chosen on its lines, whether or not they are on the first page of a search (issue #13 pickers).
   */
  ids: z.array(z.uuid()).min(1).max(100).optional(),
});
export type MaterialFilter = z.infer<typeof materialFilterSchema>;
export const materialPageSchema = materialFilterSchema.extend(paging);

// ---------------------------------------------------------------- suppliers

/** Mainland mobile (11 digits from 1) or fixed line (area code 0xx(x), optional dash, extension). */
export const TELPHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;

export const contactSchema = z.object({
  name: z.string().trim().min(1).max(40),
  telphone: z.string().trim().max(30).regex(TELPHONE).optional(),
  wxNo: optionalText(40),
});
export const bankSchema = z.object({
  bankCode: optionalText(20),
  bankBranchName: optionalText(100),
  /** Digits only, 8–30. */
  bankAccount: z
    .string()
    .trim()
    .max(30)
    .regex(/^\d{8,30}$/),
});
export const addressSchema = z.object({
  country: optionalText(40),
  address: z.string().trim().min(1).max(200),
});

export const supplierFields = {
  /** The supplier company; must be linked to the buyer (account_relation). */
  toElsAccount: elsAccountSchema,
  supplierCode: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(/^[A-Za-z0-9._-]+$/),
  /** 3–40 characters (seed 001 §5, checked by the service). */
  fullName: z.string().trim().min(1).max(200),
  shortName: optionalText(40),
  /** 18 characters, digits and capitals (unified social credit code). */
  socialCreditCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{18}$/)
    .optional(),
  supplierType: optionalText(20),
  /**
   * A new record starts as a stranger (absent = stranger; issue #16: stranger → potential only through the
   * unfamiliarToPotential request or the admission approval); an edit keeps the stage (absent = unchanged).
   */
  supplierStatus: z.enum(SUPPLIER_STATUS_VALUES).optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  paymentClause: optionalText(200),
};

export const supplierSaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  ...supplierFields,
  contacts: z.array(contactSchema).max(20).default([]),
  banks: z.array(bankSchema).max(20).default([]),
  addresses: z.array(addressSchema).max(20).default([]),
  extendFields,
});
export type SupplierSave = z.infer<typeof supplierSaveSchema>;

export const supplierFilterSchema = z.object({
  /** Supplier code, account, full or short name (contains). */
  keyword: z.string().trim().max(100).optional(),
  supplierStatus: z.enum(SUPPLIER_STATUS_VALUES).optional(),
  /**
   * Only the records of these supplier ELS accounts (at most 200, like one data-permission item): the
   * data-permission dialog names the suppliers already saved for a sub-account (issue #19).
   */
  toElsAccounts: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
});
export type SupplierFilter = z.infer<typeof supplierFilterSchema>;
export const supplierPageSchema = supplierFilterSchema.extend(paging);

// ---------------------------------------------------------------- prices

export const priceFields = {
  toElsAccount: elsAccountSchema,
  /** Money in `currency`, > 0, at most 6 decimals. */
  priceExcludingTax: decimal(12, 6),
  /** Percent 0–100, at most 2 decimals (checked by the service). */
  taxRate: ruled,
  /** When given it must equal excluding × (1 + taxRate/100) rounded to 6 decimals. */
  priceIncludingTax: decimal(12, 6).optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  /** Format 10.6: ≤ 4 integer digits, ≤ 6 decimals, > 0 (checked by the service). */
  exchangeRate: ruled.default('1'),
  /** The quantity the price is for, > 0. */
  priceBase: decimal(12, 3).default('1'),
  validStartDate: z.iso.datetime({ offset: true }),
  priceExpiryDate: z.iso.datetime({ offset: true }),
  /** Percent 0–100 (checked by the service). */
  quota: ruled.default('100'),
};

export const priceSaveSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  materialId: z.uuid(),
  ...priceFields,
});
export type PriceSave = z.infer<typeof priceSaveSchema>;

export const priceFilterSchema = z.object({
  materialId: z.uuid().optional(),
  /** Material number (prefix) or name (contains). */
  keyword: z.string().trim().max(100).optional(),
  toElsAccount: elsAccountSchema.optional(),
  /** Only prices valid at this instant (ISO-8601). */
  validAt: z.iso.datetime({ offset: true }).optional(),
});
export type PriceFilter = z.infer<typeof priceFilterSchema>;
export const pricePageSchema = priceFilterSchema.extend(paging);

export const effectivePriceSchema = z.object({
  toElsAccount: elsAccountSchema,
  materialId: z.uuid(),
  /** ISO-8601; default now. */
  at: z.iso.datetime({ offset: true }).optional(),
});
