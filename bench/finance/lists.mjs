// Statement and invoice lists at scale (issue #15): `node bench/finance/lists.mjs [--rows=1000000] [--duration=8]`
//
// The delivery-notice list bench's method (bench/delivery-notes/run.mjs, BENCHMARKS.md "Delivery-notice list
// at 1M (issue #12)") on the two finance lists:
// 1. A fresh PostgreSQL database (srm_bench_finance_lists); the real server (bundle, DATABASE_URL, demo
//    seed) migrates and seeds; then set-based SQL (generate_series, chunks of 100k): 3 buyers (the seeded
//    100000 with 80% of the documents, 100101, 100102), 50 suppliers (the seeded 200001 10%, 200002 5%,
//    300001…300048 evenly), N reconciliation statements (`recon`, headers only) and N invoices (`invoice`,
//    headers only; invoice i is registered against statement i, same buyer and supplier) created in time
//    order over two years with every status; VACUUM ANALYZE. Each step timed.
// 2. Logs in as 100000/admin and 200001/admin; per list and side, four targets on the kernel's route
//    `/apis/finance/{Purchase|Sale}{Recon|Invoice}Service/findPageList`: first page, keyset cursor at the
//    middle, a status filter (checkStatus 2 / invoiceStatus 2), a number prefix (one month of RC… / IV…).
//    Each measured by bench/lib.mjs measureListTarget: autocannon 32 connections, then the kernel's own
//    captured statements replayed bare through pg as the baseline, the ratio, EXPLAIN (ANALYZE, BUFFERS).
// 3. Writes bench/results/finance-lists-*.json and .md (gitignored) and prints the markdown tables.
// 4. Stops the server and drops the database (also on failure / Ctrl-C).
// Options: --rows=N --duration=8 --warmup=2 --connections=32 --port=18182 --db=srm_bench_finance_lists
// --pg=postgres://postgres@127.0.0.1:5432/postgres --keep-db --reuse-db (measure a kept database again)
// --only=recon|invoice (one list).
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import {
  arg,
  benchDatabase,
  fmt,
  gitCommit,
  listReportTables,
  log,
  login,
  machine,
  measureListTarget,
  reportHeader,
  secs,
  startServer,
  table,
  tempDir,
  timed,
  writeResult,
} from '../lib.mjs';

const ROWS = Number(arg('rows', 1_000_000));
const CHUNK = 100_000;
const duration = Number(arg('duration', 8));
const warmup = Number(arg('warmup', 2));
const connections = Number(arg('connections', 32));
const port = Number(arg('port', 18182));
const reuseDb = arg('reuse-db', 'false') === 'true';
const keepDb = reuseDb || arg('keep-db', 'false') === 'true';
const only = arg('only', 'all');
const BUYER = '100000';
const SUPPLIER = '200001';
const PAGE_SIZE = 20;
const loads = [];
const sampleLoad = (when) => loads.push({ when, load: loadavg().map((l) => +l.toFixed(1)) });

// ---------------------------------------------------------------- cleanup (also on failure / Ctrl-C)
const dataDir = tempDir('finance-lists');
let server = null;
let stopping = false;
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_finance_lists'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
  reuse: reuseDb,
  keep: keepDb,
});
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
log(`database ${db.url} ${db.reused ? 'reused' : 'created'} (PostgreSQL ${db.pgVersion}, owner ${db.role})`);
sampleLoad('start');

// ---------------------------------------------------------------- 1. server, data
const tStart = performance.now();
server = await startServer({
  port,
  dataDir,
  timeoutMs: 180_000,
  env: {
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    SEED_DEMO: 'true',
  },
});
const startMs = performance.now() - tStart;
log(`server up (migrate + demo seed) after ${secs(startMs)}`);
server.exited.then(({ code, signal }) => {
  if (!stopping) {
    log(`server exited unexpectedly (${code ?? signal})`);
    process.exit(1);
  }
});

// Who: buyer b 0…2 (100000, 100101, 100102), supplier s 0…49 (200001, 200002, 300001…300048).
const buyerOf = (b) => `(CASE ${b} WHEN 0 THEN '${BUYER}' ELSE (100100 + ${b})::text END)`;
const supplierOf = (s) =>
  `(CASE ${s} WHEN 0 THEN '${SUPPLIER}' WHEN 1 THEN '200002' ELSE (300001 + ${s} - 2)::text END)`;

const gen = new pg.Client({ connectionString: db.url });
await gen.connect();
await gen.query('SET synchronous_commit = off');
const steps = {};
if (!db.reused) {
  log(`generating ${fmt(ROWS)} statements and ${fmt(ROWS)} invoices …`);
  steps.parties = (
    await timed('buyers and suppliers (company, account_relation)', async () => {
      await gen.query(
        `INSERT INTO company (els_account, company_name, company_short_name)
         SELECT a, '基准企业 ' || a || ' 有限公司', '企业' || a
         FROM (SELECT (100100 + g)::text AS a FROM generate_series(1, 2) g
               UNION ALL SELECT (300000 + g)::text FROM generate_series(1, 48) g) x
         ON CONFLICT DO NOTHING`,
      );
      await gen.query(
        `INSERT INTO account_relation (els_account, to_els_account)
         SELECT ${buyerOf('b')}, ${supplierOf('s')} FROM generate_series(0, 2) b, generate_series(0, 49) s
         ON CONFLICT DO NOTHING`,
      );
    })
  ).ms;

  // Document i = 1…N, created in time order over the last 730 days; deterministic draws 0…99 by hashint4:
  // buyer 100000 80% / 100101 10% / 100102 10%; supplier 200001 10%, 200002 5%, the 48 others evenly.
  // Statement: reconSource 1 (buyer made it) 70%, 2 30%; checkStatus 0 draft 5%, 1 to be confirmed 10%,
  // 2 confirmed 30%, 3 returned 5%, 4 posted 45%, 5 cancelled 5%. Invoice (against statement i):
  // invoiceStatus 0 draft 5%, 1 to be confirmed 10%, 2 confirmed 30%, 3 rejected 5%, 4 posted 45%,
  // 5 cancelled 5%; matchStatus 1 90%, 2 10%.
  const SRC = `
    WITH src AS (
      SELECT i,
             abs(hashint4(i)) % 100 AS u,
             abs(hashint4(i # 977)) % 100 AS v,
             abs(hashint4(i # 31337)) AS w,
             abs(hashint4(i # 4242)) % 100 AS t,
             abs(hashint4(i # 555)) % 100 AS x,
             now() - make_interval(secs => (($2::int - i)::float8 * 730 * 86400 / $2::int)) AS created
      FROM generate_series($1::int, $3::int) i
    ), s AS (
      SELECT src.*,
             CASE WHEN v < 80 THEN 0 WHEN v < 90 THEN 1 ELSE 2 END AS b,
             CASE WHEN w % 100 < 10 THEN 0 WHEN w % 100 < 15 THEN 1 ELSE 2 + (w / 100) % 48 END AS sx,
             CASE WHEN u < 5 THEN '0' WHEN u < 15 THEN '1' WHEN u < 45 THEN '2' WHEN u < 50 THEN '3'
                  WHEN u < 95 THEN '4' ELSE '5' END AS st,
             CASE WHEN x < 5 THEN '0' WHEN x < 15 THEN '1' WHEN x < 45 THEN '2' WHEN x < 50 THEN '3'
                  WHEN x < 95 THEN '4' ELSE '5' END AS ist,
             round((1000 + abs(hashint4(i # 99)) % 500000)::numeric / 100 * 113, 2) AS total
      FROM src
    )`;
  const RECON_SQL = `${SRC}
    INSERT INTO recon (id, els_account, to_els_account, create_user, create_date, last_update_user,
      last_update_date, recon_number, check_status, recon_source, invoice_status, buyer_name, supplier_name,
      recon_date, begin_date, end_date, currency, collection_amount, net_amount, tax_amount, total_amount,
      invoiced_amount, post_time, voucher_number)
    SELECT md5('bench-rc-' || i)::uuid, ${buyerOf('b')}, ${supplierOf('sx')},
           CASE WHEN t < 70 THEN ${buyerOf('b')} ELSE ${supplierOf('sx')} END || '_admin', created,
           CASE WHEN t < 70 THEN ${buyerOf('b')} ELSE ${supplierOf('sx')} END || '_admin',
           created + make_interval(hours => 1 + u),
           'RC' || to_char(created, 'YYYYMM') || lpad(i::text, 7, '0'), st, CASE WHEN t < 70 THEN '1' ELSE '2' END,
           CASE st WHEN '4' THEN '2' WHEN '2' THEN (CASE WHEN x < 50 THEN '1' ELSE '0' END) ELSE '0' END,
           coalesce(bc.company_name, ${buyerOf('b')}), coalesce(sc.company_name, ${supplierOf('sx')}),
           created::date, (date_trunc('month', created) - interval '1 month')::date,
           (date_trunc('month', created) - interval '1 day')::date, 'CNY',
           total, round(total / 1.13, 2), total - round(total / 1.13, 2), total,
           CASE st WHEN '4' THEN total ELSE 0 END,
           CASE st WHEN '4' THEN created + interval '3 days' END,
           CASE st WHEN '4' THEN 'V' || lpad(i::text, 9, '0') END
    FROM s
    LEFT JOIN company sc ON sc.els_account = ${supplierOf('sx')}
    LEFT JOIN company bc ON bc.els_account = ${buyerOf('b')}`;
  const INVOICE_SQL = `${SRC}
    INSERT INTO invoice (id, els_account, to_els_account, create_user, create_date, last_update_user,
      last_update_date, invoice_sequence, invoice_status, match_status, erp_push_status, invoice_number,
      invoice_code, invoice_type, invoice_date, recon_id, recon_number, buyer_name, supplier_name, currency,
      invoice_amount, net_amount, tax_amount, expected_amount, difference_amount, post_time, voucher_number)
    SELECT md5('bench-iv-' || i)::uuid, ${buyerOf('b')}, ${supplierOf('sx')},
           ${supplierOf('sx')} || '_admin', created + interval '1 day', ${supplierOf('sx')} || '_admin',
           created + make_interval(days => 1, hours => 1 + u),
           'IV' || to_char(created, 'YYYYMM') || lpad(i::text, 7, '0'), ist,
           CASE WHEN ist = '0' THEN '0' WHEN v < 90 THEN '1' ELSE '2' END, CASE ist WHEN '4' THEN 'S' ELSE '0' END,
           lpad((10000000 + i)::text, 8, '0'), '3100' || lpad((i % 1000000)::text, 6, '0'), 'VAT',
           created::date, md5('bench-rc-' || i)::uuid, 'RC' || to_char(created, 'YYYYMM') || lpad(i::text, 7, '0'),
           coalesce(bc.company_name, ${buyerOf('b')}), coalesce(sc.company_name, ${supplierOf('sx')}), 'CNY',
           total, round(total / 1.13, 2), total - round(total / 1.13, 2), total, 0,
           CASE ist WHEN '4' THEN created + interval '5 days' END,
           CASE ist WHEN '4' THEN 'V' || lpad(i::text, 9, '0') END
    FROM s
    LEFT JOIN company sc ON sc.els_account = ${supplierOf('sx')}
    LEFT JOIN company bc ON bc.els_account = ${buyerOf('b')}`;
  steps.recon = 0;
  steps.invoice = 0;
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    steps.recon += (
      await timed(`statements ${fmt(from)}–${fmt(to)}`, () => gen.query(RECON_SQL, [from, ROWS, to]))
    ).ms;
    steps.invoice += (
      await timed(`  invoices ${fmt(from)}–${fmt(to)}`, () => gen.query(INVOICE_SQL, [from, ROWS, to]))
    ).ms;
  }
  sampleLoad('after generation');
  // VACUUM as autovacuum would after a bulk load: sets the visibility map the capped counts' index-only scans use.
  steps.analyze = (await timed('VACUUM ANALYZE', () => gen.query('VACUUM ANALYZE'))).ms;
}
const counts = (
  await gen.query(
    `select
      (select count(*)::int from recon) as recons,
      (select count(*)::int from recon where recon_number !~ '^RC[0-9]{13}$') as seeded_recons,
      (select count(*)::int from invoice) as invoices,
      (select count(*)::int from invoice where invoice_sequence !~ '^IV[0-9]{13}$') as seeded_invoices,
      (select count(*)::int from recon where els_account = $1) as buyer_recons,
      (select count(*)::int from recon where to_els_account = $2) as supplier_recons,
      (select count(*)::int from invoice where els_account = $1) as buyer_invoices,
      (select count(*)::int from invoice where to_els_account = $2) as supplier_invoices,
      (select json_object_agg(check_status, n order by check_status) from
        (select check_status, count(*)::int as n from recon group by 1) x) as recon_by_status,
      (select json_object_agg(invoice_status, n order by invoice_status) from
        (select invoice_status, count(*)::int as n from invoice group by 1) x) as invoice_by_status,
      pg_size_pretty(pg_total_relation_size('recon')) as recon_size,
      pg_size_pretty(pg_total_relation_size('invoice')) as invoice_size,
      pg_size_pretty(pg_database_size(current_database())) as db_size`,
    [BUYER, SUPPLIER],
  )
).rows[0];
await gen.end();
log(`data: ${JSON.stringify(counts)}`);

// ---------------------------------------------------------------- 2. the targets
const tokens = {
  purchase: await login(server.url, { elsAccount: BUYER, elsSubAccount: 'admin', password: 'Demo@2026' }),
  sale: await login(server.url, { elsAccount: SUPPLIER, elsSubAccount: 'admin', password: 'Demo@2026' }),
};
const accountOf = { purchase: BUYER, sale: SUPPLIER };
const monthAgo = new Date(Date.now() - 400 * 86400_000).toISOString();
const month = `${monthAgo.slice(0, 4)}${monthAgo.slice(5, 7)}`; // one month of two years, ~1/24
const { reconKind } = await tsImport('../../apps/server/src/modules/finance/recon.ts', import.meta.url);
const { invoiceKind } = await tsImport('../../apps/server/src/modules/finance/invoice.ts', import.meta.url);
const { EXACT_COUNT_LIMIT, ESTIMATE_TTL_MS } = await tsImport(
  '../../apps/server/src/platform/document/list-query.ts',
  import.meta.url,
);
const lists = [
  {
    key: 'recon',
    title: 'statement',
    service: 'Recon',
    kind: reconKind,
    status: 'checkStatus',
    number: 'reconNumber',
    prefix: `RC${month}`,
  },
  {
    key: 'invoice',
    title: 'invoice',
    service: 'Invoice',
    kind: invoiceKind,
    status: 'invoiceStatus',
    number: 'invoiceSequence',
    prefix: `IV${month}`,
  },
].filter((l) => only === 'all' || only === l.key);

const pool = new pg.Pool({ connectionString: db.url, max: connections });
const first = { currentPage: 1, pageSize: PAGE_SIZE };
const results = [];
for (const l of lists) {
  for (const side of ['purchase', 'sale']) {
    const who = `${l.title}s, ${side === 'purchase' ? `buyer ${BUYER}` : `supplier ${SUPPLIER}`}`;
    const targets = [
      { name: `${who}, first page`, side, body: first },
      { name: `${who}, cursor at the middle`, side, cursorAt: 0.5, body: first },
      { name: `${who}, ${l.status} 2`, side, body: { ...first, [l.status]: '2' } },
      { name: `${who}, ${l.number} prefix "${l.prefix}"`, side, body: { ...first, [l.number]: l.prefix } },
    ];
    for (const t of targets) {
      const route = `${side === 'purchase' ? 'Purchase' : 'Sale'}${l.service}Service/findPageList`;
      results.push({
        list: l.key,
        ...(await measureListTarget(t, {
          autocannon,
          drizzle,
          pool,
          kind: l.kind,
          url: `${server.url}/apis/finance/${route}`,
          headers: { token: tokens[side], account: `${accountOf[side]}_admin` },
          account: accountOf[side],
          pageSize: PAGE_SIZE,
          countLimit: EXACT_COUNT_LIMIT,
          estimateTtlMs: ESTIMATE_TTL_MS,
          duration,
          warmup,
          connections,
        })),
      });
      sampleLoad(t.name);
    }
  }
}
await pool.end();

// ---------------------------------------------------------------- 3. report
stopping = true;
await server.stop();
db.drop();

const tables = lists.map((l) => {
  const { mainTable, planTable } = listReportTables(
    results.filter((r) => r.list === l.key),
    duration,
  );
  return `### ${l.title} list (/apis/finance/{Purchase|Sale}${l.service}Service/findPageList)\n\n${mainTable}\n\n${planTable}`;
});
const genTable = table(
  ['step', 'time'],
  [
    ['server start: migrations + demo seed (spawn → first 200)', secs(startMs)],
    ...(db.reused
      ? [['data generation', 'reused database (--reuse-db)']]
      : [
          ['3 buyers, 50 suppliers (company, account_relation)', secs(steps.parties)],
          [`${fmt(ROWS)} recon rows (chunks of ${fmt(CHUNK)})`, secs(steps.recon)],
          [`${fmt(ROWS)} invoice rows`, secs(steps.invoice)],
          ['VACUUM ANALYZE', secs(steps.analyze)],
        ]),
  ],
);
const loadLine = `Load average (1 / 5 / 15 min) sampled: ${loads.map((s) => `${s.when}: ${s.load.join(' / ')}`).join('; ')}`;
const header =
  `${reportHeader(db)}\n` +
  `Dataset: ${fmt(counts.recons)} statements (${counts.seeded_recons} from the demo seed), ${fmt(counts.invoices)} invoices ` +
  `(${counts.seeded_invoices} seeded); buyer ${BUYER} has ${fmt(counts.buyer_recons)} / ${fmt(counts.buyer_invoices)}, ` +
  `supplier ${SUPPLIER} ${fmt(counts.supplier_recons)} / ${fmt(counts.supplier_invoices)}; checkStatus ` +
  `${JSON.stringify(counts.recon_by_status)}, invoiceStatus ${JSON.stringify(counts.invoice_by_status)}; recon ` +
  `${counts.recon_size}, invoice ${counts.invoice_size}, database ${counts.db_size}. autocannon ${connections} ` +
  `connections, ${duration} s after ${warmup} s warm-up; bare pg ${connections} clients, same durations.`;
const md = `${header}\n\n${loadLine}\n\n${genTable}\n\n${tables.join('\n\n')}\n`;
const file = writeResult('finance-lists', {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: { ...machine(), pgVersion: db.pgVersion, pgSettings: db.pgSettings },
  options: { rows: ROWS, duration, warmup, connections, only },
  generation: { startMs, ...steps },
  counts,
  loads,
  results,
});
writeFileSync(file.replace(/\.json$/, '.md'), md);
console.log(md);
log(`\nwrote ${file} (and .md)`);
process.exit(0);
