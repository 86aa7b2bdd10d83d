import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #36's second contract journey: buyer1 reads the contract types, the clause library (CL-QUALITY in
 * two versions) and the demo template under "合同管理"; makes a contract "from template" (type OUTSOURCE,
 * whose default template is TPL-PURCHASE), saves it, sees the submit refused naming {{deliveryPlace}},
 * fills the delivery place into the clause text and submits. Screenshots of each new screen.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/contract-${name}.png` });
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function fillDate(frame: FrameLocator, label: string, value: string) {
  const date = frame.getByLabel(label, { exact: true });
  await date.click();
  await date.fill(value);
  await date.press('Enter');
}

test('buyer1 reads the contract types, the clause library and the templates', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '合同管理', '合同类型');
  let frame = appFrame(page);
  await expect(frame.getByRole('row', { name: /OUTSOURCE/ })).toContainText('TPL-PURCHASE');
  await shot(page, 'types');
  await frame.getByRole('button', { name: '新建合同类型' }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByLabel('类型编码').fill('bad-code');
  await dialog.getByLabel('类型名称').fill('测试');
  await dialog.getByLabel('英文名称').fill('Test');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText(/类型编码/).first()).toBeVisible();
  await shot(page, 'type-refused');
  await dialog.getByRole('button', { name: '取消' }).click();

  await openMenuEntry(page, '合同管理', '条款库');
  frame = appFrame(page);
  await expect(frame.getByRole('row', { name: /CL-QUALITY 2/ })).toContainText('已发布');
  await expect(frame.getByRole('row', { name: /CL-QUALITY 1/ })).toContainText('已停用');
  await shot(page, 'clauses');

  await openMenuEntry(page, '合同管理', '合同模板');
  frame = appFrame(page);
  await frame.getByRole('row', { name: /TPL-PURCHASE/ }).click();
  await expect(frame.getByRole('dialog').getByLabel('页眉')).toHaveValue('采购合同 · 保密');
  await shot(page, 'template');
});

test('buyer1 makes a contract from the template; the unresolved variable blocks submission until filled', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '合同管理', '采购合同');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '从模板新建' }).click();
  const dialog = frame.getByRole('dialog');
  await pickOption(frame, dialog.getByLabel('合同类型'), /OUTSOURCE/);
  await expect(dialog.getByText('TPL-PURCHASE 标准采购合同模板')).toBeVisible();
  await dialog.getByRole('button', { name: '生成合同' }).click();
  await expect(frame.getByRole('textbox', { name: /条款标题/ }).first()).toHaveValue('第一部分 商务条款');
  await frame.getByLabel('合同名称', { exact: true }).fill('E2E 模板外协合同');
  await frame.getByLabel('供应商账号', { exact: true }).fill('200001');
  await pickOption(frame, frame.getByLabel('来源单据类型', { exact: true }), '询价单');
  await frame.getByLabel('来源单号', { exact: true }).fill('RFQ-E2E-TPL');
  await frame.getByLabel('合同金额', { exact: true }).fill('8000');
  await fillDate(frame, '生效日期', inDays(1));
  await fillDate(frame, '终止日期', inDays(200));
  await frame.getByRole('textbox', { name: '第 10 行物料编码' }).fill('R-0603-10K');
  await frame.getByRole('textbox', { name: '第 10 行数量' }).fill('100');
  await frame.getByRole('textbox', { name: '第 10 行含税单价' }).fill('80');
  await shot(page, 'from-template-form');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByText(/ 8,?000\.00 CNY/).first()).toBeVisible();
  await detail.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(frame.getByText(/变量 \{\{deliveryPlace\}\} 未填写/).first()).toBeVisible();
  await shot(page, 'unresolved-variable');
  await detail.getByRole('button', { name: '编辑', exact: true }).click();
  const delivery = frame.getByRole('textbox', { name: /条款内容/ }).filter({ hasText: '{{deliveryPlace}}' });
  const text = (await delivery.inputValue()).replace('{{deliveryPlace}}', '上海浦东仓');
  await delivery.fill(text);
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(detail.getByText(/上海浦东仓/).first()).toBeVisible();
  await detail.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(detail.getByText('已审批').first()).toBeVisible();
  await shot(page, 'submitted');
});

test('buyer1 sees the newer clause version on the demo draft', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '合同管理', '采购合同');
  const frame = appFrame(page);
  await frame
    .getByRole('row', { name: /2027 年度阻容件框架协议/ })
    .getByRole('button', { name: /^CT\d+$/ })
    .click();
  await expect(frame.getByText('该条款有新版本：第 2 版')).toBeVisible();
  await shot(page, 'newer-version');
});
