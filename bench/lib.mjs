// Helpers shared by the benches: start the real server as a child process on a temp data folder,
// wait for its first answer, log in, sample the resident memory, describe the machine.
import { spawn } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
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
}) {
  const args = await serverArgs(); // builds first when stale: not part of the start-up time
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
