import { randomUUID } from 'node:crypto';
import { stepNameIn } from '@srm/contracts/approval-task';
import { DATA_ITEM_LABELS, type DataItem } from '@srm/contracts/data-permission';
import { type OrgUnitType, orgUnitTypeOfItem } from '@srm/contracts/org-master';
import { APPROVAL_KINDS, taskLink } from '@srm/contracts/task-links';
import { and, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AuditHandler, auditHandler, registerAuditHandler } from '../../platform/approval.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { type AuthContext, requireAdmin } from '../../platform/http.ts';
import type { ApproverNotice, FlowStart } from '../../platform/ports.ts';
import { userKeyJoin } from '../../platform/user-names.ts';
import { findRoleCodes } from '../account/repository.ts';
import { role, subaccount, subaccountRole } from '../account/tables.ts';
import { unknownOrgCodes } from '../masterdata/index.ts';
import { materialCategory } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { type TaskCandidates, taskCandidates } from './candidates.ts';
import {
  type ApprovalValues,
  type ConditionOffer,
  conditionOffer,
  matchingSteps,
  organisationItemsOf,
  usedDimensions,
} from './conditions.ts';
import { activeDelegates, delegatorsOf, subaccountNames } from './delegation.ts';
import { type AuditStep, auditCc, auditConfig, auditTask } from './tables.ts';

export { type AuditHandler, registerAuditHandler };

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

/** The environment name for carbon-copy messages (set when the routes are registered). */
let messageEnv: string | null = null;
/** Sets the environment name the approval module's own messages (carbon copies) are sent under. */
export function setAuditMessageEnv(env: string): void {
  messageEnv = env;
}

/** The steps that apply to an amount (in local currency): steps without minAmount always apply. */
export function applicableSteps(steps: AuditStep[], amount: number): Array<AuditStep & { index: number }> {
  return steps
    .map((step, index) => ({ ...step, index }))
    .filter((step) => step.minAmount === undefined || amount >= step.minAmount);
}

export async function findConfig(db: Queryable, elsAccount: string, documentKind: string) {
  const [row] = await db
    .select()
    .from(auditConfig)
    .where(and(eq(auditConfig.elsAccount, elsAccount), eq(auditConfig.documentKind, documentKind)));
  return row ?? null;
}

/**
 * Issue #33: a step is named in Chinese, in English or both (display falls back to the other); with
 * neither, '400' rule.required naming `body.steps.{i}.name`. Stored trimmed, an empty English name left out.
 */
function checkNames(steps: AuditStep[]): AuditStep[] {
  return steps.map((step, i) => {
    const name = step.name.trim();
    const nameEn = step.nameEn?.trim() ?? '';
    if (!name && !nameEn) throw badRequest('rule.required', { field: `body.steps.${i}.name` });
    const { nameEn: _drop, ...rest } = step;
    return nameEn ? { ...rest, name, nameEn } : { ...rest, name };
  });
}

/** Refuses CC recipients that are not sub-accounts (ccType user) or roles (ccType role) of the company. */
async function checkCc(tx: Queryable, elsAccount: string, steps: AuditStep[]) {
  for (const [i, step] of steps.entries()) {
    if (!step.cc?.length) continue;
    const known =
      step.ccType === 'role'
        ? (
            await tx
              .select({ code: role.roleCode })
              .from(role)
              .where(and(eq(role.elsAccount, elsAccount), inArray(role.roleCode, step.cc)))
          ).map((r) => r.code)
        : (
            await tx
              .select({ code: subaccount.elsSubAccount })
              .from(subaccount)
              .where(and(eq(subaccount.elsAccount, elsAccount), inArray(subaccount.elsSubAccount, step.cc)))
          ).map((r) => r.code);
    const unknown = step.cc.find((c) => !known.includes(c));
    if (unknown) throw badRequest('ccUnknown', { field: `body.steps.${i}.cc`, cc: unknown });
  }
}

/**
 * The organisation conditions (issue #19): each item a step names must be one the flow offers, and each of
 * its codes a record of the company's organisation masters of the item's type (enabled or disabled: a
 * disabled one already chosen stays valid, as in the data permissions; `unknownOrgCodes`, as they check). '400'
 * `conditionOrgUnknown` naming `body.steps.{i}.organisations.{item}`, the item and the codes.
 */
async function checkOrganisations(
  tx: Queryable,
  elsAccount: string,
  offer: ConditionOffer,
  steps: AuditStep[],
) {
  const wanted: Array<{ i: number; item: string; type: OrgUnitType; codes: string[] }> = [];
  for (const [i, step] of steps.entries())
    for (const [item, codes] of organisationItemsOf(step)) {
      const type = orgUnitTypeOfItem(item as DataItem);
      if (!type || !offer.organisations.some((o) => o.item === item))
        throw badRequest('conditionNoOrganisation', { field: `body.steps.${i}.organisations.${item}` });
      wanted.push({ i, item, type, codes });
    }
  for (const w of wanted) {
    const unknown = await unknownOrgCodes(tx, elsAccount, w.type, w.codes);
    if (unknown.length > 0)
      throw new AppError(
        '400',
        'conditionOrgUnknown',
        { field: `body.steps.${w.i}.organisations.${w.item}`, codes: unknown.join(', ') },
        null,
        (locale) => ({ item: DATA_ITEM_LABELS[w.item as DataItem][locale] }),
      );
  }
}

/**
 * Refuses conditions (issue #19) the flow cannot have or values it does not know, '400' naming the field:
 * a maximum amount not above the minimum; a condition on a document type, category or organisation the
 * flow's documents do not carry (conditionOffer); a document type outside the type field's codes; a
 * category that is not one of the company's material categories (any level); an organisation item the flow
 * does not offer or a code that is not a record of the company's organisation masters of that item.
 */
async function checkConditions(tx: Queryable, elsAccount: string, documentKind: string, steps: AuditStep[]) {
  const offer = conditionOffer(documentKind);
  const categories = new Set<string>();
  for (const [i, step] of steps.entries()) {
    if (step.maxAmount !== undefined && step.minAmount !== undefined && step.maxAmount <= step.minAmount)
      throw badRequest('conditionAmountRange', { field: `body.steps.${i}.maxAmount` });
    for (const dimension of usedDimensions(step)) {
      if (dimension === 'documentType' && !offer.documentType)
        throw badRequest('conditionNoDocumentType', { field: `body.steps.${i}.documentTypes` });
      if (dimension === 'categories' && !offer.categories)
        throw badRequest('conditionNoCategory', { field: `body.steps.${i}.categories` });
      if (dimension === 'organisations' && offer.organisations.length === 0)
        throw badRequest('conditionNoOrganisation', { field: `body.steps.${i}.organisations` });
    }
    const codes = offer.documentType?.codes ?? {};
    const unknownType = (step.documentTypes ?? []).find((code) => !(code in codes));
    if (unknownType !== undefined)
      throw badRequest('conditionTypeUnknown', {
        field: `body.steps.${i}.documentTypes`,
        code: unknownType,
        values: Object.keys(codes).join(', '),
      });
    for (const c of step.categories ?? []) categories.add(c);
  }
  await checkOrganisations(tx, elsAccount, offer, steps);
  if (categories.size === 0) return;
  const known = new Set(
    (
      await tx
        .select({ code: materialCategory.cateCode })
        .from(materialCategory)
        .where(
          and(
            eq(materialCategory.elsAccount, elsAccount),
            inArray(materialCategory.cateCode, [...categories]),
          ),
        )
    ).map((r) => r.code),
  );
  for (const [i, step] of steps.entries()) {
    const unknown = (step.categories ?? []).find((c) => !known.has(c));
    if (unknown !== undefined)
      throw badRequest('conditionCategoryUnknown', { field: `body.steps.${i}.categories`, code: unknown });
  }
}

/**
 * Saves the approval steps of a document kind (buyer admin); '409' on a stale version; '400' naming
 * `body.steps.{i}.cc` for a CC recipient the company does not have, and `body.steps.{i}.{condition}` for a
 * condition the flow cannot have (checkConditions), `body.steps.{i}.name` for a step with neither a Chinese
 * nor an English name (issue #33). A change applies to new submissions only: running approvals keep the
 * chain they matched (audit_task.chain), their tasks the step names they were created with.
 */
export async function saveConfig(
  db: Queryable,
  auth: AuthContext,
  body: { documentKind: string; steps: AuditStep[]; version?: number },
) {
  requireAdmin(auth);
  const steps = checkNames(body.steps);
  return db.transaction(async (tx) => {
    await checkCc(tx, auth.elsAccount, steps);
    await checkConditions(tx, auth.elsAccount, body.documentKind, steps);
    const current = await findConfig(tx, auth.elsAccount, body.documentKind);
    if (!current) {
      const [row] = await tx
        .insert(auditConfig)
        .values({
          elsAccount: auth.elsAccount,
          documentKind: body.documentKind,
          steps,
          lastUpdateUser: userKey(auth),
        })
        .returning();
      return row;
    }
    if (body.version !== current.version) throw conflict();
    const [row] = await tx
      .update(auditConfig)
      .set({
        steps,
        lastUpdateUser: userKey(auth),
        lastUpdateDate: sql`now()`,
        version: sql`${auditConfig.version} + 1`,
      })
      .where(and(eq(auditConfig.id, current.id), eq(auditConfig.version, current.version)))
      .returning();
    if (!row) throw conflict();
    return row;
  });
}

async function createTask(
  tx: Queryable,
  input: {
    elsAccount: string;
    documentKind: string;
    documentId: string;
    documentNumber: string;
    flowId: string;
    step: AuditStep & { index: number };
    promoter: string;
    amount: string;
    /** The chain the submission matched and the values it was matched with; null on legacy flows. */
    chain: Array<AuditStep & { index: number }> | null;
    conditionValues: ApprovalValues | null;
  },
) {
  // Delegation (issue #19): a named approver who is away now is replaced by their delegate; the task keeps
  // whom the delegate stands in for. A delegate already named keeps their own place.
  let approvers = input.step.approvers;
  let delegatedFrom: Record<string, string> | null = null;
  if (input.step.approverType === 'user') {
    const away = await activeDelegates(tx, input.elsAccount, approvers);
    if (away.size > 0) {
      const next: string[] = [];
      const from: Record<string, string> = {};
      for (const a of approvers) {
        const delegate = away.get(a);
        if (!delegate) {
          if (!next.includes(a)) next.push(a);
          continue;
        }
        if (!approvers.includes(delegate) && !next.includes(delegate)) {
          next.push(delegate);
          from[delegate] = a;
        }
      }
      approvers = next;
      delegatedFrom = Object.keys(from).length > 0 ? from : null;
    }
  }
  await tx.insert(auditTask).values({
    elsAccount: input.elsAccount,
    documentKind: input.documentKind,
    documentId: input.documentId,
    documentNumber: input.documentNumber,
    flowId: input.flowId,
    stepIndex: input.step.index,
    stepName: input.step.name,
    stepNameEn: input.step.nameEn?.trim() || null,
    approverType: input.step.approverType,
    approvers,
    delegatedFrom,
    promoter: input.promoter,
    amount: input.amount,
    chain: input.chain,
    conditionValues: input.conditionValues,
  });
}

/**
 * Starts the approval of a document (inside the caller's transaction). The chain is the configured steps
 * whose conditions hold for the document's values (amount in local currency; document type, categories
 * and organisations as the kind's accessor gives them, issue #19). With no configuration, or no matching
 * step, the document is approved at once: returns 'approved'. Otherwise the first task waits: returns
 * 'pending' and the flow id. The chain and the values are kept on every task of the flow.
 */
export async function startFlow(
  tx: Queryable,
  input: FlowStart,
): Promise<{ state: 'approved' | 'pending'; flowId: string | null }> {
  const config = await findConfig(tx, input.elsAccount, input.documentKind);
  const conditionValues: ApprovalValues = { amount: Number(input.amount), ...input.values };
  const steps = matchingSteps(config?.steps ?? [], conditionValues);
  if (steps.length === 0) return { state: 'approved', flowId: null };
  const flowId = randomUUID();
  await createTask(tx, { ...input, flowId, step: steps[0], chain: steps, conditionValues });
  return { state: 'pending', flowId };
}

/** Cancels the pending tasks of a document (the promoter withdrew it). */
export async function cancelFlow(
  tx: Queryable,
  elsAccount: string,
  documentKind: string,
  documentId: string,
) {
  await tx
    .update(auditTask)
    .set({ status: 'cancelled', handledDate: sql`now()` })
    .where(
      and(
        eq(auditTask.elsAccount, elsAccount),
        eq(auditTask.documentKind, documentKind),
        eq(auditTask.documentId, documentId),
        eq(auditTask.status, 'pending'),
      ),
    );
}

/** SQL condition: the task names this sub-account, or one of these roles. */
function namesCondition(elsSubAccount: string, roles: string[]): SQL {
  const byUser = sql`(${auditTask.approverType} = 'user' and ${auditTask.approvers} @> ${JSON.stringify([elsSubAccount])}::jsonb)`;
  if (roles.length === 0) return byUser;
  const roleArray = `{${roles.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`;
  const byRole = sql`(${auditTask.approverType} = 'role' and ${auditTask.approvers} ?| ${roleArray}::text[])`;
  return sql`(${byUser} or ${byRole})`;
}

type Delegators = Array<{ delegator: string; roles: string[] }>;

/**
 * SQL condition: the task may be handled by this user — named, through one of their roles, as the approver
 * a delegate was put in for (they keep their right), or for someone whose delegate they are now.
 */
function approverCondition(auth: AuthContext, roles: string[], delegators: Delegators): SQL {
  const own = namesCondition(auth.elsSubAccount, roles);
  const original = sql`(${auditTask.delegatedFrom} is not null and exists (select 1 from jsonb_each_text(${auditTask.delegatedFrom}) e where e.value = ${auth.elsSubAccount}))`;
  const forOthers = delegators.map((d) => namesCondition(d.delegator, d.roles));
  return sql`(${sql.join([own, original, ...forOthers], sql` or `)})`;
}

/**
 * Whether `me` may handle a pending task, and for whom: null = for themselves (named, by role, or the
 * original approver of a delegated task); a sub-account = on behalf of that delegator (a delegate put in
 * at creation, or standing in now). undefined = not allowed.
 */
export function actingFor(
  task: Pick<typeof auditTask.$inferSelect, 'approverType' | 'approvers' | 'delegatedFrom'>,
  me: string,
  roles: string[],
  delegators: Delegators,
): string | null | undefined {
  const names = (sub: string, subRoles: string[]) =>
    task.approverType === 'user'
      ? task.approvers.includes(sub)
      : task.approvers.some((r) => subRoles.includes(r));
  if (task.approverType === 'user' && task.approvers.includes(me)) return task.delegatedFrom?.[me] ?? null;
  if (names(me, roles)) return null;
  if (Object.values(task.delegatedFrom ?? {}).includes(me)) return null;
  return delegators.find((d) => names(d.delegator, d.roles))?.delegator;
}

async function lockPendingTask(tx: Tx, auth: AuthContext, taskId: string) {
  const [task] = await tx
    .select()
    .from(auditTask)
    .where(and(eq(auditTask.id, taskId), eq(auditTask.elsAccount, auth.elsAccount)))
    .for('update');
  if (!task) throw notFound('auditTaskNotFound');
  if (task.status !== 'pending') throw badRequest('auditTaskDone');
  const roles = await findRoleCodes(tx, auth.subaccountId);
  const onBehalfOf = actingFor(task, auth.elsSubAccount, roles, await delegatorsOf(tx, auth));
  if (onBehalfOf === undefined) throw forbidden('notYourTask');
  return { task, onBehalfOf };
}

/** The name of an approval flow's documents in both languages (APPROVAL_KINDS), else the kind's code. */
function approvalTitle(documentKind: string): Readonly<Record<'zh_cn' | 'en', string>> {
  return (
    (APPROVAL_KINDS as Record<string, Readonly<Record<'zh_cn' | 'en', string>>>)[documentKind] ?? {
      zh_cn: documentKind,
      en: documentKind,
    }
  );
}

/**
 * Approves a task. The next applicable step gets its task and its approvers a message in each one's
 * language naming the document and the step (notifyApprovers; issue #33); after the last one the document's
 * handler marks it approved. One transaction. Returns whether the approval is complete.
 */
export async function approveTask(
  db: Queryable,
  auth: AuthContext,
  taskId: string,
  remark: string | undefined,
) {
  return db.transaction(async (tx) => {
    const { task, onBehalfOf } = await lockPendingTask(tx, auth, taskId);
    const [handled] = await tx
      .update(auditTask)
      .set({
        status: 'approved',
        handledBy: userKey(auth),
        handledOnBehalfOf: onBehalfOf,
        remark: remark ?? null,
        handledDate: sql`now()`,
      })
      .where(eq(auditTask.id, task.id))
      .returning();
    // The chain matched at submit (issue #19: a configuration changed since does not touch a running
    // approval); tasks from before the chain was kept read the configuration as they always did.
    const chain =
      task.chain ??
      applicableSteps(
        (await findConfig(tx, auth.elsAccount, task.documentKind))?.steps ?? [],
        Number(task.amount ?? 0),
      );
    const next = chain.find((s) => s.index > task.stepIndex);
    if (next) {
      await createTask(tx, {
        elsAccount: task.elsAccount,
        documentKind: task.documentKind,
        documentId: task.documentId,
        documentNumber: task.documentNumber,
        flowId: task.flowId,
        step: next,
        promoter: task.promoter,
        amount: task.amount ?? '0',
        chain: task.chain,
        conditionValues: task.conditionValues,
      });
      // The next step's approvers are told it waits for them with the notice the first step's got on submit
      // (the kind's title, number and content: amount, supplier …; issue #33).
      if (messageEnv) {
        const notice = (await auditHandler(task.documentKind)?.notice?.(
          tx,
          task.elsAccount,
          task.documentId,
        )) ?? { title: approvalTitle(task.documentKind), number: task.documentNumber };
        await notifyApprovers(tx, messageEnv, task.elsAccount, task.documentKind, task.documentId, notice);
      }
      return { complete: false, task: handled };
    }
    await auditHandler(task.documentKind)?.onApproved(tx, task.elsAccount, task.documentId, userKey(auth));
    await copyOnEnd(tx, handled, 'approved');
    return { complete: true, task: handled };
  });
}

/** Rejects a task (remarks required, seed 001 §5 "approval remarks not empty"); the document is rejected. */
export async function rejectTask(db: Queryable, auth: AuthContext, taskId: string, remark: string) {
  if (!remark.trim()) throw badRequest('rule.required', { field: 'body.remark' });
  return db.transaction(async (tx) => {
    const { task, onBehalfOf } = await lockPendingTask(tx, auth, taskId);
    const [handled] = await tx
      .update(auditTask)
      .set({
        status: 'rejected',
        handledBy: userKey(auth),
        handledOnBehalfOf: onBehalfOf,
        remark,
        handledDate: sql`now()`,
      })
      .where(eq(auditTask.id, task.id))
      .returning();
    await auditHandler(task.documentKind)?.onRejected(
      tx,
      task.elsAccount,
      task.documentId,
      userKey(auth),
      remark,
    );
    await copyOnEnd(tx, handled, 'rejected');
    return { task: handled };
  });
}

export type TaskList = 'todo' | 'done' | 'unComplete' | 'completeByPromoter';

/**
 * The four approval lists of spec 000 §7: tasks waiting for the caller (todo), tasks the caller handled
 * (done), documents the caller submitted that are still under approval (unComplete), and the caller's
 * submissions whose tasks are finished (completeByPromoter). Newest first. Each row carries the names
 * of the submitter and the handler, whom the caller would act for, and for a pending task who may approve
 * it (issue #33: `candidates`, `candidateCount`; see taskCandidates).
 */
export async function listTasks(
  db: Queryable,
  auth: AuthContext,
  list: TaskList,
  page: { currentPage: number; pageSize: number; documentKind?: string },
) {
  const roles = await findRoleCodes(db, auth.subaccountId);
  const delegators = list === 'todo' ? await delegatorsOf(db, auth) : [];
  const me = userKey(auth);
  const byList: Record<TaskList, SQL> = {
    todo: and(eq(auditTask.status, 'pending'), approverCondition(auth, roles, delegators))!,
    done: and(eq(auditTask.handledBy, me), inArray(auditTask.status, ['approved', 'rejected']))!,
    unComplete: and(eq(auditTask.promoter, me), eq(auditTask.status, 'pending'))!,
    completeByPromoter: and(eq(auditTask.promoter, me), inArray(auditTask.status, ['approved', 'rejected']))!,
  };
  const where = and(
    eq(auditTask.elsAccount, auth.elsAccount),
    byList[list],
    page.documentKind ? eq(auditTask.documentKind, page.documentKind) : undefined,
  );
  // The submitter's and the handler's names in the same query (issue #19: names, not codes).
  const promoter = alias(subaccount, 'promoter');
  const handler = alias(subaccount, 'handler');
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...getTableColumns(auditTask), promoterName: promoter.name, handledByName: handler.name })
      .from(auditTask)
      .leftJoin(promoter, userKeyJoin(promoter, auditTask.promoter))
      .leftJoin(handler, userKeyJoin(handler, auditTask.handledBy))
      .where(where)
      .orderBy(desc(auditTask.createDate), desc(auditTask.id))
      .limit(page.pageSize)
      .offset((page.currentPage - 1) * page.pageSize),
    db.select({ n: count() }).from(auditTask).where(where),
  ]);
  // "On behalf of {name}": for a waiting task, whom the caller would act for; for a handled one, whom the
  // handler acted for.
  const behalf = rows.map((row) =>
    row.status === 'pending'
      ? list === 'todo'
        ? (actingFor(row, auth.elsSubAccount, roles, delegators) ?? null)
        : null
      : row.handledOnBehalfOf,
  );
  const [names, candidates] = await Promise.all([
    subaccountNames(
      db,
      auth.elsAccount,
      behalf.filter((b): b is string => !!b),
    ),
    // Issue #33: who may approve each waiting task (the submitter's lists show whom it waits for).
    taskCandidates(db, auth.elsAccount, rows),
  ]);
  return {
    rows: rows.map((row, i) => {
      const onBehalfOf = behalf[i];
      return {
        ...row,
        ...(candidates.get(row.id) ?? { candidates: null, candidateCount: 0 }),
        onBehalfOf,
        onBehalfOfName: onBehalfOf ? (names.get(onBehalfOf) ?? onBehalfOf) : null,
      };
    }),
    total: Number(n),
  };
}

/**
 * Carbon copy (issue #19): when a document's approval ends, the CC recipients of the steps its flow went
 * through are recorded (the "Copied to me" list) and told in their language with the document's link.
 * Inside the approval's transaction; a receiver copied by several steps gets one copy.
 */
async function copyOnEnd(
  tx: Queryable,
  task: typeof auditTask.$inferSelect,
  result: 'approved' | 'rejected',
) {
  // The steps as the flow matched them (a configuration changed meanwhile does not change its CCs).
  const steps = task.chain
    ? new Map(task.chain.map((s) => [s.index, s]))
    : new Map((await findConfig(tx, task.elsAccount, task.documentKind))?.steps.map((s, i) => [i, s]) ?? []);
  if (steps.size === 0) return;
  const flowSteps = await tx
    .selectDistinct({ stepIndex: auditTask.stepIndex })
    .from(auditTask)
    .where(and(eq(auditTask.elsAccount, task.elsAccount), eq(auditTask.flowId, task.flowId)));
  const receivers = new Set<string>();
  for (const { stepIndex } of flowSteps) {
    const step = steps.get(stepIndex);
    if (!step?.cc?.length) continue;
    const users = await approverUsers(tx, task.elsAccount, step.ccType ?? 'user', step.cc);
    for (const u of users) receivers.add(u.elsSubAccount);
  }
  if (receivers.size === 0) return;
  const inserted = await tx
    .insert(auditCc)
    .values(
      [...receivers].map((receiver) => ({
        elsAccount: task.elsAccount,
        flowId: task.flowId,
        documentKind: task.documentKind,
        documentId: task.documentId,
        documentNumber: task.documentNumber,
        receiver,
        result,
        promoter: task.promoter,
        amount: task.amount,
      })),
    )
    .onConflictDoNothing()
    .returning({ receiver: auditCc.receiver });
  if (!messageEnv || inserted.length === 0) return;
  const link = taskLink(task.documentKind, task.documentId, task.id);
  await notify(tx, messageEnv, {
    receivers: { users: inserted.map((r) => ({ elsAccount: task.elsAccount, elsSubAccount: r.receiver })) },
    msgTitle: fillText(
      result === 'approved'
        ? { zh_cn: '抄送：{number} 审批通过', en: 'CC: {number} approved' }
        : { zh_cn: '抄送：{number} 审批拒绝', en: 'CC: {number} rejected' },
      { number: task.documentNumber },
    ),
    msgContent: task.remark ?? undefined,
    businessType: task.documentKind,
    businessId: task.documentId,
    linkUrl: link ? `${link.split('?')[0]}?id=${task.documentId}` : undefined,
  });
}

/** The caller's carbon copies ("Copied to me"), newest first. */
export async function listCopies(
  db: Queryable,
  auth: AuthContext,
  page: { currentPage: number; pageSize: number; documentKind?: string },
) {
  const where = and(
    eq(auditCc.elsAccount, auth.elsAccount),
    eq(auditCc.receiver, auth.elsSubAccount),
    page.documentKind ? eq(auditCc.documentKind, page.documentKind) : undefined,
  );
  const promoter = alias(subaccount, 'promoter');
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...getTableColumns(auditCc), promoterName: promoter.name })
      .from(auditCc)
      .leftJoin(promoter, userKeyJoin(promoter, auditCc.promoter))
      .where(where)
      .orderBy(desc(auditCc.createDate), desc(auditCc.id))
      .limit(page.pageSize)
      .offset((page.currentPage - 1) * page.pageSize),
    db.select({ n: count() }).from(auditCc).where(where),
  ]);
  return { rows, total: Number(n) };
}

/**
 * The approval history of one document, oldest first. Each task carries `handledByName` (the handler's
 * sub-account name) and `handledOnBehalfOfName` (the delegator's), read in the same query by left joins on
 * the unique sub-account index — null when the key names no sub-account (screens show the code; issue #19);
 * and, while pending, who may approve it (issue #33, `taskCandidates`: `candidates` — at most
 * CANDIDATE_LIMIT of the company's own active sub-accounts with their names — and `candidateCount`, all of
 * them). `options.candidates: false` (a reader outside the company, e.g. the supplier of a change request)
 * leaves `candidates` null.
 */
export async function findDocumentTasks(
  db: Queryable,
  elsAccount: string,
  documentKind: string,
  documentId: string,
  options: { candidates?: boolean } = {},
): Promise<Array<typeof auditTask.$inferSelect & DocumentTaskNames & TaskCandidates>> {
  const handler = alias(subaccount, 'handler');
  const delegator = alias(subaccount, 'delegator');
  const rows = await db
    .select({
      ...getTableColumns(auditTask),
      handledByName: handler.name,
      handledOnBehalfOfName: delegator.name,
    })
    .from(auditTask)
    .leftJoin(handler, userKeyJoin(handler, auditTask.handledBy))
    .leftJoin(
      delegator,
      and(
        eq(delegator.elsAccount, auditTask.elsAccount),
        eq(delegator.elsSubAccount, auditTask.handledOnBehalfOf),
      ),
    )
    .where(
      and(
        eq(auditTask.elsAccount, elsAccount),
        eq(auditTask.documentKind, documentKind),
        eq(auditTask.documentId, documentId),
      ),
    )
    .orderBy(auditTask.createDate);
  const candidates = options.candidates === false ? new Map() : await taskCandidates(db, elsAccount, rows);
  return rows.map((row) => ({
    ...row,
    ...(candidates.get(row.id) ?? { candidates: null, candidateCount: 0 }),
  }));
}

type DocumentTaskNames = { handledByName: string | null; handledOnBehalfOfName: string | null };

/** Sub-accounts who may approve a task: named users, or holders of the roles. */
export async function approverUsers(
  tx: Queryable,
  elsAccount: string,
  approverType: 'user' | 'role',
  approvers: string[],
) {
  if (approverType === 'user') return approvers.map((elsSubAccount) => ({ elsAccount, elsSubAccount }));
  return tx
    .selectDistinct({ elsAccount: subaccount.elsAccount, elsSubAccount: subaccount.elsSubAccount })
    .from(subaccount)
    .innerJoin(subaccountRole, eq(subaccountRole.subaccountId, subaccount.id))
    .innerJoin(role, eq(role.id, subaccountRole.roleId))
    .where(and(eq(subaccount.elsAccount, elsAccount), inArray(role.roleCode, approvers)));
}

/**
 * Tells the approvers of a document's first pending task that it waits for them, in each one's
 * language ("待审批：{title} {number}" / "To approve: {title} {number}"), with the /audit link. The content
 * names the step in the receiver's language ("审批步骤：部门经理审批" / "Approval step: Department manager
 * approval", the other language when the step has no name in theirs; issue #33), then `text.content`.
 */
export async function notifyApprovers(
  tx: Queryable,
  env: string,
  elsAccount: string,
  documentKind: string,
  documentId: string,
  text: ApproverNotice,
) {
  const [task] = (await findDocumentTasks(tx, elsAccount, documentKind, documentId)).filter(
    (t) => t.status === 'pending',
  );
  if (!task) return;
  const holders = await approverUsers(tx, elsAccount, task.approverType, task.approvers);
  // Holders of a role who are away: their delegates are told too (named users were replaced at creation).
  const away =
    task.approverType === 'role'
      ? await activeDelegates(
          tx,
          elsAccount,
          holders.map((u) => u.elsSubAccount),
        )
      : new Map<string, string>();
  const users = [...holders, ...[...away.values()].map((elsSubAccount) => ({ elsAccount, elsSubAccount }))];
  await notify(tx, env, {
    receivers: { users },
    msgTitle: fillText(
      {
        zh_cn: `待审批：${text.title.zh_cn} {number}`,
        en: `To approve: ${text.title.en.toLowerCase()} {number}`,
      },
      { number: text.number },
    ),
    msgContent: stepContent(task, text.content),
    businessType: documentKind,
    businessId: documentId,
    linkUrl: `/audit?taskId=${task.id}&documentKind=${documentKind}&id=${documentId}`,
  });
}

/** A message's content naming the task's step in each language (issue #33), then `extra` when given. */
function stepContent(
  task: Pick<typeof auditTask.$inferSelect, 'stepName' | 'stepNameEn'>,
  extra: string | undefined,
): Record<'zh_cn' | 'en', string> {
  const tail = extra ? `\n${extra}` : '';
  return {
    zh_cn: `审批步骤：${stepNameIn(task, 'zh_cn')}${tail}`,
    en: `Approval step: ${stepNameIn(task, 'en')}${tail}`,
  };
}
