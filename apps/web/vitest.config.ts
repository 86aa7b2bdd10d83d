import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // antd screens in jsdom take seconds on a busy 2-core machine (the server tests run beside them); the
    // tests wait for what a user would see, they never assert how long it took.
    testTimeout: 30_000,
  },
});
