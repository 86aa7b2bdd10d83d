import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { findRoleCodes } from '../account/repository.ts';
import { role, subaccount, subaccountRole } from '../account/tables.ts';
import { fillText, notify } from '../message/notify.ts';
import { type AuditStep, auditConfig, auditTask } from './tables.ts';

/**
 * What a document kind does when its approval ends. The order module registers its handler; the
 * approval module calls it inside the same transaction as the task change.
 */
export type AuditHandler = {
  onApproved(tx: Tx, elsAccount: string, documentId: string, user: string): Promise<void>;
  onRejected(tx: Tx, elsAccount: string, documentId: string, user: string, remark: string): Promise<void>;
};
const handlers = new Map<string, AuditHandler>();

/** Registers what happens to documents of `kind` when their approval is approved or rejected. */
export function registerAuditHandler(kind: string, handler: AuditHandler): void {
  handlers.set(kind, handler);
}

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;

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

/** Saves the approval steps of a document kind (buyer admin); '409' on a stale version. */
export async function saveConfig(
  db: Queryable,
  auth: AuthContext,
  body: { documentKind: string; steps: AuditStep[]; version?: number },
) {
  if (auth.permission !== 'admin') throw forbidden();
  return db.transaction(async (tx) => {
    const current = await findConfig(tx, auth.elsAccount, body.documentKind);
    if (!current) {
      const [row] = await tx
        .insert(auditConfig)
        .values({
          elsAccount: auth.elsAccount,
          documentKind: body.documentKind,
          steps: body.steps,
          lastUpdateUser: userKey(auth),
        })
        .returning();
      return row;
    }
    if (body.version !== current.version) throw conflict();
    const [row] = await tx
      .update(auditConfig)
      .set({
        steps: body.steps,
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
  },
) {
  await tx.insert(auditTask).values({
    elsAccount: input.elsAccount,
    documentKind: input.documentKind,
    documentId: input.documentId,
    documentNumber: input.documentNumber,
    flowId: input.flowId,
    stepIndex: input.step.index,
    stepName: input.step.name,
    approverType: input.step.approverType,
    approvers: input.step.approvers,
    promoter: input.promoter,
    amount: input.amount,
  });
}

/**
 * Starts the approval of a document (inside the caller's transaction). With no configuration, or no
 * step that applies to the amount, the document is approved at once: returns 'approved'. Otherwise
 * the first task waits: returns 'pending' and the flow id.
 */
export async function startFlow(
  tx: Queryable,
  input: {
    elsAccount: string;
    documentKind: string;
    documentId: string;
    documentNumber: string;
    amount: string;
    promoter: string;
  },
): Promise<{ state: 'approved' | 'pending'; flowId: string | null }> {
  const config = await findConfig(tx, input.elsAccount, input.documentKind);
  const steps = applicableSteps(config?.steps ?? [], Number(input.amount));
  if (steps.length === 0) return { state: 'approved', flowId: null };
  const flowId = randomUUID();
  await createTask(tx, { ...input, flowId, step: steps[0] });
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

/** SQL condition: the task may be handled by this user (named, or through one of their roles). */
function approverCondition(auth: AuthContext, roles: string[]): SQL {
  const byUser = sql`(${auditTask.approverType} = 'user' and ${auditTask.approvers} @> ${JSON.stringify([auth.elsSubAccount])}::jsonb)`;
  if (roles.length === 0) return byUser;
  const roleArray = `{${roles.map((r) => `"${r.replace(/["\\]/g, '')}"`).join(',')}}`;
  const byRole = sql`(${auditTask.approverType} = 'role' and ${auditTask.approvers} ?| ${roleArray}::text[])`;
  return sql`(${byUser} or ${byRole})`;
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
  const allowed =
    task.approverType === 'user'
      ? task.approvers.includes(auth.elsSubAccount)
      : task.approvers.some((r) => roles.includes(r));
  if (!allowed) throw forbidden('notYourTask');
  return task;
}

/**
 * Approves a task. The next applicable step gets its task; after the last one the document's handler
 * marks it approved. One transaction. Returns whether the approval is complete.
 */
export async function approveTask(
  db: Queryable,
  auth: AuthContext,
  taskId: string,
  remark: string | undefined,
) {
  return db.transaction(async (tx) => {
    const task = await lockPendingTask(tx, auth, taskId);
    await tx
      .update(auditTask)
      .set({ status: 'approved', handledBy: userKey(auth), remark: remark ?? null, handledDate: sql`now()` })
      .where(eq(auditTask.id, task.id));
    const config = await findConfig(tx, auth.elsAccount, task.documentKind);
    const next = applicableSteps(config?.steps ?? [], Number(task.amount ?? 0)).find(
      (s) => s.index > task.stepIndex,
    );
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
      });
      return { complete: false, task };
    }
    await handlers.get(task.documentKind)?.onApproved(tx, task.elsAccount, task.documentId, userKey(auth));
    return { complete: true, task };
  });
}

/** Rejects a task (remarks required, seed 001 §5 "approval remarks not empty"); the document is rejected. */
export async function rejectTask(db: Queryable, auth: AuthContext, taskId: string, remark: string) {
  if (!remark.trim()) throw badRequest('rule.required', { field: 'body.remark' });
  return db.transaction(async (tx) => {
    const task = await lockPendingTask(tx, auth, taskId);
    await tx
      .update(auditTask)
      .set({ status: 'rejected', handledBy: userKey(auth), remark, handledDate: sql`now()` })
      .where(eq(auditTask.id, task.id));
    await handlers
      .get(task.documentKind)
      ?.onRejected(tx, task.elsAccount, task.documentId, userKey(auth), remark);
    return { task };
  });
}

export type TaskList = 'todo' | 'done' | 'unComplete' | 'completeByPromoter';

/**
 * The four approval lists of spec 000 §7: tasks waiting for the caller (todo), tasks the caller handled
 * (done), documents the caller submitted that are still under approval (unComplete), and the caller's
 * submissions whose tasks are finished (completeByPromoter). Newest first.
 */
export async function listTasks(
  db: Queryable,
  auth: AuthContext,
  list: TaskList,
  page: { currentPage: number; pageSize: number; documentKind?: string },
) {
  const roles = await findRoleCodes(db, auth.subaccountId);
  const me = userKey(auth);
  const byList: Record<TaskList, SQL> = {
    todo: and(eq(auditTask.status, 'pending'), approverCondition(auth, roles))!,
    done: and(eq(auditTask.handledBy, me), inArray(auditTask.status, ['approved', 'rejected']))!,
    unComplete: and(eq(auditTask.promoter, me), eq(auditTask.status, 'pending'))!,
    completeByPromoter: and(eq(auditTask.promoter, me), inArray(auditTask.status, ['approved', 'rejected']))!,
  };
  const where = and(
    eq(auditTask.elsAccount, auth.elsAccount),
    byList[list],
    page.documentKind ? eq(auditTask.documentKind, page.documentKind) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(auditTask)
      .where(where)
      .orderBy(desc(auditTask.createDate), desc(auditTask.id))
      .limit(page.pageSize)
      .offset((page.currentPage - 1) * page.pageSize),
    db.select({ n: count() }).from(auditTask).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** The approval history of one document, oldest first. */
export async function findDocumentTasks(
  db: Queryable,
  elsAccount: string,
  documentKind: string,
  documentId: string,
) {
  return db
    .select()
    .from(auditTask)
    .where(
      and(
        eq(auditTask.elsAccount, elsAccount),
        eq(auditTask.documentKind, documentKind),
        eq(auditTask.documentId, documentId),
      ),
    )
    .orderBy(auditTask.createDate);
}

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
 * language ("待审批：{title} {number}" / "To approve: {title} {number}"), with the /audit link.
 */
export async function notifyApprovers(
  tx: Queryable,
  env: string,
  elsAccount: string,
  documentKind: string,
  documentId: string,
  text: { title: Readonly<Record<'zh_cn' | 'en', string>>; number: string; content?: string },
) {
  const [task] = (await findDocumentTasks(tx, elsAccount, documentKind, documentId)).filter(
    (t) => t.status === 'pending',
  );
  if (!task) return;
  const users = await approverUsers(tx, elsAccount, task.approverType, task.approvers);
  await notify(tx, env, {
    receivers: { users },
    msgTitle: fillText(
      {
        zh_cn: `待审批：${text.title.zh_cn} {number}`,
        en: `To approve: ${text.title.en.toLowerCase()} {number}`,
      },
      { number: text.number },
    ),
    msgContent: text.content,
    businessType: documentKind,
    businessId: documentId,
    linkUrl: `/audit?taskId=${task.id}&documentKind=${documentKind}&id=${documentId}`,
  });
}
