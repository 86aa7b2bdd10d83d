import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Issue #16's information change as users would do it: supplier 200001 proposes a new bank account to buyer
 * 100000 from its current record (the form is prefilled); a bank change waits for the buyer even without an
 * approval flow; buyer1 opens it under Master data, sees the added account highlighted in the diff and
 * approves; the supplier record then holds the new account and lists the change in its history.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
const ACCOUNT = `62148300${String(Date.now()).slice(-8)}`;
let changeNumber = '';

test('200001 proposes a new bank account to 100000 and submits it', async ({ page }) => {
  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '企业信息', '信息变更');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建变更' }).click();
  // Prefilled from the record 100000 keeps of 200001.
  await expect(frame.getByLabel('公司全称')).toHaveValue('苏州恒达电子科技有限公司');
  await expect(frame.getByLabel('银行账户 银行账号 1')).toHaveValue('1102020309000012345');
  await expectNoSeriousA11yViolations(page, 'information change form');
  await frame.getByRole('button', { name: '添加 银行账户' }).click();
  await frame.getByLabel('银行账户 开户行 2').fill('招商银行苏州分行');
  // A malformed account is refused in place before anything is sent.
  await frame.getByLabel('银行账户 银行账号 2').fill('12ab');
  await frame.getByRole('button', { name: '保存并提交' }).click();
  await expect(frame.getByText('银行账号为 8 到 30 位数字')).toBeVisible();
  await frame.getByLabel('银行账户 银行账号 2').fill(ACCOUNT);
  await frame.getByLabel('变更说明').fill('新增招商银行结算账户');
  await frame.getByRole('button', { name: '保存并提交' }).click();

  const title = frame.getByRole('heading', { name: /^信息变更 SC\d+$/ });
  await expect(title).toBeVisible();
  changeNumber = ((await title.textContent()) ?? '').replace('信息变更', '').trim();
  await expect(frame.getByText('已提交', { exact: true })).toBeVisible();
  await expect(frame.getByText('银行账户变更须经采购方审批通过后才生效')).toBeVisible();
  const added = frame
    .getByRole('region', { name: '银行账户' })
    .getByRole('row', { name: new RegExp(ACCOUNT) });
  await expect(added).toContainText('新增');
});

test('buyer1 sees the diff, approves, and the supplier record holds the new account', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '主数据管理', '信息变更');
  let frame = appFrame(page);
  await frame.getByRole('button', { name: changeNumber, exact: true }).click();
  const banks = frame.getByRole('region', { name: '银行账户' });
  await expect(banks.getByRole('row', { name: new RegExp(ACCOUNT) })).toContainText('新增');
  await expect(banks.getByRole('row', { name: /1102020309000012345/ })).toContainText('不变');
  await expect(frame.getByRole('region', { name: '公司信息' })).toContainText('公司信息无变更');
  await expectNoSeriousA11yViolations(page, 'information change diff');

  // On a busy machine a click can land while the confirmation is still opening: approve again until the
  // status shows (the button is gone once the approval went through, so it is never sent twice).
  const approve = frame.getByRole('button', { name: '审批通过' });
  const confirm = frame.getByRole('button', { name: /^确\s*定$/ });
  await expect(async () => {
    if (!(await confirm.isVisible()) && (await approve.isVisible())) await approve.click({ timeout: 2000 });
    if (await confirm.isVisible()) await confirm.click({ timeout: 2000 });
    await expect(frame.getByText('已通过', { exact: true })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(frame.getByRole('button', { name: '审批通过' })).toBeHidden();

  await openMenuEntry(page, '主数据管理', '供应商主数据');
  frame = appFrame(page);
  // Suppliers registered by other journeys can push the demo rows off page 1.
  await frame.getByLabel('关键字', { exact: true }).fill('S200001');
  await frame.getByRole('button', { name: '查询' }).click();
  await frame.getByRole('button', { name: '编辑 S200001', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByLabel('银行账号 2')).toHaveValue(ACCOUNT);
  await expect(dialog.getByRole('group', { name: '变更历史' })).toContainText(changeNumber);
});
