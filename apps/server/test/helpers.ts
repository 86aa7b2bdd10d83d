import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrgUnitType } from '@srm/contracts/org-master';
import { inject } from 'vitest';
import type { BuildAppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { orgUnit } from '../src/modules/masterdata/tables.ts';
import { createCipher } from '../src/platform/cipher.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { startServer } from '../src/server.ts';
import { adminQuery, withDatabase } from './pg-admin.ts';

export { DEMO_PASSWORD };

/**
 * The seeded PGlite tarball (≈ 50 MB), read once per module graph (per file with Vitest's isolation, per
 * worker without it); a Blob is immutable, so every server loads the same bytes.
 */
const templateBlobs = new Map<string, Blob>();
function templateBlob(file: string): Blob {
  let blob = templateBlobs.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    templateBlobs.set(file, blob);
  }
  return blob;
}

/** Settings that change what the seed writes: a server with one of them seeds its own database. */
const SEED_SETTINGS = ['SEED_DEMO', 'ENV_NAME'];

/**
 * A freshly migrated and seeded server for one test file: PGlite in memory by default, or — when
 * DATABASE_URL is set — a new PostgreSQL database created for the file and dropped afterwards. The
 * database starts as a copy of the suite's seeded one (test/global-setup.ts) unless `env` changes
 * what the seed writes; the start-up then finds the migrations applied and the demo world there.
 */
export async function createTestServer(
  env: Record<string, string> = {},
  /** Routes a suite adds (a throwaway document kind's `registerDocumentRoutes`): BuildAppOptions.extraRoutes. */
  options: { extraRoutes?: BuildAppOptions['extraRoutes'] } = {},
) {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const base = process.env.DATABASE_URL;
  const template = SEED_SETTINGS.some((key) => key in env) ? undefined : inject('srmTemplate');
  if (base) {
    const name = `srm_test_${randomBytes(6).toString('hex')}`;
    const from = template && 'postgresDatabase' in template ? ` template ${template.postgresDatabase}` : '';
    // Two files copying the template at the same moment: PostgreSQL may refuse one (55006), briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await adminQuery(base, `create database ${name}${from}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((done) => setTimeout(done, 250));
      }
    }
    databaseUrl = withDatabase(base, name);
    dropDatabase = () => adminQuery(base, `drop database if exists ${name} with (force)`);
  }
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'srm-test-')),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const pgliteTemplate =
    !base && template && 'pgliteFile' in template ? templateBlob(template.pgliteFile) : undefined;
  // TEST_LOG_LEVEL=debug prints what the test servers log (a 500's cause with its stack); none by default.
  const logLevel = process.env.TEST_LOG_LEVEL;
  const logger = logLevel ? { level: logLevel } : undefined;
  const { app, database } = await startServer(config, {
    dataDir: null,
    pgliteTemplate,
    logger,
    extraRoutes: options.extraRoutes,
  });
  await app.ready();
  const cipher = createCipher(config.CIPHER_KEY);
  return {
    app,
    database,
    cipher,
    config,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/** Logs in through the API and returns the login data plus ready-made headers. */
export async function login(
  server: TestServer,
  elsAccount: string,
  elsSubAccount: string,
  password = DEMO_PASSWORD,
) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/apis/ElsAuthService/login',
    payload: { elsAccount, elsSubAccount, password: server.cipher.encrypt(password) },
  });
  const body = res.json();
  if (body.code !== '200') throw new Error(`login ${elsAccount}/${elsSubAccount} failed: ${body.message}`);
  const data = body.data as {
    token: string;
    refreshToken: string;
    elsSubaccountInfoDTO: {
      id: string;
      elsAccount: string;
      elsSubAccount: string;
      fbk10: string;
      roles: string[];
    };
  };
  return {
    ...data,
    headers: { token: data.token, account: `${elsAccount}_${elsSubAccount}` },
  };
}

export type Session = Awaited<ReturnType<typeof login>>;

/**
 * POST and GET through `inject` as a logged-in session (POST in English unless told). Takes the server
 * lazily: suites create it in beforeAll.
 */
export function callsOf(server: () => TestServer) {
  return {
    post: (url: string, session: Session, payload: unknown = {}, lang = 'en') =>
      server().app.inject({
        method: 'POST',
        url,
        headers: { ...session.headers, lang },
        payload: payload as object,
      }),
    get: (url: string, session: Session) =>
      server().app.inject({ method: 'GET', url, headers: session.headers }),
  };
}

/**
 * Test fixtures: enabled organisation master records (issue #19) of a company, so documents a suite saves
 * with its own codes (a factory 'F-TEST' that isolates its demand pool …) pass the save's rule that such
 * codes be enabled records of the company's masters. Existing records are left as they are.
 */
export async function addOrgUnits(
  server: TestServer,
  elsAccount: string,
  unitType: OrgUnitType,
  codes: readonly string[],
): Promise<void> {
  await server.database.db
    .insert(orgUnit)
    .values(
      codes.map((code) => ({
        elsAccount,
        unitType,
        code,
        name: code,
        createUser: `${elsAccount}_test`,
        lastUpdateUser: `${elsAccount}_test`,
      })),
    )
    .onConflictDoNothing();
}
