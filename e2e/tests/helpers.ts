import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { checkScreens } from './journey-axe.ts';

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

/**
 * Opens a menu entry, expanding its group first, then runs the journey's axe check (journey-axe.ts) on the
 * screen it opened.
 */
export async function openMenuEntry(page: Page, group: string, entry: string) {
  const menu = sideMenu(page);
  const groupItem = menu.getByRole('menuitem', { name: group });
  // A click while the group is still expanding can land without opening the tab on a busy machine: click
  // again until the entry's tab is the selected one. A group already open (a second entry of it) would close
  // on a click, so the group is clicked only while it is closed.
  await expect(async () => {
    if ((await groupItem.getAttribute('aria-expanded')) !== 'true') await groupItem.click();
    await menu.getByRole('menuitem', { name: entry }).click({ timeout: 5000 });
    await expect(page.getByRole('tab', { name: entry, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
      {
        timeout: 3000,
      },
    );
  }).toPass({ timeout: 30_000 });
  // A quiet point of every journey: axe on the screen the entry opened, once its frame has loaded.
  await checkScreens(page, `after opening the menu entry ${group} › ${entry}`);
}

/** Opens the user dropdown in the top bar. */
export async function openUserMenu(page: Page, label = '用户菜单') {
  await page.getByRole('button', { name: label }).click();
}

/**
 * Picks `option` in the antd select whose input is `box`, as a user would: open it, optionally type to narrow a
 * long (virtual) list, click the option in this select's own dropdown (the one holding the listbox the input
 * controls, never another one still closing), and check the choice took. On a busy machine a click can land
 * while the list is still opening and select nothing, so the pick is retried until the select shows it. A
 * multiple select keeps its list open; it is closed with Escape afterwards (on a closed single select Escape
 * would close the surrounding dialog instead).
 */
export async function pickOption(
  frame: FrameLocator | Page,
  box: Locator,
  option: string | RegExp,
  { search = false, multiple = false }: { search?: boolean; multiple?: boolean } = {},
) {
  // The select around the input (its nearest ancestor with the class; `has` would not reach a box found
  // inside a dialog locator).
  const select = box.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const choice = multiple ? select.locator('.ant-select-selection-item', { hasText: option }) : select;
  await expect(async () => {
    if (multiple && (await choice.count())) return;
    if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
    if (search && typeof option === 'string') await box.fill(option);
    const list = await box.getAttribute('aria-controls');
    const dropdown = list
      ? frame.locator('.ant-select-dropdown').filter({ has: frame.locator(`[id="${list}"]`) })
      : frame.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 2000 });
    if (multiple) await expect(choice.first()).toBeVisible({ timeout: 1000 });
    else await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  if (multiple) await box.press('Escape');
}
