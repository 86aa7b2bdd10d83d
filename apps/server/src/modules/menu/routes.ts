import { envelopeSchema } from '@srm/contracts/envelope';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { findGrantsOf } from '../company-admin/repository.ts';
import { findMenuRows } from './repository.ts';
import { allowedMenuIds, buildMenuTree } from './service.ts';

type MenuNode = {
  id: string;
  appName: string;
  appNameI18n: { zh_cn: string; en: string };
  appUrl: string;
  appIcon: string | null;
  appCode: string;
  component: string | null;
  meta: { roles: string[]; keepAlive?: boolean };
  group: string[];
  query: Record<string, string>;
  children: MenuNode[];
};

const menuItemSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    appName: z.string(),
    appNameI18n: z.object({ zh_cn: z.string(), en: z.string() }),
    appUrl: z.string(),
    appIcon: z.string().nullable(),
    appCode: z.string(),
    component: z.string().nullable(),
    meta: z.object({ roles: z.array(z.string()), keepAlive: z.boolean().optional() }),
    group: z.array(z.string()),
    query: z.record(z.string(), z.string()),
    children: z.array(menuItemSchema),
  }),
);

/** Menu call of spec 000 §7. */
export function registerMenuRoutes(app: App, deps: AppDeps): void {
  // The tree of a user changes only when menus or their roles do (seed, registration): it is served from
  // memory for SESSION_CACHE_MS like the session itself (0 = always from the database; issue #7).
  const ttl = deps.config.SESSION_CACHE_MS;
  // Kept as the serialized answer: the tree is the biggest JSON a trivial call writes.
  const trees = new LRUCache<string, string>({
    max: 20_000,
    ttl: Math.max(ttl, 1),
  });
  // A user's roles or menus changed here or in another process (session cache invalidations, issue #18).
  deps.sessions.listen((forget) => {
    if (forget.all) trees.clear();
    if (forget.user) for (const key of trees.keys()) if (key.startsWith(`${forget.user}|`)) trees.delete(key);
  });
  /**
   * GET /apis/user/getMenu (spec 000 §7): the caller's menu tree for their station and company, filtered
   * by their roles. data: MenuItem[] (appName in the caller's language, appNameI18n with both). Served
   * from memory for SESSION_CACHE_MS ms after it was built.
   */
  zod(app).get(
    '/apis/user/getMenu',
    {
      schema: {
        tags: ['menu'],
        summary: "The caller's side menu",
        response: { 200: envelopeSchema(z.array(menuItemSchema)) },
      },
    },
    // Synchronous when the tree is cached (issue #7); a promise when it is built.
    (request, reply) => {
      const auth = requireAuth(request.auth);
      const key = `${auth.subaccountId}|${auth.station}|${auth.elsAccount}|${request.locale}`;
      const cached = ttl > 0 ? trees.get(key) : undefined;
      // A string is sent as is (already serialized); the typed reply only knows the object shape.
      const send = (body: string) => {
        reply.type('application/json; charset=utf-8').send(body as never);
      };
      if (cached) return send(cached);
      return Promise.all([
        findMenuRows(deps.db, auth.station, auth.elsAccount),
        findGrantsOf(deps.db, auth.subaccountId),
      ]).then(([rows, grants]) => {
        const roles = grants.map((g) => g.roleCode);
        const tree = buildMenuTree(rows, roles, request.locale, allowedMenuIds(rows, grants));
        // The route's own serializer (declared fields only), once per cache life.
        const body = reply.serialize(ok(tree)) as string;
        if (ttl > 0) trees.set(key, body);
        send(body);
        // Settle with the reply itself: Fastify then leaves alone an answer still being compressed.
        return reply as never;
      });
    },
  );
}
