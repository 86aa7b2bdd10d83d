import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A company on the platform, identified by its elsAccount (spec 000 §1). */
export const company = pgTable('company', {
  elsAccount: text('els_account').primaryKey(),
  companyName: text('company_name').notNull(),
  companyShortName: text('company_short_name'),
  /** The company's time zone (IANA, issue #35); null = the server default TZ_DEFAULT (platform/clock.ts). */
  timeZone: text('time_zone'),
  createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
});

/** A sub-account (user) of a company; station purchase = buyer, sale = supplier (spec 000 §1, §3). */
export const subaccount = pgTable(
  'subaccount',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account')
      .notNull()
      .references(() => company.elsAccount),
    elsSubAccount: text('els_sub_account').notNull(),
    name: text('name').notNull(),
    station: text('station', { enum: ['purchase', 'sale'] }).notNull(),
    /** argon2id hash. */
    passwordHash: text('password_hash').notNull(),
    /** 'admin' shows admin-only buttons (spec 000 §6). */
    permission: text('permission').notNull().default('normal'),
    email: text('email'),
    mobile: text('mobile'),
    /** 'Y' forces a password change at the next login (spec 000 §3). */
    fbk10: text('fbk10', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true }),
    /** The interface language of the user's last login or switch: pushed messages go out in it (issue #12). */
    lang: text('lang', { enum: ['zh_cn', 'en'] })
      .notNull()
      .default('zh_cn'),
    /** Consecutive failed logins; from 3 a captcha is required, at 10 the account locks (issue #6). */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** Locked until this time, or until an admin lifts the lock. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedDate: timestamp('password_changed_date', { withTimezone: true }),
    /**
     * A supplier user's chosen buyer (issue #16 "one inbox"): the buyer filter its lists open with and, while
     * linked, the account it acts as (spec 000 §4) when its company has several buyers; null: all buyers.
     */
    inboxElsAccount: text('inbox_els_account'),
    /** Default organisation code the user's forms open with (issue #19 "sub-account default organisation"). */
    defaultOrg: text('default_org'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('subaccount_account_uq').on(t.elsAccount, t.elsSubAccount)],
);

/** A role of a company; menu entries list the role codes that may see them (spec 000 §6). */
export const role = pgTable(
  'role',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account')
      .notNull()
      .references(() => company.elsAccount),
    roleCode: text('role_code').notNull(),
    roleName: text('role_name').notNull(),
    roleNameEn: text('role_name_en').notNull(),
    /**
     * Menu entries the role may open (issue #19 Role management); null = every entry of the station whose
     * menu roles allow it (the behaviour before roles were configurable).
     */
    menuIds: jsonb('menu_ids').$type<string[]>(),
    /** Function permissions (action codes of contracts/company-admin.ts ACTIONS). */
    actions: jsonb('actions').$type<string[]>().notNull().default([]),
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('role_account_code_uq').on(t.elsAccount, t.roleCode)],
);

/** Role assignments of sub-accounts. */
export const subaccountRole = pgTable(
  'subaccount_role',
  {
    subaccountId: uuid('subaccount_id')
      .notNull()
      .references(() => subaccount.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.subaccountId, t.roleId] }),
    index('subaccount_role_role_idx').on(t.roleId),
  ],
);

/**
 * A buyer–supplier relationship: elsAccount (buyer) works with toElsAccount (supplier).
 * Drives the acting-account rule (spec 000 §4) and, later, supplier master data.
 */
export const accountRelation = pgTable(
  'account_relation',
  {
    elsAccount: text('els_account')
      .notNull()
      .references(() => company.elsAccount),
    toElsAccount: text('to_els_account')
      .notNull()
      .references(() => company.elsAccount),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.elsAccount, t.toElsAccount] }),
    index('account_relation_to_idx').on(t.toElsAccount),
    check('account_relation_not_self', sql`${t.elsAccount} <> ${t.toElsAccount}`),
  ],
);

/**
 * Invitation codes a buyer hands to suppliers (seed 001 §1 "invitation codes"): a supplier registers
 * with one and is linked to that buyer. status: unused, used, revoked.
 */
export const inviteCode = pgTable(
  'invite_code',
  {
    code: text('code').primaryKey(),
    elsAccount: text('els_account')
      .notNull()
      .references(() => company.elsAccount),
    status: text('status', { enum: ['unused', 'used', 'revoked'] })
      .notNull()
      .default('unused'),
    expiresDate: timestamp('expires_date', { withTimezone: true }).notNull(),
    usedByElsAccount: text('used_by_els_account'),
    usedDate: timestamp('used_date', { withTimezone: true }),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invite_code_account_idx').on(t.elsAccount, t.createDate)],
);
