import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

// API keys and webhooks (issue #18): the buyer admin creates an API key for buyer1 that may read orders and
// materials, sees the key once, uses it against the API, revokes it and the API refuses it; then adds a webhook endpoint,
// sees its signing secret once, sends a test event and finds it in the delivery log.
const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

/** Picks an option in the open select's own dropdown (typing first narrows a long, virtual list). */
async function pick(
  frame: FrameLocator,
  select: ReturnType<FrameLocator['getByLabel']>,
  text: string,
  multiple = false,
) {
  await pickOption(frame, select, text, { search: true, multiple });
}

test('the admin creates an API key that reads orders, and revoking it stops it at once', async ({
  page,
  request,
}) => {
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, '系统管理', 'API 密钥与 Webhook');
  const frame = appFrame(page);
  await expect(frame.getByRole('heading', { name: 'API 密钥与 Webhook' })).toBeVisible();
  const name = `ERP ${Date.now() % 100000}`;

  await frame.getByRole('button', { name: '新建 API 密钥' }).click();
  const dialog = frame.getByRole('dialog', { name: '新建 API 密钥' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('名称不能为空')).toBeVisible();
  await dialog.getByLabel('名称').fill(name);
  await pick(frame, dialog.getByLabel('代表的子账号'), 'buyer1');
  await pick(frame, dialog.getByLabel('权限范围'), 'order', true);
  // Master data is a route group of its own, named in the user's language (not part of "all kinds").
  await pick(frame, dialog.getByLabel('权限范围'), '主数据：物料', true);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();

  const shown = frame.getByRole('dialog', { name: '新的 API 密钥' });
  await expect(shown.getByText('请立即复制')).toBeVisible();
  const key = (await shown.locator('code').innerText()).trim();
  expect(key).toMatch(/^srmk_/);
  await expectNoSeriousA11yViolations(page, 'API key shown once');
  await page.screenshot({ path: 'test-results/integrations-key.png' });
  await shown.getByRole('button', { name: /确\s*定|OK/ }).click();

  // The key reads orders as buyer1 …
  const list = await request.post('/apis/order/PurchaseOrderService/findPageList', {
    headers: { 'x-api-key': key },
    data: { currentPage: 1, pageSize: 10 },
  });
  expect((await list.json()).code).toBe('200');
  // … and nothing else.
  const save = await request.post('/apis/order/PurchaseOrderService/save', {
    headers: { 'x-api-key': key },
    data: {},
  });
  expect(save.status()).toBe(403);
  // … reads materials through its master data scope, and never calls account administration.
  const materials = await request.post('/apis/masterdata/PurchaseMaterialService/findPageList', {
    headers: { 'x-api-key': key },
    data: { currentPage: 1, pageSize: 10 },
  });
  expect((await materials.json()).code).toBe('200');
  const accounts = await request.post('/apis/ElsAccountService/findPageList', {
    headers: { 'x-api-key': key },
    data: { pageSize: 10 },
  });
  expect(accounts.status()).toBe(403);
  expect((await accounts.json()).message).toContain('API 密钥永远不能调用此接口');

  const row = frame.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('有效');
  await expect(row).toContainText('主数据：物料 · 只读');
  await row.getByRole('button', { name: `吊销 ${name}` }).click();
  await frame
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(row).toContainText('已吊销');
  const after = await request.post('/apis/order/PurchaseOrderService/findPageList', {
    headers: { 'x-api-key': key },
    data: { currentPage: 1, pageSize: 10 },
  });
  expect(after.status()).toBe(401);
});

test('the admin adds a webhook endpoint, sees its secret once and finds a test event in the delivery log', async ({
  page,
}) => {
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, '系统管理', 'API 密钥与 Webhook');
  const frame = appFrame(page);
  // A public address literal: endpoints may not point into the server's own network.
  const url = `https://93.184.216.34/srm-${Date.now() % 100000}`;
  await frame.getByRole('button', { name: '新建接收地址' }).click();
  const dialog = frame.getByRole('dialog', { name: '新建接收地址' });
  await dialog.getByLabel('地址').fill(url);
  await pick(frame, dialog.getByLabel('事件类型'), 'order.*', true);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  const shown = frame.getByRole('dialog', { name: '签名密钥' });
  await expect(shown.locator('code')).toHaveText(/^whsec_/);
  await shown.getByRole('button', { name: /确\s*定|OK/ }).click();

  const row = frame.getByRole('row', { name: new RegExp(url.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('order.*');
  await row.getByRole('button', { name: '发送测试事件' }).click();
  await expect(frame.getByText('测试事件已加入投递队列')).toBeVisible();
  const log = frame.getByRole('row', { name: new RegExp(`ping.*${url.replace(/[.]/g, '\\.')}`) }).first();
  await expect(log).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webhooks');
  await page.screenshot({ path: 'test-results/integrations-webhooks.png', fullPage: true });

  // Deleting the endpoint takes its log with it (and leaves no endpoint for the journeys after this one).
  await row.getByRole('button', { name: '删除' }).click();
  await frame
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(frame.getByText('接收地址已删除')).toBeVisible();
  // Neither the endpoint's row nor its log's rows stay (the row locator matches both: the log row names the
  // endpoint's address too, and the log reloads a moment after the list).
  await expect(frame.getByRole('row', { name: new RegExp(url.replace(/[.]/g, '\\.')) })).toHaveCount(0);
});
