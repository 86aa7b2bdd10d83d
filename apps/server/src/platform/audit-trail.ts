import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from './db.ts';
import { port } from './ports.ts';
import { auditTrail } from './tables.ts';
import { userNames } from './user-names.ts';

export type AuditEntry = {
  elsAccount: string;
  documentKind: string;
  documentId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  remark?: string | null;
  /** `{elsAccount}_{elsSubAccount}` of the actor. */
  createUser: string;
  /** The document's number, for the webhook event (not stored in the trail). */
  documentNumber?: string | null;
  /**
   * The companies whose webhook endpoints hear this change (issue #18); default the owning company
   * only. The kernel adds the counterpart for the actions it is told of (send, confirm …), never for a
   * draft's create, edit or delete.
   */
  parties?: readonly string[];
};

/**
 * Writes one audit-trail row; call it in the same transaction as the state change (DESIGN §4). In the
 * same statement it queues one webhook delivery per enabled endpoint of `parties` subscribed to
 * `{documentKind}.{action}` (`*`, `{kind}.*` or the exact type): the change and its deliveries commit
 * together (the `webhooks` port, modules/webhook). The event body: `{ id, type, createdAt (ISO-8601 UTC), elsAccount, data:
 * { documentKind, documentId, documentNumber, action, fromStatus, toStatus, remark, actor } }`.
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  const type = `${entry.documentKind}.${entry.action}`;
  const parties = [...new Set(entry.parties ?? [entry.elsAccount])];
  const remark = entry.remark ?? null;
  const deliveries = port('webhooks').auditDeliveriesSql({
    trail: sql`a`,
    type,
    documentKind: entry.documentKind,
    documentId: entry.documentId,
    parties,
    data: sql`jsonb_build_object('documentKind', ${entry.documentKind}::text,
          'documentId', ${entry.documentId}::text, 'documentNumber', ${entry.documentNumber ?? null}::text,
          'action', ${entry.action}::text, 'fromStatus', ${entry.fromStatus}::text,
          'toStatus', ${entry.toStatus}::text, 'remark', ${remark}::text,
          'actor', ${entry.createUser}::text)`,
  });
  await tx.execute(sql`with a as (
      insert into ${auditTrail} (els_account, document_kind, document_id, action, from_status, to_status,
        remark, create_user)
      values (${entry.elsAccount}, ${entry.documentKind}, ${entry.documentId}::uuid, ${entry.action},
        ${entry.fromStatus}::text, ${entry.toStatus}::text, ${remark}::text, ${entry.createUser})
      returning id, create_date)
    ${deliveries}`);
}

/**
 * The trail of one document, oldest first, scoped to the owning company. Each row carries
 * `createUserName`: the acting sub-account's name (buyer's or supplier's user alike), read by one more
 * query on the unique (els_account, els_sub_account) index through the `accounts` port — null when the
 * actor is no sub-account (a job, a deleted account); screens then show the `createUser` code (issue #19).
 */
export async function findAuditTrail(
  db: Queryable,
  elsAccount: string,
  documentKind: string,
  documentId: string,
) {
  const rows = await db
    .select()
    .from(auditTrail)
    .where(
      and(
        eq(auditTrail.elsAccount, elsAccount),
        eq(auditTrail.documentKind, documentKind),
        eq(auditTrail.documentId, documentId),
      ),
    )
    .orderBy(asc(auditTrail.createDate));
  const names = await userNames(
    db,
    rows.map((r) => r.createUser),
  );
  return rows.map((r) => ({ ...r, createUserName: names.get(r.createUser) ?? null }));
}
