import {
  DEFAULT_WEIGHT,
  duplicateItemName,
  facInsDefinition,
  facInsTemplateDefinition,
  inspectionResult,
  isInspector,
  maxTotal,
  parseScore,
  scoreText,
} from '@srm/contracts/inspection';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companyToday } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import {
  dropActionRequest,
  registerActionApproval,
  requestAction,
} from '../../platform/document/action-approval.ts';
import { bodyText as text } from '../../platform/document/body-text.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
} from '../../platform/document/kind.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { subaccount } from '../account/tables.ts';
import { linkedPair } from '../finance/fee-sheet.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { facIns, facInsItem, facInsRevItem, facInsTemplate } from './inspection-tables.ts';

/**
 * Factory inspection templates and factory inspections (issue #16; contracts inspection.ts). Templates:
 * buyer-internal, review item names unique per template ('400' duplicateItemNames), max scores > 0, the
 * template's full score is the sum of its max scores. Inspections: a linked supplier that is not blacklisted,
 * a released template of the buyer (its items and pass score are copied), inspectors that are buyer
 * sub-accounts; scores 0 … max (2 decimals), kept per item; the result (exact total, pass when ≥ pass score)
 * is written when the approval "inspection" ends (or at once without approval steps).
 */

/** '400' duplicateItemNames when two lines of a body name the same item (trimmed, case-insensitive). */
export function assertUniqueItems(lines: ReadonlyArray<Record<string, unknown>>): void {
  const duplicate = duplicateItemName(lines.map((l) => String(l.itemName ?? '')));
  if (duplicate !== null) throw badRequest('duplicateItemNames', { name: duplicate });
}

/**
 * A template's save: unique item names, weights (default 1), the weighted sum of the max scores, today's
 * date on creation.
 */
async function saveFacInsTemplate(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  assertUniqueItems(body.lines);
  const lines = body.lines.map((l) => ({
    itemName: String(l.itemName).trim(),
    maxScore: scoreText(String(l.maxScore)),
    weight: scoreText(text(l, 'weight') ?? DEFAULT_WEIGHT, DEFAULT_WEIGHT),
    guidance: text(l, 'guidance'),
  }));
  return {
    header: {
      elsAccount: auth.elsAccount,
      toElsAccount: auth.elsAccount,
      templateName: text(body, 'templateName'),
      templateDate:
        (current?.templateDate as string | undefined) ?? (await companyToday(tx, auth.elsAccount)),
      passScore: scoreText(String(body.passScore)),
      maxTotal: maxTotal(lines),
      remark: text(body, 'remark'),
    },
    lines,
  };
}

export const facInsTemplateKind = defineKind({
  def: facInsTemplateDefinition,
  header: facInsTemplate,
  lines: facInsRevItem,
  documentId: facInsRevItem.documentId,
  save: saveFacInsTemplate,
});

/**
 * The supplier of a new inspection or sample: linked with the buyer and not blacklisted (seed 001 supplier
 * stages); answers both company names. '400' supplierNotLinked / supplierBlacklisted.
 */
export async function admissibleSupplier(db: Queryable, buyer: string, supplier: string) {
  const names = await linkedPair(db, buyer, supplier, 'supplier');
  const [master] = await db
    .select({ supplierStatus: supplierMaster.supplierStatus })
    .from(supplierMaster)
    .where(and(eq(supplierMaster.elsAccount, buyer), eq(supplierMaster.toElsAccount, supplier)));
  if (master?.supplierStatus === 'blacklist') throw badRequest('supplierBlacklisted', { account: supplier });
  return names;
}

/**
 * A released template of the buyer with its items in order; '400' templateNotReleased otherwise (another
 * company's template, a draft or revoked one, an unknown id).
 */
async function releasedFacInsTemplate(db: Queryable, buyer: string, templateId: string) {
  const [template] = await db
    .select()
    .from(facInsTemplate)
    .where(
      and(
        eq(facInsTemplate.id, templateId),
        eq(facInsTemplate.elsAccount, buyer),
        eq(facInsTemplate.templateStatus, 'RELEASE'),
      ),
    );
  if (!template) throw badRequest('templateNotReleased');
  const items = await db
    .select()
    .from(facInsRevItem)
    .where(eq(facInsRevItem.documentId, template.id))
    .orderBy(asc(facInsRevItem.lineNumber));
  return { template, items };
}

/** The inspectors, comma-separated buyer sub-accounts (each must exist); normalised "a, b". */
async function checkInspectors(db: Queryable, buyer: string, inspectors: string): Promise<string> {
  const names = [
    ...new Set(
      inspectors
        .split(/[,，;；\s]+/)
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    ),
  ];
  if (names.length === 0) throw badRequest('rule.required', { field: 'body.inspectors' });
  const found = await db
    .select({ elsSubAccount: subaccount.elsSubAccount })
    .from(subaccount)
    .where(
      and(
        eq(subaccount.elsAccount, buyer),
        eq(subaccount.station, 'purchase'),
        inArray(subaccount.elsSubAccount, names),
      ),
    );
  const missing = names.find((n) => !found.some((f) => f.elsSubAccount === n));
  if (missing) throw badRequest('inspectorNotFound', { name: missing });
  return names.join(', ');
}

/**
 * An inspection's save. New: supplier, template (released), items copied from it. Edit: supplier and
 * template stay; the body's lines give the scores of the items by name (an item not on the inspection
 * '400' itemNotInTemplate; a name twice '400' duplicateItemNames; a score outside 0 … max '400'
 * scoreOutOfRange naming the line). Items not in the body keep no score.
 */
async function saveFacIns(ctx: SaveContext) {
  const { tx, auth, body, current, currentLines } = ctx;
  const buyer = auth.elsAccount;
  let supplier: string;
  let items: Array<{ itemName: string; maxScore: string; weight: string; guidance: string | null }>;
  let templateHeader: { templateId: string; templateName: string; passScore: string };
  if (current) {
    supplier = current.toElsAccount;
    items = currentLines.map((l) => ({
      itemName: l.itemName,
      maxScore: l.maxScore,
      weight: l.weight,
      guidance: l.guidance,
    }));
    templateHeader = {
      templateId: current.templateId,
      templateName: current.templateName,
      passScore: current.passScore,
    };
  } else {
    supplier = text(body, 'toElsAccount') ?? '';
    const { template, items: templateItems } = await releasedFacInsTemplate(
      tx,
      buyer,
      String(body.templateId),
    );
    items = templateItems.map((i) => ({
      itemName: i.itemName,
      maxScore: i.maxScore,
      weight: i.weight,
      guidance: i.guidance,
    }));
    templateHeader = {
      templateId: template.id,
      templateName: template.templateName,
      passScore: template.passScore,
    };
  }
  const names = await admissibleSupplier(tx, buyer, supplier);
  assertUniqueItems(body.lines);
  const inspectors = await checkInspectors(tx, buyer, text(body, 'inspectors') ?? '');
  const scores = new Map<string, { score: string | null; scoreRemark: string | null }>();
  body.lines.forEach((line, index) => {
    const name = String(line.itemName ?? '').trim();
    const item = items.find((i) => i.itemName.toLowerCase() === name.toLowerCase());
    if (!item) throw badRequest('itemNotInTemplate', { index, name });
    const given = text(line, 'score');
    if (given !== null) {
      const score = parseScore(given);
      if (score === null || score.gt(parseScore(item.maxScore) ?? 0))
        throw badRequest('scoreOutOfRange', { index, max: item.maxScore, name: item.itemName });
    }
    scores.set(item.itemName, {
      score: given === null ? null : scoreText(given),
      scoreRemark: text(line, 'scoreRemark'),
    });
  });
  // Only the inspection's inspectors score (issue #16): as saved before this edit, so nobody names
  // themselves and scores in one save; a new inspection's scores by its own inspectors.
  const assigned = current ? String(current.inspectors) : inspectors;
  if (!isInspector(assigned, auth.elsSubAccount)) {
    const before = new Map(currentLines.map((l) => [l.itemName as string, l]));
    const changed = items.find((i) => {
      const now = scores.get(i.itemName);
      const was = before.get(i.itemName);
      return (
        (now?.score ?? null) !== (was?.score ?? null) ||
        (now?.scoreRemark ?? null) !== (was?.scoreRemark ?? null)
      );
    });
    if (changed)
      throw new AppError('403', 'inspectionNotInspector', {
        name: changed.itemName,
        user: auth.elsSubAccount,
        inspectors: assigned,
      });
  }
  return {
    header: {
      elsAccount: buyer,
      toElsAccount: supplier,
      ...names,
      ...templateHeader,
      inspectionDate: text(body, 'inspectionDate'),
      inspectors,
      remark: text(body, 'remark'),
    },
    lines: items.map((i) => ({
      ...i,
      score: scores.get(i.itemName)?.score ?? null,
      scoreRemark: scores.get(i.itemName)?.scoreRemark ?? null,
    })),
  };
}

/** Withdrawing the result's approval drops the kept request and its tasks. */
async function withdrawConclusion(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'facIns', ctx.row);
  return undefined;
}

export const facInsKind = defineKind({
  def: facInsDefinition,
  header: facIns,
  lines: facInsItem,
  documentId: facInsItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  save: saveFacIns,
  ownRoutes: ['conclude'],
  effects: { withdrawConclusion },
  /** The supplier sees scores only once the result is approved (passed / failed). */
  linesFor: async (_db, _auth, side, row, lines) =>
    side === 'sale' && !['2', '3'].includes(String(row.facInsStatus))
      ? lines.map((l) => ({ ...l, score: null, scoreRemark: null }))
      : lines,
});

/** '400' inspectionNotScored naming the first item without a score. */
function assertScored(lines: ReadonlyArray<DocRow>): void {
  const open = lines.find((l) => l.score === null || l.score === undefined || l.score === '');
  if (open) throw badRequest('inspectionNotScored', { name: String(open.itemName) });
}

/**
 * Writes an inspection's result (the approved request, or at once without approval steps): the exact total
 * of the current scores, pass when ≥ the pass score, status passed (2) / failed (3); the supplier is told in
 * its language.
 */
async function applyConclusion(tx: Tx, env: string, actor: AuthContext, row: DocRow, remark: string | null) {
  const lines = await facInsKind.findLines(tx, row.id);
  assertScored(lines);
  const { total, result } = inspectionResult(
    lines.map((l) => ({ score: String(l.score), weight: String(l.weight) })),
    String(row.passScore),
  );
  const updated = await facInsKind.transition(
    tx,
    actor,
    row,
    { facInsStatus: result === 'pass' ? '2' : '3', totalScore: total, result },
    'conclude',
    remark,
  );
  await facInsKind.tell(
    tx,
    env,
    actor,
    'purchase',
    row,
    updated,
    {
      label: facInsDefinition.actions.conclude.label,
      sides: {},
      notify: {
        to: 'counterpart',
        title:
          result === 'pass'
            ? { zh_cn: '验厂通过：{number}', en: 'Factory inspection passed: {number}' }
            : { zh_cn: '验厂未通过：{number}', en: 'Factory inspection failed: {number}' },
      },
    },
    { zh_cn: `总分 ${total} / 合格分 ${row.passScore}`, en: `Total ${total} / pass score ${row.passScore}` },
  );
  return updated;
}

/** Registers the result's approval (task type "inspection", APPROVAL_KINDS facIns). */
export function registerFacInsApproval(env: string): void {
  registerActionApproval<{ remark: string | null }, DocRow>(env, facInsKind, {
    action: 'conclude',
    run: (tx, actor, row, payload) => applyConclusion(tx, env, actor, row, payload.remark),
  });
}

/**
 * Submits an inspection's result (buyer, status inspecting, every item scored): under the company's
 * "inspection" approval when configured (auditStatus 1, approvers told; `pending` true), else the result is
 * written at once. '400' an item without a score or a status that does not allow it, '404' not the caller's,
 * '409' stale version.
 */
export async function concludeFacIns(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: { version: number; remark?: string },
): Promise<{ record: DocRow; pending: boolean }> {
  facInsKind.assertSide(auth, 'purchase', 'conclude', id);
  return db.transaction(async (tx) => {
    const row = await facInsKind.find(tx, auth, 'purchase', id, true);
    if (row.version !== body.version) throw conflict();
    facInsKind.assertAllowed(row, 'purchase', 'conclude');
    assertScored(await facInsKind.findLines(tx, id));
    const asked = await requestAction<{ remark: string | null }, DocRow>(
      tx,
      env,
      auth,
      'facIns',
      row,
      { remark: body.remark ?? null },
      body.remark,
    );
    return asked.state === 'done'
      ? { record: asked.result, pending: false }
      : { record: asked.row, pending: true };
  });
}
