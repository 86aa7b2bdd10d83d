import type { Result } from 'axe-core';
import { reportFindings } from './a11y-menu-walk.ts';
import { type AxeCache, analyzeDocumentOnce, SHELL_IFRAME, untilStill } from './axe.ts';
import { expect, type Frame, type FrameLocator, type Locator, type Page } from './fixtures.ts';

/**
 * The walk over states the axe journeys share (issue #19 "Accessibility"; a11y-dialogs.spec.ts,
 * a11y-dialogs-more.spec.ts): open a state as a user would, run axe-core (WCAG 2.1 A/AA) on the shell and on
 * every visible frame of the portal's origin, collect every serious/critical violation, fail once at the end
 * with one report (state → rule → nodes); plus the small steps the states are made of.
 */

/** The visible tab's module app. */
export const appFrame = (page: Page): FrameLocator => page.frameLocator(SHELL_IFRAME);

/**
 * The serious/critical violations of the page as it is now: the shell document and every visible frame of the
 * portal's own origin (module apps, the approval page's document), each analysed on its own — once per
 * distinct document of the walk (`cache`, axe.ts `analyzeDocumentOnce`: a dialog opened in the module app
 * leaves the shell as it was, and its earlier verdict stands for it).
 */
export async function analyzeVisible(page: Page, cache: AxeCache = new Map()): Promise<Result[]> {
  await page.mouse.move(0, 0);
  const origin = new URL(page.url()).origin;
  const frames: Frame[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || !frame.url().startsWith(origin)) continue;
    const element = await frame.frameElement().catch(() => null);
    if (!element || !(await element.isVisible())) continue;
    frames.push(frame);
  }
  // Until the documents axe reads are still, at most the 300 ms this walk used to pause for (issue #35).
  await Promise.all([page, ...frames].map((target) => untilStill(target, 300)));
  const serious = await analyzeDocumentOnce(page, cache);
  for (const frame of frames) serious.push(...(await analyzeDocumentOnce(frame, cache)));
  return serious;
}

/** A state that could not be reached or drawn, reported like a violation (rule "state-not-checked"). */
export function failure(error: unknown): Result {
  const message = error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ') : String(error);
  return { id: 'state-not-checked', impact: 'critical', help: message, nodes: [] } as unknown as Result;
}

/**
 * One test's walk over states: `state` opens one (by visible labels and roles) and runs axe on it, a state
 * that cannot be reached is a finding too and the walk goes on; `report` fails with every finding at once.
 */
export function walk(page: Page) {
  const findings = new Map<string, Result[]>();
  const states: string[] = [];
  /** The documents this walk analysed (a document unchanged since is not analysed again). */
  const cache: AxeCache = new Map();
  return {
    async state(name: string, open: () => Promise<void>): Promise<boolean> {
      states.push(name);
      try {
        await open();
        const serious = await analyzeVisible(page, cache);
        if (serious.length) findings.set(name, serious);
        return true;
      } catch (error) {
        findings.set(name, [failure(error)]);
        if (process.env.A11Y_SHOTS)
          await page
            .screenshot({ path: `${process.env.A11Y_SHOTS}/${name.replace(/[\s/›（）]+/g, '_')}.png` })
            .catch(() => undefined);
        return false;
      }
    },
    report: (): Promise<void> => reportFindings(findings, states, 'states'),
  };
}

/** Waits until nothing spins in `scope` any more (lists and details load their data after drawing). */
export async function settled(scope: Page | FrameLocator): Promise<void> {
  await expect(scope.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
}

/** The dialog now open in `scope`, visible and done loading. */
export async function dialogOpen(scope: Page | FrameLocator, name?: string | RegExp): Promise<Locator> {
  const dialog = scope.getByRole('dialog', name ? { name } : {}).last();
  await expect(dialog).toBeVisible();
  await settled(scope);
  return dialog;
}

/**
 * Closes what the last state opened in the module app (a dialog, a pop-up) with Escape, as a keyboard user
 * would, and waits for it to go.
 */
export async function dismiss(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(appFrame(page).locator('.ant-modal-wrap:visible, .ant-popover:visible')).toHaveCount(0);
}

/** Opens the document numbered `number` (its number button) from the list shown in the module app. */
export async function openNumber(frame: FrameLocator, number: string | RegExp): Promise<void> {
  await frame
    .getByRole('button', { name: number, exact: typeof number === 'string' })
    .first()
    .click();
  await expect(
    frame.locator('.document-number, h1, h2, h3, h4').filter({ hasText: number }).first(),
  ).toBeVisible();
  await settled(frame);
}

/** Opens the first document of the list whose row shows `text` (its number button). */
export async function openRowWith(frame: FrameLocator, text: string | RegExp): Promise<void> {
  await settled(frame);
  const row = frame.locator('tr.ant-table-row', { hasText: text }).first();
  await row.locator('.link-cell').first().click();
  await settled(frame);
}

/** Goes back to the list the detail was opened from (the module app's history). */
export async function backToList(frame: FrameLocator): Promise<void> {
  await frame.locator('body').evaluate(() => history.back());
  await settled(frame);
}
