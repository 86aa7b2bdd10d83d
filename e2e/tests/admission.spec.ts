import { registerSupplierViaApi } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #16's admission journey as new users would do it: a supplier registers with buyer 100000's
 * invitation code (it lands in 100000's supplier master as a stranger), opens "供应商准入 → 我的准入申请",
 * fills the admission form for the demo category ELEC-IC (the buyer's released qualification template):
 * company data, a contact, a certification whose expiry date is first before its issue date (the server
 * names the rule) and then right, the questionnaire; it submits. buyer1, the template's person in charge,
 * opens the request and approves it; the buyer's supplier master shows the new supplier as potential.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
let account = '';
let applyNumber = '';
const FULL_NAME = `E2E 准入供应商 ${Date.now().toString(36)}`;

async function pick(frame: FrameLocator, label: string, option: string | RegExp, search = false) {
  await pickOption(frame, frame.getByLabel(label, { exact: true }), option, { search });
}

test('a supplier registered with an invitation code fills the admission form and submits it', async ({
  page,
  request,
}) => {
  account = (await registerSupplierViaApi(request)).elsAccount;
  await logInHome(page, account, 'admin');
  await openMenuEntry(page, '供应商准入', '我的准入申请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建准入申请' }).click();
  await pick(frame, '采购方', '100000');
  await pick(frame, '准入品类', 'ELEC-IC');
  await expect(frame.getByText(/资质模板：电子与包材供应商资质问卷/)).toBeVisible();
  await frame.getByLabel('公司全称', { exact: true }).fill(FULL_NAME);
  await frame.getByLabel('统一社会信用代码', { exact: true }).fill('91320500MA1E2E3E4E');
  await frame.getByLabel('法定代表人', { exact: true }).fill('李四');
  await frame.getByLabel('注册资本（万元）', { exact: true }).fill('1000');
  await frame.getByLabel('注册日期', { exact: true }).fill('2018-05-20');
  await frame.getByLabel('联系人 1 姓名', { exact: true }).fill('李四');
  await frame.getByLabel('联系人 1 电话', { exact: true }).fill('13812345678');
  await frame.getByRole('button', { name: '添加资质证书' }).click();
  await frame.getByLabel('资质证书 1 证书类型', { exact: true }).fill('ISO9001');
  await frame.getByLabel('资质证书 1 发证机构', { exact: true }).fill('中国质量认证中心');
  await frame.getByLabel('资质证书 1 发证日期', { exact: true }).fill('2025-03-01');
  await frame.getByLabel('资质证书 1 到期日期', { exact: true }).fill('2025-02-01');
  await frame.getByLabel('年营业额（万元）', { exact: true }).fill('5600');
  await frame.getByRole('radio', { name: '是' }).check();
  await pick(frame, '供货方式', '生产商直供');
  // The certification is out of order: the server names the field and the rule.
  await frame.getByRole('button', { name: '保存并提交' }).click();
  await expect(frame.getByText(/certifications\.0\.expiryDate.*资质证书日期应早于生效日期/)).toBeVisible();
  await frame.getByLabel('资质证书 1 到期日期', { exact: true }).fill('2028-02-28');
  await frame.getByRole('button', { name: '保存并提交' }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(/^QA\d+/);
  applyNumber = ((await detail.locator('.document-number').textContent()) ?? '').trim();
  await expect(detail.getByText('待审核').first()).toBeVisible();
  await expect(detail.getByText('中国质量认证中心')).toBeVisible();
});

test('buyer1 approves the request; the supplier master shows it as potential', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '准入申请');
  let frame = appFrame(page);
  await frame.getByRole('button', { name: applyNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByText(FULL_NAME).first()).toBeVisible();
  await detail.getByRole('button', { name: '审核通过', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByLabel('备注').fill('资料齐全');
  await dialog.getByRole('button', { name: '审核通过', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已准入').first()).toBeVisible();

  await openMenuEntry(page, '主数据管理', '供应商主数据');
  frame = appFrame(page);
  const row = frame.locator('.ant-table-tbody tr', { hasText: account });
  await expect(row).toContainText(FULL_NAME);
  await expect(row).toContainText(/潜在/);
});
