import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

// Interface texts (issue #18/#19, spec 000 §7 "language JSON files by tenant id and language"): the buyer admin
// replaces a text of the portal's top bar and one of the order list (a module app in the shell's iframe) in a
// page, sees both after a reload, then removes them again (the demo data is left as found for the specs that
// run after this one).
const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

const MENU_GROUP = '系统管理';
const MENU_ENTRY = '界面文字';
// shell.json topbar.followUs: the label of the top bar's WeChat button, shown to buyers.
const BUNDLED = '关注公众号';
const REPLACED = `关注我们 ${Date.now() % 100000}`;
// order.json list.search: the search button of the order list (module app /order/).
const ORDER_BUNDLED = /^查\s*询$/;
const ORDER_REPLACED = `检索订单 ${Date.now() % 100000}`;

/** The order list's search button, inside the module app's iframe. */
async function orderSearchButton(page: Page, name: string | RegExp) {
  await openMenuEntry(page, '订单管理', '采购订单');
  const list = appFrame(page);
  await expect(list.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
  return list.getByRole('button', { name, exact: typeof name === 'string' });
}

async function openPage(page: Page) {
  await openMenuEntry(page, MENU_GROUP, MENU_ENTRY);
  const frame = appFrame(page);
  await expect(frame.getByRole('heading', { name: MENU_ENTRY })).toBeVisible();
  return frame;
}

const saveButton = (frame: FrameLocator) => frame.getByRole('button', { name: /^保\s*存$/ });

test('the buyer admin replaces a top-bar and an order-list text, sees them in the shell and the module app, and removes them again', async ({
  page,
}) => {
  await logInHome(page, '100000', 'admin');
  await expect(page.locator('.top-bar').getByRole('button', { name: BUNDLED })).toBeVisible();
  await expect(await orderSearchButton(page, ORDER_BUNDLED)).toBeVisible();
  let frame = await openPage(page);
  await expect(frame.getByRole('radio', { name: '简体中文' })).toBeChecked();

  // Each rule is named with its field.
  const add = frame.getByRole('button', { name: /^添\s*加$/ });
  await add.click();
  await expect(frame.getByText('命名空间不能为空')).toBeVisible();
  await expect(frame.getByText('键不能为空')).toBeVisible();
  await expect(frame.getByText('替换文字不能为空')).toBeVisible();
  await pickOption(frame, frame.getByLabel('命名空间', { exact: true }), 'shell');
  const key = frame.locator('#languageAdd_key');
  await key.fill('topbar follow');
  await frame.getByLabel('替换文字', { exact: true }).fill(REPLACED);
  await add.click();
  await expect(frame.getByText('键只能是用点分隔的字母、数字和下划线')).toBeVisible();
  await key.fill('topbar');
  await add.click();
  await expect(frame.getByText('键指向一组文字而不是一条文字')).toBeVisible();
  await key.fill('topbar.followUs');
  await add.click();

  // The new row shows the app's own text for reference and the replacement, editable.
  const row = frame.getByRole('row', { name: /topbar\.followUs/ });
  await expect(row).toContainText(BUNDLED);
  await expect(row.getByRole('textbox', { name: 'shell:topbar.followUs 的替换文字' })).toHaveValue(REPLACED);
  await expect(frame.getByText('有未保存的修改')).toBeVisible();

  // The same namespace and key again is refused.
  await pickOption(frame, frame.getByLabel('命名空间', { exact: true }), 'shell');
  await key.fill('topbar.followUs');
  await frame.getByLabel('替换文字', { exact: true }).fill('x');
  await add.click();
  await expect(frame.getByText('该命名空间下已有这个键')).toBeVisible();

  // A text of a module app: the order list's search button.
  await pickOption(frame, frame.getByLabel('命名空间', { exact: true }), 'order', { search: true });
  await key.fill('list.search');
  await frame.getByLabel('替换文字', { exact: true }).fill(ORDER_REPLACED);
  await add.click();
  const orderRow = frame.getByRole('row', { name: /list\.search/ });
  await expect(orderRow).toContainText('查询');
  await expect(orderRow.getByRole('textbox', { name: 'order:list.search 的替换文字' })).toHaveValue(
    ORDER_REPLACED,
  );

  await expectNoSeriousA11yViolations(page, 'interface texts');
  await page.screenshot({ path: 'test-results/language-overrides.png' });
  await saveButton(frame).click();
  await expect(frame.getByText('已保存，重新打开门户后生效')).toBeVisible();
  await expect(frame.getByText('有未保存的修改')).toBeHidden();

  // The shell shows the company's text at its next load, and so does the order list in its iframe.
  await page.reload();
  await expect(page.locator('.top-bar').getByRole('button', { name: REPLACED })).toBeVisible();
  await expect(await orderSearchButton(page, ORDER_REPLACED)).toBeVisible();

  // Removed and saved again: the bundled text is back.
  frame = await openPage(page);
  const saved = frame.getByRole('row', { name: /topbar\.followUs/ });
  await expect(saved.getByRole('textbox')).toHaveValue(REPLACED);
  // The page shows the app's own text beside the replacement, though its own app now shows the company's.
  const savedOrder = frame.getByRole('row', { name: /list\.search/ });
  await expect(savedOrder.getByRole('textbox')).toHaveValue(ORDER_REPLACED);
  await expect(savedOrder).toContainText('查询');
  await saved.getByRole('button', { name: '删除 shell:topbar.followUs' }).click();
  await expect(saved).toBeHidden();
  await savedOrder.getByRole('button', { name: '删除 order:list.search' }).click();
  await expect(savedOrder).toBeHidden();
  await saveButton(frame).click();
  await expect(frame.getByText('已保存，重新打开门户后生效')).toBeVisible();
  await page.reload();
  await expect(page.locator('.top-bar').getByRole('button', { name: BUNDLED })).toBeVisible();
  await expect(await orderSearchButton(page, ORDER_BUNDLED)).toBeVisible();
});

test("an open module app loads the company's texts of the language the user switches to", async ({
  page,
}) => {
  const EN_REPLACED = `Find orders ${Date.now() % 100000}`;
  await logInHome(page, '100000', 'admin');
  // An English text of the order list only: the Chinese list keeps its own.
  let frame = await openPage(page);
  await frame.getByText('English', { exact: true }).click();
  await expect(frame.getByRole('radio', { name: 'English' })).toBeChecked();
  await pickOption(frame, frame.getByLabel('命名空间', { exact: true }), 'order', { search: true });
  await frame.locator('#languageAdd_key').fill('list.search');
  await frame.getByLabel('替换文字', { exact: true }).fill(EN_REPLACED);
  await frame.getByRole('button', { name: /^添\s*加$/ }).click();
  await expect(frame.getByRole('row', { name: /list\.search/ })).toContainText('Search');
  await saveButton(frame).click();
  await expect(frame.getByText('已保存，重新打开门户后生效')).toBeVisible();

  await expect(await orderSearchButton(page, ORDER_BUNDLED)).toBeVisible();
  // The open order list follows the switch with the company's English text, without a reload.
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(appFrame(page).getByRole('button', { name: EN_REPLACED, exact: true })).toBeVisible();
  await expect(appFrame(page).getByRole('button', { name: 'Reset', exact: true })).toBeVisible();

  // Back to Chinese, and the English text removed again.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(appFrame(page).getByRole('button', { name: ORDER_BUNDLED })).toBeVisible();
  frame = await openPage(page);
  await expect(frame.getByRole('radio', { name: 'English' })).toBeChecked();
  const row = frame.getByRole('row', { name: /list\.search/ });
  await row.getByRole('button', { name: '删除 order:list.search' }).click();
  await expect(row).toBeHidden();
  await saveButton(frame).click();
  // (The first save's message may still show.)
  await expect(frame.getByText('有未保存的修改')).toBeHidden();
  await expect(frame.getByText('已保存，重新打开门户后生效').last()).toBeVisible();
});
