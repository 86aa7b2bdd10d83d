import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { logIn, logInHome, openMenuEntry, openUserMenu, sideMenu } from './helpers.ts';

test('admin logs in and sees the home tab and the menu', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await expect(page.getByText('你好，')).toBeVisible();
  const menu = sideMenu(page);
  for (const entry of ['首页', '个人中心', '有害物质', '系统管理']) {
    await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible();
  }
});

test('menu entries open as tabs; closing the active tab activates its neighbour', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, '个人中心', '个人信息');
  await expect(page.getByRole('tab', { name: '个人信息' })).toBeVisible();
  await expect(page.getByText('账号信息')).toBeVisible();
  await sideMenu(page).getByRole('menuitem', { name: '消息中心' }).click();
  const messageTab = page.getByRole('tab', { name: '消息中心' });
  await expect(messageTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: '标记已处理' })).toBeVisible();

  // The mouse closes a tab with its × mark (the tab list holds only tabs: no close button in it).
  await page.locator('.ant-tabs-tab', { hasText: '消息中心' }).getByText('×').click();
  await expect(messageTab).toHaveCount(0);
  await expect(page.getByRole('tab', { name: '个人信息' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/portal\/info\/index$/);
  await expect(page.getByText('账号信息')).toBeVisible();
  // The keyboard closes the focused tab with Delete (WAI-ARIA tabs pattern).
  await sideMenu(page).getByRole('menuitem', { name: '消息中心' }).click();
  await expect(messageTab).toHaveAttribute('aria-selected', 'true');
  // As a user would, once the page has drawn (its content can take the focus while it renders): focus the
  // tab and press Delete — again if the focus was taken before the key.
  await expect(page.getByRole('button', { name: '标记已处理' })).toBeVisible();
  await expect(async () => {
    await messageTab.focus();
    await page.keyboard.press('Delete');
    await expect(messageTab).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('tab', { name: '个人信息' })).toHaveAttribute('aria-selected', 'true');
  // The home tab cannot be closed.
  await expect(page.locator('.ant-tabs-tab', { hasText: '首页' }).getByText('×')).toHaveCount(0);
  await page.getByRole('tab', { name: '首页' }).focus();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
});

test('switching the language changes the menu and the top bar', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  const menu = sideMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'Personal center' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'System management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow us' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
});

test('lock the screen, a wrong password is refused, the right one unlocks', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '锁屏' }).click();
  await expect(page).toHaveURL(/#\/lock$/);
  await expect(page.getByText('屏幕已锁定')).toBeVisible();
  // While locked every route leads back to the lock screen.
  await page.evaluate(() => {
    window.location.hash = '#/portal/info/index';
  });
  await expect(page).toHaveURL(/#\/lock$/);
  await page.getByLabel('密码').fill('Wrong@2026');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('密码').fill('Demo@2026');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(/#\/portal\/wel\/index$/);
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
});

test('log out after confirming and land on the login page', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '退出系统' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('是否确认退出？')).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  // The session is gone: a protected route leads back to login.
  await page.evaluate(() => {
    window.location.hash = '#/portal/wel/index';
  });
  await expect(page).toHaveURL(/#\/login$/);
});

test('a buyer without the admin role does not see System management', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const menu = sideMenu(page);
  await expect(menu.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);
});

test('the API documentation entry opens an embedded frame', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, '系统管理', '接口文档');
  await expect(page).toHaveURL(/#\/myiframe\/%2Fapis%2Fdocs%2F$/);
  await expect(page.getByRole('tab', { name: '接口文档' })).toBeVisible();
  const frame = page.locator('iframe[title="接口文档"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', '/apis/docs/');
  await expect(page).toHaveTitle('接口文档');
});

test('a foreign address in /myiframe is refused', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await page.evaluate(() => {
    window.location.hash = `#/myiframe/${encodeURIComponent('https://evil.example.com/steal')}`;
  });
  await expect(page.getByText('不允许打开该地址')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('a supplier with fbk10=Y must change the password, is logged out and logs in with the new one', async ({
  page,
}) => {
  await logIn(page, '200002', 'admin');
  const dialog = page.getByRole('dialog', { name: '请修改密码' });
  await expect(dialog).toBeVisible();
  // The rule of spec 000 §5 is enforced in the dialog.
  await dialog.getByLabel('新密码').fill('1abc');
  await dialog.getByLabel('确认密码').fill('1abc');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('字母开头，长度5-20，必须包含字母（区分大小写）、数字')).toBeVisible();
  await dialog.getByLabel('新密码').fill('Fresh2026x');
  await dialog.getByLabel('确认密码').fill('Fresh2026y');
  await expect(dialog.getByText('两次输入密码不一致')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('Fresh2026x');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('登录密码已修改，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);

  await logIn(page, '200002', 'admin', 'Fresh2026x');
  await expect(page).toHaveURL(/#\/portal\/wel\/index$/);
  await expect(page.getByRole('dialog', { name: '请修改密码' })).toHaveCount(0);
  // Supplier station: the follow-us element is hidden.
  await expect(page.getByRole('button', { name: '关注公众号' })).toHaveCount(0);
});

test('module pages without a menu entry get a titled tab in both languages', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const frameRoute = (address: string) => `/portal/#/myiframe/${encodeURIComponent(address)}`;
  await page.goto(frameRoute('/order/#/v2/order/edit'));
  await expect(page.getByRole('tab', { name: '新建订单' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.frameLocator('iframe.shell-iframe').getByText('新建采购订单')).toBeVisible();
  await page.goto(frameRoute('/order/#/v2/order/edit?id=00000000-0000-0000-0000-000000000000'));
  await expect(page.getByRole('tab', { name: '编辑订单' })).toHaveAttribute('aria-selected', 'true');
  // The raw address is never the label.
  await expect(page.getByRole('tab', { name: /\/order\// })).toHaveCount(0);
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('tab', { name: 'New order' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Edit order' })).toHaveAttribute('aria-selected', 'true');
});

test('many open tabs: the overflow menu sits beside the tab list, axe finds nothing, it opens a hidden tab', async ({
  page,
}) => {
  // Narrow enough that seven tabs do not fit (antd's tab list then scrolls them).
  await page.setViewportSize({ width: 900, height: 700 });
  await logInHome(page, '100000', 'admin');
  const more = page.getByRole('button', { name: '更多标签' });
  await expect(more).toHaveCount(0);
  const entries: [string, string][] = [
    ['个人中心', '个人信息'],
    ['个人中心', '消息中心'],
    ['个人中心', '待办事项'],
    ['系统管理', '登录页设置'],
    ['系统管理', '审批配置'],
    ['系统管理', '邀请码'],
    ['系统管理', '短信发件箱'],
  ];
  for (const [group, entry] of entries) await openMenuEntry(page, group, entry);
  await expect(more).toBeVisible();
  // The overflow button is not inside the tablist (issue #35: axe aria-required-children, critical).
  await expect(page.getByRole('tablist').getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'tab strip with its overflow button');
  // The first tabs are scrolled out of view: the menu lists them; choosing one selects it.
  await more.click();
  const hidden = page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '个人信息' });
  await expect(hidden).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'tab strip overflow menu');
  await page.screenshot({ path: test.info().outputPath('tab-overflow-menu.png') });
  await hidden.click();
  await expect(page.getByRole('tab', { name: '个人信息', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/#\/portal\/info\/index$/);
  // Back to a few tabs: the button goes.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '只显示首页' }).click();
  await expect(more).toHaveCount(0);
});
