import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, role, subaccount, subaccountRole } from '../../src/modules/account/tables.ts';
import type { RegisteredRoute } from '../../src/platform/http.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { createTestServer, DEMO_PASSWORD, login, type TestServer } from '../helpers.ts';
import { shapedArbitrary, toJsonSchema } from './arbitraries.ts';
import { answerCode, keptSession } from './kept-session.ts';
import { recordCovered, routeName } from './suite-counts.ts';

/**
 * Generated tenant isolation (issue #6): company A creates data through the API; every route in the
 * registry is then replayed with the tokens of other companies — another buyer, a supplier, another
 * supplier — with A's ids in the path and in every id-shaped field of generated bodies. No answer may
 * contain A's private markers or A-only ids.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Generated bodies per route; FUZZ_SCALE scales it down for a quick local run only, CI does not set it (routes.test.ts). */
const ROUNDS_PER_ROUTE = Math.ceil(12 * Math.min(1, Math.max(0.05, Number(process.env.FUZZ_SCALE ?? 1))));

let server: TestServer;
let routes: RegisteredRoute[];
/** Strings and ids that only company A (buyer 100000) may see. */
const secrets = new Set<string>();
const ids: string[] = [];

async function secondBuyer(s: TestServer) {
  const db = s.database.db;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(company).values({ elsAccount: '100001', companyName: '另一家采购商有限公司' });
  const [user] = await db
    .insert(subaccount)
    .values({
      elsAccount: '100001',
      elsSubAccount: 'admin',
      name: '另一位管理员',
      station: 'purchase',
      passwordHash,
      permission: 'admin',
    })
    .returning({ id: subaccount.id });
  const [admin] = await db
    .insert(role)
    .values({ elsAccount: '100001', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' })
    .returning({ id: role.id });
  await db.insert(subaccountRole).values({ subaccountId: user.id, roleId: admin.id });
}

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  await secondBuyer(server);
  routes = server.app.routeRegistry.filter(
    (r) =>
      r.url.startsWith('/apis/') && !r.url.startsWith('/apis/docs') && r.method !== 'HEAD' && !r.websocket,
  );
  const a = await login(server, '100000', 'admin');
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.app.inject({ method, url, headers: a.headers, ...(payload ? { payload } : {}) });
    expect(res.json().code, `${method} ${url}`).toBe('200');
    return res.json().data;
  };
  // A draft announcement (private to A: no receiver sees drafts), a table config, invitation codes,
  // a private file, and A's own messages.
  const draft = await call('POST', '/apis/ElsNoticeService/save', {
    title: 'SECRET-DRAFT-TITLE-7f3a',
    content: 'SECRET-DRAFT-CONTENT-7f3a',
    noticeStartTime: new Date().toISOString(),
    noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    receivers: ['200001'],
  });
  secrets.add(draft.title).add(draft.content).add(draft.id).add(draft.noticeNumber);
  await call('POST', '/apis/ElsLayoutConfigService/save', {
    elsAccount: '100000',
    elsSubAccount: 'admin',
    configType: 'SECRET-CONFIG-7f3a',
    configJson: { marker: 'SECRET-CONFIG-JSON-7f3a' },
  });
  secrets.add('SECRET-CONFIG-JSON-7f3a');
  const codes = await call('POST', '/apis/InvitationCodeService/create', { count: 2 });
  for (const c of codes) secrets.add(c.code);
  const messages = await call('POST', '/apis/ElsSysMsgService/findPageList', {
    currentPage: 1,
    pageSize: 10,
  });
  for (const m of messages.records) {
    secrets.add(m.id);
    ids.push(m.id);
  }
  const me = a.elsSubaccountInfoDTO;
  secrets.add(me.id).add('zhang.ming@example.com');
  ids.push(draft.id, me.id);
});
afterAll(async () => {
  await server?.close();
});

function fill(url: string, values: Record<string, unknown>) {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? ids[0])));
}

/** Puts A's ids into every string field named like an id, and A's account into account fields. */
function aim(value: unknown, i: number): unknown {
  if (Array.isArray(value)) return value.map((v) => aim(v, i));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (/^ids?$|Id$/.test(k)) return [k, Array.isArray(v) ? ids : ids[i % ids.length]];
      if (k === 'elsAccount') return [k, '100000'];
      if (k === 'elsSubAccount') return [k, 'admin'];
      return [k, aim(v, i)];
    }),
  );
}

describe(`tenant isolation, generated from the registry (FUZZ_SEED=${SEED})`, () => {
  it.each([
    ['another buyer', '100001', 'admin'],
    ['a supplier of the buyer', '200001', 'admin'],
    ['another supplier', '200002', 'admin'],
  ])(
    "replays every route as %s and never sees company 100000's private data",
    async (_who, account, sub) => {
      expect(secrets.size).toBeGreaterThan(5);
      let calls = 0;
      const kept = keptSession(server, account, sub);
      for (const [index, route] of routes.entries()) {
        if (route.url === '/apis/user/logout') continue;
        const other = await kept.current();
        const paramSchema = toJsonSchema(route.schema?.params);
        const bodySchema = ['POST', 'PUT'].includes(route.method) ? toJsonSchema(route.schema?.body) : null;
        const bodies = bodySchema
          ? fc.sample(shapedArbitrary(bodySchema), { seed: SEED + index, numRuns: ROUNDS_PER_ROUTE })
          : Array.from({ length: 2 }, () => undefined);
        for (const [i, body] of bodies.entries()) {
          const params = paramSchema
            ? Object.fromEntries(
                Object.keys(paramSchema.properties ?? {}).map((k) => [
                  k,
                  k === 'elsAccount' ? '100000' : k === 'elsSubAccount' ? 'admin' : ids[i % ids.length],
                ]),
              )
            : {};
          const res = await server.app.inject({
            method: route.method as 'GET',
            url: fill(route.url, params),
            headers: other.headers,
            ...(body !== undefined
              ? { payload: aim(body, i) as object }
              : ['POST', 'PUT'].includes(route.method)
                ? { payload: {} }
                : {}),
          });
          calls++;
          const text = res.body;
          kept.noteAnswer(answerCode(text));
          for (const secret of secrets) {
            expect(text.includes(secret), `${route.method} ${route.url} as ${account} leaked ${secret}`).toBe(
              false,
            );
          }
        }
      }
      expect(calls).toBeGreaterThan(routes.length);
      recordCovered(
        'routes replayed cross-tenant',
        routes.filter((r) => r.url !== '/apis/user/logout').map(routeName),
      );
    },
    900_000,
  );
});
