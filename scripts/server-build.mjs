// Bundles the server's TypeScript (apps/server/src and packages/contracts) into apps/server/dist/main.mjs
// with esbuild, so `npm start` runs plain JavaScript: no tsx loader thread and no transpiling at start
// (issue #7: resident memory and start-up; BENCHMARKS.md). npm packages stay external imports, resolved
// from node_modules at run time as before. Tests and `npm run dev` keep running the sources through tsx.
//
//   node scripts/server-build.mjs [--force]
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
const server = join(root, 'apps/server');
export const SERVER_BUNDLE = join(server, 'dist/main.mjs');

/** Our own code is bundled; every other bare import (npm packages, node:…) stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@srm/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the bundle when it is missing or older than the server's or the contracts' sources. */
export async function ensureServerBuild({ force = false } = {}) {
  if (!force && existsSync(SERVER_BUNDLE)) {
    const sources = Math.max(
      newestMtime(join(server, 'src')),
      newestMtime(join(root, 'packages/contracts/src')),
      statSync(join(root, 'package-lock.json')).mtimeMs,
    );
    if (statSync(SERVER_BUNDLE).mtimeMs >= sources) return;
  }
  const t0 = Date.now();
  await build({
    entryPoints: [join(server, 'src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  console.log(`Server bundled into apps/server/dist/main.mjs in ${Date.now() - t0} ms`);
}

/**
 * The node arguments that run the server as `npm start` does, after building the bundle when stale:
 * `spawn(process.execPath, await serverArgs(), …)` (start, browser tests, chaos run, benches).
 */
export async function serverArgs() {
  await ensureServerBuild();
  return ['--enable-source-maps', SERVER_BUNDLE];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureServerBuild({ force: process.argv.includes('--force') });
}
