import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #16 "one inbox for a supplier of many buyers", as the supplier would use it: 200001 works for the
 * demo buyers 华东精密 (100000) and 南海智能 (100002). Its sales orders hold both buyers' orders in one
 * list with the buyer on every row; it filters by one buyer, the next visit opens with that buyer, and it
 * goes back to all buyers. A kernel list (delivery notices) names the buyer and offers the same filter.
 */
test.describe.configure({ mode: 'serial' });

async function open(page: Page, route: string): Promise<FrameLocator> {
  await page.goto(`/portal/#/myiframe/${encodeURIComponent(route)}`);
  const frame = page.frameLocator('iframe.shell-iframe');
  await expect(frame.locator('.data-table')).toBeVisible();
  return frame;
}

/** The texts of the buyer column's cells on the page shown. */
async function buyerCells(frame: FrameLocator): Promise<string[]> {
  const table = frame.locator('.data-table table').first();
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((h) => h.trim() === '采购方');
  expect(column, `columns: ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr.ant-table-row td:nth-child(${column + 1})`).allInnerTexts();
}

const buyerSelect = (frame: FrameLocator) =>
  frame.locator('.ant-select', { has: frame.getByRole('combobox', { name: '采购方' }) });

async function clearBuyer(frame: FrameLocator) {
  await buyerSelect(frame).hover();
  await buyerSelect(frame).locator('.ant-select-clear').click();
}

async function pickBuyer(frame: FrameLocator, name: string) {
  await pickOption(frame, frame.getByRole('combobox', { name: '采购方' }), name);
}

test('supplier 200001 sees the orders of both demo buyers in one list and filters by one', async ({
  page,
}) => {
  await logInHome(page, '200001', 'admin');
  let frame = await open(page, '/order/#/v2/order/list');
  // Newest sent first: 华东精密's orders open the list, 南海智能's (sent earlier) close it.
  await expect(frame.getByRole('cell', { name: '华东精密' }).first()).toBeVisible();
  await frame.locator('.ant-pagination-item').last().click();
  await expect(frame.getByRole('cell', { name: '南海智能' }).first()).toBeVisible();
  expect(await buyerCells(frame)).toContain('南海智能');

  await pickBuyer(frame, '南海智能 (100002)');
  await expect(frame.getByRole('cell', { name: '华东精密' })).toHaveCount(0);
  const one = await buyerCells(frame);
  expect(one.length).toBe(4);
  expect(new Set(one)).toEqual(new Set(['南海智能']));

  // The choice is kept for the user: the next visit opens with it.
  await page.reload();
  await openMenuEntry(page, '订单管理', '销售订单');
  frame = page.frameLocator('iframe.shell-iframe');
  await expect(frame.locator('.data-table')).toBeVisible();
  await expect(buyerSelect(frame)).toContainText('南海智能 (100002)');
  await expect(frame.getByRole('cell', { name: '南海智能' }).first()).toBeVisible();
  await expect(frame.getByRole('cell', { name: '华东精密' })).toHaveCount(0);

  // Back to all buyers (the clear button of the select).
  await clearBuyer(frame);
  await expect(frame.getByRole('cell', { name: '华东精密' }).first()).toBeVisible();
  await expect(buyerSelect(frame)).not.toContainText('南海智能');
});

test("a kernel list names each row's buyer and filters by buyer too", async ({ page }) => {
  await logInHome(page, '200001', 'admin');
  const frame = await open(page, '/order/#/v2/delivery/list');
  await expect(frame.getByRole('cell', { name: '华东精密' }).first()).toBeVisible();
  expect(new Set(await buyerCells(frame))).toEqual(new Set(['华东精密']));
  // 南海智能 has sent no delivery notices: filtered by it, the list is empty.
  await pickBuyer(frame, '南海智能 (100002)');
  await expect(frame.getByText('暂无数据')).toBeVisible();
  await clearBuyer(frame);
  await expect(frame.getByRole('cell', { name: '华东精密' }).first()).toBeVisible();
});
