import { APPROVAL_KINDS } from '@srm/contracts/task-links';
import { and, eq } from 'drizzle-orm';
import { registerAuditHandler } from '../approval.ts';
import { nowDate } from '../clock.ts';
import type { Queryable, Tx } from '../db.ts';
import type { AuthContext } from '../http.ts';
import { scheduleJob } from '../jobs.ts';
import { fillText } from '../notification.ts';
import { type ApproverNotice, port } from '../ports.ts';
import { auditActionRequest } from '../tables.ts';
import { type DocRow, type DocumentKind, serverActor, userKey } from './kind.ts';

/**
 * Actions under approval (issue #13 "award approval (task type "enquiry end")", issue #14 "e-bidding end",
 * "result e-bidding"; seed 001 §2 approval task types): a kind's action that a company may put under a
 * CommonAuditService flow of its own, separate from the document's edit approval. Asking for the action
 * starts the flow in the caller's transaction; with no applicable step (no configuration, or amounts below
 * every step) the action runs at once, exactly as without approval. Otherwise the body is kept
 * (audit_action_request), the document's `statusField` becomes 1 (under approval) with an audit row, and
 * the approvers are told; the last approval runs the action with the kept body as the requester (the
 * action checks its rules again then: the document may have changed), a rejection sets the status to 3
 * and tells the requester with the approver's remark. A kind's own withdraw action drops the request (dropActionRequest) and sets status 4.
 */
export type ActionApproval<Payload, Result> = {
  /** The kind's action (its definition's `approval` names the task type and the status field). */
  action: string;
  /** Runs the action (in the approval's transaction; the row is locked and current). */
  run: (tx: Tx, actor: AuthContext, row: DocRow, payload: Payload) => Promise<Result>;
  /** The amount the steps compare with their minimum (local currency); default 0. */
  amount?: (row: DocRow, payload: Payload) => string;
};

/** The job that runs a kind's `afterAction` for an action applied at the end of its approval. */
export const afterActionJob = (kind: string) => `afterAction:${kind}`;

/** The kept request of one flow on one document (approval kind, document, company). */
const requestOf = (approvalKind: string, documentId: string, elsAccount: string) =>
  and(
    eq(auditActionRequest.approvalKind, approvalKind),
    eq(auditActionRequest.documentId, documentId),
    eq(auditActionRequest.elsAccount, elsAccount),
  );

/** The server-side actor of a user key `{elsAccount}_{elsSubAccount}` (approver, requester). */
const actorOf = (user: string) => {
  const [elsAccount, ...rest] = user.split('_');
  return serverActor(elsAccount, rest.join('_'));
};

/** The actions under approval, by approval kind (registered once per server by the kind's module). */
const registered = new Map<
  string,
  { kind: DocumentKind; spec: ActionApproval<unknown, unknown>; statusField: string }
>();

type ApprovalKind = keyof typeof APPROVAL_KINDS;

/**
 * Registers an action's approval: the approval module calls back here when the flow of `approvalKind`
 * ends. Call once when the kind's routes are registered (with the server's environment for messages).
 */
export function registerActionApproval<Payload, Result>(
  env: string,
  kind: DocumentKind,
  spec: ActionApproval<Payload, Result>,
): void {
  const approval = kind.def.actions[spec.action]?.approval;
  if (!approval || !(approval.kind in APPROVAL_KINDS))
    throw new Error(`${kind.def.kind}.${spec.action}: no approval flow in its definition`);
  const approvalKind = approval.kind as ApprovalKind;
  const statusField = approval.statusField;
  registered.set(approvalKind, { kind, spec: spec as ActionApproval<unknown, unknown>, statusField });
  const title = APPROVAL_KINDS[approvalKind];
  const end = async (
    tx: Tx,
    elsAccount: string,
    documentId: string,
    user: string,
    approved: boolean,
    remark?: string,
  ) => {
    const [request] = await tx
      .select()
      .from(auditActionRequest)
      .where(requestOf(approvalKind, documentId, elsAccount))
      .for('update');
    if (!request) return;
    await tx.delete(auditActionRequest).where(eq(auditActionRequest.id, request.id));
    const [row] = (await tx
      .select()
      .from(kind.header)
      .where(and(eq(kind.header.id, documentId), eq(kind.header.elsAccount, elsAccount)))
      .for('update')) as DocRow[];
    if (row?.[statusField] !== '1') return;
    const approver = actorOf(user);
    const updated = await kind.transition(
      tx,
      approver,
      row,
      { [statusField]: approved ? '2' : '3' },
      `${spec.action}${approved ? 'Approve' : 'Reject'}`,
      remark ?? null,
      statusField,
    );
    const requester = actorOf(request.requestedBy);
    if (approved) {
      await spec.run(tx, requester, updated, request.payload as Payload);
      // The kind's after-commit step (a live push, an ERP call) runs as after a direct action: from a job
      // scheduled in this transaction, once it has committed (routes.ts registers the job's handler).
      if (kind.options.afterAction)
        await scheduleJob(tx, {
          kind: afterActionJob(kind.def.kind),
          key: `${documentId}:${spec.action}:${Date.now()}`,
          runAt: nowDate(),
          payload: { id: documentId, action: spec.action },
        });
    }
    await port('messages').notify(tx, env, {
      receivers: { users: [{ elsAccount: requester.elsAccount, elsSubAccount: requester.elsSubAccount }] },
      msgTitle: fillText(
        approved
          ? { zh_cn: `审批通过：${title.zh_cn} {number}`, en: `Approved: ${title.en.toLowerCase()} {number}` }
          : {
              zh_cn: `审批拒绝：${title.zh_cn} {number}`,
              en: `Rejected: ${title.en.toLowerCase()} {number}`,
            },
        { number: String(row[kind.def.numberField] ?? '') },
      ),
      msgContent: remark,
      businessType: kind.def.kind,
      businessId: row.id,
      linkUrl: `${kind.def.detailPath}?id=${row.id}`,
    });
  };
  registerAuditHandler(approvalKind, {
    onApproved: (tx, elsAccount, documentId, user) => end(tx, elsAccount, documentId, user, true),
    onRejected: (tx, elsAccount, documentId, user, remark) =>
      end(tx, elsAccount, documentId, user, false, remark),
    // Each next step's approvers get the request's notice, its remark included (issue #33).
    notice: async (tx, elsAccount, documentId) => {
      const [row] = (await tx
        .select()
        .from(kind.header)
        .where(and(eq(kind.header.id, documentId), eq(kind.header.elsAccount, elsAccount)))) as DocRow[];
      if (!row) return null;
      const request = await pendingAction(tx, elsAccount, approvalKind, documentId);
      return actionNotice(approvalKind, kind, row, request?.remark);
    },
  });
}

/**
 * What the approvers of an action's approval are told (issue #33): the flow's name, the document's number
 * and the requester's remark — on the request to the first step's, and to each next step's.
 */
function actionNotice(
  approvalKind: ApprovalKind,
  kind: DocumentKind,
  row: DocRow,
  remark: string | null | undefined,
): ApproverNotice {
  return {
    title: APPROVAL_KINDS[approvalKind],
    number: String(row[kind.def.numberField] ?? ''),
    content: remark ?? undefined,
  };
}

/** Whether an action's approval flow is registered (the kernel registers generated ones with the routes). */
export function hasActionApproval(approvalKind: string): boolean {
  return registered.has(approvalKind);
}

/**
 * Asks for an action under approval, in the caller's transaction, on the locked current `row`: runs it at
 * once when the company has no applicable step ({ state: 'done', result }), else keeps the body, sets the
 * flow's status to 1 with an audit row and tells the first step's approvers ({ state: 'pending', row }).
 * '400' docStatusNotAllowed (the kernel's) when the action's guard does not hold — e.g. already under approval.
 */
export async function requestAction<Payload, Result>(
  tx: Tx,
  env: string,
  auth: AuthContext,
  approvalKind: ApprovalKind,
  row: DocRow,
  payload: Payload,
  remark?: string | null,
): Promise<{ state: 'done'; result: Result } | { state: 'pending'; row: DocRow }> {
  const entry = registered.get(approvalKind);
  if (!entry) throw new Error(`no action approval registered for ${approvalKind}`);
  const { kind, spec, statusField } = entry;
  // Approval flows are the buyer's: the action's guard (which leaves out "under approval") must hold.
  kind.assertAllowed(row, 'purchase', spec.action);
  if (row[statusField] === '1') throw new Error(`${kind.def.kind}.${spec.action}: guard allows status 1`);
  const flow = await port('approvals').startFlow(tx, {
    elsAccount: row.elsAccount,
    documentKind: approvalKind,
    documentId: row.id,
    documentNumber: String(row[kind.def.numberField] ?? ''),
    amount: spec.amount?.(row, payload) ?? '0',
    promoter: userKey(auth),
    values: await kind.approvalValues(tx, row),
  });
  // No applicable step: the action runs now, as if it had no approval (its status stays as it is).
  if (flow.state === 'approved')
    return { state: 'done', result: (await spec.run(tx, auth, row, payload)) as Result };
  await tx.insert(auditActionRequest).values({
    elsAccount: row.elsAccount,
    approvalKind,
    documentKind: kind.def.kind,
    documentId: row.id,
    action: spec.action,
    payload: payload as unknown,
    requestedBy: userKey(auth),
    remark: remark ?? null,
  });
  const updated = await kind.transition(
    tx,
    auth,
    row,
    { [statusField]: '1' },
    `${spec.action}Submit`,
    remark ?? null,
    statusField,
  );
  await port('approvals').notifyApprovers(
    tx,
    env,
    row.elsAccount,
    approvalKind,
    row.id,
    actionNotice(approvalKind, kind, row, remark),
  );
  return { state: 'pending', row: updated };
}

/**
 * Drops an action's pending approval (the requester withdraws it; a kind's own withdraw action sets the
 * status): its tasks are cancelled and the kept body deleted (nothing when none waits).
 */
export async function dropActionRequest(tx: Tx, approvalKind: ApprovalKind, row: DocRow): Promise<void> {
  const entry = registered.get(approvalKind);
  if (!entry) throw new Error(`no action approval registered for ${approvalKind}`);
  if (row[entry.statusField] !== '1') return;
  await port('approvals').cancelFlow(tx, row.elsAccount, approvalKind, row.id);
  await tx
    .delete(auditActionRequest)
    .where(and(eq(auditActionRequest.approvalKind, approvalKind), eq(auditActionRequest.documentId, row.id)));
}

/** The body an action under approval was asked with (for the approver's page), or null. */
export async function pendingAction(
  db: Queryable,
  elsAccount: string,
  approvalKind: ApprovalKind,
  documentId: string,
): Promise<{ payload: unknown; requestedBy: string; remark: string | null; createDate: Date } | null> {
  const [request] = await db
    .select()
    .from(auditActionRequest)
    .where(requestOf(approvalKind, documentId, elsAccount));
  return request
    ? {
        payload: request.payload,
        requestedBy: request.requestedBy,
        remark: request.remark,
        createDate: request.createDate,
      }
    : null;
}
