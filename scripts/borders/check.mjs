// The module borders of issue #34, checked by `npm run lint`:
// - server: a module (apps/server/src/modules/<m>/) is used by other modules only through its public entry
//   (<m>/index.ts); its tables and services are its own;
// - server: apps/server/src/platform/ imports no module;
// - web: no feature module (apps/web/src/modules/<m>/) imports another, and the shared parts
//   (apps/web/src/components/, lib/, shell/) import no feature module.
// The edges that stood when the check came in are listed in baseline.json beside this file, each as
// "from-area -> imported file"; a new edge fails, and an edge that no longer exists must leave the list
// (so it only shrinks). `node scripts/borders/check.mjs --write-baseline` rewrites it from the tree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every .ts/.tsx file below `dir` (tests included: a test imports through the same borders). */
function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/**
 * Where a repo-relative path stands: { area, owner } — area 'server-module' | 'platform' | 'web-module' |
 * 'web-shared' | null, owner the module's folder name for the module areas.
 */
export function areaOf(path) {
  let m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(path);
  if (m) return { area: 'server-module', owner: m[1] };
  if (path.startsWith('apps/server/src/platform/')) return { area: 'platform', owner: 'platform' };
  m = /^apps\/web\/src\/modules\/([^/]+)\//.exec(path);
  if (m) return { area: 'web-module', owner: m[1] };
  if (/^apps\/web\/src\/(components|lib|shell)\//.test(path)) return { area: 'web-shared', owner: 'shared' };
  return { area: null, owner: null };
}

/** The border an import from `from` to `to` (repo-relative paths) crosses, or null when it crosses none. */
export function crossing(from, to) {
  const a = areaOf(from);
  const b = areaOf(to);
  if (a.area === 'server-module' && b.area === 'server-module' && a.owner !== b.owner) {
    return /^apps\/server\/src\/modules\/[^/]+\/index\.ts$/.test(to)
      ? null
      : 'another module, not its index.ts';
  }
  if (a.area === 'platform' && b.area === 'server-module') return 'platform/ imports a module';
  if (a.area === 'web-module' && b.area === 'web-module' && a.owner !== b.owner)
    return 'one feature imports another';
  if (a.area === 'web-shared' && b.area === 'web-module') return 'a shared part imports a feature';
  return null;
}

/** All crossing edges below `root`'s apps/: [{ key: 'from-area -> to-file', from, to, why }]. */
export function edges(root) {
  const found = [];
  for (const file of [...sources(join(root, 'apps/server/src')), ...sources(join(root, 'apps/web/src'))]) {
    const from = relative(root, file).split('\\').join('/');
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec?.startsWith('.')) continue;
      const to = relative(root, resolve(dirname(file), spec))
        .split('\\')
        .join('/');
      const why = crossing(from, to);
      if (!why) continue;
      const { area, owner } = areaOf(from);
      found.push({ key: `${area}:${owner} -> ${to}`, from, to, why });
    }
  }
  return found;
}

const root = resolve(import.meta.dirname, '../..');
const baselinePath = join(import.meta.dirname, 'baseline.json');

/** Compares the tree with the baseline: { added: edge[], gone: key[] }. */
export function check(rootDir = root, baseline = JSON.parse(readFileSync(baselinePath, 'utf8'))) {
  const now = edges(rootDir);
  const keys = new Set(now.map((e) => e.key));
  const allowed = new Set(baseline);
  return { added: now.filter((e) => !allowed.has(e.key)), gone: baseline.filter((k) => !keys.has(k)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write-baseline')) {
    const keys = [...new Set(edges(root).map((e) => e.key))].sort();
    writeFileSync(baselinePath, `${JSON.stringify(keys, null, 2)}\n`);
    console.log(`borders: ${keys.length} standing edges written to scripts/borders/baseline.json`);
  } else {
    const { added, gone } = check();
    for (const e of added) console.error(`✖ ${e.from} imports ${e.to}: ${e.why}`);
    for (const k of gone)
      console.error(
        `✖ the edge "${k}" is gone: take it out of scripts/borders/baseline.json (the list only shrinks)`,
      );
    if (added.length || gone.length) {
      console.error(
        `borders: ${added.length} new edge(s) across a module border, ${gone.length} stale baseline entr(ies). ` +
          'Use the other module through its index.ts (server) or move the shared piece out of the feature (web); ' +
          'ARCHITECTURE.md "Module borders".',
      );
      process.exit(1);
    }
    console.log('borders: no new import across a module border');
  }
}
