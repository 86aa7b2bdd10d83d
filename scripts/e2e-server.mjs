// The server the browser tests run against: port E2E_PORT (18080), a fresh temporary data folder, or —
// when DATABASE_URL is set — a fresh PostgreSQL database that is dropped when the tests end.
// With E2E_TEMPLATE_DIR (playwright.config.ts sets it, one folder per run) the data folder is a copy of one
// prepared, seeded database (issue #35): the first server to start migrates and seeds it once (a server start
// of its own, stopped cleanly), every worker's server starts from a copy and finds the data there.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { serverArgs } from './server-build.mjs';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'srm-e2e-'));
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '18080',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LOGIN_LIMIT_PER_IP: '10000',
  LOGIN_LIMIT_PER_ACCOUNT: '1000',
  // The test clock (issue #35): journeys may move the server's clock with POST /apis/test/clock.
  SRM_TEST_CLOCK: '1',
};
let drop = async () => {};
if (process.env.DATABASE_URL) {
  const name = `srm_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
// One server alone seeds its own folder (a copy would cost it a second start).
const template =
  process.env.DATABASE_URL || Number(process.env.E2E_TEMPLATE_USERS ?? '1') < 2
    ? undefined
    : process.env.E2E_TEMPLATE_DIR;
if (template) {
  let ownsTemplate = false;
  try {
    mkdirSync(template); // the first server to get here prepares the copy; the others wait for it
    ownsTemplate = true;
  } catch {}
  if (ownsTemplate) await prepareTemplate(template);
  else await waitForTemplate(template);
  if (existsSync(join(template, 'ready'))) {
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(join(template, 'data'), dataDir, { recursive: true });
  }
  // The last of the run's E2E_TEMPLATE_USERS servers to copy it removes it (Playwright may end the servers
  // with SIGKILL, so not at exit).
  writeFileSync(join(template, `copied-${env.PORT}`), '');
  const copies = readdirSync(template).filter((name) => name.startsWith('copied-')).length;
  if (copies >= Number(process.env.E2E_TEMPLATE_USERS ?? '1'))
    rmSync(template, { recursive: true, force: true });
}

/**
 * Migrates and seeds `<dir>/data` with a server of its own on this server's port (free until this one
 * starts), stopped cleanly once it is ready; then marks `<dir>/ready`. On failure it marks `<dir>/failed`
 * and this server seeds its own folder as before.
 */
async function prepareTemplate(dir) {
  const seeding = spawn(process.execPath, await serverArgs(), {
    cwd: root,
    env: { ...env, DATA_DIR: join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise((done) => {
    let out = '';
    seeding.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('SRM portal ready')) done(true);
    });
    seeding.on('exit', () => done(false));
  });
  if (ready) {
    const exited = new Promise((done) => seeding.on('exit', done));
    seeding.kill('SIGTERM');
    await exited;
  }
  writeFileSync(join(dir, ready ? 'ready' : 'failed'), '');
}

/** Waits (at most 290 s, inside the config's 300 s start timeout) until the first server has prepared `dir`. */
async function waitForTemplate(dir) {
  const until = Date.now() + 290_000;
  while (Date.now() < until && !existsSync(join(dir, 'ready')) && !existsSync(join(dir, 'failed')))
    await new Promise((done) => setTimeout(done, 200));
}

// The bundle npm start runs (scripts/server-build.mjs), so the browser tests exercise what users run.
const child = spawn(process.execPath, await serverArgs(), {
  cwd: root,
  env,
  stdio: 'inherit',
});
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
child.on('exit', async (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  await drop().catch(() => {});
  process.exit(code ?? 0);
});
