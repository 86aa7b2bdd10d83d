import {
  adminRoleSchema,
  adminSubaccountSchema,
  permissionsSchema,
  roleCreateSchema,
  roleEditSchema,
  subaccountCreateSchema,
  subaccountEditSchema,
  subaccountListQuerySchema,
  subaccountPageSchema,
} from '@srm/contracts/company-admin';
import { dataPermissionSaveSchema, dataPermissionSchema } from '@srm/contracts/data-permission';
import { envelopeSchema } from '@srm/contracts/envelope';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { findMenuRows } from '../menu/repository.ts';
import {
  createRole,
  createSubaccount,
  editRole,
  editSubaccount,
  getDataPermission,
  getSubaccount,
  listRoles,
  listSubaccounts,
  permissionsOf,
  resetSubaccountPassword,
  saveDataPermission,
  setSubaccountStatus,
} from './service.ts';

const tags = ['company-admin'];
const idParams = z.object({ id: z.uuid() });

type MenuOption = {
  id: string;
  title: string;
  titleI18n: { zh_cn: string; en: string };
  children: MenuOption[];
};
const menuOptionSchema: z.ZodType<MenuOption> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    titleI18n: z.object({ zh_cn: z.string(), en: z.string() }),
    children: z.array(menuOptionSchema),
  }),
);

/**
 * Company administration (issue #19): sub-accounts and roles of the caller's company. Every route declares
 * the function permission it needs with `config: { action }` (app.ts checks it before the handler:
 * '403' when the caller neither holds the admin permission nor a role granting the action). Every query is
 * scoped to the caller's elsAccount: another company's ids answer '404'.
 */
export function registerCompanyAdminRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/user/getPermissions — the caller's permission value, role codes and granted actions (the
   * shell's "permission refresh" re-reads it with the menu). No action needed.
   */
  r.get(
    '/apis/user/getPermissions',
    {
      schema: {
        tags,
        summary: "The caller's function permissions",
        response: { 200: envelopeSchema(permissionsSchema) },
      },
    },
    async (request) => ok(await permissionsOf(deps.db, requireAuth(request.auth))),
  );

  /**
   * POST /apis/ElsAccountService/findPageList — body { pageSize (1–100, default 20), cursor (last
   * elsSubAccount of the previous page), keyword (sub-account, name, mobile or email), status }.
   * data { records: AdminSubaccount[], total, pageSize, nextCursor }. Action account.list.
   */
  r.post(
    '/apis/ElsAccountService/findPageList',
    {
      config: { action: 'account.list' },
      schema: {
        tags,
        summary: "The company's sub-accounts (keyset pages)",
        body: subaccountListQuerySchema,
        response: { 200: envelopeSchema(subaccountPageSchema) },
      },
    },
    async (request) => ok(await listSubaccounts(deps.db, requireAuth(request.auth), request.body)),
  );

  /** GET /apis/ElsAccountService/findAdminDetail/{id} — one sub-account for the admin form. '404' outside the company. */
  r.get(
    '/apis/ElsAccountService/findAdminDetail/:id',
    {
      config: { action: 'account.list' },
      schema: {
        tags,
        summary: 'A sub-account for the admin form',
        params: idParams,
        response: { 200: envelopeSchema(adminSubaccountSchema) },
      },
    },
    async (request) => ok(await getSubaccount(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/ElsAccountService/add — body SubaccountCreate (elsSubAccount, password AES-encrypted, name
   * 3–40, mobile, email — one of them required, roleIds, defaultOrg). The user changes the password at first
   * login. '400' duplicate sub-account / rule broken. Action account.edit.
   */
  r.post(
    '/apis/ElsAccountService/add',
    {
      config: { action: 'account.edit' },
      schema: {
        tags,
        summary: 'Create a sub-account',
        body: subaccountCreateSchema,
        response: { 200: envelopeSchema(adminSubaccountSchema) },
      },
    },
    async (request) => ok(await createSubaccount(deps, requireAuth(request.auth), request.body)),
  );

  /** POST /apis/ElsAccountService/edit — body SubaccountEdit; '409' stale version. Action account.edit. */
  r.post(
    '/apis/ElsAccountService/edit',
    {
      config: { action: 'account.edit' },
      schema: {
        tags,
        summary: 'Edit a sub-account',
        body: subaccountEditSchema,
        response: { 200: envelopeSchema(adminSubaccountSchema) },
      },
    },
    async (request) => ok(await editSubaccount(deps, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/ElsAccountService/disable/{id} — disables a sub-account; its sessions end at once (its
   * next call answers '401'). '400' for the caller's own id. Action account.disable.
   */
  r.post(
    '/apis/ElsAccountService/disable/:id',
    {
      config: { action: 'account.disable' },
      schema: {
        tags,
        summary: 'Disable a sub-account',
        params: idParams,
        response: { 200: envelopeSchema(adminSubaccountSchema) },
      },
    },
    async (request) =>
      ok(await setSubaccountStatus(deps, requireAuth(request.auth), request.params.id, 'disabled')),
  );

  /** POST /apis/ElsAccountService/enable/{id} — re-enables a disabled sub-account. Action account.disable. */
  r.post(
    '/apis/ElsAccountService/enable/:id',
    {
      config: { action: 'account.disable' },
      schema: {
        tags,
        summary: 'Re-enable a sub-account',
        params: idParams,
        response: { 200: envelopeSchema(adminSubaccountSchema) },
      },
    },
    async (request) =>
      ok(await setSubaccountStatus(deps, requireAuth(request.auth), request.params.id, 'active')),
  );

  /**
   * POST /apis/ElsAccountService/resetPassword/{id} — body { password } (AES-encrypted, shell rule). The
   * user must change it at the next login (fbk10 = 'Y'); their sessions end. Action account.resetPassword.
   */
  r.post(
    '/apis/ElsAccountService/resetPassword/:id',
    {
      config: { action: 'account.resetPassword' },
      schema: {
        tags,
        summary: "Reset a sub-account's password",
        params: idParams,
        body: z.object({ password: z.string().min(1).max(512) }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await resetSubaccountPassword(
        deps,
        requireAuth(request.auth),
        request.params.id,
        request.body.password,
      );
      return ok(null);
    },
  );

  /**
   * GET /apis/ElsAccountService/dataPermission/{id} — a sub-account's data permissions (issue #19):
   * data { subaccountId, items: { purchaseOrg?, purchaseGroup?, factory?, materialCategory?, supplier?,
   * costCenter?: string[] } } (an absent item = all values). Action account.list ('403' without it); '404'
   * for another company's sub-account.
   */
  r.get(
    '/apis/ElsAccountService/dataPermission/:id',
    {
      config: { action: 'account.list' },
      schema: {
        tags,
        summary: "A sub-account's data permissions",
        params: idParams,
        response: { 200: envelopeSchema(dataPermissionSchema) },
      },
    },
    async (request) => ok(await getDataPermission(deps.db, requireAuth(request.auth), request.params.id)),
  );

  /**
   * POST /apis/ElsAccountService/saveDataPermission/{id} — body { items: { item: string[] } } replaces the
   * sub-account's values (each 1–64 characters, at most 200 per item; [] or absent = all; an unknown item
   * is '400' naming it; a supplier not linked to the company or a material category it does not have is
   * '400' naming the item and the values). The user's lists, details, exports and actions follow at their next call.
   * data as the read. Action account.edit ('403' without it); '404' for another company's sub-account.
   */
  r.post(
    '/apis/ElsAccountService/saveDataPermission/:id',
    {
      config: { action: 'account.edit' },
      schema: {
        tags,
        summary: "Save a sub-account's data permissions",
        params: idParams,
        body: dataPermissionSaveSchema,
        response: { 200: envelopeSchema(dataPermissionSchema) },
      },
    },
    async (request) =>
      ok(await saveDataPermission(deps, requireAuth(request.auth), request.params.id, request.body)),
  );

  /** GET /apis/ElsRoleService/findList — every role of the company with members, menus and actions. Action role.list. */
  r.get(
    '/apis/ElsRoleService/findList',
    {
      config: { action: 'role.list' },
      schema: {
        tags,
        summary: "The company's roles",
        response: { 200: envelopeSchema(z.array(adminRoleSchema)) },
      },
    },
    async (request) => ok(await listRoles(deps.db, requireAuth(request.auth))),
  );

  /**
   * GET /apis/ElsRoleService/menuOptions — the whole menu tree of the caller's station and company (not
   * filtered by roles), for the role form's checkboxes. Action role.list.
   */
  r.get(
    '/apis/ElsRoleService/menuOptions',
    {
      config: { action: 'role.list' },
      schema: {
        tags,
        summary: 'Menu entries a role can be given',
        response: { 200: envelopeSchema(z.array(menuOptionSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await findMenuRows(deps.db, auth.station, auth.elsAccount);
      const build = (parentId: string | null): MenuOption[] =>
        rows
          .filter((row) => (row.parentId ?? null) === parentId)
          .map((row) => ({
            id: row.id,
            title: request.locale === 'en' ? row.appNameEn : row.appName,
            titleI18n: { zh_cn: row.appName, en: row.appNameEn },
            children: build(row.id),
          }));
      return ok(build(null));
    },
  );

  /**
   * POST /apis/ElsRoleService/add — body RoleCreate (roleCode, names, menuIds — null for every entry —
   * and actions). '400' duplicate code or foreign menu id. Action role.edit.
   */
  r.post(
    '/apis/ElsRoleService/add',
    {
      config: { action: 'role.edit' },
      schema: {
        tags,
        summary: 'Create a role',
        body: roleCreateSchema,
        response: { 200: envelopeSchema(adminRoleSchema) },
      },
    },
    async (request) => ok(await createRole(deps, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/ElsRoleService/edit — body RoleEdit; '409' stale version. Holders' menus follow at their
   * next menu fetch (permission refresh). Action role.edit.
   */
  r.post(
    '/apis/ElsRoleService/edit',
    {
      config: { action: 'role.edit' },
      schema: {
        tags,
        summary: 'Edit a role',
        body: roleEditSchema,
        response: { 200: envelopeSchema(adminRoleSchema) },
      },
    },
    async (request) => ok(await editRole(deps, requireAuth(request.auth), request.body)),
  );
}
