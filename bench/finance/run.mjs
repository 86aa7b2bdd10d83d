// A reconciliation statement over 10,000 received lines (issue #15): `node bench/finance/run.mjs [--lines=10000]`
//
// 1. A fresh PostgreSQL database (srm_bench_finance); the real server (the bundle, as `npm start` runs it)
//    migrates and seeds the demo world against it; then set-based SQL copies one seeded, fully received
//    delivery notice of buyer 100000 to supplier 200001 into a new notice with N received lines (each on
//    the same order line, received quantity 1–50) — the lines a month of daily deliveries leaves open.
// 2. As 200001/admin through the API, one after the other, each timed, the server's RSS sampled every 50 ms:
//    `findReconcilable` (every open line with its figures), `save` of a statement naming all N sources (read
//    again, reserved with conditional updates, lines inserted in chunks), `findDetail` of it, `print` (PDF),
//    `cancel` after `send` (releases the N sources), and the same save once more. Baseline in the same run:
//    the candidate statement bare through `pg`.
// 3. Prints a markdown table, writes bench/results/finance-*.json; stops the server and drops the database.
// Options: --lines=N --port=18183 --db=srm_bench_finance --pg=postgres://postgres@127.0.0.1:5432/postgres --keep-db
import { rmSync } from 'node:fs';
import pg from 'pg';
import {
  arg,
  benchDatabase,
  encryptPassword,
  gitCommit,
  log,
  machine,
  mib,
  sampleRss,
  startServer,
  table,
  tempDir,
  writeResult,
} from '../lib.mjs';

const LINES = Number(arg('lines', 10_000));
const port = Number(arg('port', 18183));
const keepDb = arg('keep-db', 'false') === 'true';
const dataDir = tempDir('finance');
let server = null;
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_finance'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
  keep: keepDb,
});
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

server = await startServer({
  port,
  dataDir,
  env: { DATABASE_URL: db.url, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
});
log('server up');
const base = `http://127.0.0.1:${port}`;
const client = new pg.Client({ connectionString: db.url });
await client.connect();

// ---------------------------------------------------------------- data: one notice with N received lines
const t0 = performance.now();
await client.query('begin');
const note = await client.query(`
  insert into delivery_note
  select (jsonb_populate_record(null::delivery_note, to_jsonb(n) || jsonb_build_object(
    'id', gen_random_uuid(), 'delivery_note_number', 'DNBENCH000001', 'note_status', '5',
    'confirm_date', now(), 'version', 0))).*
  from delivery_note n
  where n.els_account = '100000' and n.to_els_account = '200001' and n.note_status in ('4', '5')
  order by n.delivery_note_number limit 1
  returning id`);
const noteId = note.rows[0].id;
await client.query(
  `insert into delivery_note_item
   select (jsonb_populate_record(null::delivery_note_item, to_jsonb(i) || jsonb_build_object(
     'id', gen_random_uuid(), 'document_id', $1::uuid, 'line_number', g * 10,
     'send_delivery_note_quantity', (g % 50) + 1, 'confirm_quantity', (g % 50) + 1,
     'return_quantity', 0, 'recon_quantity', 0))).*
   from (select * from delivery_note_item where document_id in (
           select id from delivery_note where els_account = '100000' and to_els_account = '200001'
             and note_status in ('4', '5') and id <> $1::uuid) limit 1) i,
        generate_series(1, $2::int) g`,
  [noteId, LINES],
);
await client.query('commit');
await client.query('vacuum analyze delivery_note_item');
const generationMs = performance.now() - t0;
log(`generated ${LINES} received lines in ${(generationMs / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- measure through the API
const loginRes = await fetch(`${base}/apis/ElsAuthService/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    elsAccount: '200001',
    elsSubAccount: 'admin',
    password: encryptPassword('Demo@2026'),
  }),
}).then((r) => r.json());
const headers = { 'content-type': 'application/json', token: loginRes.data.token, account: '200001_admin' };
const api = (path, body, method = 'POST') =>
  fetch(`${base}/apis/finance/SaleReconService/${path}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
const scope = { elsAccount: '100000', beginDate: '2000-01-01', endDate: '2099-12-31' };
const rows = [];
async function step(name, fn) {
  const sampler = sampleRss(server.child.pid, 50);
  const before = sampler.stop().last;
  const s2 = sampleRss(server.child.pid, 50);
  const t = performance.now();
  const out = await fn();
  const ms = performance.now() - t;
  const { peak } = s2.stop();
  rows.push({
    step: name,
    ms: Math.round(ms),
    rssBeforeMiB: Number(mib(before)),
    rssPeakMiB: Number(mib(peak)),
    ...out.info,
  });
  log(`${name}: ${Math.round(ms)} ms`);
  return out.value;
}
const json = async (res) => {
  const text = await res.text();
  const body = JSON.parse(text);
  if (body.code !== '200') throw new Error(`${res.url}: ${text.slice(0, 300)}`);
  return { body, bytes: text.length };
};

const candidates = await step('findReconcilable (all open lines)', async () => {
  const { body, bytes } = await json(await api('findReconcilable', scope));
  return {
    value: body.data.lines,
    info: { lines: body.data.lines.length, answerKiB: Math.round(bytes / 1024) },
  };
});
const sourceLines = candidates.map((l) => ({ itemType: l.itemType, sourceId: l.sourceId }));
const saveBody = { ...scope, lines: sourceLines };
let statement = await step('save (all sources, reserved)', async () => {
  const { body } = await json(await api('save', saveBody));
  return { value: body.data, info: { lines: sourceLines.length, total: body.data.totalAmount } };
});
await step('findDetail', async () => {
  const { body, bytes } = await json(await api(`findDetail/${statement.id}`, null, 'GET'));
  return { value: null, info: { lines: body.data.lines.length, answerKiB: Math.round(bytes / 1024) } };
});
await step('print (PDF)', async () => {
  const res = await fetch(`${base}/apis/finance/SaleReconService/print/${statement.id}`, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { value: null, info: { status: res.status, pdfKiB: Math.round(bytes / 1024) } };
});
statement = (await json(await api(`send/${statement.id}`, { version: statement.version }))).body.data;
await step('cancel (releases every source)', async () => {
  const { body } = await json(await api(`cancel/${statement.id}`, { version: statement.version }));
  return { value: body.data, info: { lines: sourceLines.length } };
});
await step('save again', async () => {
  const { body } = await json(await api('save', saveBody));
  return { value: body.data, info: { lines: sourceLines.length, total: body.data.totalAmount } };
});

// ---------------------------------------------------------------- baseline: the candidate statement bare
const bare = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await client.query(
    `select i.id, n.delivery_note_number, i.line_number, i.confirm_quantity - i.recon_quantity, oi.price_including_tax, oi.tax_rate
     from delivery_note_item i join delivery_note n on n.id = i.document_id
     join purchase_order_item oi on oi.id = i.order_item_id join purchase_order o on o.id = oi.order_id
     where n.els_account = '100000' and n.to_els_account = '200001' and n.note_status in ('4','5')
       and o.currency = 'CNY' and i.confirm_quantity > i.recon_quantity
     order by n.delivery_note_number, i.line_number limit 10000`,
  );
  bare.push(performance.now() - t);
}
bare.sort((a, b) => a - b);
await client.end();

const report = [
  `Statement over ${LINES.toLocaleString('en-US')} received lines — ${new Date().toISOString().slice(0, 10)}, ${machine().cpu}, ${machine().cores} cores, Node ${process.version}, commit ${gitCommit()}; generation ${(generationMs / 1000).toFixed(1)} s`,
  '',
  table(
    ['step', 'ms', 'RSS before MiB', 'RSS peak MiB', 'details'],
    rows.map((r) => [
      r.step,
      r.ms,
      r.rssBeforeMiB,
      r.rssPeakMiB,
      Object.entries(r)
        .filter(([k]) => !['step', 'ms', 'rssBeforeMiB', 'rssPeakMiB'].includes(k))
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    ]),
  ),
  '',
  `Baseline: the collections' candidate statement bare through pg (10,000 rows), p50 ${bare[2].toFixed(0)} ms of 5.`,
].join('\n');
console.log(report);
writeResult('finance', { lines: LINES, machine: machine(), commit: gitCommit(), rows, bareMs: bare });
await server.stop?.();
process.exit(0);
