// Sourcing at scale (issue #13): `node bench/sourcing/run.mjs [--rfqs=200000] [--duration=8]`
//
// 1. Builds the web apps into a temp folder (unless --dist=<built dist> or --no-web), creates a fresh
//    PostgreSQL database (srm_bench_sourcing) and starts the real server once against it (the bundle npm
//    start runs, WEB_DIST = that build; migrations + demo seed). Then set-based SQL (generate_series):
//    - 48 supplier companies 300001…300048 linked to buyer 100000 (company + account_relation, as
//      bench/orders does), next to the seeded 200001 and 200002;
//    - the comparison RFQ: 500 materials of buyer 100000 (with a last price in price_master each), one
//      enquiry (enquiryStatus 2 quoted, auditStatus 2, quoteMethod 2 ladder, quoteEndTime yesterday), its
//      500 lines, 20 suppliers invited on every line (10,000 enquiry_supplier rows, quoteStatus 2) and one
//      current quote each (10,000 enquiry_quote rows, status 1, a ladder of 3 rising quantity steps);
//    - the list: N RFQs of buyer 100000 over two years in time order (enquiryStatus 0 10 % drafts,
//      1 15 %, 2 25 %, 3 40 %, 4 10 %) with 5 lines each, 3 suppliers invited on every line of the
//      published ones (enquiry_supplier rows as publish makes them), 200001 among them on --share % of
//      the RFQs; VACUUM ANALYZE. Each step is timed.
// 2. Comparison: GET /apis/inquiry/PurchaseEnquiryService/findComparison/{id} as 100000/admin, paged by
//    line (50 lines a page; the first page carries the SQL summary): every page walked once (bytes and
//    time per page), the Excel export timed once, then for the first page and a middle page (?lineFrom=)
//    --samples sequential calls (connections=1), then autocannon on the first page (--connections, --duration after --warmup; non-2xx = the limit's 429s)
//    with the server's peak RSS; the answer's bytes (identity, gzip, br as the server sends them); where a
//    call's time goes: the same service function in this process on its own pool (no HTTP) and the SQL
//    statements it sends (captured through a logging drizzle) replayed bare, each timed; EXPLAIN ANALYZE
//    of each statement.
//    Comparison page weight: /rfq/index.html fetched from the server, its scripts, modulepreloads and
//    styles, their static imports and the lazy detail route (EnquiryDetail, where the comparison is) —
//    the graph of bench/web/graph.mjs — each file fetched from the server with Accept-Encoding br and gzip
//    and its transferred bytes counted (body + response headers); also the part the shell has not loaded
//    already (minus the settled home portal's files, bench/web/budget-check.mjs).
// 3. RFQ lists, with the method of bench/delivery-notes: autocannon on /apis/inquiry/{Purchase|Sale}
//    EnquiryService/findPageList (pageSize 20) — buyer 100000: first page, page 500 (OFFSET 9,980), a
//    keyset page at the middle (nextCursor), an enquiryNumber prefix, an enquiryStatus; supplier 200001
//    (the kernel's saleScope: EXISTS on enquiry_supplier) the same five. The baseline: the very statements
//    the kernel sends (captured from the enquiry kind's list query on a logging drizzle, checked to answer
//    the API's records) replayed bare through `pg` by as many clients for the same time (page, capped
//    count, estimate above 1,000 reused for 10 s as the server does); the ratio; EXPLAIN (ANALYZE, BUFFERS)
//    of page and count, flagged (✖) when a page is not an index range in its order.
// 4. Writes bench/results/sourcing-*.json and .md (gitignored), prints the markdown; stops the server and
//    drops the database (also on failure / Ctrl-C).
// Everything runs on 127.0.0.1. Options: --rfqs=200000 --lines=5 --share=10 (% of RFQs inviting 200001)
// --duration=8 --warmup=2 --connections=32 --samples=20 --port=18182 --db=srm_bench_sourcing
// --pg=postgres://postgres@127.0.0.1:5432/postgres (the administrator that creates the database; owned by
// srm_ci when that role exists, else by that user) --keep-db --reuse-db (measure again on a kept database,
// generating nothing; implies --keep-db) --dist=<built apps/web dist> --no-web (skip the page weight)
// --no-list / --no-compare (skip a part) --compare-connections=4,10,32 (autocannon loads on the comparison; default
// 4, 10 and --connections) --compare-duration=20 (seconds of each) --compare-amount=N (instead: each load
// sends N calls per connection and waits for all of them, however long they take — every call's time is
// counted, where a load by duration counts none that outlast it).
// --only-compare-load: of the comparison, only bursts (as many buyers as connections open it at the same
// moment, once each, --bursts=5 times) and its autocannon loads (no walk, export, samples, in-process or SQL
// timings), each call's status counted: answered (200), refused ('429' comparisonBusy), other.
// --compare-limits=6:600000,64:3000 (with --only-compare-load): the loads once per comparison limit
// (COMPARISON_QUEUE:COMPARISON_MAX_WAIT_MS), the server restarted with each on the same database, so the
// limits are compared in one run (6:600000 is the fixed 2 + 6 limit before the wait bound).
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join, posix } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import {
  arg,
  bareLoop,
  benchDatabase,
  cannon,
  fmt,
  gitCommit,
  kib,
  log,
  login,
  machine,
  mib,
  percentile,
  planSummary,
  reportHeader,
  root,
  sampleRss,
  secs,
  startServer,
  table,
  tempDir,
  timed,
  writeResult,
} from '../lib.mjs';
import { eagerSet, isJs, loadDist } from '../web/graph.mjs';

const RFQS = Number(arg('rfqs', 200_000));
const LINES = Number(arg('lines', 5));
const SHARE = Number(arg('share', 10));
const CHUNK = 20_000;
const CMP_LINES = 500;
const CMP_SUPPLIERS = 20;
const duration = Number(arg('duration', 8));
const warmup = Number(arg('warmup', 2));
const connections = Number(arg('connections', 32));
const samples = Number(arg('samples', 20));
const compareDuration = Number(arg('compare-duration', 20));
/** Connection counts of the comparison's autocannon loads (e.g. `--compare-connections=4,10,32`). */
const compareAmount = Number(arg('compare-amount', 0));
const compareConnections = [
  ...new Set(
    String(arg('compare-connections', `4,10,${connections}`))
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  ),
];
/** Seconds of the one-caller-at-a-time measurement of each list target (API, then bare). */
const SINGLE_SECONDS = 3;
const port = Number(arg('port', 18182));
const reuseDb = arg('reuse-db', 'false') === 'true';
const keepDb = reuseDb || arg('keep-db', 'false') === 'true';
const doWeb = arg('no-web', 'false') !== 'true';
const doList = arg('no-list', 'false') !== 'true';
const doCompare = arg('no-compare', 'false') !== 'true';
const onlyCompareLoad = arg('only-compare-load', 'false') !== 'false';
/** --only-compare-load: how many bursts of `connections` simultaneous calls per connection count. */
const bursts = Number(arg('bursts', 5));
/** Comparison limits to load one after the other (--compare-limits=queue:maxWaitMs,…); [null] = as started. */
const compareLimits = arg('compare-limits', null)
  ? String(arg('compare-limits', ''))
      .split(',')
      .map((spec) => {
        const [queue, maxWaitMs] = spec.split(':').map(Number);
        if (!Number.isInteger(queue) || !Number.isInteger(maxWaitMs))
          throw new Error(`--compare-limits: "${spec}" is not queue:maxWaitMs`);
        return { queue, maxWaitMs };
      })
  : [null];
const BUYER = '100000';
const SUPPLIER = '200001';
const PAGE_SIZE = 20;
/** The comparison RFQ's id (deterministic, so --reuse-db finds it). */
const CMP_ID_SQL = `md5('bench-rfq-compare')::uuid`;
/** Load averages (1 / 5 / 15 min) when each phase starts: other engineers share the machine. */
const loadAt = {};
const noteLoad = (phase) => {
  loadAt[phase] = loadavg().map((l) => +l.toFixed(1));
  log(`load average at ${phase}: ${loadAt[phase].join(' / ')}`);
};
noteLoad('start');

// ---------------------------------------------------------------- cleanup (also on failure / Ctrl-C)
const work = tempDir('sourcing');
let dist = arg('dist', null);
let server = null;
let stopping = false;
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_sourcing'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
  reuse: reuseDb,
  keep: keepDb,
});
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  db.drop();
  rmSync(work, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
log(`database ${db.url} ${db.reused ? 'reused' : 'created'} (PostgreSQL ${db.pgVersion}, owner ${db.role})`);

// ---------------------------------------------------------------- 1. web build, server, data
if (doWeb && !dist) {
  dist = join(work, 'dist');
  await timed('web build (vite, into a temp folder)', async () =>
    execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', dist, '--emptyOutDir'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}
const tStart = performance.now();
const serverEnv = {
  DATABASE_URL: db.url,
  LOG_LEVEL: 'warn',
  LOGIN_LIMIT_PER_IP: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
  SEED_DEMO: 'true',
  ...(dist ? { WEB_DIST: dist } : {}),
};
/** Starts the server on the bench database (extra env: a comparison limit); exits the bench if it dies. */
async function launch(extraEnv = {}) {
  const started = await startServer({
    port,
    dataDir: join(work, 'data'), // unused with DATABASE_URL
    timeoutMs: 600_000,
    env: { ...serverEnv, ...extraEnv },
  });
  started.exited.then(({ code, signal }) => {
    if (!stopping) {
      log(`server exited unexpectedly (${code ?? signal})`);
      process.exit(1);
    }
  });
  return started;
}
server = await launch();
const startMs = performance.now() - tStart;
log(`server up (migrate + demo seed) after ${secs(startMs)}`);

// Suppliers s = 0…49: 200001, 200002, 300001…300048 (the comparison invites s = 0…19).
const supplierOf = (s) =>
  `(CASE ${s} WHEN 0 THEN '${SUPPLIER}' WHEN 1 THEN '200002' ELSE (300001 + ${s} - 2)::text END)`;

const gen = new pg.Client({ connectionString: db.url });
await gen.connect();
await gen.query('SET synchronous_commit = off');
const seeded = (
  await gen.query(`select count(*)::int as n from enquiry where enquiry_number !~ '^RFQ[0-9]{13}$'`)
).rows[0].n;
const steps = {};
if (!db.reused) {
  log(`generating the comparison RFQ and ${fmt(RFQS)} RFQs with ${fmt(RFQS * LINES)} lines …`);
  steps.suppliers = (
    await timed('48 suppliers (company + account_relation)', async () => {
      await gen.query(
        `INSERT INTO company (els_account, company_name, company_short_name)
         SELECT (300000 + g)::text, '基准供应商 ' || (300000 + g) || ' 有限公司', '供应商' || g
         FROM generate_series(1, 48) g ON CONFLICT DO NOTHING`,
      );
      await gen.query(
        `INSERT INTO account_relation (els_account, to_els_account)
         SELECT $1, ${supplierOf('s')} FROM generate_series(0, 49) s ON CONFLICT DO NOTHING`,
        [BUYER],
      );
    })
  ).ms;

  // The comparison: 500 materials (last price in price_master), one RFQ, 500 lines × 20 invitations, each
  // with a current ladder quote (3 steps: from 1, from half the line's quantity, from twice it — the
  // line's price is the middle step; prices fall 3 % a step).
  steps.compare = (
    await timed(
      `comparison RFQ (${CMP_LINES} lines × ${CMP_SUPPLIERS} suppliers, ladder quotes)`,
      async () => {
        await gen.query(
          `INSERT INTO material (id, els_account, material_number, material_name, material_desc, cate_id,
           base_unit, purchase_unit, create_user, last_update_user)
         SELECT md5('bench-rfq-material-' || n)::uuid, $1, 'RFQM' || lpad(n::text, 5, '0'),
                '询价基准物料 ' || n, '询价基准物料 ' || n || ' 规格 ' || (n % 7),
                (SELECT id FROM material_category WHERE els_account = $1 ORDER BY id LIMIT 1),
                'PCS', 'PCS', $1 || '_admin', $1 || '_admin'
         FROM generate_series(1, ${CMP_LINES}) n ON CONFLICT DO NOTHING`,
          [BUYER],
        );
        await gen.query(
          `INSERT INTO price_master (els_account, to_els_account, material_id, material_number, price_excluding_tax,
           tax_rate, price_including_tax, valid_start_date, price_expiry_date, create_user, last_update_user)
         SELECT $1, '300001', md5('bench-rfq-material-' || n)::uuid, 'RFQM' || lpad(n::text, 5, '0'), p, 13,
                round(p * 1.13, 6), now() - interval '200 days', now() + interval '165 days', $1 || '_admin',
                $1 || '_admin'
         FROM generate_series(1, ${CMP_LINES}) n
         CROSS JOIN LATERAL (SELECT round(10 + (abs(hashint4(n)) % 9000) / 100.0, 6) AS p) x`,
          [BUYER],
        );
        await gen.query(
          `INSERT INTO enquiry (id, els_account, to_els_account, create_user, create_date, last_update_user,
           last_update_date, enquiry_number, enquiry_desc, enquiry_status, audit_status, buyer_name, enquiry_date,
           quote_method, quote_end_time, price_valid_date, publish_time, version)
         SELECT ${CMP_ID_SQL}, $1, $1, $1 || '_admin', now() - interval '10 days', $1 || '_admin',
                now() - interval '1 day', 'RFQCMP0000001', '比价基准：${CMP_LINES} 物料 × ${CMP_SUPPLIERS} 供应商（阶梯价）',
                '2', '2', coalesce((SELECT company_name FROM company WHERE els_account = $1), $1),
                current_date - 10, '2', now() - interval '1 day', current_date + 365, now() - interval '9 days', 3`,
          [BUYER],
        );
        await gen.query(
          `INSERT INTO enquiry_item (id, document_id, els_account, to_els_account, line_number, material_id,
           material_number, material_desc, unit, quantity, delivery_date, supplier_count, invited_suppliers)
         SELECT md5('bench-rfq-compare-item-' || n)::uuid, ${CMP_ID_SQL}, $1, $1, n * 10,
                md5('bench-rfq-material-' || n)::uuid, 'RFQM' || lpad(n::text, 5, '0'),
                '询价基准物料 ' || n || ' 规格 ' || (n % 7), 'PCS', 100 + abs(hashint4(n * 3)) % 9900,
                current_date + 30, ${CMP_SUPPLIERS},
                (SELECT jsonb_agg(${supplierOf('s')} ORDER BY s) FROM generate_series(0, ${CMP_SUPPLIERS - 1}) s)
         FROM generate_series(1, ${CMP_LINES}) n`,
          [BUYER],
        );
        await gen.query(
          `INSERT INTO enquiry_supplier (id, enquiry_id, item_id, els_account, to_els_account, supplier_name,
           quote_status, last_update_date)
         SELECT md5('bench-rfq-compare-inv-' || n || '-' || s)::uuid, ${CMP_ID_SQL},
                md5('bench-rfq-compare-item-' || n)::uuid, $1, c.els_account, c.company_name, '2',
                now() - interval '2 days'
         FROM generate_series(1, ${CMP_LINES}) n CROSS JOIN generate_series(0, ${CMP_SUPPLIERS - 1}) s
         JOIN company c ON c.els_account = ${supplierOf('s')}`,
          [BUYER],
        );
        await gen.query(
          `INSERT INTO enquiry_quote (invitation_id, enquiry_id, to_els_account, bout, price_excluding_tax, tax_rate,
           ladder_price_json, status, create_user, create_date)
         SELECT md5('bench-rfq-compare-inv-' || n || '-' || s)::uuid, ${CMP_ID_SQL}, ${supplierOf('s')}, 1,
                round(p, 6), 13,
                jsonb_build_array(
                  jsonb_build_object('quantity', '1.000', 'price', round(p, 6)::text),
                  jsonb_build_object('quantity', round(q / 2, 3)::text, 'price', round(p * 0.97, 6)::text),
                  jsonb_build_object('quantity', round(q * 2, 3)::text, 'price', round(p * 0.94, 6)::text)),
                '1', ${supplierOf('s')} || '_admin', now() - interval '3 days'
         FROM generate_series(1, ${CMP_LINES}) n CROSS JOIN generate_series(0, ${CMP_SUPPLIERS - 1}) s
         CROSS JOIN LATERAL (SELECT (100 + abs(hashint4(n * 3)) % 9900)::numeric AS q,
           (10 + (abs(hashint4(n)) % 9000) / 100.0) * (0.85 + (abs(hashint4(n * 31 + s)) % 30) / 100.0) AS p) x`,
        );
      },
    )
  ).ms;

  // RFQ i = 1…N, created in time order over the last 730 days. Deterministic draws by hashint4: u status
  // (0 10 %, 1 15 %, 2 25 %, 3 40 %, 4 10 %), v type / quote method, w the suppliers: 200001 on SHARE % of
  // the RFQs (first of the three), else 300001 + w/100 % 48; the other two 16 and 32 further on.
  const SRC = `
    WITH src AS (
      SELECT i,
             abs(hashint4(i)) % 100 AS u,
             abs(hashint4(i # 977)) % 100 AS v,
             abs(hashint4(i # 31337)) AS w,
             now() - make_interval(secs => (($2::int - i)::float8 * 730 * 86400 / $2::int)) AS created
      FROM generate_series($1::int, $3::int) i
    ), n AS (
      SELECT src.*,
             CASE WHEN u < 10 THEN '0' WHEN u < 25 THEN '1' WHEN u < 50 THEN '2' WHEN u < 90 THEN '3' ELSE '4' END AS st,
             ARRAY[CASE WHEN w % 100 < ${SHARE} THEN '${SUPPLIER}' ELSE (300001 + (w / 100) % 48)::text END,
                   (300001 + ((w / 100) + 16) % 48)::text, (300001 + ((w / 100) + 32) % 48)::text] AS sups
      FROM src
    )`;
  const RFQ_SQL = `${SRC}
    INSERT INTO enquiry (id, els_account, to_els_account, create_user, create_date, last_update_user,
      last_update_date, enquiry_number, enquiry_desc, enquiry_status, audit_status, buyer_name, enquiry_date,
      enquiry_type, quote_method, quote_end_time, price_valid_date, publish_time, version)
    SELECT md5('bench-rfq-' || i)::uuid, '${BUYER}', '${BUYER}', '${BUYER}_admin', created, '${BUYER}_admin',
           created + make_interval(hours => 1 + u), 'RFQ' || to_char(created, 'YYYYMM') || lpad(i::text, 7, '0'),
           '询价 ' || i || ' 批次物料', st,
           CASE WHEN st = '0' THEN (CASE WHEN v < 60 THEN '0' WHEN v < 90 THEN '1' ELSE '3' END) ELSE '2' END,
           b.company_name, created::date, CASE WHEN v < 90 THEN '1' ELSE '2' END,
           CASE WHEN v % 2 = 0 THEN '1' ELSE '2' END, created + interval '7 days', created::date + 365,
           CASE WHEN st <> '0' THEN created + interval '2 hours' END, CASE WHEN st = '0' THEN 0 ELSE 2 END
    FROM n CROSS JOIN (SELECT coalesce((SELECT company_name FROM company WHERE els_account = '${BUYER}'),
                                       '${BUYER}') AS company_name) b`;
  const LINE_SQL = `${SRC}
    INSERT INTO enquiry_item (id, document_id, els_account, to_els_account, line_number, material_id,
      material_number, material_desc, unit, quantity, delivery_date, supplier_count, invited_suppliers)
    SELECT md5('bench-rfq-' || i || '-' || l)::uuid, md5('bench-rfq-' || i)::uuid, '${BUYER}', '${BUYER}',
           l * 10, md5('bench-rfq-material-' || m)::uuid, 'RFQM' || lpad(m::text, 5, '0'),
           '询价基准物料 ' || m || ' 规格 ' || (m % 7), 'PCS', 10 + abs(hashint4(i * 7 + l)) % 5000,
           created::date + 30, 3, to_jsonb(sups)
    FROM n CROSS JOIN generate_series(1, ${LINES}) l
    CROSS JOIN LATERAL (SELECT 1 + abs(hashint4(i * 11 + l)) % ${CMP_LINES} AS m) x`;
  // Invitations as publish makes them (published RFQs only): quoting RFQs mostly unanswered, awarded ones
  // accepted (the first supplier) / not won, the others quoted, some declined.
  const INVITATION_SQL = `${SRC}
    INSERT INTO enquiry_supplier (id, enquiry_id, item_id, els_account, to_els_account, supplier_name,
      quote_status, last_update_date)
    SELECT md5('bench-rfq-inv-' || i || '-' || l || '-' || k)::uuid, md5('bench-rfq-' || i)::uuid,
           md5('bench-rfq-' || i || '-' || l)::uuid, '${BUYER}', sups[k], c.company_name,
           CASE st WHEN '1' THEN (CASE WHEN (u + k) % 3 = 0 THEN '0' WHEN (u + k) % 3 = 1 THEN '1' ELSE '2' END)
                   WHEN '3' THEN (CASE WHEN k = 1 THEN '5' ELSE '6' END)
                   ELSE (CASE WHEN (v + k) % 10 = 0 THEN '4' ELSE '2' END) END,
           created + interval '3 days'
    FROM n CROSS JOIN generate_series(1, ${LINES}) l CROSS JOIN generate_series(1, 3) k
    JOIN company c ON c.els_account = sups[k]
    WHERE st <> '0'`;
  // The current quote of every invitation that has a price (quoted, re-quoted, accepted, not won), so
  // enquiry_quote has the size a live system's would (the comparison reads it by invitation).
  const QUOTE_SQL = `${SRC}
    INSERT INTO enquiry_quote (invitation_id, enquiry_id, to_els_account, bout, price_excluding_tax, tax_rate,
      ladder_price_json, status, create_user, create_date)
    SELECT s.id, s.enquiry_id, s.to_els_account, 1, p, 13,
           CASE WHEN v % 2 = 1 THEN jsonb_build_array(
             jsonb_build_object('quantity', '1.000', 'price', p::text),
             jsonb_build_object('quantity', '1000.000', 'price', round(p * 0.97, 6)::text)) END,
           '1', s.to_els_account || '_admin', created + interval '2 days'
    FROM n CROSS JOIN generate_series(1, ${LINES}) l CROSS JOIN generate_series(1, 3) k
    JOIN enquiry_supplier s ON s.id = md5('bench-rfq-inv-' || i || '-' || l || '-' || k)::uuid
    CROSS JOIN LATERAL (SELECT round(1 + (abs(hashint4(i * 13 + l * 3 + k)) % 100000) / 100.0, 6) AS p) x
    WHERE st <> '0' AND s.quote_status IN ('2', '3', '5', '6')`;

  steps.rfqs = 0;
  steps.lines = 0;
  steps.invitations = 0;
  steps.quotes = 0;
  for (let from = 1; from <= RFQS; from += CHUNK) {
    const to = Math.min(RFQS, from + CHUNK - 1);
    const p = [from, RFQS, to];
    steps.rfqs += (await timed(`RFQs ${fmt(from)}–${fmt(to)}`, () => gen.query(RFQ_SQL, p))).ms;
    steps.lines += (
      await timed(`  lines (${fmt((to - from + 1) * LINES)})`, () => gen.query(LINE_SQL, p))
    ).ms;
    steps.invitations += (await timed('  invitations', () => gen.query(INVITATION_SQL, p))).ms;
    steps.quotes += (await timed('  quotes', () => gen.query(QUOTE_SQL, p))).ms;
  }
  // The supplier side's list rows (kernel sale index, migration 0031): one per RFQ × invited supplier, as
  // publish makes them (refreshSaleIndex) and the migration's backfill writes them.
  steps.saleIndex = (
    await timed('sale index rows', () =>
      gen.query(`INSERT INTO enquiry_sale_index (document_id, to_els_account, els_account, list_date, create_date,
          status, number)
        SELECT DISTINCT e.id, s.to_els_account, e.els_account, e.enquiry_date, e.create_date, e.enquiry_status,
          e.enquiry_number
        FROM enquiry_supplier s JOIN enquiry e ON e.id = s.enquiry_id
        WHERE e.enquiry_status IN ('1', '2', '3', '4')
        ON CONFLICT DO NOTHING`),
    )
  ).ms;
  // VACUUM as autovacuum would after a bulk load: sets the visibility map the capped counts' index-only scans use.
  steps.analyze = (await timed('VACUUM ANALYZE', () => gen.query('VACUUM ANALYZE'))).ms;
}
const counts = (
  await gen.query(
    `select
      (select count(*)::int from enquiry) as rfqs,
      (select count(*)::int from enquiry_item) as lines,
      (select count(*)::int from enquiry_supplier) as invitations,
      (select count(*)::int from enquiry_sale_index) as sale_index,
      (select count(*)::int from enquiry_quote) as quotes,
      (select count(*)::int from enquiry where els_account = $1) as buyer_rfqs,
      (select count(*)::int from enquiry e where enquiry_status in ('1','2','3','4') and exists
        (select 1 from enquiry_supplier s where s.enquiry_id = e.id and s.to_els_account = $2)) as supplier_rfqs,
      (select count(*)::int from enquiry_supplier where to_els_account = $2) as supplier_invitations,
      (select json_object_agg(enquiry_status, n order by enquiry_status) from
        (select enquiry_status, count(*)::int as n from enquiry group by 1) x) as by_status,
      (select count(*)::int from enquiry_item where document_id = ${CMP_ID_SQL}) as cmp_lines,
      (select count(*)::int from enquiry_supplier where enquiry_id = ${CMP_ID_SQL}) as cmp_invitations,
      (select count(*)::int from enquiry_quote where enquiry_id = ${CMP_ID_SQL}) as cmp_quotes,
      pg_size_pretty(pg_total_relation_size('enquiry')) as enquiry_size,
      pg_size_pretty(pg_total_relation_size('enquiry_item')) as item_size,
      pg_size_pretty(pg_total_relation_size('enquiry_supplier')) as supplier_size,
      pg_size_pretty(pg_total_relation_size('enquiry_quote')) as quote_size,
      pg_size_pretty(pg_database_size(current_database())) as db_size`,
    [BUYER, SUPPLIER],
  )
).rows[0];
const cmpId = (await gen.query(`select ${CMP_ID_SQL}::text as id`)).rows[0].id;
await gen.end();
log(`data: ${JSON.stringify(counts)}`);

const tokens = {
  purchase: await login(server.url, { elsAccount: BUYER, elsSubAccount: 'admin', password: 'Demo@2026' }),
  sale: await login(server.url, { elsAccount: SUPPLIER, elsSubAccount: 'admin', password: 'Demo@2026' }),
};
const accountOf = { purchase: BUYER, sale: SUPPLIER };
const headersOf = (side) => ({ token: tokens[side], account: `${accountOf[side]}_admin` });
const pool = new pg.Pool({ connectionString: db.url, max: Math.max(connections, 10) });

/** One HTTP GET on 127.0.0.1 without decoding: status, body bytes as sent, header bytes, the body. */
function rawGet(path, headers = {}) {
  return new Promise((ok, fail) => {
    const t0 = performance.now();
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        // Status line + "name: value\r\n" per header + the blank line, as on the wire (before chunk framing).
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          head += res.rawHeaders[i].length + 2 + Buffer.byteLength(res.rawHeaders[i + 1]) + 2;
        ok({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          bytes: body.length,
          head,
          body,
          ms: performance.now() - t0,
        });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

// After a load the server still works off the calls autocannon left in flight: wait until a trivial
// call is quick again before the next measurement.
const settle = async () => {
  const t0 = performance.now();
  while (performance.now() - t0 < 120_000) {
    const r = await rawGet('/apis/ElsAuthService/clientConfig');
    if (r.ms < 20) return performance.now() - t0;
    await new Promise((ok) => setTimeout(ok, 200));
  }
  return performance.now() - t0;
};
const ms = (v) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : fmt(v)) : '—');
const stats = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return {
    n: s.length,
    min: s[0],
    p50: percentile(s, 0.5),
    p95: percentile(s, 0.95),
    p99: percentile(s, 0.99),
    max: s.at(-1),
  };
};

// ---------------------------------------------------------------- 2. the RFQ lists (first: the comparison's load leaves the server busy for seconds)
const results = [];
if (doList) {
  noteLoad('lists');
  const monthAgo = new Date(Date.now() - 400 * 86400_000);
  const numberProbe = `RFQ${monthAgo.toISOString().slice(0, 4)}${monthAgo.toISOString().slice(5, 7)}`;
  const first = { currentPage: 1, pageSize: PAGE_SIZE };
  const targets = [];
  for (const side of ['purchase', 'sale']) {
    const who = side === 'purchase' ? `buyer ${BUYER}` : `supplier ${SUPPLIER}`;
    targets.push(
      { name: `${who}, first page`, side, body: first },
      { name: `${who}, page 500 (OFFSET 9,980)`, side, body: { currentPage: 500, pageSize: PAGE_SIZE } },
      { name: `${who}, cursor at the middle`, side, cursorAt: 0.5, body: first },
      {
        name: `${who}, number prefix "${numberProbe}"`,
        side,
        body: { ...first, enquiryNumber: numberProbe },
      },
      { name: `${who}, enquiryStatus 2`, side, body: { ...first, enquiryStatus: '2' } },
    );
  }
  const { enquiryKind: kind } = await tsImport(
    '../../apps/server/src/modules/enquiry/service.ts',
    import.meta.url,
  );
  const { EXACT_COUNT_LIMIT, ESTIMATE_TTL_MS } = await tsImport(
    '../../apps/server/src/platform/document/list-query.ts',
    import.meta.url,
  );
  // The statements the kernel sends, captured from the enquiry kind's own list query on a logging drizzle
  // (a fresh one per call, so the per-database caches start empty and the estimate is captured too).
  async function kernelStatements(side, body) {
    const sent = [];
    const capture = drizzle(pool, { logger: { logQuery: (text, values) => sent.push({ text, values }) } });
    const { currentPage, pageSize, cursor } = body;
    await kind.list.json(
      capture,
      accountOf[side],
      side,
      { currentPage, pageSize, cursor },
      kind.listFilter(body),
    );
    const pick = (test) => sent.find((s) => test(s.text));
    return {
      page: pick((t) => t.startsWith('select row_to_json')),
      count: pick((t) => t.includes(') as capped')),
      estimate: pick((t) => t.startsWith('explain')),
    };
  }

  for (const t of targets) {
    const headers = headersOf(t.side);
    const url = `${server.url}/apis/inquiry/${t.side === 'purchase' ? 'Purchase' : 'Sale'}EnquiryService/findPageList`;
    log(`\n${t.name}`);
    if (t.cursorAt) {
      const q = await kernelStatements(t.side, t.body);
      const countValues = [...q.count.values];
      if (countValues.at(-1) !== EXACT_COUNT_LIMIT + 1)
        throw new Error(`count statement: the cap is not its last value (${JSON.stringify(countValues)})`);
      countValues.splice(-1, 1, 2 ** 31 - 1);
      const n = Number((await pool.query(q.count.text, countValues)).rows[0].count);
      const at = Math.floor(n * t.cursorAt);
      const values = [...q.page.values];
      if (values.at(-2) !== PAGE_SIZE || values.at(-1) !== 0)
        throw new Error(`first page statement: limit/offset not its last values (${JSON.stringify(values)})`);
      values.splice(-2, 2, 1, at);
      const key = JSON.parse((await pool.query({ text: q.page.text, values, rowMode: 'array' })).rows[0][1]);
      t.body = {
        ...t.body,
        cursor: Buffer.from(JSON.stringify({ s: t.side, k: key })).toString('base64url'),
      };
      t.name = `${t.name} (row ${fmt(at)} of ${fmt(n)})`;
      log(`  cursor at row ${fmt(at)}: key ${JSON.stringify(key)}`);
    }
    const check = await (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(t.body),
      })
    ).json();
    if (check.code !== '200') throw new Error(`${t.name}: ${JSON.stringify(check).slice(0, 300)}`);
    const total = check.data.total;
    log(
      `  answer: total ${fmt(total)}${check.data.totalExact ? '' : ' (estimate)'}, ${check.data.records.length} records`,
    );

    const q = await kernelStatements(t.side, t.body);
    if (!q.page || !q.count) throw new Error(`${t.name}: the kernel's statements were not captured`);
    const bareRows = (await pool.query({ ...q.page, rowMode: 'array' })).rows.map((r) => JSON.parse(r[0]));
    if (JSON.stringify(bareRows) !== JSON.stringify(check.data.records))
      throw new Error(`${t.name}: the bare SQL answers other rows than the API`);
    const statements = {
      page: { text: q.page.text, values: q.page.values },
      count: { text: q.count.text, values: q.count.values },
      estimate: q.estimate && { text: q.estimate.text, values: q.estimate.values },
    };
    const explain = {};
    for (const k of ['page', 'count']) {
      const r = await pool.query({
        text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statements[k].text}`,
        values: statements[k].values,
      });
      explain[k] = planSummary(r.rows[0]['QUERY PLAN']);
      const e = explain[k];
      const bad = k === 'page' && (e.seqScans.length > 0 || e.sortedRows > 1000);
      explain[k].bad = bad;
      log(
        `  EXPLAIN ${k}: plan ${e.planningMs} ms + exec ${e.executionMs} ms; ${e.plan}${bad ? `  ✖ seq scans ${e.seqScans}, sorted ${e.sortedRows} rows` : ''}`,
      );
    }
    // One caller at a time (what a single user waits), API then bare, each for SINGLE_SECONDS.
    await settle();
    const one = await cannon(autocannon, {
      url,
      headers,
      body: t.body,
      seconds: SINGLE_SECONDS,
      connections: 1,
    });
    const oneBare = await bareLoop(statements, SINGLE_SECONDS, pool, {
      connections: 1,
      countLimit: EXACT_COUNT_LIMIT,
      estimateTtlMs: ESTIMATE_TTL_MS,
    });
    const single = {
      requests: one.requests.total,
      p50: one.requests.total ? one.latency.p50 : Number.NaN,
      p99: one.requests.total ? one.latency.p99 : Number.NaN,
      bareRequests: oneBare.requests,
      bareP50: oneBare.p50,
      bareP99: oneBare.p99,
    };
    log(
      `  connections=1: API p50 ${single.p50} ms (${single.requests} calls), bare p50 ${single.bareP50.toFixed(1)} ms`,
    );
    await cannon(autocannon, { url, headers, body: t.body, seconds: warmup, connections });
    const ac = await cannon(autocannon, { url, headers, body: t.body, seconds: duration, connections });
    const api = {
      rps: ac.requests.average,
      requests: ac.requests.total,
      p50: ac.latency.p50,
      p99: ac.latency.p99,
      max: ac.latency.max,
      errors: ac.errors + ac.timeouts,
      non2xx: ac.non2xx,
    };
    log(
      `  API: ${fmt(api.rps)} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms (${api.errors} errors, ${api.non2xx} non-2xx)`,
    );
    const loop = { connections, countLimit: EXACT_COUNT_LIMIT, estimateTtlMs: ESTIMATE_TTL_MS };
    await settle();
    await bareLoop(statements, warmup, pool, loop);
    const b = await bareLoop(statements, duration, pool, loop);
    log(
      `  bare pg: ${fmt(b.rps)} req/s, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms (${b.errors} errors)`,
    );
    results.push({
      ...t,
      total,
      totalExact: check.data.totalExact,
      sql: statements,
      explain,
      single,
      api,
      bare: b,
      ratio: api.rps / b.rps,
    });
  }
}

// ---------------------------------------------------------------- 3. the comparison
let compare = null;
/** --only-compare-load: per comparison limit, the autocannon loads with each call's status counted. */
let compareLoadOnly = null;
/** --only-compare-load: bursts of simultaneous first calls, per comparison limit. */
let compareBursts = null;
if (doCompare && onlyCompareLoad) {
  noteLoad('comparison');
  log(`\ncomparison ${cmpId}: autocannon loads only`);
  const path = `/apis/inquiry/PurchaseEnquiryService/findComparison/${cmpId}`;
  const url = `${server.url}${path}`;
  compareLoadOnly = [];
  compareBursts = [];
  for (const limit of compareLimits) {
    if (limit) {
      // The same database, the server restarted with this limit (its summary cache starts cold: the
      // first-page check below warms it).
      stopping = true;
      await server.stop();
      stopping = false;
      server = await launch({
        COMPARISON_QUEUE: String(limit.queue),
        COMPARISON_MAX_WAIT_MS: String(limit.maxWaitMs),
      });
      tokens.purchase = await login(server.url, {
        elsAccount: BUYER,
        elsSubAccount: 'admin',
        password: 'Demo@2026',
      });
    }
    const headers = headersOf('purchase');
    const first = await rawGet(path, headers);
    if (JSON.parse(first.body.toString('utf8')).code !== '200')
      throw new Error(`comparison: ${first.body.toString('utf8').slice(0, 300)}`);
    const label = limit ? `queue ${limit.queue}, max wait ${fmt(limit.maxWaitMs)} ms` : 'as configured';
    // Bursts: as many buyers as connections open the comparison at the same moment, once each (no
    // retry), --bursts times with the server settled in between: how many are answered, how long they took.
    for (const conns of compareConnections) {
      const answeredMs = [];
      let refused = 0;
      let other = 0;
      for (let b = 0; b < bursts; b++) {
        await settle();
        const results = await Promise.all(Array.from({ length: conns }, () => rawGet(path, headers)));
        for (const r of results) {
          if (r.status === 200) answeredMs.push(r.ms);
          else if (r.status === 429) refused++;
          else other++;
        }
      }
      const burst = {
        limit: label,
        connections: conns,
        bursts,
        calls: conns * bursts,
        answered: answeredMs.length,
        refused,
        other,
        answeredMs: stats(answeredMs),
      };
      compareBursts.push(burst);
      log(`  ${label}, bursts of ${conns}: ${JSON.stringify(burst)}`);
    }
    for (const conns of compareConnections) {
      await settle();
      const run = (seconds, calls) =>
        new Promise((ok, fail) => {
          const instance = autocannon(
            { url, method: 'GET', headers, connections: conns, duration: seconds, timeout: 30 },
            (err, res) => (err ? fail(err) : ok(res)),
          );
          instance.on('response', (_client, status, _bytes, time) => calls.push({ status, time }));
        });
      await run(warmup, []);
      const rss = sampleRss(server.child.pid);
      const calls = [];
      const ac = await run(compareDuration, calls);
      const mem = rss.stop();
      const settledMs = await settle();
      const answered = calls.filter((c) => c.status === 200);
      const refused = calls.filter((c) => c.status === 429);
      const load = {
        limit: label,
        connections: conns,
        calls: calls.length,
        answered: answered.length,
        refused: refused.length,
        other: calls.length - answered.length - refused.length,
        errors: ac.errors + ac.timeouts,
        answeredPerSecond: answered.length / compareDuration,
        answeredMs: stats(answered.map((c) => c.time)),
        refusedMs: stats(refused.map((c) => c.time)),
        rssPeak: mem.peak,
        settledMs,
      };
      compareLoadOnly.push(load);
      log(`  ${label}, autocannon ${conns}: ${JSON.stringify(load)}`);
    }
  }
} else if (doCompare) {
  noteLoad('comparison');
  log(`\ncomparison ${cmpId}`);
  const path = `/apis/inquiry/PurchaseEnquiryService/findComparison/${cmpId}`;
  const url = `${server.url}${path}`;
  const headers = headersOf('purchase');
  const first = await rawGet(path, headers);
  const answer = JSON.parse(first.body.toString('utf8'));
  if (answer.code !== '200') throw new Error(`comparison: ${first.body.toString('utf8').slice(0, 300)}`);
  // Paged by line (default 50 lines, the first page with the summary): walk every page once, counting
  // lines, cells, priced cells and ladders, and each page's bytes and time.
  let quotes = 0;
  let priced = 0;
  let ladders = 0;
  let lineCount = 0;
  const pageBytes = [];
  const walk = [];
  const walkT0 = performance.now();
  for (let from = null, n = 0; n < 1000; n++) {
    const r = await rawGet(from === null ? path : `${path}?lineFrom=${from}`, headers);
    const page = JSON.parse(r.body.toString('utf8')).data;
    pageBytes.push(r.bytes);
    walk.push(r.ms);
    lineCount += page.lines.length;
    for (const l of page.lines) {
      quotes += l.quotes.length;
      priced += l.quotes.filter((q) => q.priceExcludingTax).length;
      ladders += l.quotes.filter((q) => q.ladder?.length === 3).length;
    }
    from = page.nextLineFrom;
    if (from === null) break;
  }
  const walkMs = performance.now() - walkT0;
  if (
    lineCount !== CMP_LINES ||
    priced !== CMP_LINES * CMP_SUPPLIERS ||
    answer.data.summary?.lineCount !== CMP_LINES
  )
    throw new Error(`comparison: ${lineCount} lines, ${priced} priced quotes`);
  log(
    `  pages: ${pageBytes.length} pages, ${lineCount} lines, ${quotes} quotes (${priced} priced, ${ladders} ladders), first page ${fmt(first.bytes)} bytes, all pages ${fmt(pageBytes.reduce((a, b) => a + b, 0))} bytes in ${walkMs.toFixed(0)} ms`,
  );
  const middlePath = `${path}?lineFrom=${answer.data.lines[0].lineNumber + Math.floor(CMP_LINES / 2) * (answer.data.lines[1].lineNumber - answer.data.lines[0].lineNumber)}`;
  const exportT0 = performance.now();
  const exported = await rawGet(`/apis/inquiry/PurchaseEnquiryService/exportComparison/${cmpId}`, headers);
  const exportMs = performance.now() - exportT0;
  log(`  export: ${fmt(exported.bytes)} bytes in ${exportMs.toFixed(0)} ms`);
  const sizes = { identity: first.bytes };
  for (const enc of ['gzip', 'br']) {
    const r = await rawGet(path, { ...headers, 'accept-encoding': enc });
    sizes[enc] = r.encoding === enc ? r.bytes : null;
    const m = await rawGet(middlePath, { ...headers, 'accept-encoding': enc });
    sizes[`middle_${enc}`] = m.encoding === enc ? m.bytes : null;
    log(`  Accept-Encoding ${enc}: ${r.encoding}, ${fmt(r.bytes)} bytes in ${r.ms.toFixed(0)} ms`);
  }
  // connections=1: sequential calls, alternately without compression (as autocannon asks) and as
  // browsers ask (Accept-Encoding with br), so both see the same machine.
  await settle();
  const seq = [];
  const seqBr = [];
  const seqMiddle = [];
  for (let i = 0; i < samples; i++) {
    seq.push((await rawGet(path, headers)).ms);
    seqBr.push((await rawGet(path, { ...headers, 'accept-encoding': 'gzip, deflate, br' })).ms);
    seqMiddle.push((await rawGet(middlePath, headers)).ms);
  }
  sizes.middle = (await rawGet(middlePath, headers)).bytes;
  const sequential = stats(seq);
  const sequentialBr = stats(seqBr);
  const sequentialMiddle = stats(seqMiddle);
  log(`  connections=1: ${JSON.stringify(sequential)}; with br: ${JSON.stringify(sequentialBr)}`);

  // Where the time goes: the service function in this process (its own pool, no HTTP, no serialization),
  // and the statements it sends, captured and replayed bare one after the other.
  const { findComparisonPage: findComparison } = await tsImport(
    '../../apps/server/src/modules/enquiry/service.ts',
    import.meta.url,
  );
  const auth = {
    subaccountId: 'bench',
    sessionId: 'bench',
    elsAccount: BUYER,
    elsSubAccount: 'admin',
    station: 'purchase',
    permission: '',
  };
  const plain = drizzle(pool);
  const inProcess = [];
  for (let i = 0; i < Math.min(samples, 10); i++) {
    const t0 = performance.now();
    await findComparison(plain, auth, cmpId, { limit: 50 });
    inProcess.push(performance.now() - t0);
  }
  const sent = [];
  const capture = drizzle(pool, { logger: { logQuery: (text, values) => sent.push({ text, values }) } });
  await findComparison(capture, auth, cmpId, { limit: 50 });
  const client = await pool.connect();
  const perStatement = sent.map(() => []);
  const bareTotal = [];
  for (let i = 0; i < Math.min(samples, 10); i++) {
    const t0 = performance.now();
    for (const [k, s] of sent.entries()) {
      const t = performance.now();
      await client.query(s.text, s.values);
      perStatement[k].push(performance.now() - t);
    }
    bareTotal.push(performance.now() - t0);
  }
  const statements = [];
  for (const [k, s] of sent.entries()) {
    const plan = planSummary(
      (await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.text}`, s.values)).rows[0][
        'QUERY PLAN'
      ],
    );
    const rows = (await client.query(s.text, s.values)).rowCount;
    statements.push({
      sql: s.text.length > 160 ? `${s.text.slice(0, 160)}… (${s.values.length} values)` : s.text,
      values: s.values.length,
      rows,
      bare: stats(perStatement[k]),
      plan,
    });
    log(`  SQL ${k + 1}: ${rows} rows, p50 ${stats(perStatement[k]).p50.toFixed(1)} ms; ${plan.plan}`);
  }
  client.release();
  log(`  in process: ${JSON.stringify(stats(inProcess))}; bare SQL: ${JSON.stringify(stats(bareTotal))}`);

  // autocannon, as the other benches (GET, identity). Each response's time is kept too (autocannon's
  // summary has no p95): p95 from them.
  const get = (seconds, conns, times = [], amount = 0) =>
    new Promise((ok, fail) => {
      const instance = autocannon(
        {
          url,
          method: 'GET',
          headers,
          connections: conns,
          ...(amount ? { amount, timeout: 300 } : { duration: seconds, timeout: 30 }),
        },
        (err, res) => (err ? fail(err) : ok(res)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
  const loads = [];
  for (const conns of compareConnections) {
    await settle();
    await get(warmup, conns, [], compareAmount ? conns : 0);
    const rss = sampleRss(server.child.pid);
    const times = [];
    const t0 = performance.now();
    const ac = await get(compareDuration, conns, times, compareAmount * conns);
    const wallMs = performance.now() - t0;
    const mem = rss.stop();
    const own = stats(times);
    const settledMs = await settle();
    loads.push({
      connections: conns,
      wallMs,
      rps: compareAmount ? (ac.requests.total / wallMs) * 1000 : ac.requests.average,
      requests: ac.requests.total,
      p50: ac.latency.p50,
      p95: own.p95,
      p99: ac.latency.p99,
      max: ac.latency.max,
      errors: ac.errors + ac.timeouts,
      non2xx: ac.non2xx,
      throughputMiBs: ac.throughput.average / 2 ** 20,
      rssPeak: mem.peak,
      settledMs,
    });
    log(`  autocannon ${conns}: ${JSON.stringify(loads.at(-1))}`);
  }
  compare = {
    id: cmpId,
    lines: lineCount,
    quotes,
    ladders,
    sizes,
    pages: pageBytes.length,
    pageBytes: stats(pageBytes),
    allPagesBytes: pageBytes.reduce((a, b) => a + b, 0),
    walk: { ms: walkMs, perPage: stats(walk) },
    export: { ms: exportMs, bytes: exported.bytes },
    sequential,
    sequentialBr,
    sequentialMiddle,
    inProcess: stats(inProcess),
    bareSql: stats(bareTotal),
    statements,
    loads,
  };
}

// ---------------------------------------------------------------- 4. comparison page weight (JS of /rfq/; bytes, not timings)
let web = null;
if (doWeb && dist) {
  log('\npage weight of /rfq/ (the comparison is the detail route #/v2/detail)');
  const g = await loadDist(dist);
  const app = g.apps.find((a) => a.name === 'rfq');
  if (!app) throw new Error(`no rfq app in ${dist}`);
  const html = await rawGet('/rfq/', { 'accept-encoding': 'gzip, deflate, br' });
  if (html.status !== 200) throw new Error(`/rfq/ answered ${html.status}`);
  const set = eagerSet(g, app);
  const eager = set.files();
  const isDetail = (f) =>
    /EnquiryDetail/.test(posix.basename(f)) || /modules\/rfq\/EnquiryDetail\./.test(g.sourceOf.get(f) ?? '');
  for (const f of set.files().filter(isJs))
    for (const dyn of g.chunk(f).dynamic) if (isDetail(dyn.target)) set.addDynamic(f, dyn);
  if (!set.files().some(isDetail)) throw new Error('the EnquiryDetail chunk was not found in /rfq/');
  // What the shell (the settled home portal, which opens /rfq/ in its frame) has loaded already.
  const budget = JSON.parse(
    spawnSync(process.execPath, ['bench/web/budget-check.mjs', `--dist=${dist}`, '--json'], {
      cwd: root,
      encoding: 'utf8',
    }).stdout,
  );
  const home = new Set(budget.home);
  const files = [];
  for (const f of set.files()) {
    const one = { file: f, source: g.sourceOf.get(f) ?? null, eager: eager.includes(f), shell: home.has(f) };
    for (const enc of ['br', 'gzip']) {
      const r = f.endsWith('index.html')
        ? await rawGet('/rfq/', { 'accept-encoding': enc })
        : await rawGet(`/${f}`, { 'accept-encoding': enc });
      if (r.status !== 200) throw new Error(`/${f} answered ${r.status}`);
      one[enc] = { encoding: r.encoding, body: r.bytes, head: r.head };
    }
    one.raw = g.file(f).raw;
    one.predicted = g.file(f).wire;
    files.push(one);
  }
  const sum = (list, enc, part = (x) => x.body + x.head) => list.reduce((n, f) => n + part(f[enc]), 0);
  const js = files.filter((f) => isJs(f.file));
  const pick = (list) => ({
    files: list.length,
    raw: list.reduce((n, f) => n + f.raw, 0),
    br: sum(list, 'br'),
    brBody: sum(list, 'br', (x) => x.body),
    gzip: sum(list, 'gzip'),
    gzipBody: sum(list, 'gzip', (x) => x.body),
    predicted: list.reduce((n, f) => n + f.predicted, 0),
  });
  web = {
    dist,
    htmlEncoding: html.encoding,
    js: pick(js),
    jsEager: pick(js.filter((f) => f.eager)),
    jsDetail: pick(js.filter((f) => !f.eager)),
    jsOwn: pick(js.filter((f) => !f.shell)),
    total: pick(files),
    files,
  };
  log(`  ${JSON.stringify({ js: web.js, own: web.jsOwn, total: web.total })}`);
}

await pool.end();

// ---------------------------------------------------------------- 5. report
stopping = true;
await server.stop();
db.drop();

const genTable = table(
  ['step', 'time'],
  [
    ['server start: migrations + demo seed (spawn → first 200)', secs(startMs)],
    ...(db.reused
      ? [['data generation', 'reused database (--reuse-db)']]
      : [
          ['48 suppliers (company + account_relation)', secs(steps.suppliers)],
          [
            `comparison RFQ: ${CMP_LINES} materials + last prices, 1 RFQ, ${CMP_LINES} lines, ${fmt(CMP_LINES * CMP_SUPPLIERS)} invitations, ${fmt(CMP_LINES * CMP_SUPPLIERS)} ladder quotes`,
            secs(steps.compare),
          ],
          [`${fmt(RFQS)} enquiry rows (chunks of ${fmt(CHUNK)})`, secs(steps.rfqs)],
          [`${fmt(RFQS * LINES)} enquiry_item rows`, secs(steps.lines)],
          [
            `${fmt(counts.invitations - (counts.cmp_invitations ?? 0))} enquiry_supplier rows (3 per published line)`,
            secs(steps.invitations),
          ],
          [
            `${fmt(counts.quotes - (counts.cmp_quotes ?? 0))} enquiry_quote rows (the invitations with a price)`,
            secs(steps.quotes),
          ],
          [
            `${fmt(counts.sale_index)} enquiry_sale_index rows (one per RFQ × invited supplier)`,
            secs(steps.saleIndex),
          ],
          ['VACUUM ANALYZE', secs(steps.analyze)],
        ]),
  ],
);
const parts = [
  `${reportHeader(db)}\nLoad average (1 / 5 / 15 min) at ${Object.entries(loadAt)
    .map(([phase, l]) => `${phase} ${l.join(' / ')}`)
    .join('; ')}.`,
  `Dataset: ${fmt(counts.rfqs)} RFQs (${seeded} not generated: the demo seed's and the comparison's), ${fmt(counts.lines)} lines, ` +
    `${fmt(counts.invitations)} invitations, ${fmt(counts.quotes)} quotes; buyer ${BUYER} has ${fmt(counts.buyer_rfqs)}, ` +
    `supplier ${SUPPLIER} sees ${fmt(counts.supplier_rfqs)} (${fmt(counts.supplier_invitations)} invitation rows); by enquiryStatus ` +
    `${JSON.stringify(counts.by_status)}; enquiry ${counts.enquiry_size}, enquiry_item ${counts.item_size}, enquiry_supplier ` +
    `${counts.supplier_size}, enquiry_quote ${counts.quote_size}, database ${counts.db_size}.`,
  genTable,
];
if (compare) {
  parts.push(
    `Comparison ${compare.id}: ${compare.lines} lines, ${fmt(compare.quotes)} quotes (${fmt(compare.ladders)} with a 3-step ladder); ` +
      `answer ${kib(compare.sizes.identity)} KiB as JSON, ${compare.sizes.gzip ? `${kib(compare.sizes.gzip)} KiB gzip` : 'not gzipped'}, ` +
      `${compare.sizes.br ? `${kib(compare.sizes.br)} KiB br` : 'not brotli'} as the server sends it.`,
    table(
      [
        'GET findComparison (500 × 20, ladders)',
        'calls',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'errors',
        'server RSS peak',
      ],
      [
        [
          'connections=1, sequential (identity)',
          compare.sequential.n,
          '—',
          ms(compare.sequential.p50),
          ms(compare.sequential.p95),
          ms(compare.sequential.p99),
          ms(compare.sequential.max),
          0,
          '—',
        ],
        [
          'connections=1, sequential (Accept-Encoding br)',
          compare.sequentialBr.n,
          '—',
          ms(compare.sequentialBr.p50),
          ms(compare.sequentialBr.p95),
          ms(compare.sequentialBr.p99),
          ms(compare.sequentialBr.max),
          0,
          '—',
        ],
        ...compare.loads.map((l) => [
          compareAmount
            ? `autocannon ${l.connections} connections, ${compareAmount} calls each (${secs(l.wallMs)})`
            : `autocannon ${l.connections} connections, ${compareDuration} s`,
          fmt(l.requests),
          l.rps < 10 ? l.rps.toFixed(1) : fmt(l.rps),
          ms(l.p50),
          ms(l.p95),
          ms(l.p99),
          ms(l.max),
          `${l.errors} / ${l.non2xx} non-2xx`,
          `${mib(l.rssPeak)} MiB`,
        ]),
        [
          'service function in process (no HTTP, no serialization)',
          compare.inProcess.n,
          '—',
          ms(compare.inProcess.p50),
          ms(compare.inProcess.p95),
          ms(compare.inProcess.p99),
          ms(compare.inProcess.max),
          0,
          '—',
        ],
        [
          `its ${compare.statements.length} SQL statements bare, one after the other`,
          compare.bareSql.n,
          '—',
          ms(compare.bareSql.p50),
          ms(compare.bareSql.p95),
          ms(compare.bareSql.p99),
          ms(compare.bareSql.max),
          0,
          '—',
        ],
      ],
    ),
    table(
      ['statement', 'values', 'rows', 'bare p50 ms', 'plan + exec ms', 'plan'],
      compare.statements.map((s) => [
        `\`${s.sql.replace(/\|/g, '\\|').replace(/\s+/g, ' ')}\``,
        s.values,
        fmt(s.rows),
        ms(s.bare.p50),
        `${s.plan.planningMs} + ${s.plan.executionMs}`,
        s.plan.plan,
      ]),
    ),
  );
}
if (web) {
  const k = (v) => `${kib(v)} KiB`;
  parts.push(
    table(
      [
        '/rfq/ comparison page (#/v2/detail)',
        'files',
        'br (as sent, + headers)',
        'gzip (as sent, + headers)',
        'raw',
        'predicted (budget-check: br-4 + headers)',
      ],
      [
        [
          'JS: index.html scripts + modulepreloads + static imports',
          web.jsEager.files,
          k(web.jsEager.br),
          k(web.jsEager.gzip),
          k(web.jsEager.raw),
          k(web.jsEager.predicted),
        ],
        [
          'JS: + lazy detail route (EnquiryDetail and what it preloads)',
          web.jsDetail.files,
          k(web.jsDetail.br),
          k(web.jsDetail.gzip),
          k(web.jsDetail.raw),
          k(web.jsDetail.predicted),
        ],
        [
          '**JS, comparison page, cold**',
          web.js.files,
          `**${k(web.js.br)}**`,
          k(web.js.gzip),
          k(web.js.raw),
          k(web.js.predicted),
        ],
        [
          'JS not already loaded by the settled home portal (opened from the shell)',
          web.jsOwn.files,
          k(web.jsOwn.br),
          k(web.jsOwn.gzip),
          k(web.jsOwn.raw),
          k(web.jsOwn.predicted),
        ],
        [
          'everything (HTML, JS, CSS), cold',
          web.total.files,
          k(web.total.br),
          k(web.total.gzip),
          k(web.total.raw),
          k(web.total.predicted),
        ],
      ],
    ),
    table(
      ['biggest JS files of the page (br as sent + headers)', 'source', 'loaded by', 'br', 'raw'],
      web.files
        .filter((f) => isJs(f.file))
        .sort((a, b) => b.br.body - a.br.body)
        .slice(0, 10)
        .map((f) => [
          f.file,
          f.source ?? '',
          `${f.eager ? 'index.html' : 'detail route'}${f.shell ? ', shell too' : ''}`,
          k(f.br.body + f.br.head),
          k(f.raw),
        ]),
    ),
  );
}
if (results.length) {
  parts.push(
    table(
      [
        'target',
        'total',
        'req/s',
        'p50 ms',
        'p99 ms',
        'bare pg req/s',
        'bare p50 ms',
        'bare p99 ms',
        'ratio',
        'one caller: API / bare p50 ms',
      ],
      results.map((r) => [
        r.name,
        `${fmt(r.total)}${r.totalExact ? '' : ' ≈'}`,
        r.api.requests < duration
          ? `${r.api.requests} in ${duration} s (${r.api.errors} timeouts/errors)`
          : fmt(r.api.rps),
        ms(r.api.p50),
        `${ms(r.api.p99)}${r.api.p99 > 50 ? ' ✖' : ''}`,
        fmt(r.bare.rps),
        ms(r.bare.p50),
        ms(r.bare.p99),
        `${Math.round(r.ratio * 100)}%${r.ratio < 0.6 ? ' ✖' : ''}`,
        `${ms(r.single.p50)} / ${ms(r.single.bareP50)}`,
      ]),
    ),
    table(
      ['target', 'page: plan + exec ms', 'page plan', 'count: plan + exec ms', 'count plan'],
      results.map((r) => [
        r.name,
        `${r.explain.page.planningMs} + ${r.explain.page.executionMs}`,
        `${r.explain.page.plan}${r.explain.page.bad ? ' ✖' : ''}`,
        `${r.explain.count.planningMs} + ${r.explain.count.executionMs}`,
        r.explain.count.plan,
      ]),
    ),
  );
}
if (compareBursts) {
  parts.push(
    table(
      [
        'GET findComparison first page, bursts (all calls at once, no retry)',
        'buyers a burst',
        'calls',
        'answered 200',
        "refused '429'",
        'other',
        '200 p50 / p95 / max ms',
      ],
      compareBursts.map((b) => [
        b.limit,
        b.connections,
        `${b.bursts} × ${b.connections}`,
        `${fmt(b.answered)} (${((100 * b.answered) / b.calls).toFixed(0)} %)`,
        fmt(b.refused),
        b.other,
        `${ms(b.answeredMs.p50)} / ${ms(b.answeredMs.p95)} / ${ms(b.answeredMs.max)}`,
      ]),
    ),
  );
}
if (compareLoadOnly) {
  parts.push(
    table(
      [
        `GET findComparison first page, autocannon ${compareDuration} s`,
        'connections',
        'calls',
        'answered 200',
        "refused '429'",
        'other / errors',
        '200 per s',
        '200 p50 / p99 ms',
        '429 p50 ms',
        'server RSS peak',
        'settled after',
      ],
      compareLoadOnly.map((l) => [
        l.limit,
        l.connections,
        fmt(l.calls),
        `${fmt(l.answered)} (${l.calls ? ((100 * l.answered) / l.calls).toFixed(0) : 0} %)`,
        fmt(l.refused),
        `${l.other} / ${l.errors}`,
        l.answeredPerSecond.toFixed(1),
        `${ms(l.answeredMs.p50)} / ${ms(l.answeredMs.p99)}`,
        ms(l.refusedMs.p50),
        `${mib(l.rssPeak)} MiB`,
        `${fmt(l.settledMs)} ms`,
      ]),
    ),
  );
}
const md = `${parts.join('\n\n')}\n`;
const file = writeResult('sourcing', {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: { ...machine(), pgVersion: db.pgVersion, pgSettings: db.pgSettings },
  options: {
    rfqs: RFQS,
    lines: LINES,
    share: SHARE,
    duration,
    warmup,
    connections,
    samples,
    compareDuration,
    compareAmount,
  },
  loadAt,
  generation: { startMs, ...steps },
  counts,
  compare,
  compareLoadOnly,
  compareBursts,
  web: web && { ...web, files: web.files },
  results,
});
writeFileSync(file.replace(/\.json$/, '.md'), md);
console.log(md);
log(`\nwrote ${file} (and .md)`);
process.exit(0);
