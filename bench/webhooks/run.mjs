// Webhook dispatch (issue #18): `node bench/webhooks/run.mjs [--changes=300] [--endpoints=10]`
//
// 1. A fresh PostgreSQL database (srm_bench_webhooks); the real server (the bundle, as `npm start` runs it)
//    migrates and seeds the demo world, with WEBHOOK_ALLOW_PRIVATE (the receiver is local) and a 50 ms poll.
// 2. The added latency of a state change: buyer1 saves N order drafts (each one audit row: `order.create`)
//    one after the other, timed per call — first with no endpoint, then with E endpoints of 100000 subscribed
//    to `*` (each save then also queues E deliveries in the same statement). Baseline: the same run's
//    saves without endpoints.
// 3. Dispatch throughput: from the first save with endpoints until the local HTTP receiver has every one of
//    the N × E events (each signed, each answered 204), events per second; duplicates counted.
// 4. Prints a markdown table, writes bench/results/webhooks-*.json; stops the server and drops the database.
// Options: --changes=N --endpoints=E --port=18186 --db=srm_bench_webhooks --pg=postgres://postgres@127.0.0.1:5432/postgres
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import {
  arg,
  benchDatabase,
  encryptPassword,
  gitCommit,
  log,
  machine,
  percentile,
  startServer,
  table,
  tempDir,
  writeResult,
} from '../lib.mjs';

const CHANGES = Number(arg('changes', 300));
const ENDPOINTS = Number(arg('endpoints', 10));
const port = Number(arg('port', 18186));
const dataDir = tempDir('webhooks');
let server = null;
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_webhooks'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
});
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  db.drop();
  rmSync(dataDir, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

// The receiver: counts events per id, answers 204.
const seen = new Map();
let lastAt = 0;
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const id = `${req.url}:${JSON.parse(body).id}`;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    lastAt = performance.now();
    res.writeHead(204).end();
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

server = await startServer({
  port,
  dataDir,
  env: {
    DATABASE_URL: db.url,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_POLL_MS: '50',
  },
});
log('server up');
const base = `http://127.0.0.1:${port}`;
async function session(sub) {
  const res = await fetch(`${base}/apis/ElsAuthService/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      elsAccount: '100000',
      elsSubAccount: sub,
      password: encryptPassword('Demo@2026'),
    }),
  }).then((r) => r.json());
  return { 'content-type': 'application/json', token: res.data.token, account: `100000_${sub}` };
}
const admin = await session('admin');
const buyer = await session('buyer1');
const api = async (headers, path, body) => {
  const res = await fetch(`${base}/apis${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (json.code !== '200') throw new Error(`${path}: ${json.message}`);
  return json.data;
};
const order = {
  toElsAccount: '200001',
  orderType: '0',
  orderDate: new Date().toISOString().slice(0, 10),
  currency: 'CNY',
  exchangeRate: '1',
  deliveryAddress: 'bench',
  items: [
    {
      materialNumber: 'M-B-1',
      materialDesc: 'bench',
      unit: 'PCS',
      quantity: '1',
      priceExcludingTax: '1',
      taxRate: '13',
      deliveryDate: '2026-12-31',
    },
  ],
};
async function saves(n) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await api(buyer, '/order/PurchaseOrderService/save', order);
    ms.push(performance.now() - t);
  }
  return ms.sort((a, b) => a - b);
}

// Warm-up, then the baseline without endpoints.
await saves(30);
const without = await saves(CHANGES);
for (let i = 0; i < ENDPOINTS; i++)
  await api(admin, '/WebhookService/save', { url: `${receiverUrl}/e${i}`, eventTypes: ['*'] });
const t0 = performance.now();
const withEndpoints = await saves(CHANGES);
const savesDone = performance.now();
const expected = CHANGES * ENDPOINTS;
const deadline = performance.now() + 300_000;
while (seen.size < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const dispatchMs = lastAt - t0;
const duplicates = [...seen.values()].filter((n) => n > 1).length;

const row = (label, ms) => [
  label,
  percentile(ms, 0.5).toFixed(1),
  percentile(ms, 0.95).toFixed(1),
  ms.length,
];
const result = {
  commit: gitCommit(),
  machine: machine(),
  changes: CHANGES,
  endpoints: ENDPOINTS,
  saveMs: {
    without: { p50: percentile(without, 0.5), p95: percentile(without, 0.95) },
    with: { p50: percentile(withEndpoints, 0.5), p95: percentile(withEndpoints, 0.95) },
  },
  delivered: seen.size,
  expected,
  duplicates,
  dispatchMs,
  eventsPerSecond: seen.size / (dispatchMs / 1000),
  lagAfterLastChangeMs: lastAt - savesDone,
};
writeResult('webhooks', result);
console.log(
  table(
    ['order save (one `order.create` event)', 'p50 ms', 'p95 ms', 'calls'],
    [row('no endpoint (baseline)', without), row(`${ENDPOINTS} endpoints subscribed to *`, withEndpoints)],
  ),
);
console.log(
  `\ndelivered ${seen.size} of ${expected} events (${duplicates} duplicates) in ${(dispatchMs / 1000).toFixed(1)} s from the first change: ${result.eventsPerSecond.toFixed(0)} events/s; the last event arrived ${Math.round(result.lagAfterLastChangeMs)} ms after the last change`,
);
await server.stop();
receiver.close();
process.exit(0);
