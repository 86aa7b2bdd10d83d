import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry } from '../src/modules/enquiry/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The comparison summary is cached per (RFQ id, version, quote_rev) (service.ts `summaryCache`): every write of
 * an RFQ's invitations (`enquiry_supplier`) or quotes (`enquiry_quote`) must move one of the two in its
 * transaction — a kernel transition moves the version, the other writers call `touchQuotes`. Two guards:
 * - every place in the server's source that writes those tables is known here, with how it moves the key, and
 *   the function does so (a new writer fails this test until it is listed and checked);
 * - through the API, each write path (publish, participate, quote, re-quote, a second supplier's quote,
 *   decline, new round, a quote in round 2, award, joining a public RFQ; the Excel upload goes through `quote`) changes the rows and moves the key with them.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const P = '/apis/inquiry/PurchaseEnquiryService';
const S = '/apis/inquiry/SaleEnquiryService';
const SUPPLIERS = ['200001', '200003', '200004'];

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of SUPPLIERS) s[a] = await login(server, a, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const SRC = join(import.meta.dirname, '../src');

/** The server's source files (.ts), the demo seed excluded (it writes a finished world, no cache yet). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' ? [] : sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * How each writer of invitations or quotes moves the cache key: 'transition' (a kernel action or
 * `enquiryKind.transition` in the same function or the action's effect: the version moves) or 'touchQuotes'.
 */
const WRITERS: Record<string, 'transition' | 'touchQuotes'> = {
  'modules/enquiry/service.ts publish': 'transition',
  'modules/enquiry/service.ts participate': 'touchQuotes',
  'modules/enquiry/service.ts decline': 'touchQuotes',
  'modules/enquiry/service.ts quote': 'touchQuotes',
  'modules/enquiry/service.ts newRound': 'transition',
  'modules/enquiry/service.ts applyAward': 'transition',
  'modules/enquiry/public.ts join': 'touchQuotes',
};

/** Each write site "file function" (the nearest enclosing `function name` above it) and that function's text. */
function writeSites() {
  const found = new Map<string, string>();
  const write =
    /\.(insert|update|delete)\(\s*(enquirySupplier|enquiryQuote)\s*\)|\b(insert\s+into|update|delete\s+from)\s+enquiry_(supplier|quote)\b/gi;
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(write)) {
      const before = text.slice(0, match.index);
      const fn = [...before.matchAll(/^(?:export )?(?:async )?function (\w+)/gm)].at(-1);
      const name = `${relative(SRC, file)} ${fn?.[1] ?? '(top level)'}`;
      // The function's text: from its head to the next top-level closing brace.
      const start = fn?.index ?? 0;
      const end = text.indexOf('\n}\n', match.index);
      found.set(name, text.slice(start, end === -1 ? undefined : end));
    }
  }
  return found;
}

describe('writers of RFQ invitations and quotes move the comparison cache key', () => {
  it('every write site in the source is a known writer that moves the key', () => {
    const sites = writeSites();
    expect([...sites.keys()].sort()).toEqual(Object.keys(WRITERS).sort());
    for (const [name, body] of sites) {
      if (WRITERS[name] === 'touchQuotes') expect(body, name).toMatch(/\btouchQuotes\(tx, /);
      // A transition in the function itself, or the function is the effect of a kernel action (publish).
      else expect(/enquiryKind\.transition\(/.test(body) || /ctx: ActionContext/.test(body), name).toBe(true);
    }
  });

  /** The RFQ's invitation and quote rows (a digest) and its cache key. */
  async function state(id: string) {
    const result = await server.database.db.execute(sql`
      select e.version, e.quote_rev as "quoteRev",
        (select coalesce(md5(string_agg(s::text, '|' order by s.id)), '') from enquiry_supplier s
          where s.enquiry_id = e.id)
        || (select coalesce(md5(string_agg(q::text, '|' order by q.id)), '') from enquiry_quote q
          where q.enquiry_id = e.id) as rows
      from enquiry e where e.id = ${id}`);
    return (result as unknown as { rows: Array<{ version: number; quoteRev: number; rows: string }> })
      .rows[0];
  }

  /** Runs one write path through the API: it must change the rows, and the key must move with them. */
  async function writes(
    id: string,
    path: string,
    call: () => Promise<{ json(): { code: string; message: string } }>,
  ) {
    const before = await state(id);
    const res = await call();
    expect(res.json().code, `${path}: ${res.json().message}`).toBe('200');
    const after = await state(id);
    expect(after.rows, `${path} changed no invitation or quote`).not.toBe(before.rows);
    expect([after.version, after.quoteRev], `${path} left the cache key as it was`).not.toEqual([
      before.version,
      before.quoteRev,
    ]);
  }

  const setStatus = (id: string, status: string, endIn: number) =>
    server.database.db
      .update(enquiry)
      .set({ enquiryStatus: status, quoteEndTime: new Date(Date.now() + endIn) })
      .where(eq(enquiry.id, id));

  async function draft(extra: Record<string, unknown>, suppliers: string[]) {
    const materials = await server.database.db
      .select()
      .from(material)
      .where(eq(material.elsAccount, '100000'));
    const saved = await post(`${P}/save`, s.buyer, {
      enquiryDesc: '缓存键测试',
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [{ materialId: materials[0].id, quantity: '100', deliveryDate: '2027-01-31', suppliers }],
      ...extra,
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    const row = saved.json().data;
    return (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data as {
      id: string;
      version: number;
    };
  }

  const version = async (id: string) => (await state(id)).version;
  const itemOf = async (id: string, account: string) =>
    (await get(`${S}/findQuote/${id}`, s[account])).json().data.lines[0].itemId as string;

  it('each write path through the API moves the key with the rows', async () => {
    const rfq = await draft({}, SUPPLIERS);
    const id = rfq.id;
    await writes(id, 'publish', () => post(`${P}/publish/${id}`, s.buyer, { version: rfq.version }));
    await writes(id, 'participate', () => post(`${S}/participate/${id}`, s['200001']));
    const item = await itemOf(id, '200001');
    await writes(id, 'quote', () =>
      post(`${S}/quote/${id}`, s['200001'], { lines: [{ itemId: item, priceExcludingTax: '10' }] }),
    );
    await writes(id, 're-quote', () =>
      post(`${S}/quote/${id}`, s['200001'], { lines: [{ itemId: item, priceExcludingTax: '9.5' }] }),
    );
    await writes(id, 'quote (second supplier)', () =>
      post(`${S}/quote/${id}`, s['200003'], { lines: [{ itemId: item, priceExcludingTax: '11' }] }),
    );
    await writes(id, 'decline', () => post(`${S}/decline/${id}`, s['200004'], { reason: '产能不足' }));

    // Quoting ended (by hand: the deadline's timer is tested elsewhere); a new round for two suppliers.
    await setStatus(id, '2', -60_000);
    await writes(id, 'newRound', async () =>
      post(`${P}/newRound/${id}`, s.buyer, {
        version: await version(id),
        quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
        suppliers: ['200001', '200003'],
      }),
    );
    await writes(id, 'quote (round 2)', () =>
      post(`${S}/quote/${id}`, s['200003'], { lines: [{ itemId: item, priceExcludingTax: '9' }] }),
    );
    await setStatus(id, '2', -60_000);
    await writes(id, 'award', async () =>
      post(`${P}/award/${id}`, s.buyer, {
        version: await version(id),
        lines: [{ itemId: item, awards: [{ toElsAccount: '200003', quota: '100' }] }],
      }),
    );

    // A public RFQ: a supplier taking part makes its invitations.
    const open = await draft({ enquiryMethod: '2' }, []);
    await post(`${P}/publish/${open.id}`, s.buyer, { version: open.version });
    await writes(open.id, 'join', () => post(`${S}/join/${open.id}`, s['200003']));
  });
});
