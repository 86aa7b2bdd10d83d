import { defineConfig } from 'vitest/config';

/** One Vitest run for every workspace; each project has its own config and environment. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
