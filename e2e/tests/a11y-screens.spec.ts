import type { Result } from 'axe-core';
import { analyzeDocument, describeViolation, preloadAxe, SHELL_IFRAME } from './axe.ts';
import { expect, type FrameLocator, type Locator, type Page, test } from './fixtures.ts';
import { logInHome, sideMenu } from './helpers.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA), every screen: axe-core with the WCAG 2.1 A/AA rules on every
 * entry of the side menu of the demo buyer admin (100000) and the demo supplier admin (200001) — the entries
 * are read from the server's menu for the account, so a new entry is covered without touching this file —
 * plus, from each list, the detail of its first document and its new-document form, the login, register,
 * 403 and 404 pages. One login per station; every violation is collected and the test fails at the end
 * with one report: screen → rule → nodes.
 */

// One journey per station over ~80 screens and as many axe runs; generous for a shared, busy machine.
test.describe.configure({ timeout: 600_000 });
// An action that cannot happen fails its screen after 10 s, not the whole walk at the test's timeout.
test.use({ actionTimeout: 10_000 });

/** The part of a menu entry of GET /apis/user/getMenu (spec 000 §7) this file reads. */
type MenuItem = { appName: string; appCode: string; appUrl: string; children: MenuItem[] };

/** Serious/critical violations by screen name, filled by `check` and reported by `report`. */
type Findings = Map<string, Result[]>;

/**
 * Runs axe on the screen as it is now — the shell document (unless `shell` is false: a module app's screen
 * changes only its frame, and the shell around it was checked already) and the module app's document when
 * the visible tab shows one — and records the serious/critical violations under `screen`. The pointer
 * rests off every control (a hovered button is drawn in a lighter shade) and animations have a moment to end.
 */
async function check(page: Page, findings: Findings, screen: string, shell = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(150);
  const serious = shell ? await analyzeDocument(page) : [];
  const shown = page.locator(SHELL_IFRAME);
  const frame = (await shown.count())
    ? await (await shown.elementHandle({ timeout: 1000 }))?.contentFrame()
    : null;
  if (frame) serious.push(...(await analyzeDocument(frame)));
  if (serious.length) findings.set(screen, serious);
}

/** Fails with every screen's violations at once (screen → rule → nodes), or passes when there were none. */
async function report(findings: Findings, screens: string[]): Promise<void> {
  const text = [...findings]
    .map(([screen, violations]) => `■ ${screen}\n${violations.map(describeViolation).join('\n')}`)
    .join('\n\n');
  await test.info().attach('axe screens', { body: screens.join('\n'), contentType: 'text/plain' });
  if (text) await test.info().attach('axe violations', { body: text, contentType: 'text/plain' });
  expect(
    [...findings.keys()],
    `axe: serious/critical WCAG 2.1 A/AA violations on ${findings.size} of ${screens.length} screens:\n\n${text}`,
  ).toEqual([]);
}

/** The leaves of a menu tree with the labels of their groups (depth first, as the side menu shows them). */
function menuLeaves(items: MenuItem[], groups: string[] = []): { entry: MenuItem; groups: string[] }[] {
  return items.flatMap((item) =>
    item.children.length ? menuLeaves(item.children, [...groups, item.appName]) : [{ entry: item, groups }],
  );
}

/** The caller's menu, asked of the server with the session the browser stored at login. */
async function serverMenu(page: Page): Promise<MenuItem[]> {
  return page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('srm-auth') ?? '{}').content.state;
    const res = await fetch('/apis/user/getMenu', {
      headers: {
        token: stored.token,
        account: `${stored.userInfo.elsAccount}_${stored.userInfo.elsSubAccount}`,
        lang: 'zh_cn',
      },
    });
    return (await res.json()).data;
  });
}

/** The visible tab's view: its module app's frame when it shows one. */
function appFrame(page: Page): FrameLocator {
  return page.frameLocator(SHELL_IFRAME);
}

/**
 * Waits until the visible view has drawn its content: something in it, no spinner or skeleton still
 * turning, and a table showing its rows or its empty text.
 */
async function settled(scope: Page | FrameLocator, root: Locator): Promise<void> {
  await expect(root.locator('*').first()).toBeVisible({ timeout: 15_000 });
  await expect(scope.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
  const tables = scope.locator('.ant-table-wrapper:visible');
  if (await tables.count()) {
    // Rows, or the placeholder row of an empty table (drawn even when its empty text is blank).
    await expect(
      tables.first().locator('tr.ant-table-row, tr.ant-table-placeholder, .ant-empty'),
    ).not.toHaveCount(0, { timeout: 15_000 });
  }
}

/** Waits for the shown tab's content: in its module app frame, or in the shell's view. */
async function screenSettled(page: Page): Promise<void> {
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
async function openEntry(page: Page, groups: string[], label: string): Promise<void> {
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

/** Closes the selected tab from the keyboard (Delete on the focused tab, the tab strip's close). */
async function closeTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await tab.focus();
  await page.keyboard.press('Delete');
  await expect(tab).toHaveCount(0);
}

/**
 * Visits every side-menu entry of the logged-in account: opens it, waits for its content, runs axe; on a
 * module app's list, opens the first document's detail (its number link) and the new-document form (the
 * "新建" button) and runs axe on each; closes the tab. Returns the names of the screens checked.
 */
async function visitMenu(page: Page, station: string, findings: Findings): Promise<string[]> {
  const screens: string[] = [];
  const leaves = menuLeaves(await serverMenu(page));
  expect(leaves.length).toBeGreaterThan(10);
  let shellChecked = false;
  /** Checks one screen; a screen that cannot be reached or drawn is a finding too, and the walk goes on. */
  const visit = async (name: string, open: () => Promise<void>, shell = true) => {
    const t0 = Date.now();
    try {
      await open();
      await check(page, findings, name, shell);
    } catch (error) {
      findings.set(name, [failure(error)]);
    }
    screens.push(name);
    if (process.env.A11Y_TRACE) console.log(`${Date.now() - t0} ms  ${name}`);
  };
  for (const { entry, groups } of leaves) {
    const name = `${station} ${[...groups, entry.appName].join(' › ')}`;
    const home = entry.appCode === 'home';
    const inFrame = !entry.appUrl.includes('/portal/');
    await visit(
      name,
      async () => {
        if (!home) await openEntry(page, groups, entry.appName);
        await screenSettled(page);
      },
      !inFrame || !shellChecked,
    );
    if (inFrame) shellChecked = true;
    if (await page.locator(SHELL_IFRAME).count()) await visitDetailAndNew(page, name, visit);
    if (!home) await closeTab(page, entry.appName).catch(() => undefined);
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
 * and the new-document form (the first "新建…" button; a page, a dialog or a menu of kinds), each checked
 * by `visit` (module app only), then back to the list.
 */
async function visitDetailAndNew(
  page: Page,
  name: string,
  visit: (name: string, open: () => Promise<void>, shell?: boolean) => Promise<void>,
): Promise<void> {
  const frame = appFrame(page);
  const overlay = frame.locator('.ant-modal-wrap:visible, .ant-drawer-open, .ant-dropdown:visible');
  const list = await frameUrl(page);
  /** Clicks `target` and waits for what it opens (another address of the app or an overlay) to settle. */
  const open = (target: Locator) => async () => {
    await target.click();
    await expect
      .poll(async () => (await frameUrl(page)) !== list || (await overlay.count()) > 0, { timeout: 10_000 })
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
  if (await link.count()) {
    await visit(`${name} › 详情`, open(link), false);
    await back().catch(() => undefined);
  }
  const create = frame.getByRole('button', { name: /新建/ }).first();
  if ((await frameUrl(page)) === list && (await create.count())) {
    await visit(`${name} › 新建`, open(create), false);
    await back().catch(() => undefined);
  }
}

/** The address of the module app shown in the visible tab. */
async function frameUrl(page: Page): Promise<string> {
  const shown = page.locator(SHELL_IFRAME);
  if (!(await shown.count())) return '';
  const frame = await (await shown.elementHandle({ timeout: 1000 }).catch(() => null))?.contentFrame();
  return frame?.url() ?? '';
}

/** Goes back in the module app's history until it shows `address` again (the list a detail was opened from). */
async function backInFrame(page: Page, address: string): Promise<void> {
  if ((await frameUrl(page)) === address) return;
  await appFrame(page)
    .locator('body')
    .evaluate(() => history.back())
    .catch(() => undefined);
  await expect.poll(() => frameUrl(page)).toBe(address);
}

/** A screen that could not be reached or drawn, reported like a violation (rule "screen-not-checked"). */
function failure(error: unknown): Result {
  const message = error instanceof Error ? error.message.split('\n').slice(0, 4).join(' ') : String(error);
  return {
    id: 'screen-not-checked',
    impact: 'critical',
    help: message,
    nodes: [],
  } as unknown as Result;
}

test('login and register pages', async ({ page }) => {
  const findings: Findings = new Map();
  await preloadAxe(page);
  const screens = ['login', 'login (en)', 'register'];
  await page.goto('/portal/#/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await check(page, findings, 'login');
  // The language attribute follows the selected language.
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await check(page, findings, 'login (en)');
  await page.getByLabel('Language').selectOption('zh_cn');
  await page.getByRole('link', { name: '注册' }).click();
  await expect(page.getByLabel('邀请码')).toBeVisible();
  await check(page, findings, 'register');
  await report(findings, screens);
});

for (const [station, account] of [
  ['采购方', '100000'],
  ['供应方', '200001'],
] as const) {
  test(`${station} ${account} admin: every side-menu entry, its first document and its new form`, async ({
    page,
  }) => {
    const findings: Findings = new Map();
    await preloadAxe(page);
    await logInHome(page, account, 'admin');
    // A11Y_THEME=dark walks the same screens in the dark theme (switched in the settings drawer, as a user would).
    if (process.env.A11Y_THEME === 'dark') {
      await page.getByRole('button', { name: '设置', exact: true }).click();
      await page.getByRole('dialog', { name: '界面设置' }).getByText('深色', { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: '界面设置' })).toBeHidden();
    }
    const screens = await visitMenu(page, station, findings);
    // The error pages a logged-in user meets: an address that does not exist, a page the roles do not open.
    for (const status of ['404', '403']) {
      const name = `${station} ${status}`;
      await page.goto(status === '404' ? '/portal/#/no-such-page' : '/portal/#/403');
      await expect(page.getByText(status, { exact: true })).toBeVisible();
      await check(page, findings, name);
      screens.push(name);
    }
    await report(findings, screens);
  });
}
