import { z } from 'zod';
import { describedField } from './field-labels.ts';

/**
 * The buyer's contract administration (issue #36, second slice; seed 001 §1 "Contract type", "Contract
 * template", "Terms"; §5 "clause title required", "header/footer and end content have character limits"):
 * contract types, the clause library (each clause code in versions; a published version is immutable) and
 * templates (an ordered list of headings and clause references, header/footer and end content, validity
 * dates). API under `/apis/contract/{ContractType|ContractClause|ContractTemplate}Service/…`, buyer only.
 */

const label = (zh_cn: string, en: string) => ({ label: { zh_cn, en } });
const version = z.number().int().min(0).max(2_000_000_000);
const idOrNew = { id: z.uuid().optional(), version: version.optional() };

/**
 * Character limits of a template's texts. Seed 001 §5 says header/footer and end content have limits but
 * not their values; these are the portal's: header and footer 500 characters each, end content 2,000.
 */
export const TEMPLATE_LIMITS = { header: 500, footer: 500, endContent: 2000 } as const;

/** A contract type code: upper-case letters and digits (seed 001 §1), 1–20 characters. */
export const contractTypeCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Z0-9]+$/);

/** A clause or template code: upper-case letters, digits and '-', 1–40 characters. */
export const libraryCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Z0-9-]+$/);

/** Y / N flags. */
export const yesNo = z.enum(['Y', 'N']);

/** POST ContractTypeService/save: create (no id; code unique per company) or edit (id + version; code fixed). */
export const contractTypeSaveSchema = z.strictObject({
  ...idOrNew,
  code: describedField(contractTypeCodeSchema, label('类型编码', 'Type code')),
  name: describedField(z.string().trim().min(1).max(60), label('类型名称', 'Type name')),
  nameEn: describedField(z.string().trim().min(1).max(60), label('英文名称', 'English name')),
  defaultTemplate: describedField(
    libraryCodeSchema.nullable().optional(),
    label('默认模板', 'Default template'),
  ),
  numberPrefix: describedField(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{1,4}$/)
      .nullable()
      .optional(),
    label('编号前缀', 'Number prefix'),
  ),
  amountControl: describedField(yesNo.default('N'), label('金额控制', 'Amount control')),
  status: describedField(z.enum(['enabled', 'disabled']).default('enabled'), label('状态', 'Status')),
});
export type ContractTypeSave = z.input<typeof contractTypeSaveSchema>;

/** A contract type as answered. */
export type ContractType = {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  defaultTemplate: string | null;
  numberPrefix: string | null;
  amountControl: 'Y' | 'N';
  status: 'enabled' | 'disabled';
  version: number;
};

/** CLAUSE_STATUS: draft (editable), published (immutable, offered to templates), retired. */
export const CLAUSE_STATUS = {
  draft: { zh_cn: '草稿', en: 'Draft' },
  published: { zh_cn: '已发布', en: 'Published' },
  retired: { zh_cn: '已停用', en: 'Retired' },
} as const;
export type ClauseStatus = keyof typeof CLAUSE_STATUS;

/** Clause categories. */
export const CLAUSE_CATEGORY = {
  general: { zh_cn: '通用条款', en: 'General' },
  commercial: { zh_cn: '商务条款', en: 'Commercial' },
  quality: { zh_cn: '质量条款', en: 'Quality' },
  legal: { zh_cn: '法律条款', en: 'Legal' },
} as const;

/**
 * POST ContractClauseService/save: a new clause (no id: version 1, draft), or an edit of a draft version
 * (id + version). A published or retired version is not edited ('400'): publish a new version instead.
 * `locked` Y: a contract made from it may not change the text (its deviation blocks submission).
 */
export const clauseSaveSchema = z.strictObject({
  ...idOrNew,
  code: describedField(libraryCodeSchema, label('条款编码', 'Clause code')),
  title: describedField(z.string().trim().min(1).max(100), label('条款标题', 'Clause title')),
  body: describedField(z.string().trim().min(1).max(5000), label('条款内容', 'Clause text')),
  category: describedField(
    z.enum(Object.keys(CLAUSE_CATEGORY) as [keyof typeof CLAUSE_CATEGORY]),
    label('条款分类', 'Category'),
  ),
  locked: describedField(yesNo.default('N'), label('锁定', 'Locked')),
});
export type ClauseSave = z.input<typeof clauseSaveSchema>;

/** One version of a library clause as answered. */
export type LibraryClause = {
  id: string;
  code: string;
  clauseVersion: number;
  title: string;
  body: string;
  category: string;
  status: ClauseStatus;
  locked: 'Y' | 'N';
  version: number;
};

/** One entry of a template: a heading (its text) or a clause reference (its code; the latest published). */
export const templateItemSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('heading'),
    text: describedField(z.string().trim().min(1).max(100), label('标题', 'Heading')),
  }),
  z.strictObject({
    type: z.literal('clause'),
    code: describedField(libraryCodeSchema, label('条款编码', 'Clause code')),
  }),
]);
export type TemplateItem = z.infer<typeof templateItemSchema>;

/** POST ContractTemplateService/save: create (code unique per company) or edit (id + version). */
export const templateSaveSchema = z.strictObject({
  ...idOrNew,
  code: describedField(libraryCodeSchema, label('模板编码', 'Template code')),
  name: describedField(z.string().trim().min(1).max(100), label('模板名称', 'Template name')),
  items: describedField(z.array(templateItemSchema).min(1).max(100), label('模板条目', 'Template entries')),
  headerText: describedField(
    z.string().max(TEMPLATE_LIMITS.header).nullable().optional(),
    label('页眉', 'Header'),
  ),
  footerText: describedField(
    z.string().max(TEMPLATE_LIMITS.footer).nullable().optional(),
    label('页脚', 'Footer'),
  ),
  endContent: describedField(
    z.string().max(TEMPLATE_LIMITS.endContent).nullable().optional(),
    label('结尾内容', 'End content'),
  ),
  validFrom: describedField(z.iso.date(), label('有效期从', 'Valid from')),
  validTo: describedField(z.iso.date().nullable().optional(), label('有效期至', 'Valid to')),
});
export type TemplateSave = z.input<typeof templateSaveSchema>;

/** A template as answered. */
export type ContractTemplate = {
  id: string;
  code: string;
  name: string;
  items: TemplateItem[];
  headerText: string | null;
  footerText: string | null;
  endContent: string | null;
  validFrom: string;
  validTo: string | null;
  version: number;
};

/**
 * A contract's clauses built from a template (ContractTemplateService/build/{id}): headings become clauses
 * with a title only (no other key, so the rows save as they are); each clause reference the latest published version, its text with `{{variables}}`.
 */
export type BuiltClause = {
  clauseTitle: string;
  clauseBody?: string;
  clauseCode?: string;
  clauseVersion?: number;
};

/** Where each clause of a contract stands against the library (ContractClauseService/status/{contractId}). */
export type ClauseStanding = {
  lineNumber: number;
  clauseCode: string;
  clauseVersion: number;
  /** The newest published version when it is above the contract's, else null. */
  newerVersion: number | null;
  /** The library text of the contract's version (with its variables). */
  libraryBody: string;
  /** The contract's text differs from the library's beyond filling in its variables. */
  changed: boolean;
  /** The library clause is locked: a changed text blocks the contract's submission. */
  locked: 'Y' | 'N';
};

/** `{{name}}`: a variable in a clause text; names are letters, digits, '.' and '_'. */
export const VARIABLE_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

/** The variables a text still holds, each once, in order. */
export function variablesIn(text: string | null | undefined): string[] {
  return [...new Set([...(text ?? '').matchAll(VARIABLE_PATTERN)].map((m) => m[1] as string))];
}

/** The text with each variable `values` knows replaced by its value; unknown ones stay as they are. */
export function fillVariables(text: string, values: Readonly<Record<string, string | null | undefined>>) {
  return text.replace(VARIABLE_PATTERN, (whole, name: string) => values[name] ?? whole);
}

/**
 * Whether `text` is the library text `template` with its variables filled in (any text, or the variable
 * left as it is, in place of each `{{…}}`) and nothing else changed; whitespace at the ends is ignored.
 */
export function followsTemplate(template: string, text: string): boolean {
  const parts = template.trim().split(VARIABLE_PATTERN);
  // split with one capture group: even indices literal text, odd indices variable names.
  const source = parts
    .map((p, i) => (i % 2 === 0 ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[\\s\\S]*?'))
    .join('');
  return new RegExp(`^${source}$`).test(text.trim());
}

/** The contract's variables answered by the server, for the help text of the clause editors. */
export const CONTRACT_VARIABLES = [
  'supplier.name',
  'supplier.account',
  'company.name',
  'company.account',
  'contract.name',
  'contract.amount',
  'contract.currency',
  'contract.effectiveDate',
  'contract.terminationDate',
  'contract.paymentTerms',
  'contract.sourceNumber',
] as const;
