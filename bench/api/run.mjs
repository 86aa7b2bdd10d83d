// API bench (issue #7): `node bench/api/run.mjs [--duration=10] [--connections=32] [--rounds=3]`
//
// 1. start-up: cold (empty data folder: migrate + seed) and warm (the same folder again), each the
//    time from spawn to the first 200 on /apis/ElsAuthService/clientConfig;
// 2. autocannon, in one run, against a bare Fastify hello-world (its own child process) and the real
//    server (PGlite): webValidToken/{token} and getMenu with the token header; ratio to the baseline;
// 3. peak resident memory of the server process during the load (VmRSS, sampled every 100 ms).
// Writes bench/results/api-*.json and prints a markdown table. Everything listens on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  freePort,
  gitCommit,
  login,
  machine,
  mib,
  root,
  sampleRss,
  startServer,
  stopChild,
  table,
  tempDir,
  waitForHttp,
  writeResult,
} from '../lib.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};
const duration = Number(arg('duration', 10));
const warmup = Number(arg('warmup', 2));
const connections = Number(arg('connections', 32));
const rounds = Number(arg('rounds', 3));
const logLevel = arg('log-level', 'info'); // the server's default, as `npm start` runs it

const dataDir = tempDir('api');
const children = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode == null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const log = (...a) => console.error(...a);
const serverEnv = { LOG_LEVEL: logLevel };

// 1. Start-up times.
log(`cold start on an empty data folder (${dataDir}) …`);
let port = await freePort();
const cold = await startServer({ port, dataDir, env: serverEnv });
children.push(cold.child);
const coldRss = sampleRss(cold.child.pid).stop().last;
await cold.stop();
log(`  first answer after ${cold.readyMs.toFixed(0)} ms`);

log('warm start on the same folder …');
port = await freePort();
const server = await startServer({ port, dataDir, env: serverEnv });
children.push(server.child);
const idleRss = sampleRss(server.child.pid).stop().last;
log(`  first answer after ${server.readyMs.toFixed(0)} ms`);

// 2. Baseline in its own process.
const helloPort = await freePort();
const hello = spawn(process.execPath, ['bench/api/hello.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(helloPort) },
  stdio: 'inherit',
});
children.push(hello);
const helloExit = new Promise((ok) => hello.once('exit', ok));
if ((await waitForHttp(`http://127.0.0.1:${helloPort}/`, { exited: helloExit })) == null) {
  throw new Error('hello-world baseline did not start');
}

const token = await login(server.url);
const headers = { token, account: '100000_admin' };
const targets = [
  { name: 'Fastify hello-world (baseline)', url: `http://127.0.0.1:${helloPort}/`, pid: hello.pid },
  {
    name: 'GET /apis/ElsAuthService/webValidToken/{token}',
    url: `${server.url}/apis/ElsAuthService/webValidToken/${token}`,
    pid: server.child.pid,
    check: (b) => b.code === '200' && b.data?.valid === true,
  },
  {
    name: 'GET /apis/user/getMenu (token header)',
    url: `${server.url}/apis/user/getMenu`,
    headers,
    pid: server.child.pid,
    check: (b) => b.code === '200' && Array.isArray(b.data) && b.data.length > 0,
  },
];

// Each answer must be the real thing before it is measured.
for (const t of targets) {
  if (!t.check) continue;
  const res = await fetch(t.url, { headers: t.headers });
  const body = await res.json();
  if (res.status !== 200 || !t.check(body)) {
    throw new Error(`${t.name}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

// Rounds: the targets take turns (baseline, webValidToken, getMenu, baseline, …) so that a machine whose speed
// drifts (other work on shared cores) shifts all of them alike; each figure is the median of its rounds
// and each ratio the median of the per-round ratios.
const serverPeak = { peak: 0 };
for (const t of targets) {
  log(`${t.name}: warm-up ${warmup} s …`);
  await autocannon({ url: t.url, headers: t.headers, connections, duration: warmup });
}
const runs = targets.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, t] of targets.entries()) {
    log(`round ${round + 1}/${rounds}: ${t.name}, ${duration} s at ${connections} connections …`);
    const mem = sampleRss(t.pid);
    const r = await autocannon({ url: t.url, headers: t.headers, connections, duration });
    const { peak } = mem.stop();
    if (t.pid === server.child.pid) serverPeak.peak = Math.max(serverPeak.peak, peak);
    runs[i].push({ r, peak });
  }
}
const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const results = targets.map((t, i) => ({
  name: t.name,
  reqPerSec: median(runs[i].map((x) => x.r.requests.average)),
  perRound: runs[i].map((x) => Math.round(x.r.requests.average)),
  ratioToBaseline: median(runs[i].map((x, k) => x.r.requests.average / runs[0][k].r.requests.average)),
  total: runs[i].reduce((sum, x) => sum + x.r.requests.total, 0),
  p50: median(runs[i].map((x) => x.r.latency.p50)),
  p99: median(runs[i].map((x) => x.r.latency.p99)),
  max: Math.max(...runs[i].map((x) => x.r.latency.max)),
  non2xx: runs[i].reduce((sum, x) => sum + x.r.non2xx, 0),
  errors: runs[i].reduce((sum, x) => sum + x.r.errors, 0),
  timeouts: runs[i].reduce((sum, x) => sum + x.r.timeouts, 0),
  peakRss: Math.max(...runs[i].map((x) => x.peak)),
}));

await stopChild(server.child, server.exited);
hello.kill('SIGTERM');
await helloExit;

const out = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: machine(),
  settings: {
    duration,
    warmup,
    connections,
    rounds,
    serverLogLevel: logLevel,
    database: 'PGlite (temp folder)',
  },
  startup: { coldMs: Math.round(cold.readyMs), warmMs: Math.round(server.readyMs) },
  memory: { afterColdStart: coldRss, idleAfterWarmStart: idleRss, peakUnderLoad: serverPeak.peak },
  load: results,
};
const file = writeResult('api', out);

const m = out.machine;
console.log(
  `\n### API (${out.date.slice(0, 10)}, ${m.cpu}, ${m.cores} cores, ${m.memTotalGiB} GiB, Node ${m.node}, commit ${out.commit})\n`,
);
console.log(
  `autocannon ${connections} connections, ${rounds} rounds of ${duration} s per target taking turns, after ${warmup} s warm-up; medians; server on PGlite, LOG_LEVEL=${logLevel}\n`,
);
console.log(
  table(
    ['target', 'req/s (median)', 'per round', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'vs baseline'],
    out.load.map((r) => [
      r.name,
      Math.round(r.reqPerSec).toLocaleString('en'),
      r.perRound.map((n) => n.toLocaleString('en')).join(' / '),
      r.p50,
      r.p99,
      `${r.errors + r.timeouts} / ${r.non2xx}`,
      r === out.load[0] ? '100%' : `${(r.ratioToBaseline * 100).toFixed(0)}%`,
    ]),
  ),
);
console.log('');
console.log(
  table(
    ['start-up / memory', 'measured', 'budget'],
    [
      [
        'cold start (empty data folder: migrate + seed), spawn → first 200',
        `${out.startup.coldMs} ms`,
        '≤ 20,000 ms',
      ],
      ['warm start (existing data folder), spawn → first 200', `${out.startup.warmMs} ms`, '≤ 3,000 ms'],
      ['server RSS idle after warm start', `${mib(idleRss)} MiB`, ''],
      ['server RSS peak under load', `${mib(serverPeak.peak)} MiB`, '< 300 MB'],
    ],
  ),
);
// The budget (issue #7) is for an authenticated trivial call — webValidToken; getMenu (a ~10 KB menu
// tree per call) is shown for information.
const trivial = out.load[1].ratioToBaseline;
console.log(
  `\nauthenticated trivial call (webValidToken): ${(trivial * 100).toFixed(0)}% of the baseline (budget ≥ 50%) ${trivial >= 0.5 ? '✔' : '✖'}; getMenu ${(out.load[2].ratioToBaseline * 100).toFixed(0)}% (for information)`,
);
console.log(`results: ${file.slice(root.length + 1)}`);
