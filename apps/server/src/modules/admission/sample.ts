import { sampleDefinition, sampleTemplateDefinition } from '@srm/contracts/inspection';
import { and, asc, eq } from 'drizzle-orm';
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
import { badRequest, conflict } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { admissibleSupplier, assertUniqueItems } from './inspection.ts';
import { sample, sampleItem, sampleTemplate, sampleTemplateItem } from './inspection-tables.ts';

/**
 * Sample templates and samples (issue #16; contracts inspection.ts). A sample is requested from a linked,
 * not blacklisted supplier with a released sample template (its test items are copied); the supplier sends
 * it (ship date, quantity, tracking number); the buyer records per item pass/fail, value and remark by
 * editing the sample (only those fields: the request stays as sent), then submits the conclusion under the
 * approval "sample"; approved → passed (3) / failed (4), the supplier told in its language.
 */

async function saveSampleTemplate(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  assertUniqueItems(body.lines);
  return {
    header: {
      elsAccount: auth.elsAccount,
      toElsAccount: auth.elsAccount,
      templateName: text(body, 'templateName'),
      templateDate:
        (current?.templateDate as string | undefined) ?? (await companyToday(tx, auth.elsAccount)),
      remark: text(body, 'remark'),
    },
    lines: body.lines.map((l) => ({ itemName: String(l.itemName).trim(), standard: text(l, 'standard') })),
  };
}

export const sampleTemplateKind = defineKind({
  def: sampleTemplateDefinition,
  header: sampleTemplate,
  lines: sampleTemplateItem,
  documentId: sampleTemplateItem.documentId,
  save: saveSampleTemplate,
});

async function releasedSampleTemplate(db: Queryable, buyer: string, templateId: string) {
  const [template] = await db
    .select()
    .from(sampleTemplate)
    .where(
      and(
        eq(sampleTemplate.id, templateId),
        eq(sampleTemplate.elsAccount, buyer),
        eq(sampleTemplate.templateStatus, 'RELEASE'),
      ),
    );
  if (!template) throw badRequest('templateNotReleased');
  const items = await db
    .select()
    .from(sampleTemplateItem)
    .where(eq(sampleTemplateItem.documentId, template.id))
    .orderBy(asc(sampleTemplateItem.lineNumber));
  return { template, items };
}

/**
 * A sample's save. A draft (status 0): the request's fields; a new one copies its template's test items.
 * A sent sample (status 2): only the results of the lines (by item name; an unknown one '400'
 * itemNotInTemplate), the request stays as the supplier received it.
 */
async function saveSample(ctx: SaveContext) {
  const { tx, auth, body, current, currentLines } = ctx;
  const buyer = auth.elsAccount;
  assertUniqueItems(body.lines);
  let items: Array<{ itemName: string; standard: string | null }>;
  let header: Record<string, unknown>;
  if (current) {
    items = currentLines.map((l) => ({ itemName: l.itemName, standard: l.standard }));
    header =
      current.sampleStatus === '0'
        ? {
            materialNumber: text(body, 'materialNumber'),
            materialDesc: text(body, 'materialDesc'),
            quantity: text(body, 'quantity'),
            requiredDate: text(body, 'requiredDate'),
            remark: text(body, 'remark'),
          }
        : {};
  } else {
    const supplier = text(body, 'toElsAccount') ?? '';
    const names = await admissibleSupplier(tx, buyer, supplier);
    const { template, items: templateItems } = await releasedSampleTemplate(
      tx,
      buyer,
      String(body.templateId),
    );
    items = templateItems.map((i) => ({ itemName: i.itemName, standard: i.standard }));
    header = {
      elsAccount: buyer,
      toElsAccount: supplier,
      ...names,
      templateId: template.id,
      templateName: template.templateName,
      materialNumber: text(body, 'materialNumber'),
      materialDesc: text(body, 'materialDesc'),
      quantity: text(body, 'quantity'),
      requiredDate: text(body, 'requiredDate'),
      remark: text(body, 'remark'),
    };
  }
  const results = new Map<string, Record<string, string | null>>();
  body.lines.forEach((line, index) => {
    const name = String(line.itemName ?? '').trim();
    const item = items.find((i) => i.itemName.toLowerCase() === name.toLowerCase());
    if (!item) throw badRequest('itemNotInTemplate', { index, name });
    results.set(item.itemName, {
      testResult: text(line, 'testResult'),
      testValue: text(line, 'testValue'),
      testRemark: text(line, 'testRemark'),
    });
  });
  // Results are recorded once the sample is there; a draft keeps none.
  const recording = current?.sampleStatus === '2';
  return {
    header,
    lines: items.map((i) => ({
      ...i,
      testResult: recording ? (results.get(i.itemName)?.testResult ?? null) : null,
      testValue: recording ? (results.get(i.itemName)?.testValue ?? null) : null,
      testRemark: recording ? (results.get(i.itemName)?.testRemark ?? null) : null,
    })),
  };
}

/** The supplier's shipment: ship date, quantity, tracking number and remark onto the sample. */
async function send(ctx: ActionContext) {
  const { body } = ctx;
  return {
    set: {
      shipDate: body.shipDate,
      shipQuantity: body.shipQuantity,
      trackingNumber: String(body.trackingNumber ?? '').trim(),
      shipRemark: body.remark ?? null,
    },
  };
}

async function withdrawConclusion(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'sampleNumber', ctx.row);
  return undefined;
}

export const sampleKind = defineKind({
  def: sampleDefinition,
  header: sample,
  lines: sampleItem,
  documentId: sampleItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  save: saveSample,
  ownRoutes: ['conclude'],
  effects: { send, withdrawConclusion },
});

type ConcludeBody = { conclusion: 'pass' | 'fail'; remark: string | null };

/**
 * '400' when a test item has no result (sampleNotTested) or the conclusion "pass" contradicts a failed item
 * (sampleConclusionConflict).
 */
function assertConclusion(lines: ReadonlyArray<DocRow>, conclusion: string): void {
  const open = lines.find((l) => !l.testResult);
  if (open) throw badRequest('sampleNotTested', { name: String(open.itemName) });
  const failed = lines.find((l) => l.testResult === 'fail');
  if (conclusion === 'pass' && failed)
    throw badRequest('sampleConclusionConflict', { name: String(failed.itemName) });
}

async function applyConclusion(tx: Tx, env: string, actor: AuthContext, row: DocRow, body: ConcludeBody) {
  assertConclusion(await sampleKind.findLines(tx, row.id), body.conclusion);
  const passed = body.conclusion === 'pass';
  const updated = await sampleKind.transition(
    tx,
    actor,
    row,
    { sampleStatus: passed ? '3' : '4', conclusion: body.conclusion, conclusionRemark: body.remark },
    'conclude',
    body.remark,
  );
  await sampleKind.tell(
    tx,
    env,
    actor,
    'purchase',
    row,
    updated,
    {
      label: sampleDefinition.actions.conclude.label,
      sides: {},
      notify: {
        to: 'counterpart',
        title: passed
          ? { zh_cn: '样品检测合格：{number}', en: 'Sample passed: {number}' }
          : { zh_cn: '样品检测不合格：{number}', en: 'Sample failed: {number}' },
      },
    },
    body.remark ?? undefined,
  );
  return updated;
}

/** Registers the conclusion's approval (task type "sample", APPROVAL_KINDS sampleNumber). */
export function registerSampleApproval(env: string): void {
  registerActionApproval<ConcludeBody, DocRow>(env, sampleKind, {
    action: 'conclude',
    run: (tx, actor, row, payload) => applyConclusion(tx, env, actor, row, payload),
  });
}

/**
 * Submits a sample's conclusion (buyer, status sent, every item with a result): under the company's
 * "sample" approval when configured (`pending` true), else at once. '400' rules or status, '404', '409'.
 */
export async function concludeSample(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: { version: number; conclusion: 'pass' | 'fail'; remark?: string },
): Promise<{ record: DocRow; pending: boolean }> {
  sampleKind.assertSide(auth, 'purchase', 'conclude', id);
  return db.transaction(async (tx) => {
    const row = await sampleKind.find(tx, auth, 'purchase', id, true);
    if (row.version !== body.version) throw conflict();
    sampleKind.assertAllowed(row, 'purchase', 'conclude');
    assertConclusion(await sampleKind.findLines(tx, id), body.conclusion);
    const payload: ConcludeBody = { conclusion: body.conclusion, remark: body.remark ?? null };
    const asked = await requestAction<ConcludeBody, DocRow>(
      tx,
      env,
      auth,
      'sampleNumber',
      row,
      payload,
      body.remark,
    );
    return asked.state === 'done'
      ? { record: asked.result, pending: false }
      : { record: asked.row, pending: true };
  });
}
