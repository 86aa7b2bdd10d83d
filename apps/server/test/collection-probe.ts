import { defineDocument } from '@srm/contracts/document/define';
import { sql } from 'drizzle-orm';
import { defineKind, type SaveContext } from '../src/platform/document/kind.ts';
import { registerDocumentRoutes } from '../src/platform/document/routes.ts';
import { documentTables } from '../src/platform/document/table-builder.ts';
import type { AuthContext } from '../src/platform/http.ts';
import { generateDrizzleJson, generateMigration } from './drizzle-kit.ts';
import { createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * The throwaway kind of the child-collection tests (issue #34): a "contract probe" with lines and two
 * collections (a payment plan both sides read, at least one row and at most three; clauses the buyer alone
 * reads), its tables from its definition alone. Register it with `createTestServer(env, { extraRoutes:
 * (app, deps) => registerDocumentRoutes(app, deps, kind) })`, then `createProbeTables(server)`.
 */

const text = (zh_cn: string, en: string) => ({ zh_cn, en });
const STATUS = { '0': text('新建', 'New'), '1': text('已发送', 'Sent') } as const;

export const def = defineDocument({
  kind: 'collectionProbe',
  module: 'probe',
  service: 'CollectionProbe',
  title: text('合同探针', 'Contract probe'),
  prefix: 'CP',
  numberField: 'probeNumber',
  dateField: 'probeDate',
  detailPath: '/probe/#/v2/detail',
  customFields: 30,
  header: {
    probeNumber: { label: text('编号', 'Number'), type: 'text', list: true, filter: 'prefix' },
    toElsAccount: { label: text('供应商', 'Supplier'), type: 'account', input: true, required: true },
    probeDate: { label: text('日期', 'Date'), type: 'date', input: true, required: true },
    subject: { label: text('标题', 'Subject'), type: 'text', input: true, required: true, max: 100 },
  },
  lines: {
    label: text('行', 'Lines'),
    max: 20,
    fields: {
      materialNumber: { label: text('物料', 'Material'), type: 'text', input: true, required: true },
      quantity: {
        label: text('数量', 'Quantity'),
        type: 'decimal',
        digits: [12, 3],
        input: true,
        required: true,
      },
    },
  },
  collections: {
    paymentPlan: {
      label: text('付款计划', 'Payment plan'),
      min: 1,
      max: 3,
      fields: {
        dueDate: { label: text('到期日', 'Due date'), type: 'date', input: true, required: true },
        ratio: {
          label: text('比例', 'Ratio'),
          type: 'decimal',
          digits: [3, 2],
          input: true,
          required: true,
          positive: true,
        },
      },
    },
    clauses: {
      label: text('条款', 'Clauses'),
      max: 5,
      sides: ['purchase'],
      fields: {
        clauseText: { label: text('条款内容', 'Clause'), type: 'text', input: true, required: true, max: 40 },
      },
    },
  },
  statuses: { probeStatus: STATUS },
  editable: { purchase: { probeStatus: ['0'] } },
  actions: {},
  print: { header: ['probeNumber'], lines: ['materialNumber'] },
});

export const tables = documentTables(def, { numberOwner: 'elsAccount' });

export const kind = defineKind({
  def,
  header: tables.header,
  lines: tables.lines,
  documentId: tables.lines.documentId,
  collections: tables.collections,
  // The kind's own save: the body's input fields; the kernel saves the collections from the body.
  save: async ({ auth, body, current }: SaveContext) => ({
    header: {
      elsAccount: current?.elsAccount ?? (auth as AuthContext).elsAccount,
      toElsAccount: body.toElsAccount,
      probeDate: body.probeDate,
      subject: body.subject,
    },
    lines: body.lines.map((l) => ({ materialNumber: l.materialNumber, quantity: l.quantity })),
  }),
});

/** Creates the probe's tables on the test server's database, as drizzle-kit would create them. */
export async function createProbeTables(server: TestServer): Promise<void> {
  // The throwaway kind's tables, as drizzle-kit would create them (document-tables.test.ts). PGlite serves
  // as the plain role srm_app (platform/db.ts): create them as the session's owner, then grant them.
  const schema = { header: tables.header, lines: tables.lines, ...tables.collections };
  const pglite = server.database.kind === 'pglite';
  if (pglite) await server.database.db.execute(sql.raw('reset role'));
  for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema)))
    await server.database.db.execute(sql.raw(statement));
  if (pglite)
    for (const statement of ['grant all on all tables in schema public to srm_app', 'set role srm_app'])
      await server.database.db.execute(sql.raw(statement));
}

/**
 * A test server with the probe registered and its tables made, and the sessions of the buyer 100000's admin
 * and the supplier 200001's admin (login limits lifted).
 */
export async function startProbeServer(): Promise<{ server: TestServer; buyer: Session; supplier: Session }> {
  const server = await createTestServer(
    { LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' },
    { extraRoutes: (app, deps) => registerDocumentRoutes(app, deps, kind) },
  );
  await createProbeTables(server);
  return {
    server,
    buyer: await login(server, '100000', 'admin'),
    supplier: await login(server, '200001', 'admin'),
  };
}
