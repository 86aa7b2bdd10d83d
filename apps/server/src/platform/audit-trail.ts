import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { subaccount } from '../modules/account/tables.ts';
import { webhookEndpoint } from '../modules/webhook/tables.ts';
import type { Queryable } from './db.ts';
import { auditTrail } from './tables.ts';
import { userKeyJoin } from './user-names.ts';

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
 * together (modules/webhook). The event body: `{ id, type, createdAt (ISO-8601 UTC), elsAccount, data:
 * { documentKind, documentId, documentNumber, action, fromStatus, toStatus, remark, actor } }`.
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  const type = `${entry.documentKind}.${entry.action}`;
  const parties = [...new Set(entry.parties ?? [entry.elsAccount])];
  const remark = entry.remark ?? null;
  await tx.execute(sql`with a as (
      insert into ${auditTrail} (els_account, document_kind, document_id, action, from_status, to_status,
        remark, create_user)
      values (${entry.elsAccount}, ${entry.documentKind}, ${entry.documentId}::uuid, ${entry.action},
        ${entry.fromStatus}::text, ${entry.toStatus}::text, ${remark}::text, ${entry.createUser})
      returning id, create_date)
    insert into webhook_delivery (endpoint_id, els_account, event_id, event_type, document_id, payload)
    select e.id, e.els_account, a.id, ${type}::text, ${entry.documentId}::uuid,
      jsonb_build_object('id', a.id, 'type', ${type}::text,
        'createdAt', to_char(a.create_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'elsAccount', e.els_account,
        'data', jsonb_build_object('documentKind', ${entry.documentKind}::text,
          'documentId', ${entry.documentId}::text, 'documentNumber', ${entry.documentNumber ?? null}::text,
          'action', ${entry.action}::text, 'fromStatus', ${entry.fromStatus}::text,
          'toStatus', ${entry.toStatus}::text, 'remark', ${remark}::text,
          'actor', ${entry.createUser}::text))::text
    from a join ${webhookEndpoint} e on e.enabled
      and e.els_account in (${sql.join(
        parties.map((p) => sql`${p}`),
        sql`, `,
      )})
      and e.event_types && array[${type}::text, ${`${entry.documentKind}.*`}::text, '*']`);
}

/**
 * The trail of one document, oldest first, scoped to the owning company. Each row carries
 * `createUserName`: the acting sub-account's name (buyer's or supplier's user alike), read in the same
 * query by a left join on the unique (els_account, els_sub_account) index — null when the actor is no
 * sub-account (a job, a deleted account); screens then show the `createUser` code (issue #19).
 */
export async function findAuditTrail(
  db: Queryable,
  elsAccount: string,
  documentKind: string,
  documentId: string,
) {
  return db
    .select({ ...getTableColumns(auditTrail), createUserName: subaccount.name })
    .from(auditTrail)
    .leftJoin(subaccount, userKeyJoin(subaccount, auditTrail.createUser))
    .where(
      and(
        eq(auditTrail.elsAccount, elsAccount),
        eq(auditTrail.documentKind, documentKind),
        eq(auditTrail.documentId, documentId),
      ),
    )
    .orderBy(asc(auditTrail.createDate));
}
