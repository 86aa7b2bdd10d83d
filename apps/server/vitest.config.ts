import { defineConfig } from 'vitest/config';

/**
 * Files that test what a fresh process holds (nothing wired yet, no font read yet): they run in the project
 * `server-isolated` (vitest.isolated.config.ts), each in a module graph of its own.
 */
export const FRESH_PROCESS_FILES = ['test/ports.test.ts', 'test/print-printer.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: FRESH_PROCESS_FILES,
    environment: 'node',
    testTimeout: 30_000,
    // Each file starts a server on its own copy of the demo world, migrated and seeded once per run.
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 120_000,
    // The files of a worker share its module graph (issue #35): the server's modules are imported and
    // compiled once per worker instead of once per file (3.5–4 s a file). Each file still builds its own
    // server on its own database copy; what a server keeps per process is reset when the next one is built
    // (configureClock, the dictionary and comparison caches), and the two workers never run files at once
    // in one process. drizzle-kit's API, which adds enumerable methods to built-in prototypes, is imported
    // only through test/drizzle-kit.ts, which hides them (they broke ajv's code generation for the files
    // after it). BENCHMARKS.md "Suite and CI time", ARCHITECTURE.md "Tests and CI".
    isolate: false,
  },
});
