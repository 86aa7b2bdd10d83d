import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page, TestInfo } from '@playwright/test';
import type { Result } from 'axe-core';
import { analyzeDocument, describeViolation } from './axe.ts';

/**
 * Issue #19 "Accessibility": axe-core on every screen the browser journeys visit, module apps in their
 * frame included, without a line in the journeys themselves. `tests/fixtures.ts` installs it for every
 * test; `openMenuEntry` (helpers.ts) and the end of each passing test call `checkScreens`.
 *
 * - **What a screen is.** One document (the shell, or a module app in its frame, or any other page of the
 *   portal's origin) in one state: its path and hash route with ids and numbers normalised away (the
 *   shell's `#/myiframe/…` counts as one: the app inside is a screen of its own), the titles of the dialogs
 *   and drawers open in it, the user's station, its `lang` and `data-theme`. Each screen is analysed once per worker.
 * - **When.** Only at quiet points the journey reaches anyway: right after `openMenuEntry` has the tab
 *   selected (once the frame has loaded and drawn), and when a passing test ends, on every page still open
 *   (the test's own page, and pages of contexts it opened itself with `browser.newContext`, checked when it
 *   closes them or at the end). Never from a timer or a listener: nothing runs while the journey acts.
 * - **Cost.** axe-core is injected into a document only when one of its screens is analysed, then runs there
 *   alone (`analyzeDocument`: no frame walk, no merge). The time the checks take is added to the test's
 *   timeout, and logged per run in `<outputDir>/axe-journeys/worker-<n>.jsonl`.
 * - **Verdict.** A test with serious or critical violations on the screens it checked fails at its end with
 *   axe.ts's readable report (screen → rule → nodes); the journey itself runs to its end first.
 *   `E2E_AXE=off` turns the checks off, `E2E_AXE=report` records them without failing (a survey run).
 *   `skipAxe(reason)` turns them off for one test whose state is broken on purpose (annotated `axe-skipped`).
 */

/** `on` (default): check and fail; `report`: check and log only; `off`: no checks. */
const MODE = (process.env.E2E_AXE ?? 'on') as 'on' | 'report' | 'off';

/** How long a document may take to settle (frame loaded, no spinner, tables drawn, no animation running). */
const SETTLE_MS = 8000;

/** The screens of this worker already analysed (a screen key → the test that analysed it). */
const seen = new Map<string, string>();

/**
 * A screen is checked once per run, not once per worker or per walk (issue #35): the journeys skip a screen a
 * menu walk (a11y-menu-walk.ts, in any worker) or another worker's journey analysed already in this run, and the
 * walks skip one a journey analysed. The run's logs say which: `<outputDir>/axe-journeys/worker-<n>.jsonl` (the
 * journeys', Playwright empties the output folder at each run's start) and `<outputDir>/axe-walks/worker-<n>.jsonl`
 * (the walks'). The journey still logs the screen it reached (`checkedBy`), so the count of screens the journeys
 * checked (reporters/suite-counts.ts) stays what it was.
 */
let runDir: string | undefined;

/** The walks' JSON-lines log of this worker (`<outputDir>/axe-walks/worker-<n>.jsonl`). */
let walkLogFile: string | undefined;

/** The screen keys analysed in this run according to the logs in `<runDir>/<folder>` (key → by whom). */
function analysedIn(folder: 'axe-journeys' | 'axe-walks'): Map<string, string> {
  const found = new Map<string, string>();
  const dir = runDir && join(runDir, folder);
  if (!dir || !existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as { screen?: string; ms?: number; test?: string; walk?: string };
        // Analysed there (`ms`), not reached and skipped as checked elsewhere.
        if (entry.screen && entry.ms !== undefined)
          found.set(entry.screen, entry.walk ?? entry.test ?? folder);
      } catch {
        // A line another worker is writing right now: read again at the next check.
      }
    }
  }
  return found;
}

/**
 * The walks' side of "checked once" (a11y-menu-walk.ts `check`): the key of the screen `frame` shows now
 * (`screenKey`), and who analysed it already in this run — a journey in any worker — or null (then the walk
 * analyses it and calls `recordWalkScreen`). Null key when the document cannot be read.
 */
export async function journeyCheckedScreen(
  frame: Frame | Page,
): Promise<{ key: string | null; by: string | null }> {
  const read = await frame.evaluate(readDocument).catch(() => null);
  if (!read || !/^https?:/.test(read.url)) return { key: null, by: null };
  const key = screenKey(read);
  if (MODE === 'off') return { key, by: null };
  return { key, by: analysedIn('axe-journeys').get(key) ?? null };
}

/** Logs that the walk's screen `walk` analysed the screen `key` (the journeys then skip it in this run). */
export function recordWalkScreen(key: string, walk: string, ms: number): void {
  if (!walkLogFile) return;
  appendFileSync(walkLogFile, `${JSON.stringify({ screen: key, walk, ms })}\n`);
}

/** One screen's serious/critical violations, found while `test` ran, at `where`. */
type Finding = { screen: string; where: string; violations: Result[] };

/** The running test's state: set by `beginTest`, read by the checks, closed by `endTest`. */
let current:
  | {
      info: TestInfo;
      findings: Finding[];
      contexts: Set<BrowserContext>;
      skipped: string | null;
      phase: 'body' | 'teardown';
    }
  | undefined;

/** The JSON-lines log of this worker's checks (`<outputDir>/axe-journeys/worker-<n>.jsonl`). */
let logFile: string | undefined;

function log(entry: Record<string, unknown>): void {
  if (!logFile) return;
  appendFileSync(
    logFile,
    `${JSON.stringify({ test: current?.info.titlePath.slice(1).join(' › '), ...entry })}\n`,
  );
}

/**
 * Worker set-up: opens the log and makes every context the worker's browser opens known to the checks —
 * `browser.newContext` (also what Playwright's own `context` fixture and `browser.newPage` call) registers
 * the context with the running test, and its `close` first checks the pages it still has while the test
 * body runs (the test is done with them when it closes them).
 */
export function installOnBrowser(browser: Browser, outputDir: string, workerIndex: number): void {
  if (MODE === 'off') return;
  runDir = outputDir;
  const dir = join(outputDir, 'axe-journeys');
  mkdirSync(dir, { recursive: true });
  logFile = join(dir, `worker-${workerIndex}.jsonl`);
  mkdirSync(join(outputDir, 'axe-walks'), { recursive: true });
  walkLogFile = join(outputDir, 'axe-walks', `worker-${workerIndex}.jsonl`);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    current?.contexts.add(context);
    const close = context.close.bind(context);
    context.close = async (...closeArgs: Parameters<BrowserContext['close']>) => {
      if (current?.phase === 'body' && current.contexts.has(context)) {
        current.contexts.delete(context);
        await checkContext(context, 'when the test closed its context');
      }
      return close(...closeArgs);
    };
    return context;
  };
}

/** Test set-up: a fresh state for the test about to run. */
export function beginTest(info: TestInfo): void {
  current = { info, findings: [], contexts: new Set(), skipped: null, phase: 'body' };
}

/**
 * Turns the axe checks off for the running test, for a state broken on purpose; `reason` is recorded as the
 * test's `axe-skipped` annotation (listed in the report). Screens it visits stay unchecked for the worker.
 */
export function skipAxe(reason: string): void {
  if (!current) return;
  current.skipped = reason;
  current.info.annotations.push({ type: 'axe-skipped', description: reason });
}

/**
 * Hands over and clears the running test's findings (screen, quiet point, violations): for the test of this
 * check itself (journey-axe.spec.ts), which shows it violations on purpose and must not fail for them.
 */
export function takeAxeFindings(): Finding[] {
  if (!current) return [];
  const taken = current.findings;
  current.findings = [];
  return taken;
}

/** Whether the running test passed so far (the end-of-test checks run only for a passing test). */
function passing(info: TestInfo): boolean {
  return info.status === 'passed' && info.expectedStatus === 'passed';
}

/**
 * Checks the open pages of the test's `context` fixture at the test's end (its teardown, before Playwright
 * closes the context), then the pages of contexts the test opened itself and left open.
 */
export async function checkAtEnd(context: BrowserContext | undefined): Promise<void> {
  if (!current) return;
  current.phase = 'teardown';
  if (!passing(current.info)) return;
  if (context) {
    current.contexts.delete(context);
    await checkContext(context, 'at the end of the test');
  }
  for (const other of current.contexts) await checkContext(other, 'at the end of the test');
  current.contexts.clear();
}

async function checkContext(context: BrowserContext, where: string): Promise<void> {
  if (!current || !passing(current.info)) return;
  for (const page of context.pages()) if (!page.isClosed()) await checkScreens(page, where);
}

/**
 * Test teardown: fails the test when the screens it checked had serious or critical violations (all of
 * them in one report), attaching them as JSON; clears the state.
 */
export async function endTest(): Promise<void> {
  const state = current;
  current = undefined;
  if (!state?.findings.length) return;
  const report = state.findings
    .map((f) => `■ ${f.screen}  (${f.where})\n${f.violations.map(describeViolation).join('\n')}`)
    .join('\n\n');
  await state.info.attach('axe journey screens', {
    body: JSON.stringify(state.findings, null, 2),
    contentType: 'application/json',
  });
  if (MODE !== 'on' || !passing(state.info)) return;
  throw new Error(
    `axe: serious/critical WCAG 2.1 A/AA violations on ${state.findings.length} screen(s) this journey visited:\n\n${report}`,
  );
}

/** What a document shows now, read in the document (see `readDocument`). */
type DocumentState = {
  ready: boolean;
  url: string;
  /** The logged-in user's station (purchase, sale), '' without a session: the two homes differ. */
  station: string;
  lang: string;
  theme: string;
  dialogs: string[];
};

/**
 * Reads one document's state in the browser: settled (loaded, something drawn, no spinner or active
 * skeleton visible, every visible table showing rows or its empty row, no finite animation running) and what
 * names the screen (address, language, theme, titles of the open dialogs and drawers).
 */
function readDocument(): DocumentState {
  const visible = (el: Element) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0';
  };
  const busy = [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some(visible);
  const tableDrawing = [...document.querySelectorAll('.ant-table-wrapper')]
    .filter(visible)
    .some((t) => !t.querySelector('tr.ant-table-row, tr.ant-table-placeholder, .ant-empty'));
  const moving = document.getAnimations().some((a) => {
    const end = a.effect?.getComputedTiming().endTime;
    return a.playState === 'running' && end !== Number.POSITIVE_INFINITY;
  });
  const drawn = (document.body?.innerText ?? '').trim().length > 0;
  const dialogs = [
    ...document.querySelectorAll(
      '.ant-modal-title, .ant-modal-confirm-title, .ant-drawer-open .ant-drawer-title',
    ),
  ]
    .filter(visible)
    .map((t) => (t.textContent ?? '').trim());
  let station = '';
  try {
    const stored = JSON.parse(localStorage.getItem('srm-auth') ?? '{}');
    station = (stored.content ?? stored).state?.userInfo?.station ?? '';
  } catch {
    // No session stored (the login page) or not readable: no station.
  }
  return {
    ready: document.readyState === 'complete' && drawn && !busy && !tableDrawing && !moving,
    station,
    url: location.href,
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme ?? '',
    dialogs,
  };
}

/** Numbers of three digits and more (document numbers, ids, dates) and UUIDs, in a screen's name. */
function normalise(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':uuid')
    .replace(/\d{3,}/g, '#');
}

/**
 * The screen a document shows: path and hash route with ids normalised away (query values with numbers or
 * longer than 24 characters become `:v`; the shell's `#/myiframe/…` is one screen), open dialog titles,
 * the user's station (the buyer's and the supplier's homes differ), language and theme.
 */
export function screenKey(
  state: Pick<DocumentState, 'url' | 'lang' | 'theme' | 'dialogs' | 'station'>,
): string {
  const url = new URL(state.url);
  const [route = '', query = ''] = url.hash.split('?');
  const shown = route.startsWith('#/myiframe/') ? '#/myiframe' : route.replace(/\/\d+(?=\/|$)/g, '/#');
  const params = [...new URLSearchParams(query)]
    .map(([k, v]) => `${k}=${/\d/.test(v) || v.length > 24 ? ':v' : v}`)
    .sort()
    .join('&');
  const dialogs = state.dialogs.length ? ` [${state.dialogs.map((d) => d.slice(0, 60)).join(' | ')}]` : '';
  return normalise(
    `${url.pathname}${shown}${params ? `?${params}` : ''}${dialogs} (${[state.station, state.lang, state.theme].filter(Boolean).join(', ')})`,
  );
}

/**
 * The shell showing a module app's tab (`#/myiframe/…`): waits, until `deadline` at most, for the frame of the
 * newly active tab to be in the page, visible and loaded. Right after the tab is selected the shell may not have
 * put it there yet (its page is a lazy chunk): a check then found only the shell, nothing new, and returned
 * empty. Returns at once on another route or when the frame is there and loaded already; gives up silently at
 * the deadline (the check then analyses what there is).
 */
async function activeTabFrame(page: Page, deadline: number): Promise<void> {
  if (!/#\/myiframe\//.test(page.mainFrame().url())) return;
  const left = () => Math.max(1, deadline - Date.now());
  const iframe = page.locator('.tab-view:visible iframe.shell-iframe').first();
  try {
    await iframe.waitFor({ state: 'visible', timeout: left() });
    const frame = await (await iframe.elementHandle({ timeout: left() }))?.contentFrame();
    // A frame still on about:blank is pending in visibleDocuments and waited for there.
    await frame?.waitForLoadState('load', { timeout: left() });
  } catch {
    // No module frame within the wait: the check goes on with the documents the page has.
  }
}

/** The documents of `page` to analyse: the page itself and its visible frames of the same origin. */
async function visibleDocuments(page: Page): Promise<{ frame: Frame; pending: boolean }[]> {
  const main = page.mainFrame();
  if (!/^https?:/.test(main.url())) return [];
  const origin = new URL(main.url()).origin;
  const docs: { frame: Frame; pending: boolean }[] = [{ frame: main, pending: false }];
  for (const frame of page.frames()) {
    if (frame === main) continue;
    const element = await frame.frameElement().catch(() => null);
    if (!element || !(await element.isVisible().catch(() => false))) continue;
    // A frame still on about:blank is a module app about to load: wait for it.
    if (frame.url() === 'about:blank' || frame.url() === '') docs.push({ frame, pending: true });
    else if (frame.url().startsWith(origin)) docs.push({ frame, pending: false });
  }
  return docs;
}

/**
 * Runs axe on every screen of `page` not yet analysed in this worker: the page's document and each visible
 * frame of its origin, once each has settled (at most SETTLE_MS; a document still busy then is analysed as it
 * is, and the log says so). Serious/critical violations are kept for `endTest`; `where` names the quiet point.
 * Does nothing outside a test, in a test that called `skipAxe`, or with `E2E_AXE=off`.
 */
export async function checkScreens(page: Page, where: string): Promise<void> {
  const state = current;
  if (!state || state.skipped || MODE === 'off' || page.isClosed()) return;
  const started = Date.now();
  try {
    await page.mouse.move(0, 0);
    const deadline = started + SETTLE_MS;
    await activeTabFrame(page, deadline);
    let docs: { frame: Frame; state: DocumentState | null }[] = [];
    for (;;) {
      const found = await visibleDocuments(page);
      docs = [];
      let pending = false;
      for (const { frame, pending: blank } of found) {
        const read = blank ? null : await frame.evaluate(readDocument).catch(() => null);
        if (blank || !read?.ready) pending = true;
        docs.push({ frame, state: read });
      }
      // Nothing new to analyse: return at once, whatever is still moving.
      if (docs.every((d) => d.state && seen.has(screenKey(d.state)))) return;
      if (!pending || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    // Checked in this run already by a walk or another worker's journey: logged as reached, not analysed again.
    const elsewhere = docs.some((d) => d.state && !seen.has(screenKey(d.state)))
      ? new Map([...analysedIn('axe-journeys'), ...analysedIn('axe-walks')])
      : new Map<string, string>();
    for (const { frame, state: read } of docs) {
      if (!read || !/^https?:/.test(read.url)) continue;
      const screen = screenKey(read);
      if (seen.has(screen)) continue;
      const by = elsewhere.get(screen);
      if (by) {
        seen.set(screen, state.info.title);
        log({ screen, where, checkedBy: by });
        continue;
      }
      const t0 = Date.now();
      const violations = await analyzeDocument(frame);
      seen.set(screen, state.info.title);
      log({
        screen,
        where,
        settled: read.ready,
        ms: Date.now() - t0,
        violations: violations.map((v) => `${v.id}×${v.nodes.length}`),
      });
      if (violations.length) state.findings.push({ screen, where, violations });
    }
  } catch (error) {
    // A page that navigated or closed under the check: the next quiet point sees it again.
    log({ where, error: String(error).split('\n')[0] });
  } finally {
    const spent = Date.now() - started;
    // The journeys' timeouts were set without these checks: their time is added to the test's.
    if (state.phase === 'body' && state.info.timeout > 0) state.info.setTimeout(state.info.timeout + spent);
    log({ where, checkMs: spent });
  }
}
