import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** The port of the first worker's server; worker n talks to E2E_PORT + n (playwright.config.ts). */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? '18080');

/**
 * Playwright's `test` with each worker on a demo server of its own: the journeys of one file run in
 * order in one worker, and two files running at once never see each other's documents, messages or
 * counts. Browser contexts a test opens itself (`browser.newContext()`) get the same address.
 */
export const test = base.extend({
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(
      process.env.E2E_BASE_URL ? baseURL : `http://127.0.0.1:${E2E_BASE_PORT + testInfo.parallelIndex}`,
    );
  },
});
