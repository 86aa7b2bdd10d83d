import type { AccountDetail } from '@srm/contracts/account';
import type { SubaccountInfo } from '@srm/contracts/auth';
import { isValidShellPassword } from '@srm/contracts/validators';
import type { Queryable } from '../../platform/db.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { revokeOtherSessions } from '../auth/repository.ts';
import {
  findCounterparts,
  findInboxBuyer,
  findLinkedBuyers,
  findRoleCodes,
  findSubaccountInCompany,
  type SubaccountRow,
  updateEmail,
  updateInboxBuyer,
  updatePassword,
} from './repository.ts';

/**
 * The acting account (spec 000 §4): a sale-station user with exactly one linked counterpart account
 * acts as that account. With several (issue #16 "one inbox"), the buyer the user chose in its inbox's
 * buyer filter while still linked; otherwise the user acts as their own (settings and texts fall back
 * to the platform's defaults; each document's own settings follow its buyer).
 */
export async function actingAccountOf(
  db: Queryable,
  row: Pick<SubaccountRow, 'station' | 'elsAccount'> & { inboxElsAccount?: string | null },
) {
  if (row.station !== 'sale') return row.elsAccount;
  const counterparts = await findCounterparts(db, row.elsAccount);
  if (counterparts.length === 1) return counterparts[0];
  return row.inboxElsAccount && counterparts.includes(row.inboxElsAccount)
    ? row.inboxElsAccount
    : row.elsAccount;
}

/** A buyer of the inbox's buyer select (issue #16). */
export type LinkedBuyer = { elsAccount: string; companyName: string; companyShortName: string | null };

/**
 * The supplier's inbox (issue #16): the buyers its company is linked with (account order) and the one the
 * user chose (null: all; a buyer no longer linked reads as null). A buyer-station user has none.
 */
export async function findInbox(
  db: Queryable,
  auth: AuthContext,
): Promise<{ buyers: LinkedBuyer[]; inboxElsAccount: string | null }> {
  if (auth.station !== 'sale') return { buyers: [], inboxElsAccount: null };
  const [buyers, chosen] = await Promise.all([
    findLinkedBuyers(db, auth.elsAccount),
    findInboxBuyer(db, auth.subaccountId),
  ]);
  return {
    buyers,
    inboxElsAccount: chosen && buyers.some((b) => b.elsAccount === chosen) ? chosen : null,
  };
}

/**
 * Stores the supplier user's chosen buyer (issue #16; null: all buyers). '400' naming `elsAccount` when
 * it is not a buyer the company is linked with; '403' for a buyer-station user.
 */
export async function saveInbox(db: Queryable, auth: AuthContext, elsAccount: string | null): Promise<void> {
  if (auth.station !== 'sale') throw new AppError('403', 'forbidden');
  if (elsAccount !== null) {
    const linked = await findCounterparts(db, auth.elsAccount);
    if (!linked.includes(elsAccount)) throw badRequest('inboxBuyerNotLinked', { field: 'elsAccount' });
  }
  if (!(await updateInboxBuyer(db, { id: auth.subaccountId, elsAccount: auth.elsAccount }, elsAccount)))
    throw notFound('accountNotFound');
}

/** Builds elsSubaccountInfoDTO (spec 000 §3) for a user row. */
export async function toSubaccountInfo(db: Queryable, row: SubaccountRow): Promise<SubaccountInfo> {
  return {
    id: row.id,
    name: row.name,
    elsAccount: row.elsAccount,
    elsSubAccount: row.elsSubAccount,
    companyName: row.companyName,
    station: row.station,
    fbk10: row.fbk10,
    permission: row.permission,
    roles: await findRoleCodes(db, row.id),
    email: row.email,
    mobile: row.mobile,
    actingElsAccount: await actingAccountOf(db, row),
  };
}

/**
 * Account detail (spec 000 §7 findDetail/{id}). A user reads their own record; an admin also reads the
 * other sub-accounts of their company. Anything else is '404', so ids of other companies leak nothing.
 */
export async function findAccountDetail(
  db: Queryable,
  auth: AuthContext,
  id: string,
): Promise<AccountDetail> {
  const row = await findSubaccountInCompany(db, id, auth.elsAccount);
  if (!row || (row.id !== auth.subaccountId && auth.permission !== 'admin'))
    throw notFound('accountNotFound');
  return {
    id: row.id,
    elsAccount: row.elsAccount,
    elsSubAccount: row.elsSubAccount,
    name: row.name,
    companyName: row.companyName,
    companyShortName: row.companyShortName,
    station: row.station,
    email: row.email,
    mobile: row.mobile,
    permission: row.permission,
    roles: await findRoleCodes(db, row.id),
    fbk10: row.fbk10,
    createDate: row.createDate.toISOString(),
    lastLoginDate: row.lastLoginDate?.toISOString() ?? null,
  };
}

async function ownRow(db: Queryable, auth: AuthContext): Promise<SubaccountRow> {
  const row = await findSubaccountInCompany(db, auth.subaccountId, auth.elsAccount);
  if (!row) throw notFound('accountNotFound');
  return row;
}

/**
 * Changes the caller's password (spec 000 §7 modifyPassword): the current one must match, the new one
 * must follow the shell rule (spec 000 §5) and differ. Other sessions of the user are revoked.
 */
export async function changePassword(
  db: Queryable,
  auth: AuthContext,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await ownRow(db, auth);
  if (!isValidShellPassword(newPassword)) throw badRequest('passwordRule');
  if (!(await verifyPassword(row.passwordHash, currentPassword))) throw badRequest('oldPasswordWrong');
  if (currentPassword === newPassword) throw badRequest('passwordSame');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    if (
      !(await updatePassword(tx, {
        id: row.id,
        elsAccount: row.elsAccount,
        version: row.version,
        passwordHash,
      }))
    )
      throw conflict();
    await revokeOtherSessions(tx, row.id, auth.sessionId, 'password changed');
  });
}

/**
 * The forced password change (spec 000 §4, §5): new password and confirmation must match and follow
 * the shell rule; fbk10 becomes 'N'; the user's other sessions end, and the browser logs this one out after 1 s.
 */
export async function forceChangePassword(
  db: Queryable,
  auth: AuthContext,
  body: { elsAccount: string; elsSubAccount: string; password: string; confirmation: string },
): Promise<void> {
  if (body.elsAccount !== auth.elsAccount || body.elsSubAccount !== auth.elsSubAccount)
    throw new AppError('403', 'notYourAccount');
  if (!body.password) throw badRequest('rule.required', { field: 'elsSubAccountPassword' });
  if (!isValidShellPassword(body.password)) throw badRequest('passwordRule');
  if (body.password !== body.confirmation) throw badRequest('passwordMismatch');
  const row = await ownRow(db, auth);
  if (await verifyPassword(row.passwordHash, body.password)) throw badRequest('passwordSame');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    if (
      !(await updatePassword(tx, {
        id: row.id,
        elsAccount: row.elsAccount,
        version: row.version,
        passwordHash,
        fbk10: 'N',
      }))
    )
      throw conflict();
    await revokeOtherSessions(tx, row.id, auth.sessionId, 'forced password change');
  });
}

/** Account update (spec 000 §7 ElsAccountService/update): the caller's own email. */
export async function updateAccount(
  db: Queryable,
  auth: AuthContext,
  body: { elsAccount: string; elsSubAccount: string; email: string },
): Promise<void> {
  if (body.elsAccount !== auth.elsAccount || body.elsSubAccount !== auth.elsSubAccount)
    throw new AppError('403', 'notYourAccount');
  if (!(await updateEmail(db, { id: auth.subaccountId, elsAccount: auth.elsAccount, email: body.email })))
    throw notFound('accountNotFound');
}
