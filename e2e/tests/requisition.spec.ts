import { ensureFactory } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #13 journey as a new user would do it: buyer1 raises a purchase requisition for two materials of
 * the material master (Demand management → Purchase requisitions), saves and submits it (approved at once
 * below the demo's approval amount); the Demand pool shows its two lines; buyer1 claims them and creates a
 * purchase order draft for the suggested supplier, which opens with the requisition's quantities.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let number = '';

function appFrame(page: Page): FrameLocator {
  return page.frameLocator('.tab-view:visible iframe.shell-iframe');
}

test('buyer1 raises a requisition for two materials and submits it', async ({ page, request }) => {
  // The journey's own factory is kept in the organisation masters (a requisition may name only those).
  await ensureFactory(request, 'E2E-F1');
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '需求管理', '采购申请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建采购申请' }).click();
  await expect(frame.getByText('新建采购申请').first()).toBeVisible();
  await pickOption(frame, frame.getByLabel('申请类型'), '标准');
  // The factory is a picker over the company's factories: typing part of its name ("E2E 工厂 E2E-F1")
  // offers it as "code name"; the requisition keeps the code.
  await pickOption(frame, frame.getByLabel('工厂'), '工厂 E2E-F1', { search: true });
  await frame.getByLabel('第 10 行物料编码').fill('R-0603-10K');
  await frame.getByLabel('第 10 行需求数量').fill('3000');
  await frame.getByLabel('第 10 行建议供应商账号').fill('200001');
  await frame.getByRole('button', { name: '添加行' }).click();
  await frame.getByLabel('第 20 行物料编码').fill('C-0805-100N');
  await frame.getByLabel('第 20 行需求数量').fill('1200');
  await frame.getByLabel('第 20 行建议供应商账号').fill('200001');
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  // The detail: a number, the material master's descriptions, then submitted for approval.
  await expect(frame.getByText('贴片电阻 0603 10KΩ')).toBeVisible();
  // The factory named from the organisation masters (issue #19), as the form's picker showed it.
  await expect(frame.getByText('E2E-F1 E2E 工厂 E2E-F1', { exact: true })).toBeVisible();
  // The creator by name with the sub-account code (issue #19), not the bare code.
  await expect(frame.getByText(/李娜 \(100000_buyer1\)/)).toBeVisible();
  number =
    (
      await frame
        .getByText(/^PR\d{10}$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(number).toMatch(/^PR\d{10}$/);
  await frame.getByRole('button', { name: '提交审批' }).click();
  await expect(frame.getByText('审批通过').first()).toBeVisible();
});

test('the demand pool shows the lines; buyer1 claims them and creates an order draft', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '需求管理', '需求池');
  const frame = appFrame(page);
  await frame.getByLabel('工厂').fill('E2E-F1');
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  await expect(frame.getByText('共 2 行')).toBeVisible();
  await expect(frame.getByRole('cell', { name: 'R-0603-10K' })).toBeVisible();
  await expect(frame.getByRole('cell', { name: 'C-0805-100N' })).toBeVisible();

  await frame.getByLabel(`${number} 10`).check();
  await frame.getByLabel(`${number} 20`).check();
  await frame.getByRole('button', { name: '认领', exact: true }).click();
  await expect(frame.getByText('已认领 2 行')).toBeVisible();
  await expect(frame.locator('.ant-tag', { hasText: 'buyer1' })).toHaveCount(2);

  await frame.getByLabel(`${number} 10`).check();
  await frame.getByLabel(`${number} 20`).check();
  await frame.getByRole('button', { name: '转订单' }).click();
  await expect(frame.getByText('生成采购订单草稿')).toBeVisible();
  await expect(frame.getByLabel('供应商账号 R-0603-10K')).toHaveValue('200001');
  await frame.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(frame.getByText(/已生成 1 张订单草稿/)).toBeVisible();
  // The order draft opens with both lines.
  await expect(frame.getByText('R-0603-10K').first()).toBeVisible();
  await expect(frame.getByText('C-0805-100N').first()).toBeVisible();
});
