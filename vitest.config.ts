import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './vitest.sequencer.ts';

/** One Vitest run for every workspace; each project has its own config and environment. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/server/vitest.isolated.config.ts', 'apps/web'],
    // Vitest's default leaves one core free, which on this project's two-core machines meant one file at a
    // time: 14 minutes for the server suite against 7 with two (BENCHMARKS.md, "Test suite").
    maxWorkers: Math.max(2, availableParallelism()),
    // The server's generated suites first (vitest.sequencer.ts): the longest files must not start last.
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
