import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Each file starts a server on a freshly seeded database (the demo world grew with deliveries and returns).
    hookTimeout: 120_000,
  },
});
