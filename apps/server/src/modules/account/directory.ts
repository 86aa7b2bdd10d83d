import { envelopeSchema } from '@srm/contracts/envelope';
import type { MenuItem } from '@srm/contracts/menu';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { forbidden } from '../../platform/errors.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { findGrantsOf, subaccountFilter } from '../company-admin/repository.ts';
import { findMenuRows } from '../menu/repository.ts';
import { allowedMenuIds, buildMenuTree } from '../menu/service.ts';
import { findSubaccountByLogin } from './repository.ts';
import { accountRelation, company, subaccount } from './tables.ts';

const tags = ['account'];

/** The deepest page findPageListFuzzy serves: currentPage × pageSize ≤ this (a company's own users). */
const FUZZY_WINDOW = 10_000;

export const fuzzyQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** 'N' (default): active sub-accounts; 'Y': disabled ones ("deleted" in the spec's words). */
  isDel: z.enum(['Y', 'N']).default('N'),
  /** Part of the sub-account, the name, the mobile or the e-mail (case-insensitive), ≤ 50. */
  keyword: z.string().trim().max(50).optional(),
  station: z.enum(['purchase', 'sale']).optional(),
});

const fuzzyRecordSchema = z.object({
  id: z.string(),
  elsAccount: z.string(),
  elsSubAccount: z.string(),
  name: z.string(),
  station: z.enum(['purchase', 'sale']),
  isDel: z.enum(['Y', 'N']),
});

const fuzzyPageSchema = z.object({
  records: z.array(fuzzyRecordSchema),
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
});

/** Arbitrary fields (spec 000 §7); elsAccount is the one read, elsSubAccount optional. */
export const verifyBodySchema = z
  .object({
    elsAccount: z.string().trim().min(1).max(40),
    elsSubAccount: z.string().trim().min(1).max(40).optional(),
  })
  .passthrough();

const verifySchema = z.object({
  valid: z.boolean(),
  elsAccount: z.string(),
  elsSubAccount: z.string().nullable(),
  /** The company's name (own company or a counterpart), the user's name for an own sub-account; else null. */
  name: z.string().nullable(),
});

const myAppSchema = z.object({
  /** The module app's path segment: `order`, `rfq`, `finance`, `system` … */
  appCode: z.string(),
  /** The top menu group the app's first entry sits under, in the caller's language. */
  appName: z.string(),
  /** The app's base path, e.g. `/order/`. */
  appUrl: z.string(),
  /** How many of the caller's menu entries open in this app. */
  entries: z.number(),
});

/**
 * Account search of the caller's own company (spec 000 §7 findPageListFuzzy; the pickers of approvers,
 * experts, API keys): names and sub-accounts only, never passwords, mobiles or e-mails in the answer.
 * Offset pages within FUZZY_WINDOW rows (a company's users, not millions of documents).
 */
export async function findAccountsFuzzy(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  query: z.infer<typeof fuzzyQuerySchema>,
): Promise<z.infer<typeof fuzzyPageSchema>> {
  const offset = (query.currentPage - 1) * query.pageSize;
  const window = Math.max(0, Math.min(query.pageSize, FUZZY_WINDOW - offset));
  const where = subaccountFilter(auth.elsAccount, {
    keyword: query.keyword,
    status: query.isDel === 'Y' ? 'disabled' : 'active',
    station: query.station,
  });
  const [rows, [count]] = await Promise.all([
    window === 0
      ? Promise.resolve([])
      : deps.db
          .select({
            id: subaccount.id,
            elsAccount: subaccount.elsAccount,
            elsSubAccount: subaccount.elsSubAccount,
            name: subaccount.name,
            station: subaccount.station,
            status: subaccount.status,
          })
          .from(subaccount)
          .where(where)
          .orderBy(asc(subaccount.elsSubAccount))
          .limit(window)
          .offset(offset),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(subaccount).where(where),
  ]);
  return {
    records: rows.map(({ status, ...r }) => ({ ...r, isDel: status === 'disabled' ? 'Y' : 'N' })),
    total: Math.min(count.n, FUZZY_WINDOW),
    currentPage: query.currentPage,
    pageSize: query.pageSize,
  };
}

/**
 * verifyElsAccount (spec 000 §7): whether `elsAccount` (and `elsSubAccount`) names a live account the caller
 * may know of — its own company and its active sub-accounts, or a counterpart company (linked buyer and
 * supplier, account_relation either way). Anything else answers valid false, the same for
 * a missing and a foreign account (no existence oracle, issue #18).
 */
export async function verifyAccount(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  body: z.infer<typeof verifyBodySchema>,
): Promise<z.infer<typeof verifySchema>> {
  const answer = { elsAccount: body.elsAccount, elsSubAccount: body.elsSubAccount ?? null };
  const invalid = { ...answer, valid: false, name: null };
  if (body.elsSubAccount) {
    if (body.elsAccount !== auth.elsAccount) return invalid;
    const user = await findSubaccountByLogin(deps.db, auth.elsAccount, body.elsSubAccount);
    return user?.status === 'active' ? { ...answer, valid: true, name: user.name } : invalid;
  }
  const related =
    body.elsAccount === auth.elsAccount
      ? sql`true`
      : sql`exists (select 1 from ${accountRelation} r where
          (r.els_account = ${auth.elsAccount} and r.to_els_account = ${body.elsAccount})
          or (r.els_account = ${body.elsAccount} and r.to_els_account = ${auth.elsAccount}))`;
  const [found] = await deps.db
    .select({ name: company.companyName })
    .from(company)
    .where(and(eq(company.elsAccount, body.elsAccount), related));
  return found ? { ...answer, valid: true, name: found.name } : invalid;
}

/** The module apps (`/order/`, `/rfq/` …) the caller's menu opens, in menu order (getMyApp, spec 000 §7). */
export function appsOfMenu(tree: MenuItem[]): z.infer<typeof myAppSchema>[] {
  const apps = new Map<string, z.infer<typeof myAppSchema>>();
  const walk = (items: MenuItem[], top: string) => {
    for (const item of items) {
      const group = top || item.appName;
      if (item.children.length > 0) walk(item.children, group);
      const segment = /^\/([a-z][a-z0-9-]*)\//.exec(item.appUrl)?.[1];
      // The shell's own pages and the API documentation are not module apps.
      if (!segment || segment === 'portal' || segment === 'apis' || segment === 'myiframe') continue;
      const app = apps.get(segment);
      if (app) app.entries++;
      else apps.set(segment, { appCode: segment, appName: group, appUrl: `/${segment}/`, entries: 1 });
    }
  };
  walk(tree, '');
  return [...apps.values()];
}

/** Account directory calls of spec 000 §7: the user's apps, account verification, account search. */
export function registerAccountDirectoryRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * GET /apis/ElsAppService/getMyApp/{elsAccount}/{elsSubAccount} — the caller's module apps, from the menu
   * its roles open: data [{ appCode, appName (caller's language), appUrl '/order/', entries }]. '403' for
   * another user's path.
   */
  r.get(
    '/apis/ElsAppService/getMyApp/:elsAccount/:elsSubAccount',
    {
      schema: {
        tags,
        summary: "The caller's module apps",
        params: z.object({ elsAccount: z.string().max(40), elsSubAccount: z.string().max(40) }),
        response: { 200: envelopeSchema(z.array(myAppSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (
        request.params.elsAccount !== auth.elsAccount ||
        request.params.elsSubAccount !== auth.elsSubAccount
      )
        throw forbidden();
      const [rows, grants] = await Promise.all([
        findMenuRows(deps.db, auth.station, auth.elsAccount),
        findGrantsOf(deps.db, auth.subaccountId),
      ]);
      const roles = grants.map((g) => g.roleCode);
      return ok(appsOfMenu(buildMenuTree(rows, roles, request.locale, allowedMenuIds(rows, grants))));
    },
  );

  /**
   * POST /apis/ElsAccountService/verifyElsAccount — body { elsAccount, elsSubAccount?, …any }: data { valid,
   * elsAccount, elsSubAccount, name } (see verifyAccount for what the caller may learn).
   */
  r.post(
    '/apis/ElsAccountService/verifyElsAccount',
    {
      schema: {
        tags,
        summary: 'Verify an account',
        body: verifyBodySchema,
        response: { 200: envelopeSchema(verifySchema) },
      },
    },
    async (request) => ok(await verifyAccount(deps, requireAuth(request.auth), request.body)),
  );

  /**
   * POST /apis/ElsAccountService/findPageListFuzzy — body { currentPage 1, pageSize 10 (≤ 100), isDel 'N',
   * keyword?, station? }: data { records [{ id, elsAccount, elsSubAccount, name, station, isDel }], total,
   * currentPage, pageSize } of the caller's own company.
   */
  r.post(
    '/apis/ElsAccountService/findPageListFuzzy',
    {
      schema: {
        tags,
        summary: "Search the company's accounts",
        body: fuzzyQuerySchema,
        response: { 200: envelopeSchema(fuzzyPageSchema) },
      },
    },
    async (request) => ok(await findAccountsFuzzy(deps, requireAuth(request.auth), request.body)),
  );
}
