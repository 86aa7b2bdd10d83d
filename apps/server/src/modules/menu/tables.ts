import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * A side-menu entry (spec 000 §3 "Menu item") for one station, optionally for one company only.
 * roles empty = visible to everyone of the station; otherwise to holders of one of the roles.
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
  },
  (t) => [index('menu_station_idx').on(t.station, t.elsAccount)],
);
