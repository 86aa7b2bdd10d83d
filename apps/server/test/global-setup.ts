import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';
import { adminQuery, withDatabase } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded database every test file starts from (helpers.ts createTestServer). */
    srmTemplate: { pgliteFile: string } | { postgresDatabase: string };
  }
}

/**
 * Migrates and seeds the demo world once for the whole server suite, instead of once per test file:
 * on PGlite a tarball of the database (`dumpDataDir`), on PostgreSQL a template database that each
 * file's database is created from (`create database … template`). Removed again after the run.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'srm-template-'));
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `srm_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name}`);
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: withDatabase(base, name),
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    });
    const { app } = await startServer(config, { dataDir: null });
    await app.close();
    // A template may have no open connection while copies are made from it.
    await adminQuery(
      base,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    project.provide('srmTemplate', { postgresDatabase: name });
    return async () => {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const { app, database } = await startServer(config, { dataDir: null });
  const dump = await database.dumpDataDir?.();
  await app.close();
  if (!dump) throw new Error('PGlite could not dump the seeded database');
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('srmTemplate', { pgliteFile: file });
  return () => rmSync(dir, { recursive: true, force: true });
}
