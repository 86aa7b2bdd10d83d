import type { Result } from 'axe-core';
import { analyzeDocument, describeViolation, preloadAxe, SHELL_IFRAME, untilStill } from './axe.ts';
import { expect, type Frame, type FrameLocator, type Locator, type Page, test } from './fixtures.ts';
import { DEMO_PASSWORD, logIn, logInHome, sideMenu } from './helpers.ts';
import { journeyCheckedScreen, recordWalkScreen } from './journey-axe.ts';

/**
 * The walk over every side-menu entry that the axe screen journeys share (issue #19 "Accessibility";
 * a11y-screens.spec.ts and a11y-screens-supplier.spec.ts in Chinese, or in English with A11Y_LANG=en;
 * a11y-english-buyer.spec.ts's and a11y-english-supplier.spec.ts's sampled English walks): the entries are read from the server's menu for the account in the interface's language,
 * each is opened by its visible label, axe-core (WCAG 2.1 A/AA) runs on the shell and the module app, and
 * every serious/critical violation is collected for one report at the end (screen → rule → nodes).
 */

/** The part of a menu entry of GET /apis/user/getMenu (spec 000 §7) this file reads. */
export type MenuItem = { appName: string; appCode: string; appUrl: string; children: MenuItem[] };

/** Serious/critical violations by screen name, filled by `check` and reported by `report`. */
export type Findings = Map<string, Result[]>;

/**
 * Runs axe on the screen as it is now — the shell document (unless `shell` is false: a module app's screen
 * changes only its frame, and the shell around it was checked already) and the module app's document when
 * the visible tab shows one — and records the serious/critical violations under `screen`. The pointer
 * rests off every control (a hovered button is drawn in a lighter shade) and each document's animations have
 * ended (`untilStill`, at most 1 s: the walk's old fixed 150 ms pause was shorter than a pop-up's opening).
 * A document whose screen (journey-axe.ts `screenKey`: route, dialogs, station, language, theme) a journey
 * analysed already in this run is not analysed again (issue #35: a screen is checked once per run); the
 * screen stays in the walk's list of screens checked.
 */
export async function check(page: Page, findings: Findings, screen: string, shell = true): Promise<void> {
  await page.mouse.move(0, 0);
  const shown = page.locator(SHELL_IFRAME);
  const frame = (await shown.count())
    ? await (await shown.elementHandle({ timeout: 1000 }))?.contentFrame()
    : null;
  // Until the documents axe reads are still (issue #35): at most 1 s, a pop-up's opening (antd's 200 ms) included.
  await Promise.all([shell ? untilStill(page, 1000) : null, frame ? untilStill(frame, 1000) : null]);
  const serious: Result[] = [];
  for (const doc of [shell ? page : null, frame].filter((d): d is Page | Frame => !!d)) {
    const { key, by } = await journeyCheckedScreen(doc);
    if (by) {
      if (process.env.A11Y_TRACE) console.log(`  ↳ ${key} checked by the journey ${by}`);
      continue;
    }
    const t0 = Date.now();
    let found = await analyzeDocument(doc);
    // Once more when it found something, after the document is still again: a control that turned enabled
    // just after the settling (a form whose data arrived then) is caught in its colour transition; a real
    // violation is found again (seen once in a full run of 2026-12-04: 供应方 企业信息 › 信息变更 › 新建, its buttons mid-fade).
    if (found.length) {
      await untilStill(doc, 1000);
      found = await analyzeDocument(doc);
    }
    serious.push(...found);
    if (key) recordWalkScreen(key, screen, Date.now() - t0);
  }
  if (serious.length) findings.set(screen, serious);
}

/**
 * Fails with every screen's (or state's) violations at once (name → rule → nodes), or passes when there
 * were none; attaches the names checked. Shared by the menu walk and the dialog walks (a11y-walk.ts).
 */
export async function reportFindings(
  findings: Findings,
  names: string[],
  noun: 'screens' | 'states' = 'screens',
): Promise<void> {
  const text = [...findings]
    .map(([name, violations]) => `■ ${name}\n${violations.map(describeViolation).join('\n')}`)
    .join('\n\n');
  await test.info().attach(`axe ${noun}`, { body: names.join('\n'), contentType: 'text/plain' });
  if (text) await test.info().attach('axe violations', { body: text, contentType: 'text/plain' });
  expect(
    [...findings.keys()],
    `axe: serious/critical WCAG 2.1 A/AA violations ${noun === 'screens' ? 'on' : 'in'} ${findings.size} of ${names.length} ${noun}:\n\n${text}`,
  ).toEqual([]);
}

/** Fails with every screen's violations at once (screen → rule → nodes), or passes when there were none. */
export const report = (findings: Findings, screens: string[]): Promise<void> =>
  reportFindings(findings, screens, 'screens');

/** The leaves of a menu tree with the labels of their groups (depth first, as the side menu shows them). */
export function menuLeaves(
  items: MenuItem[],
  groups: string[] = [],
): { entry: MenuItem; groups: string[] }[] {
  return items.flatMap((item) =>
    item.children.length ? menuLeaves(item.children, [...groups, item.appName]) : [{ entry: item, groups }],
  );
}

/** The interface languages a walk can take (the server's `lang` header values). */
export type Lang = 'zh_cn' | 'en';

/** How a walk goes: the interface's language, and whether it samples (see `visitMenu`). */
export type WalkOptions = { lang: Lang; sample: boolean };

/** The new-document buttons of the module apps ("新建采购申请", "New requisition"). */
const CREATE: Record<Lang, RegExp> = { zh_cn: /新建/, en: /^New\b/ };

/** The caller's menu in `lang`, asked of the server with the session the browser stored at login. */
export async function serverMenu(page: Page, lang: Lang = 'zh_cn'): Promise<MenuItem[]> {
  return page.evaluate(async (lang) => {
    const stored = JSON.parse(localStorage.getItem('srm-auth') ?? '{}').content.state;
    const res = await fetch('/apis/user/getMenu', {
      headers: {
        token: stored.token,
        account: `${stored.userInfo.elsAccount}_${stored.userInfo.elsSubAccount}`,
        lang,
      },
    });
    return (await res.json()).data;
  }, lang);
}

/** The visible tab's view: its module app's frame when it shows one. */
export function appFrame(page: Page): FrameLocator {
  return page.frameLocator(SHELL_IFRAME);
}

/**
 * Waits until the visible view has drawn its content: something in it, no spinner or skeleton still
 * turning, and a table showing its rows or its empty text.
 */
export async function settled(scope: Page | FrameLocator, root: Locator): Promise<void> {
  await expect(root.locator('*').first()).toBeVisible({ timeout: 15_000 });
  await expect(scope.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
  // Rows (a virtual table's are not <tr>), or the placeholder row of an empty table (drawn even when its
  // empty text is blank). Asked again until it holds: the view can still be changing (a page whose chunk is
  // loading leaves the list it was opened from on screen, then replaces it with a page without a table).
  await expect(async () => {
    const tables = scope.locator('.ant-table-wrapper:visible');
    if (!(await tables.count())) return;
    await expect(
      tables.first().locator('.ant-table-row, tr.ant-table-placeholder, .ant-empty'),
    ).not.toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Waits for the shown tab's content: in its module app frame, or in the shell's view. */
export async function screenSettled(page: Page): Promise<void> {
  const view = page.locator('.tab-view:visible');
  await expect(view).toHaveCount(1);
  if (await view.locator('iframe.shell-iframe').count()) {
    const frame = appFrame(page);
    await settled(frame, frame.locator('body'));
    return;
  }
  await settled(page, view);
}

/** Opens a menu entry through the side menu as a user would: its groups first, then the entry. */
export async function openEntry(page: Page, groups: string[], label: string): Promise<void> {
  const menu = sideMenu(page);
  await expect(async () => {
    for (const group of groups) {
      const item = menu.getByRole('menuitem', { name: group, exact: true });
      if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
    }
    await menu.getByRole('menuitem', { name: label, exact: true }).click({ timeout: 5000 });
    await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
      {
        timeout: 3000,
      },
    );
  }).toPass({ timeout: 30_000 });
}

/**
 * Shows the hash route `hash` of the module app in the tab labelled `tab` (kept open by the walk): selects
 * the tab, marks every element the frame shows now, sets the frame's `location.hash` (the app's hash router
 * takes it as a click on one of its links would) and waits until the frame shows elements it did not show
 * before — the new route's, not the old route's left on screen while its chunk
 * loads. A route that draws no new element in 5 s (the same page with other parameters) is loaded afresh.
 * `module` is the app's document (origin, path and query); returns false, changing nothing in the frame, when
 * the tab is gone or its frame shows another document (the caller then opens the entry from the side menu).
 */
export async function showInFrame(page: Page, tab: string, module: string, hash: string): Promise<boolean> {
  const tabItem = page.getByRole('tab', { name: tab, exact: true });
  if ((await tabItem.count()) !== 1) return false;
  if ((await tabItem.getAttribute('aria-selected')) !== 'true') await tabItem.click();
  await expect(tabItem).toHaveAttribute('aria-selected', 'true');
  const handle = await page.locator(SHELL_IFRAME).elementHandle();
  const frame = await handle?.contentFrame();
  const at = frame ? new URL(frame.url()) : null;
  if (!frame || !at || `${at.origin}${at.pathname}${at.search}` !== module) return false;
  await frame.evaluate((h) => {
    for (const e of document.body.querySelectorAll('*')) e.setAttribute('data-a11y-walk-old', '');
    location.hash = h;
  }, hash);
  const fresh = frame.locator('main *:not([data-a11y-walk-old])').first();
  try {
    await fresh.waitFor({ state: 'attached', timeout: 5000 });
  } catch {
    await Promise.all([frame.waitForNavigation(), frame.evaluate(() => location.reload())]);
  }
  await frame.evaluate(() => {
    for (const e of document.querySelectorAll('[data-a11y-walk-old]'))
      e.removeAttribute('data-a11y-walk-old');
  });
  return true;
}

/** Closes the selected tab from the keyboard (Delete on the focused tab, the tab strip's close). */
export async function closeTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await tab.focus();
  await page.keyboard.press('Delete');
  await expect(tab).toHaveCount(0);
}

/**
 * Visits every side-menu entry of the logged-in account (its labels in `lang`, the interface's language):
 * opens it, waits for its content, runs axe; on a module app's list, opens the first document's detail (its
 * number link) and the new-document form (the "新建" / "New" button) and runs axe on each; closes the tab.
 * Of consecutive entries of one module app the first is opened through the side menu and its tab kept; the
 * further ones are shown in that tab's frame by their hash route (`showInFrame`: one boot of the app, not one
 * per entry — the screens axe reads are the same; the shell around a module app is checked with its first
 * one, and the side menu with every group open at the end, after the kept tab is closed).
 * `sample` (a second language's walk, kept short for the suite's time) checks every entry but only one
 * detail per module app (the first list of `/order/`, `/rfq/` … that has a document) and no new forms.
 * Returns the names of the screens checked.
 */
export async function visitMenu(
  page: Page,
  station: string,
  findings: Findings,
  { lang, sample }: WalkOptions = { lang: 'zh_cn', sample: false },
): Promise<string[]> {
  const screens: string[] = [];
  const leaves = menuLeaves(await serverMenu(page, lang));
  /** The module apps a sampled walk has opened a detail of. */
  const detailed = new Set<string>();
  expect(leaves.length).toBeGreaterThan(10);
  let shellChecked = false;
  /** Checks one screen; a screen that cannot be reached or drawn is a finding too, and the walk goes on. */
  const visit = async (name: string, open: () => Promise<void>, shell = true) => {
    const t0 = Date.now();
    let t1 = t0;
    try {
      await open();
      t1 = Date.now();
      await check(page, findings, name, shell);
    } catch (error) {
      findings.set(name, [failure(error)]);
    }
    screens.push(name);
    // A11Y_TRACE=1: each screen's time, opening and settling + axe (BENCHMARKS.md, "Suite and CI time").
    if (process.env.A11Y_TRACE)
      console.log(`${Date.now() - t0} ms  (${t1 - t0} + ${Date.now() - t1})  ${name}`);
  };
  /**
   * The module app's tab the walk keeps open (issue #35): its document (path and query, e.g. `/order/`) and
   * its label. Opened through the side menu by the first of consecutive entries of one module app, whose
   * further entries are its hash routes in that frame (`showInFrame`): the app booted once, not once per
   * entry. One tab at most besides the home tab, as when every tab was closed after its entry: more tabs
   * make the tab strip another screen (its overflow button), which this walk does not set out to check.
   */
  const kept = new Map<string, string>();
  for (const { entry, groups } of leaves) {
    const name = `${station} ${[...groups, entry.appName].join(' › ')}`;
    const home = entry.appCode === 'home';
    const inFrame = !entry.appUrl.includes('/portal/');
    const target = new URL(entry.appUrl, new URL(page.url()).origin);
    const module = `${target.origin}${target.pathname}${target.search}`;
    const tab = inFrame ? kept.get(module) : undefined;
    // Another module app (or a shell page) next: the kept tab is closed first.
    for (const [other, label] of kept)
      if (other !== module) {
        kept.delete(other);
        await page
          .getByRole('tab', { name: label, exact: true })
          .click()
          .catch(() => undefined);
        await closeTab(page, label).catch(() => undefined);
      }
    let reused = false;
    await visit(
      name,
      async () => {
        reused = !!tab && (await showInFrame(page, tab, module, target.hash));
        if (!reused && !home) await openEntry(page, groups, entry.appName);
        await screenSettled(page);
      },
      !inFrame || !shellChecked,
    );
    if (inFrame) shellChecked = true;
    if (process.env.A11Y_TRACE && reused) console.log(`  ↳ shown in the kept frame of ${module}`);
    const app = new URL(entry.appUrl, 'http://app').pathname;
    if ((!sample || !detailed.has(app)) && (await page.locator(SHELL_IFRAME).count())) {
      const opened = await visitDetailAndNew(page, name, visit, { create: sample ? null : CREATE[lang] });
      if (opened) detailed.add(app);
    }
    if (inFrame && !reused && (await page.getByRole('tab', { name: entry.appName, exact: true }).count()))
      kept.set(module, entry.appName);
    else if (!home && !inFrame) await closeTab(page, entry.appName).catch(() => undefined);
  }
  for (const label of kept.values()) {
    await page
      .getByRole('tab', { name: label, exact: true })
      .click()
      .catch(() => undefined);
    await closeTab(page, label).catch(() => undefined);
  }
  // Every group of the side menu open, as a walk through the menu by clicks leaves it (the entries reached in
  // their module's frame were not clicked).
  const menu = sideMenu(page);
  for (const { groups } of leaves)
    for (const group of groups) {
      const item = menu.getByRole('menuitem', { name: group, exact: true });
      if ((await item.getAttribute('aria-expanded').catch(() => 'true')) !== 'true')
        await item.click().catch(() => undefined);
    }
  // The shell once more, with every group of the side menu the walk opened still open.
  // (Once the groups' open and close animations have ended: text in a group still moving is drawn half faded.)
  await visit(`${station} 侧边菜单（全部展开）`, async () => {
    await expect(sideMenu(page).locator('[class*="ant-motion-collapse"]')).toHaveCount(0);
  });
  return screens;
}

/**
 * On a module app's list: the first document's detail (its number link; a page of the app or a dialog)
 * and the new-document form (the first button named by `create`, unless null; a page, a dialog or a menu
 * of kinds), each checked by `visit` (module app only), then back to the list. Returns whether the list
 * had a detail to open.
 */
export async function visitDetailAndNew(
  page: Page,
  name: string,
  visit: (name: string, open: () => Promise<void>, shell?: boolean) => Promise<void>,
  { create: createName }: { create: RegExp | null } = { create: CREATE.zh_cn },
): Promise<boolean> {
  const frame = appFrame(page);
  const overlay = frame.locator('.ant-modal-wrap:visible, .ant-drawer-open, .ant-dropdown:visible');
  const list = await frameUrl(page);
  /** Clicks `target` and waits for what it opens (another address of the app or an overlay) to settle. */
  const open = (target: Locator) => async () => {
    await target.click();
    await expect
      .poll(async () => (await frameUrl(page)) !== list || (await overlay.count()) > 0, {
        timeout: 10_000,
        intervals: [25],
      })
      .toBe(true);
    await settled(frame, frame.locator('body'));
  };
  /** Back to the list: the overlay closed with Escape, or back in the app's history. */
  const back = async () => {
    if (await overlay.count()) {
      await page.keyboard.press('Escape');
      await expect(overlay).toHaveCount(0);
    }
    await backInFrame(page, list);
  };
  const link = frame.locator('tr.ant-table-row .link-cell').first();
  const detail = (await link.count()) > 0;
  if (detail) {
    await visit(`${name} › 详情`, open(link), false);
    await back().catch(() => undefined);
  }
  if (!createName) return detail;
  const create = frame.getByRole('button', { name: createName }).first();
  if ((await frameUrl(page)) === list && (await create.count())) {
    await visit(`${name} › 新建`, open(create), false);
    await back().catch(() => undefined);
  }
  return detail;
}

/** The address of the module app shown in the visible tab. */
export async function frameUrl(page: Page): Promise<string> {
  const shown = page.locator(SHELL_IFRAME);
  if (!(await shown.count())) return '';
  const frame = await (await shown.elementHandle({ timeout: 1000 }).catch(() => null))?.contentFrame();
  return frame?.url() ?? '';
}

/** Goes back in the module app's history until it shows `address` again (the list a detail was opened from). */
export async function backInFrame(page: Page, address: string): Promise<void> {
  if ((await frameUrl(page)) === address) return;
  await appFrame(page)
    .locator('body')
    .evaluate(() => history.back())
    .catch(() => undefined);
  await expect.poll(() => frameUrl(page), { intervals: [25] }).toBe(address);
}

/** A screen that could not be reached or drawn, reported like a violation (rule "screen-not-checked"). */
export function failure(error: unknown): Result {
  const message = error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ') : String(error);
  return {
    id: 'screen-not-checked',
    impact: 'critical',
    help: message,
    nodes: [],
  } as unknown as Result;
}

/**
 * Logs in as a user would in `lang`: the language picked on the login page first (so the session starts in
 * it), then the form filled by its labels in that language; waits for the home tab.
 */
export async function logInHomeIn(
  page: Page,
  account: string,
  subAccount: string,
  lang: Lang,
): Promise<void> {
  if (lang === 'zh_cn') {
    await logInHome(page, account, subAccount);
    return;
  }
  await page.goto('/portal/#/login');
  await page.getByLabel('语言').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await logIn(page, account, subAccount, DEMO_PASSWORD, 'en');
  await expect(page).toHaveURL(/#\/portal\/wel\/index$/);
  await expect(page.getByRole('tab', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/**
 * The menu-wide walk of one station's demo admin (a11y-screens.spec.ts for the buyer,
 * a11y-screens-supplier.spec.ts for the supplier: one file each, so Playwright's two workers walk them side by side): logs in in `lang`, in the
 * dark theme with A11Y_THEME=dark (switched in the settings drawer, as a user would), visits every side-menu entry
 * with its first document and its new form (`visitMenu`, not sampled), then the 404 and 403 pages, and fails
 * with one report of every screen's violations.
 */
export async function walkStation(page: Page, station: string, account: string, lang: Lang): Promise<void> {
  const findings: Findings = new Map();
  await preloadAxe(page);
  await logInHomeIn(page, account, 'admin', lang);
  if (process.env.A11Y_THEME === 'dark') {
    const [settings, drawer, dark] =
      lang === 'en' ? ['Settings', 'Interface settings', 'Dark'] : ['设置', '界面设置', '深色'];
    await page.getByRole('button', { name: settings, exact: true }).click();
    await page.getByRole('dialog', { name: drawer }).getByText(dark, { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: drawer })).toBeHidden();
  }
  const screens = await visitMenu(page, station, findings, { lang, sample: false });
  // The error pages a logged-in user meets: an address that does not exist, a page the roles do not open.
  for (const status of ['404', '403']) {
    const name = `${station} ${status}`;
    await page.goto(status === '404' ? '/portal/#/no-such-page' : '/portal/#/403');
    await expect(page.getByText(status, { exact: true })).toBeVisible();
    await check(page, findings, name);
    screens.push(name);
  }
  await report(findings, screens);
}

/** The interface language of the menu-wide walks (A11Y_LANG=en: English, else Chinese). */
export const WALK_LANG: Lang = process.env.A11Y_LANG === 'en' ? 'en' : 'zh_cn';
