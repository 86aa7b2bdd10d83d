import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Page, test } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** The WCAG 2.1 A/AA rule tags axe runs (issue #19 "Accessibility"). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * WCAG 2.1 SC 2.5.3 Label in Name (issue #32), on in every run: axe-core's own rule, experimental and so off
 * by default (impact serious: a control whose name does not contain the text it shows), and this project's
 * `label-in-name-start` below (the name must also start with that text: a voice-control user says what they
 * see, and "Medium — row density" answers "click Medium" where "Row density: Medium" may not).
 */
const LABEL_IN_NAME_RULES = {
  'label-content-name-mismatch': { enabled: true },
  'label-in-name-start': { enabled: true },
} as const;

/**
 * The browser script that adds `label-in-name-start` to axe-core (run after axe's own source, in every
 * document axe runs in). It looks at the controls axe's `label-content-name-mismatch` looks at (a widget
 * named from its content that has an aria-label or aria-labelledby, and visible text) and fails, impact
 * serious, a control whose name does not start with its visible text. A name without the text is axe's
 * rule's finding, not reported twice — except where axe's rule does not judge: a text of one letter (the
 * top bar's "中" row density) or of symbols only. Both texts are compared as axe does: lower case, spaces
 * collapsed, punctuation, emoji and icon ligatures left out.
 */
const LABEL_IN_NAME_START = `;(() => {
  const text = axe.commons.text;
  const curate = (s) =>
    text.sanitize(text.removeUnicode(s, { emoji: true, nonBmp: true, punctuations: true })).toLowerCase();
  axe.configure({
    checks: [{
      id: 'label-in-name-start',
      evaluate(node, options, virtualNode) {
        const shown = text.visibleVirtual(virtualNode, false, false, { ignoreIconLigature: true }).toLowerCase();
        const named = text.accessibleTextVirtual(virtualNode).toLowerCase();
        const visible = curate(shown);
        const name = curate(named);
        if (!visible || !name) return true;
        // axe's own rule reports a name without the text, unless the text is one letter or a symbol ("中").
        const axeReports = text.isHumanInterpretable(shown) > 0 && text.isHumanInterpretable(named) > 0;
        if (axeReports && !name.includes(visible)) return true;
        return name.startsWith(visible);
      },
      metadata: {
        impact: 'serious',
        messages: {
          pass: 'The accessible name starts with the visible text',
          fail: 'The accessible name does not start with the visible text (WCAG 2.5.3)',
        },
      },
    }],
    rules: [{
      id: 'label-in-name-start',
      impact: 'serious',
      matches: 'label-content-name-mismatch-matches',
      tags: ['cat.semantics', 'wcag21a', 'wcag253'],
      any: ['label-in-name-start'],
      all: [],
      none: [],
      metadata: {
        description: 'Ensures a control named by aria-label or aria-labelledby has a name that starts with its visible text',
        help: "A control's accessible name must start with its visible text (WCAG 2.5.3 Label in Name)",
      },
    }],
  });
})();`;

/** The impacts that fail a screen: serious and critical (issue #19: "0 serious or critical violations"). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The module app shown in the visible tab of the shell (axe analyses it as a frame of the page). */
export const SHELL_IFRAME = '.tab-view:visible iframe.shell-iframe';

/** One serious/critical violation, readable: rule, impact, help and up to five offending nodes. */
export function describeViolation(v: Result): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map(
      (n) =>
        `    - ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
    )
    .join('\n');
  const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
  return `  [${v.impact}] ${v.id} ×${v.nodes.length}: ${v.help}\n${nodes}${more}`;
}

/** The serious and critical violations of an axe result. */
export function seriousViolations(results: AxeResults): Result[] {
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/**
 * Runs axe-core with the WCAG 2.1 A/AA tags on the page as it is now — the shell and, through
 * axe's frame support, the module app inside the shell's iframe (same origin) — and fails the test on
 * any serious or critical violation, listing rule, node selectors and axe's failure summary.
 * `screen` names the screen in the message; `exclude` lists selectors axe skips (none by default).
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string, exclude: string[] = []) {
  const serious = await analyzeA11y(page, exclude);
  const report = serious.map(describeViolation).join('\n');
  await test.info().attach(`axe ${screen}`, {
    body: JSON.stringify(serious, null, 2),
    contentType: 'application/json',
  });
  expect(serious.length, `axe: serious/critical WCAG 2.1 A/AA violations on "${screen}":\n${report}`).toBe(0);
}

/**
 * Runs axe-core with the WCAG 2.1 A/AA tags on the page as it is now (the shell and the module app in its
 * iframe) and returns the serious and critical violations; `exclude` lists selectors axe skips.
 */
export async function analyzeA11y(page: Page, exclude: string[] = []): Promise<Result[]> {
  // Measure the resting state: the pointer off every control (a button left hovered after a click is
  // drawn in antd's lighter hover shade), and animations (drawers, dialogs, tab ink) settled: in the page
  // and each of its frames, until still, at most the 300 ms this used to pause for (issue #35).
  await page.mouse.move(0, 0);
  await Promise.all(page.frames().map((frame) => untilStill(frame, 300)));
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).options({
    runOnly: { type: 'tag', values: [...WCAG_TAGS] },
    rules: LABEL_IN_NAME_RULES,
  });
  for (const selector of exclude) builder = builder.exclude(selector);
  return seriousViolations(await builder.analyze());
}

/**
 * axe-core's browser script: the copy @axe-core/playwright itself ships (one version for both ways of
 * running), with this project's `label-in-name-start` rule added.
 */
const AXE_SOURCE = `${readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
)}\n${LABEL_IN_NAME_START}`;

/**
 * Loads axe-core into every document the page opens from now on — the shell and each module app's frame —
 * so `analyzeDocument` can run it in one document without injecting it again each time (a walk over every
 * screen runs axe a hundred times and more).
 */
export async function preloadAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: AXE_SOURCE });
}

/**
 * Runs axe-core (WCAG 2.1 A/AA tags) in one document only — the shell page or one module app's frame, its
 * own frames left out — and returns the serious and critical violations. axe-core is injected into the
 * document unless it was opened after `preloadAxe` (or analysed before). Cheaper than `analyzeA11y`, which injects axe into every frame and merges the
 * frames' results in a page of its own on each run.
 */
export async function analyzeDocument(target: Page | Frame): Promise<Result[]> {
  const options: RunOptions = {
    runOnly: { type: 'tag', values: [...WCAG_TAGS] },
    rules: LABEL_IN_NAME_RULES,
    resultTypes: ['violations'],
    iframes: false,
  };
  // Not preloaded (a document opened before `preloadAxe`, or a journey's page): inject it now, once per
  // document, as a script expression (evaluated by the debugger protocol, so the pages' CSP does not apply).
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE);
  const results = await target.evaluate(
    (opts) =>
      (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } }).axe.run(
        document,
        opts,
      ),
    options,
  );
  return seriousViolations(results);
}

/**
 * The serious/critical violations of the documents one walk analysed, by `documentFingerprint` (issue #35:
 * a state that changes only the module app's frame leaves the shell byte for byte as it was).
 */
export type AxeCache = Map<string, Result[]>;

/**
 * What axe's verdict on `target`'s document depends on, as one string: its address, the viewport and
 * scroll offsets, a hash and the length of the whole serialised DOM (every element, attribute, class and
 * inline style — so an open dialog, an expanded group, a changed text or colour class all differ), the
 * values of its form fields (a typed value is not an attribute) and the focused element. Two equal
 * fingerprints are the same screen drawn by the same stylesheets; one axe run answers for both.
 */
export async function documentFingerprint(target: Page | Frame): Promise<string> {
  return target.evaluate(() => {
    const html = document.documentElement.outerHTML;
    const fields = [...document.querySelectorAll('input, textarea, select')]
      .map((f) => (f as HTMLInputElement).value)
      .join('\u0001');
    const text = `${html}\u0002${fields}`;
    // Two 32-bit hashes (FNV-1a and a multiply-by-31) of every UTF-16 unit: a collision of both and the length is not a practical risk.
    let a = 0x811c9dc5;
    let b = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 16777619);
      b = (Math.imul(b, 31) + c) | 0;
    }
    const path: string[] = [];
    for (let e = document.activeElement; e && e !== document.documentElement; e = e.parentElement)
      path.push(`${e.tagName}:${e.parentElement ? [...e.parentElement.children].indexOf(e) : 0}`);
    return [
      location.href,
      `${innerWidth}x${innerHeight}`,
      `${scrollX},${scrollY}`,
      text.length,
      (a >>> 0).toString(36),
      (b >>> 0).toString(36),
      path.join('/'),
    ].join('|');
  });
}

/**
 * `analyzeDocument`, once per distinct document of a walk: a document whose `documentFingerprint` the walk
 * has analysed already gets the violations found then (the same list, so a state of an unchanged shell
 * with a violation still reports it), without running axe again.
 */
export async function analyzeDocumentOnce(target: Page | Frame, cache: AxeCache): Promise<Result[]> {
  const key = await documentFingerprint(target);
  const known = cache.get(key);
  // A11Y_TRACE=1: which documents kept an earlier verdict (BENCHMARKS.md, "Suite and CI time").
  if (known && process.env.A11Y_TRACE) console.log(`  ↳ unchanged since analysed: ${key.split('|')[0]}`);
  if (known) return [...known];
  const serious = await analyzeDocument(target);
  cache.set(key, serious);
  return [...serious];
}

/**
 * Waits until `target`'s document has no finite animation or transition running (a dialog's zoom, a tab's
 * ink, a button's hover shade fading after the pointer left it), at most `timeoutMs`: a condition instead of a
 * fixed pause before axe measures colours (issue #35). Endless animations (a spinner) are not waited for.
 */
export async function untilStill(target: Page | Frame, timeoutMs = 1000): Promise<void> {
  await target
    .evaluate(async (ms) => {
      const moving = () =>
        document.getAnimations().filter((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return a.playState === 'running' && end !== Number.POSITIVE_INFINITY;
        });
      const deadline = Date.now() + ms;
      // Two frames first: an opening pop-up (antd's rc-motion) is drawn one frame in its "prepare" state, faded
      // and with no animation yet, and starts its animation on the next frame (each wait at most 50 ms).
      const frame = () =>
        new Promise((resolve) => {
          requestAnimationFrame(resolve);
          setTimeout(resolve, 50);
        });
      await frame();
      await frame();
      for (let running = moving(); running.length && Date.now() < deadline; running = moving()) {
        const left = deadline - Date.now();
        await Promise.race([
          Promise.allSettled(running.map((a) => a.finished)),
          new Promise((resolve) => setTimeout(resolve, left)),
        ]);
      }
    }, timeoutMs)
    .catch(() => undefined);
}
