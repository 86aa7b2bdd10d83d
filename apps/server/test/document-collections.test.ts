import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/platform/http.ts';
import { kind, startProbeServer, tables } from './collection-probe.ts';
import { callsOf, login, type Session, type TestServer } from './helpers.ts';

/**
 * Named child collections through the kernel's routes (issue #34): a throwaway kind with lines and two
 * collections (a payment plan both sides read, at least one row and at most three; clauses the buyer alone
 * reads; collection-probe.ts) gets its tables from its definition, is registered on a test server beside the manifest's kinds,
 * saves both collections with the header in one transaction, answers each side's detail with the rows it
 * may read, and refuses bad rows and too many rows with '400' naming collection, line and field — nothing
 * changed. Edits replace the rows at the header's version; copies carry them.
 */

let server: TestServer;
let buyer: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BUY = '/apis/probe/PurchaseCollectionProbeService';
const SALE = '/apis/probe/SaleCollectionProbeService';

beforeAll(async () => {
  ({ server, buyer, supplier } = await startProbeServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const body = {
  toElsAccount: '200001',
  probeDate: '2026-12-04',
  subject: 'Frame contract',
  lines: [
    { materialNumber: 'M-1', quantity: '10' },
    { materialNumber: 'M-2', quantity: '5' },
  ],
  paymentPlan: [
    { dueDate: '2027-01-31', ratio: '30' },
    { dueDate: '2027-03-31', ratio: '70' },
  ],
  clauses: [{ clauseText: 'Delivery DDP Suzhou' }],
};

type Detail = {
  record: { id: string; version: number; subject: string };
  lines: Array<{ lineNumber: number; materialNumber: string }>;
  collections: Record<string, Array<Record<string, unknown>>>;
};

async function detail(session: Session, base: string, id: string): Promise<Detail> {
  const res = await get(`${base}/findDetail/${id}`, session);
  expect(res.json().code, res.json().message).toBe('200');
  return res.json().data;
}

/** The stored rows of a collection table, tenant columns included. */
async function stored(table: 'paymentPlan' | 'clauses', id: string): Promise<Array<Record<string, unknown>>> {
  const t = tables.collections[table];
  return server.database.db.select().from(t).where(eq(t.documentId, id)).orderBy(asc(t.lineNumber));
}

describe('named child collections through the kernel routes', () => {
  let id: string;

  it('saves the header, lines and both collections in one save, numbered like lines, tenant-scoped', async () => {
    const res = await post(`${BUY}/save`, buyer, body);
    expect(res.json().code, res.json().message).toBe('200');
    id = res.json().data.id;
    const plan = await stored('paymentPlan', id);
    expect(plan.map((r) => [r.lineNumber, r.dueDate, r.ratio, r.elsAccount, r.toElsAccount])).toEqual([
      [10, '2027-01-31', '30.00', '100000', '200001'],
      [20, '2027-03-31', '70.00', '100000', '200001'],
    ]);
    expect((await stored('clauses', id)).map((r) => r.clauseText)).toEqual(['Delivery DDP Suzhou']);
  });

  it("answers each side's detail with the collections it reads, rows in order", async () => {
    const mine = await detail(buyer, BUY, id);
    expect(mine.lines.map((l) => l.lineNumber)).toEqual([10, 20]);
    expect(mine.collections.paymentPlan).toMatchObject([
      { lineNumber: 10, dueDate: '2027-01-31', ratio: '30.00' },
      { lineNumber: 20, dueDate: '2027-03-31', ratio: '70.00' },
    ]);
    expect(mine.collections.clauses).toMatchObject([{ lineNumber: 10, clauseText: 'Delivery DDP Suzhou' }]);
    const theirs = await detail(supplier, SALE, id);
    expect(Object.keys(theirs.collections)).toEqual(['paymentPlan']);
    expect(theirs.collections.paymentPlan).toHaveLength(2);
    expect(JSON.stringify(theirs)).not.toContain('Delivery DDP Suzhou');
    // The kernel itself reads no buyer-only rows for the supplier (not only the route's answer schema).
    const auth: AuthContext = {
      elsAccount: '200001',
      elsSubAccount: 'admin',
      station: 'sale',
      subaccountId: '',
      sessionId: '',
      permission: '',
    };
    const { answer } = await kind.detail(server.database.db, auth, 'sale', id);
    expect(Object.keys(answer.collections ?? {})).toEqual(['paymentPlan']);
  });

  it('refuses a bad row with 400 naming the collection, the line and the field, in both languages; nothing changes', async () => {
    const bad = {
      ...body,
      id,
      version: 0,
      paymentPlan: [body.paymentPlan[0], { dueDate: '2027-03-31', ratio: '-5' }],
    };
    const en = await post(`${BUY}/save`, buyer, bad);
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('Payment plan, line 20, Ratio');
    expect(en.json().data.errors[0]).toMatchObject({
      segments: ['paymentPlan', 1, 'ratio'],
      field: 'Payment plan, line 20, Ratio',
    });
    const zh = await post(`${BUY}/save`, buyer, bad, 'zh_cn');
    expect(zh.json().message).toContain('付款计划第 20 行 比例');
    const missing = await post(`${BUY}/save`, buyer, { ...body, id, version: 0, clauses: [{}] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors[0].field).toBe('Clauses, line 10, Clause');
    const after = await detail(buyer, BUY, id);
    expect(after.record.version).toBe(0);
    expect(after.collections.paymentPlan.map((r) => r.ratio)).toEqual(['30.00', '70.00']);
  });

  it('refuses too many rows and too few, naming the collection; nothing changes', async () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ dueDate: `2027-0${i + 1}-28`, ratio: '25' }));
    const many = await post(`${BUY}/save`, buyer, { ...body, id, version: 0, paymentPlan: four });
    expect(many.statusCode).toBe(400);
    expect(many.json().data.errors[0]).toMatchObject({ segments: ['paymentPlan'], rule: 'tooLong' });
    expect(many.json().message).toContain('Payment plan');
    const none = await post(`${BUY}/save`, buyer, { ...body, id, version: 0, paymentPlan: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.errors[0]).toMatchObject({ segments: ['paymentPlan'], rule: 'tooShort' });
    const { paymentPlan: _, ...withoutPlan } = body;
    const absent = await post(`${BUY}/save`, buyer, { ...withoutPlan, id, version: 0 });
    expect(absent.json().data.errors[0]).toMatchObject({ field: 'Payment plan', rule: 'required' });
    expect((await stored('paymentPlan', id)).length).toBe(2);
    expect((await detail(buyer, BUY, id)).record.version).toBe(0);
  });

  it('replaces the rows on an edit at the read version; a stale version changes nothing', async () => {
    const edit = {
      ...body,
      id,
      version: 0,
      paymentPlan: [{ dueDate: '2027-06-30', ratio: '100' }],
      clauses: [],
    };
    const res = await post(`${BUY}/save`, buyer, edit);
    expect(res.json().code, res.json().message).toBe('200');
    const after = await detail(buyer, BUY, id);
    expect(after.record.version).toBe(1);
    expect(after.collections.paymentPlan).toMatchObject([
      { lineNumber: 10, dueDate: '2027-06-30', ratio: '100.00' },
    ]);
    expect(after.collections.clauses).toEqual([]);
    const stale = await post(`${BUY}/save`, buyer, { ...edit, paymentPlan: body.paymentPlan });
    expect(stale.statusCode).toBe(409);
    expect((await stored('paymentPlan', id)).map((r) => r.dueDate)).toEqual(['2027-06-30']);
  });

  it('copies the collections into the new draft', async () => {
    const res = await post(`${BUY}/copy/${id}`, buyer, {});
    expect(res.json().code, res.json().message).toBe('200');
    const copy = await detail(buyer, BUY, res.json().data.id);
    expect(copy.collections.paymentPlan).toMatchObject([
      { lineNumber: 10, dueDate: '2027-06-30', ratio: '100.00' },
    ]);
  });

  it('stores custom fields fbk1…fbkN on collection rows as on lines, answers them flat, refuses others', async () => {
    const withCustom = {
      ...body,
      paymentPlan: [{ ...body.paymentPlan[0], fbk1: 'Milestone M1', fbk2: '  ' }, body.paymentPlan[1]],
    };
    const res = await post(`${BUY}/save`, buyer, withCustom);
    expect(res.json().code, res.json().message).toBe('200');
    const saved = res.json().data.id;
    expect((await stored('paymentPlan', saved)).map((r) => r.customFields)).toEqual([
      { fbk1: 'Milestone M1' },
      {},
    ]);
    const mine = await detail(buyer, BUY, saved);
    expect(mine.collections.paymentPlan[0]).toMatchObject({ lineNumber: 10, fbk1: 'Milestone M1' });
    expect(mine.collections.paymentPlan[1]).not.toHaveProperty('fbk1');
    expect((await detail(supplier, SALE, saved)).collections.paymentPlan[0]).toMatchObject({
      fbk1: 'Milestone M1',
    });
    const copy = await post(`${BUY}/copy/${saved}`, buyer, {});
    expect((await detail(buyer, BUY, copy.json().data.id)).collections.paymentPlan[0].fbk1).toBe(
      'Milestone M1',
    );
    // The kind has 30 custom fields: fbk31 on a row is refused, nothing saved.
    const bad = await post(`${BUY}/save`, buyer, {
      ...body,
      paymentPlan: [{ ...body.paymentPlan[0], fbk31: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('fbk31');
  });

  it('answers another supplier nothing of the document', async () => {
    const other = await login(server, '200002', 'admin');
    const res = await get(`${SALE}/findDetail/${id}`, other);
    expect(res.statusCode).toBe(404);
  });
});
