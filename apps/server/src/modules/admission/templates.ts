import {
  ADMISSION_RULES,
  type Problem,
  type QualTemplate,
  type QualTemplateSave,
  templateProblems,
} from '@srm/contracts/admission';
import type { Locale } from '@srm/contracts/constants';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { describeValidation } from '../../platform/validation.ts';
import { subaccount } from '../account/tables.ts';
import { materialCategory } from '../masterdata/tables.ts';
import { qualTemplate } from './tables.ts';

/**
 * Qualification templates (issue #16; seed 001 §2 "Qualification template", §4 template status, §5 "name/
 * template within 50", "attachment types cannot repeat"): a buyer's questionnaire and required attachment
 * types for some of its material categories. Edited while DRAFT (or REVOKE), applied to its categories
 * (APPLY: waiting for release), released (RELEASE: suppliers fill it), revoked back (REVOKE: editable again,
 * suppliers can no longer choose it), invalidated (FAIL). Every query is scoped by the caller's company.
 */

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/** Broken admission rules as one '400' naming each field and rule in the caller's language. */
export function problemsError(problems: readonly Problem[]): AppError {
  return new AppError('400', 'admissionRule', {}, null, (locale: Locale) => ({
    detail: problems
      .slice(0, 5)
      .map((p) =>
        ADMISSION_RULES[p.rule][locale]
          .replace('{field}', `body.${p.field}`)
          .replace('{value}', p.value ?? ''),
      )
      .join('; '),
  }));
}

/** A zod failure of a nested part of a body ('400' with the same sentence as the route validation). */
export function zodError(context: string, error: z.ZodError, input: unknown): AppError {
  const issues = error.issues.map((i) => ({
    keyword: i.code,
    instancePath: `/${i.path.join('/')}`,
    message: i.message,
    params: i as unknown as Record<string, unknown>,
  }));
  return new AppError('400', 'admissionRule', {}, null, (locale: Locale) => ({
    detail: describeValidation(locale, context, issues, input).replace(/^[^：:]*[：:]\s*/, ''),
  }));
}

export function assertBuyer(auth: AuthContext): void {
  if (auth.station !== 'purchase') throw forbidden('onlyBuyer');
}

type Row = typeof qualTemplate.$inferSelect;

export function toTemplate(row: Row): QualTemplate {
  return {
    id: row.id,
    elsAccount: row.elsAccount,
    templateCode: row.templateCode,
    templateName: row.templateName,
    templateStatus: row.templateStatus,
    categories: row.categories,
    items: row.items.map((i) => ({
      itemName: i.itemName,
      answerType: i.answerType,
      required: i.required,
      ...(i.options ? { options: i.options } : {}),
    })),
    attachmentTypes: row.attachmentTypes,
    principal: row.principal,
    remark: row.remark,
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    version: row.version,
  };
}

/**
 * The caller's (buyer's) templates, newest first: filters templateStatus (exact) and templateName
 * (contains); paging currentPage (1…) × pageSize (≤ 100). '403' for a supplier.
 */
export async function listTemplates(
  db: Queryable,
  auth: AuthContext,
  filter: { templateStatus?: string; templateName?: string; currentPage: number; pageSize: number },
) {
  assertBuyer(auth);
  const where = and(
    eq(qualTemplate.elsAccount, auth.elsAccount),
    filter.templateStatus ? eq(qualTemplate.templateStatus, filter.templateStatus) : undefined,
    filter.templateName
      ? sql`position(lower(${filter.templateName}) in lower(${qualTemplate.templateName})) > 0`
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(qualTemplate)
      .where(where)
      .orderBy(desc(qualTemplate.createDate), desc(qualTemplate.id))
      .limit(filter.pageSize)
      .offset((filter.currentPage - 1) * filter.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(qualTemplate).where(where),
  ]);
  return {
    records: rows.map(toTemplate),
    total: Number(n),
    currentPage: filter.currentPage,
    pageSize: filter.pageSize,
  };
}

/** One template of the caller's company; '404' otherwise (another company's id included). */
export async function getTemplate(db: Queryable, auth: AuthContext, id: string, lock = false): Promise<Row> {
  assertBuyer(auth);
  const query = db
    .select()
    .from(qualTemplate)
    .where(and(eq(qualTemplate.id, id), eq(qualTemplate.elsAccount, auth.elsAccount)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The names of a buyer's material categories by code (the codes that exist). */
export async function categoryNames(db: Queryable, elsAccount: string, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ cateCode: materialCategory.cateCode, cateName: materialCategory.cateName })
    .from(materialCategory)
    .where(and(eq(materialCategory.elsAccount, elsAccount), inArray(materialCategory.cateCode, [...codes])));
  return new Map(rows.map((r) => [r.cateCode, r.cateName]));
}

/**
 * Creates (no id) or edits (id + version, only a DRAFT) a template: rules of `templateProblems` ('400'
 * naming the field: duplicate item names, "attachment types cannot repeat"), categories must be the
 * buyer's material categories, the person in charge one of its purchase sub-accounts. templateCode QT…
 * is numbered per company. '409' stale version.
 */
export async function saveTemplate(db: Queryable, auth: AuthContext, body: QualTemplateSave) {
  assertBuyer(auth);
  const problems = templateProblems(body);
  if (problems.length > 0) throw problemsError(problems);
  return db.transaction(async (tx) => {
    const names = await categoryNames(tx, auth.elsAccount, body.categories);
    const unknown = body.categories.find((c) => !names.has(c));
    if (unknown) throw badRequest('admissionCategoryUnknown', { field: 'categories', value: unknown });
    const principal = body.principal ?? auth.elsSubAccount;
    const [user] = await tx
      .select({ id: subaccount.id })
      .from(subaccount)
      .where(
        and(
          eq(subaccount.elsAccount, auth.elsAccount),
          eq(subaccount.elsSubAccount, principal),
          eq(subaccount.station, 'purchase'),
        ),
      );
    if (!user) throw badRequest('admissionPrincipalUnknown', { field: 'principal', value: principal });
    const values = {
      templateName: body.templateName,
      categories: body.categories,
      items: body.items.map((i) => ({
        itemName: i.itemName,
        answerType: i.answerType,
        required: i.required,
        ...(i.answerType === 'choice' && i.options ? { options: i.options } : {}),
      })),
      attachmentTypes: body.attachmentTypes,
      principal,
      remark: body.remark ?? null,
      lastUpdateUser: userKey(auth),
    };
    if (!body.id) {
      const [row] = await tx
        .insert(qualTemplate)
        .values({
          ...values,
          elsAccount: auth.elsAccount,
          templateCode: await nextDocumentNumber(tx, auth.elsAccount, 'QT'),
          createUser: userKey(auth),
        })
        .returning();
      return toTemplate(row);
    }
    const current = await getTemplate(tx, auth, body.id, true);
    if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
    if (current.version !== body.version) throw conflict();
    if (!EDITABLE_STATUSES.includes(current.templateStatus)) throw badRequest('admissionTemplateNotDraft');
    const [row] = await tx
      .update(qualTemplate)
      .set({ ...values, lastUpdateDate: sql`now()`, version: sql`${qualTemplate.version} + 1` })
      .where(and(eq(qualTemplate.id, current.id), eq(qualTemplate.version, current.version)))
      .returning();
    if (!row) throw conflict();
    return toTemplate(row);
  });
}

/** The statuses in which a template is edited: a draft, or a template revoked back. */
const EDITABLE_STATUSES: readonly string[] = ['DRAFT', 'REVOKE'];

/** The template status moves (seed 001 §4 DRAFT, APPLY, REVOKE, RELEASE, FAIL) and where each starts. */
export const TEMPLATE_MOVES = {
  apply: { from: ['DRAFT', 'REVOKE'], to: 'APPLY' },
  release: { from: ['DRAFT', 'APPLY'], to: 'RELEASE' },
  revoke: { from: ['APPLY', 'RELEASE'], to: 'REVOKE' },
  invalidate: { from: ['RELEASE', 'REVOKE'], to: 'FAIL' },
} as const;
export type TemplateMove = keyof typeof TEMPLATE_MOVES;

/**
 * Moves a template: `apply` a draft or revoked one to its categories (APPLY: fixed, waiting for release;
 * its categories must still be the buyer's), `release` it (RELEASE: suppliers choose it for its
 * categories), `revoke` an applied or released one back (REVOKE: editable again, suppliers no longer choose
 * it; forms already saved keep their copy), `invalidate` it (FAIL: for good). '400' naming the status from
 * another one or a category that no longer exists, '409' stale, '404' not the caller's.
 */
export async function moveTemplate(
  db: Queryable,
  auth: AuthContext,
  move: TemplateMove,
  id: string,
  version: number,
) {
  const rule = TEMPLATE_MOVES[move];
  return db.transaction(async (tx) => {
    const current = await getTemplate(tx, auth, id, true);
    if (current.version !== version) throw conflict();
    if (!(rule.from as readonly string[]).includes(current.templateStatus))
      throw badRequest('admissionTemplateStatus', { status: current.templateStatus });
    if (rule.to === 'APPLY' || rule.to === 'RELEASE') {
      const names = await categoryNames(tx, auth.elsAccount, current.categories);
      const gone = current.categories.find((c) => !names.has(c));
      if (gone) throw badRequest('admissionCategoryUnknown', { field: 'categories', value: gone });
    }
    const [row] = await tx
      .update(qualTemplate)
      .set({
        templateStatus: rule.to,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: sql`${qualTemplate.version} + 1`,
      })
      .where(and(eq(qualTemplate.id, id), eq(qualTemplate.version, version)))
      .returning();
    if (!row) throw conflict();
    return toTemplate(row);
  });
}

/** Deletes a DRAFT template of the caller's company. */
export async function deleteTemplate(db: Queryable, auth: AuthContext, id: string, version: number) {
  await db.transaction(async (tx) => {
    const current = await getTemplate(tx, auth, id, true);
    if (current.version !== version) throw conflict();
    if (current.templateStatus !== 'DRAFT') throw badRequest('admissionTemplateNotDraft');
    await tx.delete(qualTemplate).where(eq(qualTemplate.id, id));
  });
}

/** A buyer's newest RELEASE template for a material category (only released templates can be chosen), or null. */
export async function releasedTemplate(db: Queryable, buyer: string, category: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(qualTemplate)
    .where(
      and(
        eq(qualTemplate.elsAccount, buyer),
        eq(qualTemplate.templateStatus, 'RELEASE'),
        sql`${qualTemplate.categories} @> ${JSON.stringify([category])}::jsonb`,
      ),
    )
    .orderBy(desc(qualTemplate.createDate))
    .limit(1);
  return row ?? null;
}

/** The released templates of some buyers (for a supplier's choice of buyer and category). */
export async function releasedTemplates(db: Queryable, buyers: readonly string[]): Promise<Row[]> {
  if (buyers.length === 0) return [];
  return db
    .select()
    .from(qualTemplate)
    .where(and(inArray(qualTemplate.elsAccount, [...buyers]), eq(qualTemplate.templateStatus, 'RELEASE')))
    .orderBy(desc(qualTemplate.createDate));
}
