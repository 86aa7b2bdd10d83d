// npm test: the whole suite — unit and API tests (Vitest, on PGlite or on DATABASE_URL), then the
// browser journeys (Playwright in Debian's Chromium) against a freshly built portal.
// --only=unit or --only=e2e runs one half; --only=server only the server's unit and API tests (the part
// that meets the database; CI runs it again on PostgreSQL).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const db = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : 'PGlite';

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  // Each part's wall time, for BENCHMARKS.md's table of the suite's time per layer (issue #35).
  console.log(`⏱ ${title}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

// Find Chromium first, so a missing browser stops the run at once rather than after the unit tests.
const chromium = only === 'unit' || only === 'server' ? null : ensureChromium();

if (only === 'server')
  run(`Server unit and API tests on ${db}`, 'npx', ['vitest', 'run', '--project', 'server']);
else if (only !== 'e2e') run(`Unit and API tests on ${db}`, 'npx', ['vitest', 'run']);
if (only !== 'unit' && only !== 'server') {
  ensureWebBuild();
  if (existsSync(resolve(root, 'bench/web/budget-check.mjs'))) {
    run('Byte budgets of the web apps', process.execPath, ['bench/web/budget-check.mjs']);
  }
  run(`Browser tests in Chromium on ${db}`, 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
  });
}
console.log('\n✔ all tests passed');
