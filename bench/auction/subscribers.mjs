// A worker thread of bench/auction/run.mjs: opens its share of the MQTT-over-WebSocket subscribers, notes
// when each first receives each key, and hands the receipts back when told to stop — so that the bench's
// main thread, which fires the offers and times their answers, is not the thread that parses 25,000
// pushes a second.
//
// workerData: { url, from, to (subscriber numbers [from, to)), users ([{ elsAccount, elsSubAccount, token }],
// subscriber i logs in as users[i % users.length]; none: anonymous, as the bare broker takes),
// topic, key ('best': the push's standings[0].bestPrice, the auction's; 'seq': the bare payload's seq) }.
// Messages to the parent: { ready: true } once every subscription is granted; on 'stop':
// { receipts: [[key, [[subscriber, ms since epoch], …]], …] } after every client closed.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

const { url, from, to, users, topic, key } = workerData;
const CONNECT_CONCURRENCY = 10;
const received = new Map(); // key → Map(subscriber → first receipt, ms since epoch)
const clients = [];

function note(i, text) {
  const m = JSON.parse(text);
  const k = key === 'best' ? m.standings?.[0]?.bestPrice : m.seq;
  if (k == null) return;
  const now = Date.now();
  if (!received.has(k)) received.set(k, new Map());
  const got = received.get(k);
  if (!got.has(i)) got.set(i, now);
}

async function one(i) {
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
  client.on('message', (_t, payload) => note(i, payload.toString()));
  clients.push(client);
}

let next = from;
await Promise.all(
  Array.from({ length: CONNECT_CONCURRENCY }, async () => {
    while (next < to) await one(next++);
  }),
);
parentPort.postMessage({ ready: true });
parentPort.on('message', async (m) => {
  if (m !== 'stop') return;
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  parentPort.postMessage({
    receipts: [...received].map(([k, got]) => [k, [...got]]),
  });
  parentPort.close();
});
