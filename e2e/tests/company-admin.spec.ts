import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logIn, logInHome, openMenuEntry, openUserMenu, pickOption, sideMenu } from './helpers.ts';

// Company administration (issue #19): the buyer admin creates a sub-account with the demo "viewer" role;
// the new user changes the first password and sees only that role's menu (the 403 page for an admin page);
// the admin widens the role and "Refresh permissions" shows it without logging out; the admin disables the
// account and the user's open session is refused at once. The admin takes the order export from the role:
// after "Refresh permissions" the user's open order list hides its export button, and without 新建/编辑 the
// open order edit form hides its save (issue #19). Data
// permissions (issue #19): the admin limits the new user to one supplier, and the user's order list holds
// only that supplier's orders.
const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

test('an admin creates a sub-account with a role, the user sees only its menu, a role change applies on refresh, disabling ends the session', async ({
  browser,
  page,
}) => {
  // Two users and two admin pages in one journey: more than the default minute on a shared machine.
  test.setTimeout(210_000);
  const sub = `clerk${Date.now() % 1_000_000}`;
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, '系统管理', '账号管理');
  const admin = appFrame(page);
  await expect(admin.getByRole('heading', { name: '账号管理' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'buyer1', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account management');

  await admin.getByRole('button', { name: '新建账号' }).click();
  const dialog = admin.getByRole('dialog', { name: '新建账号' });
  await dialog.getByLabel('子账号').fill(sub);
  await dialog.getByLabel('姓名').fill('测试查询员');
  // The form insists on one of email or phone before it sends anything.
  await dialog.getByLabel('初始密码').fill('Start2026a');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('邮箱和手机号至少填写一项')).toBeVisible();
  await dialog.getByLabel('手机号').fill('13812345670');
  await pickOption(admin, dialog.getByLabel('角色'), '查询员', { multiple: true });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  const row = admin.getByRole('row').filter({ hasText: sub });
  await expect(row).toContainText('查询员');
  await expect(row).toContainText('待改密');

  // Data permissions: the admin limits the new user to one supplier's documents (远航包装, 200002).
  await row.getByRole('button', { name: `数据权限 ${sub}` }).click();
  const scope = admin.getByRole('dialog', { name: '数据权限：测试查询员' });
  // The supplier is searched by name in the company's supplier master and shown as "account name".
  await pickOption(admin, scope.getByLabel('供应商（ELS 账号）'), '宁波远航包装', {
    search: true,
    multiple: true,
  });
  await expect(
    scope.locator('.ant-select-selection-item', { hasText: '200002 宁波远航包装材料有限公司' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'data permissions');
  await scope.getByRole('button', { name: '保存' }).click();
  await expect(scope).toHaveCount(0);
  // Saved: opened again, the dialog shows the value with its name.
  await row.getByRole('button', { name: `数据权限 ${sub}` }).click();
  await expect(
    scope.locator('.ant-select-selection-item', { hasText: '200002 宁波远航包装材料有限公司' }),
  ).toBeVisible();
  await scope.getByRole('button', { name: '取消' }).click();
  await expect(scope).toHaveCount(0);

  // The new user, in a browser of their own: forced password change, then only the role's menu.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await logIn(user, '100000', sub, 'Start2026a');
  const change = user.getByRole('dialog', { name: '请修改密码' });
  await expect(change).toBeVisible();
  await change.getByLabel('新密码').fill('Fresh2026a');
  await change.getByLabel('确认密码').fill('Fresh2026a');
  await change.getByRole('button', { name: '确定' }).click();
  await expect(user).toHaveURL(/#\/login$/);
  await logInHome(user, '100000', sub, 'Fresh2026a');
  const menu = sideMenu(user);
  await expect(menu.getByRole('menuitem', { name: '订单管理' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '需求管理' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: '系统管理' })).toHaveCount(0);
  // Their order list holds only the orders of the supplier they were given.
  await user.goto(`/portal/#/myiframe/${encodeURIComponent('/order/#/v2/order/list')}`);
  const orders = user.frameLocator('iframe.shell-iframe').locator('.data-table');
  await expect(orders).toContainText('宁波远航包装材料有限公司');
  await expect(orders).not.toContainText('苏州恒达电子科技有限公司');
  // An admin-only shell page typed into the address bar: the 403 page.
  await user.goto('/portal/#/portal/invite/list');
  await expect(user).toHaveURL(/#\/403$/);

  await user.goto('/portal/#/portal/wel/index');
  await expect(user.getByRole('tab', { name: '首页' })).toBeVisible();

  // The admin gives the role Demand management; "Refresh permissions" shows it without logging out.
  await openMenuEntry(page, '系统管理', '角色管理');
  const roles = appFrame(page);
  await expect(roles.getByRole('heading', { name: '角色管理' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'role management');
  await roles.getByRole('button', { name: '编辑 viewer' }).click();
  const roleDialog = roles.getByRole('dialog', { name: '编辑角色' });
  await roleDialog.getByText('需求管理', { exact: true }).click();
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expect(roleDialog).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: '需求管理' })).toHaveCount(0);
  await openUserMenu(user);
  await user.getByRole('menuitem', { name: '刷新权限' }).click();
  await expect(menu.getByRole('menuitem', { name: '需求管理' })).toBeVisible();
  await expect(user).toHaveURL(/#\/portal\/wel\/index$/);

  // Function permissions on the screens (issue #19): the demo Viewer is read-only (issue #32), so the user's
  // purchase order list has no export; the admin gives the role 采购订单：导出, and after "Refresh permissions"
  // (same page, no reload) the open list shows the button; taken back, the next refresh hides it again.
  await openMenuEntry(user, '订单管理', '采购订单');
  const userList = appFrame(user);
  const exportButton = userList.getByRole('button', { name: '导出 Excel' });
  await expect(userList.locator('.data-table')).toContainText('宁波远航包装材料有限公司');
  await expect(exportButton).toHaveCount(0);
  await expect(userList.getByRole('button', { name: '新建', exact: true })).toHaveCount(0);
  const setRoleAction = async (action: string, granted: boolean) => {
    await expect(async () => {
      await roles.getByRole('button', { name: '编辑 viewer' }).click({ timeout: 5_000 });
      await expect(roleDialog).toBeVisible({ timeout: 3_000 });
    }).toPass();
    const box = roleDialog.getByRole('checkbox', { name: action });
    await box.setChecked(granted);
    await expect(box).toBeChecked({ checked: granted });
    await roleDialog.getByRole('button', { name: '保存' }).click();
    await expect(roleDialog).toHaveCount(0);
  };
  const refreshPermissions = async () => {
    await expect(async () => {
      await openUserMenu(user);
      await user.getByRole('menuitem', { name: '刷新权限' }).click({ timeout: 3_000 });
    }).toPass();
  };
  await setRoleAction('采购订单：导出', true);
  await refreshPermissions();
  await expect(exportButton).toBeVisible();
  await expect(userList.locator('.data-table')).toContainText('宁波远航包装材料有限公司');
  // Taken back (the demo role as found): hidden again after the next refresh.
  await setRoleAction('采购订单：导出', false);
  await refreshPermissions();
  await expect(exportButton).toHaveCount(0);

  // A hand-written screen (issue #19): the order edit's "保存" needs 采购订单：新建/编辑 (order.save). Given to
  // the role, the user opens a new order; taken back, the open edit form hides it after "Refresh permissions".
  await setRoleAction('采购订单：新建/编辑', true);
  await refreshPermissions();
  await userList.getByRole('button', { name: '新建', exact: true }).click();
  await expect(userList.getByText('新建采购订单')).toBeVisible();
  const saveButton = userList.getByRole('button', { name: '保存', exact: true });
  await expect(saveButton).toBeVisible();
  await setRoleAction('采购订单：新建/编辑', false);
  await refreshPermissions();
  await expect(saveButton).toHaveCount(0);
  await expect(userList.getByText('新建采购订单')).toBeVisible();

  // The admin disables the account: the user's next call is refused and the shell returns to login.
  await page.getByRole('tab', { name: '账号管理' }).click();
  await row.getByRole('button', { name: `停用 ${sub}` }).click();
  await admin.getByRole('button', { name: '停用', exact: true }).click();
  await expect(row).toContainText('停用');
  await openMenuEntry(user, '个人中心', '消息中心');
  await expect(user).toHaveURL(/#\/login$/, { timeout: 15_000 });
  await logIn(user, '100000', sub, 'Fresh2026a');
  await expect(user.getByText('该账号已停用，请联系管理员')).toBeVisible();
  await userContext.close();
});

test('a supplier admin manages its own sub-accounts', async ({ page }) => {
  const sub = `sales${Date.now() % 1_000_000}`;
  await logIn(page, '200004', 'admin');
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await openMenuEntry(page, '系统管理', '账号管理');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建账号' }).click();
  const dialog = frame.getByRole('dialog', { name: '新建账号' });
  await dialog.getByLabel('子账号').fill(sub);
  await dialog.getByLabel('姓名').fill('供应商业务员');
  await dialog.getByLabel('邮箱').fill(`${sub}@example.com`);
  await dialog.getByLabel('初始密码').fill('Start2026a');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(frame.getByRole('row').filter({ hasText: sub })).toBeVisible();
  // The buyer's accounts are not listed to the supplier.
  await expect(frame.getByRole('cell', { name: 'buyer1', exact: true })).toHaveCount(0);
});
