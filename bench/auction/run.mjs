// Live-auction push bench (issue #14): `node bench/auction/run.mjs [--subscribers=500] [--rate=50] [--seconds=15]`
//
// Starts the real server (npm start's bundle, temp PGlite folder, 127.0.0.1) with its demo world, whose
// English auction "2026 年度包装纸箱反向竞价" runs for four hours after start-up with 200001, 200002 and
// 200003 invited (starting price 48,000, decrement 50). Logs in 200001 and 200003 once each and opens
// `subscribers` MQTT-over-WebSocket connections spread over the two (as rooms in browsers do), each
// subscribed to the auction's supplier view `srm/{env}/ebidding/{id}/sale`. Then bids at `rate` per second
// for `seconds`, alternating the two suppliers, each offer 50 below the last (fired on a fixed schedule,
// not waiting for the previous answer). Measures the bid call (request sent → answer, the offer committed)
// and, per accepted offer, bid committed → each subscriber has the push carrying it as the new best price
// (receipt time − the offer's bidTime from the server's clock; same machine). Next to it, in the same run,
// a bare Aedes broker over WebSocket in its own process: an MQTT client publishes at the same rate (QoS 1,
// a similar payload) to the same number of subscribers; latency from publish to receipt.
// Writes bench/results/auction-*.json and prints markdown.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import {
  arg,
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
const CONNECT_CONCURRENCY = 20;

const work = tempDir('auction');
let server;
let bare;
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  if (bare?.exitCode == null) bare?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

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

async function openSubscribers(url, n, users, topic, onMessage) {
  const clients = [];
  let next = 0;
  const one = async (i) => {
    const user = users[i % users.length];
    const client = mqtt.connect(url, {
      clientId: `auction_${i}_${Math.random().toString(16).slice(2, 8)}`,
      username: user ? `${user.elsAccount}_${user.elsSubAccount}` : undefined,
      password: user?.token,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      clean: true,
    });
    client.on('error', () => {});
    await new Promise((ok, fail) => {
      client.once('connect', ok);
      client.once('error', fail);
    });
    const granted = await client.subscribeAsync(topic, { qos: 1 });
    if (granted[0]?.qos === 128) throw new Error(`subscription refused: ${topic}`);
    client.on('message', (_t, payload) => onMessage(i, payload.toString()));
    clients.push(client);
  };
  const worker = async () => {
    while (next < n) await one(next++);
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return clients;
}
const closeAll = (clients) => Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length
    ? {
        samples: s.length,
        p50: +pct(s, 50).toFixed(1),
        p99: +pct(s, 99).toFixed(1),
        max: +s[s.length - 1].toFixed(1),
      }
    : { samples: 0 };
};

// --- the real server ------------------------------------------------------------------------------
const port = await freePort();
log(`starting the server on 127.0.0.1:${port} …`);
server = await startServer({ port, dataDir: join(work, 'data'), env: { LOG_LEVEL: 'warn' } });
const base = server.url;
const bidders = [await loginAs(base, '200001', 'admin'), await loginAs(base, '200003', 'admin')];
const list = await (
  await fetch(`${base}/apis/ebidding/SaleEbiddingService/findPageList`, {
    method: 'POST',
    headers: bidders[0].headers,
    body: JSON.stringify({ currentPage: 1, pageSize: 20 }),
  })
).json();
const auction = list.data.records.find((r) => r.ebiddingStatus === '2');
if (!auction) throw new Error('no running demo auction');
const topic = `srm/${bidders[0].env}/ebidding/${auction.id}/sale`;
log(`auction ${auction.ebiddingNumber}; opening ${SUBSCRIBERS} subscribers on ${topic} …`);

const received = new Map(); // price → Map(subscriber → receipt ms since epoch)
const clients = await openSubscribers(
  `ws://127.0.0.1:${port}/mqtt`,
  SUBSCRIBERS,
  bidders,
  topic,
  (i, text) => {
    const push = JSON.parse(text);
    const best = push.standings?.[0]?.bestPrice;
    if (!best) return;
    const now = Date.now();
    if (!received.has(best)) received.set(best, new Map());
    const got = received.get(best);
    if (!got.has(i)) got.set(i, now);
  },
);

const calls = [];
const accepted = []; // { price, bidTime }
let refused = 0;
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
        else refused++;
      }),
  );
}
await Promise.all(inFlight);
await new Promise((ok) => setTimeout(ok, 2000));
await closeAll(clients);
const pushLatency = [];
const fanOutDone = [];
let missing = 0;
for (const a of accepted) {
  const got = received.get(a.price);
  const times = got ? [...got.values()].map((t) => t - a.bidTime) : [];
  missing += SUBSCRIBERS - times.length;
  pushLatency.push(...times);
  if (times.length) fanOutDone.push(Math.max(...times));
}
const real = {
  bids: total,
  accepted: accepted.length,
  refused,
  bidCall: stats(calls),
  commitToSubscriber: stats(pushLatency),
  commitToLastSubscriber: stats(fanOutDone),
  missingDeliveries: missing,
};
await server.stop();

// --- the bare broker -------------------------------------------------------------------------------
const barePort = await freePort();
bare = spawn(process.execPath, [join(root, 'bench/mqtt/bare-broker.mjs'), String(barePort)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((ok) => bare.stdout.once('data', ok));
const bareTopic = 'bench/auction/sale';
const bareGot = new Map();
const bareClients = await openSubscribers(
  `ws://127.0.0.1:${barePort}/mqtt`,
  SUBSCRIBERS,
  [],
  bareTopic,
  (i, text) => {
    const m = JSON.parse(text);
    if (!bareGot.has(m.seq)) bareGot.set(m.seq, new Map());
    const got = bareGot.get(m.seq);
    if (!got.has(i)) got.set(i, Date.now());
  },
);
const publisher = await mqtt.connectAsync(`ws://127.0.0.1:${barePort}/mqtt`, { reconnectPeriod: 0 });
const sentAt = new Map();
const b0 = performance.now();
for (let k = 0; k < total; k++) {
  const wait = b0 + (k * 1000) / RATE - performance.now();
  if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
  sentAt.set(k, Date.now());
  const payload = {
    seq: k,
    ebiddingStatus: '2',
    endTime: new Date().toISOString(),
    standings: [{ itemId: null, bestPrice: String(k), bidders: 2, ranking: [k, k - 1] }],
  };
  publisher.publishAsync(bareTopic, JSON.stringify(payload), { qos: 1 }).catch(() => {});
}
await new Promise((ok) => setTimeout(ok, 2000));
await closeAll([...bareClients, publisher]);
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
const bareResult = {
  published: total,
  publishToSubscriber: stats(bareLatency),
  publishToLastSubscriber: stats(bareDone),
  missingDeliveries: bareMissing,
};

const result = {
  machine: machine(),
  commit: gitCommit(),
  subscribers: SUBSCRIBERS,
  rate: RATE,
  seconds: SECONDS,
  real,
  bare: bareResult,
};
writeResult('auction', result);
const ratio = (a, b) => (b ? (a / b).toFixed(2) : '—');
console.log(
  table(
    ['', 'samples', 'p50 ms', 'p99 ms', 'max ms'],
    [
      [
        'bid call (sent → committed answer)',
        real.bidCall.samples,
        real.bidCall.p50,
        real.bidCall.p99,
        real.bidCall.max,
      ],
      [
        'bid committed → a subscriber has it',
        real.commitToSubscriber.samples,
        real.commitToSubscriber.p50,
        real.commitToSubscriber.p99,
        real.commitToSubscriber.max,
      ],
      [
        'bid committed → the last subscriber has it',
        real.commitToLastSubscriber.samples,
        real.commitToLastSubscriber.p50,
        real.commitToLastSubscriber.p99,
        real.commitToLastSubscriber.max,
      ],
      [
        'bare broker: publish → a subscriber has it',
        bareResult.publishToSubscriber.samples,
        bareResult.publishToSubscriber.p50,
        bareResult.publishToSubscriber.p99,
        bareResult.publishToSubscriber.max,
      ],
      [
        'bare broker: publish → the last subscriber has it',
        bareResult.publishToLastSubscriber.samples,
        bareResult.publishToLastSubscriber.p50,
        bareResult.publishToLastSubscriber.p99,
        bareResult.publishToLastSubscriber.max,
      ],
    ],
  ),
);
console.log(
  `\naccepted ${real.accepted}/${real.bids} offers (${real.refused} refused), missing deliveries: real ${real.missingDeliveries}, bare ${bareResult.missingDeliveries}; p99 ratio to bare: ${ratio(real.commitToSubscriber.p99, bareResult.publishToSubscriber.p99)}`,
);
process.exit(0);
