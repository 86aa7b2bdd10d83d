import { APPROVAL_CANDIDATE_LIMIT } from '@srm/contracts/approval-task';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { role, subaccount, subaccountRole } from '../account/tables.ts';
import { activeDelegates } from './delegation.ts';
import type { auditTask } from './tables.ts';

/** How many of a waiting task's approvers are named (issue #33); the others are only counted. */
export const CANDIDATE_LIMIT = APPROVAL_CANDIDATE_LIMIT;

/** One user who may approve a waiting task: the sub-account and its name. */
export type Candidate = { elsSubAccount: string; name: string };

/**
 * Who may approve a waiting task (issue #33: "Handled by —" becomes the approvers): the first
 * CANDIDATE_LIMIT users by name, and how many there are in all. Null for a task that is not pending.
 */
export type TaskCandidates = { candidates: Candidate[] | null; candidateCount: number };

type TaskRow = Pick<
  typeof auditTask.$inferSelect,
  'id' | 'elsAccount' | 'status' | 'approverType' | 'approvers' | 'delegatedFrom'
>;

/**
 * The users who may approve each pending task of `elsAccount` (the buyer), as the engine decides
 * (`actingFor`): the named sub-accounts of a user step and the original approvers a delegate was put in for,
 * or the holders of a role step's roles; and whoever stands in for one of them now (an active delegation).
 * Only active sub-accounts of `elsAccount` count — a code naming no sub-account of the company, another
 * company's holder of a role code, or a disabled account is left out. Named users keep the configured
 * order, role holders follow by sub-account code, delegates after the user they stand in for.
 * Four queries at most, whatever the number of tasks. Returns task id → candidates; tasks of another
 * company or not pending get `{ candidates: null, candidateCount: 0 }`.
 */
export async function taskCandidates(
  db: Queryable,
  elsAccount: string,
  tasks: readonly TaskRow[],
): Promise<Map<string, TaskCandidates>> {
  const result = new Map<string, TaskCandidates>(
    tasks.map((t) => [t.id, { candidates: null, candidateCount: 0 }]),
  );
  const pending = tasks.filter((t) => t.status === 'pending' && t.elsAccount === elsAccount);
  if (pending.length === 0) return result;

  const roleCodes = [...new Set(pending.flatMap((t) => (t.approverType === 'role' ? t.approvers : [])))];
  const holders = new Map<string, string[]>();
  if (roleCodes.length > 0) {
    const rows = await db
      .selectDistinct({ roleCode: role.roleCode, elsSubAccount: subaccount.elsSubAccount })
      .from(subaccount)
      .innerJoin(subaccountRole, eq(subaccountRole.subaccountId, subaccount.id))
      .innerJoin(role, eq(role.id, subaccountRole.roleId))
      .where(
        and(
          eq(subaccount.elsAccount, elsAccount),
          eq(role.elsAccount, elsAccount),
          inArray(role.roleCode, roleCodes),
        ),
      )
      .orderBy(asc(subaccount.elsSubAccount));
    for (const r of rows) holders.set(r.roleCode, [...(holders.get(r.roleCode) ?? []), r.elsSubAccount]);
  }

  const direct = new Map(
    pending.map((t) => [
      t.id,
      t.approverType === 'role'
        ? [...new Set(t.approvers.flatMap((code) => holders.get(code) ?? []))].sort()
        : [...new Set([...t.approvers, ...Object.values(t.delegatedFrom ?? {})])],
    ]),
  );
  const everyone = [...new Set([...direct.values()].flat())];
  const away = await activeDelegates(db, elsAccount, everyone);
  const withDelegates = new Map(
    [...direct].map(([id, subs]) => [
      id,
      [...new Set(subs.flatMap((s) => (away.has(s) ? [s, away.get(s) as string] : [s])))],
    ]),
  );
  const all = [...new Set([...withDelegates.values()].flat())];
  const names = new Map<string, string>();
  if (all.length > 0) {
    const rows = await db
      .select({ elsSubAccount: subaccount.elsSubAccount, name: subaccount.name })
      .from(subaccount)
      .where(
        and(
          eq(subaccount.elsAccount, elsAccount),
          eq(subaccount.status, 'active'),
          inArray(subaccount.elsSubAccount, all),
        ),
      );
    for (const r of rows) names.set(r.elsSubAccount, r.name);
  }
  for (const [id, subs] of withDelegates) {
    const known = subs.filter((s) => names.has(s));
    result.set(id, {
      candidates: known
        .slice(0, CANDIDATE_LIMIT)
        .map((elsSubAccount) => ({ elsSubAccount, name: names.get(elsSubAccount) as string })),
      candidateCount: known.length,
    });
  }
  return result;
}
