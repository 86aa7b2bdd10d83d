// Web bench (issues #7, #12): `node bench/web/run.mjs [--runs=5] [--no-lighthouse] [--no-build] [--user=buyer1]`
//
// Builds the web apps (vite, into a temp folder so a concurrent build of apps/web/dist is not
// disturbed), starts the real server on a temp PGlite folder serving that build exactly as
// `npm start` does (WEB_DIST; compression and cache headers are the server's own), then in Debian's
// Chromium does N cold loads of /portal/ (new context each, HTTP cache disabled) and measures:
// bytes transferred (CDP encodedDataLength: compressed, headers included), JS bytes, requests, time
// until the login form is usable (the 登录 button visible and enabled), first paint, LCP; then types
// the buyer's login (100000/buyer1 unless --user, 40 ms per key as a quick typist) and clicks 登录:
// the time until the home portal is ready (home tab in the tab strip and the side menu filled), and
// everything transferred once the home has settled (3 s after it is ready: lazy sections, the chart,
// the message channel's client). Then, with that session kept, a cold load of /portal/ (new context,
// the stored session copied, HTTP cache disabled): first paint, first contentful paint, LCP and the
// time until the home is ready. The files actually loaded are compared with the byte-budget check's
// static prediction. Lighthouse (desktop) on the login page when it can run.
// Writes bench/results/web-*.json and prints markdown.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import {
  DEMO,
  freePort,
  gitCommit,
  kib,
  machine,
  root,
  sampleRss,
  startServer,
  table,
  tempDir,
  writeResult,
} from '../lib.mjs';
import { isJs } from './graph.mjs';

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  return hit.includes('=') ? hit.split('=')[1] : true;
};
const runs = Number(arg('runs', 5));
const who = { ...DEMO, elsSubAccount: arg('user', 'buyer1') };
/** How long after the home portal shows its bytes are counted (issue #12: "settled"). */
const SETTLE_MS = 3000;
/** Milliseconds between two keys while typing the login (a quick typist). */
const KEY_DELAY_MS = 40;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const log = (...a) => console.error(...a);

const work = tempDir('web');
const dist = arg('dist', join(work, 'dist'));
const dataDir = join(work, 'data');
let server;
process.on('exit', () => {
  if (server?.child.exitCode == null) server?.child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

if (!arg('no-build', false) && !process.argv.some((a) => a.startsWith('--dist='))) {
  log(`building the web apps into ${dist} …`);
  const t = performance.now();
  execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  log(`  built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

// The static prediction of the byte-budget check, to compare with what Chromium really fetched.
const { spawnSync } = await import('node:child_process');
const budget = JSON.parse(
  spawnSync(process.execPath, ['bench/web/budget-check.mjs', `--dist=${dist}`, '--json'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout,
);

const port = await freePort();
server = await startServer({ port, dataDir, env: { WEB_DIST: dist, LOG_LEVEL: 'warn' } });
const base = server.url;
log(`server up on ${base} (cold start with seed ${server.readyMs.toFixed(0)} ms)`);
const mem = sampleRss(server.child.pid);

// Recorded inside the page, relative to navigation start (performance.now()).
const INIT = () => {
  const w = window;
  w.__bench = { lcp: 0, fp: null, fcp: null, formReady: null, clickAt: null, homeReady: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'first-paint') w.__bench.fp = e.startTime;
      if (e.name === 'first-contentful-paint') w.__bench.fcp = e.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  // A cold load with a kept session has no click: the home is timed from navigation start.
  if (location.hash.startsWith('#/portal') || w.localStorage.getItem('srm-auth')?.includes('"token":"'))
    w.__bench.clickAt = 0;
  const visible = (el) =>
    !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const text = (el) => (el.textContent ?? '').replace(/\s+/g, '');
  document.addEventListener(
    'click',
    (e) => {
      const b = e.target instanceof Element ? e.target.closest('button') : null;
      if (b && text(b) === '登录' && w.__bench.clickAt == null) w.__bench.clickAt = performance.now();
    },
    true,
  );
  const tick = () => {
    const b = w.__bench;
    if (b.formReady == null) {
      const btn = [...document.querySelectorAll('button')].find((x) => text(x) === '登录');
      if (visible(btn) && !btn.disabled) b.formReady = performance.now();
    }
    if (b.clickAt != null && b.homeReady == null) {
      const tab = [...document.querySelectorAll('[role=tab]')].find((x) => text(x).includes('首页'));
      const menu = document.querySelector('.side-nav [role=menuitem], [role=navigation] [role=menuitem]');
      if (visible(tab) && visible(menu)) b.homeReady = performance.now();
    }
    if ((b.formReady == null && b.clickAt == null) || b.homeReady == null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });

/** A new context with the HTTP cache disabled that records every response's transferred bytes. */
async function coldPage(storageState) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(INIT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  const rec = { context, page, requests, phase: 'login' };
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!requests.has(e.requestId))
      requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, phase: rec.phase });
  });
  // WebSocket frames are not counted; the upgrade response's headers are negligible.
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return rec;
}

const sum = (list, pred = () => true) => list.filter(pred).reduce((s, r) => s + r.bytes, 0);
const js = (r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url);
const asset = (r) => new URL(r.url).pathname.slice(1);
const bench = (page) => page.evaluate(() => ({ ...window.__bench }));

const loads = [];
for (let i = 0; i < runs; i++) {
  const rec = await coldPage();
  const { page, context, requests } = rec;
  await page.goto(`${base}/portal/`);
  const submit = page.getByRole('button', { name: '登录', exact: true });
  await submit.waitFor({ state: 'visible' });
  await page.waitForFunction(() => window.__bench.formReady != null);
  await page.waitForTimeout(300); // let LCP settle before the first input ends it
  const before = await bench(page);
  const loginReqs = [...requests.values()];
  rec.phase = 'typing';

  await page.getByLabel('账号', { exact: true }).pressSequentially(who.elsAccount, { delay: KEY_DELAY_MS });
  await page
    .getByLabel('子账号', { exact: true })
    .pressSequentially(who.elsSubAccount, { delay: KEY_DELAY_MS });
  await page.getByLabel('密码', { exact: true }).pressSequentially(who.password, { delay: KEY_DELAY_MS });
  rec.phase = 'home';
  await submit.click();
  await page.getByRole('tab', { name: '首页' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => window.__bench.homeReady != null, null, { timeout: 30_000 });
  await page.waitForTimeout(SETTLE_MS);
  const after = await bench(page);
  const all = [...requests.values()];
  const storageState = await context.storageState();
  await context.close();

  // The same user comes back: session kept, cache cold.
  const back = await coldPage(storageState);
  await back.page.goto(`${base}/portal/`);
  await back.page.waitForFunction(() => window.__bench.homeReady != null, null, { timeout: 30_000 });
  await back.page.waitForTimeout(SETTLE_MS);
  const kept = await bench(back.page);
  const keptReqs = [...back.requests.values()];
  await back.context.close();

  loads.push({
    login: {
      requests: loginReqs.length,
      bytes: sum(loginReqs),
      jsBytes: sum(loginReqs, js),
      jsFiles: loginReqs.filter(js).map(asset),
      formReadyMs: before.formReady,
      fpMs: before.fp,
      lcpMs: before.lcp,
    },
    home: {
      requests: all.length,
      bytes: sum(all),
      jsBytes: sum(all, js),
      jsBytesWhileTyping: sum(
        all.filter((r) => r.phase === 'typing'),
        js,
      ),
      jsBytesAfterLogin: sum(
        all.filter((r) => r.phase === 'home'),
        js,
      ),
      jsFiles: all.filter(js).map(asset),
      readyAfterClickMs: after.homeReady - after.clickAt,
      apiCalls: all
        .filter((r) => r.phase !== 'login' && r.url.includes('/apis/'))
        .map((r) => new URL(r.url).pathname),
    },
    sessionKept: {
      fpMs: kept.fp,
      fcpMs: kept.fcp,
      lcpMs: kept.lcp,
      homeReadyMs: kept.homeReady,
      jsBytes: sum(keptReqs, js),
      bytes: sum(keptReqs),
    },
  });
  const l = loads.at(-1);
  log(
    `  load ${i + 1}/${runs}: form usable ${before.formReady.toFixed(0)} ms, LCP ${before.lcp.toFixed(0)} ms, ` +
      `${kib(l.login.jsBytes)} KiB JS; home ready ${l.home.readyAfterClickMs.toFixed(0)} ms after the click, ` +
      `${kib(l.home.jsBytes)} KiB JS settled; session kept: FP ${kept.fp?.toFixed(0)} ms, LCP ${kept.lcp.toFixed(0)} ms, ` +
      `home ${kept.homeReady.toFixed(0)} ms`,
  );
}
await browser.close();

// Lighthouse (desktop) on the login page.
let lighthouse = null;
if (!arg('no-lighthouse', false)) {
  try {
    const { default: lh } = await import('lighthouse');
    const { default: desktop } = await import('lighthouse/core/config/desktop-config.js');
    const { launch } = await import('chrome-launcher');
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...FLAGS] });
    try {
      const result = await lh(
        `${base}/portal/#/login`,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        desktop,
      );
      const a = result.lhr.audits;
      lighthouse = {
        version: result.lhr.lighthouseVersion,
        performance: Math.round(result.lhr.categories.performance.score * 100),
        fcpMs: a['first-contentful-paint'].numericValue,
        lcpMs: a['largest-contentful-paint'].numericValue,
        tbtMs: a['total-blocking-time'].numericValue,
        cls: a['cumulative-layout-shift'].numericValue,
        speedIndexMs: a['speed-index'].numericValue,
        totalBytes: a['total-byte-weight'].numericValue,
        warnings: result.lhr.runWarnings,
      };
    } finally {
      await chrome.kill();
    }
  } catch (err) {
    lighthouse = { error: String(err?.message ?? err).split('\n')[0] };
  }
}

const { peak } = mem.stop();
await server.stop();

// Compare the files Chromium fetched with the static prediction of budget-check.
const predicted = { login: new Set(budget.login.filter(isJs)), home: new Set(budget.home.filter(isJs)) };
const diff = (actual, expected) => {
  const a = new Set(actual.filter((f) => f.startsWith('assets/')));
  return {
    unpredicted: [...a].filter((f) => !expected.has(f)),
    notLoaded: [...expected].filter((f) => !a.has(f)),
  };
};
const check = {
  login: diff(loads[0].login.jsFiles, predicted.login),
  home: diff(loads[0].home.jsFiles, predicted.home),
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const stat = (pick) => {
  const xs = loads.map(pick);
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
};
const summary = {
  loginJsBytes: stat((l) => l.login.jsBytes),
  loginBytes: stat((l) => l.login.bytes),
  loginRequests: stat((l) => l.login.requests),
  formReadyMs: stat((l) => l.login.formReadyMs),
  fpMs: stat((l) => l.login.fpMs),
  lcpMs: stat((l) => l.login.lcpMs),
  homeJsBytes: stat((l) => l.home.jsBytes),
  homeJsBytesAfterLogin: stat((l) => l.home.jsBytesAfterLogin),
  homeBytes: stat((l) => l.home.bytes),
  homeRequests: stat((l) => l.home.requests),
  homeJsBytesWhileTyping: stat((l) => l.home.jsBytesWhileTyping),
  homeReadyMs: stat((l) => l.home.readyAfterClickMs),
  keptFpMs: stat((l) => l.sessionKept.fpMs),
  keptFcpMs: stat((l) => l.sessionKept.fcpMs),
  keptLcpMs: stat((l) => l.sessionKept.lcpMs),
  keptHomeReadyMs: stat((l) => l.sessionKept.homeReadyMs),
  keptJsBytes: stat((l) => l.sessionKept.jsBytes),
};
const out = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: machine(),
  chromium: execFileSync(CHROMIUM, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim(),
  runs,
  summary,
  budgetCheck: budget.checks,
  predictionCheck: check,
  serverPeakRss: peak,
  lighthouse,
  loads,
};
const file = writeResult('web', out);

const m = out.machine;
const ms = (s) => `${Math.round(s.median)} ms (${Math.round(s.min)}–${Math.round(s.max)})`;
const kb = (s) => `${kib(s.median)} KiB`;
console.log(
  `\n### Web (${out.date.slice(0, 10)}, ${m.cpu}, ${m.cores} cores, ${m.memTotalGiB} GiB, Node ${m.node}, ${out.chromium}, commit ${out.commit})\n`,
);
console.log(
  `${runs} cold loads of /portal/ on loopback (new context, cache disabled); median (min–max); bytes as transferred (compressed, with headers)\n`,
);
console.log(
  table(
    ['measure', 'ours', 'budget'],
    [
      ['login page: JS transferred', kb(summary.loginJsBytes), '≤ 150 KiB'],
      ['login page: total transferred', kb(summary.loginBytes), '≤ 250 KiB'],
      ['login page: requests', String(summary.loginRequests.median), ''],
      ['login form usable (登录 enabled), from navigation start', ms(summary.formReadyMs), ''],
      ['login page first paint', ms(summary.fpMs), ''],
      ['login page LCP', ms(summary.lcpMs), ''],
      [
        `home portal ready, from the click on 登录 (${who.elsAccount}/${who.elsSubAccount})`,
        ms(summary.homeReadyMs),
        '',
      ],
      [
        'JS transferred, home settled (3 s after it shows; login + home)',
        kb(summary.homeJsBytes),
        '≤ 350 KiB',
      ],
      ['  of which while typing the login', kb(summary.homeJsBytesWhileTyping), ''],
      ['  of which after the login click', kb(summary.homeJsBytesAfterLogin), ''],
      ['total transferred by then', kb(summary.homeBytes), ''],
      ['requests by then', String(summary.homeRequests.median), ''],
      ['session kept, cold load: first paint', ms(summary.keptFpMs), ''],
      ['session kept, cold load: first contentful paint', ms(summary.keptFcpMs), ''],
      ['session kept, cold load: LCP', ms(summary.keptLcpMs), ''],
      ['session kept, cold load: home ready', ms(summary.keptHomeReadyMs), ''],
      ['session kept, cold load: JS transferred (settled)', kb(summary.keptJsBytes), ''],
    ],
  ),
);
if (lighthouse?.error) console.log(`\nLighthouse: could not run (${lighthouse.error})`);
else if (lighthouse) {
  console.log(
    `\nLighthouse ${lighthouse.version} (desktop) on /portal/#/login: performance ${lighthouse.performance}, ` +
      `FCP ${Math.round(lighthouse.fcpMs)} ms, LCP ${Math.round(lighthouse.lcpMs)} ms, TBT ${Math.round(lighthouse.tbtMs)} ms, ` +
      `CLS ${lighthouse.cls.toFixed(3)}, Speed Index ${Math.round(lighthouse.speedIndexMs)} ms, ${kib(lighthouse.totalBytes)} KiB`,
  );
}
for (const [k, d] of Object.entries(check)) {
  if (d.unpredicted.length || d.notLoaded.length) {
    console.log(
      `\nnote: ${k}: Chromium fetched ${d.unpredicted.join(', ') || 'nothing more'} beyond the budget check's prediction; ` +
        `predicted but not fetched: ${d.notLoaded.join(', ') || 'none'}`,
    );
  } else console.log(`\n${k}: the JS files Chromium fetched are exactly those the budget check predicts`);
}
console.log(`\nserver peak RSS during the page loads: ${(peak / 2 ** 20).toFixed(0)} MiB`);
console.log(`results: ${file.slice(root.length + 1)}`);
