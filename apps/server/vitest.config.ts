import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Each file starts a server on its own copy of the demo world, migrated and seeded once per run.
    globalSetup: ['test/global-setup.ts'],
    hookTimeout: 120_000,
  },
});
