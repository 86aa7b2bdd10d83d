// Purchase-order lists at scale (issue #5): `node bench/orders/run.mjs [--orders=1000000] [--duration=8]`
//
// 1. Creates a fresh PostgreSQL database (srm_bench_orders), starts the real server once against it
//    (migrations + demo seed), then generates with set-based SQL: 1,000 supplier companies (the seeded
//    200001 and 200002 among them), N purchase orders for buyer 100000 over two years (~70% sent, order
//    status 1–5; the rest drafts / approvals) and 5 lines per order; ANALYZE. Each step is timed.
// 2. Logs in as 100000/admin and 200001/admin and measures with autocannon (32 connections) the buyer
//    and supplier findPageList: first page, a deep page, filtered pages. Next to each, the same SQL the
//    server runs (listOrders: page query + count(*), same WHERE / ORDER BY / LIMIT / OFFSET) bare through
//    `pg` with 32 concurrent clients for the same duration; ratio of the two. EXPLAIN (ANALYZE, BUFFERS)
//    of both queries once per target.
// 3. Writes bench/results/orders-*.json and .md (gitignored) and prints the markdown tables.
// 4. Stops the server and drops the database (also on failure / Ctrl-C).
// Everything runs on 127.0.0.1. Options: --orders=N --items=5 --duration=8 --warmup=2 --connections=32
// --port=18180 --db=srm_bench_orders --pg=postgres://postgres@127.0.0.1:5432/postgres (the administrator that
// creates the database; it is owned by srm_ci when that role exists, else by that user) --keep-db
// --reuse-db (measure again on a kept database, generating nothing; implies --keep-db)
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import {
  arg,
  bareLoop,
  benchDatabase,
  cannon,
  fmt,
  gitCommit,
  log,
  login,
  machine,
  planSummary,
  reportHeader,
  secs,
  startServer,
  table,
  tempDir,
  timed,
  writeResult,
} from '../lib.mjs';

const ORDERS = Number(arg('orders', 1_000_000));
const ITEMS = Number(arg('items', 5));
const SUPPLIERS = 1000;
const CHUNK = 100_000;
const duration = Number(arg('duration', 8));
const warmup = Number(arg('warmup', 2));
const connections = Number(arg('connections', 32));
const port = Number(arg('port', 18180));
const reuseDb = arg('reuse-db', 'false') === 'true';
const keepDb = reuseDb || arg('keep-db', 'false') === 'true';
const BUYER = '100000';

// ---------------------------------------------------------------- cleanup (also on failure / Ctrl-C)
const dataDir = tempDir('orders'); // unused by the server with DATABASE_URL, but startServer wants one
let server = null;
// --reuse-db: measure again on a database a previous --keep-db run generated (no drop, no generation).
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_orders'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
  reuse: reuseDb,
  keep: keepDb,
});
const { pgVersion, pgSettings, reused: reuse } = db;
const DB_URL = db.url;
const dropDbSync = db.drop;
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  dropDbSync();
  rmSync(dataDir, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
log(`database ${DB_URL} ${reuse ? 'reused' : 'created'} (PostgreSQL ${pgVersion}, owner ${db.role})`);

// ---------------------------------------------------------------- 1. database, server, data
const tStart = performance.now();
server = await startServer({
  port,
  dataDir,
  timeoutMs: 180_000,
  env: {
    DATABASE_URL: DB_URL,
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
let stopping = false;

const gen = new pg.Client({ connectionString: DB_URL });
await gen.connect();
await gen.query('SET synchronous_commit = off');
const seeded = reuse
  ? (await gen.query(`select count(*)::int as n from purchase_order where order_number !~ '^PO[0-9]{13}$'`))
      .rows[0].n
  : (await gen.query('select count(*)::int as n from purchase_order')).rows[0].n;
const steps = {};
if (!reuse) {
  log(`generating ${fmt(SUPPLIERS)} suppliers, ${fmt(ORDERS)} orders, ${fmt(ORDERS * ITEMS)} lines …`);
  // Suppliers: the seeded 200001 and 200002 plus 998 generated companies 300001…300998, all related to
  // the buyer. (Only 200001 logs in, so no sale-station subaccounts are made for the others.)
  steps.suppliers = (
    await timed('suppliers (company + account_relation)', async () => {
      await gen.query(
        `INSERT INTO company (els_account, company_name, company_short_name)
         SELECT (300000 + g)::text, '基准供应商 ' || (300000 + g) || ' 有限公司', '供应商' || g
         FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
        [SUPPLIERS - 2],
      );
      await gen.query(
        `INSERT INTO account_relation (els_account, to_els_account)
         SELECT $1, els_account FROM company WHERE els_account IN ('200001','200002') OR els_account::int > 300000
         ON CONFLICT DO NOTHING`,
        [BUYER],
      );
    })
  ).ms;

  // Orders i = 1…N, created in time order over the last 730 days (as a live system would insert them).
  // Supplier share: 200001 5%, 200002 2%, the other 998 evenly. h(i, salt) is a deterministic 0…99 draw.
  // Status mix: 70% sent (audit 2, send 1, order status 1 25% / 2 15% / 3 45% / 4 5% / 5 10%),
  // 10% drafts, 8% under approval, 10% approved not sent, 2% rejected.
  const ORDER_SQL = `
  WITH src AS (
    SELECT i,
           abs(hashint4(i)) % 100 AS u,
           abs(hashint4(i # 977)) % 100 AS v,
           abs(hashint4(i # 31337)) AS w,
           now() - make_interval(secs => (($2::int - i)::float8 * 730 * 86400 / $2::int)) AS created
    FROM generate_series($1::int, $3::int) i
  ), s AS (
    SELECT src.*,
           CASE WHEN w % 100 < 5 THEN '200001' WHEN w % 100 < 7 THEN '200002'
                ELSE (300001 + (w / 100) % 998)::text END AS sup
    FROM src
  )
  INSERT INTO purchase_order (id, els_account, to_els_account, supplier_name, order_number, order_type,
    order_date, currency, purchase_organization, purchase_group, audit_status, send_status, send_time,
    order_status, total_amount_excluding_tax, total_tax_amount, total_amount, total_amount_local,
    create_user, create_date, last_update_user, last_update_date)
  SELECT md5('bench-order-' || i)::uuid, '${BUYER}', sup, c.company_name,
         'PO' || to_char(created, 'YYYYMM') || lpad(i::text, 7, '0'), (v % 2)::text,
         created::date, 'CNY', '1000', 'G0' || (v % 5),
         CASE WHEN u < 70 THEN '2' WHEN u < 80 THEN '0' WHEN u < 88 THEN '1' WHEN u < 98 THEN '2' ELSE '3' END,
         CASE WHEN u < 70 THEN '1' ELSE '0' END,
         CASE WHEN u < 70 THEN created + make_interval(mins => 30 + v * 7) END,
         CASE WHEN u >= 70 THEN '0' WHEN v < 25 THEN '1' WHEN v < 40 THEN '2' WHEN v < 85 THEN '3'
              WHEN v < 90 THEN '4' ELSE '5' END,
         round((w % 1000000) / 10.0, 2), round((w % 1000000) / 10.0 * 0.13, 2),
         round((w % 1000000) / 10.0 * 1.13, 2), round((w % 1000000) / 10.0 * 1.13, 2),
         '${BUYER}_admin', created, '${BUYER}_admin', created + make_interval(mins => 30 + v * 7)
  FROM s JOIN company c ON c.els_account = s.sup`;
  const ITEM_SQL = `
  INSERT INTO purchase_order_item (order_id, els_account, to_els_account, item_number, material_number,
    material_desc, unit, quantity, price_excluding_tax, tax_rate, price_including_tax, line_amount,
    delivery_date, item_status)
  SELECT o.id, o.els_account, o.to_els_account, n, 'M' || lpad((abs(hashint4(i * 7 + n)) % 5000)::text, 6, '0'),
         '物料 ' || (abs(hashint4(i * 7 + n)) % 5000), 'PCS', q, p, 13, round(p * 1.13, 6), round(q * p, 2),
         o.order_date + 14 + n, CASE WHEN o.order_status IN ('3','5') THEN '1' ELSE '0' END
  FROM generate_series($1::int, $2::int) i
  JOIN purchase_order o ON o.id = md5('bench-order-' || i)::uuid
  CROSS JOIN generate_series(1, $3::int) n
  CROSS JOIN LATERAL (SELECT (1 + abs(hashint4(i + n)) % 500)::numeric AS q,
                             round((1 + abs(hashint4(i - n)) % 100000) / 100.0, 6) AS p) x`;

  steps.orders = 0;
  steps.items = 0;
  for (let from = 1; from <= ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK - 1);
    const a = await timed(`orders ${fmt(from)}–${fmt(to)}`, () => gen.query(ORDER_SQL, [from, ORDERS, to]));
    steps.orders += a.ms;
    const b = await timed(`  lines of orders ${fmt(from)}–${fmt(to)} (${fmt((to - from + 1) * ITEMS)})`, () =>
      gen.query(ITEM_SQL, [from, to, ITEMS]),
    );
    steps.items += b.ms;
  }
  // VACUUM as autovacuum would after a bulk load: sets the visibility map the capped counts' index-only scans use.
  steps.analyze = (await timed('VACUUM ANALYZE', () => gen.query('VACUUM ANALYZE'))).ms;
}
const counts = (
  await gen.query(`select
    (select count(*)::int from purchase_order) as orders,
    (select count(*)::int from purchase_order_item) as items,
    (select count(*)::int from company) as companies,
    (select count(*)::int from purchase_order where to_els_account = '200001' and send_status = '1') as sent200001,
    (select count(*)::int from purchase_order where to_els_account = '200001' and send_status = '1' and order_status = '2') as s200001status2,
    pg_size_pretty(pg_total_relation_size('purchase_order')) as order_size,
    pg_size_pretty(pg_total_relation_size('purchase_order_item')) as item_size,
    pg_size_pretty(pg_database_size(current_database())) as db_size`)
).rows[0];
await gen.end();
log(
  `data: ${fmt(counts.orders)} orders (${seeded} from the demo seed), ${fmt(counts.items)} lines, ${counts.companies} companies; ` +
    `200001 sees ${fmt(counts.sent200001)} sent orders; sizes ${counts.order_size} / ${counts.item_size}, database ${counts.db_size}`,
);

// ---------------------------------------------------------------- 2. the targets
const buyerToken = await login(server.url, {
  elsAccount: BUYER,
  elsSubAccount: 'admin',
  password: 'Demo@2026',
});
const supplierToken = await login(server.url, {
  elsAccount: '200001',
  elsSubAccount: 'admin',
  password: 'Demo@2026',
});
// Deep pages: the deepest page numbers reach (OFFSET 9,980 at 20 per page) and, past the window, the
// keyset cursor at the middle of each list (its key is read once below, encoded as the server does).
const WINDOW_PAGE = 10_000 / 20;
const monthAgo = new Date(Date.now() - 400 * 86400_000);
const dFrom = monthAgo.toISOString().slice(0, 10);
const dTo = new Date(monthAgo.getTime() + 30 * 86400_000).toISOString().slice(0, 10);
const numberProbe = `PO${dFrom.slice(0, 4)}${dFrom.slice(5, 7)}`; // one month's orders (~1/24), a prefix
const targets = [
  { name: 'buyer, first page', side: 'purchase', body: { currentPage: 1, pageSize: 20 } },
  {
    name: `buyer, page ${WINDOW_PAGE} (OFFSET 9,980)`,
    side: 'purchase',
    body: { currentPage: WINDOW_PAGE, pageSize: 20 },
  },
  {
    name: 'buyer, cursor at the middle',
    side: 'purchase',
    cursorAt: 0.5,
    body: { currentPage: 1, pageSize: 20 },
  },
  {
    name: `buyer, orderNumber prefix "${numberProbe}"`,
    side: 'purchase',
    body: { currentPage: 1, pageSize: 20, orderNumber: numberProbe },
  },
  {
    name: 'buyer, orderDate one month + orderStatus 3',
    side: 'purchase',
    body: { currentPage: 1, pageSize: 20, orderDateFrom: dFrom, orderDateTo: dTo, orderStatus: '3' },
  },
  {
    name: 'buyer, toElsAccount 200001',
    side: 'purchase',
    body: { currentPage: 1, pageSize: 20, toElsAccount: '200001' },
  },
  { name: 'supplier 200001, first page', side: 'sale', body: { currentPage: 1, pageSize: 20 } },
  {
    name: `supplier 200001, page ${WINDOW_PAGE} (OFFSET 9,980)`,
    side: 'sale',
    body: { currentPage: WINDOW_PAGE, pageSize: 20 },
  },
  {
    name: 'supplier 200001, cursor at the middle',
    side: 'sale',
    cursorAt: 0.5,
    body: { currentPage: 1, pageSize: 20 },
  },
  {
    name: 'supplier 200001, orderStatus 2',
    side: 'sale',
    body: { currentPage: 1, pageSize: 20, orderStatus: '2' },
  },
];

// The SQL listOrders() (apps/server/src/modules/order/list-query.ts) sends through drizzle
// (node-postgres, unnamed parameterised statements): the page (each row rendered as the answer's JSON
// by PostgreSQL — the server's own lateral row of fields, loaded from list-query.ts — plus the row's
// keyset key as JSON text, ORDER BY the list's index columns, LIMIT/OFFSET or a keyset condition), the capped
// count (`select count(*) from (select 1 … limit 1001)`) and, when that reaches 1,001, the planner's
// estimate (EXPLAIN). The server caches the estimate for 10 s; the bare loop runs all three every time.
const { rowJsonLateral, JSON_ROW_COLUMNS } = await tsImport(
  '../../apps/server/src/modules/order/list-query.ts',
  import.meta.url,
);
const EXACT_COUNT_LIMIT = 1000;
const col = (c) => `"purchase_order"."${c}"`;
const SORTS = {
  date: { columns: ['order_date', 'create_date', 'id'], casts: ['date', 'timestamptz', 'uuid'] },
  sent: { columns: ['send_time', 'id'], casts: ['timestamptz', 'uuid'] },
  number: { columns: ['order_number', 'id'], casts: ['text', 'uuid'] },
};
const sortExpr = (kind, c) => (kind === 'number' && c === 'order_number' ? `${col(c)} collate "C"` : col(c));
const sortKindOf = (side, f) => (f.orderNumber ? 'number' : side === 'purchase' ? 'date' : 'sent');
/** The cursor the server would issue for a row key (list-query.ts encodeCursor). */
const encodeCursor = (kind, key) => Buffer.from(JSON.stringify({ s: kind, k: key })).toString('base64url');

function listSql(side, account, f) {
  const where = [];
  const params = [];
  const p = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (side === 'purchase') where.push(`${col('els_account')} = ${p(account)}`);
  else where.push(`${col('to_els_account')} = ${p(account)}`, `${col('send_status')} = ${p('1')}`);
  if (f.orderNumber)
    where.push(
      `${col('order_number')} collate "C" like ${p(`${f.orderNumber.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`,
    );
  if (f.toElsAccount && side === 'purchase') where.push(`${col('to_els_account')} = ${p(f.toElsAccount)}`);
  if (f.auditStatus) where.push(`${col('audit_status')} = ${p(f.auditStatus)}`);
  if (f.orderStatus) where.push(`${col('order_status')} = ${p(f.orderStatus)}`);
  if (f.sendStatus && side === 'purchase') where.push(`${col('send_status')} = ${p(f.sendStatus)}`);
  if (f.orderDateFrom) where.push(`${col('order_date')} >= ${p(f.orderDateFrom)}`);
  if (f.orderDateTo) where.push(`${col('order_date')} <= ${p(f.orderDateTo)}`);
  const cond = `(${where.join(' and ')})`;
  const countParams = [...params];
  const kind = sortKindOf(side, f);
  const sort = SORTS[kind];
  let pageCond = cond;
  if (f.key) {
    const values = f.key.map((k, i) =>
      sort.casts[i] === 'text' ? `${p(k)} collate "C"` : `${p(k)}::${sort.casts[i]}`,
    );
    pageCond = `(${cond} and (${sort.columns.map((c) => sortExpr(kind, c)).join(', ')}) < (${values.join(', ')}))`;
  }
  const keyText = sort.columns.map((c) => (c === 'order_number' ? col(c) : `${col(c)}::text`)).join(', ');
  const orderBy = `order by ${sort.columns.map((c) => `${sortExpr(kind, c)} desc`).join(', ')}`;
  const offset = f.key ? 0 : (f.currentPage - 1) * f.pageSize;
  // The page's rows (z), each written by row_to_json over the lateral row of the answer's fields; a page
  // number past the first reads its ids first (index-only): list-query.ts buildShape.
  const rowsOfPage =
    offset > 0
      ? `where "purchase_order"."id" in (select "purchase_order"."id" from "purchase_order" where ${pageCond} ${orderBy} limit ${p(f.pageSize)} offset ${p(offset)}) ${orderBy}`
      : `where ${pageCond} ${orderBy} limit ${p(f.pageSize)} offset ${p(offset)}`;
  const z = `select ${JSON_ROW_COLUMNS.map((c) => col(c)).join(', ')}, json_build_array(${keyText})::text as key from "purchase_order" ${rowsOfPage}`;
  const zOrder = sort.columns
    .map((c) => `"z"."${c}"${kind === 'number' && c === 'order_number' ? ' collate "C"' : ''} desc`)
    .join(', ');
  const page = {
    text: `select row_to_json(y)::text as json, "z"."key", nullif("z"."custom_fields", '{}'::jsonb) as cf from (${z}) "z" cross join lateral ${rowJsonLateral('z')} order by ${zOrder}`,
    values: params,
  };
  const countQ = {
    text: `select count(*) from (select 1 from "purchase_order" where ${cond} limit ${EXACT_COUNT_LIMIT + 1}) as capped`,
    values: countParams,
  };
  const estimate = {
    text: `explain (format json) select 1 from "purchase_order" where ${cond}`,
    values: countParams,
  };
  return { page, count: countQ, estimate };
}

const pool = new pg.Pool({ connectionString: DB_URL, max: connections });
const results = [];
for (const t of targets) {
  const token = t.side === 'purchase' ? buyerToken : supplierToken;
  const account = t.side === 'purchase' ? BUYER : '200001';
  const headers = { token, account: `${account}_admin` };
  const url = `${server.url}/apis/order/${t.side === 'purchase' ? 'PurchaseOrderService' : 'SaleOrderService'}/findPageList`;
  log(`\n${t.name}`);
  if (t.cursorAt) {
    // The key of the row at that depth, read once the slow way (OFFSET), then sent as the server's cursor.
    const kind = sortKindOf(t.side, t.body);
    const probe = listSql(t.side, account, { ...t.body, pageSize: 1 });
    const [{ n }] = (
      await pool.query(
        probe.count.text.replace(/ limit \d+\) as capped$/, ') as all_rows'),
        probe.count.values,
      )
    ).rows.map((r) => ({ n: Number(r.count) }));
    const at = Math.floor(n * t.cursorAt);
    // The row at that depth: a one-row page numbered at + 1.
    const keyRow = await pool.query(
      listSql(t.side, account, { ...t.body, pageSize: 1, currentPage: at + 1 }).page,
    );
    const key = JSON.parse(keyRow.rows[0].key);
    t.body = { ...t.body, cursor: encodeCursor(kind, key) };
    t.key = key;
    t.name = `${t.name} (row ${fmt(at)} of ${fmt(n)})`;
    log(`  cursor at row ${fmt(at)}: key ${JSON.stringify(key)}`);
  }
  // check the answer once
  const check = await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(t.body),
    })
  ).json();
  if (check.code !== '200') throw new Error(`${t.name}: ${JSON.stringify(check).slice(0, 300)}`);
  const total = check.data.total;
  const rows = check.data.records.length;
  log(`  answer: total ${fmt(total)}${check.data.totalExact ? '' : ' (estimate)'}, ${rows} records`);

  const q = listSql(t.side, account, { ...t.body, key: t.key });
  const bareCheck = (await pool.query(q.page)).rows.map((r) => JSON.parse(r.json));
  // The server appends a row's custom fields (fbkN) from the custom_fields column the page also reads;
  // the bare loop reads that column but does not merge it (the demo orders have some).
  const withoutCustom = (row) => Object.fromEntries(Object.entries(row).filter(([k]) => !/^fbk\d+$/.test(k)));
  if (JSON.stringify(bareCheck) !== JSON.stringify(check.data.records.map(withoutCustom)))
    throw new Error(
      `${t.name}: the bare SQL answers other rows than the API — the bench no longer mirrors listOrders`,
    );
  const explain = {};
  for (const k of ['page', 'count']) {
    const r = await pool.query({
      text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q[k].text}`,
      values: q[k].values,
    });
    explain[k] = planSummary(r.rows[0]['QUERY PLAN']);
    log(
      `  EXPLAIN ${k}: plan ${explain[k].planningMs} ms + exec ${explain[k].executionMs} ms; ${explain[k].plan}`,
    );
  }
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

  const loop = { connections, countLimit: EXACT_COUNT_LIMIT };
  await bareLoop(q, warmup, pool, loop);
  const b = await bareLoop(q, duration, pool, loop);
  log(
    `  bare pg: ${fmt(b.rps)} req/s, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms (${b.errors} errors)`,
  );
  results.push({ ...t, total, rows, sql: q, explain, api, bare: b, ratio: api.rps / b.rps });
}
await pool.end();

// ---------------------------------------------------------------- 3. report
const serverRssMiB = (() => {
  try {
    return Math.round(
      Number(/VmRSS:\s+(\d+)/.exec(spawnSync('cat', [`/proc/${server.child.pid}/status`]).stdout)[1]) / 1024,
    );
  } catch {
    return null;
  }
})();
stopping = true;
await server.stop();
dropDbSync();

const m = machine();
const ms = (v) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : fmt(v)) : '—');
const mainTable = table(
  ['target', 'total', 'req/s', 'p50 ms', 'p99 ms', 'bare pg req/s', 'bare p99 ms', 'ratio'],
  results.map((r) => [
    r.name,
    fmt(r.total),
    r.api.requests < duration
      ? `${r.api.requests} in ${duration} s (${r.api.errors} timeouts/errors)`
      : fmt(r.api.rps),
    ms(r.api.p50),
    `${ms(r.api.p99)}${r.api.p99 > 50 ? ' ✖' : ''}`,
    fmt(r.bare.rps),
    ms(r.bare.p99),
    `${Math.round(r.ratio * 100)}%${r.ratio < 0.6 ? ' ✖' : ''}`,
  ]),
);
const planTable = table(
  ['target', 'page query: plan + exec ms', 'page plan', 'count: plan + exec ms', 'count plan'],
  results.map((r) => [
    r.name,
    `${r.explain.page.planningMs} + ${r.explain.page.executionMs}`,
    r.explain.page.plan,
    `${r.explain.count.planningMs} + ${r.explain.count.executionMs}`,
    r.explain.count.plan,
  ]),
);
const genTable = table(
  ['step', 'time'],
  [
    ['server start: migrations + demo seed (spawn → first 200)', secs(startMs)],
    ...(reuse
      ? [['data generation', 'reused database (--reuse-db)']]
      : [
          [`${fmt(SUPPLIERS)} suppliers (company + account_relation)`, secs(steps.suppliers)],
          [`${fmt(ORDERS)} purchase_order rows (chunks of ${fmt(CHUNK)})`, secs(steps.orders)],
          [`${fmt(ORDERS * ITEMS)} purchase_order_item rows`, secs(steps.items)],
          ['VACUUM ANALYZE', secs(steps.analyze)],
        ]),
  ],
);
const header =
  `${reportHeader(db)}\n` +
  `Dataset: ${fmt(counts.orders)} orders (buyer ${BUYER}; ${seeded} from the demo seed), ${fmt(counts.items)} lines, ` +
  `${counts.companies} companies; 200001 sees ${fmt(counts.sent200001)} sent orders; purchase_order ${counts.order_size}, ` +
  `purchase_order_item ${counts.item_size}. autocannon ${connections} connections, ${duration} s after ${warmup} s warm-up; ` +
  `bare pg ${connections} clients, same durations.`;
const md = `${header}\n\n${genTable}\n\n${mainTable}\n\n${planTable}\n`;
const file = writeResult('orders', {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: { ...m, pgVersion, pgSettings },
  options: { orders: ORDERS, items: ITEMS, suppliers: SUPPLIERS, duration, warmup, connections },
  generation: { startMs, ...steps },
  counts,
  serverRssMiB,
  results,
});
writeFileSync(file.replace(/\.json$/, '.md'), md);
console.log(md);
log(`\nwrote ${file} (and .md)`);
process.exit(0);
