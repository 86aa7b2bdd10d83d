import { apiLogin, storedToken } from './api.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO_PASSWORD, LOGIN_LABELS, logInHome } from './helpers.ts';

/** The buyer's newest order (id and number), read through the API to build a link as an e-mail would carry. */
async function newestOrder(request: Parameters<typeof apiLogin>[0]) {
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const list = await buyer.post<{ records: { id: string; orderNumber: string }[] }>(
    '/apis/order/PurchaseOrderService/findPageList',
    { currentPage: 1, pageSize: 10 },
  );
  expect(list.code).toBe('200');
  const order = list.data.records[0];
  expect(order?.orderNumber).toBeTruthy();
  return order;
}

const forwardLink = (query: Record<string, string>) =>
  `/portal/#/forwardPass?${new URLSearchParams(query).toString()}`;

/** The page of the selected tab's frame. */
const tabFrame = (page: Page) => page.frameLocator('.tab-view:visible iframe.shell-iframe');

test('a link to an order opens it after the login, as a detail tab next to the home tab', async ({
  page,
  request,
}) => {
  const order = await newestOrder(request);
  await page.goto(forwardLink({ url: '/order/#/v2/order/detail', id: order.id }));
  // No session: the link leads to the login page first.
  const l = LOGIN_LABELS.zh;
  await expect(page.getByLabel(l.account, { exact: true })).toBeVisible();
  await page.getByLabel(l.account, { exact: true }).fill('100000');
  await page.getByLabel(l.subAccount, { exact: true }).fill('buyer1');
  await page.getByLabel(l.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: l.submit, exact: true }).click();

  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '订单详情', selected: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/forward\/detail\?/);
  await expect(tabFrame(page).getByText(order.orderNumber).first()).toBeVisible();
});

test('a logged-in user following a link gets the page at once, titled by the link', async ({
  page,
  request,
}) => {
  const order = await newestOrder(request);
  await logInHome(page, '100000', 'buyer1');
  await page.goto(
    forwardLink({ url: '/order/#/v2/order/detail', id: order.id, title: `订单 ${order.orderNumber}` }),
  );
  await expect(page.getByRole('tab', { name: `订单 ${order.orderNumber}`, selected: true })).toBeVisible();
  await expect(tabFrame(page).getByText(order.orderNumber).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forwarded order detail');
});

test('a link to an address outside the portal is refused and leads nowhere', async ({ page }) => {
  await page.goto(forwardLink({ url: 'https://evil.example.com/phish', id: '1' }));
  await expect(page.getByText('无法打开该链接')).toBeVisible();
  await expect(page).toHaveURL(/forwardPass/);
  await expectNoSeriousA11yViolations(page, 'refused forward');
  await page.getByRole('button', { name: '去登录' }).click();
  await expect(page.getByLabel(LOGIN_LABELS.zh.account, { exact: true })).toBeVisible();
});

test('a browser that starts with a session ended elsewhere checks it and goes to the login page', async ({
  page,
  request,
}) => {
  await logInHome(page, '100000', 'buyer1');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  // The session ends on the server (as a logout in another window would do); the browser still holds it.
  const out = await request.get('/apis/user/logout', { headers: { token, account: '100000_buyer1' } });
  expect((await out.json()).code).toBe('200');

  const check = page.waitForResponse((r) => r.url().includes('/apis/ElsAuthService/webValidToken/'));
  await page.reload();
  const answer = await (await check).json();
  expect(answer.data.valid).toBe(false);
  // What a body code '401' does (spec 000 §8): the message, then the login page after 3 s.
  await expect(page.getByText('登录验证失败，3秒后跳转登录页')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByLabel(LOGIN_LABELS.zh.account, { exact: true })).toBeVisible();
  expect(await storedToken(page)).toBeFalsy();
});
