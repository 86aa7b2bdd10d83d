import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

/** Labels of the login form in the two interface languages. */
export const LOGIN_LABELS = {
  zh: { account: '账号', subAccount: '子账号', password: '密码', submit: '登录' },
  en: { account: 'Account', subAccount: 'Sub-account', password: 'Password', submit: 'Log in' },
} as const;

/** Fills and submits the login form as a user would. */
export async function logIn(
  page: Page,
  account: string,
  subAccount: string,
  password = DEMO_PASSWORD,
  lang: keyof typeof LOGIN_LABELS = 'zh',
): Promise<void> {
  const l = LOGIN_LABELS[lang];
  await page.goto('/portal/#/login');
  await page.getByLabel(l.account, { exact: true }).fill(account);
  await page.getByLabel(l.subAccount, { exact: true }).fill(subAccount);
  await page.getByLabel(l.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: l.submit, exact: true }).click();
}

/** Logs in and waits for the home tab. */
export async function logInHome(page: Page, account: string, subAccount: string, password = DEMO_PASSWORD) {
  await logIn(page, account, subAccount, password);
  await expect(page).toHaveURL(/#\/portal\/wel\/index$/);
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
}

/** The side menu (the navigation landmark of the sidebar). */
export function sideMenu(page: Page) {
  return page.locator('.side-nav');
}

/** Opens a menu entry, expanding its group first. */
export async function openMenuEntry(page: Page, group: string, entry: string) {
  const menu = sideMenu(page);
  const groupItem = menu.getByRole('menuitem', { name: group });
  // A group already open (a second entry of it) would close on a click.
  if ((await groupItem.getAttribute('aria-expanded')) !== 'true') await groupItem.click();
  await menu.getByRole('menuitem', { name: entry }).click();
}

/** Opens the user dropdown in the top bar. */
export async function openUserMenu(page: Page, label = '用户菜单') {
  await page.getByRole('button', { name: label }).click();
}
