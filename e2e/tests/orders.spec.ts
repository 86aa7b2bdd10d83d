import { readFileSync } from 'node:fs';
import { expect, type FrameLocator, type Page, type Request, test } from './fixtures.ts';
import { logInHome, pickOption } from './helpers.ts';

/**
 * Issue #5 journey as new users would do it: an admin configures one approval step; buyer1 creates an
 * order with two lines and submits it; the admin approves it from the to-do list; buyer1 sends it; the
 * supplier confirms one line and refuses the other; the buyer sees the partial confirmation and the
 * refusal reason; the supplier ships the confirmed line with logistics information and the buyer receives
 * it in two parts (partial receipt, then all goods received). Pages without menu rows yet are opened by
 * route.
 */
test.describe.configure({ mode: 'serial' });

const ORDER_LIST = '/order/#/v2/order/list';
let orderNumber = '';

async function openOrders(page: Page): Promise<FrameLocator> {
  await page.goto(`/portal/#/myiframe/${encodeURIComponent(ORDER_LIST)}`);
  const frame = page.frameLocator('iframe.shell-iframe');
  await expect(frame.locator('.data-table')).toBeVisible();
  return frame;
}

async function openOrder(page: Page): Promise<FrameLocator> {
  const frame = await openOrders(page);
  await frame.getByLabel('订单号', { exact: true }).fill(orderNumber);
  await frame.getByRole('button', { name: '查询' }).click();
  await frame.getByRole('button', { name: orderNumber, exact: true }).click();
  await expect(frame.locator('.order-detail .order-number')).toHaveText(orderNumber);
  return frame;
}

test('an admin configures one approval step for purchase orders', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await page.goto('/portal/#/portal/audit/config');
  await expect(page.getByText('审批配置 · 采购订单')).toBeVisible();
  // Keep exactly one step.
  const removeButtons = page.getByRole('button', { name: /^删除第 \d+ 步$/ });
  while ((await removeButtons.count()) > 0) await removeButtons.first().click();
  await page.getByRole('button', { name: '添加步骤' }).click();
  await page.getByLabel('步骤名称（中文） 1').fill('部门主管审批');
  // Issue #33: the step's name in both languages; English readers see this one.
  await page.getByLabel('步骤名称（英文） 1').fill('Department head approval');
  // The approvers are found by typing part of a name or sub-account (the account search, findPageListFuzzy).
  await pickOption(page, page.getByLabel('审批人 1'), '(admin)', { search: false, multiple: true });
  // Conditions (issue #19): an amount limit below the minimum is refused at once, in the user's language;
  // the step is kept for standard orders (the order below is one).
  await page.getByLabel('最低金额（本币） 1').fill('500');
  await page.getByLabel('金额上限（本币，不含） 1').fill('100');
  await expect(page.getByText('金额上限必须大于金额下限')).toBeVisible();
  await page.getByLabel('最低金额（本币） 1').fill('');
  await page.getByLabel('金额上限（本币，不含） 1').fill('');
  await expect(page.getByText('金额上限必须大于金额下限')).toHaveCount(0);
  await pickOption(page, page.getByLabel('订单类型 1'), '标准', { multiple: true });
  await expect(page.getByLabel('采购组织 1')).toBeVisible();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  // The form shows what the server answered after saving (a new version, one step).
  await expect(page.getByText(/^版本 \d+$/)).toBeVisible();
  await expect(page.getByLabel('步骤名称（中文） 1')).toHaveValue('部门主管审批');
  await expect(page.getByLabel('步骤名称（英文） 1')).toHaveValue('Department head approval');
  await expect(
    page.locator('.ant-select:has([aria-label="审批人 1"]) .ant-select-selection-item'),
  ).toHaveText([/admin/]);
  await expect(
    page.locator('.ant-select:has([aria-label="订单类型 1"]) .ant-select-selection-item'),
  ).toHaveText(['标准']);
  await expect(page.getByLabel('步骤名称（中文） 2')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('approval-config.png'), fullPage: true });
});

test('buyer1 creates an order with two lines and submits it', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openOrders(page);
  await frame.getByRole('button', { name: '新建' }).click();
  await expect(frame.getByText('新建采购订单')).toBeVisible();

  // Saving without lines' data shows the rules in place.
  await frame.getByRole('button', { name: '保存' }).click();
  await expect(frame.getByText('保存前必须选择订单类型')).toBeVisible();
  // Without lines, "add at least one row" is a field error under the lines, in the error colour (issue #12).
  await frame.getByRole('button', { name: '删除第 10 行' }).click();
  await frame.getByRole('button', { name: '保存' }).click();
  const noLines = frame.locator('.order-lines-errors .ant-form-item-explain-error');
  await expect(noLines).toHaveText('请至少添加一行');
  await expect(noLines).toHaveCSS('color', 'rgb(207, 19, 34)');
  await frame.getByRole('button', { name: '添加行' }).click();

  await frame.getByLabel('供应商账号').fill('200001');
  await frame.getByLabel('订单类型', { exact: true }).click();
  await frame.locator('.ant-select-item-option[title="0 · 标准"]').click();
  // The purchase organisation is a picker over the company's organisations (issue #19): typed by name.
  await pickOption(frame, frame.getByLabel('采购组织', { exact: true }), '华东', { search: true });
  const line = async (n: number, values: [string, string, string, string, string]) => {
    const [no, desc, unit, qty, price] = values;
    await frame.getByLabel(`第 ${n * 10} 行物料编码`).fill(no);
    await frame.getByLabel(`第 ${n * 10} 行物料描述`).fill(desc);
    await frame.getByLabel(`第 ${n * 10} 行单位`).fill(unit);
    await frame.getByLabel(`第 ${n * 10} 行数量`).fill(qty);
    await frame.getByLabel(`第 ${n * 10} 行不含税单价`).fill(price);
  };
  await line(1, ['E2E-001', '电源模块 PSU-12V', 'PCS', '0', '12.5']);
  await frame.getByRole('button', { name: '添加行' }).click();
  await line(2, ['E2E-002', '连接器 CN-8P', 'PCS', '200', '0.35']);
  await frame.getByRole('button', { name: '保存' }).click();
  // The form's own check names the line by its number (10, 20 …), as the server does (issue #33).
  await expect(frame.getByText('第 10 行：订单数量必须大于 0')).toBeVisible();
  await frame.getByLabel('第 10 行数量').fill('100');
  // Exact preview: 100 × 12.5 × 1.13 + 200 × 0.35 × 1.13 = 1412.50 + 79.10
  await expect(frame.getByLabel('金额预览')).toContainText('含税 1,491.60 CNY');
  // Enter in a line's date box or quantity confirms that box only: it does not save the order (issue #12).
  let saves = 0;
  const countSaves = (request: Request) => {
    if (request.url().includes('PurchaseOrderService/save')) saves++;
  };
  page.on('request', countSaves);
  const date = frame.getByLabel('第 10 行交货日期');
  await date.click();
  await date.press('Enter');
  await date.press('Escape');
  await frame.getByLabel('第 20 行数量').press('Enter');
  await page.waitForTimeout(1000);
  page.off('request', countSaves);
  expect(saves).toBe(0);
  await expect(frame.getByText('新建采购订单')).toBeVisible();
  // A rule only the server checks (a unit of at most 10 characters): its error shows under that field of
  // that line, naming the line by its number, from the answer's field errors (issue #33), not in an alert.
  await frame.getByLabel('第 20 行单位').fill('PCS-PER-BOX');
  await frame.getByRole('button', { name: '保存' }).click();
  const unitError = frame.locator(
    '.ant-form-item:has([aria-label="第 20 行单位"]) .ant-form-item-explain-error',
  );
  await expect(unitError).toHaveText('第 20 行 单位 长度不能超过 10');
  await expect(frame.getByLabel('第 20 行单位')).toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByRole('alert').filter({ hasText: 'body.items' })).toHaveCount(0);
  await expect(frame.getByRole('alert').filter({ hasText: '第 20 行 单位' })).toHaveCount(0);
  await frame
    .locator('.order-lines-edit')
    .screenshot({ path: test.info().outputPath('order-line-error.png') });
  await frame.getByLabel('第 20 行单位').fill('PCS');
  await frame.getByRole('button', { name: '保存' }).click();

  const number = frame.locator('.order-detail .order-number');
  await expect(number).toHaveText(/\S+/);
  orderNumber = (await number.textContent()) ?? '';
  expect(orderNumber).not.toBe('');
  await expect(frame.getByText('1,491.60 CNY').first()).toBeVisible();
  await expect(frame.locator('.order-detail').getByText('未提交审批').first()).toBeVisible();

  await frame.getByRole('button', { name: '提交审批' }).click();
  await expect(frame.getByText('已提交审批').first()).toBeVisible();
  await expect(frame.locator('.order-detail').getByText('审批中').first()).toBeVisible();
  await expect(frame.getByRole('cell', { name: '部门主管审批' })).toBeVisible();
  // Issue #33: the waiting step names who may approve it instead of "—".
  const step = frame.getByRole('row', { name: /部门主管审批/ });
  await expect(step.getByRole('cell', { name: '待审批人：张明 (admin)' })).toBeVisible();
  // In English: the step's English name and "Can approve".
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  const stepEn = frame.getByRole('row', { name: /Department head approval/ });
  await expect(stepEn.getByRole('cell', { name: 'Can approve: 张明 (admin)' })).toBeVisible();
  await frame
    .locator('.ant-card')
    .filter({ has: stepEn })
    .screenshot({ path: test.info().outputPath('order-approval-en.png') });
});

test('the admin approves it from the to-do list', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await page.goto('/portal/#/portal/info/todo');
  await expect(page.getByRole('tab', { name: '待我审批' })).toBeVisible();
  await page.getByRole('button', { name: orderNumber, exact: true }).click();
  await expect(page).toHaveURL(/#\/audit\?/);
  const doc = page.frameLocator('iframe.audit-frame');
  await expect(doc.locator('.order-detail .order-number')).toHaveText(orderNumber);
  // A rejection needs a remark.
  await page.getByRole('button', { name: '拒绝', exact: true }).click();
  await expect(page.getByText('审批意见不能为空')).toBeVisible();
  await page.getByLabel('审批意见').fill('同意采购');
  await page.getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByText('已审批通过')).toBeVisible();
  await expect(page).toHaveURL(/#\/portal\/info\/todo$/);
  await expect(page.getByRole('button', { name: orderNumber, exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: '我已审批' }).click();
  await expect(page.getByRole('button', { name: orderNumber, exact: true })).toBeVisible();
});

test('buyer1 sends it and prints it as a PDF named after the order', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openOrder(page);
  await expect(frame.locator('.order-detail').getByText('审批通过').first()).toBeVisible();
  await frame.getByRole('button', { name: '发送', exact: true }).click();
  await expect(frame.getByText('已发送').first()).toBeVisible();
  await expect(frame.locator('.order-detail').getByText('待确认').first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  // Named by its text alone: the printer icon is decorative (issue #12: it read "printer 打印").
  await frame.getByRole('button', { name: '打印', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${orderNumber}.pdf`);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('the supplier confirms one line with a reply date and refuses the other with remarks', async ({
  page,
}) => {
  await logInHome(page, '200001', 'admin');
  const frame = await openOrder(page);
  await expect(frame.getByText('销售订单').first()).toBeVisible();

  // Bulk actions need a row.
  await frame.getByRole('button', { name: '确认', exact: true }).click();
  await expect(frame.getByText('请至少选择一行')).toBeVisible();

  await frame.getByLabel('选择第 10 行').check();
  await frame.getByRole('button', { name: '确认', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  const date = dialog.getByLabel('第 10 行回复交期');
  await date.click();
  await date.fill('2026-12-30');
  await date.press('Enter');
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  await expect(frame.getByText('已确认').first()).toBeVisible();
  await expect(frame.getByRole('cell', { name: '2026-12-30' })).toBeVisible();

  await frame.getByLabel('选择第 20 行').check();
  await frame.getByRole('button', { name: '拒绝', exact: true }).click();
  const refuse = frame.getByRole('dialog');
  // Refusing requires remarks. A click during the dialog's opening animation can miss on a busy machine
  // (two journeys at once): clicked again until the rule shows; without remarks nothing is sent.
  await expect(async () => {
    await refuse.getByRole('button', { name: '拒绝', exact: true }).click({ timeout: 3000 });
    await expect(refuse.getByText('拒绝必须填写供应商备注')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await refuse.getByLabel('拒绝原因（供应商备注）').fill('连接器停产，无法供货');
  await refuse.getByRole('button', { name: '拒绝', exact: true }).click();
  await expect(frame.locator('.order-detail').getByText('部分确认').first()).toBeVisible();
});

test('the buyer sees the partial confirmation and the refusal reason', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openOrders(page);
  const row = frame.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row.getByText('部分确认')).toBeVisible();
  await row.getByRole('button', { name: orderNumber, exact: true }).click();
  await expect(frame.locator('.order-detail').getByText('部分确认').first()).toBeVisible();
  await expect(frame.getByText('第 20 行：连接器停产，无法供货')).toBeVisible();
  await expect(frame.getByRole('cell', { name: '2026-12-30' })).toBeVisible();
  // The history names each step with its labels.
  await expect(frame.getByText('审批中 → 审批通过')).toBeVisible();
});

test('the supplier ships the confirmed line with logistics information', async ({ page, browser }) => {
  // buyer1 has the order open meanwhile: the push about the shipment refreshes it, no Reload (issue #12).
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await logInHome(buyerPage, '100000', 'buyer1');
  const buyerDetail = (await openOrder(buyerPage)).locator('.order-detail');
  await expect(buyerDetail.getByText('部分确认').first()).toBeVisible();
  await expect(buyerDetail.getByText('发货在途')).toHaveCount(0);
  let buyerReloads = 0;
  buyerPage.on('load', () => buyerReloads++);

  await logInHome(page, '200001', 'admin');
  const frame = await openOrder(page);
  const detail = frame.locator('.order-detail');
  await expect(detail.getByText('未发货').first()).toBeVisible();
  // Named by its text alone, not "car 发货" (issue #12).
  await detail.getByRole('button', { name: '发货', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByText(`订单 ${orderNumber} 发货`)).toBeVisible();
  // Only the confirmed line 10 is offered, with its remaining quantity.
  const quantity = dialog.getByLabel('第 10 行本次发货数量');
  await expect(quantity).toHaveValue('100');
  await expect(dialog.getByLabel('第 20 行本次发货数量')).toHaveCount(0);
  // Logistics information is required (seed 001 §5).
  await dialog.getByRole('button', { name: '发货', exact: true }).click();
  await expect(dialog.getByText('物流信息必填：请填写物流公司')).toBeVisible();
  await expect(dialog.getByText('物流信息必填：请填写运单号')).toBeVisible();
  await dialog.getByLabel('物流公司').fill('顺丰速运');
  await dialog.getByLabel('运单号').fill('SF-E2E-0001');
  // At most the remaining quantity.
  await quantity.fill('100.5');
  await expect(dialog.getByText('不能超过 100')).toBeVisible();
  await quantity.fill('100');
  await dialog.getByRole('button', { name: '发货', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('发货在途').first()).toBeVisible();
  const shipments = frame.locator('.order-shipments');
  await expect(shipments.getByRole('cell', { name: 'SF-E2E-0001' })).toBeVisible();
  await expect(shipments.getByText('第 10 行：发货 100 PCS，收货 0')).toBeVisible();
  // Everything confirmed is shipped: no Ship button any more.
  await expect(detail.getByRole('button', { name: '发货' })).toHaveCount(0);

  // The buyer's open order shows the shipment by itself.
  await expect(buyerDetail.getByText('发货在途').first()).toBeVisible({ timeout: 5_000 });
  expect(buyerReloads).toBe(0);
  await buyerContext.close();
});

test('the buyer receives the shipment in two parts: partial receipt, then all goods received', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openOrders(page);
  const row = frame.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row.getByText('发货在途')).toBeVisible();
  await row.getByRole('button', { name: orderNumber, exact: true }).click();
  const detail = frame.locator('.order-detail');
  const shipments = frame.locator('.order-shipments');
  await expect(shipments.getByText('在途', { exact: true })).toBeVisible();

  await shipments.getByRole('button', { name: '收货', exact: true }).click();
  let dialog = frame.getByRole('dialog');
  await expect(dialog.getByText('SF-E2E-0001')).toBeVisible();
  const quantity = dialog.getByLabel('第 10 行本次收货数量');
  await expect(quantity).toHaveValue('100');
  await quantity.fill('0');
  await expect(dialog.getByText('数量必须大于 0')).toBeVisible();
  await quantity.fill('40');
  await dialog.getByRole('button', { name: '收货', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('部分收货').first()).toBeVisible();
  await expect(shipments.getByText('第 10 行：发货 100 PCS，收货 40')).toBeVisible();

  await shipments.getByRole('button', { name: '收货', exact: true }).click();
  dialog = frame.getByRole('dialog');
  await expect(dialog.getByLabel('第 10 行本次收货数量')).toHaveValue('60');
  await dialog.getByRole('button', { name: '收货', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('全部收货').first()).toBeVisible();
  await expect(shipments.getByText('已收货', { exact: true })).toBeVisible();
  await expect(shipments.getByRole('button', { name: '收货', exact: true })).toHaveCount(0);
  // The history names the delivery steps with their labels.
  await expect(frame.getByText('发货在途 → 部分收货')).toBeVisible();
  await expect(frame.getByText('部分收货 → 全部收货')).toBeVisible();
});

async function newOrder(page: Page): Promise<FrameLocator> {
  const frame = await openOrders(page);
  await frame.getByRole('button', { name: '新建' }).click();
  await expect(frame.getByText('新建采购订单')).toBeVisible();
  await frame.getByLabel('订单类型', { exact: true }).click();
  await frame.locator('.ant-select-item-option[title="0 · 标准"]').click();
  // The supplier after the order type: typed within the form's first second it was sometimes lost
  // (the supplier suggestions arriving while the field was being typed in).
  await frame.getByLabel('供应商账号').fill('200001');
  await frame.getByLabel('供应商账号').press('Escape');
  await expect(frame.getByLabel('供应商账号')).toHaveValue('200001');
  return frame;
}

test('buyer1 picks a material from the master in a new line: description, unit, packing and price fill in', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await newOrder(page);

  // Searching by part of the number offers "number — name" from the material master.
  await frame.getByLabel('第 10 行物料编码').fill('R-0603');
  const option = frame.getByRole('option', { name: 'R-0603-10K — 贴片电阻 0603 10KΩ' });
  await expect(option).toBeVisible();
  await option.click();
  await expect(frame.getByLabel('第 10 行物料编码')).toHaveValue('R-0603-10K');
  await expect(frame.getByLabel('第 10 行物料描述')).toHaveValue('贴片电阻 0603 10KΩ ±1% 1/10W');
  await expect(frame.getByLabel('第 10 行单位')).toHaveValue('PCS');
  await expect(frame.getByLabel('第 10 行最小包装量')).toHaveValue('5000');
  // The price master's price of 200001 for this material, valid today.
  await expect(frame.getByLabel('第 10 行不含税单价')).toHaveValue('0.012');
  await expect(frame.getByLabel('第 10 行税率%')).toHaveValue('13');

  // Searching by name works too, on a second line.
  await frame.getByRole('button', { name: '添加行' }).click();
  await frame.getByLabel('第 20 行物料编码').fill('单片机');
  await frame.getByRole('option', { name: 'MCU-STM32F103 — 单片机 STM32F103C8T6' }).click();
  await expect(frame.getByLabel('第 20 行物料描述')).toHaveValue('单片机 STM32F103C8T6 LQFP48');
  await expect(frame.getByLabel('第 20 行不含税单价')).toHaveValue('8.2');

  await frame.getByLabel('第 10 行数量').fill('10000');
  await frame.getByLabel('第 20 行数量').fill('10');
  // 10000 × 0.012 × 1.13 + 10 × 8.2 × 1.13 = 135.60 + 92.66
  await expect(frame.getByLabel('金额预览')).toContainText('含税 228.26 CNY');
  await frame.getByRole('button', { name: '保存' }).click();
  await expect(frame.locator('.order-detail .order-number')).toHaveText(/\S+/);
  await expect(frame.getByRole('cell', { name: /R-0603-10K/ })).toBeVisible();
  await expect(frame.getByText('228.26 CNY').first()).toBeVisible();
});

test('a header custom field saved with the order shows on the detail page', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await newOrder(page);
  await frame.getByLabel('第 10 行物料编码').fill('E2E-FBK-01');
  await frame.getByLabel('第 10 行物料描述').fill('自定义字段测试物料');
  await frame.getByLabel('第 10 行单位').fill('PCS');
  await frame.getByLabel('第 10 行数量').fill('5');
  await frame.getByLabel('第 10 行不含税单价').fill('2');

  // The custom fields start collapsed on a new order (issue #12). Opened, they list the fields the demo
  // buyer named (fbk1 "项目编号", fbk2) — not empty unnamed fbk3…fbk10, which "添加表头字段…" offers.
  const customFields = frame.getByRole('button', { name: '自定义字段', exact: true });
  await expect(customFields).toHaveAttribute('aria-expanded', 'false');
  await customFields.click();
  await expect(customFields).toHaveAttribute('aria-expanded', 'true');
  await expect(frame.getByLabel('fbk3', { exact: true })).toHaveCount(0);
  await expect(frame.getByLabel('添加表头字段…')).toBeVisible();
  await frame.getByLabel('项目编号 (fbk1)', { exact: true }).fill('项目号 P-2026-17');

  // A line custom field, in the line's drawer: none yet, then one added from the list of fbk fields.
  await frame.getByRole('button', { name: '第 10 行的自定义字段' }).click();
  await expect(frame.getByText('本行还没有自定义字段')).toBeVisible();
  // Picked with the keyboard: the option list re-renders while the form settles (a click on an option
  // can keep hitting a node that was just replaced), Enter takes the active option, fbk3 first.
  await frame.getByLabel('添加字段…').fill('fbk3');
  await expect(frame.locator('.ant-select-item-option-active[title="fbk3"]')).toBeVisible();
  await frame.getByLabel('添加字段…').press('Enter');
  await frame.getByLabel('第 10 行 fbk3').fill('批次 B-9');
  await frame.getByRole('button', { name: '完成' }).click();
  await expect(frame.getByRole('button', { name: '第 10 行的自定义字段' })).toContainText('1 项');
  // The server refuses a line custom field (the drawer keeps a typed value within 100 characters, so the
  // body is lengthened on its way): line 10's drawer opens with the error under that field, named by the
  // buyer's name of it (demo: line fbk1 批次) and the line's number, not body.items.0.fbk1 (issue #33).
  await page.route(
    '**/apis/order/PurchaseOrderService/save',
    async (route) => {
      const body = route.request().postDataJSON();
      body.items[0].fbk1 = '长'.repeat(101);
      await route.continue({ postData: JSON.stringify(body) });
    },
    { times: 1 },
  );
  await frame.getByRole('button', { name: '保存' }).click();
  const drawer = frame.locator('.line-custom-drawer');
  await expect(drawer.getByLabel('第 10 行 批次 (fbk1)')).toBeVisible();
  await expect(drawer.locator('.ant-form-item-explain-error')).toHaveText('第 10 行 批次 长度不能超过 100');
  await expect(frame.getByRole('alert').filter({ hasText: 'body.items' })).toHaveCount(0);
  await drawer.screenshot({ path: test.info().outputPath('order-line-custom-error.png') });
  await drawer.getByRole('button', { name: '完成' }).click();
  await frame.getByRole('button', { name: '保存' }).click();

  const detail = frame.locator('.order-detail');
  await expect(detail.locator('.order-number')).toHaveText(/\S+/);
  await expect(detail.getByText('自定义字段', { exact: true })).toBeVisible();
  await expect(detail.getByText('项目编号', { exact: true })).toBeVisible();
  await expect(detail.getByText('项目号 P-2026-17')).toBeVisible();
  await expect(detail.getByText('fbk3: 批次 B-9')).toBeVisible();
  const saved = (await detail.locator('.order-number').textContent()) ?? '';

  // Editing shows the saved values in the (open) custom fields section and the line's drawer.
  await frame.getByRole('button', { name: '编辑', exact: true }).click();
  await expect(frame.getByLabel('项目编号 (fbk1)', { exact: true })).toHaveValue('项目号 P-2026-17');
  await frame.getByRole('button', { name: '第 10 行的自定义字段' }).click();
  await expect(frame.getByLabel('第 10 行 fbk3')).toHaveValue('批次 B-9');

  // The order list has a column per named header field, titled with the name; unnamed fields have none.
  await frame.getByRole('button', { name: '完成' }).click();
  await frame.getByRole('button', { name: '取消', exact: true }).click();
  await frame.locator('.order-detail').getByRole('button', { name: '返回', exact: true }).click();
  await expect(frame.locator('.data-table')).toBeVisible();
  await frame.getByLabel('订单号', { exact: true }).fill(saved);
  await frame.getByRole('button', { name: '查询' }).click();
  await expect(frame.getByRole('button', { name: saved, exact: true })).toBeVisible();
  await expect(frame.getByRole('columnheader', { name: '项目编号', exact: true })).toBeVisible();
  await expect(frame.getByRole('columnheader', { name: /^fbk\d+$/ })).toHaveCount(0);
  await expect(frame.getByRole('cell', { name: '项目号 P-2026-17', exact: true })).toBeVisible();
});

test('changing the supplier re-prices master prices, flags lines without one and keeps typed prices', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await newOrder(page);
  await frame.getByLabel('第 10 行物料编码').fill('R-0603');
  await frame.getByRole('option', { name: /^R-0603-10K — / }).click();
  await expect(frame.getByLabel('第 10 行不含税单价')).toHaveValue('0.012');
  await frame.getByRole('button', { name: '添加行' }).click();
  await frame.getByLabel('第 20 行物料编码').fill('单片机');
  await frame.getByRole('option', { name: /^MCU-STM32F103 — / }).click();
  await expect(frame.getByLabel('第 20 行不含税单价')).toHaveValue('8.2');
  await frame.getByRole('button', { name: '添加行' }).click();
  await frame.getByLabel('第 30 行物料编码').fill('E2E-TYPED');
  await frame.getByLabel('第 30 行不含税单价').fill('3');

  const supplier = frame.getByLabel('供应商账号');
  await supplier.fill('200002');
  await supplier.press('Escape');
  await supplier.blur();
  const note = frame.locator('.reprice-alert');
  await expect(note).toContainText('已按供应商 200002、币种 CNY 重新取价');
  // 200002's price for the resistor; none for the MCU (flagged, old price gone); the typed price kept.
  await expect(frame.getByLabel('第 10 行不含税单价')).toHaveValue('0.011');
  await expect(frame.getByLabel('第 20 行不含税单价')).toHaveValue('');
  await expect(frame.getByText('该供应商无有效价格')).toBeVisible();
  // Its amount says it has no price (not "from the price master", which has none for 200002).
  const rows = frame.locator('.order-lines-edit tr.ant-table-row');
  await expect(rows.nth(1).locator('.line-no-price')).toHaveText('无有效价格，请填写价格');
  await expect(rows.nth(1).getByText('按价格主数据')).toHaveCount(0);
  await expect(frame.getByLabel('第 30 行不含税单价')).toHaveValue('3');
  await expect(note).toContainText('已从价格主数据重新取价的行：10 (R-0603-10K)');
  await expect(note).toContainText('20 (MCU-STM32F103)');
  await expect(note).toContainText(
    '保留手工填写或已保存单价的行（请核对是否适用于新供应商）：30 (E2E-TYPED)',
  );
});

test('answers arriving late never overwrite what the buyer typed: the supplier, then a price', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openOrders(page);
  // The supplier suggestions and the custom field labels answer only once the supplier is typed.
  let release = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    /\/(PurchaseOrderService\/findPageList|CustomFieldService\/findLabels\/)/,
    async (route) => {
      if (
        route.request().url().includes('findLabels') ||
        route.request().postData()?.includes('"pageSize":100')
      )
        await typed;
      await route.continue();
    },
  );
  await frame.getByRole('button', { name: '新建' }).click();
  await expect(frame.getByText('新建采购订单')).toBeVisible();
  const supplier = frame.getByLabel('供应商账号');
  await supplier.fill('200001');
  release();
  // Both arrived (the opened custom fields section names fbk1); the typed supplier stays.
  await frame.getByRole('button', { name: '自定义字段', exact: true }).click();
  await expect(frame.getByLabel('项目编号 (fbk1)', { exact: true })).toBeVisible();
  await expect(supplier).toHaveValue('200001');
  await supplier.press('Escape');

  // A price typed while the price master's answer for the picked material is on its way is kept.
  let answer = () => {};
  const priceTyped = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const asked = page.waitForRequest(/PurchasePriceService\/findEffectivePrice/);
  await page.route(/PurchasePriceService\/findEffectivePrice/, async (route) => {
    await priceTyped;
    await route.continue();
  });
  await frame.getByLabel('第 10 行物料编码').fill('R-0603');
  await frame.getByRole('option', { name: /^R-0603-10K — / }).click();
  await asked;
  await frame.getByLabel('第 10 行不含税单价').fill('5');
  const answered = page.waitForResponse(/PurchasePriceService\/findEffectivePrice/);
  answer();
  await answered;
  await frame.getByLabel('第 10 行数量').fill('2');
  // 2 × 5 × 1.13, not the master's 0.012.
  await expect(frame.getByLabel('金额预览')).toContainText('含税 11.30 CNY');
  await expect(frame.getByLabel('第 10 行不含税单价')).toHaveValue('5');
});
