import { check, type Findings, type Lang, logInHomeIn, report, visitMenu } from './a11y-menu-walk.ts';
import { preloadAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA), every screen: axe-core with the WCAG 2.1 A/AA rules on every
 * entry of the side menu of the demo buyer admin (100000) and the demo supplier admin (200001) — the entries
 * are read from the server's menu for the account, so a new entry is covered without touching this file —
 * plus, from each list, the detail of its first document and its new-document form, the login, register,
 * 403 and 404 pages. One login per station; every violation is collected and the test fails at the end
 * with one report: screen → rule → nodes. A11Y_THEME=dark walks in the dark theme, A11Y_LANG=en in English
 * (logged in with English picked on the login page); the suite's normal run walks English too, sampled
 * (a11y-dialogs-more.spec.ts).
 */

/** The interface language of the walk (A11Y_LANG=en: English). */
const LANG: Lang = process.env.A11Y_LANG === 'en' ? 'en' : 'zh_cn';

// One journey per station over ~80 screens and as many axe runs; generous for a shared, busy machine.
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

for (const [station, account] of [
  ['采购方', '100000'],
  ['供应方', '200001'],
] as const) {
  test(`${station} ${account} admin: every side-menu entry, its first document and its new form`, async ({
    page,
  }) => {
    const findings: Findings = new Map();
    await preloadAxe(page);
    await logInHomeIn(page, account, 'admin', LANG);
    // A11Y_THEME=dark walks the same screens in the dark theme (switched in the settings drawer, as a user would).
    if (process.env.A11Y_THEME === 'dark') {
      const [settings, drawer, dark] =
        LANG === 'en' ? ['Settings', 'Interface settings', 'Dark'] : ['设置', '界面设置', '深色'];
      await page.getByRole('button', { name: settings, exact: true }).click();
      await page.getByRole('dialog', { name: drawer }).getByText(dark, { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: drawer })).toBeHidden();
    }
    const screens = await visitMenu(page, station, findings, { lang: LANG, sample: false });
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
