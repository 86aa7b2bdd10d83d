import type {
  AdminRole,
  AdminSubaccount,
  RoleCreate,
  RoleEdit,
  SubaccountPage,
} from '@srm/contracts/company-admin';
import type { DataPermission, DataScope } from '@srm/contracts/data-permission';
import { encrypt } from '../../lib/api.ts';
import { call } from '../../lib/http.ts';

const ACCOUNT = '/ElsAccountService';
const ROLE = '/ElsRoleService';

export const SYS_KEYS = { accounts: ['system', 'accounts'] as const, roles: ['system', 'roles'] as const };

/** A menu entry of the role form's tree (GET /ElsRoleService/menuOptions). */
export type MenuOption = { id: string; title: string; children: MenuOption[] };

/** The sub-account form's values (password only when creating). */
export type AccountForm = {
  elsSubAccount?: string;
  password?: string;
  name: string;
  mobile?: string | null;
  email?: string | null;
  roleIds: string[];
  defaultOrg?: string | null;
};

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** POST /ElsAccountService/findPageList — one keyset page (cursor: the previous page's last sub-account). */
export function findAccounts(body: {
  pageSize: number;
  cursor: string | null;
  keyword?: string;
  status?: 'active' | 'disabled';
}): Promise<SubaccountPage> {
  return call({ url: `${ACCOUNT}/findPageList`, method: 'POST', data: body });
}

/** POST /ElsAccountService/add — the first password is encrypted like login's. */
export async function addAccount(form: AccountForm): Promise<AdminSubaccount> {
  return call({
    url: `${ACCOUNT}/add`,
    method: 'POST',
    data: {
      elsSubAccount: form.elsSubAccount,
      password: await encrypt(form.password ?? ''),
      name: form.name,
      mobile: blankToNull(form.mobile),
      email: blankToNull(form.email),
      roleIds: form.roleIds ?? [],
      defaultOrg: blankToNull(form.defaultOrg),
    },
  });
}

/** POST /ElsAccountService/edit — '409' when someone changed the account meanwhile. */
export function editAccount(id: string, version: number, form: AccountForm): Promise<AdminSubaccount> {
  return call({
    url: `${ACCOUNT}/edit`,
    method: 'POST',
    data: {
      id,
      version,
      name: form.name,
      mobile: blankToNull(form.mobile),
      email: blankToNull(form.email),
      roleIds: form.roleIds ?? [],
      defaultOrg: blankToNull(form.defaultOrg),
    },
  });
}

/** POST /ElsAccountService/disable|enable/{id}. */
export function setAccountStatus(id: string, enable: boolean): Promise<AdminSubaccount> {
  return call({ url: `${ACCOUNT}/${enable ? 'enable' : 'disable'}/${id}`, method: 'POST' });
}

/** POST /ElsAccountService/resetPassword/{id} — the user changes it at the next login. */
export async function resetPassword(id: string, password: string): Promise<null> {
  return call({
    url: `${ACCOUNT}/resetPassword/${id}`,
    method: 'POST',
    data: { password: await encrypt(password) },
  });
}

/** POST /ElsAccountService/unlockAccount/{id}. */
export function unlockAccount(id: string): Promise<null> {
  return call({ url: `${ACCOUNT}/unlockAccount/${id}`, method: 'POST' });
}

/** GET /ElsRoleService/findList. */
export function findRoles(): Promise<AdminRole[]> {
  return call({ url: `${ROLE}/findList`, method: 'GET' });
}

/** GET /ElsRoleService/menuOptions. */
export function findMenuOptions(): Promise<MenuOption[]> {
  return call({ url: `${ROLE}/menuOptions`, method: 'GET' });
}

/** POST /ElsRoleService/add. */
export function addRole(body: RoleCreate): Promise<AdminRole> {
  return call({ url: `${ROLE}/add`, method: 'POST', data: body });
}

/** POST /ElsRoleService/edit. */
export function editRole(body: RoleEdit): Promise<AdminRole> {
  return call({ url: `${ROLE}/edit`, method: 'POST', data: body });
}

/** GET /ElsAccountService/dataPermission/{id} — a sub-account's values per data item (absent = all). */
export function findDataPermission(id: string): Promise<DataPermission> {
  return call({ url: `${ACCOUNT}/dataPermission/${id}`, method: 'GET' });
}

/** POST /ElsAccountService/saveDataPermission/{id} — replaces them; the user's next call follows. */
export function saveDataPermission(id: string, items: DataScope): Promise<DataPermission> {
  return call({ url: `${ACCOUNT}/saveDataPermission/${id}`, method: 'POST', data: { items } });
}

/** How many master-data rows one search of the data-permission pickers shows (the first page). */
export const MASTER_SEARCH_LIMIT = 20;

/** A supplier of the buyer's master as the data-permission picker shows it (its value: the ELS account). */
export type SupplierOption = { toElsAccount: string; supplierCode: string; fullName: string };

/**
 * POST /masterdata/PurchaseSupplierService/findPageList — the first MASTER_SEARCH_LIMIT supplier records of
 * the caller's company matching `keyword` (code, ELS account, full or short name; blank = newest first).
 */
export function searchSupplierOptions(
  keyword: string,
): Promise<{ records: SupplierOption[]; total: number }> {
  return call({
    url: '/masterdata/PurchaseSupplierService/findPageList',
    method: 'POST',
    data: { currentPage: 1, pageSize: MASTER_SEARCH_LIMIT, ...(keyword ? { keyword } : {}) },
  });
}

/** The largest page the master-data lists give (their pageSize is one of 10/20/30/40/50/100). */
const LARGEST_PAGE = 100;

/**
 * The same list limited to `accounts` (their toElsAccounts filter; one call per 100 accounts, so at most
 * two for DATA_VALUES_MAX): the suppliers already saved in a data permission, to name them. An account the
 * master no longer has is simply not in the answer.
 */
export async function findSupplierOptionsOf(accounts: string[]): Promise<SupplierOption[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < accounts.length; i += LARGEST_PAGE) chunks.push(accounts.slice(i, i + LARGEST_PAGE));
  const pages = await Promise.all(
    chunks.map((toElsAccounts) =>
      call<{ records: SupplierOption[] }>({
        url: '/masterdata/PurchaseSupplierService/findPageList',
        method: 'POST',
        data: { currentPage: 1, pageSize: LARGEST_PAGE, toElsAccounts },
      }),
    ),
  );
  return pages.flatMap((p) => p.records);
}

/** A material category of the company's tree (at most 3 levels). */
export type CategoryNode = { cateCode: string; cateName: string; children: CategoryNode[] };

/** POST /masterdata/PurchaseMaterialCateService/tree — the company's whole category tree (no search there). */
export function findCategoryTree(): Promise<CategoryNode[]> {
  return call({ url: '/masterdata/PurchaseMaterialCateService/tree', method: 'POST', data: {} });
}
