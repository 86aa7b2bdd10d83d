import { envelopeSchema } from '@srm/contracts/envelope';
import {
  menuAddSchema,
  menuAdminEntrySchema,
  menuEditSchema,
  menuRemoveSchema,
} from '@srm/contracts/menu-admin';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAdmin, requireAuth, zod } from '../../platform/http.ts';
import { addMenuEntry, editMenuEntry, menuAdminTree, removeMenuEntry } from './admin-service.ts';

const tags = ['menu'];
const treeAnswer = { 200: envelopeSchema(z.array(menuAdminEntrySchema)) };

/**
 * Menu management (issue #19; spec 001 "System management", spec 000 §3 menu items): the company admin
 * of either station edits the company's side menu of its own station. Every route answers '403' unless
 * the caller holds the admin permission (requireAdmin, server-enforced); every query is scoped to the
 * caller's station and elsAccount ('404' for another company's entry). Changes are stored per company
 * (see admin-service.ts) and drop the menu caches of every process. Each change answers the new tree.
 */
export function registerMenuAdminRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/MenuAdminService/findTree — data: MenuAdminEntry[] (contracts menu-admin.ts): the company's
   * menu tree (platform entries of its station with its overrides, and its own entries), hidden ones
   * included and flagged, in the effective order.
   */
  r.get(
    '/apis/MenuAdminService/findTree',
    { schema: { tags, summary: "The company's menu for Menu management", response: treeAnswer } },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth);
      return ok(await menuAdminTree(deps, auth));
    },
  );

  /**
   * POST /apis/MenuAdminService/edit — body { id, version, appName, appNameEn (1–50 characters each),
   * sortOrder (0–100000, order within the group), hidden, appUrl? (own entries only: https:// URL or a
   * path starting with '/') }. Platform entries change for the caller's company only. '400' naming the
   * field, '404' unknown entry, '409' stale version.
   */
  r.post(
    '/apis/MenuAdminService/edit',
    {
      schema: {
        tags,
        summary: 'Rename, reorder or hide a menu entry',
        body: menuEditSchema,
        response: treeAnswer,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth);
      await editMenuEntry(deps, auth, request.body);
      return ok(await menuAdminTree(deps, auth));
    },
  );

  /**
   * POST /apis/MenuAdminService/add — body { parentId (a group of the caller's station), appName,
   * appNameEn (1–50), appUrl (https:// URL or a path starting with '/'; never javascript:), sortOrder? }:
   * the company's own entry, visible to everyone who sees the group and grantable in Role management.
   * '400' naming the field.
   */
  r.post(
    '/apis/MenuAdminService/add',
    {
      schema: {
        tags,
        summary: "Add the company's own menu entry",
        body: menuAddSchema,
        response: treeAnswer,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth);
      await addMenuEntry(deps, auth, request.body);
      return ok(await menuAdminTree(deps, auth));
    },
  );

  /**
   * POST /apis/MenuAdminService/remove — body { id, version }: restores a platform entry (drops the
   * company's override) or deletes the company's own entry. '404' unknown entry, '409' stale version.
   */
  r.post(
    '/apis/MenuAdminService/remove',
    {
      schema: {
        tags,
        summary: "Restore a platform entry or delete the company's own",
        body: menuRemoveSchema,
        response: treeAnswer,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth);
      await removeMenuEntry(deps, auth, request.body);
      return ok(await menuAdminTree(deps, auth));
    },
  );
}
