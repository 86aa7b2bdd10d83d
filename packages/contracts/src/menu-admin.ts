import { z } from 'zod';

/**
 * Menu management (issue #19, spec 001 "System management"): a company admin's view and edits of the
 * company's side menu. Platform entries are changed for the company only (overrides); the company's own
 * entries link to an https:// URL or a portal/module path starting with '/'.
 */

/** Entry names: 1–50 characters (after trimming) in each language. */
export const menuNameSchema = z.string().trim().min(1).max(50);

/**
 * Whether a menu link is allowed: an https:// URL or a path starting with a single '/' (a portal or module
 * path, opened by the shell's path rules), no whitespace, no `javascript:` anywhere, at most 500 characters.
 */
export function isMenuLink(value: string): boolean {
  if (value.length > 500 || /\s/.test(value) || /javascript:/i.test(value)) return false;
  return /^https:\/\/[^/]/.test(value) || /^\/(?!\/)/.test(value);
}

/** A link of the company's own entry; the custom issue names the rule (message key rule.menuLink). */
export const menuLinkSchema = z.string().refine(isMenuLink, { message: 'rule.menuLink' });

export const sortOrderSchema = z.number().int().min(0).max(100_000);

/** One entry of the admin tree (GET /apis/MenuAdminService/findTree). */
export type MenuAdminEntry = {
  id: string;
  parentId: string | null;
  /** Names in effect for the company (the override's, else the platform's). */
  appName: string;
  appNameEn: string;
  /** The platform's names and order (null for the company's own entries). */
  platform: { appName: string; appNameEn: string; sortOrder: number } | null;
  appUrl: string;
  appCode: string;
  /** A group: an entry without a page of its own (own entries can go under it). */
  group: boolean;
  own: boolean;
  hidden: boolean;
  /** The company changed this platform entry (an override exists). */
  overridden: boolean;
  sortOrder: number;
  /** Send it back with a change: '409' when stale (0 = platform entry never changed). */
  version: number;
  children: MenuAdminEntry[];
};

export const menuAdminEntrySchema: z.ZodType<MenuAdminEntry> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    appName: z.string(),
    appNameEn: z.string(),
    platform: z.object({ appName: z.string(), appNameEn: z.string(), sortOrder: z.number() }).nullable(),
    appUrl: z.string(),
    appCode: z.string(),
    group: z.boolean(),
    own: z.boolean(),
    hidden: z.boolean(),
    overridden: z.boolean(),
    sortOrder: z.number(),
    version: z.number(),
    children: z.array(menuAdminEntrySchema),
  }),
);

/** POST /apis/MenuAdminService/edit body: new names, order and visibility; appUrl for own entries only. */
export const menuEditSchema = z.strictObject({
  id: z.uuid(),
  version: z.number().int().min(0).max(2_000_000_000),
  appName: menuNameSchema,
  appNameEn: menuNameSchema,
  sortOrder: sortOrderSchema,
  hidden: z.boolean(),
  appUrl: menuLinkSchema.optional(),
});
export type MenuEdit = z.infer<typeof menuEditSchema>;

/** POST /apis/MenuAdminService/add body: a company's own entry under a group of its station. */
export const menuAddSchema = z.strictObject({
  parentId: z.uuid(),
  appName: menuNameSchema,
  appNameEn: menuNameSchema,
  appUrl: menuLinkSchema,
  sortOrder: sortOrderSchema.optional(),
});
export type MenuAdd = z.infer<typeof menuAddSchema>;

/** POST /apis/MenuAdminService/remove body: the entry and the version read. */
export const menuRemoveSchema = z.strictObject({
  id: z.uuid(),
  version: z.number().int().min(0).max(2_000_000_000),
});
export type MenuRemove = z.infer<typeof menuRemoveSchema>;
