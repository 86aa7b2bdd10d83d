import {
  addDays,
  duplicateImprovementItem,
  IMPROVEMENT_DUE_DAYS_MAX,
  type ImprovementAnswer,
  improvementDefinition,
  improvementTemplateDefinition,
} from '@srm/contracts/improvement';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { companyToday } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { bodyText as text } from '../../platform/document/body-text.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { linkedPair } from '../finance/fee-sheet.ts';
import { refund } from '../refund/tables.ts';
import { appraisalResultOf } from './source.ts';
import { improvement, improvementItem, improvementTemplate, improvementTemplateItem } from './tables.ts';

/**
 * Improvement item templates and improvement sheets (issue #17, improvement part; contracts
 * improvement.ts). Templates: buyer-internal, item names unique per template ('400' duplicateItemNames),
 * default due days 1 … 365. Sheets: a linked supplier; a source that is a return of this buyer with this
 * supplier, an appraisal number, or none; items typed or from a released template of the buyer.
 */

function assertUniqueItems(lines: ReadonlyArray<Record<string, unknown>>): void {
  const duplicate = duplicateImprovementItem(lines.map((l) => String(l.itemName ?? '')));
  if (duplicate !== null) throw badRequest('duplicateItemNames', { name: duplicate });
}

/** A template's save: unique item names, due days ≤ 365, today's date on creation. */
async function saveTemplate(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  assertUniqueItems(body.lines);
  const lines = body.lines.map((l, index) => {
    const dueDays = Number(l.dueDays);
    if (dueDays > IMPROVEMENT_DUE_DAYS_MAX)
      throw badRequest('improvementDueDaysTooLarge', { index, max: IMPROVEMENT_DUE_DAYS_MAX });
    return { itemName: String(l.itemName).trim(), guidance: text(l, 'guidance'), dueDays };
  });
  return {
    header: {
      elsAccount: auth.elsAccount,
      toElsAccount: auth.elsAccount,
      templateName: text(body, 'templateName'),
      templateDate:
        (current?.templateDate as string | undefined) ?? (await companyToday(tx, auth.elsAccount)),
      remark: text(body, 'remark'),
    },
    lines,
  };
}

export const improvementTemplateKind = defineKind({
  def: improvementTemplateDefinition,
  header: improvementTemplate,
  lines: improvementTemplateItem,
  documentId: improvementTemplateItem.documentId,
  save: saveTemplate,
});

/** A released template of the buyer with its items in order; '400' templateNotReleased otherwise. */
async function releasedTemplate(db: Queryable, buyer: string, templateId: string) {
  const [template] = await db
    .select()
    .from(improvementTemplate)
    .where(
      and(
        eq(improvementTemplate.id, templateId),
        eq(improvementTemplate.elsAccount, buyer),
        eq(improvementTemplate.templateStatus, 'RELEASE'),
      ),
    );
  if (!template) throw badRequest('templateNotReleased');
  const items = await db
    .select()
    .from(improvementTemplateItem)
    .where(eq(improvementTemplateItem.documentId, template.id))
    .orderBy(asc(improvementTemplateItem.lineNumber));
  return { template, items };
}

/**
 * A sheet's save (buyer, draft): linked supplier ('400' supplierNotLinked); source `refund` → the number of a
 * return of this buyer with this supplier ('400' improvementRefundNotFound), `appraisal` → the number of an
 * appraisal run of this buyer that appraises this supplier ('400' improvementAppraisalNotFound): the sheet keeps
 * its source run and supplier (source.ts resolves them); both required ('400' improvementSourceNumberRequired); a template, when named, must be a released one
 * of the buyer: items named as its items without a required date get the issue date + their default due days.
 * Item names unique ('400' duplicateItemNames).
 */
async function saveImprovement(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  const buyer = auth.elsAccount;
  const supplier = text(body, 'toElsAccount') ?? '';
  const names = await linkedPair(tx, buyer, supplier, 'supplier');
  const sourceType = text(body, 'sourceType') ?? 'manual';
  let sourceNumber = text(body, 'sourceNumber');
  if (sourceType !== 'manual' && !sourceNumber) throw badRequest('improvementSourceNumberRequired');
  if (sourceType === 'refund' && sourceNumber) {
    sourceNumber = sourceNumber.toUpperCase();
    const [found] = await tx
      .select({ id: refund.id })
      .from(refund)
      .where(
        and(
          eq(refund.refundNumber, sourceNumber),
          eq(refund.elsAccount, buyer),
          eq(refund.toElsAccount, supplier),
        ),
      );
    if (!found) throw badRequest('improvementRefundNotFound', { number: sourceNumber, account: supplier });
  }
  if (sourceType === 'appraisal' && sourceNumber) {
    sourceNumber = sourceNumber.toUpperCase();
    if (!(await appraisalResultOf(tx, buyer, sourceNumber, supplier)))
      throw badRequest('improvementAppraisalNotFound', { number: sourceNumber, account: supplier });
  }
  assertUniqueItems(body.lines);
  const issueDate = (current?.improvementDate as string | undefined) ?? (await companyToday(tx, buyer));
  const templateId = text(body, 'templateId');
  const template = templateId ? await releasedTemplate(tx, buyer, templateId) : null;
  const lines = body.lines.map((l) => {
    const itemName = String(l.itemName).trim();
    const fromTemplate = template?.items.find((i) => i.itemName.toLowerCase() === itemName.toLowerCase());
    return {
      itemName,
      guidance: text(l, 'guidance') ?? fromTemplate?.guidance ?? null,
      requiredDate:
        text(l, 'requiredDate') ?? (fromTemplate ? addDays(issueDate, fromTemplate.dueDays) : null),
      itemStatus: '0',
    };
  });
  return {
    header: {
      elsAccount: buyer,
      toElsAccount: supplier,
      ...names,
      improvementDate: issueDate,
      subject: text(body, 'subject'),
      problemDesc: text(body, 'problemDesc'),
      sourceType,
      sourceNumber: sourceType === 'manual' ? null : sourceNumber,
      templateId: template?.template.id ?? null,
      templateName: template?.template.templateName ?? null,
      remark: text(body, 'remark'),
    },
    lines,
  };
}

/**
 * The supplier's answer (sheet sent or reopened): every open item (status open or rework) gets its root
 * cause, corrective action and due date; items already verified keep theirs. '400' an answer to an item
 * that is not open (improvementAnswerLineUnknown naming the line) or an open item without an answer
 * (improvementAnswerMissing naming it).
 */
async function answer(ctx: ActionContext) {
  const answers = (ctx.body.answers ?? []) as ImprovementAnswer[];
  const open = ctx.lines.filter((l) => l.itemStatus === '0' || l.itemStatus === '3');
  answers.forEach((a, index) => {
    if (!open.some((l) => l.id === a.lineId)) throw badRequest('improvementAnswerLineUnknown', { index });
  });
  const missing = open.find((l) => !answers.some((a) => a.lineId === l.id));
  if (missing) throw badRequest('improvementAnswerMissing', { name: String(missing.itemName) });
  const date = await companyToday(ctx.tx, ctx.row.elsAccount as string);
  for (const a of answers)
    await ctx.tx
      .update(improvementItem)
      .set({
        itemStatus: '1',
        rootCause: a.rootCause.trim(),
        correctiveAction: a.correctiveAction.trim(),
        dueDate: a.dueDate,
        answerDate: date,
      })
      .where(and(eq(improvementItem.id, a.lineId), eq(improvementItem.documentId, ctx.row.id)));
  return undefined;
}

/** Closing verifies every item that is not yet verified (verify date today) and dates the sheet closed. */
async function close(ctx: ActionContext) {
  const date = await companyToday(ctx.tx, ctx.row.elsAccount as string);
  await ctx.tx
    .update(improvementItem)
    .set({ itemStatus: '2', verifyDate: date })
    .where(and(eq(improvementItem.documentId, ctx.row.id), sql`${improvementItem.itemStatus} <> '2'`));
  return { set: { closeDate: date } };
}

/**
 * Reopening (reason required): the items named in `lineIds` (default every item) failed verification and go
 * to rework; the others are verified. '400' improvementReopenLineUnknown naming a line not on the sheet.
 */
async function reopen(ctx: ActionContext) {
  const ids = (ctx.body.lineIds as string[] | undefined) ?? ctx.lines.map((l) => l.id);
  ids.forEach((id, index) => {
    if (!ctx.lines.some((l) => l.id === id)) throw badRequest('improvementReopenLineUnknown', { index });
  });
  const date = await companyToday(ctx.tx, ctx.row.elsAccount as string);
  const rework = ctx.lines.filter((l) => ids.includes(l.id)).map((l) => l.id);
  const verified = ctx.lines.filter((l) => !ids.includes(l.id)).map((l) => l.id);
  if (rework.length > 0)
    await ctx.tx.update(improvementItem).set({ itemStatus: '3' }).where(inArray(improvementItem.id, rework));
  if (verified.length > 0)
    await ctx.tx
      .update(improvementItem)
      .set({ itemStatus: '2', verifyDate: date })
      .where(and(inArray(improvementItem.id, verified), sql`${improvementItem.itemStatus} <> '2'`));
  return {
    set: { reopenCount: Number(ctx.row.reopenCount ?? 0) + 1, reopenReason: ctx.body.remark ?? null },
  };
}

export const improvementKind = defineKind({
  def: improvementDefinition,
  header: improvement,
  lines: improvementItem,
  documentId: improvementItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  save: saveImprovement,
  ownRoutes: ['answer', 'reopen'],
  effects: { answer, close, reopen },
});

/** The supplier's answer through the kernel: lock, version ('409'), guard, effect, audit row, message. */
export function answerImprovement(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: { version: number; remark?: string; answers: ImprovementAnswer[] },
): Promise<DocRow> {
  return improvementKind.runAction(db, env, auth, 'sale', 'answer', id, body);
}

/** The buyer's reopen through the kernel (reason = remark, required by the route's schema). */
export function reopenImprovement(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: { version: number; remark: string; lineIds?: string[] },
): Promise<DocRow> {
  return improvementKind.runAction(db, env, auth, 'purchase', 'reopen', id, body);
}
