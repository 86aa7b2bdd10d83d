import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

/**
 * PostgreSQL extensions the embedded database loads (PostgreSQL has them as contrib): pg_trgm for the trigram
 * indexes of the master-data keyword searches (migration 0064).
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Memory settings of the embedded database: PostgreSQL's defaults (128 MB shared buffers) are sized for
 * a dedicated server; an embedded one shares the Node process. Large installations use PostgreSQL.
 */
const PGLITE_CONF = [
  'shared_buffers = 16MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
  'wal_buffers = 1MB',
];

/**
 * apps/server/drizzle, found from this module whether it runs from src/platform (tsx, tests) or from the
 * bundle in dist/ (npm start): the nearest folder upwards holding drizzle/meta/_journal.json.
 */
export const MIGRATIONS_FOLDER = findUp(import.meta.dirname, 'drizzle/meta/_journal.json', 'drizzle');

function findUp(from: string, marker: string, result: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, marker))) return join(dir, result);
    if (dirname(dir) === dir) throw new Error(`${marker} not found above ${from}`);
  }
}

/** The advisory lock key of migrate + seed at start (any fixed bigint; "SRMSTART" in ASCII). */
export const STARTUP_LOCK_KEY = 0x53524d5354415254n;

/** The database handle every repository receives: PGlite and node-postgres share this type. */
export type Db = PgDatabase<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** A handle that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool on PostgreSQL (shared stores such as the rate limiter use it); null on PGlite. */
  pool: pg.Pool | null;
  /** The connection string on PostgreSQL (LISTEN needs a connection of its own); null on PGlite. */
  url: string | null;
  /** Applies the committed migrations (drizzle/). Runs inside the server process. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` (migrate and seed at start) while holding the start-up lock: on PostgreSQL a session-level
   * advisory lock (`pg_advisory_lock(STARTUP_LOCK_KEY)`) on a connection of its own, so processes started
   * at once on one database migrate and seed one after the other and the later ones find the work done
   * (issue #18). PGlite is single-process by nature and runs `fn` directly. The lock is released when
   * `fn` settles, or by PostgreSQL when the process dies.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: the whole database as a tarball (PGlite's `dumpDataDir`), which `loadDataDir` opens
   * again, taken after a checkpoint so that it opens without replaying the WAL. The test suite migrates and
   * seeds once and starts every file's server from that copy.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined = in-memory (tests); loadDataDir = start the in-memory database from a tarball
   * made by `dumpDataDir` (tests: a migrated and seeded copy).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens the embedded PGlite database (file-backed under dataDir, or in memory) or a PostgreSQL pool.
 * PGlite has no lock between processes: only one server may open a data folder at a time.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // The PostgreSQL driver and its drizzle adapter are loaded only for PostgreSQL (~0.2 s of an embedded
    // start-up, issue #43).
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    // A connection PostgreSQL drops while a client is checked out (restart, failover) emits 'error' on
    // that client; pg-pool only listens on idle ones. Unheard, it would crash the process: the query in
    // flight fails on its own and the pool replaces the client (scripts/chaos/restart.mjs).
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      async withStartupLock(fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      // initdb leaves ~400 MiB of WebAssembly memory behind that an instance never gives back: create the
      // cluster with a throwaway instance and serve from a fresh one (BENCHMARKS.md, memory).
      const init = await PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
      await init.close();
    }
    client = await PGlite.create(dir, { postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({
      postgresqlconf: PGLITE_CONF,
      extensions: PGLITE_EXTENSIONS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: null,
    url: null,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      // PGlite connects as a superuser, and superusers pass row-level security: serve as a plain role.
      await client.exec(`
        DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'srm_app') THEN
            CREATE ROLE srm_app NOSUPERUSER NOLOGIN;
          END IF;
        END $$;
        GRANT USAGE ON SCHEMA public TO srm_app;
        GRANT ALL ON ALL TABLES IN SCHEMA public TO srm_app;
        GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO srm_app;
        SET ROLE srm_app;
      `);
    },
    withStartupLock: (fn) => fn(),
    async dumpDataDir() {
      // A checkpoint first, as the superuser PGlite connects as (CHECKPOINT is refused to srm_app): a copy
      // made without one opens by replaying every WAL record since initdb's checkpoint (the migrations and
      // the whole seed) at each load, ≈ 0.3–0.5 s of CPU per test file's server (BENCHMARKS.md, "Suite and
      // CI time").
      const role = (await client.query<{ role: string }>('select current_user as role')).rows[0]?.role;
      await client.exec('RESET ROLE; CHECKPOINT');
      if (role && role !== 'postgres') await client.exec(`SET ROLE "${role.replaceAll('"', '""')}"`);
      return (await client.dumpDataDir('none')) as Blob;
    },
    close: () => client.close(),
  };
}
