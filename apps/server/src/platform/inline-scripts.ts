import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CSP sources (`'sha256-…'`) of the inline scripts in the built web apps' pages (`<dist>/<app>/index.html`),
 * read once at start. The portal's page decides in one inline script, before any other script runs,
 * whether to paint the shell's frame (issue #12); the policy allows exactly that script and keeps
 * refusing any other inline script. Scripts with a `src` are not inline and are not hashed.
 */
export function inlineScriptHashes(dist: string): string[] {
  if (!existsSync(dist)) return [];
  const hashes = new Set<string>();
  for (const app of readdirSync(dist, { withFileTypes: true })) {
    const page = join(dist, app.name, 'index.html');
    if (!app.isDirectory() || !existsSync(page)) continue;
    const html = readFileSync(page, 'utf8');
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const [, attributes = '', body = ''] = m;
      if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}
