import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const marker = join(web, 'dist/portal/index.html');

/** The newest modification time (ms) of a file or of anything below a folder (node_modules and dist skipped). */
export function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds the web apps when dist/ is missing or older than their sources (or when forced). */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && existsSync(marker)) {
    const sources = Math.max(newestMtime(web), newestMtime(join(root, 'packages/contracts/src')));
    if (statSync(marker).mtimeMs >= sources) return;
  }
  console.log('Building the web apps (vite build) …');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}
