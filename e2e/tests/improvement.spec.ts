import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #17's improvement sheet journey as new users would do it: buyer1 issues a sheet to 200001 from the
 * demo template "8D 改善模板" (its four items fill the lines with their required dates) and sends it; 200001
 * answers each item (root cause, corrective action, due date); buyer1 reopens it with a reason, sending one
 * item back; 200001 answers that item again; buyer1 verifies and closes the sheet, and 200001 reads it closed.
 * The new sheet form and the supplier's answer dialog have no serious axe violations (WCAG 2.1 AA).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
const ITEMS = ['问题描述与围堵措施', '根本原因分析', '永久纠正措施', '预防再发生'];
let sheet = '';

async function pick(frame: FrameLocator, label: string, option: string | RegExp, search = false) {
  await pickOption(frame, frame.getByLabel(label, { exact: true }), option, { search });
}

async function openSheet(page: Page, account: string, subAccount: string, entry: string) {
  await logInHome(page, account, subAccount);
  await openMenuEntry(page, '供应商改善', entry);
  const frame = appFrame(page);
  await frame.getByText(sheet, { exact: true }).click();
  return { frame, detail: frame.locator('.document-detail') };
}

test('buyer1 issues an improvement sheet to 200001 from the template and sends it', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商改善', '改善单管理');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建改善单' }).click();
  await pick(frame, '供应商', '200001');
  await pick(frame, '改善项模板', '8D 改善模板');
  await expect(frame.getByLabel('第 40 行改善项', { exact: true })).toHaveValue('预防再发生');
  await frame.getByLabel('改善主题', { exact: true }).fill('E2E 来料外观不良改善');
  await frame.getByLabel('问题描述', { exact: true }).fill('11 月批次外观划伤比例 3%');
  await expectNoSeriousA11yViolations(page, 'new improvement sheet form');
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  const detail = frame.locator('.document-detail');
  sheet =
    (
      await frame
        .getByText(/^IM\d{10}$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(sheet).toMatch(/^IM\d{10}$/);
  for (const item of ITEMS) await expect(detail.getByRole('cell', { name: item })).toBeVisible();
  await detail.getByRole('button', { name: '发送', exact: true }).click();
  await expect(detail.getByText('待供应商回复').first()).toBeVisible();
});

test('200001 answers each item', async ({ page }) => {
  const { frame, detail } = await openSheet(page, '200001', 'admin', '改善单');
  await detail.getByRole('button', { name: '回复改善', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  // Nothing filled: the dialog names what is missing and sends nothing.
  await dialog.getByRole('button', { name: '回复改善', exact: true }).click();
  await expect(dialog.getByText('不能为空').first()).toBeVisible();
  for (const item of ITEMS) {
    const card = dialog.getByRole('group', { name: item });
    await card.getByLabel('根本原因', { exact: true }).fill(`${item}：作业员未按 SOP 防护`);
    await card.getByLabel('改善措施', { exact: true }).fill(`${item}：增加防护膜并培训`);
  }
  await expectNoSeriousA11yViolations(page, 'improvement answer dialog (supplier)');
  await dialog.getByRole('button', { name: '回复改善', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('待验证').first()).toBeVisible();
  await expect(detail.getByRole('cell', { name: '根本原因分析：作业员未按 SOP 防护' })).toBeVisible();
});

test('buyer1 reopens the sheet with a reason, sending one item back', async ({ page }) => {
  const { frame, detail } = await openSheet(page, '100000', 'buyer1', '改善单管理');
  await detail.getByRole('button', { name: '退回重新整改', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: '退回重新整改', exact: true }).click();
  await expect(dialog.getByText('请填写退回原因')).toBeVisible();
  await dialog.getByLabel('退回原因', { exact: true }).fill('永久纠正措施缺少验证数据');
  for (const item of ['问题描述与围堵措施', '根本原因分析', '预防再发生'])
    await dialog.getByRole('checkbox', { name: item }).uncheck();
  await dialog.getByRole('button', { name: '退回重新整改', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('退回原因：永久纠正措施缺少验证数据')).toBeVisible();
  await expect(detail.getByText('需重新整改')).toHaveCount(1);
});

test('200001 answers the reworked item again', async ({ page }) => {
  const { frame, detail } = await openSheet(page, '200001', 'admin', '改善单');
  await detail.getByRole('button', { name: '回复改善', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByRole('group')).toHaveCount(1);
  const card = dialog.getByRole('group', { name: '永久纠正措施' });
  await card.getByLabel('改善措施', { exact: true }).fill('增加防护膜，附 3 批次检验报告');
  await dialog.getByRole('button', { name: '回复改善', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('待验证').first()).toBeVisible();
});

test('buyer1 verifies and closes the sheet', async ({ page }) => {
  const { frame, detail } = await openSheet(page, '100000', 'buyer1', '改善单管理');
  await expect(detail.getByRole('cell', { name: '增加防护膜，附 3 批次检验报告' })).toBeVisible();
  await detail.getByRole('button', { name: '验证通过并关闭', exact: true }).click();
  const dialog = frame.getByRole('dialog', { name: new RegExp(`验证通过并关闭 · ${sheet}`) });
  // The dialog is open and ready (its remark field editable) before its own button is pressed.
  await expect(dialog.getByLabel('备注')).toBeEditable();
  await dialog.getByRole('button', { name: '验证通过并关闭', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(detail.getByText('已关闭').first()).toBeVisible();
});

test('200001 reads the closed sheet with every item verified', async ({ page }) => {
  const supplier = await openSheet(page, '200001', 'admin', '改善单');
  await expect(supplier.detail.getByText('已关闭').first()).toBeVisible();
  await expect(supplier.detail.getByText('已验证')).toHaveCount(4);
  await expect(supplier.detail.getByRole('button', { name: '回复改善' })).toHaveCount(0);
});
