import { test as base } from '@playwright/test';
import { beginTest, checkAtEnd, endTest, installOnBrowser } from './journey-axe.ts';

export * from '@playwright/test';
export { skipAxe } from './journey-axe.ts';

/** The port of the first worker's server; worker n talks to E2E_PORT + n (playwright.config.ts). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? '18080');

/**
 * Playwright's `test` with each worker on a demo server of its own: the journeys of one file run in
 * order in one worker, and two files running at once never see each other's documents, messages or
 * counts. Browser contexts a test opens itself (`browser.newContext()`) get the same address.
 *
 * Every test is also checked with axe-core (issue #19, journey-axe.ts): the screens it visits — at
 * `openMenuEntry` and, when it passes, on the pages still open at its end — once per screen per worker; a
 * serious or critical violation fails the test at its end.
 */
export const test = base.extend<{ axeJourney: undefined }, { axeJourneyWorker: undefined }>({
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(
      process.env.E2E_BASE_URL ? baseURL : `http://127.0.0.1:${E2E_BASE_PORT + testInfo.parallelIndex}`,
    );
  },
  // Makes the contexts the worker's browser opens known to the checks (journey-axe.ts `installOnBrowser`).
  axeJourneyWorker: [
    async ({ browser }, use, workerInfo) => {
      installOnBrowser(browser, workerInfo.project.outputDir, workerInfo.parallelIndex);
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  // Set up before and torn down after every other fixture of the test: the pages of contexts the test opened
  // itself and left open are checked here, then the test fails if any screen it checked had violations.
  axeJourney: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      beginTest(testInfo);
      await use(undefined);
      await checkAtEnd(undefined);
      await endTest();
    },
    { auto: true, timeout: 120_000 },
  ],
  // The test's own pages are checked at its end, before Playwright closes their context (a time of its own,
  // not the test's).
  context: [
    async ({ context }, use) => {
      await use(context);
      await checkAtEnd(context);
    },
    { scope: 'test', timeout: 120_000 },
  ],
});
