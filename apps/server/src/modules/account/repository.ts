import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { accountRelation, company, role, subaccount, subaccountRole } from './tables.ts';

export type SubaccountRow = typeof subaccount.$inferSelect & {
  companyName: string;
  companyShortName: string | null;
};

const subaccountColumns = {
  id: subaccount.id,
  elsAccount: subaccount.elsAccount,
  elsSubAccount: subaccount.elsSubAccount,
  name: subaccount.name,
  station: subaccount.station,
  passwordHash: subaccount.passwordHash,
  permission: subaccount.permission,
  email: subaccount.email,
  mobile: subaccount.mobile,
  fbk10: subaccount.fbk10,
  status: subaccount.status,
  lastLoginDate: subaccount.lastLoginDate,
  lang: subaccount.lang,
  failedLoginCount: subaccount.failedLoginCount,
  lockedUntil: subaccount.lockedUntil,
  passwordChangedDate: subaccount.passwordChangedDate,
  inboxElsAccount: subaccount.inboxElsAccount,
  defaultOrg: subaccount.defaultOrg,
  createDate: subaccount.createDate,
  lastUpdateDate: subaccount.lastUpdateDate,
  version: subaccount.version,
  companyName: company.companyName,
  companyShortName: company.companyShortName,
};

/** A user by account and sub-account (login). Account codes compare case-sensitively. */
export async function findSubaccountByLogin(
  db: Queryable,
  elsAccount: string,
  elsSubAccount: string,
): Promise<SubaccountRow | null> {
  const rows = await db
    .select(subaccountColumns)
    .from(subaccount)
    .innerJoin(company, eq(company.elsAccount, subaccount.elsAccount))
    .where(and(eq(subaccount.elsAccount, elsAccount), eq(subaccount.elsSubAccount, elsSubAccount)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A user by id, inside the caller's company only (tenant scope): another company's id finds nothing.
 */
export async function findSubaccountInCompany(
  db: Queryable,
  id: string,
  elsAccount: string,
): Promise<SubaccountRow | null> {
  const rows = await db
    .select(subaccountColumns)
    .from(subaccount)
    .innerJoin(company, eq(company.elsAccount, subaccount.elsAccount))
    .where(and(eq(subaccount.id, id), eq(subaccount.elsAccount, elsAccount)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRoleCodes(db: Queryable, subaccountId: string): Promise<string[]> {
  const rows = await db
    .select({ roleCode: role.roleCode })
    .from(subaccountRole)
    .innerJoin(role, eq(role.id, subaccountRole.roleId))
    .where(eq(subaccountRole.subaccountId, subaccountId))
    .orderBy(asc(role.roleCode));
  return rows.map((r) => r.roleCode);
}

/** Counterpart companies linked to a supplier (toElsAccount = the supplier), in account order. */
export async function findCounterparts(db: Queryable, supplierElsAccount: string): Promise<string[]> {
  const rows = await db
    .select({ elsAccount: accountRelation.elsAccount })
    .from(accountRelation)
    .where(eq(accountRelation.toElsAccount, supplierElsAccount))
    .orderBy(asc(accountRelation.elsAccount));
  return rows.map((r) => r.elsAccount);
}

/**
 * The registered name of the company `elsAccount` (issue #34: other modules ask here instead of reading the
 * company table); undefined for an unknown account.
 */
export async function findCompanyName(db: Queryable, elsAccount: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: company.companyName })
    .from(company)
    .where(eq(company.elsAccount, elsAccount));
  return row?.name;
}

/** The registered names of the companies `accounts`, by elsAccount (unknown accounts are absent); one query. */
export async function findCompanyNames(db: Queryable, accounts: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(accounts)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ elsAccount: company.elsAccount, name: company.companyName })
    .from(company)
    .where(inArray(company.elsAccount, unique));
  return new Map(rows.map((r) => [r.elsAccount, r.name]));
}

/**
 * Which of `accounts` are suppliers linked to the buyer `elsAccount` (account relation), with their company
 * names: [{ account, name }] in no particular order; accounts not linked are absent.
 */
export async function findLinkedSuppliers(db: Queryable, elsAccount: string, accounts: string[]) {
  if (accounts.length === 0) return [];
  return db
    .select({ account: accountRelation.toElsAccount, name: company.companyName })
    .from(accountRelation)
    .innerJoin(company, eq(company.elsAccount, accountRelation.toElsAccount))
    .where(and(eq(accountRelation.elsAccount, elsAccount), inArray(accountRelation.toElsAccount, accounts)));
}

/** The buyers linked to a supplier with their names (issue #16: the inbox's buyer select), by account. */
export async function findLinkedBuyers(db: Queryable, supplierElsAccount: string) {
  return db
    .select({
      elsAccount: company.elsAccount,
      companyName: company.companyName,
      companyShortName: company.companyShortName,
    })
    .from(accountRelation)
    .innerJoin(company, eq(company.elsAccount, accountRelation.elsAccount))
    .where(eq(accountRelation.toElsAccount, supplierElsAccount))
    .orderBy(asc(accountRelation.elsAccount));
}

/** A user's chosen inbox buyer (null: all buyers). */
export async function findInboxBuyer(db: Queryable, subaccountId: string): Promise<string | null> {
  const [row] = await db
    .select({ inbox: subaccount.inboxElsAccount })
    .from(subaccount)
    .where(eq(subaccount.id, subaccountId));
  return row?.inbox ?? null;
}

/** Stores a user's chosen inbox buyer (null: all buyers); false when no such user of the company. */
export async function updateInboxBuyer(
  db: Queryable,
  user: { id: string; elsAccount: string },
  inbox: string | null,
): Promise<boolean> {
  const rows = await db
    .update(subaccount)
    .set({ inboxElsAccount: inbox })
    .where(and(eq(subaccount.id, user.id), eq(subaccount.elsAccount, user.elsAccount)))
    .returning({ id: subaccount.id });
  return rows.length > 0;
}

/** Records a login and, when known, the language the user logged in with (messages follow it). */
export async function touchLastLogin(db: Queryable, id: string, lang?: 'zh_cn' | 'en'): Promise<void> {
  await db
    .update(subaccount)
    .set({ lastLoginDate: sql`now()`, ...(lang ? { lang } : {}) })
    .where(eq(subaccount.id, id));
}

/**
 * Writes a new password hash with optimistic locking: false when the row's version moved on.
 */
export async function updatePassword(
  db: Queryable,
  values: { id: string; elsAccount: string; version: number; passwordHash: string; fbk10?: 'Y' | 'N' },
): Promise<boolean> {
  const rows = await db
    .update(subaccount)
    .set({
      passwordHash: values.passwordHash,
      ...(values.fbk10 ? { fbk10: values.fbk10 } : {}),
      passwordChangedDate: sql`now()`,
      lastUpdateDate: sql`now()`,
      version: sql`${subaccount.version} + 1`,
    })
    .where(
      and(
        eq(subaccount.id, values.id),
        eq(subaccount.elsAccount, values.elsAccount),
        eq(subaccount.version, values.version),
      ),
    )
    .returning({ id: subaccount.id });
  return rows.length === 1;
}

export async function updateEmail(
  db: Queryable,
  values: { id: string; elsAccount: string; email: string },
): Promise<boolean> {
  const rows = await db
    .update(subaccount)
    .set({ email: values.email, lastUpdateDate: sql`now()`, version: sql`${subaccount.version} + 1` })
    .where(and(eq(subaccount.id, values.id), eq(subaccount.elsAccount, values.elsAccount)))
    .returning({ id: subaccount.id });
  return rows.length === 1;
}

/**
 * Counts a failed login; at `lockAfter` consecutive failures the account locks for `lockMinutes`.
 * Returns the new count and the lock end, if any.
 */
export async function recordFailedLogin(db: Queryable, id: string, lockAfter: number, lockMinutes: number) {
  const [row] = await db
    .update(subaccount)
    .set({
      failedLoginCount: sql`${subaccount.failedLoginCount} + 1`,
      lockedUntil: sql`case when ${subaccount.failedLoginCount} + 1 >= ${lockAfter} then now() + make_interval(mins => ${lockMinutes}) else ${subaccount.lockedUntil} end`,
    })
    .where(eq(subaccount.id, id))
    .returning({ failedLoginCount: subaccount.failedLoginCount, lockedUntil: subaccount.lockedUntil });
  return row;
}

export async function resetFailedLogins(db: Queryable, id: string): Promise<void> {
  await db.update(subaccount).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(subaccount.id, id));
}

/** Lifts a lock inside the admin's company; false when the id is not a user of that company. */
export async function unlockSubaccount(db: Queryable, id: string, elsAccount: string): Promise<boolean> {
  const rows = await db
    .update(subaccount)
    .set({ failedLoginCount: 0, lockedUntil: null, lastUpdateDate: sql`now()` })
    .where(and(eq(subaccount.id, id), eq(subaccount.elsAccount, elsAccount)))
    .returning({ id: subaccount.id });
  return rows.length === 1;
}
