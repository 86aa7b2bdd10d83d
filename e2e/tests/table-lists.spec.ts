import { expect, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Table lists loaded on start (spec 000 §2 Layout, issue #19): the shell reads the user's personal table
 * configurations once when it starts; the lists of the shell (message centre) and of the module apps in its
 * frames (the kernel's requisition list) take their column layout from that copy — no list asks for its
 * own — and a layout saved in a framed kernel list is there when the tab is opened again.
 */
test('the table configurations are read once at start and shared by the shell’s and the modules’ lists', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ElsLayoutConfigService/findPageList')) reads.push(request.postData() ?? '');
  });
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '个人中心', '消息中心');
  await expect(page.locator('.tab-view:visible').getByRole('columnheader', { name: '标题' })).toBeVisible();
  await openMenuEntry(page, '需求管理', '采购申请');
  const frame = page.frameLocator('.tab-view:visible iframe.shell-iframe');
  await expect(frame.getByRole('columnheader', { name: '申请人' })).toBeVisible();
  // One read, for every table (no configType): the shell's start-up load.
  expect(reads).toHaveLength(1);
  expect(JSON.parse(reads[0])).not.toHaveProperty('configType');

  // Hide a column of the framed kernel list, close its tab and open it again: the layout stays.
  const saved = page.waitForResponse((r) => r.url().includes('/ElsLayoutConfigService/save'));
  await frame.getByRole('button', { name: '列设置' }).click();
  await frame.getByRole('checkbox', { name: '申请人' }).uncheck();
  await expect(frame.getByRole('columnheader', { name: '申请人' })).toHaveCount(0);
  await saved;
  // Close the tab from the keyboard (the tab strip's Delete key).
  await page.getByRole('tab', { name: '采购申请', exact: true }).focus();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('tab', { name: '采购申请', exact: true })).toHaveCount(0);
  await openMenuEntry(page, '需求管理', '采购申请');
  const again = page.frameLocator('.tab-view:visible iframe.shell-iframe');
  await expect(again.getByRole('columnheader', { name: '申请类型' })).toBeVisible();
  await expect(again.getByRole('columnheader', { name: '申请人' })).toHaveCount(0);
  expect(reads).toHaveLength(1);

  // Put the column back (the demo's layout as found).
  await again.getByRole('button', { name: '列设置' }).click();
  await again.getByRole('checkbox', { name: '申请人' }).check();
  await expect(again.getByRole('columnheader', { name: '申请人' })).toBeVisible();
});
