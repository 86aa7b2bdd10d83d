import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { reconDefinition } from '@srm/contracts/finance';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { registerDocumentRoutes } from '../../platform/document/routes.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { accountRelation, company } from '../account/tables.ts';
import { addCostKind, deductCostKind } from './fee-sheet.ts';
import { RECON_MAX_LINES, reconCandidates, reconKind, reconScope, reconTotals } from './recon.ts';

const candidateSchema = z.object({
  itemType: z.string(),
  sourceId: z.string(),
  sourceNumber: z.string(),
  sourceItemNumber: z.number().nullable(),
  orderNumber: z.string().nullable(),
  businessDate: z.string().nullable(),
  materialNumber: z.string().nullable(),
  materialDesc: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  taxRate: z.string(),
  amount: z.string(),
  netAmount: z.string(),
  taxAmount: z.string(),
  costNumber: z.string().nullable(),
});

/**
 * Financial coordination (issue #15): the kernel's calls of fee sheets (`/apis/finance/{Purchase|Sale}
 * DeductCostService/…`, `…AddCostService/…`) and statements (`…ReconService/…`), what a statement can
 * pull, and the counterparts a side may name.
 */
export function registerFinanceRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, deductCostKind);
  registerDocumentRoutes(app, deps, addCostKind);
  registerDocumentRoutes(app, deps, reconKind);
  const r = zod(app);

  for (const side of ['purchase', 'sale'] as const) {
    /**
     * POST /apis/finance/{Purchase|Sale}ReconService/findReconcilable — body { toElsAccount (buyer) |
     * elsAccount (supplier), currency (default CNY), beginDate, endDate ('YYYY-MM-DD') }: every line a new
     * statement of the caller with that counterpart can pull (received notice lines, confirmed returns,
     * confirmed fee sheets settled on the statement), figures signed as on the statement (money in the
     * currency, quantities in the line's unit), and their totals. At most 10,000 lines. '400' naming the
     * field (counterpart not linked, dates missing or in the wrong order). Issue #15.
     */
    r.post(
      `${servicePath(reconDefinition, side)}/findReconcilable`,
      {
        schema: {
          tags: ['recon'],
          summary: 'Lines a new statement can pull',
          body: z
            .object({
              elsAccount: z.string().max(20).optional(),
              toElsAccount: z.string().max(20).optional(),
              currency: z.string().max(3).optional(),
              beginDate: z.string().max(10),
              endDate: z.string().max(10),
            })
            .passthrough(),
          response: {
            200: envelopeSchema(
              z.object({
                lines: z.array(candidateSchema),
                totals: z.record(z.string(), z.string()),
                truncated: z.boolean(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        if (auth.station !== side) return ok({ lines: [], totals: {}, truncated: false });
        const { scope } = await reconScope(deps.db, auth, side, request.body);
        const lines = await reconCandidates(deps.db, scope);
        return ok({ lines, totals: reconTotals(lines), truncated: lines.length >= RECON_MAX_LINES });
      },
    );
  }

  /**
   * GET /apis/finance/{Purchase|Sale}ReconService/findCounterparts — the companies the caller may make a
   * statement or a fee sheet with: a buyer's linked suppliers, a supplier's buyers (account_relation),
   * data [{ elsAccount, companyName }] by account. Issue #15.
   */
  for (const side of ['purchase', 'sale'] as const)
    r.get(
      `${servicePath(reconDefinition, side)}/findCounterparts`,
      {
        schema: {
          tags: ['recon'],
          summary: 'Companies the caller reconciles with',
          response: {
            200: envelopeSchema(z.array(z.object({ elsAccount: z.string(), companyName: z.string() }))),
          },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        if (auth.station !== side) return ok([]);
        const links = await deps.db
          .select({
            account: side === 'purchase' ? accountRelation.toElsAccount : accountRelation.elsAccount,
          })
          .from(accountRelation)
          .where(
            side === 'purchase'
              ? eq(accountRelation.elsAccount, auth.elsAccount)
              : eq(accountRelation.toElsAccount, auth.elsAccount),
          );
        if (links.length === 0) return ok([]);
        const rows = await deps.db
          .select({ elsAccount: company.elsAccount, companyName: company.companyName })
          .from(company)
          .where(
            and(
              inArray(
                company.elsAccount,
                links.map((l) => l.account),
              ),
            ),
          )
          .orderBy(asc(company.elsAccount));
        return ok(rows);
      },
    );
}
