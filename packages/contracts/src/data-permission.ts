import { z } from 'zod';

/**
 * Data permissions (spec 001 §2 "Data permission item management", §6; issue #19): the items a company
 * admin can limit a sub-account by. Each sub-account holds values per item; an item without values means
 * "all". The document kernel filters the buyer side's lists, details, exports and actions of every kind by
 * the header columns the kind maps to these items (apps/server/src/platform/document/data-permission.ts).
 */
export const DATA_ITEMS = [
  'purchaseOrg',
  'purchaseGroup',
  'factory',
  'materialCategory',
  'supplier',
  'costCenter',
] as const;
export type DataItem = (typeof DATA_ITEMS)[number];

/** Labels of the items in both languages (the accounts screen's editor). */
export const DATA_ITEM_LABELS: Record<DataItem, { zh_cn: string; en: string }> = {
  purchaseOrg: { zh_cn: '采购组织', en: 'Purchase organisation' },
  purchaseGroup: { zh_cn: '采购组', en: 'Purchase group' },
  factory: { zh_cn: '工厂', en: 'Factory' },
  materialCategory: { zh_cn: '物料分类', en: 'Material category' },
  supplier: { zh_cn: '供应商', en: 'Supplier' },
  costCenter: { zh_cn: '成本中心', en: 'Cost centre' },
};

/** Most values one item may hold for one sub-account. */
export const DATA_VALUES_MAX = 200;

/**
 * A sub-account's values per item: an absent item (or an empty list) is unrestricted. Values are codes
 * (organisation, group, factory, category, cost centre) or supplier ELS accounts, 1–64 characters.
 */
export type DataScope = Partial<Record<DataItem, string[]>>;

const valuesSchema = z.array(z.string().trim().min(1).max(64)).max(DATA_VALUES_MAX);

/**
 * POST /apis/ElsAccountService/saveDataPermission/{id}: the sub-account's values per item, replacing all
 * of them (an item left out or given [] becomes "all"). Unknown items are refused ('400' naming them).
 */
export const dataPermissionSaveSchema = z.strictObject({
  items: z.strictObject(
    Object.fromEntries(DATA_ITEMS.map((item) => [item, valuesSchema.optional()])) as Record<
      DataItem,
      z.ZodOptional<typeof valuesSchema>
    >,
  ),
});
export type DataPermissionSave = z.infer<typeof dataPermissionSaveSchema>;

/** The answer of the read and save calls: the sub-account's id and its values per item (absent = all). */
export const dataPermissionSchema = z.object({
  subaccountId: z.string(),
  items: z.record(z.string(), z.array(z.string())),
});
export type DataPermission = z.infer<typeof dataPermissionSchema>;
