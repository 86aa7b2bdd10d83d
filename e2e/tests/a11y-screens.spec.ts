import { check, type Findings, report, WALK_LANG, walkStation } from './a11y-menu-walk.ts';
import { preloadAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA), every screen: axe-core with the WCAG 2.1 A/AA rules on every
 * entry of the side menu of the demo buyer admin (100000; the supplier admin 200001's walk is
 * a11y-screens-supplier.spec.ts, a file of its own so the two workers walk both at once) — the entries
 * are read from the server's menu for the account, so a new entry is covered without touching this file —
 * plus, from each list, the detail of its first document and its new-document form, the login, register,
 * 403 and 404 pages. One login per station; every violation is collected and the test fails at the end
 * with one report: screen → rule → nodes. A11Y_THEME=dark walks in the dark theme, A11Y_LANG=en in English
 * (logged in with English picked on the login page); the suite's normal run walks English too, sampled
 * (a11y-dialogs-more.spec.ts).
 */

// One walk over ~80 screens and as many axe runs; generous for a shared, busy machine.
test.describe.configure({ timeout: 600_000 });
// An action that cannot happen fails its screen after 10 s, not the whole walk at the test's timeout.
test.use({ actionTimeout: 10_000 });

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

test('采购方 100000 admin: every side-menu entry, its first document and its new form', async ({ page }) => {
  await walkStation(page, '采购方', '100000', WALK_LANG);
});
