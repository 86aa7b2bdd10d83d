// Shared helpers of the crash, restart and shutdown tests: server processes, HTTP calls with
// timeouts, demo login, child-process bookkeeping (every child is killed when this process exits,
// whatever the outcome), fresh PostgreSQL databases and temp folders.
import { spawn, spawnSync } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { serverArgs } from '../server-build.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';
export const BUYER = { elsAccount: '100000', elsSubAccount: 'admin' };
export const SUPPLIER = '200001';

// ---------------------------------------------------------------------------------------------
// Cleanup: children and temp folders are tracked here and removed on any exit path.

const children = new Set();
const exitHooks = [];
let exiting = false;

function cleanupSync() {
  if (exiting) return;
  exiting = true;
  for (const child of children) {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  for (const hook of exitHooks.reverse()) {
    try {
      hook();
    } catch {
      /* best effort */
    }
  }
}
process.on('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`chaos: ${signal} received, stopping children`);
    process.exit(130);
  });
}

/** Runs `hook` synchronously when this process exits (after children were killed). */
export function onExit(hook) {
  exitHooks.push(hook);
  return () => {
    const i = exitHooks.indexOf(hook);
    if (i >= 0) exitHooks.splice(i, 1);
  };
}

/** Spawns a tracked child: it is SIGKILLed when this process exits. Output kept (tail) in child.log. */
export function spawnTracked(command, args, { keepLog = 20_000, ...options } = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.log = '';
  const keep = (chunk) => {
    child.log = (child.log + chunk.toString()).slice(-keepLog);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.exited = new Promise((resolveExit) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolveExit({ code, signal });
    });
    child.on('error', (error) => {
      children.delete(child);
      child.log += `\nspawn error: ${error.message}`;
      resolveExit({ code: null, signal: null, error });
    });
  });
  return child;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Rejects after ms with a message naming what was awaited. */
export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Polls fn() until it returns a truthy value; throws after ms. */
export async function waitFor(fn, ms, what, every = 200) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timeout after ${ms} ms: ${what}`);
    await sleep(every);
  }
}

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `srm-chaos-${prefix}-`));
  onExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** True when something listens on HOST:port. */
export function portInUse(port) {
  return new Promise((resolveUse) => {
    const server = createServer();
    server.once('error', () => resolveUse(true));
    server.listen(port, HOST, () => server.close(() => resolveUse(false)));
  });
}

// ---------------------------------------------------------------------------------------------
// The server under test.

const INHERITED_OUT = [
  'DATABASE_URL',
  'MQTT_URL',
  'MQTT_WS_URL',
  'DATA_DIR',
  'PORT',
  'HOST',
  'ENV_NAME',
  'JWT_SECRET',
  'SEED_DEMO',
];

/**
 * Starts the server bundle (`node apps/server/dist/main.mjs`, as npm start runs it) on a free port (or `port`), with either
 * `databaseUrl` (PostgreSQL) or `dataDir` (PGlite). Resolves once it printed "SRM portal ready".
 */
export async function startServer({
  databaseUrl,
  dataDir,
  mqttUrl,
  port,
  extraEnv = {},
  readyMs = 90_000,
  keepLog,
}) {
  const env = { ...process.env };
  for (const key of INHERITED_OUT) delete env[key];
  Object.assign(env, {
    PORT: String(port ?? (await freePort())),
    HOST,
    ENV_NAME: 'demo',
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_IP: '1000000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    // Browsers would reach the broker over WebSocket there (required with MQTT_URL; unused by the tests).
    ...(mqttUrl ? { MQTT_URL: mqttUrl, MQTT_WS_URL: `ws://${HOST}:9001/mqtt` } : {}),
    ...extraEnv,
  });
  const child = spawnTracked(process.execPath, await serverArgs(), {
    cwd: ROOT,
    env,
    keepLog,
  });
  child.port = Number(env.PORT);
  child.base = `http://${HOST}:${env.PORT}`;
  const started = Date.now();
  await withTimeout(
    new Promise((resolveReady, reject) => {
      const check = () => {
        if (child.log.includes('SRM portal ready')) resolveReady();
      };
      child.stdout.on('data', check);
      check();
      child.exited.then(({ code, signal }) =>
        reject(new Error(`server exited before ready (code ${code}, signal ${signal}):\n${tail(child.log)}`)),
      );
    }),
    readyMs,
    'server start ("SRM portal ready")',
  ).catch((error) => {
    kill(child);
    throw error;
  });
  child.startMs = Date.now() - started;
  return child;
}

export function kill(child, signal = 'SIGKILL') {
  try {
    if (child && child.exitCode === null && child.signalCode === null) process.kill(child.pid, signal);
  } catch {
    /* gone */
  }
}

/** SIGTERM, then SIGKILL after ms; resolves with the exit {code, signal, ms, killed}. */
export async function stopServer(child, ms = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null)
    return { code: child.exitCode, signal: child.signalCode, ms: 0 };
  const started = Date.now();
  kill(child, 'SIGTERM');
  const timer = setTimeout(() => kill(child, 'SIGKILL'), ms);
  const result = await child.exited;
  clearTimeout(timer);
  return { ...result, ms: Date.now() - started, killed: result.signal === 'SIGKILL' };
}

export function tail(text, lines = 30) {
  return text.split('\n').slice(-lines).join('\n');
}

// ---------------------------------------------------------------------------------------------
// HTTP.

/** fetch with a timeout; resolves { status, body } (body parsed when JSON) or rejects on network errors. */
export async function call(base, method, path, { body, headers = {}, timeoutMs = 10_000 } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed };
}

/**
 * One request on its own connection (no keep-alive) with node:http, to tell apart "refused"
 * (ECONNREFUSED: never accepted) from "reset" (accepted, then dropped without an answer).
 * Resolves { ok, status, body, error, code, sentAt, doneAt }.
 */
export function rawRequest(base, method, path, { body, headers = {}, timeoutMs = 15_000, onSent } = {}) {
  const url = new URL(path, base);
  const payload = body !== undefined ? JSON.stringify(body) : undefined;
  return new Promise((resolveRequest) => {
    const result = { ok: false, status: 0, body: null, error: null, code: null, connected: false };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          data += chunk;
        });
        res.on('end', () => {
          result.status = res.statusCode;
          try {
            result.body = JSON.parse(data);
            result.ok = true;
          } catch {
            result.body = data;
            result.error = 'incomplete or non-JSON body';
          }
          resolveRequest(result);
        });
        res.on('error', (error) => {
          result.error = error.message;
          result.code = error.code ?? 'ERESPONSE';
          resolveRequest(result);
        });
      },
    );
    req.on('socket', (socket) =>
      socket.on('connect', () => {
        result.connected = true;
        result.localPort = socket.localPort;
      }),
    );
    req.on('finish', () => onSent?.());
    req.on('timeout', () => req.destroy(Object.assign(new Error('client timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (error) => {
      result.error = error.message;
      result.code = error.code ?? 'EREQUEST';
      resolveRequest(result);
    });
    req.end(payload);
  });
}

/** The spec's fixed-key password cipher: base64(AES-128-ECB/PKCS7(password)). */
export function encryptPassword(password, key = 'SrmPortal2026Key') {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]).toString('base64');
}

export const DEMO_PASSWORD = encryptPassword('Demo@2026');

export function loginBody(who = BUYER) {
  return { elsAccount: who.elsAccount, elsSubAccount: who.elsSubAccount, password: DEMO_PASSWORD };
}

/** Logs in and returns the headers of an authenticated call. */
export async function login(base, who = BUYER) {
  const { status, body } = await call(base, 'POST', '/apis/ElsAuthService/login', { body: loginBody(who) });
  if (body?.code !== '200')
    throw new Error(`login failed: HTTP ${status} ${JSON.stringify(body).slice(0, 300)}`);
  return { token: body.data.token, account: `${who.elsAccount}_${who.elsSubAccount}` };
}

/** GET /apis/health/ready → { status, body } or { status: 0, error } when unreachable. */
export async function ready(base) {
  try {
    return await call(base, 'GET', '/apis/health/ready', { timeoutMs: 3000 });
  } catch (error) {
    return { status: 0, error: error.message };
  }
}

/** An announcement body: unique title, valid for a year, to supplier 200001. */
export function noticeBody(title, extra = {}) {
  const start = new Date(Date.now() - 60_000);
  const end = new Date(Date.now() + 365 * 24 * 3600_000);
  return {
    title,
    content: `${title}: written by the chaos test`,
    noticeStartTime: start.toISOString(),
    noticeEndTime: end.toISOString(),
    receivers: [SUPPLIER],
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per run on the server named by DATABASE_URL.

export async function createDatabase(adminUrl, prefix) {
  const name = `srm_chaos_${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  // Last resort when the run dies before its own finally: psql is not needed, pg is async, so use a child.
  const unregister = onExit(() => {
    spawnSync(
      process.execPath,
      [
        '-e',
        `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.query('drop database if exists ${name} with (force)')).finally(()=>c.end())`,
        adminUrl,
      ],
      { cwd: ROOT, timeout: 10_000, stdio: 'ignore' },
    );
  });
  return {
    name,
    url: url.toString(),
    async drop() {
      unregister();
      await drop();
    },
  };
}

/** A query function over a pg connection string: (text, params) → rows. */
export async function pgQuerier(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

/** A query function over a PGlite data folder (the server must not be running on it). */
export async function pgliteQuerier(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  // The extensions the server loads (platform/db.ts): its migrations index with them.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
  };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** True when this file is the script node was started with. */
export function isMain(metaUrl) {
  return process.argv[1] && resolve(process.argv[1]) === resolve(new URL(metaUrl).pathname);
}
