import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from './db.ts';
import { auditTrail } from './tables.ts';

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
};

/** Writes one audit-trail row; call it in the same transaction as the state change (DESIGN §4). */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.insert(auditTrail).values({ ...entry, remark: entry.remark ?? null });
}

/** The trail of one document, oldest first, scoped to the owning company. */
export async function findAuditTrail(
  db: Queryable,
  elsAccount: string,
  documentKind: string,
  documentId: string,
) {
  return db
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
}
