import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import type { LiveSession } from '../../platform/session-cache.ts';
import { subaccount } from '../account/tables.ts';
import { dataScopeSql } from '../company-admin/repository.ts';
import { authSession, refreshToken } from './tables.ts';

export type { LiveSession };

/** The session and its user, when the session is not revoked and the user is active. */
export async function findLiveSession(
  db: Queryable,
  sessionId: string,
  subaccountId: string,
): Promise<LiveSession | null> {
  const rows = await db
    .select({
      subaccountId: subaccount.id,
      elsAccount: subaccount.elsAccount,
      elsSubAccount: subaccount.elsSubAccount,
      station: subaccount.station,
      permission: subaccount.permission,
      dataScope: dataScopeSql(subaccount.id),
    })
    .from(authSession)
    .innerJoin(subaccount, eq(subaccount.id, authSession.subaccountId))
    .where(
      and(
        eq(authSession.id, sessionId),
        eq(authSession.subaccountId, subaccountId),
        isNull(authSession.revokedDate),
        eq(subaccount.status, 'active'),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(
  db: Queryable,
  values: { subaccountId: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  const [row] = await db.insert(authSession).values(values).returning({ id: authSession.id });
  return row.id;
}

export async function insertRefreshToken(
  db: Queryable,
  values: { tokenHash: string; sessionId: string; expiresDate: Date },
): Promise<void> {
  await db.insert(refreshToken).values(values);
}

export type StoredRefreshToken = {
  sessionId: string;
  subaccountId: string;
  expiresDate: Date;
  usedDate: Date | null;
  sessionRevoked: boolean;
};

export async function findRefreshToken(db: Queryable, tokenHash: string): Promise<StoredRefreshToken | null> {
  const rows = await db
    .select({
      sessionId: refreshToken.sessionId,
      subaccountId: authSession.subaccountId,
      expiresDate: refreshToken.expiresDate,
      usedDate: refreshToken.usedDate,
      revokedDate: authSession.revokedDate,
    })
    .from(refreshToken)
    .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
    .where(eq(refreshToken.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    subaccountId: row.subaccountId,
    expiresDate: row.expiresDate,
    usedDate: row.usedDate,
    sessionRevoked: row.revokedDate !== null,
  };
}

/** Marks a refresh token used; false when another request used it first (a race counts as reuse). */
export async function markRefreshTokenUsed(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(refreshToken)
    .set({ usedDate: sql`now()` })
    .where(and(eq(refreshToken.tokenHash, tokenHash), isNull(refreshToken.usedDate)))
    .returning({ tokenHash: refreshToken.tokenHash });
  return rows.length === 1;
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedDate: sql`now()`, revokeReason: reason })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedDate)));
}

/** Revokes every live session of a user except `keepSessionId` (password change). */
export async function revokeOtherSessions(
  db: Queryable,
  subaccountId: string,
  keepSessionId: string | null,
  reason: string,
): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedDate: sql`now()`, revokeReason: reason })
    .where(
      and(
        eq(authSession.subaccountId, subaccountId),
        isNull(authSession.revokedDate),
        keepSessionId ? sql`${authSession.id} <> ${keepSessionId}` : undefined,
      ),
    );
}
