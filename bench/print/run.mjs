// PDF printing: the first print after start (issue #14 leftover): `node bench/print/run.mjs [--repeat=4]`
//
// Seeds a temp PGlite folder once (npm start's bundle, demo world, 127.0.0.1), then warm-starts the real server
// on it once per order of kinds (`--firsts=order,record`: one start whose first print is the order, one whose
// first print is the auction record) and per bundle (`--bundles=label=path,…`, default npm start's
// apps/server/dist/main.mjs; two bundles give an A/B in one session on this shared machine), `--rounds` times,
// interleaved. Per start: logs in as the demo buyer 李娜 (100000/buyer1), waits `--idle` seconds and samples
// the idle RSS, then prints, one call after the other, the first and `--repeat` more of the first kind, then
// of the other kind: the newest purchase order of the buyer's list (`GET /apis/order/PurchaseOrderService/
// print/{id}`) and the demo's finished auction "电阻电容季度竞价" (`GET /apis/ebidding/PurchaseEbiddingService/
// print/{id}`, the kernel's print with the ranking and the bid log). Each call: wall time (request sent → last
// byte), the server's CPU time (utime + stime from /proc, all its threads: less moved by the machine's load
// than the wall time) and its RSS sampled every 20 ms (peak). After the prints, the RSS settled (`--idle` s).
// --busy=N runs N busy-looping processes during the prints (a loaded server; default 0: the shared machine's
// own load, printed next to the figures). --cpu-prof=DIR: the server under `node --cpu-prof`.
// Writes bench/results/print-*.json and prints markdown. The in-process breakdown (import, font read, font
// parse, layout, subset) is bench/print/breakdown.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  arg,
  fmt,
  freePort,
  gitCommit,
  log,
  login,
  machine,
  mib,
  rss,
  sampleRss,
  startServer,
  table,
  tempDir,
  writeResult,
} from '../lib.mjs';

const REPEAT = Number(arg('repeat', 4));
const FIRSTS = String(arg('firsts', 'order,record')).split(',');
const IDLE_S = Number(arg('idle', 5));
const BUSY = Number(arg('busy', 0));
const CPU_PROF = arg('cpu-prof', '');
const ROUNDS = Number(arg('rounds', 1));
/** label=path pairs; the default is npm start's bundle (built when stale). */
const BUNDLES = String(arg('bundles', 'current='))
  .split(',')
  .map((pair) => pair.split('='))
  .map(([label, path]) => [label, path || undefined]);
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

const work = tempDir('print');
const children = new Set();
process.on('exit', () => {
  for (const c of children) if (c.exitCode == null) c.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const post = async (url, headers, body) =>
  (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).json();

/** N processes that burn a core each until killed (a loaded server). */
function busy(n) {
  const procs = Array.from({ length: n }, () =>
    spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
  );
  for (const p of procs) children.add(p);
  return () => {
    for (const p of procs) p.kill('SIGKILL');
  };
}

/** CPU time (user + system, all threads) of pid in ms, from /proc/pid/stat. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

async function oneStart(first, label, bundle, dataDir) {
  const port = await freePort();
  log(`${label}: starting the server on 127.0.0.1:${port} (first print: ${first}) …`);
  const server = await startServer({
    port,
    dataDir,
    bundle,
    timeoutMs: 180_000,
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
    env: { LOG_LEVEL: 'warn' },
  });
  children.add(server.child);
  const pid = server.child.pid;
  const base = server.url;
  const token = await login(base, { elsAccount: '100000', elsSubAccount: 'buyer1', password: 'Demo@2026' });
  const headers = { 'content-type': 'application/json', token, account: '100000_buyer1', lang: 'zh_cn' };
  const orders = await post(`${base}/apis/order/PurchaseOrderService/findPageList`, headers, {
    currentPage: 1,
    pageSize: 10,
  });
  const order = orders.data?.records?.[0];
  const auctions = await post(`${base}/apis/ebidding/PurchaseEbiddingService/findPageList`, headers, {
    currentPage: 1,
    pageSize: 50,
  });
  const auction = auctions.data?.records?.find((r) => r.ebiddingName === '电阻电容季度竞价');
  if (!order || !auction)
    throw new Error(
      `demo order or finished auction not found: ${JSON.stringify({ orders, auctions }).slice(0, 400)}`,
    );
  const urls = {
    order: `${base}/apis/order/PurchaseOrderService/print/${order.id}`,
    record: `${base}/apis/ebidding/PurchaseEbiddingService/print/${auction.id}`,
  };
  await sleep(IDLE_S * 1000);
  const idleRss = rss(pid);
  const load = loadavg()[0];
  const stopBusy = busy(BUSY);
  const kinds = [first, ...Object.keys(urls).filter((k) => k !== first)];
  const calls = [];
  for (const kind of kinds) {
    for (let i = 0; i <= REPEAT; i++) {
      const sampler = sampleRss(pid, 20);
      const cpu0 = cpuMs(pid);
      const t0 = performance.now();
      const res = await fetch(urls[kind], { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      const ms = performance.now() - t0;
      const cpu = cpuMs(pid) - cpu0;
      const { peak } = sampler.stop();
      if (res.status !== 200 || !String(res.headers.get('content-type')).includes('pdf'))
        throw new Error(`${kind} print answered ${res.status} ${res.headers.get('content-type')}`);
      calls.push({ kind, n: i + 1, ms, cpu, bytes, peakRss: peak });
      log(
        `  ${kind} #${i + 1}: ${fmt(ms)} ms (server CPU ${fmt(cpu)} ms), ${bytes} B, RSS peak ${mib(peak)} MiB`,
      );
    }
  }
  stopBusy();
  await sleep(IDLE_S * 1000);
  const settledRss = rss(pid);
  await server.stop();
  children.delete(server.child);
  return { label, first, readyMs: server.readyMs, idleRss, settledRss, loadBefore: load, calls };
}

// Seed once (cold start: migrate + demo world), then every measured start is a warm start on that folder.
const dataDir = join(work, 'data');
{
  const port = await freePort();
  log(`seeding the demo world into ${dataDir} …`);
  const seeding = await startServer({ port, dataDir, timeoutMs: 180_000, env: { LOG_LEVEL: 'warn' } });
  children.add(seeding.child);
  await seeding.stop();
  children.delete(seeding.child);
}
const runs = [];
for (let round = 0; round < ROUNDS; round++)
  for (const first of FIRSTS)
    for (const [label, bundle] of BUNDLES) runs.push(await oneStart(first, label, bundle, dataDir));
const result = {
  when: new Date().toISOString(),
  commit: gitCommit(),
  machine: machine(),
  loadavgAfter: loadavg(),
  options: { repeat: REPEAT, firsts: FIRSTS, idle: IDLE_S, busy: BUSY, rounds: ROUNDS, bundles: BUNDLES },
  runs,
};
const file = writeResult('print', result);

const m = result.machine;
console.log(
  `\`node bench/print/run.mjs${BUSY ? ` --busy=${BUSY}` : ''}\` — ${result.when.slice(0, 16).replace('T', ' ')} UTC, ${m.cpu}, ${m.cores} cores, ${m.memTotalGiB} GiB, Node ${m.node}, commit ${result.commit}; load average ${result.loadavgAfter[0].toFixed(1)} at the end\n`,
);
const rows = [];
for (const r of runs) {
  for (const kind of [...new Set(r.calls.map((c) => c.kind))]) {
    const calls = r.calls.filter((c) => c.kind === kind);
    const later = calls.slice(1);
    const range = (xs) => (xs.length ? `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}` : '—');
    rows.push([
      r.label,
      r.first,
      kind === r.first ? `**${kind}** (first after start)` : `${kind} (after the other)`,
      `${fmt(calls[0].ms)} / ${fmt(calls[0].cpu)}`,
      `${range(later.map((c) => c.ms))} / ${range(later.map((c) => c.cpu))}`,
      `${Math.round(calls[0].bytes / 1024)} KiB`,
      mib(Math.max(...calls.map((c) => c.peakRss))),
    ]);
  }
}
console.log(
  table(
    [
      'bundle',
      'start',
      'document',
      'first: wall / server CPU ms',
      `next ${REPEAT}: wall / server CPU ms`,
      'PDF',
      'RSS peak MiB',
    ],
    rows,
  ),
);
console.log();
console.log(
  table(
    [
      'bundle',
      'start',
      'warm start ms',
      'load avg before the prints',
      'RSS idle before the first print MiB',
      'RSS settled after the prints MiB',
    ],
    runs.map((r) => [
      r.label,
      r.first,
      fmt(r.readyMs),
      r.loadBefore.toFixed(1),
      mib(r.idleRss),
      mib(r.settledRss),
    ]),
  ),
);
log(`\nwritten ${file}`);
