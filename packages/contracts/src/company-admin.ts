import { z } from 'zod';
import { elsSubAccountSchema } from './auth.ts';
import { KIND_ACTION_GROUPS, type KindActionCode } from './document/actions.ts';

/**
 * Function permissions ("operation authority", spec 001 §6, issue #19): the actions a role may use. A route
 * declares the one it needs (`config: { action }`); a user holding the admin permission value has every
 * action, anyone else the union of their roles' actions. Codes are `{object}.{verb}`: the company
 * administration's own, then every document kind's (`{kind}.read`, `{kind}.confirm` …, document/actions.ts).
 */
export const ADMIN_ACTIONS = [
  'account.list',
  'account.edit',
  'account.disable',
  'account.resetPassword',
  'account.unlock',
  'role.list',
  'role.edit',
] as const;
export type AdminActionCode = (typeof ADMIN_ACTIONS)[number];

/**
 * The organisation master data's actions (purchase organisations, groups, factories, cost centres; issue
 * #19, contracts org-master.ts): `orgMaster.read` lists them, `orgMaster.edit` creates, edits, enables,
 * disables and deletes. The pickers' option lookup needs none (any buyer user of the company).
 */
export const ORG_MASTER_ACTIONS = ['orgMaster.read', 'orgMaster.edit'] as const;
export type OrgMasterActionCode = (typeof ORG_MASTER_ACTIONS)[number];

/**
 * The cost-structure templates' actions (the RFQ's library of cost items, issue #13/#19; API
 * `/apis/inquiry/PurchaseCostTemplateService/…`): `costTemplate.read` lists them (the library page and the
 * RFQ form's template picker), `costTemplate.edit` creates, edits and deletes. Roles that could save RFQs
 * received both on the upgrade (server company-admin/kind-actions.ts COMPANION_ACTIONS).
 */
export const COST_TEMPLATE_ACTIONS = ['costTemplate.read', 'costTemplate.edit'] as const;
export type CostTemplateActionCode = (typeof COST_TEMPLATE_ACTIONS)[number];

/**
 * The material and supplier master data's maintenance actions (issue #19 "operation authority"; the same
 * codes API keys' scopes grant, issue #18, contracts api-key.ts): saving, deleting, importing and exporting
 * material categories, materials, suppliers and price records. Reading them needs no action: every
 * purchase-station user picks materials, suppliers and prices in their documents. Roles whose menu showed
 * a master-data page received that page's codes on the upgrade (server company-admin/kind-actions.ts
 * PAGE_ACTIONS), so nobody lost access.
 */
export const MASTER_DATA_ACTIONS = [
  'materialCate.save',
  'materialCate.delete',
  'material.save',
  'material.delete',
  'material.import',
  'material.export',
  'supplier.save',
  'supplier.import',
  'supplier.export',
  'price.save',
  'price.delete',
  'price.import',
  'price.export',
] as const;
export type MasterDataActionCode = (typeof MASTER_DATA_ACTIONS)[number];

/** Actions the role list names one by one (the document kinds' are counted): administration, master data. */
export const NAMED_ACTIONS: readonly string[] = [
  ...ADMIN_ACTIONS,
  ...ORG_MASTER_ACTIONS,
  ...COST_TEMPLATE_ACTIONS,
  ...MASTER_DATA_ACTIONS,
];

/** An action code: an administration action, or a document kind's `{kind}.{operation or action}`. */
export type ActionCode =
  | AdminActionCode
  | OrgMasterActionCode
  | CostTemplateActionCode
  | MasterDataActionCode
  | KindActionCode;

/** Every action of the catalogue: administration first, then each document kind's in kernel order. */
export const ACTIONS: readonly [ActionCode, ...ActionCode[]] = [
  ...ADMIN_ACTIONS,
  ...ORG_MASTER_ACTIONS,
  ...COST_TEMPLATE_ACTIONS,
  ...MASTER_DATA_ACTIONS,
  ...KIND_ACTION_GROUPS.flatMap((group) => group.actions.map((a) => a.code)),
];

const ADMIN_ACTION_LABELS: Record<AdminActionCode, { zh_cn: string; en: string }> = {
  'account.list': { zh_cn: '查看账号', en: 'View accounts' },
  'account.edit': { zh_cn: '新建/编辑账号', en: 'Create and edit accounts' },
  'account.disable': { zh_cn: '停用/启用账号', en: 'Disable and enable accounts' },
  'account.resetPassword': { zh_cn: '重置密码', en: 'Reset passwords' },
  'account.unlock': { zh_cn: '解锁账号', en: 'Unlock accounts' },
  'role.list': { zh_cn: '查看角色', en: 'View roles' },
  'role.edit': { zh_cn: '新建/编辑角色', en: 'Create and edit roles' },
};

/** The master-data groups of the role screen: the object's title, then its actions' labels. */
const MASTER_DATA_GROUPS: ReadonlyArray<{
  key: string;
  title: { zh_cn: string; en: string };
  actions: Array<{ code: MasterDataActionCode; label: { zh_cn: string; en: string } }>;
}> = (() => {
  const verbs: Record<string, { zh_cn: string; en: string }> = {
    save: { zh_cn: '新建/编辑', en: 'Create and edit' },
    delete: { zh_cn: '删除', en: 'Delete' },
    import: { zh_cn: '导入', en: 'Import' },
    export: { zh_cn: '导出', en: 'Export' },
  };
  const titles: Record<string, { zh_cn: string; en: string }> = {
    materialCate: { zh_cn: '物料分类', en: 'Material categories' },
    material: { zh_cn: '物料主数据', en: 'Materials' },
    supplier: { zh_cn: '供应商主数据', en: 'Suppliers' },
    price: { zh_cn: '价格主数据', en: 'Prices' },
  };
  return Object.entries(titles).map(([key, title]) => ({
    key,
    title,
    actions: MASTER_DATA_ACTIONS.filter((code) => code.startsWith(`${key}.`)).map((code) => ({
      code,
      label: verbs[code.slice(code.indexOf('.') + 1)],
    })),
  }));
})();

/** The role screen's groups of actions: company administration, then one per document kind. */
export const ACTION_GROUPS: ReadonlyArray<{
  key: string;
  title: { zh_cn: string; en: string };
  actions: Array<{ code: ActionCode; label: { zh_cn: string; en: string } }>;
}> = [
  {
    key: 'admin',
    title: { zh_cn: '公司管理', en: 'Company administration' },
    actions: ADMIN_ACTIONS.map((code) => ({ code, label: ADMIN_ACTION_LABELS[code] })),
  },
  {
    key: 'orgMaster',
    title: { zh_cn: '组织主数据', en: 'Organisation master data' },
    actions: [
      { code: 'orgMaster.read', label: { zh_cn: '查看', en: 'View' } },
      { code: 'orgMaster.edit', label: { zh_cn: '维护', en: 'Maintain' } },
    ],
  },
  {
    key: 'costTemplate',
    title: { zh_cn: '成本模板', en: 'Cost templates' },
    actions: [
      { code: 'costTemplate.read', label: { zh_cn: '查看', en: 'View' } },
      { code: 'costTemplate.edit', label: { zh_cn: '维护', en: 'Maintain' } },
    ],
  },
  ...MASTER_DATA_GROUPS,
  ...KIND_ACTION_GROUPS.map((group) => ({
    key: group.kind,
    title: group.title,
    actions: group.actions.map((a) => ({ code: a.code, label: a.label })),
  })),
];

/**
 * Labels of the actions in both languages (role form checkboxes, role list tags): an administration action
 * its own ("查看账号"), every other action "{group title}: {operation}" of its ACTION_GROUPS group
 * (采购订单：查看 / Purchase order: View, 成本模板：维护 / Cost templates: Maintain).
 */
export const ACTION_LABELS: Readonly<Record<string, { zh_cn: string; en: string }>> = {
  ...Object.fromEntries(
    ACTION_GROUPS.filter((group) => group.key !== 'admin').flatMap((group) =>
      group.actions.map((a) => [
        a.code,
        { zh_cn: `${group.title.zh_cn}：${a.label.zh_cn}`, en: `${group.title.en}: ${a.label.en}` },
      ]),
    ),
  ),
  ...ADMIN_ACTION_LABELS,
};

/** The permission value that shows admin-only buttons and grants every action (spec 000 §6). */
export const ADMIN_PERMISSION = 'admin';

/** Whether a user with this permission value and these granted actions may use `action`. */
export function mayUse(permission: string, granted: readonly string[], action: ActionCode): boolean {
  return permission === ADMIN_PERMISSION || granted.includes(action);
}

/** Mobile number: 11 digits starting with 1, or an international +… number of 6–20 digits. */
const mobileSchema = z
  .string()
  .trim()
  .regex(/^(1\d{10}|\+\d{6,20})$/);

/** Fields an admin edits on a sub-account (issue #19 "Accounts"); one of email or mobile is required. */
const subaccountFields = {
  name: z.string().trim().min(3).max(40),
  mobile: mobileSchema.nullable().optional(),
  email: z.email().max(128).nullable().optional(),
  roleIds: z.array(z.uuid()).max(50),
  /** Default organisation code (purchase or sales organisation) the user's forms open with. */
  defaultOrg: z.string().trim().max(40).nullable().optional(),
};

/**
 * POST /apis/ElsAccountService/add: a new sub-account of the caller's company (station follows the company).
 * `password`: the first password, AES-encrypted like login; the user must change it at first login.
 */
export const subaccountCreateSchema = z.object({
  elsSubAccount: elsSubAccountSchema,
  password: z.string().min(1).max(512),
  ...subaccountFields,
});
export type SubaccountCreate = z.infer<typeof subaccountCreateSchema>;

/** POST /apis/ElsAccountService/edit: the same fields plus id and version (optimistic lock). */
export const subaccountEditSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(0).max(2_147_483_647),
  ...subaccountFields,
});
export type SubaccountEdit = z.infer<typeof subaccountEditSchema>;

/** POST /apis/ElsAccountService/findPageList: keyset pages by elsSubAccount. */
export const subaccountListQuerySchema = z.object({
  pageSize: z.number().int().min(1).max(100).default(20),
  /** The last elsSubAccount of the previous page. */
  cursor: elsSubAccountSchema.nullable().optional(),
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

/** One sub-account as the admin screens see it (no password hash). */
export const adminSubaccountSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  elsSubAccount: z.string(),
  name: z.string(),
  station: z.enum(['purchase', 'sale']),
  permission: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  defaultOrg: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  fbk10: z.enum(['Y', 'N']),
  locked: z.boolean(),
  roleIds: z.array(z.string()),
  roleCodes: z.array(z.string()),
  lastLoginDate: z.string().nullable(),
  version: z.number(),
});
export type AdminSubaccount = z.infer<typeof adminSubaccountSchema>;

export const subaccountPageSchema = z.object({
  records: z.array(adminSubaccountSchema),
  total: z.number(),
  pageSize: z.number(),
  nextCursor: z.string().nullable(),
});
export type SubaccountPage = z.infer<typeof subaccountPageSchema>;

/** Role codes: letters, digits, _ and -, starting with a letter. */
export const roleCodeSchema = z
  .string()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/);

const roleFields = {
  roleName: z.string().trim().min(1).max(40),
  roleNameEn: z.string().trim().min(1).max(60),
  /** Menu entries the role may open; null = every entry of the station its menu roles allow. */
  menuIds: z.array(z.uuid()).max(500).nullable(),
  actions: z.array(z.enum(ACTIONS)).max(ACTIONS.length),
};

/** POST /apis/ElsRoleService/add. */
export const roleCreateSchema = z.object({ roleCode: roleCodeSchema, ...roleFields });
export type RoleCreate = z.infer<typeof roleCreateSchema>;

/** POST /apis/ElsRoleService/edit (roleCode cannot change: menus name roles by code). */
export const roleEditSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(0).max(2_147_483_647),
  ...roleFields,
});
export type RoleEdit = z.infer<typeof roleEditSchema>;

export const adminRoleSchema = z.object({
  id: z.string(),
  roleCode: z.string(),
  roleName: z.string(),
  roleNameEn: z.string(),
  menuIds: z.array(z.string()).nullable(),
  actions: z.array(z.string()),
  members: z.number(),
  version: z.number(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** GET /apis/user/getPermissions: what the shell and module apps need to show buttons. */
export const permissionsSchema = z.object({
  permission: z.string(),
  roles: z.array(z.string()),
  actions: z.array(z.string()),
});
export type Permissions = z.infer<typeof permissionsSchema>;
