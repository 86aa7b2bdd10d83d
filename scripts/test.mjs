// npm test: the whole suite — unit and API tests (Vitest, on PGlite or on DATABASE_URL), then the
// browser journeys (Playwright in Debian's Chromium) against a freshly built portal.
// --only=unit or --only=e2e runs one half; --only=server only the server's unit and API tests (the part
// that meets the database); --only=postgres only the server test files marked `// @postgres: …` (CI's
// PostgreSQL pass, scripts/postgres-markers.mjs); --deep sends the full fuzz volume to every route.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { readPostgresMarkers } from './postgres-markers.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
// --deep (`npm run test:deep`, the scheduled job): the full volume, ≥ 200 invalid requests on every route
// (routes.test.ts, FUZZ_DEEP) rather than per distinct input schema.
if (process.argv.includes('--deep')) process.env.FUZZ_DEEP = '1';
// The coverage count (issue #35): the generated suites (apps/server/test/generated/suite-counts.ts) and the
// browser suite's reporter (e2e/reporters/suite-counts.ts) write what they covered here; printed at the end.
const countsDir = mkdtempSync(join(tmpdir(), 'srm-suite-counts-'));
process.env.SUITE_COUNTS_DIR = countsDir;
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
const serverOnly = only === 'server' || only === 'postgres';
const chromium = only === 'unit' || serverOnly ? null : ensureChromium();

if (only === 'server')
  run(`Server unit and API tests on ${db}`, 'npx', [
    'vitest',
    'run',
    '--project',
    'server',
    '--project',
    'server-isolated',
  ]);
else if (only === 'postgres') runPostgresPass();
else if (only !== 'e2e') run(`Unit and API tests on ${db}`, 'npx', ['vitest', 'run']);
if (only !== 'unit' && !serverOnly) {
  ensureWebBuild();
  if (existsSync(resolve(root, 'bench/web/budget-check.mjs'))) {
    run('Byte budgets of the web apps', process.execPath, ['bench/web/budget-check.mjs']);
  }
  run(`Browser tests in Chromium on ${db}`, 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROMIUM_PATH: chromium,
  });
}
printCoverage();
console.log('\n✔ all tests passed');

/**
 * --only=postgres: the server project on the files marked `// @postgres: <kinds> — <reason>` only (what
 * differs on PostgreSQL: locks, listeners, migrations, extensions, roles, DATABASE_URL-only code, one flow
 * per module; ARCHITECTURE.md "Tests and CI"), passed to Vitest as file filters. Prints how many files run
 * and how many are left to the PGlite pass; exits 1 before running anything when a marker is malformed
 * (no reason, unknown kind or module, not on the first line) or no file is marked.
 */
function runPostgresPass() {
  const { marked, unmarked, errors } = readPostgresMarkers(root);
  if (errors.length > 0 || marked.length === 0) {
    console.error(`\n✖ PostgreSQL markers:\n  ${errors.join('\n  ') || 'no server test file is marked'}`);
    process.exit(1);
  }
  if (!process.env.DATABASE_URL) console.warn('\n⚠ DATABASE_URL is not set: the marked files run on PGlite');
  console.log(
    `\n${marked.length} server test files marked @postgres run on ${db}; ${unmarked.length} left to the PGlite pass`,
  );
  // Each file isolated here, as before issue #35's shared module graph: these files open pools, listeners and
  // several processes on one PostgreSQL database, and their run without isolation has not been measured.
  run(`Server tests marked @postgres on ${db}`, 'npx', [
    'vitest',
    'run',
    '--isolate',
    '--project',
    'server',
    '--project',
    'server-isolated',
    ...marked.map((m) => m.file),
  ]);
}

/**
 * Prints what the run covered, counted over distinct items (a route is "METHOD /url"): routes fuzzed, routes
 * replayed cross-tenant, transition tables checked, journeys, screens checked for accessibility. A part
 * that did not run (--only=…) shows "not run".
 */
function printCoverage() {
  const sets = new Map();
  const add = (counter, items) => {
    if (!sets.has(counter)) sets.set(counter, new Set());
    for (const item of items) sets.get(counter).add(item);
  };
  let browser = null;
  for (const name of readdirSync(countsDir)) {
    const text = readFileSync(join(countsDir, name), 'utf8');
    if (name === 'playwright.json') browser = JSON.parse(text);
    else
      for (const line of text.split('\n').filter(Boolean)) {
        const { counter, items } = JSON.parse(line);
        add(counter, items);
      }
  }
  const count = (counter) => (sets.has(counter) ? String(sets.get(counter).size) : 'not run');
  const rows = [
    ['routes fuzzed (generated invalid and hostile requests)', count('routes fuzzed')],
    ['routes replayed cross-tenant', count('routes replayed cross-tenant')],
    [
      'transition tables checked (kinds; actions × sides)',
      sets.has('transition tables checked')
        ? `${count('transition tables checked')}; ${count('transition actions checked')}`
        : 'not run',
    ],
    [
      'browser journeys passed (tests; spec files)',
      browser ? `${browser.journeys.length}; ${browser.files.length}` : 'not run',
    ],
    [
      'screens checked for accessibility (walks’ screens and states; journeys’ screens)',
      browser ? `${browser.walkScreens.length}; ${browser.journeyScreens.length}` : 'not run',
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\n▶ Coverage count\n');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
  rmSync(countsDir, { recursive: true, force: true });
}
