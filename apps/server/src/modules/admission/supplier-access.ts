import {
  accessSectionsSchema,
  answerProblem,
  certificationProblems,
  type Problem,
  submitProblems,
  supplierAccessDefinition,
} from '@srm/contracts/admission';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit-trail.ts';
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
  linkedBuyerSql,
  type SaveContext,
  userKey,
} from '../../platform/document/kind.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { nextDocumentNumber } from '../../platform/numbering.ts';
import { attachment } from '../../platform/tables.ts';
import { accountRelation, company } from '../account/tables.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { supplierAccess, supplierAccessItem } from './tables.ts';
import { categoryNames, problemsError, releasedTemplate, zodError } from './templates.ts';

/**
 * The supplier admission form, kind `supplierAccess` (issue #16; seed 001 §3 "Supplier admission form"):
 * the supplier fills it for a linked buyer and one of the buyer's categories (the buyer's released
 * qualification template of that category gives the questionnaire and the required attachment types),
 * saves it as a draft and submits it (`send`: required answers and attachment types checked, the buyer's
 * supplier master row made if missing — stage stranger — with access_status 'applying'). The buyer's
 * person in charge approves it (`admit`, under the approval flow "qualification" when configured) or
 * rejects it with a reason (`refuse`: access_status 'rejected'; the supplier corrects and submits again).
 * Admission writes the form's company data, contacts, banks and certifications into the supplier master,
 * access_status 'admitted', stage stranger → potential with a 'supplierMasterData' audit row — one
 * transaction.
 */

type AccessRow = typeof supplierAccess.$inferSelect;

/** The form's JSON sections of a save body, checked ('400' naming the field and rule). */
export function checkSections(body: Record<string, unknown>) {
  const parsed = accessSectionsSchema.safeParse({
    contacts: body.contacts ?? [],
    banks: body.banks ?? [],
    certifications: body.certifications ?? [],
    attachments: body.attachments ?? [],
  });
  if (!parsed.success) throw zodError('body', parsed.error, body);
  const problems: Problem[] = certificationProblems(parsed.data.certifications);
  if (problems.length > 0) throw problemsError(problems);
  return parsed.data;
}

async function saveAccess(ctx: SaveContext) {
  const { tx, auth, body, current } = ctx;
  const supplier = auth.elsAccount;
  // The buyer and category are fixed once the form exists (its template was chosen by them).
  const buyer = (current?.elsAccount as string | undefined) ?? text(body, 'elsAccount') ?? '';
  const category = (current?.accessCategory as string | undefined) ?? text(body, 'accessCategory') ?? '';
  const sections = checkSections(body);
  const [link] = await tx
    .select({ buyer: accountRelation.elsAccount })
    .from(accountRelation)
    .where(and(eq(accountRelation.elsAccount, buyer), eq(accountRelation.toElsAccount, supplier)));
  if (!link) throw badRequest('buyerNotLinked', { account: buyer });
  const template = current
    ? {
        id: current.templateId as string,
        templateCode: current.templateCode as string,
        templateName: current.templateName as string,
        principal: current.principal as string | null,
        attachmentTypes: current.attachmentTypes as string[],
        items: ctx.currentLines.map((l) => ({
          itemName: l.itemName as string,
          answerType: l.answerType as 'text',
          required: l.required === 'Y',
          options: l.answerOptions ? (l.answerOptions as string).split(' | ') : undefined,
        })),
      }
    : await releasedTemplate(tx, buyer, category);
  if (!template) throw badRequest('admissionNoTemplate', { account: buyer, category });
  // Answers by item name; each must fit its item's type.
  const answers = new Map<string, string>();
  for (const line of body.lines) {
    const name = typeof line.itemName === 'string' ? line.itemName.trim() : '';
    const answer = typeof line.answer === 'string' ? line.answer.trim() : '';
    if (name) answers.set(name, answer);
  }
  const problems: Problem[] = [];
  for (const item of template.items) {
    const rule = answerProblem(item, answers.get(item.itemName) ?? '');
    if (rule) problems.push({ field: 'lines.answer', rule, value: item.itemName });
  }
  const typed = new Set(template.attachmentTypes);
  for (const [n, a] of sections.attachments.entries())
    if (!typed.has(a.attachmentType))
      problems.push({
        field: `attachments.${n}.attachmentType`,
        rule: 'attachmentUnknownType',
        value: a.attachmentType,
      });
  if (problems.length > 0) throw problemsError(problems);
  // Typed attachments are the supplier's own files attached to this form (kernel attachments).
  const ids = [...new Set(sections.attachments.map((a) => a.attachmentId))];
  const files =
    ids.length === 0 || !current
      ? []
      : await tx
          .select({ id: attachment.id, fileName: attachment.fileName })
          .from(attachment)
          .where(
            and(
              inArray(attachment.id, ids),
              eq(attachment.elsAccount, supplier),
              eq(attachment.businessType, supplierAccessDefinition.kind),
              eq(attachment.businessId, current.id),
            ),
          );
  const missing = ids.find((id) => !files.some((f) => f.id === id));
  if (missing) throw badRequest('admissionAttachmentUnknown', { id: missing });
  const names = await tx
    .select({ elsAccount: company.elsAccount, companyName: company.companyName })
    .from(company)
    .where(inArray(company.elsAccount, [buyer, supplier]));
  const nameOf = (account: string) => names.find((n) => n.elsAccount === account)?.companyName ?? account;
  const categoryName = (await categoryNames(tx, buyer, [category])).get(category) ?? null;
  return {
    header: {
      elsAccount: buyer,
      toElsAccount: supplier,
      applyDate: (current?.applyDate as string | undefined) ?? (await companyToday(tx, buyer)),
      accessOrg: nameOf(buyer),
      supplierName: nameOf(supplier),
      accessCategory: category,
      accessCategoryName: categoryName,
      templateId: template.id,
      templateCode: template.templateCode,
      templateName: template.templateName,
      attachmentTypes: template.attachmentTypes,
      principal: template.principal,
      supplierGroup: text(body, 'supplierGroup'),
      fullName: text(body, 'fullName'),
      socialCreditCode: text(body, 'socialCreditCode'),
      legalRepresentative: text(body, 'legalRepresentative'),
      registerCapital: text(body, 'registerCapital'),
      registerDate: text(body, 'registerDate'),
      nature: text(body, 'nature'),
      isListed: text(body, 'isListed'),
      industry: text(body, 'industry'),
      countryCode: (text(body, 'countryCode') ?? 'CN').toUpperCase(),
      address: text(body, 'address'),
      contacts: sections.contacts,
      banks: sections.banks,
      certifications: sections.certifications,
      attachments: sections.attachments.map((a) => ({
        ...a,
        fileName: files.find((f) => f.id === a.attachmentId)?.fileName ?? a.fileName,
      })),
    },
    lines: template.items.map((item) => ({
      itemName: item.itemName,
      answerType: item.answerType,
      required: item.required ? 'Y' : 'N',
      answerOptions: item.options?.join(' | ') ?? null,
      answer: answers.get(item.itemName) || null,
    })),
  };
}

/** The buyer's supplier master row of the pair, locked; made (stage stranger, code auto) when missing. */
async function masterRow(tx: Tx, row: DocRow, actor: string) {
  const pair = and(
    eq(supplierMaster.elsAccount, row.elsAccount),
    eq(supplierMaster.toElsAccount, row.toElsAccount),
  );
  const [found] = await tx.select().from(supplierMaster).where(pair).for('update');
  if (found) return found;
  const values = {
    elsAccount: row.elsAccount,
    toElsAccount: row.toElsAccount,
    supplierCode: `S${row.toElsAccount}`,
    fullName: row.supplierName,
    supplierStatus: 'stranger',
    createUser: actor,
    lastUpdateUser: actor,
  };
  // The code S{account} as registration gives it, or a numbered one when the buyer already uses it.
  let [made] = await tx.insert(supplierMaster).values(values).onConflictDoNothing().returning();
  if (!made)
    [made] = await tx
      .insert(supplierMaster)
      .values({ ...values, supplierCode: await nextDocumentNumber(tx, row.elsAccount, 'S') })
      .returning();
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: 'supplierMasterData',
    documentId: made.id,
    action: 'create',
    fromStatus: null,
    toStatus: 'stranger',
    createUser: actor,
  });
  return made;
}

/** Submitting: required answers and attachment types (400 naming which); master row 'applying'. */
async function send(ctx: ActionContext) {
  const row = ctx.row as unknown as AccessRow;
  const problems = submitProblems(
    ctx.lines.map((l) => ({ itemName: l.itemName, required: l.required === 'Y', answer: l.answer })),
    row.attachmentTypes,
    row.attachments,
  );
  if (problems.length > 0) throw problemsError(problems);
  const master = await masterRow(ctx.tx, ctx.row, userKey(ctx.auth));
  await ctx.tx
    .update(supplierMaster)
    .set({
      accessStatus: 'applying',
      lastUpdateDate: sql`now()`,
      version: sql`${supplierMaster.version} + 1`,
    })
    .where(eq(supplierMaster.id, master.id));
  return { set: { rejectReason: null } };
}

/** Only the form's person in charge or a buyer administrator reviews it ('403' otherwise). */
function assertReviewer(auth: AuthContext, row: DocRow) {
  if (auth.permission === 'admin' || !row.principal || row.principal === auth.elsSubAccount) return;
  throw new AppError('403', 'admissionNotPrincipal', { principal: String(row.principal) });
}

/** Rejecting: the reason is kept on the form, the master's access_status 'rejected'. */
async function refuse(ctx: ActionContext) {
  assertReviewer(ctx.auth, ctx.row);
  const master = await masterRow(ctx.tx, ctx.row, userKey(ctx.auth));
  await ctx.tx
    .update(supplierMaster)
    .set({
      accessStatus: 'rejected',
      lastUpdateDate: sql`now()`,
      version: sql`${supplierMaster.version} + 1`,
    })
    .where(eq(supplierMaster.id, master.id));
  return { set: { rejectReason: ctx.body.remark ?? null }, content: ctx.body.remark ?? '' };
}

/** Withdrawing the review's approval drops the kept request (its tasks are cancelled). */
async function withdrawAdmit(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'qualification', ctx.row);
  return undefined;
}

export const supplierAccessKind = defineKind({
  def: supplierAccessDefinition,
  header: supplierAccess,
  lines: supplierAccessItem,
  documentId: supplierAccessItem.documentId,
  // Data permissions (issue #19): the buyer's users see the suppliers they are given.
  dataPermission: { supplier: 'toElsAccount' },
  numberOwner: 'purchase',
  save: saveAccess,
  // A copy keeps the JSON sections and the answers (by item name); typed attachments name the source's
  // own files, so the copy starts without them.
  inputColumns: { header: ['contacts', 'banks', 'certifications'], lines: ['itemName'] },
  effects: { send, refuse, withdrawAdmit },
  ownRoutes: ['admit'],
  approvalContent: (row) => `${row.supplierName} · ${row.accessCategoryName ?? row.accessCategory}`,
});

/**
 * Admits the supplier (the form waiting for review, locked and current): applyStatus 2, the master row's
 * company data, contacts, banks, address and certifications from the form, access_status 'admitted',
 * stage stranger → potential with a 'supplierMasterData' audit row (other stages stay), the supplier told.
 */
async function applyAdmit(tx: Tx, env: string, actor: AuthContext, row: DocRow, remark?: string) {
  const form = row as unknown as AccessRow;
  const master = await masterRow(tx, row, userKey(actor));
  const toStatus = master.supplierStatus === 'stranger' ? 'potential' : master.supplierStatus;
  const companyData = {
    legalRepresentative: form.legalRepresentative,
    registerCapital: form.registerCapital,
    registerDate: form.registerDate,
    nature: form.nature,
    isListed: form.isListed,
    industry: form.industry,
    countryCode: form.countryCode,
    supplierGroup: form.supplierGroup,
    accessCategory: form.accessCategory,
    accessNumber: form.applyNumber,
  };
  const [updated] = await tx
    .update(supplierMaster)
    .set({
      fullName: form.fullName,
      socialCreditCode: form.socialCreditCode ?? master.socialCreditCode,
      contacts: form.contacts.length > 0 ? form.contacts : master.contacts,
      banks: form.banks.length > 0 ? form.banks : master.banks,
      addresses: form.address
        ? [{ country: form.countryCode ?? 'CN', address: form.address }]
        : master.addresses,
      certifications: form.certifications,
      accessStatus: 'admitted',
      supplierStatus: toStatus,
      extendFields: { ...master.extendFields, ...companyData },
      lastUpdateUser: userKey(actor),
      lastUpdateDate: sql`now()`,
      version: sql`${supplierMaster.version} + 1`,
    })
    .where(and(eq(supplierMaster.id, master.id), eq(supplierMaster.version, master.version)))
    .returning();
  if (!updated) throw conflict();
  await recordAudit(tx, {
    elsAccount: row.elsAccount,
    documentKind: 'supplierMasterData',
    documentId: master.id,
    action: 'admission',
    fromStatus: master.supplierStatus,
    toStatus,
    remark: form.applyNumber,
    createUser: userKey(actor),
  });
  const after = await supplierAccessKind.transition(
    tx,
    actor,
    row,
    { applyStatus: '2' },
    'admit',
    remark ?? null,
  );
  await supplierAccessKind.tell(
    tx,
    env,
    actor,
    'purchase',
    row,
    after,
    supplierAccessDefinition.actions.admit,
  );
  return after;
}

/**
 * POST …/PurchaseSupplierAccessService/admit/{id} body { version, remark? } — the person in charge (or an
 * administrator) approves a form waiting for review. With steps of the flow "qualification" configured the
 * approval waits for them (auditStatus 1, approvers told; `pending` true), else it is applied at once.
 * '403' another reviewer, '400' wrong status, '409' stale, '404' not the caller's.
 */
export async function admit(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: { version: number; remark?: string },
): Promise<{ row: DocRow; pending: boolean }> {
  supplierAccessKind.assertSide(auth, 'purchase', 'admit', id);
  return db.transaction(async (tx) => {
    const row = await supplierAccessKind.find(tx, auth, 'purchase', id, true);
    if (row.version !== body.version) throw conflict();
    supplierAccessKind.assertAllowed(row, 'purchase', 'admit');
    assertReviewer(auth, row);
    const asked = await requestAction<{ remark?: string }, DocRow>(
      tx,
      env,
      auth,
      'qualification',
      row,
      { remark: body.remark },
      body.remark,
    );
    return asked.state === 'done' ? { row: asked.result, pending: false } : { row: asked.row, pending: true };
  });
}

/** Registers the review's approval (task type "qualification"): the approved review runs as its requester. */
export function registerAdmitApproval(env: string): void {
  registerActionApproval<{ remark?: string }, DocRow>(env, supplierAccessKind, {
    action: 'admit',
    run: (tx, actor, row, payload) => applyAdmit(tx, env, actor, row, payload.remark),
  });
}

/** The home figures' names of the admission statuses (APPLY_STATUS 0 … 3). */
export const ADMISSION_FIGURES = {
  accessDraft: '0',
  accessWaiting: '1',
  accessAdmitted: '2',
  accessRejected: '3',
} as const;

/**
 * The supplier home's admission figures (issue #16 "supplier home admission card"): how many of the
 * supplier's own admission forms are drafts, wait for review, were admitted or rejected — forms of buyers
 * it is linked with now (the inbox rule), one grouped count on the sale list index's leading column.
 */
export async function admissionCounts(db: Queryable, supplier: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: supplierAccess.applyStatus, n: count() })
    .from(supplierAccess)
    .where(
      and(eq(supplierAccess.toElsAccount, supplier), linkedBuyerSql(supplierAccess.elsAccount, supplier)),
    )
    .groupBy(supplierAccess.applyStatus);
  return Object.fromEntries(
    Object.entries(ADMISSION_FIGURES).map(([name, status]) => [
      name,
      Number(rows.find((r) => r.status === status)?.n ?? 0),
    ]),
  );
}
