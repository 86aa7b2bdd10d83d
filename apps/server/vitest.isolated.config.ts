import { defineConfig } from 'vitest/config';
import server, { FRESH_PROCESS_FILES } from './vitest.config.ts';

/**
 * The server files that need a fresh module graph (FRESH_PROCESS_FILES in vitest.config.ts): the server
 * project's settings, these files only, each file isolated. `npm test` runs both projects.
 */
export default defineConfig({
  test: { ...server.test, name: 'server-isolated', include: FRESH_PROCESS_FILES, exclude: [], isolate: true },
});
