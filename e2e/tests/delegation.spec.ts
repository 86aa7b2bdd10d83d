import { apiLogin } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Approval delegation as new users would use it (issue #19): buyer1 (李娜) approves purchase orders; before
 * going away she delegates her approvals to the admin (张明) on her personal information page. An order
 * submitted meanwhile reaches the admin's to-do list; the admin approves it, and the order's approval trail
 * says he did so on her behalf ("张明 (100000_admin) · 代 李娜 审批"). She then cancels the delegation. The company's order approval
 * configuration is arranged and restored through the API (other journeys rely on it).
 */
test.describe.configure({ mode: 'serial' });

type Config = { version: number; steps: Array<Record<string, unknown>> } | null;
type Api = Awaited<ReturnType<typeof apiLogin>>;

let previous: Config = null;
let orderNumber = '';

const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DD HH:mm" in the browser's (and this machine's) local time, as the range picker reads it. */
const local = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

async function saveOrderSteps(admin: Api, steps: Array<Record<string, unknown>>) {
  const current = await admin.get<Config>('/apis/CommonAuditService/findConfig/order');
  const saved = await admin.post('/apis/CommonAuditService/saveConfig', {
    ...(current.data ? { version: current.data.version } : {}),
    documentKind: 'order',
    steps,
  });
  expect(saved.code, saved.message).toBe('200');
}

async function delegationSection(page: Page) {
  await openMenuEntry(page, '个人中心', '个人信息');
  const section = page.locator('.ant-card').filter({ hasText: '审批委托' });
  await expect(section.getByRole('columnheader', { name: '方向' })).toBeVisible();
  return section;
}

async function openOrder(page: Page): Promise<FrameLocator> {
  await page.goto(`/portal/#/myiframe/${encodeURIComponent('/order/#/v2/order/list')}`);
  const frame = page.frameLocator('iframe.shell-iframe');
  await expect(frame.locator('.data-table')).toBeVisible();
  await frame.getByLabel('订单号', { exact: true }).fill(orderNumber);
  await frame.getByRole('button', { name: '查询' }).click();
  await frame.getByRole('button', { name: orderNumber, exact: true }).click();
  await expect(frame.locator('.order-detail .order-number')).toHaveText(orderNumber);
  return frame;
}

test('buyer1 approves orders and delegates her approvals to the admin while she is away', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, '100000', 'admin');
  previous = (await admin.get<Config>('/apis/CommonAuditService/findConfig/order')).data;
  await saveOrderSteps(admin, [{ name: '采购经理审批', approverType: 'user', approvers: ['buyer1'] }]);

  await logInHome(page, '100000', 'buyer1');
  const section = await delegationSection(page);
  // Without a delegate the form names what is missing.
  await section.getByRole('button', { name: /^委\s*托$/ }).click();
  await expect(section.getByText('请选择被委托人')).toBeVisible();
  await pickOption(page, section.getByLabel('被委托人', { exact: true }), '(admin)', { search: false });
  const start = section.getByPlaceholder('开始');
  const end = section.getByPlaceholder('结束');
  // Each side of the range is typed and confirmed with the picker's OK button (Enter would submit the form).
  const confirmSide = async (input: typeof start, value: string) => {
    await input.click();
    await input.fill(value);
    await page
      .locator('.ant-picker-dropdown:visible')
      .getByRole('button', { name: /^(确\s*定|OK)$/ })
      .click();
  };
  await expect(async () => {
    await confirmSide(start, local(Date.now()));
    await confirmSide(end, local(Date.now() + 2 * 86_400_000));
    await expect(start).not.toHaveValue('', { timeout: 1000 });
    await expect(end).not.toHaveValue('', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await section.getByLabel('备注', { exact: true }).fill('年假');
  await section.getByRole('button', { name: /^委\s*托$/ }).click();
  await expect(page.getByText('委托已保存')).toBeVisible();
  const row = section.getByRole('row', { name: /我的审批交给 张明 \(admin\)/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('有效');
  await expect(row).toContainText('年假');
});

test('an order submitted meanwhile reaches the admin, who approves it on her behalf', async ({
  page,
  request,
}) => {
  // Arranged through the API: an order of the admin's, submitted for approval.
  const admin = await apiLogin(request, '100000', 'admin');
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await admin.post<{ id: string; version: number; orderNumber: string }>(
    '/apis/order/PurchaseOrderService/save',
    {
      toElsAccount: '200001',
      orderType: '0',
      orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
      currency: 'CNY',
      exchangeRate: '1',
      deliveryAddress: '苏州工业园区星湖街 328 号',
      items: [
        {
          materialNumber: 'M-2001',
          materialDesc: '委托审批测试',
          unit: 'PCS',
          quantity: '10',
          priceExcludingTax: '12.5',
          taxRate: '13',
          deliveryDate: due,
        },
      ],
    },
  );
  expect(created.code, created.message).toBe('200');
  orderNumber = created.data.orderNumber;
  const submitted = await admin.post<{ auditStatus: string }>(
    `/apis/order/PurchaseOrderService/submit/${created.data.id}`,
    { version: created.data.version },
  );
  expect(submitted.code, submitted.message).toBe('200');

  await logInHome(page, '100000', 'admin');
  await page.goto('/portal/#/portal/info/todo');
  await expect(page.getByRole('tab', { name: '待我审批' })).toBeVisible();
  await page.getByRole('button', { name: orderNumber, exact: true }).click();
  await expect(page).toHaveURL(/#\/audit\?/);
  await page.getByLabel('审批意见').fill('李娜休假，代为审批');
  await page.getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByText('已审批通过')).toBeVisible();
  await expect(page.getByRole('button', { name: orderNumber, exact: true })).toHaveCount(0);

  // The order's approval trail names the admin and on whose behalf he approved.
  const frame = await openOrder(page);
  await expect(frame.locator('.order-detail').getByText('审批通过').first()).toBeVisible();
  await expect(frame.getByRole('cell', { name: /张明 \(100000_admin\) · 代 李娜 审批/ })).toBeVisible();
});

test('buyer1 comes back and cancels the delegation', async ({ page, request }) => {
  await logInHome(page, '100000', 'buyer1');
  const section = await delegationSection(page);
  const row = section.getByRole('row', { name: /我的审批交给 张明 \(admin\)/ });
  await row.getByRole('button', { name: '取消委托' }).click();
  await expect(async () => {
    const confirm = page.locator('.ant-popover:visible').getByRole('button', { name: /^(确\s*定|OK)$/ });
    if (await confirm.isVisible()) await confirm.click();
    await expect(page.getByText('委托已取消')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('已取消');
  await expect(row.getByRole('button', { name: '取消委托' })).toHaveCount(0);

  // Restore the company's order approval configuration for the journeys after this one.
  const admin = await apiLogin(request, '100000', 'admin');
  await saveOrderSteps(admin, previous?.steps ?? []);
});
