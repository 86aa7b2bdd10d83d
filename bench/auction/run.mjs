// Live-auction push bench (issue #14): `node bench/auction/run.mjs [--subscribers=500] [--rate=50] [--seconds=15]`
//
// Starts the real server (npm start's bundle, temp PGlite folder, 127.0.0.1) with its demo world, whose
// English auction "2026 年度包装纸箱反向竞价" runs for four hours after start-up with 200001, 200002 and
// 200003 invited (starting price 48,000, decrement 50). Logs in 200001 and 200003 once each and opens
// `subscribers` MQTT-over-WebSocket connections spread over the two (as rooms in browsers do), each
// subscribed to the auction's supplier view `srm/{env}/ebidding/{id}/sale`. Then bids at `rate` per second
// for `seconds`, alternating the two suppliers, each offer 50 below the last (fired on a fixed schedule,
// not waiting for the previous answer). Measures the bid call (request sent → answer, the offer committed)
// and, per accepted offer, bid committed → each subscriber has a push carrying it or a later offer as the
// best price (receipt time − the offer's bidTime from the server's clock; same machine; since 2026-11-27
// "or a later offer", as the server coalesces the pushes of offers committed close together). Next to it, in the same run,
// a bare Aedes broker over WebSocket in its own process: an MQTT client publishes (a similar payload, at
// --bare-qos, default 0 as the server's live views since 2026-11-29; QoS 1 before) to the same number of
// subscribers; latency from publish to receipt. Since 2026-11-29 it publishes, by
// default, as many messages per second as the server actually pushed in the run (--bare-rate=pushes: the
// server coalesces offers into one push per 100 ms window, so the same fan-out work); --bare-rate=offers
// publishes one message per offer (the earlier baseline, which saturates two cores at 50/s × 500 rooms);
// --bare-rate=both runs both phases, each on a fresh bare broker; a number sets the rate.
// The subscribers live in --sub-workers=2 worker threads (bench/auction/subscribers.mjs), not in the thread
// that fires the offers and times their answers (until 2026-11-26 all in one thread, whose parsing of the
// pushes delayed the timing of the answers).
// Options: --postgres (the server on a fresh PostgreSQL database `srm_bench_auction` through DATABASE_URL,
// pool of 10, instead of npm start's PGlite; --pg=postgres://postgres@127.0.0.1:5432/postgres is the
// administrator that creates and drops it); --cpu-prof=DIR (the server under `node --cpu-prof`, its
// .cpuprofile written into DIR when it stops).
// Writes bench/results/auction-*.json and prints markdown.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import mqtt from 'mqtt';
import pg from 'pg';
import {
  arg,
  benchDatabase,
  encryptPassword,
  freePort,
  gitCommit,
  log,
  machine,
  root,
  startServer,
  table,
  tempDir,
  writeResult,
} from '../lib.mjs';

const SUBSCRIBERS = Number(arg('subscribers', 500));
const RATE = Number(arg('rate', 50));
const SECONDS = Number(arg('seconds', 15));
/** Worker threads the subscribers are spread over (the main thread only fires offers and times them). */
const SUB_WORKERS = Number(arg('sub-workers', 2));
const POSTGRES = arg('postgres', 'false') !== 'false';
/**
 * 'pushes' (default): the bare broker publishes as many messages a second as the server pushed; 'offers':
 * RATE; 'both': the two phases one after the other; a number: that rate.
 */
const BARE_RATE = arg('bare-rate', 'pushes');
/** QoS of the bare broker's publishes: the server's live auction views go out at QoS 0 (push-coalescer.ts). */
const BARE_QOS = Number(arg('bare-qos', '0'));
/**
 * --external-broker: the server publishes to a broker process of its own (bench/mqtt/bare-broker.mjs, the
 * same Aedes over WebSocket as the baseline) through MQTT_URL, as a deployment with MQTT_URL does, and the
 * rooms subscribe there — the fan-out leaves the server's thread. (That broker checks no token: a real
 * external broker must enforce the ACL itself, README.)
 */
const EXTERNAL_BROKER = arg('external-broker', 'false') !== 'false';
/** --cpu-prof=DIR: the server runs under `node --cpu-prof` and writes its .cpuprofile into DIR on exit. */
const CPU_PROF = arg('cpu-prof', '');

const work = tempDir('auction');
let server;
let bare;
const db = POSTGRES
  ? await benchDatabase({
      pg,
      name: 'srm_bench_auction',
      adminUrl: arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres'),
    })
  : null;
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  if (bare?.exitCode == null) bare?.kill('SIGKILL');
  db?.drop();
  rmSync(work, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
if (db) log(`database ${db.url} (PostgreSQL ${db.pgVersion}, owner ${db.role})`);

async function loginAs(base, elsAccount, elsSubAccount) {
  const res = await fetch(`${base}/apis/ElsAuthService/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ elsAccount, elsSubAccount, password: encryptPassword('Demo@2026') }),
  });
  const body = await res.json();
  if (body.code !== '200') throw new Error(`login ${elsAccount}: ${body.message}`);
  return {
    elsAccount,
    elsSubAccount,
    token: body.data.token,
    env: body.data.environMentConfig.mqttTopic.split('/')[1],
    headers: {
      'content-type': 'application/json',
      token: body.data.token,
      account: `${elsAccount}_${elsSubAccount}`,
    },
  };
}

/**
 * Opens `n` subscribers on `topic` spread over `SUB_WORKERS` worker threads (bench/auction/subscribers.mjs),
 * subscriber i as users[i % users.length]. Answers { stop() } which closes them all and resolves to
 * Map(key → Map(subscriber → first receipt, ms since epoch)), key per `key` ('best' or 'seq').
 */
async function openSubscribers(url, n, users, topic, key) {
  const per = Math.ceil(n / SUB_WORKERS);
  const workers = [];
  for (let from = 0; from < n; from += per) {
    const worker = new Worker(new URL('./subscribers.mjs', import.meta.url), {
      workerData: {
        url,
        from,
        to: Math.min(n, from + per),
        topic,
        key,
        users: users.map((u) => ({
          elsAccount: u.elsAccount,
          elsSubAccount: u.elsSubAccount,
          token: u.token,
        })),
      },
    });
    workers.push(worker);
  }
  const next = (worker) =>
    new Promise((ok, fail) => {
      worker.once('message', ok);
      worker.once('error', fail);
    });
  await Promise.all(workers.map(next));
  return {
    async stop() {
      const answers = await Promise.all(
        workers.map((w) => {
          const answer = next(w);
          w.postMessage('stop');
          return answer;
        }),
      );
      const merged = new Map();
      for (const { receipts } of answers)
        for (const [k, got] of receipts) {
          if (!merged.has(k)) merged.set(k, new Map());
          for (const [i, t] of got) merged.get(k).set(i, t);
        }
      return merged;
    },
  };
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length
    ? {
        samples: s.length,
        p50: +pct(s, 50).toFixed(1),
        p95: +pct(s, 95).toFixed(1),
        p99: +pct(s, 99).toFixed(1),
        max: +s[s.length - 1].toFixed(1),
      }
    : { samples: 0 };
};

// --- the real server ------------------------------------------------------------------------------
let externalUrl = null;
let external = null;
if (EXTERNAL_BROKER) {
  const externalPort = await freePort();
  external = spawn(process.execPath, [join(root, 'bench/mqtt/bare-broker.mjs'), String(externalPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ok) => external.stdout.once('data', ok));
  externalUrl = `ws://127.0.0.1:${externalPort}/mqtt`;
}
const port = await freePort();
log(
  `starting the server on 127.0.0.1:${port}${externalUrl ? ` with the external broker ${externalUrl}` : ''} …`,
);
server = await startServer({
  port,
  dataDir: join(work, 'data'),
  timeoutMs: 180_000,
  nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
  env: {
    LOG_LEVEL: 'warn',
    ...(db ? { DATABASE_URL: db.url, SEED_DEMO: 'true' } : {}),
    ...(externalUrl ? { MQTT_URL: externalUrl, MQTT_WS_URL: externalUrl } : {}),
  },
});
const base = server.url;
const bidders = [await loginAs(base, '200001', 'admin'), await loginAs(base, '200003', 'admin')];
const list = await (
  await fetch(`${base}/apis/ebidding/SaleEbiddingService/findPageList`, {
    method: 'POST',
    headers: bidders[0].headers,
    body: JSON.stringify({ currentPage: 1, pageSize: 20 }),
  })
).json();
// The English one by total price (the demo world also runs Dutch and Japanese auctions, which take
// acceptances of the clock's price, not offers).
const auction = list.data.records.find(
  (r) => r.ebiddingStatus === '2' && r.ebiddingType === '1' && r.ebiddingMethod === '1',
);
if (!auction) throw new Error('no running demo auction');
const topic = `srm/${bidders[0].env}/ebidding/${auction.id}/sale`;
log(`auction ${auction.ebiddingNumber}; opening ${SUBSCRIBERS} subscribers on ${topic} …`);

const rooms = await openSubscribers(
  externalUrl ?? `ws://127.0.0.1:${port}/mqtt`,
  SUBSCRIBERS,
  bidders,
  topic,
  'best',
);

const calls = [];
const accepted = []; // { price, bidTime }
let refused = 0;
const refusals = new Map(); // message → count
let price = 47_900;
const total = RATE * SECONDS;
const t0 = performance.now();
const inFlight = [];
for (let k = 0; k < total; k++) {
  const due = t0 + (k * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
  const bidder = bidders[k % 2];
  price -= 50;
  const offer = price.toFixed(2);
  const sent = performance.now();
  inFlight.push(
    fetch(`${base}/apis/ebidding/SaleEbiddingService/bid/${auction.id}`, {
      method: 'POST',
      headers: bidder.headers,
      body: JSON.stringify({ price: offer }),
    })
      .then((r) => r.json())
      .then((body) => {
        calls.push(performance.now() - sent);
        if (body.code === '200')
          accepted.push({ price: body.data.price, bidTime: Date.parse(body.data.bidTime) });
        else {
          refused++;
          const why = String(body.message).replace(/[\d.]+/g, '#'); // grouped: the figures vary
          refusals.set(why, (refusals.get(why) ?? 0) + 1);
        }
      }),
  );
}
await Promise.all(inFlight);
await new Promise((ok) => setTimeout(ok, 2000));
const received = await rooms.stop(); // best price → Map(subscriber → receipt ms since epoch)
const pushLatency = [];
const fanOutDone = [];
let missing = 0;
// Pushes are coalesced (issue #14: one push per side per window with the latest standings), so an offer
// has reached a room when the room received a push whose best price is this offer's or a later (lower)
// one — the first such receipt per subscriber. Accepted offers commit in strictly decreasing price order.
const keys = [...received.keys()].map((k) => [Number(k), received.get(k)]);
for (const a of accepted) {
  const firstBySub = new Map();
  for (const [k, got] of keys) {
    if (k > Number(a.price)) continue;
    for (const [sub, t] of got) if (!(firstBySub.get(sub) <= t)) firstBySub.set(sub, t);
  }
  const times = [...firstBySub.values()].map((t) => t - a.bidTime);
  missing += SUBSCRIBERS - times.length;
  pushLatency.push(...times);
  if (times.length) fanOutDone.push(Math.max(...times));
}
const real = {
  bids: total,
  accepted: accepted.length,
  /** Distinct pushes (best prices) the rooms received: fewer than accepted once pushes are coalesced. */
  pushes: received.size,
  refused,
  refusals: Object.fromEntries(refusals),
  bidCall: stats(calls),
  commitToSubscriber: stats(pushLatency),
  commitToLastSubscriber: stats(fanOutDone),
  missingDeliveries: missing,
};
await server.stop();
external?.kill('SIGTERM');

// --- the bare broker -------------------------------------------------------------------------------
/** One bare-broker phase: a fresh bare Aedes, 500 subscribers, `bareRate` publishes a second for SECONDS. */
async function bareRun(bareRate) {
  const barePort = await freePort();
  bare = spawn(process.execPath, [join(root, 'bench/mqtt/bare-broker.mjs'), String(barePort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ok) => bare.stdout.once('data', ok));
  const bareTopic = 'bench/auction/sale';
  const bareRooms = await openSubscribers(
    `ws://127.0.0.1:${barePort}/mqtt`,
    SUBSCRIBERS,
    [],
    bareTopic,
    'seq',
  );
  const publisher = await mqtt.connectAsync(`ws://127.0.0.1:${barePort}/mqtt`, { reconnectPeriod: 0 });
  const sentAt = new Map();
  const bareTotal = Math.round(bareRate * SECONDS);
  const b0 = performance.now();
  for (let k = 0; k < bareTotal; k++) {
    const wait = b0 + (k * 1000) / bareRate - performance.now();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    sentAt.set(k, Date.now());
    const payload = {
      seq: k,
      ebiddingStatus: '2',
      endTime: new Date().toISOString(),
      standings: [{ itemId: null, bestPrice: String(k), bidders: 2, ranking: [k, k - 1] }],
    };
    publisher.publishAsync(bareTopic, JSON.stringify(payload), { qos: BARE_QOS }).catch(() => {});
  }
  await new Promise((ok) => setTimeout(ok, 2000));
  const bareGot = await bareRooms.stop(); // seq → Map(subscriber → receipt ms since epoch)
  await publisher.endAsync(true).catch(() => {});
  bare.kill('SIGTERM');
  const bareLatency = [];
  const bareDone = [];
  let bareMissing = 0;
  for (const [k, t] of sentAt) {
    const got = bareGot.get(k);
    const times = got ? [...got.values()].map((r) => r - t) : [];
    bareMissing += SUBSCRIBERS - times.length;
    bareLatency.push(...times);
    if (times.length) bareDone.push(Math.max(...times));
  }
  return {
    rate: Number(bareRate.toFixed(2)),
    qos: BARE_QOS,
    published: bareTotal,
    publishToSubscriber: stats(bareLatency),
    publishToLastSubscriber: stats(bareDone),
    missingDeliveries: bareMissing,
  };
}
const pushRate = Math.max(1, real.pushes / SECONDS);
// 'both': the same work as the server (its push rate) and one message per offer (the issue's fan-out of
// every bid), each on a fresh bare broker.
const bareRates =
  BARE_RATE === 'both'
    ? [pushRate, RATE]
    : [BARE_RATE === 'offers' ? RATE : BARE_RATE === 'pushes' ? pushRate : Number(BARE_RATE)];
const bares = [];
for (const r of bareRates) bares.push(await bareRun(r));
const bareResult = bares[0];

const result = {
  machine: machine(),
  commit: gitCommit(),
  database: db ? `PostgreSQL ${db.pgVersion}` : 'PGlite',
  broker: EXTERNAL_BROKER ? 'external (an Aedes process through MQTT_URL)' : 'embedded',
  subscribers: SUBSCRIBERS,
  rate: RATE,
  seconds: SECONDS,
  real,
  bare: bareResult,
  bares,
};
writeResult('auction', result);
const ratio = (a, b) => (b ? (a / b).toFixed(2) : '—');
console.log(
  table(
    ['', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    [
      [
        'bid call (sent → committed answer)',
        real.bidCall.samples,
        real.bidCall.p50,
        real.bidCall.p95,
        real.bidCall.p99,
        real.bidCall.max,
      ],
      [
        'bid committed → a subscriber has it',
        real.commitToSubscriber.samples,
        real.commitToSubscriber.p50,
        real.commitToSubscriber.p95,
        real.commitToSubscriber.p99,
        real.commitToSubscriber.max,
      ],
      [
        'bid committed → the last subscriber has it',
        real.commitToLastSubscriber.samples,
        real.commitToLastSubscriber.p50,
        real.commitToLastSubscriber.p95,
        real.commitToLastSubscriber.p99,
        real.commitToLastSubscriber.max,
      ],
      ...bares.flatMap((b) => [
        [
          `bare broker at ${b.rate}/s: publish → a subscriber has it`,
          b.publishToSubscriber.samples,
          b.publishToSubscriber.p50,
          b.publishToSubscriber.p95,
          b.publishToSubscriber.p99,
          b.publishToSubscriber.max,
        ],
        [
          `bare broker at ${b.rate}/s: publish → the last subscriber has it`,
          b.publishToLastSubscriber.samples,
          b.publishToLastSubscriber.p50,
          b.publishToLastSubscriber.p95,
          b.publishToLastSubscriber.p99,
          b.publishToLastSubscriber.max,
        ],
      ]),
    ],
  ),
);
console.log(
  `\naccepted ${real.accepted}/${real.bids} offers (${real.refused} refused), ${real.pushes} pushes; missing deliveries: real ${real.missingDeliveries}, bare ${bares.map((b) => b.missingDeliveries).join(' / ')}; p99 ratio to bare: ${bares.map((b) => `${ratio(real.commitToSubscriber.p99, b.publishToSubscriber.p99)} (at ${b.rate}/s)`).join(', ')}; refusals: ${JSON.stringify(real.refusals)}`,
);
process.exit(0);
