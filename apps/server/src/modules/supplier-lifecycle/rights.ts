import type { Certification } from '@srm/contracts/supplier-certification';
import { rightRefusal, type SupplierRight, type SupplierStage } from '@srm/contracts/supplier-lifecycle';
import { and, eq, inArray } from 'drizzle-orm';
import { companyTimeZone, dateOf, nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { supplierMaster } from '../masterdata/tables.ts';

/** A supplier's standing at one buyer: its stage, frozen flag and certifications (stranger without a master row). */
export type SupplierStanding = {
  toElsAccount: string;
  stage: SupplierStage | string;
  frozen: boolean;
  certifications: Certification[];
};

/** The standing of each of `accounts` at buyer `elsAccount` (a linked supplier without a master row is a stranger). */
export async function supplierStandings(
  db: Queryable,
  elsAccount: string,
  accounts: readonly string[],
): Promise<Map<string, SupplierStanding>> {
  const unique = [...new Set(accounts)];
  const out = new Map<string, SupplierStanding>();
  if (unique.length === 0) return out;
  const rows = await db
    .select({
      toElsAccount: supplierMaster.toElsAccount,
      stage: supplierMaster.supplierStatus,
      frozen: supplierMaster.frozen,
      certifications: supplierMaster.certifications,
    })
    .from(supplierMaster)
    .where(and(eq(supplierMaster.elsAccount, elsAccount), inArray(supplierMaster.toElsAccount, unique)));
  for (const account of unique)
    out.set(account, {
      toElsAccount: account,
      stage: 'stranger',
      frozen: false,
      certifications: [],
    });
  for (const row of rows) out.set(row.toElsAccount, row);
  return out;
}

/** The mandatory certifications of a standing that expired before `today` (ISO date). */
export function expiredMandatory(standing: SupplierStanding, today: string): Certification[] {
  return standing.certifications.filter((c) => c.mandatory && c.expiryDate < today);
}

/**
 * Checks that the buyer may do `right` with each supplier (issue #16 stage-rights table, contracts
 * `supplierRights`): '400' naming the first supplier refused and the rule in the reader's language
 * ("供应商 200004 处于黑名单，不能下达订单" / "Supplier 200004 is blacklisted: orders cannot be sent").
 * An award is also refused while a mandatory certification has expired (until it is renewed).
 */
export async function assertSupplierRights(
  db: Queryable,
  elsAccount: string,
  accounts: readonly string[],
  right: SupplierRight,
  now: Date = nowDate(),
): Promise<void> {
  const standings = await supplierStandings(db, elsAccount, accounts);
  const today = dateOf(now, await companyTimeZone(db, elsAccount));
  for (const standing of standings.values()) {
    const refusal = rightRefusal(standing.toElsAccount, standing.stage, standing.frozen, right);
    if (refusal)
      throw new AppError('400', 'supplierRightRefused', {}, null, (locale) => ({ text: refusal[locale] }));
    if (right !== 'award') continue;
    const [expired] = expiredMandatory(standing, today);
    if (expired)
      throw new AppError('400', 'supplierCertExpired', {
        account: standing.toElsAccount,
        type: expired.type,
        date: expired.expiryDate,
      });
  }
}
