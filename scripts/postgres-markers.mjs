// Which server test files also run on PostgreSQL (issue #35, ARCHITECTURE.md "Tests and CI"). A file that
// must meet a real PostgreSQL server carries, as its FIRST line,
//
//   // @postgres: <kinds> — <reason>
//
// <kinds> is a comma-separated list of KINDS below (a module's end-to-end flow file is `flow:<module>`,
// <module> a folder of apps/server/src/modules); <reason> says what the file does there that the embedded
// PGlite (one connection, everything serialised) does not show. Every other file runs once, on PGlite.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** What a file may exercise on PostgreSQL that PGlite does not, with what each means. */
export const KINDS = {
  locks: 'real concurrency on several connections: row locks, FOR UPDATE / SKIP LOCKED, races, numbering',
  listeners: 'LISTEN/NOTIFY and the cluster bus between server processes',
  migrations: 'migrations or their SQL run on the database under test (its role, its template copy)',
  extensions: 'extensions and collations of the server (pg_trgm, ICU)',
  roles: "the server's own non-superuser role (row-level security, privileges)",
  'database-url': 'code taken only with DATABASE_URL (rate-limit store, database file store, pool)',
  sql: 'SQL whose answer depends on the server version or its settings',
  flow: "a module's main end-to-end flow, so its SQL meets the real server version once",
};

const MARKER = /^\/\/ @postgres:(.*)$/;
const ANY_MARKER = /^\s*\/\/\s*@postgres\b/;

/**
 * Parses one marker line's text after `// @postgres:`. Returns `{ kinds, modules, reason }` or `{ error }`
 * (a message naming what is wrong: no reason, no kind, an unknown kind or module).
 * @param {string} text
 * @param {string[]} knownModules folders of apps/server/src/modules
 */
export function parseMarker(text, knownModules) {
  const dash = text.indexOf('—');
  if (dash < 0) return { error: 'no reason: write "// @postgres: <kinds> — <reason>"' };
  const reason = text.slice(dash + 1).trim();
  if (reason.length < 10) return { error: 'no reason after "—" (say what differs on PostgreSQL)' };
  const kinds = text
    .slice(0, dash)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (kinds.length === 0) return { error: `no kind before "—" (one of ${Object.keys(KINDS).join(', ')})` };
  const modules = [];
  for (const kind of kinds) {
    const [name, module] = kind.split(':');
    if (!(name in KINDS))
      return { error: `unknown kind "${kind}" (one of ${Object.keys(KINDS).join(', ')})` };
    if (name === 'flow') {
      if (!module || !knownModules.includes(module))
        return { error: `"${kind}" names no server module (flow:<folder of apps/server/src/modules>)` };
      modules.push(module);
    } else if (module) return { error: `"${kind}": only flow takes a module` };
  }
  return { kinds, modules, reason };
}

function testFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(path));
    else if (entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/**
 * Reads every server test file (apps/server/test/**\/*.test.ts, the server project's include) under `root`.
 * Returns `{ marked: [{ file, kinds, modules, reason }], unmarked: string[], errors: string[] }`, files
 * relative to `root` and sorted; an error names the file and line: a marker that is not the first line,
 * or one without a reason or with an unknown kind or module.
 * @param {string} root the repository's root
 */
export function readPostgresMarkers(root) {
  const modules = readdirSync(resolve(root, 'apps/server/src/modules'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const marked = [];
  const unmarked = [];
  const errors = [];
  for (const path of testFiles(resolve(root, 'apps/server/test')).sort()) {
    const file = relative(root, path).split('\\').join('/');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (i > 0 && ANY_MARKER.test(line))
        errors.push(`${file}:${i + 1}: the @postgres marker must be the first line`);
    });
    const match = MARKER.exec(lines[0]);
    if (!match) {
      if (ANY_MARKER.test(lines[0]))
        errors.push(`${file}:1: write the marker as "// @postgres: <kinds> — <reason>"`);
      unmarked.push(file);
      continue;
    }
    const parsed = parseMarker(match[1], modules);
    if (parsed.error) {
      errors.push(`${file}:1: ${parsed.error}`);
      continue;
    }
    marked.push({ file, ...parsed });
  }
  return { marked, unmarked, errors, modules };
}
