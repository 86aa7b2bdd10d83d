// Byte budgets of the web apps (issues #7, #12, DESIGN §10), checked on the built output — bytes are
// deterministic, timings are not. Run by `npm test` right after the web build:
//
//   node bench/web/budget-check.mjs [--dist=apps/web/dist] [--explain] [--json] [--verbose]
//
// Bytes are counted as Chromium transfers them from `npm start` (DESIGN §10): each file's body as the
// server compresses it (brotli quality 4, @fastify/compress's default) plus its response headers
// (`HEADER_BYTES` in graph.mjs, read from Chromium by bench/web/run.mjs).
// Method (no Vite plugin or config change; see BENCHMARKS.md "How the byte budgets are computed"):
//   login page  = portal/index.html + its module script, modulepreloads and stylesheets + the static
//                 import closure of those chunks + the lazy login route (`import()` of the LoginPage
//                 chunk with the files Vite preloads beside it, and their static closures);
//   home portal = login page + the lazy shell layout, antd root and home page chunks (same rule) + what
//                 the home loads by itself until it has settled: its lazy sections and portal cards, the
//                 message channel and its MQTT client — every byte a cold visit that logs in has fetched
//                 3 s after the home shows (issue #12);
//   module app  = <app>/index.html's eager closure, minus the chunks the home portal already loaded.
// Exit code 1 when a budget is exceeded or a heavy library (ECharts, mqtt.js, exceljs, pdfmake,
// bpmn-js) is in the login page; the report names the chunk, the import chain from the page to it,
// and (via an analysis build) the biggest packages inside it and the source file that imports them.
import { existsSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { eagerSet, heavyIn, isJs, loadDist } from './graph.mjs';

const root = resolve(import.meta.dirname, '../..');
const arg = (name) => process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const dist = resolve(root, arg('dist')?.split('=')[1] ?? 'apps/web/dist');
const KiB = 1024;

/** Budgets in bytes as Chromium transfers them: compressed bodies plus response headers (issues #7, #12). */
export const BUDGETS = {
  loginJs: 150 * KiB,
  loginTotal: 250 * KiB,
  homeJs: 350 * KiB,
  moduleOwnJs: 250 * KiB,
};

/** Lazy route chunks, recognised by the source module (Vite manifest) or else by the chunk name. */
const ROUTES = {
  login: { source: /pages\/login\//, name: /^Login(Page)?-/i },
  // The layout, the home page, and the antd context every page but login is wrapped in; then what the
  // home loads by itself without a click: its sections, the portal cards, the message channel (push.ts)
  // and the MQTT client it imports.
  home: {
    source:
      /shell\/layout\/ShellLayout\.|pages\/home\/|shell\/AntdRoot\.|pages\/home-sections\/|pages\/portal-cards\/|lib\/push\.|lib\/cipher\.|node_modules\/(paho-mqtt|mqtt)\//,
    name: /^(ShellLayout|HomePage|Home|AntdRoot|HomeSections|PortalCards|push|cipher|paho-mqtt|mqtt)[-.]/i,
  },
};

if (!existsSync(resolve(dist, 'portal/index.html'))) {
  console.error(`budget-check: no built portal at ${dist}/portal/index.html — run \`npm run build\` first`);
  process.exit(2);
}

const g = await loadDist(dist);
const matcher = (route) => (file) =>
  route.name.test(posix.basename(file)) || route.source.test(g.sourceOf.get(file) ?? '');

function follow(set, route) {
  const match = matcher(route);
  const followed = [];
  for (let changed = true; changed; ) {
    changed = false;
    for (const f of set.files().filter(isJs)) {
      for (const dyn of g.chunk(f).dynamic) {
        if (set.has(dyn.target) || !match(dyn.target)) continue;
        set.addDynamic(f, dyn);
        followed.push(dyn.target);
        changed = true;
      }
    }
  }
  return followed;
}

const kib = (b) => `${(b / KiB).toFixed(1)} KiB`;
const checks = [];
const problems = [];
const portal = g.apps.find((a) => a.name === 'portal');

const login = eagerSet(g, portal);
const loginRoutes = follow(login, ROUTES.login);
if (loginRoutes.length === 0) {
  problems.push({
    title: 'no lazy login route chunk found (LoginPage); the login figures are the eager entry only',
  });
}
const home = login.clone();
const homeRoutes = follow(home, ROUTES.home);
if (homeRoutes.length === 0) problems.push({ title: 'no shell layout / home page chunk found' });

const check = (name, set, filter, budget, note = '') => {
  const { gzip, raw, wire } = set.bytes(filter);
  const ok = wire <= budget;
  checks.push({ name, wire, gzip, raw, budget, ok, note, files: set.files().filter(filter).length });
  if (!ok) {
    const biggest = set
      .files()
      .filter(filter)
      .map((f) => ({ f, wire: g.file(f).wire }))
      .sort((a, b) => b.wire - a.wire)
      .slice(0, 5);
    problems.push({
      title: `${name}: ${kib(wire)} > budget ${kib(budget)}`,
      chunks: biggest.map((b) => ({ ...b, chain: set.chain(b.f) })),
    });
  }
};

check('login page JS', login, isJs, BUDGETS.loginJs, 'entry + static imports + lazy login route');
check('login page total', login, () => true, BUDGETS.loginTotal, 'JS + CSS + HTML + fonts/images');
check(
  'home portal JS (login → home settled)',
  home,
  isJs,
  BUDGETS.homeJs,
  '+ shell layout, home, its lazy parts',
);

for (const hit of heavyIn(login)) {
  checks.push({ name: `heavy library in login page: ${hit.lib}`, ok: false, wire: g.file(hit.file).wire });
  problems.push({
    title: `${hit.lib} is loaded by the login page (must load only when used)`,
    chunks: [{ f: hit.file, wire: g.file(hit.file).wire, chain: login.chain(hit.file) }],
  });
}
const heavyAtHome = heavyIn(home).filter((h) => !login.has(h.file));

for (const app of g.apps.filter((a) => a !== portal)) {
  const set = eagerSet(g, app);
  check(
    `module app /${app.name}/ JS on top of the shell`,
    set,
    (f) => isJs(f) && !home.has(f),
    BUDGETS.moduleOwnJs,
  );
  for (const hit of heavyIn(set)) {
    problems.push({
      title: `${hit.lib} is loaded eagerly by /${app.name}/ (must load only when used)`,
      chunks: [{ f: hit.file, wire: g.file(hit.file).wire, chain: set.chain(hit.file) }],
    });
    checks.push({
      name: `heavy library in /${app.name}/: ${hit.lib}`,
      ok: false,
      wire: g.file(hit.file).wire,
    });
  }
}

const failed = checks.some((c) => !c.ok);

if (arg('json')) {
  console.log(JSON.stringify({ dist, checks, login: login.files(), home: home.files(), problems }, null, 2));
} else {
  const rows = checks.map((c) => [
    c.ok ? 'ok  ' : 'FAIL',
    c.name,
    kib(c.wire),
    c.budget ? kib(c.budget) : '—',
    c.budget ? `${((c.wire / c.budget) * 100).toFixed(0)}%` : '',
    c.files != null ? `${c.files} files, ${kib(c.gzip)} gzip -9, ${kib(c.raw)} raw` : '',
  ]);
  const widths = [4, 48, 11, 11, 5, 0].map((w, i) => Math.max(w, ...rows.map((r) => String(r[i]).length)));
  console.log(
    `Byte budgets (as transferred: brotli-4 bodies + response headers) of ${posix.relative(root, dist) || dist}:`,
  );
  for (const r of rows) console.log(`  ${r.map((c, i) => String(c).padEnd(widths[i])).join('  ')}`);
  const list = (title, set, filter = () => true) => {
    console.log(`\n  ${title}:`);
    for (const f of set
      .files()
      .filter(filter)
      .sort((a, b) => g.file(b).wire - g.file(a).wire)) {
      console.log(
        `    ${kib(g.file(f).wire).padStart(10)}  ${f}${g.sourceOf.get(f) ? `  (${g.sourceOf.get(f)})` : ''}`,
      );
    }
  };
  if (arg('verbose') || failed) {
    list('login page loads', login);
    list('then the home portal adds', home, (f) => !login.has(f));
  }
  if (heavyAtHome.length) {
    console.log(
      `\n  note: the home portal loads ${heavyAtHome.map((h) => `${h.lib} (${h.file})`).join(', ')}`,
    );
  }
  for (const p of problems) {
    console.log(`\n✖ ${p.title}`);
    for (const c of p.chunks ?? []) {
      console.log(`    ${c.f} (${kib(c.wire)} transferred), reached by:`);
      for (const [i, step] of c.chain.entries()) console.log(`      ${'  '.repeat(i)}${step}`);
    }
  }
}

if (failed) {
  const offending = [...new Set(problems.flatMap((p) => (p.chunks ?? []).map((c) => c.f)))].filter(isJs);
  if (offending.length && !arg('json')) {
    try {
      const { explain } = await import('./explain.mjs');
      await explain(offending.slice(0, 4), { dist });
    } catch (err) {
      console.log(`\n  (could not run the analysis build to list the packages inside: ${err.message})`);
    }
  }
  if (!arg('json')) console.log('\nweb byte budgets exceeded (issue #7); see BENCHMARKS.md for the method');
  process.exit(1);
}
if (!arg('json')) console.log('\nweb byte budgets: all within budget');
