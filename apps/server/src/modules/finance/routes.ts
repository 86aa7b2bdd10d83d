import { servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { invoiceDefinition, reconDefinition } from '@srm/contracts/finance';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { nowDate } from '../../platform/clock.ts';
import { ownRouteAction, registerDocumentRoutes } from '../../platform/document/routes.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { accountRelation, company } from '../account/tables.ts';
import { invoiceableLines, invoiceableStatements, invoiceKind, toleranceOf } from './invoice.ts';
import {
  RECON_MAX_LINES,
  reconCandidates,
  reconKind,
  reconScope,
  reconTotals,
  registerReconErpPush,
} from './recon.ts';
import { invoiceTolerance } from './tables.ts';

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
 * Financial coordination (issue #15): the kernel's calls of statements (`/apis/finance/{Purchase|Sale}
 * ReconService/…`) and invoices, what a statement can pull, and the counterparts a side may name. The fee
 * sheets (`…DeductCostService/…`, `…AddCostService/…`) have only the kernel's calls: the manifest of kinds
 * registers them (apps/server/src/kinds.ts).
 */
export function registerFinanceRoutes(app: App, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, reconKind);
  registerReconErpPush();
  registerDocumentRoutes(app, deps, invoiceKind);
  const r = zod(app);

  const toleranceSchema = z.object({
    toleranceAmount: z.string().nullable(),
    tolerancePercent: z.string().nullable(),
  });
  /**
   * GET /apis/finance/SaleInvoiceService/findInvoiceable — without `reconId`: the caller's (supplier's)
   * statements it may invoice (confirmed or posted, not fully invoiced), newest first, at most 200; with
   * `reconId` (and `invoiceId` when correcting an invoice): that statement's lines not on another live
   * invoice, figures signed as on the statement (money in its currency). '400' when the statement is not
   * the caller's. Issue #15.
   * Function permission (issue #19): `invoice.save`; without it '403'.
   */
  r.get(
    `${servicePath(invoiceDefinition, 'sale')}/findInvoiceable`,
    {
      config: { action: ownRouteAction(invoiceDefinition, 'save') },
      schema: {
        tags: ['invoice'],
        summary: 'Statements and statement lines a supplier may invoice',
        querystring: z.object({
          reconId: z.string().uuid().optional(),
          invoiceId: z.string().uuid().optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              statements: z
                .array(
                  z.object({
                    id: z.string(),
                    reconNumber: z.string(),
                    buyerName: z.string(),
                    currency: z.string(),
                    totalAmount: z.string(),
                    invoicedAmount: z.string(),
                    reconDate: z.string(),
                  }),
                )
                .optional(),
              lines: z
                .array(
                  z.object({
                    id: z.string(),
                    lineNumber: z.number(),
                    itemType: z.string(),
                    sourceNumber: z.string(),
                    materialNumber: z.string().nullable(),
                    materialDesc: z.string().nullable(),
                    quantity: z.string().nullable(),
                    price: z.string().nullable(),
                    taxRate: z.string(),
                    amount: z.string(),
                  }),
                )
                .optional(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.station !== 'sale') throw forbidden();
      const { reconId, invoiceId } = request.query;
      if (!reconId) return ok({ statements: await invoiceableStatements(deps.db, auth.elsAccount) });
      const lines = await invoiceableLines(deps.db, auth.elsAccount, reconId, invoiceId ?? null);
      if (!lines) throw badRequest('invoiceReconNotFound', { id: reconId });
      return ok({ lines });
    },
  );

  /**
   * GET /apis/finance/PurchaseInvoiceService/findTolerance — the caller's (buyer's) three-way-match
   * tolerance: { toleranceAmount (money, 2 decimals) | null, tolerancePercent (percent, 2 decimals) | null };
   * both null = exact to the cent. Rule: finance-money.ts withinTolerance (the stricter limit applies).
   * Issue #15.
   * Function permission (issue #19): `invoice.read`; without it '403'.
   */
  r.get(
    `${servicePath(invoiceDefinition, 'purchase')}/findTolerance`,
    {
      config: { action: ownRouteAction(invoiceDefinition, 'read') },
      schema: {
        tags: ['invoice'],
        summary: 'The buyer’s three-way-match tolerance',
        response: { 200: envelopeSchema(toleranceSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.station !== 'purchase') return ok({ toleranceAmount: null, tolerancePercent: null });
      return ok(await toleranceOf(deps.db, auth.elsAccount));
    },
  );
  /**
   * POST /apis/finance/PurchaseInvoiceService/saveTolerance — body { toleranceAmount, tolerancePercent }
   * (decimal strings ≥ 0, percent ≤ 100, 2 decimals; empty or null = that limit does not apply): the
   * caller's company's tolerance for invoices matched from now on (a submitted invoice is matched again
   * at submit). '400' naming the field otherwise. Buyers only ('403' for a supplier). Issue #15.
   * Function permission (issue #19): `invoice.save`; without it '403'.
   */
  r.post(
    `${servicePath(invoiceDefinition, 'purchase')}/saveTolerance`,
    {
      config: { action: ownRouteAction(invoiceDefinition, 'save') },
      schema: {
        tags: ['invoice'],
        summary: 'Set the buyer’s three-way-match tolerance',
        body: z.object({
          toleranceAmount: z.string().max(20).nullable().optional(),
          tolerancePercent: z.string().max(10).nullable().optional(),
        }),
        response: { 200: envelopeSchema(toleranceSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.station !== 'purchase') throw forbidden();
      const read = (field: 'toleranceAmount' | 'tolerancePercent', max: number) => {
        const value = (request.body[field] ?? '').trim();
        if (value === '') return null;
        if (!/^\d{1,13}(\.\d{1,2})?$/.test(value) || Number(value) > max)
          throw badRequest('toleranceRange', { field });
        return value;
      };
      const toleranceAmount = read('toleranceAmount', Number.MAX_SAFE_INTEGER);
      const tolerancePercent = read('tolerancePercent', 100);
      const values = {
        toleranceAmount,
        tolerancePercent,
        updateUser: `${auth.elsAccount}_${auth.elsSubAccount}`,
        lastUpdateDate: nowDate(),
      };
      await deps.db
        .insert(invoiceTolerance)
        .values({ elsAccount: auth.elsAccount, ...values })
        .onConflictDoUpdate({ target: invoiceTolerance.elsAccount, set: values });
      return ok(await toleranceOf(deps.db, auth.elsAccount));
    },
  );

  for (const side of ['purchase', 'sale'] as const) {
    /**
     * POST /apis/finance/{Purchase|Sale}ReconService/findReconcilable — body { toElsAccount (buyer) |
     * elsAccount (supplier), currency (default CNY), beginDate, endDate ('YYYY-MM-DD') }: every line a new
     * statement of the caller with that counterpart can pull (received notice lines, confirmed returns,
     * confirmed fee sheets settled on the statement), figures signed as on the statement (money in the
     * currency, quantities in the line's unit), and their totals. At most 10,000 lines. '400' naming the
     * field (counterpart not linked, dates missing or in the wrong order). Issue #15.
     * Function permission (issue #19): `recon.save`; without it '403'.
     */
    r.post(
      `${servicePath(reconDefinition, side)}/findReconcilable`,
      {
        config: { action: ownRouteAction(reconDefinition, 'save') },
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
