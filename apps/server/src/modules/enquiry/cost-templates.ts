import {
  type CostTemplate,
  type CostTemplateBody,
  type costTemplateFilterSchema,
  itemNamesProblem,
} from '@srm/contracts/enquiry';
import { and, asc, eq, gt, like, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { userKey } from '../../platform/document/kind.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { enquiryCostTemplate } from './tables.ts';

/**
 * The buyer's library of cost-structure templates (issue #13 "cost breakdown from a cost-structure
 * template"): named lists of cost items, unique by name per buyer (`els_account`), that fill an RFQ's
 * cost structure (`costConstituteJson`) when the buyer picks one on the RFQ (save body `costTemplateId`).
 * Every query is scoped to the caller's company; another company's template answers '404'.
 */

type Row = typeof enquiryCostTemplate.$inferSelect;

const out = (r: Row): CostTemplate => ({
  id: r.id,
  templateName: r.templateName,
  costItems: r.costItems,
  remark: r.remark,
  version: r.version,
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

/** A '23505' from the name's unique index (a concurrent save of the same name): the rule's '400'. */
function uniqueName<T>(name: string) {
  return (error: unknown): T => {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505')
      throw badRequest('costTemplateNameRepeated', { name });
    throw error;
  };
}

/**
 * One page of the caller's templates by name (keyset: names after `cursor`, ascending; the unique index
 * (els_account, template_name) serves it), optionally those whose name starts with `templateName`.
 * Answers { rows, nextCursor (the last name when there may be more, else null) }.
 */
export async function findCostTemplates(
  db: Queryable,
  auth: AuthContext,
  filter: z.infer<typeof costTemplateFilterSchema>,
) {
  const escaped = filter.templateName?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select()
    .from(enquiryCostTemplate)
    .where(
      and(
        eq(enquiryCostTemplate.elsAccount, auth.elsAccount),
        filter.cursor ? gt(enquiryCostTemplate.templateName, filter.cursor) : undefined,
        escaped ? like(enquiryCostTemplate.templateName, `${escaped}%`) : undefined,
      ),
    )
    .orderBy(asc(enquiryCostTemplate.templateName))
    .limit(filter.pageSize + 1);
  const page = rows.slice(0, filter.pageSize);
  return {
    rows: page.map(out),
    nextCursor: rows.length > filter.pageSize ? (page.at(-1)?.templateName ?? null) : null,
  };
}

/**
 * Creates (no id) or edits (id + version) a template of the caller's company. '400'
 * costTemplateNameRepeated when another of its templates has the name, enquiryItemNameRepeated when an
 * item is listed twice; '404' unknown id; '409' stale version.
 */
export async function saveCostTemplate(db: Queryable, auth: AuthContext, body: CostTemplateBody) {
  const problem = itemNamesProblem(body.costItems);
  if (problem) throw badRequest(problem.key as never, problem.params);
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: enquiryCostTemplate.id })
      .from(enquiryCostTemplate)
      .where(
        and(
          eq(enquiryCostTemplate.elsAccount, auth.elsAccount),
          eq(enquiryCostTemplate.templateName, body.templateName),
          body.id ? ne(enquiryCostTemplate.id, body.id) : undefined,
        ),
      );
    if (same) throw badRequest('costTemplateNameRepeated', { name: body.templateName });
    const values = {
      templateName: body.templateName,
      costItems: body.costItems,
      remark: body.remark || null,
      lastUpdateUser: userKey(auth),
      lastUpdateDate: nowDate(),
    };
    if (!body.id) {
      const [row] = await tx
        .insert(enquiryCostTemplate)
        .values({ ...values, elsAccount: auth.elsAccount, createUser: userKey(auth) })
        .returning()
        .catch(uniqueName<Row[]>(body.templateName));
      return out(row);
    }
    const current = await ownTemplate(tx, auth, body.id);
    if (body.version === undefined) throw badRequest('rule.required', { field: 'body.version' });
    if (current.version !== body.version) throw conflict();
    const [row] = await tx
      .update(enquiryCostTemplate)
      .set({ ...values, version: current.version + 1 })
      .where(and(eq(enquiryCostTemplate.id, body.id), eq(enquiryCostTemplate.version, body.version)))
      .returning()
      .catch(uniqueName<Row[]>(body.templateName));
    if (!row) throw conflict();
    return out(row);
  });
}

/** Deletes a template of the caller's company (RFQs filled from it keep their items). '404'; '409' stale. */
export async function deleteCostTemplate(db: Queryable, auth: AuthContext, id: string, version: number) {
  const current = await ownTemplate(db, auth, id);
  if (current.version !== version) throw conflict();
  const deleted = await db
    .delete(enquiryCostTemplate)
    .where(and(eq(enquiryCostTemplate.id, id), eq(enquiryCostTemplate.version, version)))
    .returning({ id: enquiryCostTemplate.id });
  if (deleted.length === 0) throw conflict();
}

/** The caller's template; '404' for none or another company's. */
async function ownTemplate(db: Queryable, auth: AuthContext, id: string) {
  const [row] = await db
    .select()
    .from(enquiryCostTemplate)
    .where(and(eq(enquiryCostTemplate.id, id), eq(enquiryCostTemplate.elsAccount, auth.elsAccount)));
  if (!row) throw notFound();
  return row;
}

/**
 * The cost items of the buyer's template `id` (the RFQ save's `costTemplateId`); '400'
 * costTemplateUnknown when the buyer has no such template (another company's included).
 */
export async function costTemplateItems(db: Queryable, buyer: string, id: string): Promise<string[]> {
  const [row] = await db
    .select({ costItems: enquiryCostTemplate.costItems })
    .from(enquiryCostTemplate)
    .where(and(eq(enquiryCostTemplate.id, id), eq(enquiryCostTemplate.elsAccount, buyer)));
  if (!row) throw badRequest('costTemplateUnknown');
  return row.costItems;
}
