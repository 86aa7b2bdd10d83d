import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/** The WCAG 2.1 A/AA rule tags axe runs (issue #19 "Accessibility"). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts that fail a screen: serious and critical (issue #19: "0 serious or critical violations"). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The module app shown in the visible tab of the shell (axe analyses it as a frame of the page). */
export const SHELL_IFRAME = '.tab-view:visible iframe.shell-iframe';

/** One serious/critical violation, readable: rule, impact, help and up to five offending nodes. */
function describe(v: Result): string {
  const nodes = v.nodes
    .slice(0, 60)
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
  // Measure the resting state: the pointer off every control (a button left hovered after a click is
  // drawn in antd's lighter hover shade), and animations (drawers, dialogs, tab ink) settled.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = seriousViolations(results);
  const report = serious.map(describe).join('\n');
  await test.info().attach(`axe ${screen}`, {
    body: JSON.stringify(serious, null, 2),
    contentType: 'application/json',
  });
  expect(serious.length, `axe: serious/critical WCAG 2.1 A/AA violations on "${screen}":\n${report}`).toBe(0);
}
