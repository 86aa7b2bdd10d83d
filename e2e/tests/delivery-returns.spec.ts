import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Issue #12 journey as new users would do it: the supplier 200001 picks open lines of two confirmed
 * orders of buyer 100000 under Delivery management → Lines to ship, creates one delivery notice, prints
 * its box labels (a real PDF) and ships it; buyer1 finds it at Receiving by its number and receives part
 * of it (the notice and the order lines show the partial receipt); buyer1 returns one unit with a reason
 * (submitted for approval — approved at once without approval steps — then sent); the supplier confirms
 * the return. The statuses of the notice, the order and the return read right in both languages. Last,
 * a purchase-initiated request: buyer1 asks 200001 for a delivery, the supplier replies and ships it.
 */
// Each step is a whole journey (PDF rendering included) on a machine the tests share.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let noteNumber = '';
let orderNumbers: string[] = [];
let refundNumber = '';
let requestNumber = '';
/** Line 10 of the notice: what was shipped, and what the buyer received of it. */
let shipped = '';
const RECEIVED = '1';

/** The module app's frame of the tab the menu opened (the visible one). */
function appFrame(page: Page): FrameLocator {
  return page.frameLocator('.tab-view:visible iframe.shell-iframe');
}

test('the supplier creates one delivery notice from lines of two confirmed orders and ships it', async ({
  page,
}) => {
  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '送货管理', '待送货订单行');
  const frame = appFrame(page);
  await expect(frame.getByText('待送货订单行').first()).toBeVisible();
  await frame.getByLabel('采购方账号').fill('100000');
  await frame.getByRole('button', { name: '查询', exact: true }).click();

  // Lines of two different orders of buyer 100000 (once the filter applies: 200001 also ships for 100002).
  const rows = frame.locator('.data-table tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: '(100002)' })).toHaveCount(0);
  const count = await rows.count();
  const picked: Array<{ order: string; line: string }> = [];
  for (let i = 0; i < count && picked.length < 2; i++) {
    const cells = rows.nth(i).locator('td');
    const order = (await cells.nth(1).textContent())?.trim() ?? '';
    const line = (await cells.nth(2).textContent())?.trim() ?? '';
    if (order && !picked.some((p) => p.order === order)) picked.push({ order, line });
  }
  expect(picked).toHaveLength(2);
  orderNumbers = picked.map((p) => p.order);
  for (const p of picked) await frame.getByLabel(`选择订单 ${p.order} 第 ${p.line} 行`).check();
  await expect(frame.getByText('已选 2 行')).toBeVisible();
  await frame.getByRole('button', { name: '创建送货单' }).click();

  // The form: both lines, each delivering what remains on its order line.
  await expect(frame.getByText('新建送货单 · 采购方')).toBeVisible();
  const quantity1 = frame.getByLabel('第 10 行送货数量');
  await expect(quantity1).not.toHaveValue('');
  await expect(frame.getByLabel('第 20 行送货数量')).not.toHaveValue('');
  // At most what remains; more than 0.
  await quantity1.fill('0');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(frame.getByText('第 10 行送货数量必须大于 0')).toBeVisible();
  await quantity1.fill('2');
  await frame.getByLabel('第 10 行箱数').fill('2');
  await frame.getByLabel('物流公司').fill('顺丰速运');
  // Enter in an input does not save.
  await frame.getByLabel('物流单号').fill('SF-E2E-DN-0001');
  await frame.getByLabel('物流单号').press('Enter');
  await expect(frame.getByText('新建送货单 · 采购方')).toBeVisible();
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  const detail = frame.locator('.document-detail');
  const number = detail.locator('.document-number');
  await expect(number).toHaveText(/^DN\d+/);
  noteNumber = (await number.textContent()) ?? '';
  await expect(detail.getByText('未发送').first()).toBeVisible();
  for (const order of orderNumbers) await expect(detail.getByRole('cell', { name: order })).toHaveCount(1);
  shipped = '2';

  // Box labels: a real PDF, fetched with the session and opened in a new tab.
  const labels = page.waitForResponse((r) => r.url().includes('/printLabels/'));
  const popup = page.waitForEvent('popup');
  await detail.getByRole('button', { name: '打印箱标签' }).click();
  const res = await labels;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect((await res.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();

  // Ship: the logistics entered on the notice come pre-filled.
  await detail.getByRole('button', { name: '发货', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByLabel('物流单号')).toHaveValue('SF-E2E-DN-0001');
  await dialog.getByRole('button', { name: '发货', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已发货').first()).toBeVisible();
  await expect(detail.getByRole('button', { name: '发货', exact: true })).toHaveCount(0);
});

test('buyer1 finds the notice at Receiving by its number and receives part of it', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '送货管理', '收货');
  const frame = appFrame(page);
  // The shipped notices wait in the list below.
  await expect(frame.getByRole('button', { name: noteNumber, exact: true })).toBeVisible();
  const scan = frame.getByLabel('扫描或输入送货单号');
  await scan.fill('DN-NOT-THERE');
  await scan.press('Enter');
  await expect(frame.getByText('没有找到送货单 DN-NOT-THERE')).toBeVisible();
  await scan.fill(noteNumber);
  await scan.press('Enter');

  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(noteNumber);
  await detail.getByRole('button', { name: '收货', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  const line10 = dialog.getByLabel('第 10 行数量');
  await expect(line10).toHaveValue(shipped);
  await line10.fill('3');
  await dialog.getByRole('button', { name: '收货', exact: true }).click();
  await expect(dialog.getByText('第 10 行数量不能超过 2')).toBeVisible();
  await line10.fill(RECEIVED);
  // Nothing of line 20 this time.
  await dialog.getByLabel('第 20 行数量').fill('');
  await dialog.getByRole('button', { name: '收货', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('部分收货').first()).toBeVisible();
  await expect(detail.getByText('已发货 → 部分收货')).toBeVisible();
});

test('the order shows the partial receipt and its delivery notice', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await page.goto(`/portal/#/myiframe/${encodeURIComponent('/order/#/v2/order/list')}`);
  const frame = page.frameLocator('iframe.shell-iframe');
  await frame.getByLabel('订单号', { exact: true }).fill(orderNumbers[0]);
  await frame.getByRole('button', { name: '查询' }).click();
  await frame.getByRole('button', { name: orderNumbers[0], exact: true }).click();
  const detail = frame.locator('.order-detail');
  await expect(detail.locator('.order-number')).toHaveText(orderNumbers[0]);
  await expect(detail.getByText('部分收货').first()).toBeVisible();
  // Shipments of the order are its delivery notices now.
  await expect(frame.locator('.order-shipments').getByText(noteNumber)).toBeVisible();
});

test('buyer1 returns one unit with a reason, submits it (approved at once) and sends it', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '送货管理', '送货通知单');
  const frame = appFrame(page);
  await frame.getByLabel('送货单号').fill(noteNumber);
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  await frame.getByRole('button', { name: noteNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '退货', exact: true }).click();

  await expect(frame.getByText(`新建退货单 · 送货单 ${noteNumber}`)).toBeVisible();
  // Only the received line can be returned, at most what was received.
  await expect(frame.getByLabel('第 20 行退货数量')).toHaveCount(0);
  const quantity = frame.getByLabel('第 10 行退货数量');
  await expect(quantity).toHaveValue(RECEIVED);
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(frame.getByText('请填写退货原因')).toBeVisible();
  await frame.getByLabel('退货原因', { exact: true }).fill('外观划伤，退回 1 件');
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  const refund = frame.locator('.document-detail');
  const number = refund.locator('.document-number');
  await expect(number).toHaveText(/^RT\d+/);
  refundNumber = (await number.textContent()) ?? '';
  await expect(refund.getByText('未提交审批').first()).toBeVisible();
  await refund.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(refund.getByText('审批通过').first()).toBeVisible();
  await refund.getByRole('button', { name: '发送', exact: true }).click();
  await expect(refund.getByText('待确认').first()).toBeVisible();
});

test('the supplier confirms the return', async ({ page }) => {
  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '退货管理', '退货单');
  const frame = appFrame(page);
  const row = frame.getByRole('row', { name: new RegExp(refundNumber) });
  await expect(row.getByText('待确认')).toBeVisible();
  await row.getByRole('button', { name: refundNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByText('外观划伤，退回 1 件').first()).toBeVisible();
  // Refusing needs a remark.
  await detail.getByRole('button', { name: '拒绝', exact: true }).click();
  let dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: '拒绝', exact: true }).click();
  await expect(dialog.getByText('请填写备注')).toBeVisible();
  await dialog.getByRole('button', { name: '取消', exact: true }).click();
  await expect(dialog).toBeHidden();

  await detail.getByRole('button', { name: '确认', exact: true }).click();
  dialog = frame.getByRole('dialog');
  await dialog.getByLabel('备注').fill('同意退货');
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已确认').first()).toBeVisible();
});

test('the three documents read right in both languages', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '退货管理', '退货单');
  let frame = appFrame(page);
  const refundRow = frame.getByRole('row', { name: new RegExp(refundNumber) });
  await expect(refundRow.getByText('已确认')).toBeVisible();
  await expect(refundRow.getByText('审批通过')).toBeVisible();

  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(refundRow.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(refundRow.getByText('Approved', { exact: true })).toBeVisible();

  await openMenuEntry(page, 'Delivery management', 'Delivery notices');
  frame = appFrame(page);
  const noteRow = frame.getByRole('row', { name: new RegExp(noteNumber) });
  await expect(noteRow.getByText('Partial receipt', { exact: true })).toBeVisible();
  await noteRow.getByRole('button', { name: noteNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByRole('button', { name: 'Receive', exact: true })).toBeVisible();
  await expect(detail.getByRole('columnheader', { name: 'Delivery quantity' })).toBeVisible();
  await expect(detail.getByText('Shipped → Partial receipt')).toBeVisible();

  await openMenuEntry(page, 'Order management', 'Purchase orders');
  const orders = appFrame(page);
  await orders.getByLabel('Order number', { exact: true }).fill(orderNumbers[0]);
  await orders.getByRole('button', { name: 'Search' }).click();
  const orderRow = orders.getByRole('row', { name: new RegExp(orderNumbers[0]) });
  await expect(orderRow.getByText('Partial receipt', { exact: true })).toBeVisible();
});

test('buyer1 asks 200001 for a delivery and sends the request', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '送货管理', '要货通知');
  const frame = appFrame(page);
  // The supplier is required; the field offers the suppliers with open lines.
  await frame.getByRole('button', { name: '查看可送订单行' }).click();
  await expect(frame.getByText('请填写供应商账号')).toBeVisible();
  await frame.getByLabel('供应商账号').fill('200001');
  await frame.getByRole('button', { name: '查看可送订单行' }).click();
  const rows = frame.locator('.data-table tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const cells = rows.first().locator('td');
  const order = (await cells.nth(1).textContent())?.trim() ?? '';
  const line = (await cells.nth(2).textContent())?.trim() ?? '';
  await frame.getByLabel(`选择订单 ${order} 第 ${line} 行`).check();
  await frame.getByRole('button', { name: '创建要货通知' }).click();
  await expect(frame.getByText('新建要货通知 · 供应商')).toBeVisible();
  await frame.getByLabel('第 10 行送货数量').fill('1');
  await frame.getByLabel('收货地址').fill('上海市浦东新区张江路 88 号 3 号仓');
  await frame.getByLabel('送货时段').fill('09:00-12:00');
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  const request = frame.locator('.document-detail');
  await expect(request.getByText('采购方发起').first()).toBeVisible();
  requestNumber = (await request.locator('.document-number').textContent()) ?? '';
  await request.getByRole('button', { name: '发送', exact: true }).click();
  await expect(request.getByText('已发送').first()).toBeVisible();
});

test('the supplier replies to the request and ships it with the logistics required', async ({ page }) => {
  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '送货管理', '我的送货单');
  const frame = appFrame(page);
  await frame.getByLabel('送货单号').fill(requestNumber);
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  await frame.getByRole('button', { name: requestNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '回复', exact: true }).click();
  let dialog = frame.getByRole('dialog');
  await dialog.getByLabel('备注').fill('按要求时段送达');
  await dialog.getByRole('button', { name: '回复', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已回复').first()).toBeVisible();

  // Logistics information is required to ship (seed 001 §5).
  await detail.getByRole('button', { name: '发货', exact: true }).click();
  dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: '发货', exact: true }).click();
  await expect(dialog.getByText('请填写物流公司')).toBeVisible();
  await dialog.getByLabel('物流公司').fill('德邦物流');
  await dialog.getByLabel('物流单号').fill('DPK-E2E-0002');
  await dialog.getByRole('button', { name: '发货', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已发货').first()).toBeVisible();
  await expect(detail.getByText('已回复 → 已发货')).toBeVisible();
});
