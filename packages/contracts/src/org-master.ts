import { z } from 'zod';
import type { DataItem } from './data-permission.ts';
import type { Label } from './document/define.ts';

/**
 * Organisation master data of a buyer company (issue #19): purchase organisations, purchase groups (each of
 * an organisation), factories (each of an organisation) and cost centres (of a factory, or of the company
 * when no factory is named). Documents carry their codes (the order's purchaseOrganization/purchaseGroup,
 * the requisition's purchaseFactory/costCenter) and data permissions limit users by them. One table on the
 * server (`org_unit`, a `unitType` per record), one set of routes per type under
 * `/apis/masterdata/{service}/…`, one list page per type in the `/masterdata/` app.
 */
export const ORG_UNIT_TYPES = ['purchaseOrganization', 'purchaseGroup', 'factory', 'costCenter'] as const;
export type OrgUnitType = (typeof ORG_UNIT_TYPES)[number];

/** Enabled (offered in pickers) or disabled (kept where used, no longer offered). */
export const ORG_UNIT_STATUSES = ['enabled', 'disabled'] as const;
export type OrgUnitStatus = (typeof ORG_UNIT_STATUSES)[number];

export type OrgUnitMeta = {
  /** The API service: `/apis/masterdata/{service}/…`. */
  service: string;
  title: Label;
  /** The type a record belongs to, if any. */
  parent?: OrgUnitType;
  /** Whether the parent must be named (groups and factories: yes; cost centres: a factory or none). */
  parentRequired: boolean;
  /** The data permission item whose values are this type's codes. */
  dataItem: DataItem;
  /** The web page: `/masterdata/#/v2/{path}`. */
  path: string;
};

export const ORG_UNITS: Readonly<Record<OrgUnitType, OrgUnitMeta>> = {
  purchaseOrganization: {
    service: 'PurchaseOrganizationService',
    title: { zh_cn: '采购组织', en: 'Purchase organisations' },
    parentRequired: false,
    dataItem: 'purchaseOrg',
    path: 'purchase-organization',
  },
  purchaseGroup: {
    service: 'PurchaseGroupService',
    title: { zh_cn: '采购组', en: 'Purchase groups' },
    parent: 'purchaseOrganization',
    parentRequired: true,
    dataItem: 'purchaseGroup',
    path: 'purchase-group',
  },
  factory: {
    service: 'PurchaseFactoryService',
    title: { zh_cn: '工厂', en: 'Factories' },
    parent: 'purchaseOrganization',
    parentRequired: true,
    dataItem: 'factory',
    path: 'factory',
  },
  costCenter: {
    service: 'PurchaseCostCenterService',
    title: { zh_cn: '成本中心', en: 'Cost centres' },
    parent: 'factory',
    parentRequired: false,
    dataItem: 'costCenter',
    path: 'cost-center',
  },
};

/** The master type whose codes a data permission item holds (the four organisation items), else null. */
export function orgUnitTypeOfItem(item: DataItem): OrgUnitType | null {
  return ORG_UNIT_TYPES.find((type) => ORG_UNITS[type].dataItem === item) ?? null;
}

/** A code: 1–40 letters, digits, dots, underscores or dashes (fixed once created: documents carry it). */
export const orgCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_.-]+$/);

const nameSchema = z.string().trim().min(1).max(60);

/**
 * POST …/save: create (no id: code required, unique per company and type) or edit (id + version: name,
 * English name and parent; the code stays). `parentCode`: an organisation (groups, factories: required),
 * a factory or null (cost centres: null = the company's).
 */
export const orgUnitSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  version: z.number().int().min(0).max(2_000_000_000).optional(),
  code: orgCodeSchema.optional(),
  name: nameSchema,
  nameEn: nameSchema.nullable().optional(),
  parentCode: orgCodeSchema.nullable().optional(),
});
export type OrgUnitSave = z.infer<typeof orgUnitSaveSchema>;

/** POST …/findPageList: page, keyword (code or name contains), status, parent code. */
export const orgUnitFilterSchema = z.strictObject({
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(60).optional(),
  status: z.enum(ORG_UNIT_STATUSES).optional(),
  parentCode: orgCodeSchema.optional(),
});
export type OrgUnitFilter = z.input<typeof orgUnitFilterSchema>;

/** Most options one picker call answers. */
export const ORG_OPTIONS_LIMIT = 50;

/**
 * POST …/findOptions: the pickers' call. Enabled records matching `keyword` (code or name contains), first
 * ORG_OPTIONS_LIMIT by code, plus the records named in `codes` whatever their status (to label saved values).
 */
export const orgUnitOptionsSchema = z.strictObject({
  keyword: z.string().trim().max(60).optional(),
  codes: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
});
export type OrgUnitOptionsQuery = z.infer<typeof orgUnitOptionsSchema>;

/** A version in an enable / disable / delete body ('409' when stale). */
export const orgUnitVersionSchema = z.strictObject({
  version: z.number().int().min(0).max(2_000_000_000),
});

export const orgUnitSchema = z.object({
  id: z.string(),
  unitType: z.enum(ORG_UNIT_TYPES),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  parentCode: z.string().nullable(),
  parentName: z.string().nullable(),
  status: z.enum(ORG_UNIT_STATUSES),
  version: z.number(),
  createUser: z.string(),
  createDate: z.string(),
  lastUpdateUser: z.string(),
  lastUpdateDate: z.string(),
});
export type OrgUnit = z.infer<typeof orgUnitSchema>;

export const orgUnitOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  status: z.enum(ORG_UNIT_STATUSES),
});
export type OrgUnitOption = z.infer<typeof orgUnitOptionSchema>;

/** The name in the reader's language: the English name when there is one and the reader reads English. */
export function orgUnitName(row: { name: string; nameEn: string | null }, locale: string): string {
  return locale === 'en' && row.nameEn ? row.nameEn : row.name;
}
