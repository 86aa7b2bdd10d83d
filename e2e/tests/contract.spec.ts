import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Issue #36's first contract journey on the demo world: 200001 opens "销售合同 → 合同列表", finds the demo
 * contract waiting for its signature, reads its clauses and signs it; buyer1 then reads it effective under
 * "合同管理 → 采购合同".
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
const NAME = '电源模块采购合同';

test('200001 reads the contract waiting for its signature and signs it', async ({ page }) => {
  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '销售合同', '合同列表');
  const frame = appFrame(page);
  const row = frame.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('待签署')).toBeVisible();
  await row.getByRole('button', { name: /^CT\d+$/ }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByRole('cell', { name: '质量保证' })).toBeVisible();
  await expect(detail.getByRole('cell', { name: '预付款' })).toBeVisible();
  await detail.getByRole('button', { name: '签署', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: '签署', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已生效').first()).toBeVisible();
});

test('buyer1 reads the signed contract as effective', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '合同管理', '采购合同');
  const frame = appFrame(page);
  const row = frame.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('已生效')).toBeVisible();
});
