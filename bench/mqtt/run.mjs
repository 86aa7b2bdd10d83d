// Push-latency bench (issue #4): `node bench/mqtt/run.mjs [--subscribers=1000,5000] [--events=10]`
//
// Starts the real server (node --import tsx apps/server/src/main.ts, temp PGlite folder, 127.0.0.1),
// logs in a handful of supplier users once each (argon2 logins are costly) and opens many MQTT-over-
// WebSocket connections per user with the same token, each subscribed to its user's topic, as browsers
// do. A buyer then publishes announcements through the API (save, then POST …/publish/{id}); latency is
// measured from just before the publish request is sent to each subscriber's receipt of the pushed
// message (same process, same monotonic clock), so it includes the HTTP call, the transaction, the
// outbox delivery and the broker fan-out. Next to it, in the same run, a bare Aedes broker over
// WebSocket in its own process: an MQTT client publishes (QoS 1) and the same number of subscribers
// receive. Events run one at a time; each waits until every subscriber has it (or 30 s).
// Writes bench/results/mqtt-*.json and prints markdown.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import {
  encryptPassword,
  freePort,
  gitCommit,
  machine,
  root,
  startServer,
  table,
  tempDir,
  writeResult,
} from '../lib.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  return hit.includes('=') ? hit.split('=')[1] : true;
};
const SIZES = String(arg('subscribers', '1000,5000')).split(',').map(Number);
const EVENTS = Number(arg('events', 10));
const EVENT_TIMEOUT_MS = 30_000;
const CONNECT_CONCURRENCY = 100;
const log = (...a) => console.error(...a);

const work = tempDir('mqtt');
let server;
let bare;
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  if (bare?.exitCode == null) bare?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

async function loginAs(base, elsAccount, elsSubAccount, password = 'Demo@2026') {
  const res = await fetch(`${base}/apis/ElsAuthService/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ elsAccount, elsSubAccount, password: encryptPassword(password) }),
  });
  const body = await res.json();
  if (body.code !== '200') throw new Error(`login ${elsAccount}/${elsSubAccount}: ${body.message}`);
  return { elsAccount, elsSubAccount, token: body.data.token, topic: body.data.environMentConfig.mqttTopic };
}

async function api(base, user, path, body) {
  const res = await fetch(`${base}/apis${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      token: user.token,
      account: `${user.elsAccount}_${user.elsSubAccount}`,
    },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== '200') throw new Error(`${path}: ${json.code} ${json.message}`);
  return json.data;
}

/** Opens n subscribers (spread over `users`), resolves once every one has its SUBACK. */
async function openSubscribers(url, n, users, onMessage) {
  const clients = [];
  let next = 0;
  const one = async (i) => {
    const user = users[i % users.length];
    const client = mqtt.connect(url, {
      clientId: `bench_${i}_${Math.random().toString(16).slice(2, 8)}`,
      username: user.username,
      password: user.password,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      clean: true,
    });
    client.on('error', () => {});
    await new Promise((ok, fail) => {
      client.once('connect', ok);
      client.once('error', fail);
      client.once('close', () => fail(new Error('closed before connect')));
    });
    const granted = await client.subscribeAsync(user.topic, { qos: 1 });
    if (granted[0]?.qos === 128) throw new Error(`subscription refused: ${user.topic}`);
    client.on('message', (_topic, payload) => onMessage(i, payload.toString()));
    clients.push(client);
  };
  const worker = async () => {
    while (next < n) await one(next++);
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return clients;
}

async function closeAll(clients) {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summary(latencies, lastPerEvent, missing, extra = {}) {
  const s = [...latencies].sort((a, b) => a - b);
  const last = [...lastPerEvent].sort((a, b) => a - b);
  return {
    samples: s.length,
    missing,
    p50: +pct(s, 50).toFixed(1),
    p99: +pct(s, 99).toFixed(1),
    max: +s[s.length - 1].toFixed(1),
    fanOutDoneP50: +pct(last, 50).toFixed(1),
    ...extra,
  };
}

/**
 * Runs EVENTS events against n subscribers. `fire(title)` sends the event and resolves when the
 * sender's call returned; latency runs from just before fire() to each receipt.
 */
async function measure(n, openFn, fire) {
  let current = null;
  const clients = await openFn((i, text) => {
    if (!current || text !== current.title || current.got.has(i)) return;
    current.got.set(i, performance.now() - current.t0);
    if (current.got.size === n) current.done();
  });
  const latencies = [];
  const last = [];
  const callMs = [];
  let missing = 0;
  for (let e = 0; e < EVENTS; e++) {
    const title = `bench ${n} #${e} ${Date.now()}`;
    const ev = { title, got: new Map(), t0: 0 };
    const all = new Promise((ok) => {
      ev.done = ok;
    });
    const prep = await fire.prepare?.(title);
    current = ev;
    ev.t0 = performance.now();
    await fire(title, prep);
    callMs.push(performance.now() - ev.t0);
    await Promise.race([all, new Promise((ok) => setTimeout(ok, EVENT_TIMEOUT_MS))]);
    current = null;
    missing += n - ev.got.size;
    latencies.push(...ev.got.values());
    last.push(Math.max(...ev.got.values()));
    await new Promise((ok) => setTimeout(ok, 200));
  }
  await closeAll(clients);
  const sortedCall = [...callMs].sort((a, b) => a - b);
  return summary(latencies, last, missing, { senderCallP50: +pct(sortedCall, 50).toFixed(1) });
}

// --- the real server -------------------------------------------------------------------------------
const port = await freePort();
log(`starting the server on 127.0.0.1:${port} …`);
server = await startServer({
  port,
  dataDir: join(work, 'data'),
  env: { LOG_LEVEL: 'warn', LOGIN_LIMIT_PER_IP: '1000000', LOGIN_LIMIT_PER_ACCOUNT: '1000000' },
});
const base = server.url;
const buyer = await loginAs(base, '100000', 'admin');
// A handful of supplier users, each logged in once; many connections share each token.
const suppliers = [await loginAs(base, '200001', 'admin')];
try {
  suppliers.push(await loginAs(base, '200002', 'admin'));
} catch (e) {
  log(`200002/admin not usable (${e.message}); all connections use 200001/admin`);
}
const subscriberUsers = suppliers.map((u) => ({
  username: `${u.elsAccount}_${u.elsSubAccount}`,
  password: u.token,
  topic: u.topic,
}));
const receivers = suppliers.map((u) => u.elsAccount);
const wsUrl = `ws://127.0.0.1:${port}/mqtt`;

const publishViaApi = async (_title, notice) => {
  await api(base, buyer, `/ElsNoticeService/publish/${notice.id}`, { version: notice.version });
};
publishViaApi.prepare = (title) =>
  api(base, buyer, '/ElsNoticeService/save', {
    title,
    content: 'push-latency bench',
    type: '1',
    noticeChannel: '1',
    noticeStartTime: new Date(Date.now() - 60_000).toISOString(),
    noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    receivers,
  });

// --- the bare Aedes baseline (own process, like the server) ---------------------------------------
const barePort = await freePort();
bare = spawn(process.execPath, [join(root, 'bench/mqtt/bare-broker.mjs'), String(barePort)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((ok) => bare.stdout.once('data', ok));
const bareUrl = `ws://127.0.0.1:${barePort}/mqtt`;
const bareUsers = [{ username: 'bench', password: 'bench', topic: 'bench/push' }];
const barePublisher = await mqtt.connectAsync(bareUrl, { clientId: 'bench_publisher', reconnectPeriod: 0 });
const publishBare = async (title) => {
  await barePublisher.publishAsync('bench/push', title, { qos: 1 });
};

const results = [];
for (const n of SIZES) {
  log(`${n} subscribers: embedded broker via the API …`);
  const t = performance.now();
  const real = await measure(n, (cb) => openSubscribers(wsUrl, n, subscriberUsers, cb), publishViaApi);
  log(`  done in ${((performance.now() - t) / 1000).toFixed(1)} s`, real);
  log(`${n} subscribers: bare Aedes …`);
  const plain = await measure(n, (cb) => openSubscribers(bareUrl, n, bareUsers, cb), publishBare);
  log('  ', plain);
  results.push({ subscribers: n, server: real, bareAedes: plain });
}
await barePublisher.endAsync(true);
bare.kill('SIGTERM');
await server.stop();

const data = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: machine(),
  events: EVENTS,
  users: suppliers.map((u) => `${u.elsAccount}/${u.elsSubAccount}`),
  results,
};
const file = writeResult('mqtt', data);
const f = (v) => `${v} ms`;
console.log(
  table(
    ['subscribers', 'path', 'p50', 'p99', 'max', 'all received (p50)', 'sender call p50', 'missing'],
    results.flatMap((r) => [
      [
        r.subscribers,
        'API publish → embedded broker',
        f(r.server.p50),
        f(r.server.p99),
        f(r.server.max),
        f(r.server.fanOutDoneP50),
        f(r.server.senderCallP50),
        r.server.missing,
      ],
      [
        r.subscribers,
        'bare Aedes publish',
        f(r.bareAedes.p50),
        f(r.bareAedes.p99),
        f(r.bareAedes.max),
        f(r.bareAedes.fanOutDoneP50),
        f(r.bareAedes.senderCallP50),
        r.bareAedes.missing,
      ],
    ]),
  ),
);
console.log(
  `\nratio server/bare: ${results
    .map(
      (r) =>
        `${r.subscribers}: p50 ×${(r.server.p50 / r.bareAedes.p50).toFixed(2)}, p99 ×${(r.server.p99 / r.bareAedes.p99).toFixed(2)}`,
    )
    .join('; ')}`,
);
console.log(`\nresults: ${file}`);
process.exit(0);
