import type { MenuAdd, MenuAdminEntry, MenuEdit, MenuRemove } from '@srm/contracts/menu-admin';
import { call } from '../../lib/http.ts';

const MENU = '/MenuAdminService';

export const MENU_ADMIN_KEYS = { tree: ['system', 'menuAdmin'] as const };

/** GET /MenuAdminService/findTree — the company's menu (hidden entries included, flagged). Admin only. */
export function findMenuTree(): Promise<MenuAdminEntry[]> {
  return call({ url: `${MENU}/findTree`, method: 'GET' });
}

/** POST /MenuAdminService/edit — rename / reorder / hide for the company; '409' stale. Answers the tree. */
export function editMenuEntry(body: MenuEdit): Promise<MenuAdminEntry[]> {
  return call({ url: `${MENU}/edit`, method: 'POST', data: body });
}

/** POST /MenuAdminService/add — the company's own entry under a group. Answers the tree. */
export function addMenuEntry(body: MenuAdd): Promise<MenuAdminEntry[]> {
  return call({ url: `${MENU}/add`, method: 'POST', data: body });
}

/** POST /MenuAdminService/remove — restores a platform entry or deletes an own one. Answers the tree. */
export function removeMenuEntry(body: MenuRemove): Promise<MenuAdminEntry[]> {
  return call({ url: `${MENU}/remove`, method: 'POST', data: body });
}
