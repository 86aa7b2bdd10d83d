import type { TemplateItem } from '@srm/contracts/contract-library';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/document/columns.ts';

/** Who and when, and the version of optimistic locking (platform/document/columns.ts). */
const audit = recordColumns;

/**
 * A buyer's contract types (issue #36; seed 001 §1 "Contract type"): code of upper-case letters and digits,
 * unique per company; names in both languages; the default template's code, the numbering prefix, whether
 * amount control applies (Y/N); enabled or disabled.
 */
export const contractType = pgTable(
  'contract_type',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    defaultTemplate: text('default_template'),
    numberPrefix: text('number_prefix'),
    amountControl: text('amount_control').$type<'Y' | 'N'>().notNull().default('N'),
    status: text('status').$type<'enabled' | 'disabled'>().notNull().default('enabled'),
    ...audit(),
  },
  (t) => [uniqueIndex('contract_type_code_uq').on(t.elsAccount, t.code)],
);

/**
 * The clause library: one row per clause code and version (1, 2 …). A draft version is edited in place; a
 * published one is never changed again (a contract's clause names its code and version); publishing a
 * version retires the version published before it.
 */
export const contractClauseLibrary = pgTable(
  'contract_clause_library',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    code: text('code').notNull(),
    clauseVersion: integer('clause_version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    category: text('category').notNull(),
    status: text('status').$type<'draft' | 'published' | 'retired'>().notNull().default('draft'),
    locked: text('locked').$type<'Y' | 'N'>().notNull().default('N'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('contract_clause_library_code_uq').on(t.elsAccount, t.code, t.clauseVersion),
    index('contract_clause_library_status_idx').on(t.elsAccount, t.status, t.code),
  ],
);

/**
 * Contract templates: an ordered list of headings and clause references (jsonb, TemplateItem[]), header,
 * footer and end content (the limits of contracts contract-library.ts TEMPLATE_LIMITS), validity dates.
 */
export const contractTemplate = pgTable(
  'contract_template',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    items: jsonb('items').$type<TemplateItem[]>().notNull(),
    headerText: text('header_text'),
    footerText: text('footer_text'),
    endContent: text('end_content'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    ...audit(),
  },
  (t) => [uniqueIndex('contract_template_code_uq').on(t.elsAccount, t.code)],
);
