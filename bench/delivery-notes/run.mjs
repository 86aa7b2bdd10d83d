// Delivery-notice lists at scale (issue #12): `node bench/delivery-notes/run.mjs [--notes=1000000] [--duration=8]`
//
// 1. Creates a fresh PostgreSQL database (srm_bench_delivery_notes), starts the real server once against it
//    (migrations + demo seed), then generates with set-based SQL (generate_series): 3 buyers (the seeded
//    100000 with 80% of the notices, 100101, 100102), 50 suppliers (the seeded 200001 10%, 200002 5%, and
//    300001…300048), 4 open orders of 5 lines per buyer and supplier (the notices' lines point at them),
//    N delivery notices over two years in time order (both note types and every status 0–6) with 2 lines
//    each; VACUUM ANALYZE. Each step is timed.
// 2. Logs in as 100000/admin and 200001/admin and measures with autocannon (32 connections) the kernel's
//    list route `/apis/order/{Purchase|Sale}DeliveryNoteService/findPageList` on both sides: first page, a
//    keyset page at the middle of the list (nextCursor), a noteStatus filter, a number prefix. The baseline,
//    in the same run: the very statements the kernel sends (captured from the kernel's list query through a
//    logging drizzle — page, capped count, planner estimate above 1,000) replayed bare through `pg` with 32
//    clients for the same time, page then count on one client (the server sends both at once on two of its
//    10 pooled connections); above 1,000 matches the estimate is reused for 10 s with no count, as the server
//    does; the ratio of the two. EXPLAIN (ANALYZE, BUFFERS) of page and count once per
//    target, flagged (✖) when a page is not an index range in its order (a seq scan, or a sort of > 1,000 rows).
// 3. Writes bench/results/delivery-notes-*.json and .md (gitignored) and prints the markdown tables.
// 4. Stops the server and drops the database (also on failure / Ctrl-C).
// Everything runs on 127.0.0.1. Options: --notes=N --lines=2 --duration=8 --warmup=2 --connections=32
// --port=18181 --db=srm_bench_delivery_notes --pg=postgres://postgres@127.0.0.1:5432/postgres (the
// administrator that creates the database; it is owned by srm_ci when that role exists, else by that user)
// --keep-db --reuse-db (measure again on a kept database, generating nothing; implies --keep-db)
import { rmSync, writeFileSync } from 'node:fs';
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

const NOTES = Number(arg('notes', 1_000_000));
const LINES = Number(arg('lines', 2));
const CHUNK = 100_000;
const duration = Number(arg('duration', 8));
const warmup = Number(arg('warmup', 2));
const connections = Number(arg('connections', 32));
const port = Number(arg('port', 18181));
const reuseDb = arg('reuse-db', 'false') === 'true';
const keepDb = reuseDb || arg('keep-db', 'false') === 'true';
if (!(LINES >= 1 && LINES <= 5)) throw new Error('--lines is 1…5 (the generated orders have 5 lines)');
const BUYER = '100000';
const SUPPLIER = '200001';
/** Pages of the list a target reads. */
const PAGE_SIZE = 20;

// ---------------------------------------------------------------- cleanup (also on failure / Ctrl-C)
const dataDir = tempDir('delivery-notes'); // unused by the server with DATABASE_URL, but startServer wants one
let server = null;
let stopping = false;
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_delivery_notes'),
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
const ORDERS_PER_PAIR = 4;
const PAIRS = 3 * 50;

const gen = new pg.Client({ connectionString: db.url });
await gen.connect();
await gen.query('SET synchronous_commit = off');
const seeded = (
  await gen.query(
    `select count(*)::int as n from delivery_note where delivery_note_number !~ '^DN[0-9]{13}$'`,
  )
).rows[0].n;
const steps = {};
if (!db.reused) {
  log(`generating ${fmt(NOTES)} delivery notices, ${fmt(NOTES * LINES)} lines …`);
  steps.parties = (
    await timed(
      'buyers, suppliers, their orders (company, account_relation, purchase_order, lines)',
      async () => {
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
        // Order k = pair × 4 + j, pair = b × 50 + s: sent, confirmed (status 3), 5 open lines of 1,000 PCS.
        await gen.query(
          `WITH k AS (SELECT k, k / ${ORDERS_PER_PAIR} / 50 AS b, (k / ${ORDERS_PER_PAIR}) % 50 AS s
                    FROM generate_series(0, ${PAIRS * ORDERS_PER_PAIR - 1}) k)
         INSERT INTO purchase_order (id, els_account, to_els_account, supplier_name, order_number, order_type,
           order_date, currency, purchase_organization, purchase_group, audit_status, send_status, send_time,
           order_status, total_amount_excluding_tax, total_tax_amount, total_amount, total_amount_local,
           create_user, create_date, last_update_user, last_update_date)
         SELECT md5('bench-dn-order-' || k)::uuid, ${buyerOf('b')}, ${supplierOf('s')},
                coalesce(c.company_name, ${supplierOf('s')}), 'PODN' || lpad(k::text, 6, '0'), '0',
                current_date - 800, 'CNY', '1000', 'G01', '2', '1', now() - interval '800 days', '3',
                1000, 130, 1130, 1130, ${buyerOf('b')} || '_admin', now() - interval '800 days',
                ${buyerOf('b')} || '_admin', now() - interval '800 days'
         FROM k LEFT JOIN company c ON c.els_account = ${supplierOf('s')}`,
        );
        await gen.query(
          `INSERT INTO purchase_order_item (id, order_id, els_account, to_els_account, item_number, material_number,
           material_desc, unit, quantity, price_excluding_tax, tax_rate, price_including_tax, line_amount,
           delivery_date, item_status)
         SELECT md5('bench-dn-item-' || k || '-' || n)::uuid, o.id, o.els_account, o.to_els_account, n * 10,
                'M' || lpad((k * 5 + n)::text, 6, '0'), '物料 ' || (k * 5 + n), 'PCS', 1000, 10, 13, 11.3, 10000,
                current_date - 700, '1'
         FROM generate_series(0, ${PAIRS * ORDERS_PER_PAIR - 1}) k
         JOIN purchase_order o ON o.id = md5('bench-dn-order-' || k)::uuid
         CROSS JOIN generate_series(1, 5) n`,
        );
      },
    )
  ).ms;

  // Notice i = 1…N, created in time order over the last 730 days. Deterministic draws 0…99 by hashint4:
  // buyer 100000 80% / 100101 10% / 100102 10%; supplier 200001 10%, 200002 5%, the 48 others evenly;
  // noteType 1 (sales-initiated) 80%, 2 (purchase-initiated requests) 20%; noteStatus 0 not sent 5%, then
  // 1 sent and 2 replied 3% each for requests (shipped for sales-initiated ones), 3 shipped 19%, 4 partial
  // receipt 10%, 5 fully received 50%, 6 cancelled 10%. Its lines point at the pair's orders.
  const SRC = `
    WITH src AS (
      SELECT i,
             abs(hashint4(i)) % 100 AS u,
             abs(hashint4(i # 977)) % 100 AS v,
             abs(hashint4(i # 31337)) AS w,
             abs(hashint4(i # 4242)) % 100 AS t,
             now() - make_interval(secs => (($2::int - i)::float8 * 730 * 86400 / $2::int)) AS created
      FROM generate_series($1::int, $3::int) i
    ), s AS (
      SELECT src.*,
             CASE WHEN v < 80 THEN 0 WHEN v < 90 THEN 1 ELSE 2 END AS b,
             CASE WHEN w % 100 < 10 THEN 0 WHEN w % 100 < 15 THEN 1 ELSE 2 + (w / 100) % 48 END AS sx,
             CASE WHEN t < 80 THEN '1' ELSE '2' END AS note_type
      FROM src
    ), n AS (
      SELECT s.*,
             CASE WHEN u < 5 THEN '0' WHEN u < 8 THEN (CASE note_type WHEN '2' THEN '1' ELSE '3' END)
                  WHEN u < 11 THEN (CASE note_type WHEN '2' THEN '2' ELSE '3' END)
                  WHEN u < 30 THEN '3' WHEN u < 40 THEN '4' WHEN u < 90 THEN '5' ELSE '6' END AS note_status,
             ((b * 50 + sx) * ${ORDERS_PER_PAIR} + i % ${ORDERS_PER_PAIR}) AS k
      FROM s
    )`;
  const NOTE_SQL = `${SRC}
    INSERT INTO delivery_note (id, els_account, to_els_account, create_user, create_date, last_update_user,
      last_update_date, delivery_note_number, note_type, note_status, send_status, supplier_name, buyer_name,
      note_date, transport_way, logistics_company, tracking_number, expected_arrival_date, received_address,
      total_quantity, send_time, confirm_date)
    SELECT md5('bench-dn-' || i)::uuid, ${buyerOf('b')}, ${supplierOf('sx')},
           CASE note_type WHEN '1' THEN ${supplierOf('sx')} ELSE ${buyerOf('b')} END || '_admin', created,
           CASE note_type WHEN '1' THEN ${supplierOf('sx')} ELSE ${buyerOf('b')} END || '_admin',
           created + make_interval(hours => 1 + u),
           'DN' || to_char(created, 'YYYYMM') || lpad(i::text, 7, '0'), note_type, note_status,
           CASE note_status WHEN '0' THEN '0' ELSE '1' END,
           coalesce(sc.company_name, ${supplierOf('sx')}), coalesce(bc.company_name, ${buyerOf('b')}),
           created::date, CASE WHEN note_status IN ('3','4','5','6') THEN (1 + v % 5)::text END,
           CASE WHEN note_status IN ('3','4','5','6') THEN '顺丰速运' END,
           CASE WHEN note_status IN ('3','4','5','6') THEN 'SF' || lpad(i::text, 10, '0') END,
           created::date + 3, '上海市浦东新区张江路 ' || (1 + v) || ' 号',
           (SELECT sum(1 + abs(hashint4(i * 7 + l)) % 200) FROM generate_series(1, ${LINES}) l),
           CASE WHEN note_status IN ('3','4','5') THEN created + make_interval(hours => 2 + u) END,
           CASE WHEN note_status IN ('4','5') THEN created + make_interval(days => 2 + u % 5) END
    FROM n
    LEFT JOIN company sc ON sc.els_account = ${supplierOf('sx')}
    LEFT JOIN company bc ON bc.els_account = ${buyerOf('b')}`;
  const LINE_SQL = `${SRC}
    INSERT INTO delivery_note_item (document_id, els_account, to_els_account, line_number, order_id,
      order_item_id, order_number, item_number, material_number, material_desc, unit, quantity, delivery_date,
      send_delivery_note_quantity, box_count, confirm_quantity)
    SELECT md5('bench-dn-' || i)::uuid, ${buyerOf('b')}, ${supplierOf('sx')}, l * 10,
           md5('bench-dn-order-' || k)::uuid, md5('bench-dn-item-' || k || '-' || l)::uuid,
           'PODN' || lpad(k::text, 6, '0'), l * 10, 'M' || lpad((k * 5 + l)::text, 6, '0'),
           '物料 ' || (k * 5 + l), 'PCS', 1000, current_date - 700, q, 1,
           CASE note_status WHEN '5' THEN q WHEN '4' THEN floor(q / 2) ELSE 0 END
    FROM n CROSS JOIN generate_series(1, ${LINES}) l
    CROSS JOIN LATERAL (SELECT (1 + abs(hashint4(i * 7 + l)) % 200)::numeric AS q) x`;

  steps.notes = 0;
  steps.lines = 0;
  for (let from = 1; from <= NOTES; from += CHUNK) {
    const to = Math.min(NOTES, from + CHUNK - 1);
    const a = await timed(`notices ${fmt(from)}–${fmt(to)}`, () => gen.query(NOTE_SQL, [from, NOTES, to]));
    steps.notes += a.ms;
    const b = await timed(`  their lines (${fmt((to - from + 1) * LINES)})`, () =>
      gen.query(LINE_SQL, [from, NOTES, to]),
    );
    steps.lines += b.ms;
  }
  // VACUUM as autovacuum would after a bulk load: sets the visibility map the capped counts' index-only scans use.
  steps.analyze = (await timed('VACUUM ANALYZE', () => gen.query('VACUUM ANALYZE'))).ms;
}
const counts = (
  await gen.query(
    `select
      (select count(*)::int from delivery_note) as notes,
      (select count(*)::int from delivery_note_item) as lines,
      (select count(*)::int from delivery_note where els_account = $1) as buyer_notes,
      (select count(*)::int from delivery_note where to_els_account = $2) as supplier_notes,
      (select json_object_agg(note_status, n order by note_status) from
        (select note_status, count(*)::int as n from delivery_note group by 1) x) as by_status,
      pg_size_pretty(pg_total_relation_size('delivery_note')) as note_size,
      pg_size_pretty(pg_total_relation_size('delivery_note_item')) as line_size,
      pg_size_pretty(pg_database_size(current_database())) as db_size`,
    [BUYER, SUPPLIER],
  )
).rows[0];
await gen.end();
log(
  `data: ${fmt(counts.notes)} notices (${seeded} from the demo seed), ${fmt(counts.lines)} lines; buyer ${BUYER} ` +
    `${fmt(counts.buyer_notes)}, supplier ${SUPPLIER} ${fmt(counts.supplier_notes)}; by status ${JSON.stringify(counts.by_status)}; ` +
    `sizes ${counts.note_size} / ${counts.line_size}, database ${counts.db_size}`,
);

// ---------------------------------------------------------------- 2. the targets
const tokens = {
  purchase: await login(server.url, { elsAccount: BUYER, elsSubAccount: 'admin', password: 'Demo@2026' }),
  sale: await login(server.url, { elsAccount: SUPPLIER, elsSubAccount: 'admin', password: 'Demo@2026' }),
};
const accountOf = { purchase: BUYER, sale: SUPPLIER };
const monthAgo = new Date(Date.now() - 400 * 86400_000);
const numberProbe = `DN${monthAgo.toISOString().slice(0, 4)}${monthAgo.toISOString().slice(5, 7)}`; // one month, ~1/24
const first = { currentPage: 1, pageSize: PAGE_SIZE };
const targets = [];
for (const side of ['purchase', 'sale']) {
  const who = side === 'purchase' ? `buyer ${BUYER}` : `supplier ${SUPPLIER}`;
  targets.push(
    { name: `${who}, first page`, side, body: first },
    { name: `${who}, cursor at the middle`, side, cursorAt: 0.5, body: first },
    { name: `${who}, noteStatus 4`, side, body: { ...first, noteStatus: '4' } },
    {
      name: `${who}, number prefix "${numberProbe}"`,
      side,
      body: { ...first, deliveryNoteNumber: numberProbe },
    },
  );
}

// The kernel's own list query (bench/lib.mjs kernelStatements captures what it sends).
const { deliveryNoteKind: kind } = await tsImport(
  '../../apps/server/src/modules/delivery-note/service.ts',
  import.meta.url,
);
const { EXACT_COUNT_LIMIT, ESTIMATE_TTL_MS } = await tsImport(
  '../../apps/server/src/platform/document/list-query.ts',
  import.meta.url,
);
const pool = new pg.Pool({ connectionString: db.url, max: connections });

const results = [];
for (const t of targets) {
  const route = `${t.side === 'purchase' ? 'Purchase' : 'Sale'}DeliveryNoteService/findPageList`;
  results.push(
    await measureListTarget(t, {
      autocannon,
      drizzle,
      pool,
      kind,
      url: `${server.url}/apis/order/${route}`,
      headers: { token: tokens[t.side], account: `${accountOf[t.side]}_admin` },
      account: accountOf[t.side],
      pageSize: PAGE_SIZE,
      countLimit: EXACT_COUNT_LIMIT,
      estimateTtlMs: ESTIMATE_TTL_MS,
      duration,
      warmup,
      connections,
    }),
  );
}
await pool.end();

// ---------------------------------------------------------------- 3. report
stopping = true;
await server.stop();
db.drop();

const { mainTable, planTable } = listReportTables(results, duration);
const genTable = table(
  ['step', 'time'],
  [
    ['server start: migrations + demo seed (spawn → first 200)', secs(startMs)],
    ...(db.reused
      ? [['data generation', 'reused database (--reuse-db)']]
      : [
          [
            `3 buyers, 50 suppliers, ${PAIRS * ORDERS_PER_PAIR} orders with 5 lines (what the notices' lines point at)`,
            secs(steps.parties),
          ],
          [`${fmt(NOTES)} delivery_note rows (chunks of ${fmt(CHUNK)})`, secs(steps.notes)],
          [`${fmt(NOTES * LINES)} delivery_note_item rows`, secs(steps.lines)],
          ['VACUUM ANALYZE', secs(steps.analyze)],
        ]),
  ],
);
const header =
  `${reportHeader(db)}\n` +
  `Dataset: ${fmt(counts.notes)} delivery notices (${seeded} from the demo seed), ${fmt(counts.lines)} lines; buyer ${BUYER} ` +
  `has ${fmt(counts.buyer_notes)}, supplier ${SUPPLIER} ${fmt(counts.supplier_notes)}; by noteStatus ${JSON.stringify(counts.by_status)}; ` +
  `delivery_note ${counts.note_size}, delivery_note_item ${counts.line_size}. autocannon ${connections} connections, ` +
  `${duration} s after ${warmup} s warm-up; bare pg ${connections} clients, same durations.`;
const md = `${header}\n\n${genTable}\n\n${mainTable}\n\n${planTable}\n`;
const file = writeResult('delivery-notes', {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: { ...machine(), pgVersion: db.pgVersion, pgSettings: db.pgSettings },
  options: { notes: NOTES, lines: LINES, duration, warmup, connections },
  generation: { startMs, ...steps },
  counts,
  results,
});
writeFileSync(file.replace(/\.json$/, '.md'), md);
console.log(md);
log(`\nwrote ${file} (and .md)`);
process.exit(0);
