import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// The server scripts/e2e-server.mjs starts listens on E2E_PORT (18080): the address follows it unless given.
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '18080'}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Browser journeys in Debian's Chromium (never a downloaded browser), against a fresh demo server. */
export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  // On CI one retry: a journey that passes on its second run is reported as flaky (the list shows it) and does not
  // hide a real failure, which fails both runs. Locally no retry, so a flake shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./reporters/failure-context.ts']],
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
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/apis/ElsAuthService/clientConfig`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
