// Several server processes on one PostgreSQL (issue #18): `node bench/cluster/run.mjs`
//
// 1. A fresh PostgreSQL database (srm_bench_clu, owned by the administrator user); three server processes
//    (the bundle, as `npm start` runs it), each with its own DATA_DIR, on 127.0.0.1, one port each, all with
//    DATABASE_URL on that database and MQTT_URL on the external Mosquitto (ENV_NAME `benchclu`, so its
//    topics meet no one else's). The first starts alone (migrates, seeds the demo world); the other two
//    start at the same moment (the start-up lock lets them find it done).
// 2. Throughput, in the same run, with 1, 2 and 3 processes behind a round-robin: autocannon with the
//    processes' URLs (it spreads its connections over them in turn, as a round-robin balancer would; no
//    proxy in between, which would need a core of its own on this machine). The baseline is the 1-process
//    figure of the same round. Phase A: order create (`PurchaseOrderService/save`, buyer1, one line) —
//    it also makes the list's data set; phase B, on the data set phase A left: the order list
//    (`PurchaseOrderService/findPageList`, first page of 20) and `webValidToken`. Each phase takes turns in
//    rounds (1, 2, 3 processes per round), so a drifting machine shifts all counts alike; figures are the
//    median of the rounds, ratios the median of the per-round ratios. After phase A the bench checks that
//    every order number is unique and that every acknowledged save exists (created rows = 2xx answers).
// 3. Push latency through the external broker: N MQTT subscribers over TCP on the broker (two supplier
//    users' topics, as browsers subscribe; Mosquitto here has no websockets listener, so TCP stands in for
//    MQTT over WebSocket), the buyer publishes announcements to both suppliers through the API — latency from
//    just before `ElsNoticeService/publish/{id}` is sent to each subscriber's receipt (HTTP, transaction,
//    outbox, whichever process's dispatcher claims the row, broker fan-out). With 1 publishing process
//    (baseline), with 2 (publishes alternate between processes 1 and 2), and a bare MQTT client publishing
//    QoS 1 straight to the broker (same subscribers).
// 4. Prints markdown tables, writes bench/results/cluster-*.json; stops the servers, drops the database.
//
// Options: --rounds=2 --duration=8 --warmup=2 --connections=24 --processes=1,2,3 --subscribers=1000
// --events=20 --only=throughput|push --base-port=18430 --db=srm_bench_clu
// --pg=postgres://postgres@127.0.0.1:5432/postgres --mqtt=mqtt://127.0.0.1:1883
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import mqtt from 'mqtt';
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

const ROUNDS = Number(arg('rounds', 2));
const DURATION = Number(arg('duration', 8));
const WARMUP = Number(arg('warmup', 2));
const CONNECTIONS = Number(arg('connections', 24));
const COUNTS = String(arg('processes', '1,2,3')).split(',').map(Number);
const SUBSCRIBERS = Number(arg('subscribers', 1000));
const EVENTS = Number(arg('events', 20));
const ONLY = arg('only', '');
const BASE_PORT = Number(arg('base-port', 18430));
const MQTT_URL = arg('mqtt', 'mqtt://127.0.0.1:1883');
const ENV_NAME = 'benchclu';
const MAX = Math.max(...COUNTS);

const work = tempDir('cluster');
const servers = [];
const db = await benchDatabase({
  pg,
  name: arg('db', 'srm_bench_clu'),
  adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
  owner: 'postgres',
});
process.on('exit', () => {
  for (const s of servers) if (s.child.exitCode == null) s.child.kill('SIGKILL');
  db.drop();
  rmSync(work, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** Load average samples while the bench runs: the machine is shared with other sessions. */
const loads = [];
const loadTimer = setInterval(() => loads.push(loadavg()[0]), 5000);
loads.push(loadavg()[0]);

const env = {
  DATABASE_URL: db.url,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  MQTT_URL,
  // What browsers would be told; nothing here connects to it (Mosquitto has no websockets listener here).
  MQTT_WS_URL: 'ws://127.0.0.1:9/mqtt',
  ENV_NAME,
  LOGIN_LIMIT_PER_IP: '1000000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000000',
};
const start = (i) =>
  startServer({ port: BASE_PORT + i, dataDir: join(work, `p${i}`), env, timeoutMs: 180_000 });

log(`process 1 on ${BASE_PORT} (migrate + seed) …`);
servers.push(await start(0));
log(`  up after ${Math.round(servers[0].readyMs)} ms; processes 2..${MAX} at once …`);
servers.push(...(await Promise.all(Array.from({ length: MAX - 1 }, (_, i) => start(i + 1)))));
log(`  up after ${servers.slice(1).map((s) => `${Math.round(s.readyMs)} ms`)}`);
const urls = servers.map((s) => s.url);
/** The bench's own connections (counts, checks, lock samples). */
const pool = new pg.Pool({ connectionString: db.url, max: 2 });

async function loginAs(base, elsAccount, elsSubAccount) {
  const res = await fetch(`${base}/apis/ElsAuthService/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ elsAccount, elsSubAccount, password: encryptPassword('Demo@2026') }),
  });
  const body = await res.json();
  if (body.code !== '200') throw new Error(`login ${elsAccount}/${elsSubAccount}: ${body.message}`);
  return {
    elsAccount,
    elsSubAccount,
    token: body.data.token,
    topic: body.data.environMentConfig.mqttTopic,
    headers: {
      'content-type': 'application/json',
      token: body.data.token,
      account: `${elsAccount}_${elsSubAccount}`,
    },
  };
}
async function api(base, user, path, body) {
  const res = await fetch(`${base}/apis${path}`, {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== '200') throw new Error(`${path}: ${json.code} ${json.message}`);
  return json.data;
}

/** autocannon spreading `connections` over the given URLs; answers req/s, latency and failures. */
function cannon({ targets, method, path, headers, body, seconds }) {
  return new Promise((ok, fail) => {
    autocannon(
      {
        url: targets.map((u) => `${u}${path}`),
        method,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        timeout: 30,
      },
      (err, res) => (err ? fail(err) : ok(res)),
    );
  });
}
const summary = (r) => ({
  rps: r.requests.average,
  total: r.requests.total,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
  ok2xx: r['2xx'],
});
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Samples the database's client backends every 100 ms while a measurement runs: how many run a statement
 * (`active`) and how many of those wait for a row or transaction lock (`Lock`) — where concurrent calls
 * queue behind one another (for creates: the company's number-sequence row, held until commit).
 */
function sampleWaits() {
  const samples = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await pool.query(
        `select count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int as waiting,
                mode() within group (order by left(query, 48))
                  filter (where state = 'active' and wait_event_type = 'Lock') as waiting_query
         from pg_stat_activity where datname = current_database() and backend_type = 'client backend'
           and pid <> pg_backend_pid()`,
      );
      samples.push(rows[0]);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const mean = (k) => samples.reduce((a, x) => a + x[k], 0) / Math.max(1, samples.length);
      // The statement most often found waiting (for creates: the number_sequence upsert).
      const queries = samples.map((x) => x.waiting_query).filter(Boolean);
      const counts = new Map(queries.map((q) => [q, queries.filter((x) => x === q).length]));
      const waitingQuery = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      return { active: +mean('active').toFixed(1), waitingOnLock: +mean('waiting').toFixed(1), waitingQuery };
    },
  };
}

/** 2xx answers of the warm-ups (creates acknowledged outside the measured windows). */
let warm2xx = 0;
/** Runs each target with each process count, in rounds; answers per target and count the rounds' figures. */
async function rounds(targets) {
  const out = Object.fromEntries(
    targets.map((t) => [t.name, Object.fromEntries(COUNTS.map((n) => [n, []]))]),
  );
  for (let r = 1; r <= ROUNDS; r++) {
    for (const t of targets) {
      for (const n of COUNTS) {
        const spec = { ...t, targets: urls.slice(0, n) };
        if (WARMUP > 0) warm2xx += (await cannon({ ...spec, seconds: WARMUP }))['2xx'];
        const sampler = sampleWaits();
        const s = summary(await cannon({ ...spec, seconds: DURATION }));
        s.waits = await sampler.stop();
        s.load = loadavg()[0];
        out[t.name][n].push(s);
        log(
          `  round ${r} ${t.name} × ${n}: ${Math.round(s.rps)} req/s p50 ${s.p50} p99 ${s.p99} non2xx ${s.non2xx} errors ${s.errors}, backends ${s.waits.active} active / ${s.waits.waitingOnLock} on a lock (load ${s.load.toFixed(1)})`,
        );
      }
    }
  }
  return out;
}
function rows(out) {
  const lines = [];
  for (const [name, byCount] of Object.entries(out)) {
    const base = byCount[COUNTS[0]];
    for (const n of COUNTS) {
      const rs = byCount[n];
      const ratios = rs.map((s, i) => s.rps / base[i].rps);
      lines.push({
        target: name,
        processes: n,
        rps: median(rs.map((s) => s.rps)),
        perRound: rs.map((s) => Math.round(s.rps)),
        p50: Math.round(median(rs.map((s) => s.p50))),
        p99: Math.round(median(rs.map((s) => s.p99))),
        errors: rs.reduce((a, s) => a + s.errors, 0),
        non2xx: rs.reduce((a, s) => a + s.non2xx, 0),
        ratio: median(ratios),
        load: rs.map((s) => +s.load.toFixed(1)),
        active: median(rs.map((s) => s.waits.active)),
        waitingOnLock: median(rs.map((s) => s.waits.waitingOnLock)),
        waitingQuery: rs.map((s) => s.waits.waitingQuery).find(Boolean) ?? null,
      });
    }
  }
  return lines;
}

const result = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: machine(),
  startMs: servers.map((s) => Math.round(s.readyMs)),
};

if (ONLY !== 'push') {
  const buyer = await loginAs(urls[0], '100000', 'buyer1');
  const order = {
    toElsAccount: '200001',
    orderType: '0',
    orderDate: new Date().toISOString().slice(0, 10),
    currency: 'CNY',
    exchangeRate: '1',
    deliveryAddress: 'cluster bench',
    items: [
      {
        materialNumber: 'M-CLU-1',
        materialDesc: 'cluster bench',
        unit: 'PCS',
        quantity: '1',
        priceExcludingTax: '1',
        taxRate: '13',
        deliveryDate: '2026-12-31',
      },
    ],
  };
  const countOrders = async () =>
    Number(
      (await pool.query(`select count(*) as n from purchase_order where els_account = '100000'`)).rows[0].n,
    );
  const before = await countOrders();
  log('\nphase A: order create …');
  const create = await rounds([
    {
      name: 'order create (PurchaseOrderService/save)',
      method: 'POST',
      path: '/apis/order/PurchaseOrderService/save',
      headers: buyer.headers,
      body: order,
    },
  ]);
  const after = await countOrders();
  const acknowledged = Object.values(create)
    .flatMap((byCount) => Object.values(byCount).flat())
    .reduce((a, s) => a + s.ok2xx, warm2xx);
  const duplicates = Number(
    (
      await pool.query(
        `select count(*) as n from (select order_number from purchase_order where els_account = '100000'
         group by order_number having count(*) > 1) d`,
      )
    ).rows[0].n,
  );
  log(
    `  orders: ${before} → ${after} (${after - before} created, ${acknowledged} acknowledged); duplicate numbers ${duplicates}`,
  );
  if (after - before < acknowledged)
    log(`  LOST: ${acknowledged - (after - before)} acknowledged creates are missing`);
  log('phase B: order list and webValidToken …');
  const read = await rounds([
    {
      name: 'order list (PurchaseOrderService/findPageList, page 1 of 20)',
      method: 'POST',
      path: '/apis/order/PurchaseOrderService/findPageList',
      headers: buyer.headers,
      body: { currentPage: 1, pageSize: 20 },
    },
    {
      name: 'GET webValidToken/{token}',
      method: 'GET',
      path: `/apis/ElsAuthService/webValidToken/${buyer.token}`,
      headers: {},
    },
  ]);
  result.throughput = {
    rows: rows({ ...create, ...read }),
    dataset: {
      ordersBefore: before,
      ordersAfterCreates: after,
      duplicateNumbers: duplicates,
      acknowledgedCreates: acknowledged,
    },
  };
}

if (ONLY !== 'throughput') {
  log('\npush latency through the external broker …');
  const buyerAdmin = await loginAs(urls[0], '100000', 'admin');
  const suppliers = [
    await loginAs(urls[0], '200001', 'admin'),
    await loginAs(urls[1 % urls.length], '200002', 'admin'),
  ];
  const receivers = suppliers.map((u) => u.elsAccount);
  let current = null;
  const clients = [];
  let next = 0;
  const openOne = async (i) => {
    const user = suppliers[i % suppliers.length];
    const client = await mqtt.connectAsync(MQTT_URL, {
      clientId: `benchclu_${i}_${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      clean: true,
    });
    client.on('error', () => {});
    await client.subscribeAsync(user.topic, { qos: 1 });
    client.on('message', (_t, payload) => {
      const text = payload.toString();
      if (!current || text !== current.title || current.got.has(i)) return;
      current.got.set(i, performance.now() - current.t0);
      if (current.got.size === SUBSCRIBERS) current.done();
    });
    clients.push(client);
  };
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < SUBSCRIBERS) await openOne(next++);
    }),
  );
  log(`  ${clients.length} subscribers on ${MQTT_URL}`);
  const bare = await mqtt.connectAsync(MQTT_URL, {
    clientId: `benchclu_pub_${Date.now()}`,
    reconnectPeriod: 0,
  });

  /** EVENTS events one at a time; `fire(e, title)` sends one; latency from just before it to each receipt. */
  async function measure(prepare, fire) {
    const lat = [];
    const last = [];
    const call = [];
    let missing = 0;
    for (let e = 0; e < EVENTS; e++) {
      const title = `cluster bench #${e} ${Date.now()}`;
      const prep = await prepare?.(e, title);
      const ev = { title, got: new Map(), t0: 0 };
      const all = new Promise((ok) => {
        ev.done = ok;
      });
      current = ev;
      ev.t0 = performance.now();
      await fire(e, title, prep);
      call.push(performance.now() - ev.t0);
      await Promise.race([all, new Promise((ok) => setTimeout(ok, 30_000))]);
      current = null;
      missing += SUBSCRIBERS - ev.got.size;
      lat.push(...ev.got.values());
      if (ev.got.size) last.push(Math.max(...ev.got.values()));
      await new Promise((ok) => setTimeout(ok, 200));
    }
    lat.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    call.sort((a, b) => a - b);
    return {
      samples: lat.length,
      missing,
      p50: percentile(lat, 0.5),
      p99: percentile(lat, 0.99),
      max: lat.at(-1),
      allReachedP50: percentile(last, 0.5),
      senderCallP50: percentile(call, 0.5),
      load: loadavg()[0],
    };
  }
  const prepare = (_e, title) =>
    api(urls[0], buyerAdmin, '/ElsNoticeService/save', {
      title,
      content: 'cluster push bench',
      type: '1',
      noticeChannel: '1',
      noticeStartTime: new Date(Date.now() - 60_000).toISOString(),
      noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      receivers,
    });
  const viaProcesses = (n) => async (e, _title, notice) => {
    await api(urls[e % n], buyerAdmin, `/ElsNoticeService/publish/${notice.id}`, { version: notice.version });
  };
  const push = [];
  for (let r = 1; r <= ROUNDS; r++) {
    for (const [label, prep, fire] of [
      ['API publish, 1 process → outbox → Mosquitto', prepare, viaProcesses(1)],
      [
        'API publish alternating over 2 processes → outbox → Mosquitto',
        prepare,
        viaProcesses(Math.min(2, urls.length)),
      ],
      [
        'bare MQTT client publish (QoS 1) → Mosquitto',
        null,
        async (_e, title) => {
          await Promise.all(suppliers.map((u) => bare.publishAsync(u.topic, title, { qos: 1 })));
        },
      ],
    ]) {
      const m = await measure(prep, fire);
      log(`  round ${r} ${label}: p50 ${m.p50?.toFixed(1)} p99 ${m.p99?.toFixed(1)} missing ${m.missing}`);
      push.push({ round: r, label, ...m });
    }
  }
  await bare.endAsync(true);
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  result.push = { subscribers: SUBSCRIBERS, events: EVENTS, rows: push };
}

clearInterval(loadTimer);
loads.push(loadavg()[0]);
result.loadAverage = { min: Math.min(...loads), max: Math.max(...loads), samples: loads.length };
await pool.end();
for (const s of servers) await s.stop();
const file = writeResult('cluster', result);

console.log(
  `\nstart: ${result.startMs.map((ms) => `${ms} ms`).join(', ')}; load average ${result.loadAverage.min.toFixed(1)}–${result.loadAverage.max.toFixed(1)}`,
);
if (result.throughput) {
  console.log(
    table(
      [
        'target',
        'processes',
        'req/s (median)',
        'per round',
        'p50 ms',
        'p99 ms',
        'errors / non-2xx',
        'vs 1 process',
        'backends active / on a lock',
        'load',
      ],
      result.throughput.rows.map((r) => [
        r.target,
        r.processes,
        Math.round(r.rps).toLocaleString('en-US'),
        r.perRound.join(' / '),
        r.p50,
        r.p99,
        `${r.errors} / ${r.non2xx}`,
        `${Math.round(r.ratio * 100)}%`,
        `${r.active.toFixed(1)} / ${r.waitingOnLock.toFixed(1)}`,
        r.load.join(' / '),
      ]),
    ),
  );
  console.log(`\ndataset: ${JSON.stringify(result.throughput.dataset)}`);
  for (const r of result.throughput.rows)
    if (r.waitingQuery) console.log(`${r.target} × ${r.processes}: waiting statement ${r.waitingQuery}`);
}
if (result.push) {
  const f = (v) => (v == null ? '—' : v.toFixed(1));
  console.log(
    `\n${table(
      [
        'round',
        'path',
        'p50 ms',
        'p99 ms',
        'max ms',
        'all reached p50',
        'sender call p50',
        'missing',
        'load',
      ],
      result.push.rows.map((r) => [
        r.round,
        r.label,
        f(r.p50),
        f(r.p99),
        f(r.max),
        f(r.allReachedP50),
        f(r.senderCallP50),
        r.missing,
        r.load.toFixed(1),
      ]),
    )}`,
  );
}
console.log(`\nresults: ${file}`);
process.exit(0);
