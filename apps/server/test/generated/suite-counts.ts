import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the generated suites covered, for the coverage count `npm test` prints at its end (issue #35, "the same
 * set of routes, kinds and journeys covered as before"): each suite names the items it checked (a route as
 * "METHOD /url", a kind's transition table by its kind) once its assertions over them have passed, and
 * scripts/test.mjs counts the distinct items of each counter over every file and project of the run.
 *
 * Written only when `SUITE_COUNTS_DIR` is set (scripts/test.mjs sets it to a fresh folder per run): one
 * JSON line per call in `<dir>/vitest-<pid>.jsonl`, so files running in parallel workers never share a file.
 */
export type Counter =
  /** Routes that got generated invalid and hostile requests (routes.test.ts). */
  | 'routes fuzzed'
  /** Routes replayed with other companies' tokens and company A's ids (tenant-isolation.test.ts). */
  | 'routes replayed cross-tenant'
  /** Kinds whose whole transition table was checked action by action (document-kernel.test.ts). */
  | 'transition tables checked'
  /** Actions of those tables (action and side) refused from every status their guard does not allow. */
  | 'transition actions checked';

/** Records that `items` were checked under `counter` (nothing without SUITE_COUNTS_DIR). */
export function recordCovered(counter: Counter, items: Iterable<string>): void {
  const dir = process.env.SUITE_COUNTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(
    join(dir, `vitest-${process.pid}.jsonl`),
    `${JSON.stringify({ counter, items: [...items] })}\n`,
  );
}

/** A route as the counts name it: "METHOD /url". */
export const routeName = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;
