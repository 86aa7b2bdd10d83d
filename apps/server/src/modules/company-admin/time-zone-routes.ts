import { envelopeSchema } from '@srm/contracts/envelope';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  companyTimeZone,
  defaultCompanyTimeZone,
  forgetCompanyTimeZone,
  isTimeZone,
} from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAdmin, requireAuth, zod } from '../../platform/http.ts';
import { actingAccountOf, findInboxBuyer } from '../account/index.ts';
import { company } from '../account/tables.ts';

const timeZoneSchema = z.object({
  /** The zone in effect (IANA name): the company's own, else the server default. */
  timeZone: z.string(),
  /** The company's own setting; null when it follows the server default. */
  stored: z.string().nullable(),
  /** The server default (TZ_DEFAULT, else Asia/Shanghai). */
  defaultTimeZone: z.string(),
});

/**
 * The company's time zone (issue #35): the calendar of every "today", month period and document number of
 * the buyer's documents (platform/clock.ts). A buyer admin sets it; everyone reads the zone their dates
 * follow (a supplier: the buyer it acts for, spec 000 §4) — the web's date pickers take "today" from it.
 */
export function registerTimeZoneRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  async function zoneOf(elsAccount: string) {
    const [row] = await deps.db
      .select({ stored: company.timeZone })
      .from(company)
      .where(eq(company.elsAccount, elsAccount));
    return {
      timeZone: await companyTimeZone(deps.db, elsAccount),
      stored: row?.stored ?? null,
      defaultTimeZone: defaultCompanyTimeZone(),
    };
  }

  /**
   * POST /apis/CompanyService/findTimeZone — the time zone the caller's dates follow: data { timeZone,
   * stored (the company's own or null), defaultTimeZone }. For a supplier user the acting buyer's (spec 000
   * §4). Any logged-in user.
   */
  r.post(
    '/apis/CompanyService/findTimeZone',
    {
      schema: {
        tags: ['company-admin'],
        summary: "The time zone of the caller's company calendar",
        body: z.object({}).optional(),
        response: { 200: envelopeSchema(timeZoneSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const acting = await actingAccountOf(deps.db, {
        station: auth.station,
        elsAccount: auth.elsAccount,
        inboxElsAccount: auth.station === 'sale' ? await findInboxBuyer(deps.db, auth.subaccountId) : null,
      });
      return ok(await zoneOf(acting));
    },
  );

  /**
   * POST /apis/CompanyService/saveTimeZone — a buyer admin sets the company's time zone: body { timeZone:
   * an IANA name such as 'Asia/Shanghai' or 'Europe/Berlin', or null to follow the server default }. Dates
   * already saved stay as they are; new ones follow the zone. '400' rule.timeZone naming body.timeZone;
   * '403' unless buyer admin. data as findTimeZone.
   */
  r.post(
    '/apis/CompanyService/saveTimeZone',
    {
      schema: {
        tags: ['company-admin'],
        summary: "Set the company's time zone (buyer admin)",
        body: z.object({ timeZone: z.string().max(64).nullable() }),
        response: { 200: envelopeSchema(timeZoneSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireAdmin(auth, 'purchase');
      const zone = request.body.timeZone?.trim() || null;
      if (zone !== null && !isTimeZone(zone)) throw badRequest('rule.timeZone', { field: 'body.timeZone' });
      await deps.db.update(company).set({ timeZone: zone }).where(eq(company.elsAccount, auth.elsAccount));
      forgetCompanyTimeZone(auth.elsAccount);
      return ok(await zoneOf(auth.elsAccount));
    },
  );
}
