import {
  boolean,
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

/**
 * Setting rows of a company (spec 000 §2): groups such as LoginPage_Group and IndexPage_Group, each row
 * a setCode with its setValue.
 */
export const systemSetting = pgTable(
  'system_setting',
  {
    elsAccount: text('els_account').notNull(),
    setGroupCode: text('set_group_code').notNull(),
    setCode: text('set_code').notNull(),
    setValue: text('set_value').notNull().default(''),
    lastUpdateUser: text('last_update_user'),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.elsAccount, t.setGroupCode, t.setCode] })],
);

/**
 * Personal table configuration rows (spec 000 §3): keyed by elsAccount, elsSubAccount, toElsAccount and
 * configType; configJson holds column order, visibility and widths.
 */
export const personalTableConfig = pgTable(
  'personal_table_config',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    elsSubAccount: text('els_sub_account').notNull(),
    toElsAccount: text('to_els_account').notNull().default(''),
    configType: text('config_type').notNull(),
    configJson: jsonb('config_json').$type<unknown>().notNull(),
    version: integer('version').notNull().default(0),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('personal_table_config_key_uq').on(
      t.elsAccount,
      t.elsSubAccount,
      t.toElsAccount,
      t.configType,
    ),
  ],
);

/** Verification codes sent by SMS (spec 000 §1: length 4, valid 10 minutes); stored hashed. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresDate: timestamp('expires_date', { withTimezone: true }).notNull(),
    usedDate: timestamp('used_date', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_code_mobile_idx').on(t.mobile, t.purpose, t.createDate)],
);

/**
 * The last SMS code sent per mobile number and purpose (issue #18): one conditional upsert claims the
 * 60 s slot, so two sends at once on two processes cannot both pass (modules/sms/codes.ts claimSmsSlot).
 */
export const smsSendSlot = pgTable(
  'sms_send_slot',
  {
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    sentDate: timestamp('sent_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mobile, t.purpose] })],
);

/** Hazardous-substance declarations (spec 000 §2 RoHS pages): material, supplier, substance, expiry. */
export const hazardousSubstance = pgTable(
  'hazardous_substance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    materialNumber: text('material_number').notNull(),
    materialDesc: text('material_desc').notNull(),
    substance: text('substance').notNull(),
    certificateNumber: text('certificate_number').notNull(),
    certificateExpiryDate: timestamp('certificate_expiry_date', { withTimezone: true }).notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hazardous_substance_expiry_idx').on(t.elsAccount, t.certificateExpiryDate)],
);

/**
 * A tenant's interface-text overrides per language (spec 000 §7 "language JSON files by tenant id and
 * language"), kept in the database so every server process serves the same (issue #18); the files under
 * DATA_DIR/i18n remain a fallback. `overrides` is { namespace: { key: text } }.
 */
export const languageOverride = pgTable(
  'language_override',
  {
    tenant: text('tenant').notNull(),
    lang: text('lang').notNull(),
    overrides: jsonb('overrides').$type<Record<string, Record<string, string>>>().notNull(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenant, t.lang] })],
);

/**
 * A company's overrides of the platform dictionaries (issue #19 business dictionary management): one row per
 * dictionary code + value of packages/contracts/src/dictionaries.ts; a null label keeps the platform label;
 * `enabled` false hides the entry from pickers (documents holding it still show its label). `version` for
 * optimistic locking ('409' on a stale save).
 */
export const dictOverride = pgTable(
  'dict_override',
  {
    elsAccount: text('els_account').notNull(),
    dictCode: text('dict_code').notNull(),
    dictValue: text('dict_value').notNull(),
    labelZhCn: text('label_zh_cn'),
    labelEn: text('label_en'),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(0),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.elsAccount, t.dictCode, t.dictValue] })],
);
