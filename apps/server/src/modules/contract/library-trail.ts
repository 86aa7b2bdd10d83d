import { recordAudit } from '../../platform/audit-trail.ts';
import type { Queryable } from '../../platform/db.ts';
import { userKey } from '../../platform/document/kind.ts';
import type { AuthContext } from '../../platform/http.ts';

/** The audit-trail kinds of the contract administration's masters (issue #36). */
export type LibraryKind = 'contractType' | 'contractClause' | 'contractTemplate';

/**
 * Records one change of a contract type, a clause version or a template in the audit trail, in the caller's
 * transaction (DESIGN: every change with its trail; spec 001 "terms and change records"): `action` create,
 * update, publish, newVersion or retire; the statuses before and after (null where the master has none or
 * the row is new); the number is the code, with " v{n}" for a clause version. The buyer's company only.
 */
export async function trailLibrary(
  tx: Queryable,
  auth: AuthContext,
  kind: LibraryKind,
  row: { id: string; code: string; clauseVersion?: number; status?: string | null },
  action: string,
  fromStatus: string | null,
): Promise<void> {
  await recordAudit(tx, {
    elsAccount: auth.elsAccount,
    documentKind: kind,
    documentId: row.id,
    action,
    fromStatus,
    toStatus: row.status ?? null,
    createUser: userKey(auth),
    documentNumber: row.clauseVersion ? `${row.code} v${row.clauseVersion}` : row.code,
  });
}
