import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Each worker has a demo server of its own (scripts/e2e-server.mjs): worker n's listens on E2E_PORT (18080) + n,
// and tests/fixtures.ts points the worker's pages at it. E2E_BASE_URL = one server already running, one worker.
const basePort = Number(process.env.E2E_PORT ?? '18080');
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${basePort}`;
// Two by default: a journey spends much of its time waiting (on a server timer, a push, an auction's end), and
// on this project's two-core machines two at once took the browser suite from about 21 to about 13 minutes.
const workers = external ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? '2'));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// One prepared, seeded database per run, copied for every worker's server (scripts/e2e-server.mjs, issue #35):
// named by the runner's process (only the runner starts the servers; it is created by the first of them).
const template = join(tmpdir(), `srm-e2e-template-${basePort}-${process.pid}`);

/** Browser journeys in Debian's Chromium (never a downloaded browser), against a fresh demo server. */
export default defineConfig({
  testDir: './tests',
  workers,
  // A file's journeys build on each other (serial, in order, in one worker); files run side by side.
  fullyParallel: false,
  // On CI one retry: a journey that passes on its second run is reported as flaky (the list shows it) and does not
  // hide a real failure, which fails both runs. Locally no retry, so a flake shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./reporters/failure-context.ts'], ['./reporters/suite-counts.ts']],
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: external
    ? undefined
    : Array.from({ length: workers }, (_, n) => ({
        command: 'node scripts/e2e-server.mjs',
        cwd: repoRoot,
        env: {
          E2E_PORT: String(basePort + n),
          E2E_TEMPLATE_DIR: template,
          E2E_TEMPLATE_USERS: String(workers),
        },
        url: `http://127.0.0.1:${basePort + n}/apis/ElsAuthService/clientConfig`,
        reuseExistingServer: false,
        // The first server also prepares the run's seeded copy (a start of its own): room for a busy machine.
        timeout: 300_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      })),
});
