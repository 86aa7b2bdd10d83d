import { improvementDefinition } from '@srm/contracts/improvement';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { appraisalResult, appraisalRun } from '../appraisal/tables.ts';
import { improvement } from './tables.ts';

/**
 * The link between improvement sheets and appraisal runs (issue #17): a sheet issued from an appraisal keeps
 * its source as `source_type = 'appraisal'`, `source_number` = the run's number (AR…, unique per buyer) and
 * `to_els_account` = the appraised supplier; (buyer, number, supplier) names exactly one scorecard. Both
 * directions are read here, always scoped to the caller's company.
 */

/** The scorecard (run and result) of `supplier` in the buyer's run numbered `appraisalNumber`, or null. */
export async function appraisalResultOf(
  db: Queryable,
  buyer: string,
  appraisalNumber: string,
  supplier: string,
) {
  const [row] = await db
    .select({
      runId: appraisalRun.id,
      appraisalNumber: appraisalRun.appraisalNumber,
      periodFrom: appraisalRun.periodFrom,
      periodTo: appraisalRun.periodTo,
      runStatus: appraisalRun.runStatus,
      resultId: appraisalResult.id,
    })
    .from(appraisalRun)
    .innerJoin(
      appraisalResult,
      and(eq(appraisalResult.runId, appraisalRun.id), eq(appraisalResult.toElsAccount, supplier)),
    )
    .where(and(eq(appraisalRun.elsAccount, buyer), eq(appraisalRun.appraisalNumber, appraisalNumber)));
  return row ?? null;
}

/**
 * The source of one improvement sheet as the caller may follow it. Buyer: its own sheet ('404' another
 * company's). Supplier: a sheet addressed to it and sent (not a draft; '404' otherwise). data: { sourceType
 * ('manual' | 'refund' | 'appraisal'), sourceNumber | null, appraisal: null | { runId (buyer only, else
 * null), resultId (the supplier's scorecard; for the supplier only once the run is finished, else null),
 * appraisalNumber, periodFrom, periodTo (exclusive), runStatus } }.
 */
export async function sheetSource(db: Queryable, auth: AuthContext, id: string) {
  const buyer = auth.station === 'purchase';
  const [sheet] = await db
    .select({
      elsAccount: improvement.elsAccount,
      toElsAccount: improvement.toElsAccount,
      sourceType: improvement.sourceType,
      sourceNumber: improvement.sourceNumber,
    })
    .from(improvement)
    .where(
      and(
        eq(improvement.id, id),
        buyer
          ? eq(improvement.elsAccount, auth.elsAccount)
          : and(eq(improvement.toElsAccount, auth.elsAccount), ne(improvement.improvementStatus, '0')),
      ),
    );
  if (!sheet)
    throw new AppError('404', 'documentNotFound', {}, null, (locale) => ({
      title:
        locale === 'en' ? improvementDefinition.title.en.toLowerCase() : improvementDefinition.title.zh_cn,
    }));
  const base = { sourceType: sheet.sourceType, sourceNumber: sheet.sourceNumber, appraisal: null };
  if (sheet.sourceType !== 'appraisal' || !sheet.sourceNumber) return base;
  const found = await appraisalResultOf(db, sheet.elsAccount, sheet.sourceNumber, sheet.toElsAccount);
  if (!found) return base;
  return {
    ...base,
    appraisal: {
      runId: buyer ? found.runId : null,
      resultId: buyer || found.runStatus === '1' ? found.resultId : null,
      appraisalNumber: found.appraisalNumber,
      periodFrom: found.periodFrom,
      periodTo: found.periodTo,
      runStatus: found.runStatus,
    },
  };
}

/** A sheet issued from an appraisal, as the run's and the scorecard's lists show it. */
export type IssuedSheet = {
  id: string;
  improvementNumber: string;
  toElsAccount: string;
  subject: string;
  improvementStatus: string;
  improvementDate: string;
};

/**
 * The improvement sheets the buyer issued from its run `appraisalNumber` — for the given suppliers only when
 * named, and only sent ones (not drafts) when `sentOnly` (what a supplier may see) — by number.
 */
export async function sheetsFromAppraisal(
  db: Queryable,
  buyer: string,
  appraisalNumber: string,
  opts: { suppliers?: string[]; sentOnly?: boolean } = {},
): Promise<IssuedSheet[]> {
  return db
    .select({
      id: improvement.id,
      improvementNumber: improvement.improvementNumber,
      toElsAccount: improvement.toElsAccount,
      subject: improvement.subject,
      improvementStatus: improvement.improvementStatus,
      improvementDate: improvement.improvementDate,
    })
    .from(improvement)
    .where(
      and(
        eq(improvement.elsAccount, buyer),
        eq(improvement.sourceType, 'appraisal'),
        eq(improvement.sourceNumber, appraisalNumber),
        opts.suppliers ? inArray(improvement.toElsAccount, opts.suppliers) : undefined,
        opts.sentOnly ? ne(improvement.improvementStatus, '0') : undefined,
      ),
    )
    .orderBy(asc(improvement.improvementNumber));
}
