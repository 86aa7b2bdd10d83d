import type { OrgUnitStatus, OrgUnitType } from '@srm/contracts/org-master';
import type { Certification } from '@srm/contracts/supplier-certification';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/document/columns.ts';

/** Who and when, and the version of optimistic locking (platform/document/columns.ts). */
const audit = recordColumns;

/** Material categories of a buyer, at most 3 levels (seed 001 §5). */
export const materialCategory = pgTable(
  'material_category',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    parentId: uuid('parent_id'),
    cateLevel: integer('cate_level').notNull(),
    cateCode: text('cate_code').notNull(),
    cateName: text('cate_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...audit(),
  },
  (t) => [
    uniqueIndex('material_category_code_uq').on(t.elsAccount, t.cateCode),
    uniqueIndex('material_category_sibling_name_uq').on(
      t.elsAccount,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.cateName,
    ),
    index('material_category_parent_idx').on(t.elsAccount, t.parentId),
  ],
);

/** Material master (seed 001 §3). Quantities in the material's base unit; tolerances in percent. */
export const material = pgTable(
  'material',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    materialNumber: text('material_number').notNull(),
    materialName: text('material_name').notNull(),
    materialDesc: text('material_desc').notNull().default(''),
    materialType: text('material_type').notNull().default('ROH'),
    brand: text('brand'),
    cateId: uuid('cate_id').notNull(),
    cateCode1: text('cate_code1'),
    cateName1: text('cate_name1'),
    cateCode2: text('cate_code2'),
    cateName2: text('cate_name2'),
    cateCode3: text('cate_code3'),
    cateName3: text('cate_name3'),
    baseUnit: text('base_unit').notNull(),
    orderUnit: text('order_unit'),
    purchaseUnit: text('purchase_unit'),
    conversionNumerator: numeric('conversion_numerator', { precision: 18, scale: 6 }).notNull().default('1'),
    conversionDenominator: numeric('conversion_denominator', { precision: 18, scale: 6 })
      .notNull()
      .default('1'),
    grossWeight: numeric('gross_weight', { precision: 18, scale: 6 }),
    netWeight: numeric('net_weight', { precision: 18, scale: 6 }),
    weightUnit: text('weight_unit'),
    overTolerance: numeric('over_tolerance', { precision: 5, scale: 2 }).notNull().default('0'),
    lackTolerance: numeric('lack_tolerance', { precision: 5, scale: 2 }).notNull().default('0'),
    minOrderQuantity: numeric('min_order_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    minPackingQuantity: numeric('min_packing_quantity', { precision: 18, scale: 3 }).notNull().default('0'),
    minShelfLife: integer('min_shelf_life'),
    totalShelfLife: integer('total_shelf_life'),
    isCheckQuality: text('is_check_quality', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    isFreeze: text('is_freeze', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    auditStatus: text('audit_status').notNull().default('2'),
    extendFields: jsonb('extend_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [
    uniqueIndex('material_number_uq').on(t.elsAccount, t.materialNumber),
    index('material_cate_idx').on(t.elsAccount, t.cateId),
    index('material_list_idx').on(t.elsAccount, t.createDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // (GIN trigram indexes on material_number and material_name for the keyword search: migration 0064, by hand —
    // they need the pg_trgm extension, which the migration creates when it may.)
  ],
);

/** A buyer's supplier master record (seed 001 §3 "Supplier"), one per supplier company. */
export const supplierMaster = pgTable(
  'supplier_master',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    supplierCode: text('supplier_code').notNull(),
    fullName: text('full_name').notNull(),
    shortName: text('short_name'),
    socialCreditCode: text('social_credit_code'),
    supplierType: text('supplier_type'),
    /** The stage (contracts supplier-lifecycle SUPPLIER_STAGES); changes only through conversions/admission. */
    supplierStatus: text('supplier_status').notNull().default('qualified'),
    currency: text('currency').notNull().default('CNY'),
    paymentClause: text('payment_clause'),
    contacts: jsonb('contacts')
      .$type<Array<{ name: string; telphone?: string; wxNo?: string }>>()
      .notNull()
      .default([]),
    banks: jsonb('banks')
      .$type<Array<{ bankCode?: string; bankBranchName?: string; bankAccount: string }>>()
      .notNull()
      .default([]),
    addresses: jsonb('addresses').$type<Array<{ country?: string; address: string }>>().notNull().default([]),
    frozen: boolean('frozen').notNull().default(false),
    accessStatus: text('access_status'),
    certifications: jsonb('certifications').$type<Certification[]>().notNull().default([]),
    extendFields: jsonb('extend_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [
    uniqueIndex('supplier_master_pair_uq').on(t.elsAccount, t.toElsAccount),
    uniqueIndex('supplier_master_code_uq').on(t.elsAccount, t.supplierCode),
    // (GIN trigram indexes on supplier_code, to_els_account, full_name, short_name: migration 0064, by hand.)
  ],
);

/**
 * Price master (seed 001 §3): price per material and supplier, money in `currency`, exchange rate
 * numeric(10,6) to the local currency, valid from validStartDate to priceExpiryDate; quota in percent.
 */
export const priceMaster = pgTable(
  'price_master',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    materialId: uuid('material_id').notNull(),
    materialNumber: text('material_number').notNull(),
    priceExcludingTax: numeric('price_excluding_tax', { precision: 18, scale: 6 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    priceIncludingTax: numeric('price_including_tax', { precision: 18, scale: 6 }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 6 }).notNull().default('1'),
    priceBase: numeric('price_base', { precision: 18, scale: 3 }).notNull().default('1'),
    validStartDate: timestamp('valid_start_date', { withTimezone: true }).notNull(),
    priceExpiryDate: timestamp('price_expiry_date', { withTimezone: true }).notNull(),
    quota: numeric('quota', { precision: 5, scale: 2 }).notNull().default('100'),
    /** PRICE_SOURCE_TYPE: the award that wrote the record ('enquiry' an RFQ, 'ebidding' an e-auction); null entered or imported. */
    sourceType: text('source_type').$type<'enquiry' | 'ebidding'>(),
    /** The source document's number (RFQ… / the auction's number) and its line number (10, 20 …). */
    sourceNumber: text('source_number'),
    sourceItemNumber: text('source_item_number'),
    /** A ladder quote's steps (from `quantity` up, `price` excl. tax per unit in `currency`); null: one price. */
    ladderJson: jsonb('ladder_json').$type<Array<{ quantity: string; price: string }>>(),
    ...audit(),
  },
  (t) => [index('price_master_lookup_idx').on(t.elsAccount, t.toElsAccount, t.materialId, t.validStartDate)],
);

/**
 * Organisation master data of a buyer (issue #19, contracts org-master.ts): purchase organisations, purchase
 * groups, factories and cost centres, one row per record with its `unitType`. `code` is unique per company
 * and type and fixed once created (documents and data permissions carry it); `parentCode` names the
 * organisation of a group or factory, the factory of a cost centre (null: the company's). Disabled records
 * stay where used and are no longer offered in pickers.
 */
export const orgUnit = pgTable(
  'org_unit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    unitType: text('unit_type').$type<OrgUnitType>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    parentCode: text('parent_code'),
    status: text('status').$type<OrgUnitStatus>().notNull().default('enabled'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('org_unit_code_uq').on(t.elsAccount, t.unitType, t.code),
    index('org_unit_parent_idx').on(t.elsAccount, t.unitType, t.parentCode),
  ],
);
