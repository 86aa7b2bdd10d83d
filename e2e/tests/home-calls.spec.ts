import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, sideMenu } from './helpers.ts';

// Issue #43: the calls a login leads to, and their order (not their timings). The shell's own calls start
// when the login answers, the menu first; the home's calls follow; none is made twice.

/** The shell's calls for a new session (spec 000 §2, §7), started by the login (shell/session-loads.ts). */
const SHELL_CALLS = [
  'GET /apis/user/getMenu',
  'GET /apis/DictService/findAll',
  'GET /apis/i18n/100000/zh_cn',
  'POST /apis/ElsLayoutConfigService/findPageList',
];
/** The home's calls for the demo buyer, every section shown (pages/home/home-queries.ts). */
const HOME_CALLS = [
  'POST /apis/SystemSettingService/findList',
  'GET /apis/finance/FinanceSaleCostHeadService/findSaleIndexStatistics',
  'GET /apis/ElsTodoService/selectTodoList',
  'GET /apis/order/SaleOrderService/findConfirmCount',
  'POST /apis/inquiry/PurchaseEnquiryService/findPageList',
  'GET /apis/order/SaleDeliveryNoteService/findCreateDeliveryManage',
  'POST /apis/ElsNoticeService/findPageList',
  'POST /apis/ElsNavigationService/queryElsNavigation',
  'GET /apis/ElsSysMsgService/getUnReadMsgList/100000/buyer1',
];

test('after 登录 the menu is asked first, then the home; every call once', async ({ page }) => {
  await page.goto('/portal/#/login');
  await page.getByLabel('账号', { exact: true }).fill('100000');
  await page.getByLabel('子账号', { exact: true }).fill('buyer1');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);

  // Every call from the login's answer on, in the order the page asked them, with its body.
  const calls: { call: string; body: string }[] = [];
  let answered = false;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (answered && path.startsWith('/apis/'))
      calls.push({ call: `${r.method()} ${path}`, body: r.postData() ?? '' });
  });
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/apis/ElsAuthService/login') answered = true;
  });
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(sideMenu(page).getByRole('menuitem').first()).toBeVisible();
  // The home's sections have their figures (the last of its calls answered) …
  await expect(page.getByRole('region', { name: '物流' })).toBeVisible();
  await expect.poll(() => HOME_CALLS.every((c) => calls.some((x) => x.call === c))).toBe(true);
  await page.waitForLoadState('networkidle');

  const order = calls.map((c) => c.call);
  // … every one of them asked, the shell's and the home's.
  expect(order).toEqual(expect.arrayContaining([...SHELL_CALLS, ...HOME_CALLS]));
  // The menu is the first call after the login's answer, and each of the shell's calls comes before the
  // first of the home's: the shell needs them to show at all, the home shows skeletons meanwhile.
  expect(order[0]).toBe('GET /apis/user/getMenu');
  const firstHome = Math.min(...HOME_CALLS.map((c) => order.indexOf(c)));
  for (const c of SHELL_CALLS) expect(order.indexOf(c), c).toBeLessThan(firstHome);
  // No call twice (the same path with the same body): the login's early start and the screens' own
  // queries share one call each.
  const seen = calls.map((c) => `${c.call} ${c.body}`);
  expect(seen.filter((c, i) => seen.indexOf(c) !== i)).toEqual([]);
});
