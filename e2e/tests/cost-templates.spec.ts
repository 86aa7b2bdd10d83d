import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #13 "cost breakdown from a cost-structure template", as a new user meets it: buyer1 opens the RFQ
 * list's cost templates, adds a named template, is refused a second one of the same name, and on a new
 * cost-breakdown RFQ picks the template, which fills the cost items.
 */
test.describe.configure({ timeout: 120_000 });

const NAME = `E2E 成本模板 ${Date.now().toString(36).slice(-5)}`;
const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

async function addTemplate(frame: FrameLocator, items: string[]) {
  await frame.getByLabel('模板名称').fill(NAME);
  const costItems = frame.getByRole('combobox', { name: '成本构成项' });
  for (const item of items) {
    await costItems.fill(item);
    await costItems.press('Enter');
  }
  await frame.getByRole('button', { name: '新增模板' }).click();
}

test('buyer1 keeps a named cost template and picks it on a new cost-breakdown RFQ', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '询价单');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '成本模板' }).click();
  await expect(frame.getByText('成本模板').first()).toBeVisible();
  await addTemplate(frame, ['原材料', '加工费', '包装']);
  await expect(frame.getByText('模板已保存')).toBeVisible();
  await expect(frame.getByRole('cell', { name: NAME })).toBeVisible();
  await expect(frame.getByRole('cell', { name: '原材料、加工费、包装' })).toBeVisible();
  // The same name again is refused, naming it.
  await addTemplate(frame, ['原材料']);
  await expect(frame.getByText(`成本模板名称“${NAME}”已存在`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'cost templates');

  // A new RFQ with the cost-breakdown method picks the template: its items fill the cost items.
  await frame.getByRole('button', { name: '取消', exact: true }).first().click();
  await frame.getByRole('button', { name: '新建询价' }).click();
  await pickOption(frame, frame.getByRole('combobox', { name: '报价方式' }), '成本构成报价');
  await pickOption(frame, frame.getByRole('combobox', { name: '成本模板' }), NAME);
  for (const item of ['原材料', '加工费', '包装'])
    await expect(frame.locator('.ant-select-selection-item', { hasText: item })).toBeVisible();
});
