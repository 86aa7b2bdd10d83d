import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Browser, E2E_BASE_PORT, expect, type Page, test } from './fixtures.ts';
import { DEMO_PASSWORD, LOGIN_LABELS, openUserMenu, sideMenu } from './helpers.ts';

/**
 * The portal behind a reverse proxy at a sub-path (issue #19, spec 000 §1): a demo server of its own,
 * started here with BASE_PATH=/srm from the same build the other journeys use, answers only under /srm.
 * New users log in at /srm/portal/, open the order list from the side menu (the order app loads in its
 * frame from /srm/order/), open an order, receive a pushed announcement over /srm/mqtt, and log out to
 * the login page under /srm.
 */
test.describe.configure({ mode: 'serial' });

const BASE = '/srm';
let server: ChildProcess | undefined;
let origin = '';

test.beforeAll(async ({ request: _request }, testInfo) => {
  testInfo.setTimeout(240_000);
  // Beside the workers' servers (E2E_PORT + n): this file's own, with the base path.
  const port = E2E_BASE_PORT + 40 + testInfo.parallelIndex;
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, E2E_PORT: String(port), BASE_PATH: BASE },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect(async () => {
    const res = await fetch(`${origin}${BASE}/apis/ElsAuthService/clientConfig`);
    expect(res.status).toBe(200);
  }).toPass({ timeout: 200_000, intervals: [500] });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((done) => server?.once('exit', done));
  server.kill('SIGTERM');
  await exited;
});

/** Logs in through the login form under the base path and waits for the home tab. */
async function logInUnderBase(page: Page, account: string, subAccount: string) {
  const l = LOGIN_LABELS.zh;
  await page.goto(`${origin}${BASE}/portal/#/login`);
  await page.getByLabel(l.account, { exact: true }).fill(account);
  await page.getByLabel(l.subAccount, { exact: true }).fill(subAccount);
  await page.getByLabel(l.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: l.submit, exact: true }).click();
  await expect(page).toHaveURL(`${origin}${BASE}/portal/#/portal/wel/index`);
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
}

async function userPage(browser: Browser, account: string, sub: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInUnderBase(page, account, sub);
  return page;
}

test('the server answers under /srm only', async ({ request }) => {
  const inside = await request.get(`${origin}${BASE}/apis/ElsAuthService/clientConfig`);
  expect((await inside.json()).code).toBe('200');
  const outside = await request.get(`${origin}/apis/ElsAuthService/clientConfig`);
  expect(outside.status()).toBe(404);
  const root = await request.get(`${origin}/`, { maxRedirects: 0 });
  expect(root.headers().location).toBe(`${BASE}/portal/`);
});

test('a buyer logs in at /srm/portal/, opens the order list from the side menu and an order', async ({
  page,
}) => {
  // Every address the pages ask for (scripts, API calls, the frame, the push socket) is under /srm.
  const outsideBase: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin && !url.pathname.startsWith(`${BASE}/`)) outsideBase.push(url.pathname);
  });
  await logInUnderBase(page, '100000', 'buyer1');
  const menu = sideMenu(page);
  await menu.getByRole('menuitem', { name: '订单管理' }).click();
  await menu.getByRole('menuitem', { name: '采购订单' }).click();
  await expect(page.getByRole('tab', { name: '采购订单', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const frameElement = page.locator('iframe.shell-iframe');
  await expect(frameElement).toHaveAttribute('src', `${BASE}/order/#/v2/order/list`);
  const frame = page.frameLocator('iframe.shell-iframe');
  const firstOrder = frame.locator('.data-table .link-cell').first();
  await expect(firstOrder).toBeVisible();
  const orderNumber = (await firstOrder.textContent())?.trim() ?? '';
  expect(orderNumber).not.toBe('');
  await firstOrder.click();
  await expect(frame.locator('.order-detail .order-number')).toHaveText(orderNumber);
  expect(outsideBase).toEqual([]);
});

test('a pushed announcement reaches the supplier under /srm', async ({ browser }) => {
  const title = `E2E 子路径公告 ${Date.now()}`;
  // The supplier's page connects to the message channel under the base path.
  const supplier = await (await browser.newContext()).newPage();
  const socket = supplier.waitForEvent('websocket', { timeout: 60_000 });
  await logInUnderBase(supplier, '200001', 'admin');
  expect(new URL((await socket).url()).pathname).toBe(`${BASE}/mqtt`);
  await expect(supplier.locator('.bell')).toBeVisible();

  const buyer = await userPage(browser, '100000', 'admin');
  await buyer.goto(`${origin}${BASE}/portal/#/portal/notice/list`);
  await buyer.getByRole('button', { name: '新建公告' }).click();
  const form = buyer.getByRole('dialog', { name: '新建公告' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('内容').fill('端到端测试：子路径下发布后供应商立即收到提醒。');
  const receivers = form.getByRole('combobox', { name: '接收方（供应商账号）' });
  await receivers.fill('200001');
  await receivers.press('Enter');
  await form.getByLabel('标题').click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  const row = buyer.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: '发布' }).click();
  await buyer.locator('.ant-modal-confirm').getByRole('button', { name: '发布' }).click();

  await expect(supplier.locator('.push-notice').filter({ hasText: title })).toBeVisible({ timeout: 15_000 });
  await supplier.context().close();
  await buyer.context().close();
});

test('logging out lands on the login page under /srm', async ({ page }) => {
  await logInUnderBase(page, '100000', 'admin');
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: '退出系统' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(`${origin}${BASE}/portal/#/login`);
  await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
});

test('the session stored by a root installation on the same origin is not read under /srm', async ({
  page,
}) => {
  await logInUnderBase(page, '100000', 'buyer1');
  // Under /srm the portal keeps its items under its own keys (lib/storage.ts storageKey), not today's root keys.
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys).toContain('/srm:srm-auth');
  expect(keys.filter((key) => key.startsWith('srm-'))).toEqual([]);
  // A root installation (/portal/) on this origin would hold its session under `srm-auth`: move the live
  // session there. The /srm portal must not pick it up: it starts at its login page.
  await page.evaluate(() => {
    localStorage.setItem('srm-auth', localStorage.getItem('/srm:srm-auth') ?? '');
    localStorage.removeItem('/srm:srm-auth');
  });
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`^${origin}${BASE}/portal/#/login`));
  await expect(page.getByLabel(LOGIN_LABELS.zh.account, { exact: true })).toBeVisible();
  // The root installation's item is left as it was.
  const rootItem = await page.evaluate(() => JSON.parse(localStorage.getItem('srm-auth') ?? '{}'));
  expect(rootItem.content.state.token).toBeTruthy();
});
