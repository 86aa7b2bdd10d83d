// The server the browser tests run against: port E2E_PORT (18080), a fresh temporary data folder, or —
// when DATABASE_URL is set — a fresh PostgreSQL database that is dropped when the tests end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
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
