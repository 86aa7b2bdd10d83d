#!/usr/bin/env node
/**
 * The clock check (issue #35), run by `npm run lint` after Biome: production code takes its time from the
 * company's clock (apps/server/src/platform/clock.ts, packages/contracts/src/calendar.ts, the web's
 * apps/web/src/lib/clock.ts), never from UTC slices or the machine's clock. It fails on
 *   - `toISOString().slice(0, 10)` (the UTC date, a day off in Beijing before 08:00),
 *   - `getUTCFullYear/Month/Date/Day/Hours…()` (UTC calendar parts),
 *   - a bare `new Date()` (the machine's now, which the test clock cannot move),
 *   - a bare `dayjs()` (the browser's now, outside the web's clock module)
 * in apps/server/src, apps/web/src, apps/web/<app>/src and packages/contracts/src (tests excluded), outside
 * the clock modules and the uses scripts/check-dates-allow.json lists (file, rule, count, reason).
 *
 * Usage: node scripts/check-dates.mjs [--root <dir>] [--allow <file>]. Exit code 1 and one line per finding
 * (file:line rule) when something is found; 0 otherwise.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The rules: name, what it matches, and the fix the message suggests. */
export const RULES = [
  {
    rule: 'iso-slice',
    pattern: /toISOString\(\)\s*\.slice\(\s*0\s*,\s*10\s*\)/g,
    fix: 'the UTC date: use today(zone)/companyToday()/dateOf() of the clock',
  },
  {
    rule: 'get-utc',
    pattern: /\.getUTC(?:FullYear|Month|Date|Day|Hours|Minutes)\(\)/g,
    fix: 'UTC calendar parts: use the clock (period(), today(), addDays() …)',
  },
  {
    rule: 'bare-new-date',
    pattern: /new Date\(\s*\)/g,
    fix: "the machine's now: use nowDate()/now() of the clock (the test clock moves it)",
  },
  {
    rule: 'bare-dayjs',
    pattern: /\bdayjs\(\s*\)/g,
    fix: "the browser's now: use now()/today() of the web's clock module (lib/clock)",
  },
];

/** The clock modules themselves: the only places that may read the machine's time. */
export const CLOCK_MODULES = [
  'apps/server/src/platform/clock.ts',
  'packages/contracts/src/calendar.ts',
  'apps/web/src/lib/clock.ts',
];

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /(\.test\.|\.spec\.|[\\/]test[\\/]|[\\/]__tests__[\\/])/;

/** The production source folders under `root`: apps/server/src, apps/web/src, apps/web/<app>/src, contracts. */
export function sourceRoots(root) {
  const roots = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
  const web = join(root, 'apps/web');
  if (existsSync(web))
    for (const name of readdirSync(web)) {
      const src = join('apps/web', name, 'src');
      if (name !== 'src' && existsSync(join(root, src))) roots.push(src);
    }
  return roots.filter((r) => existsSync(join(root, r)));
}

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** Strips line and block comments (keeping line breaks) so documentation may name the forbidden forms. */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * Every finding under `root`: { file (posix, relative), line, rule, fix }, the allow-list's counts taken off
 * (an allowed file may keep at most its listed count of that rule; more is a finding).
 */
export function findDateProblems(root, allow = []) {
  const findings = [];
  for (const base of sourceRoots(root))
    for (const path of walk(join(root, base), [])) {
      const file = relative(root, path).split(sep).join('/');
      if (TEST.test(file) || CLOCK_MODULES.includes(file)) continue;
      const text = withoutComments(readFileSync(path, 'utf8'));
      for (const { rule, pattern, fix } of RULES) {
        const hits = [...text.matchAll(pattern)].map((m) => text.slice(0, m.index).split('\n').length);
        const allowed = allow.find((a) => a.file === file && a.rule === rule)?.count ?? 0;
        if (hits.length > allowed)
          for (const line of hits) findings.push({ file, line, rule, fix, allowed, found: hits.length });
      }
    }
  return findings;
}

/** Reads and checks the allow-list: an array of { file, rule, count, reason } (reason required). */
export function readAllowList(path) {
  if (!existsSync(path)) return [];
  const list = JSON.parse(readFileSync(path, 'utf8'));
  for (const entry of list)
    if (!entry.file || !RULES.some((r) => r.rule === entry.rule) || !(entry.count > 0) || !entry.reason)
      throw new Error(
        `${path}: every entry needs file, rule (${RULES.map((r) => r.rule)}), count > 0 and reason`,
      );
  return list;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const root = resolve(arg('--root', join(fileURLToPath(import.meta.url), '../..')));
  const allow = readAllowList(resolve(arg('--allow', join(root, 'scripts/check-dates-allow.json'))));
  const findings = findDateProblems(root, allow);
  for (const f of findings)
    console.error(
      `${f.file}:${f.line} ${f.rule}: ${f.fix}${f.allowed ? ` (allowed ${f.allowed}, found ${f.found})` : ''}`,
    );
  if (findings.length > 0) {
    console.error(
      `check-dates: ${findings.length} use(s) of UTC dates or the machine's clock outside the clock module (issue #35); allowed uses go in scripts/check-dates-allow.json with a reason.`,
    );
    process.exit(1);
  }
  console.log('check-dates: no UTC dates or bare new Date() outside the clock modules.');
}
