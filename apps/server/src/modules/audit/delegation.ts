import { and, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { now, nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { role, subaccount, subaccountRole } from '../account/tables.ts';
import { auditDelegation } from './tables.ts';

/**
 * Approval delegation (issue #19, spec 001 §2 "approval configuration"): "while I am away, my approvals go
 * to X". A delegation is active while `startDate` <= now < `endDate` and not cancelled. New user tasks for
 * the delegator are created for the delegate (the task keeps `delegatedFrom`); tasks already waiting for the
 * delegator stay where they are, and the delegate may see and act on them while the delegation is active.
 * The delegator never loses the right to act on their own tasks. No chains: one level only.
 */

const userKey = (auth: AuthContext) => `${auth.elsAccount}_${auth.elsSubAccount}`;
const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** Active delegations now: delegator sub-account → delegate sub-account, for the given delegators. */
export async function activeDelegates(
  db: Queryable,
  elsAccount: string,
  delegators: string[],
): Promise<Map<string, string>> {
  if (delegators.length === 0) return new Map();
  const rows = await db
    .select({ delegator: auditDelegation.delegator, delegate: auditDelegation.delegate })
    .from(auditDelegation)
    .where(
      and(
        eq(auditDelegation.elsAccount, elsAccount),
        inArray(auditDelegation.delegator, delegators),
        eq(auditDelegation.status, 'active'),
        lte(auditDelegation.startDate, nowDate()),
        gt(auditDelegation.endDate, nowDate()),
      ),
    );
  return new Map(rows.map((r) => [r.delegator, r.delegate]));
}

/** Whom the caller stands in for now: the delegators (sub-accounts) with their role codes. */
export async function delegatorsOf(
  db: Queryable,
  auth: Pick<AuthContext, 'elsAccount' | 'elsSubAccount'>,
): Promise<Array<{ delegator: string; roles: string[] }>> {
  const rows = await db
    .select({ delegator: auditDelegation.delegator, roleCode: role.roleCode })
    .from(auditDelegation)
    .innerJoin(
      subaccount,
      and(
        eq(subaccount.elsAccount, auditDelegation.elsAccount),
        eq(subaccount.elsSubAccount, auditDelegation.delegator),
      ),
    )
    .leftJoin(subaccountRole, eq(subaccountRole.subaccountId, subaccount.id))
    .leftJoin(role, eq(role.id, subaccountRole.roleId))
    .where(
      and(
        eq(auditDelegation.elsAccount, auth.elsAccount),
        eq(auditDelegation.delegate, auth.elsSubAccount),
        eq(auditDelegation.status, 'active'),
        lte(auditDelegation.startDate, nowDate()),
        gt(auditDelegation.endDate, nowDate()),
      ),
    );
  const by = new Map<string, string[]>();
  for (const r of rows) {
    const roles = by.get(r.delegator) ?? [];
    if (r.roleCode) roles.push(r.roleCode);
    by.set(r.delegator, roles);
  }
  return [...by].map(([delegator, roles]) => ({ delegator, roles }));
}

/** Names of sub-accounts of a company (for "on behalf of {name}"); unknown ones map to themselves. */
export async function subaccountNames(
  db: Queryable,
  elsAccount: string,
  subs: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(subs)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ elsSubAccount: subaccount.elsSubAccount, name: subaccount.name })
    .from(subaccount)
    .where(and(eq(subaccount.elsAccount, elsAccount), inArray(subaccount.elsSubAccount, unique)));
  return new Map(rows.map((r) => [r.elsSubAccount, r.name]));
}

export type DelegationInput = { delegate: string; startDate: string; endDate: string; remark?: string };

/** The range of a delegation's dates: 2000-01-01 to 9999-12-31 (UTC), in ms. */
const EARLIEST_DATE = Date.UTC(2000, 0, 1);
const LATEST_DATE = Date.UTC(9999, 11, 31, 23, 59, 59);

/**
 * Creates a delegation for the caller. Refused ('400' naming the field): a delegate who is not an active
 * sub-account of the company (body.delegate), the caller themselves, a delegate who has delegated in an
 * overlapping period (no chains), a caller who stands in for someone in that period, a period overlapping
 * the caller's own active delegation; an end not after the start or not in the future (body.endDate).
 */
export async function createDelegation(db: Queryable, auth: AuthContext, body: DelegationInput) {
  const start = new Date(body.startDate);
  const end = new Date(body.endDate);
  // Years PostgreSQL and every screen can hold (a year 0000 would fail in the database, not as a '400').
  if (start.getTime() < EARLIEST_DATE) throw badRequest('rule.invalid', { field: 'body.startDate' });
  if (end.getTime() > LATEST_DATE) throw badRequest('rule.invalid', { field: 'body.endDate' });
  if (end.getTime() <= start.getTime()) throw badRequest('delegateEndBeforeStart', { field: 'body.endDate' });
  if (end.getTime() <= now()) throw badRequest('delegateEndPast', { field: 'body.endDate' });
  if (body.delegate === auth.elsSubAccount) throw badRequest('delegateSelf', { field: 'body.delegate' });
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: subaccount.id })
      .from(subaccount)
      .where(
        and(
          eq(subaccount.elsAccount, auth.elsAccount),
          eq(subaccount.elsSubAccount, body.delegate),
          eq(subaccount.status, 'active'),
        ),
      );
    if (!target) throw badRequest('delegateUnknown', { field: 'body.delegate', delegate: body.delegate });
    const overlapping = and(
      eq(auditDelegation.elsAccount, auth.elsAccount),
      eq(auditDelegation.status, 'active'),
      sql`${auditDelegation.startDate} < ${end.toISOString()}::timestamptz`,
      sql`${auditDelegation.endDate} > ${start.toISOString()}::timestamptz`,
    );
    const clashes = await tx
      .select()
      .from(auditDelegation)
      .where(
        and(
          overlapping,
          or(
            eq(auditDelegation.delegator, body.delegate),
            eq(auditDelegation.delegator, auth.elsSubAccount),
            eq(auditDelegation.delegate, auth.elsSubAccount),
          ),
        ),
      )
      .for('update');
    for (const c of clashes) {
      if (c.delegator === body.delegate)
        throw badRequest('delegateChain', { field: 'body.delegate', delegate: body.delegate });
      if (c.delegate === auth.elsSubAccount)
        throw badRequest('delegateIsDelegate', { field: 'body.delegate', delegator: c.delegator });
      throw badRequest('delegateOverlap', {
        field: 'body.startDate',
        start: day(c.startDate),
        end: day(c.endDate),
      });
    }
    const [row] = await tx
      .insert(auditDelegation)
      .values({
        elsAccount: auth.elsAccount,
        delegator: auth.elsSubAccount,
        delegate: body.delegate,
        startDate: start,
        endDate: end,
        remark: body.remark?.trim() || null,
        lastUpdateUser: userKey(auth),
      })
      .returning();
    return row;
  });
}

/**
 * The caller's delegations (as delegator) and those naming the caller as delegate, newest first, with
 * the other party's name. `mine` says which side the caller is on.
 */
export async function listDelegations(db: Queryable, auth: AuthContext) {
  const rows = await db
    .select()
    .from(auditDelegation)
    .where(
      and(
        eq(auditDelegation.elsAccount, auth.elsAccount),
        or(
          eq(auditDelegation.delegator, auth.elsSubAccount),
          eq(auditDelegation.delegate, auth.elsSubAccount),
        ),
      ),
    )
    .orderBy(desc(auditDelegation.createDate), desc(auditDelegation.id))
    .limit(200);
  const names = await subaccountNames(
    db,
    auth.elsAccount,
    rows.flatMap((r) => [r.delegator, r.delegate]),
  );
  return rows.map((r) => ({
    ...r,
    mine: r.delegator === auth.elsSubAccount,
    delegatorName: names.get(r.delegator) ?? r.delegator,
    delegateName: names.get(r.delegate) ?? r.delegate,
  }));
}

/** Cancels one of the caller's delegations; '404' for another's, '409' on a stale version. */
export async function cancelDelegation(db: Queryable, auth: AuthContext, id: string, version: number) {
  const [row] = await db
    .update(auditDelegation)
    .set({
      status: 'cancelled',
      lastUpdateUser: userKey(auth),
      lastUpdateDate: nowDate(),
      version: sql`${auditDelegation.version} + 1`,
    })
    .where(
      and(
        eq(auditDelegation.id, id),
        eq(auditDelegation.elsAccount, auth.elsAccount),
        eq(auditDelegation.delegator, auth.elsSubAccount),
        eq(auditDelegation.version, version),
        ne(auditDelegation.status, 'cancelled'),
      ),
    )
    .returning();
  if (row) return row;
  const [exists] = await db
    .select({ id: auditDelegation.id })
    .from(auditDelegation)
    .where(
      and(
        eq(auditDelegation.id, id),
        eq(auditDelegation.elsAccount, auth.elsAccount),
        eq(auditDelegation.delegator, auth.elsSubAccount),
      ),
    );
  if (!exists) throw notFound('delegationNotFound');
  throw conflict();
}
