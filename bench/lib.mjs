// Helpers shared by the benches: start the real server as a child process on a temp data folder,
// wait for its first answer, log in, sample the resident memory, describe the machine.
import { spawn, spawnSync } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { serverArgs } from '../scripts/server-build.mjs';

export const root = resolve(import.meta.dirname, '..');
export const CIPHER_KEY = 'SrmPortal2026Key';
export const DEMO = { elsAccount: '100000', elsSubAccount: 'admin', password: 'Demo@2026' };

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), `srm-bench-${prefix}-`));
}

/** The spec's password cipher: AES-ECB, PKCS7, fixed key, base64. */
export function encryptPassword(plain, key = CIPHER_KEY) {
  const bits = Buffer.byteLength(key) * 8;
  const c = createCipheriv(`aes-${bits}-ecb`, Buffer.from(key, 'utf8'), null);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

/**
 * Spawns the server exactly as `npm start` runs it (the bundle apps/server/dist/main.mjs, built first when
 * stale by scripts/server-build.mjs),
 * on 127.0.0.1:port with the given data folder. Resolves once the first HTTP 200 on `readyPath`
 * arrives, with the time from spawn to that answer.
 */
export async function startServer({
  port,
  dataDir,
  env = {},
  readyPath = '/apis/ElsAuthService/clientConfig',
  timeoutMs = 120_000,
  nodeArgs = [],
  bundle,
}) {
  // nodeArgs: extra node flags before the bundle (e.g. --cpu-prof, which NODE_OPTIONS does not allow).
  // bundle: another built bundle to run instead of npm start's (an A/B of two builds in one session).
  const args = [
    ...nodeArgs,
    ...(bundle ? ['--enable-source-maps', resolve(bundle)] : await serverArgs()), // builds first when stale: not part of the start-up time
  ];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  const url = `http://127.0.0.1:${port}${readyPath}`;
  const ms = await waitForHttp(url, { timeoutMs, exited, t0 });
  if (ms == null) {
    child.kill('SIGKILL');
    throw new Error(`server did not answer ${url} within ${timeoutMs} ms\n${stderr}`);
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    readyMs: ms,
    exited,
    stop: () => stopChild(child, exited),
  };
}

/** Polls url every 10 ms until it answers 200; returns ms since t0, or null on timeout / exit. */
export async function waitForHttp(url, { timeoutMs = 60_000, exited, t0 = performance.now() } = {}) {
  let gone = false;
  exited?.then(() => {
    gone = true;
  });
  while (performance.now() - t0 < timeoutMs && !gone) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return null;
}

export async function stopChild(child, exited) {
  if (child.exitCode != null || child.signalCode != null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Logs in as the demo buyer administrator; returns the access token. */
export async function login(baseUrl, who = DEMO) {
  const res = await fetch(`${baseUrl}/apis/ElsAuthService/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      elsAccount: who.elsAccount,
      elsSubAccount: who.elsSubAccount,
      password: encryptPassword(who.password),
    }),
  });
  const body = await res.json();
  if (body.code !== '200' || !body.data?.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Resident set size of a process in bytes (VmRSS from /proc), or null when it is gone. */
export function rss(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the RSS of pid every intervalMs; stop() returns { peak, last } in bytes. */
export function sampleRss(pid, intervalMs = 100) {
  let peak = 0;
  let last = 0;
  const tick = () => {
    const v = rss(pid);
    if (v != null) {
      last = v;
      peak = Math.max(peak, v);
    }
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { peak, last };
    },
  };
}

export function machine() {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {}
  return {
    cpu,
    cores: cpus().length,
    memTotalGiB: +(totalmem() / 2 ** 30).toFixed(1),
    memFreeGiB: +(freemem() / 2 ** 30).toFixed(1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export function gitCommit() {
  // A git worktree's .git is a file naming the real git directory: ask git.
  const rev = spawnSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (rev.status === 0 && rev.stdout.trim()) return rev.stdout.trim();
  try {
    const head = readFileSync(join(root, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 7);
    return readFileSync(join(root, '.git', head.slice(5)), 'utf8')
      .trim()
      .slice(0, 7);
  } catch {
    return 'unknown';
  }
}

/** Writes results to bench/results/<name>-<timestamp>.json (gitignored); returns the path. */
export function writeResult(name, data) {
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** A markdown table from a header row and rows of cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);
export const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);

// ---------------------------------------------------------------- list benches at scale (orders, delivery notes)

/** `--name=value`, `--name value` or a bare `--name` ('true'); fallback when absent. */
export function arg(name, fallback) {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  if (hit.includes('=')) return hit.slice(name.length + 3);
  const next = process.argv[process.argv.indexOf(hit) + 1];
  return next && !next.startsWith('--') ? next : 'true';
}

export const log = (...a) => console.error(...a);
export const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Runs fn, logs how long it took; { r: its result, ms }. */
export async function timed(label, fn) {
  const t0 = performance.now();
  const r = await fn();
  const ms = performance.now() - t0;
  log(`  ${label}: ${secs(ms)}`);
  return { r, ms };
}

/** The q-quantile of an ascending array (nearest rank). */
export function percentile(sorted, q) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * A dedicated benchmark database: connects as the administrator (adminUrl), reads the server's version and
 * the settings the reports name, then (unless `reuse` finds it) drops and creates `name`, owned by `owner`
 * — default the CI role `srm_ci` when it exists, else the administrator's own user. `drop()` (sync, also
 * run on exit unless keep) removes it again.
 */
export async function benchDatabase({ pg, name, adminUrl, owner, reuse = false, keep = false }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const pgVersion = (await admin.query('show server_version')).rows[0].server_version;
  const pgSettings = Object.fromEntries(
    (
      await admin.query(
        `select name, setting || coalesce(unit, '') as v from pg_settings
         where name in ('shared_buffers','work_mem','effective_cache_size','max_parallel_workers_per_gather','jit')`,
      )
    ).rows.map((r) => [r.name, r.v]),
  );
  const adminUser = new URL(adminUrl).username || 'postgres';
  const role =
    owner ??
    ((await admin.query(`select 1 from pg_roles where rolname = 'srm_ci'`)).rowCount === 1
      ? 'srm_ci'
      : adminUser);
  const reused =
    reuse && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reused) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${role}`);
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (role !== adminUser) {
    url.username = role;
    url.password = role === 'srm_ci' ? 'srm_ci' : '';
  }
  let dropped = false;
  const drop = () => {
    if (dropped || keep) return;
    dropped = true;
    spawnSync('psql', [adminUrl, '-qAtc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], {
      stdio: 'ignore',
    });
  };
  return { url: url.toString(), role, reused, pgVersion, pgSettings, drop };
}

/**
 * The baseline: `connections` pg clients, each looping the list's statements as the server sends them —
 * the page, the capped count and, when that count passes countLimit, the planner's estimate — for the
 * given seconds. Without estimateTtlMs all of them every loop; with it as the server does (list-query.ts):
 * once an estimate is made, the next estimateTtlMs reuse it and send the page alone (no count).
 * Latency per loop (ms), loops per second.
 */
export async function bareLoop(q, seconds, pool, { connections, countLimit, estimateTtlMs }) {
  const lat = [];
  let errors = 0;
  let estimatedAt = Number.NEGATIVE_INFINITY;
  const estimateFresh = () => estimateTtlMs != null && performance.now() - estimatedAt < estimateTtlMs;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    const c = await pool.connect();
    try {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const fresh = estimateFresh();
          await c.query(q.page);
          if (!fresh) {
            const n = Number((await c.query(q.count)).rows[0].count);
            if (n > countLimit && q.estimate) {
              await c.query(q.estimate);
              estimatedAt = performance.now();
            }
          }
          lat.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    } finally {
      c.release();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return {
    requests: lat.length,
    rps: lat.length / elapsed,
    p50: percentile(lat, 0.5),
    p99: percentile(lat, 0.99),
    max: lat.at(-1),
    errors,
  };
}

/** autocannon POSTing a JSON body for the given seconds; resolves with its result. */
export function cannon(autocannon, { url, headers, body, seconds, connections }) {
  return new Promise((ok, fail) => {
    autocannon(
      {
        url,
        method: 'POST',
        connections,
        duration: seconds,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        timeout: 30,
      },
      (err, res) => (err ? fail(err) : ok(res)),
    );
  });
}

/**
 * One line of an EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON): planning and execution ms, the indexes read and
 * the node chain; `seqScans` (tables read whole) and `sortedRows` (the most rows any Sort took in) tell
 * whether a list page is an index range in its order.
 */
export function planSummary(json) {
  const top = json[0];
  const indexes = new Set();
  const nodes = [];
  const seqScans = [];
  let sortedRows = 0;
  const walk = (n) => {
    let label = n['Node Type'];
    if (n['Index Name']) {
      indexes.add(n['Index Name']);
      label += ` ${n['Index Name']}${n['Scan Direction'] === 'Backward' ? ' (backward)' : ''}`;
    } else if (n['Relation Name']) label += ` ${n['Relation Name']}`;
    if (n['Node Type'] === 'Seq Scan') seqScans.push(n['Relation Name']);
    if (n['Node Type'].endsWith('Sort'))
      sortedRows = Math.max(
        sortedRows,
        ...(n.Plans ?? []).map((c) => c['Actual Rows'] * (c['Actual Loops'] ?? 1)),
      );
    if (n['Sort Method']) label += ` [${n['Sort Method']}]`;
    if (n['Rows Removed by Filter']) label += ` (filter removed ${fmt(n['Rows Removed by Filter'])})`;
    if (n['Heap Fetches'] != null && n['Node Type'].startsWith('Index Only'))
      label += ` (heap fetches ${fmt(n['Heap Fetches'])})`;
    nodes.push(label);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(top.Plan);
  return {
    planningMs: +top['Planning Time'].toFixed(2),
    executionMs: +top['Execution Time'].toFixed(2),
    sharedHit: top.Plan['Shared Hit Blocks'],
    sharedRead: top.Plan['Shared Read Blocks'],
    indexes: [...indexes],
    seqScans,
    sortedRows,
    plan: nodes.join(' → '),
  };
}

/** The machine line of a list bench's report. */
export function reportHeader({ pgVersion, pgSettings }) {
  const m = machine();
  return (
    `${new Date().toISOString().slice(0, 10)} · ${m.cpu}, ${m.cores} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM ` +
    `(${(freemem() / 2 ** 30).toFixed(0)} GiB free) · load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} · Node ${process.version} · PostgreSQL ${pgVersion} ` +
    `(shared_buffers ${pgSettings.shared_buffers}, work_mem ${pgSettings.work_mem}) · commit ${gitCommit()}`
  );
}

/**
 * The statements the kernel sends for one list call, captured from the kernel itself: `kind.list.json` run
 * on a drizzle over the node-postgres pool (as the server's) whose logger records each statement and its
 * values. A fresh drizzle per call, so the kernel's per-database caches (shapes, estimates) start empty and
 * the planner's estimate, when the count passes the exact-count limit, is captured too.
 * Returns { page, count, estimate: { text, values } | undefined, answer: the kernel's page }.
 */
export async function kernelStatements({ drizzle, pool, kind, account, side, body }) {
  const sent = [];
  const capture = drizzle(pool, { logger: { logQuery: (text, values) => sent.push({ text, values }) } });
  const { currentPage, pageSize, cursor } = body;
  const answer = await kind.list.json(
    capture,
    account,
    side,
    { currentPage, pageSize, cursor },
    kind.listFilter(body),
  );
  const pick = (test) => sent.find((s) => test(s.text));
  return {
    page: pick((t) => t.startsWith('select row_to_json')),
    count: pick((t) => t.includes(') as capped')),
    estimate: pick((t) => t.startsWith('explain')),
    answer,
  };
}

/**
 * Measures one list target of the kernel's findPageList route (delivery notes, statements, invoices …):
 * - `t.cursorAt` (0…1): the key of the row at that depth is read once the slow way (the first page's
 *   statement with OFFSET) and sent as the kernel's cursor { s: side, k: key }; t.body / t.name updated;
 * - one API call checks the answer; the kernel's statements for the same body are captured and must return
 *   the very records the API answered;
 * - EXPLAIN (ANALYZE, BUFFERS) of page and capped count, flagged (✖) when a page is not an index range in
 *   its order (a seq scan, or a sort of more than 1,000 rows);
 * - autocannon (`connections`, `duration` s after `warmup` s) on the route, then the bare statements through
 *   pg as the server sends them (bareLoop with the kernel's count cap and estimate reuse).
 * ctx: { autocannon, drizzle, pool, kind, url, headers, account, pageSize, countLimit, estimateTtlMs,
 * duration, warmup, connections }. Returns the result row the report tables read.
 */
export async function measureListTarget(t, ctx) {
  const { autocannon, drizzle, pool, kind, url, headers, account, pageSize } = ctx;
  const { duration, warmup, connections, countLimit, estimateTtlMs } = ctx;
  const capture = (body) => kernelStatements({ drizzle, pool, kind, account, side: t.side, body });
  log(`\n${t.name}`);
  if (t.cursorAt) {
    const q = await capture(t.body);
    const countValues = [...q.count.values];
    if (countValues.at(-1) !== countLimit + 1)
      throw new Error(`count statement: the cap is not its last value (${JSON.stringify(countValues)})`);
    countValues.splice(-1, 1, 2 ** 31 - 1);
    const n = Number((await pool.query(q.count.text, countValues)).rows[0].count);
    const at = Math.floor(n * t.cursorAt);
    const values = [...q.page.values];
    if (values.at(-2) !== pageSize || values.at(-1) !== 0)
      throw new Error(`first page statement: limit/offset not its last values (${JSON.stringify(values)})`);
    values.splice(-2, 2, 1, at);
    const key = JSON.parse((await pool.query({ text: q.page.text, values, rowMode: 'array' })).rows[0][1]);
    t.body = { ...t.body, cursor: Buffer.from(JSON.stringify({ s: t.side, k: key })).toString('base64url') };
    t.name = `${t.name} (row ${fmt(at)} of ${fmt(n)})`;
    log(`  cursor at row ${fmt(at)}: key ${JSON.stringify(key)}`);
  }
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

  const q = await capture(t.body);
  if (!q.page || !q.count) throw new Error(`${t.name}: the kernel's statements were not captured`);
  // drizzle reads a page as arrays: [row JSON, keyset key, custom fields]
  const bareRows = (await pool.query({ ...q.page, rowMode: 'array' })).rows.map((r) => JSON.parse(r[0]));
  if (JSON.stringify(bareRows) !== JSON.stringify(check.data.records))
    throw new Error(`${t.name}: the bare SQL answers other rows than the API`);
  const statements = {
    page: { text: q.page.text, values: q.page.values },
    count: { text: q.count.text, values: q.count.values },
    estimate: q.estimate && { text: q.estimate.text, values: q.estimate.values },
  };
  const explain = {};
  for (const k of ['page', 'count']) {
    const r = await pool.query({
      text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statements[k].text}`,
      values: statements[k].values,
    });
    explain[k] = planSummary(r.rows[0]['QUERY PLAN']);
    const e = explain[k];
    // A page must be an index range in the list's order; the count stops at 1,001 matches whatever it reads.
    const bad = k === 'page' && (e.seqScans.length > 0 || e.sortedRows > 1000);
    e.flagged = bad;
    log(
      `  EXPLAIN ${k}: plan ${e.planningMs} ms + exec ${e.executionMs} ms; ${e.plan}${bad ? `  ✖ seq scans ${e.seqScans}, sorted ${e.sortedRows} rows` : ''}`,
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
  const loop = { connections, countLimit, estimateTtlMs };
  await bareLoop(statements, warmup, pool, loop);
  const b = await bareLoop(statements, duration, pool, loop);
  log(
    `  bare pg: ${fmt(b.rps)} req/s, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms (${b.errors} errors)`,
  );
  return { ...t, total, rows, sql: statements, explain, api, bare: b, ratio: api.rps / b.rps };
}

/** The two report tables of a list bench (figures with the ratio to bare pg; plans) from measureListTarget rows. */
export function listReportTables(results, duration) {
  const ms = (v) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : fmt(v)) : '—');
  const mainTable = table(
    ['target', 'total', 'req/s', 'p50 ms', 'p99 ms', 'bare pg req/s', 'bare p50 ms', 'bare p99 ms', 'ratio'],
    results.map((r) => [
      r.name,
      fmt(r.total),
      r.api.requests < duration
        ? `${r.api.requests} in ${duration} s (${r.api.errors} timeouts/errors)`
        : fmt(r.api.rps),
      ms(r.api.p50),
      `${ms(r.api.p99)}${r.api.p99 > 50 ? ' ✖' : ''}`,
      fmt(r.bare.rps),
      ms(r.bare.p50),
      ms(r.bare.p99),
      `${Math.round(r.ratio * 100)}%${r.ratio < 0.6 ? ' ✖' : ''}`,
    ]),
  );
  const planTable = table(
    ['target', 'page query: plan + exec ms', 'page plan', 'count: plan + exec ms', 'count plan'],
    results.map((r) => [
      r.name,
      `${r.explain.page.planningMs} + ${r.explain.page.executionMs}`,
      `${r.explain.page.plan}${r.explain.page.flagged ? ' ✖' : ''}`,
      `${r.explain.count.planningMs} + ${r.explain.count.executionMs}`,
      r.explain.count.plan,
    ]),
  );
  return { mainTable, planTable };
}
