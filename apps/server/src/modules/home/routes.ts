import { envelopeSchema } from '@srm/contracts/envelope';
import { pagingSchema } from '@srm/contracts/message';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { nowDate } from '../../platform/clock.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { admissionCounts } from '../admission/supplier-access.ts';
import { financeStatistics } from '../finance/statistics.ts';
import { hazardousSubstance } from '../system/tables.ts';

/**
 * `available: false` tells the home portal that the documents behind a figure arrive in a later release
 * (orders, deliveries, enquiries, finance, to-dos): the figure is an honest zero, not a guess.
 */
const pendingFigures = z.object({ available: z.boolean(), counts: z.record(z.string(), z.number()) });
const hazardSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  toElsAccount: z.string(),
  materialNumber: z.string(),
  materialDesc: z.string(),
  substance: z.string(),
  certificateNumber: z.string(),
  certificateExpiryDate: z.string(),
  status: z.enum(['expired', 'expiring', 'valid']),
});

const DAY_MS = 86_400_000;

/** Rows a caller may see: the buyer's own declarations, or a supplier's declarations to its buyers. */
function hazardScope(auth: AuthContext): SQL {
  return auth.station === 'purchase'
    ? eq(hazardousSubstance.elsAccount, auth.elsAccount)
    : eq(hazardousSubstance.toElsAccount, auth.elsAccount);
}

/** Home-portal figures (spec 000 §7) and the expired hazardous-substance report (spec 000 §2 RoHS). */
export function registerHomeRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics (spec 000 §7) — finance figures
   * waiting for the caller's company: data { available: true, counts: { reconToBeConfirmed,
   * invoiceToBeConfirmed, costToBeConfirmed } } (modules/finance/statistics.ts, issue #15); a supplier's
   * counts add its admission forms by status: accessDraft, accessWaiting, accessAdmitted, accessRejected
   * (issue #16 "supplier home admission card", modules/admission admissionCounts).
   */
  r.get(
    '/apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics',
    {
      schema: {
        tags: ['home'],
        summary: 'Finance figures for the home portal',
        response: { 200: envelopeSchema(pendingFigures) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const [finance, admission] = await Promise.all([
        financeStatistics(deps.db, auth),
        auth.station === 'sale' ? admissionCounts(deps.db, auth.elsAccount) : Promise.resolve({}),
      ]);
      return ok({ ...finance, counts: { ...finance.counts, ...admission } });
    },
  );

  // POST /apis/inquiry/SaleEnquiryService/findPageList (spec 000 §7) is the RFQ kernel kind's supplier
  // list (modules/enquiry, issue #13).

  /**
   * POST /apis/order/PurchaseDeliveryManageService/getWechatUrl (spec 000 §7) — a link that opens the
   * portal's WeChat page for a delivery. Body { deliveryNoteNumber? }. data { url }.
   */
  r.post(
    '/apis/order/PurchaseDeliveryManageService/getWechatUrl',
    {
      // Both stations' home pages and menus (spec 000 §7), whatever the service's name (issue #32).
      config: { station: 'any' },
      schema: {
        tags: ['home'],
        summary: 'WeChat link',
        body: z.object({ deliveryNoteNumber: z.string().max(40).optional() }).passthrough(),
        response: { 200: envelopeSchema(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const query = new URLSearchParams({ elsAccount: auth.elsAccount });
      if (request.body.deliveryNoteNumber) query.set('deliveryNoteNumber', request.body.deliveryNoteNumber);
      return ok({
        url: `${request.protocol}://${request.host}${deps.config.BASE_PATH}/portal/#/wxAuth?${query}`,
      });
    },
  );

  /**
   * GET /apis/order/PurchaseHazardousSubstanceService/getOverdueReport (spec 000 §7) — summary of the
   * caller's declarations: data { expired, expiring (within 30 days), valid, total }.
   */
  r.get(
    '/apis/order/PurchaseHazardousSubstanceService/getOverdueReport',
    {
      // Both stations' home pages and menus (spec 000 §7), whatever the service's name (issue #32).
      config: { station: 'any' },
      schema: {
        tags: ['rohs'],
        summary: 'Expired hazardous-substance summary',
        response: {
          200: envelopeSchema(
            z.object({ expired: z.number(), expiring: z.number(), valid: z.number(), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const now = nowDate();
      const soon = new Date(now.getTime() + 30 * DAY_MS);
      const countWhere = async (extra?: SQL) => {
        const [row] = await deps.db
          .select({ n: count() })
          .from(hazardousSubstance)
          .where(and(hazardScope(auth), extra));
        return Number(row.n);
      };
      const [expired, expiring, total] = await Promise.all([
        countWhere(lt(hazardousSubstance.certificateExpiryDate, now)),
        countWhere(
          and(
            gte(hazardousSubstance.certificateExpiryDate, now),
            lt(hazardousSubstance.certificateExpiryDate, soon),
          ),
        ),
        countWhere(),
      ]);
      return ok({ expired, expiring, valid: total - expired - expiring, total });
    },
  );

  /**
   * POST /apis/order/PurchaseHazardousSubstanceService/getOverdueReportList (spec 000 §7) — the
   * declarations, soonest expiry first. Body { currentPage, pageSize, status? ('expired' | 'expiring' |
   * 'valid'), keyword? (material or substance) }.
   */
  r.post(
    '/apis/order/PurchaseHazardousSubstanceService/getOverdueReportList',
    {
      // Both stations' home pages and menus (spec 000 §7), whatever the service's name (issue #32).
      config: { station: 'any' },
      schema: {
        tags: ['rohs'],
        summary: 'Hazardous-substance declarations',
        body: pagingSchema.extend({
          status: z.enum(['expired', 'expiring', 'valid']).optional(),
          keyword: z.string().trim().max(100).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({
              records: z.array(hazardSchema),
              total: z.number(),
              currentPage: z.number(),
              pageSize: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { currentPage, pageSize, status, keyword } = request.body;
      const now = nowDate();
      const soon = new Date(now.getTime() + 30 * DAY_MS);
      const where: SQL[] = [hazardScope(auth)];
      if (status === 'expired') where.push(lt(hazardousSubstance.certificateExpiryDate, now));
      if (status === 'expiring')
        where.push(
          and(
            gte(hazardousSubstance.certificateExpiryDate, now),
            lt(hazardousSubstance.certificateExpiryDate, soon),
          )!,
        );
      if (status === 'valid') where.push(gte(hazardousSubstance.certificateExpiryDate, soon));
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(
            ilike(hazardousSubstance.materialNumber, like),
            ilike(hazardousSubstance.materialDesc, like),
            ilike(hazardousSubstance.substance, like),
          )!,
        );
      }
      const condition = and(...where);
      const [rows, [{ n }]] = await Promise.all([
        deps.db
          .select()
          .from(hazardousSubstance)
          .where(condition)
          .orderBy(hazardousSubstance.certificateExpiryDate, desc(hazardousSubstance.id))
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize),
        deps.db.select({ n: count() }).from(hazardousSubstance).where(condition),
      ]);
      return ok({
        records: rows.map((row) => {
          const expiry = row.certificateExpiryDate.getTime();
          const state = expiry < now.getTime() ? 'expired' : expiry < soon.getTime() ? 'expiring' : 'valid';
          return {
            id: row.id,
            elsAccount: row.elsAccount,
            toElsAccount: row.toElsAccount,
            materialNumber: row.materialNumber,
            materialDesc: row.materialDesc,
            substance: row.substance,
            certificateNumber: row.certificateNumber,
            certificateExpiryDate: row.certificateExpiryDate.toISOString(),
            status: state as 'expired' | 'expiring' | 'valid',
          };
        }),
        total: Number(n),
        currentPage,
        pageSize,
      });
    },
  );
}
