import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script of the test runner, without type declarations
import { readPostgresMarkers } from '../../../scripts/postgres-markers.mjs';

/**
 * The PostgreSQL pass's markers (issue #35, scripts/postgres-markers.mjs; ARCHITECTURE.md "Tests and CI"):
 * `node scripts/test.mjs --only=postgres` runs the server test files whose first line is
 * `// @postgres: <kinds> — <reason>`. Every marker has a known kind and a reason; every server module has
 * exactly one flow file; and a file that takes a PostgreSQL-only path — DATABASE_URL, the database kind, the
 * cluster bus, a migration's SQL run on the server under test, pg_trgm — is marked, so a new one cannot
 * silently drop out of the pass.
 */
type Marked = { file: string; kinds: string[]; modules: string[]; reason: string };
type Markers = { marked: Marked[]; unmarked: string[]; errors: string[]; modules: string[] };

const root = resolve(import.meta.dirname, '../../..');
const markers: Markers = readPostgresMarkers(root);
const text = (file: string) => readFileSync(join(root, file), 'utf8');
const all = [...markers.marked.map((m) => m.file), ...markers.unmarked];
const markedFiles = new Set(markers.marked.map((m) => m.file));

/** The files matching `test` that are not marked (this file names every pattern, and is not one of them). */
const unmarkedMatching = (test: (source: string) => boolean) =>
  markers.unmarked.filter((file) => !file.endsWith('/postgres-markers.test.ts') && test(text(file)));

describe('the markers of the server test files', () => {
  it('are well formed: first line, known kinds, a reason', () => {
    expect(markers.errors).toEqual([]);
    expect(markers.marked.length).toBeGreaterThan(0);
    for (const m of markers.marked) expect(m.reason.length, m.file).toBeGreaterThanOrEqual(10);
  });

  it('leave the validation-only generated suites and the pure unit files to the PGlite pass', () => {
    for (const file of ['generated/routes.test.ts', 'generated/tenant-isolation.test.ts', 'cipher.test.ts'])
      expect(markers.unmarked).toContain(`apps/server/test/${file}`);
  });

  it('name exactly one end-to-end flow file per server module', () => {
    const flows = new Map<string, string[]>();
    for (const m of markers.marked)
      for (const module of m.modules) flows.set(module, [...(flows.get(module) ?? []), m.file]);
    for (const module of markers.modules) expect(flows.get(module)?.length ?? 0, module).toBe(1);
    // …and each flow file starts a server: it is an API flow, not a unit test.
    for (const files of flows.values())
      for (const file of files) expect(text(file), file).toMatch(/createTestServer\(/);
  });

  it('cover every file that reads DATABASE_URL or the database kind', () => {
    expect(unmarkedMatching((s) => /DATABASE_URL|kind === 'postgres'/.test(s))).toEqual([]);
  });

  it('cover every file of the cluster bus (LISTEN/NOTIFY, several processes)', () => {
    expect(unmarkedMatching((s) => /cluster-bus|LISTEN\/NOTIFY|createPostgresBus|pg_notify/.test(s))).toEqual(
      [],
    );
  });

  it("cover every file that runs a migration's SQL on the server under test", () => {
    // A file that only migrates a PGlite of its own (migration-upgrade.test.ts) meets no PostgreSQL server.
    expect(
      unmarkedMatching((s) => /drizzle\/\d{4}_\w+\.sql/.test(s) && /createTestServer\(/.test(s)),
    ).toEqual([]);
  });

  it('cover every file of a server extension or collation', () => {
    expect(unmarkedMatching((s) => /pg_trgm|gin_trgm|collate "|\bICU\b/.test(s))).toEqual([]);
  });

  it('mark only files of the server project, all of which are found', () => {
    for (const file of all) expect(file).toMatch(/^apps\/server\/test\/.+\.test\.ts$/);
    expect(markedFiles.size).toBe(markers.marked.length);
  });
});

describe('the marker reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'postgres-markers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const plant = (path: string, source: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  };
  mkdirSync(join(dir, 'apps/server/src/modules/order'), { recursive: true });
  plant(
    'apps/server/test/good.test.ts',
    '// @postgres: locks, flow:order — two connections race for one line\n',
  );
  plant('apps/server/test/none.test.ts', "import { it } from 'vitest';\n");
  plant('apps/server/test/no-reason.test.ts', '// @postgres: locks\n');
  plant('apps/server/test/short.test.ts', '// @postgres: locks — race\n');
  plant('apps/server/test/kind.test.ts', '// @postgres: speed — it is faster there, we think\n');
  plant('apps/server/test/module.test.ts', '// @postgres: flow:nowhere — the flow of no module at all\n');
  plant(
    'apps/server/test/late.test.ts',
    "import { it } from 'vitest';\n// @postgres: locks — too late to count\n",
  );
  plant('apps/server/test/typo.test.ts', '//@postgres locks — no colon and no space\n');
  const read: Markers = readPostgresMarkers(dir);
  const errorOf = (name: string) => read.errors.filter((e) => e.startsWith(`apps/server/test/${name}`));

  it('reads kinds, modules and the reason of a good marker', () => {
    expect(read.marked).toEqual([
      {
        file: 'apps/server/test/good.test.ts',
        kinds: ['locks', 'flow:order'],
        modules: ['order'],
        reason: 'two connections race for one line',
      },
    ]);
    expect(read.unmarked).toContain('apps/server/test/none.test.ts');
  });

  it('refuses a marker without a reason, with an unknown kind or module, off the first line or misspelt', () => {
    expect(errorOf('no-reason.test.ts')).toEqual([expect.stringMatching(/no reason/)]);
    expect(errorOf('short.test.ts')).toEqual([expect.stringMatching(/no reason/)]);
    expect(errorOf('kind.test.ts')).toEqual([expect.stringMatching(/unknown kind "speed"/)]);
    expect(errorOf('module.test.ts')).toEqual([expect.stringMatching(/names no server module/)]);
    expect(errorOf('late.test.ts')).toEqual([expect.stringMatching(/late\.test\.ts:2: .*first line/)]);
    expect(errorOf('typo.test.ts')).toEqual([expect.stringMatching(/write the marker as/)]);
  });
});
