import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from the tables of every module and committed under ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/tables.ts', './src/modules/*/tables.ts', './src/modules/*/*-tables.ts'],
  out: './drizzle',
});
