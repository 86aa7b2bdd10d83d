import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A side-menu entry (spec 000 §3 "Menu item") for one station, optionally for one company only.
 * roles empty = visible to everyone of the station; otherwise to holders of one of the roles.
 * A company's changes to platform entries live in menu_override (below), never in the platform row.
 */
export const menu = pgTable(
  'menu',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    station: text('station', { enum: ['purchase', 'sale'] }).notNull(),
    /** null = every company of the station. */
    elsAccount: text('els_account'),
    parentId: uuid('parent_id'),
    appName: text('app_name').notNull(),
    appNameEn: text('app_name_en').notNull(),
    appUrl: text('app_url').notNull(),
    appIcon: text('app_icon'),
    appCode: text('app_code').notNull(),
    component: text('component'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    groupPaths: jsonb('group_paths').$type<string[]>().notNull().default([]),
    query: jsonb('query').$type<Record<string, string>>().notNull().default({}),
    keepAlive: boolean('keep_alive').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Optimistic lock of a company's own entry (issue #19 Menu management; migration 0055). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('menu_station_idx').on(t.station, t.elsAccount)],
);

/**
 * A company's change to a platform-wide menu entry (issue #19 Menu management): the platform row is never
 * edited for everyone; this row renames (app_name / app_name_en, null = the platform's), reorders
 * (sort_order, null = the platform's) or hides (hidden) it for `elsAccount` only. The company's own entries
 * are `menu` rows with `els_account` set (edited in place, with menu.version). `version` is the optimistic
 * lock of the override ('409' when stale); no row = version 0 for the admin page.
 */
export const menuOverride = pgTable(
  'menu_override',
  {
    elsAccount: text('els_account').notNull(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menu.id, { onDelete: 'cascade' }),
    appName: text('app_name'),
    appNameEn: text('app_name_en'),
    sortOrder: integer('sort_order'),
    hidden: boolean('hidden').notNull().default(false),
    version: integer('version').notNull().default(1),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.elsAccount, t.menuId] })],
);
