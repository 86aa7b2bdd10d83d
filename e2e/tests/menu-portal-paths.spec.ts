import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption, sideMenu } from './helpers.ts';

/**
 * Menu entries pointing at /portal/… paths (spec 000 §2 "a path containing /portal/ is used as is", issue
 * #19): the buyer admin adds two entries under System management in Menu management — one to the shell's
 * message centre (`/portal/info/message`), one to a /portal/ page the shell does not have. The first opens
 * the message centre in a tab; the second opens a tab (named by the entry) with the 404 page while the side menu and the other
 * tabs stay. The entries are deleted again (other specs rely on the demo menu).
 */
const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

const GROUP = '系统管理';
const stamp = Date.now() % 100000;
const KNOWN = `消息快捷 ${stamp}`;
const UNKNOWN = `未建页面 ${stamp}`;

const saveButton = (frame: FrameLocator) =>
  frame.locator('.ant-modal').getByRole('button', { name: /^保\s*存$/ });

async function addEntry(frame: FrameLocator, name: string, link: string) {
  await frame.getByRole('button', { name: /^添加菜单项$/ }).click();
  const dialog = frame.locator('.ant-modal');
  await pickOption(frame, dialog.getByLabel('所属分组', { exact: true }), GROUP, { search: true });
  await dialog.getByLabel('中文名称', { exact: true }).fill(name);
  await dialog.getByLabel('英文名称', { exact: true }).fill(`${name} en`);
  await dialog.getByLabel('链接', { exact: true }).fill(link);
  await saveButton(frame).click();
  await expect(frame.getByRole('row', { name: new RegExp(name) })).toContainText(link);
}

/** Clicks a side-menu entry of System management (opening the group when it is closed). */
async function clickEntry(page: Page, name: string) {
  const menu = sideMenu(page);
  const group = menu.getByRole('menuitem', { name: GROUP });
  await expect(async () => {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByRole('menuitem', { name, exact: true }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

test('menu entries to /portal/ paths open the shell page, or the 404 page inside a tab', async ({ page }) => {
  test.setTimeout(150_000);
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, GROUP, '菜单管理');
  const frame = appFrame(page);
  await expect(frame.getByRole('heading', { name: '菜单管理' })).toBeVisible();
  await addEntry(frame, KNOWN, '/portal/info/message');
  await addEntry(frame, UNKNOWN, '/portal/unknown/x');

  // A known shell page: the message centre in its own tab.
  await clickEntry(page, KNOWN);
  await expect(page.getByRole('tab', { name: '消息中心', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/\/portal\/info\/message$/);
  await expect(page.locator('.tab-view:visible').getByText('消息中心').first()).toBeVisible();

  // A /portal/ page the shell does not have: a tab with the 404 page; the menu and the other tabs stay.
  await clickEntry(page, UNKNOWN);
  await expect(page).toHaveURL(/\/portal\/unknown\/x$/);
  // The tab is named by the entry that opened it; its content is the 404 page.
  const tab = page.getByRole('tab', { name: UNKNOWN, exact: true });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.tab-view:visible').getByText('抱歉，您访问的页面不存在。')).toBeVisible();
  await expect(sideMenu(page)).toBeVisible();
  await expect(page.getByRole('tab', { name: '消息中心', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: '菜单管理', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/menu-portal-unknown.png' });

  // Back to Menu management: delete both entries.
  await page.getByRole('tab', { name: '菜单管理', exact: true }).click();
  for (const name of [KNOWN, UNKNOWN]) {
    await frame.getByRole('button', { name: `删除 ${name}`, exact: true }).click();
    await frame
      .locator('.ant-popover:visible')
      .getByRole('button', { name: /^删\s*除$/ })
      .click();
    await expect(frame.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  }
});
