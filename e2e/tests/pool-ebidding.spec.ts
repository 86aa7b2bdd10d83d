import { apiLogin, ensureFactory } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #14 remainders as a new user would meet them: in the Demand pool buyer1 claims two lines of an
 * approved requisition and turns them into one per-line e-auction draft ("转竞价"), which opens in the
 * e-auction app; and on the demo's finished auction the console offers the printable auction record.
 * (The requisition itself is arranged through the API: its screens have their own journey.)
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const FACTORY = `E2E-EB${Date.now().toString(36).slice(-4).toUpperCase()}`;
const M1 = 'R-0603-10K';
const M2 = 'C-0805-100N';
let requisition = '';

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

/** "YYYY-MM-DD HH:mm:ss" in the browser's (this machine's) time zone, as the date-time picker takes it. */
function pickerText(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())} ${p(at.getHours())}:${p(
    at.getMinutes(),
  )}:${p(at.getSeconds())}`;
}

test('buyer1 turns two claimed demand-pool lines into one e-auction draft', async ({ page, request }) => {
  // The journey's own factory, kept in the organisation masters first (a requisition may name only those).
  await ensureFactory(request, FACTORY);
  const api = await apiLogin(request, '100000', 'buyer1');
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const saved = await api.post<{ id: string; version: number; purchaseRequestNumber: string }>(
    '/apis/purchaseRequest/PurchaseRequestService/save',
    {
      requestType: '0',
      purchaseFactory: FACTORY,
      lines: [
        { materialNumber: M1, quantity: '5000', deliveryDate: day(30) },
        { materialNumber: M2, quantity: '2000', deliveryDate: day(30) },
      ],
    },
  );
  expect(saved.code, saved.message).toBe('200');
  requisition = saved.data.purchaseRequestNumber;
  const submitted = await api.post<{ auditStatus: string }>(
    `/apis/purchaseRequest/PurchaseRequestService/submit/${saved.data.id}`,
    { version: saved.data.version },
  );
  expect(submitted.data.auditStatus).toBe('2');

  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '需求管理', '需求池');
  const frame = appFrame(page);
  await frame.getByLabel('工厂').fill(FACTORY);
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  await expect(frame.getByText('共 2 行')).toBeVisible();
  await frame.getByLabel(`${requisition} 10`).check();
  await frame.getByLabel(`${requisition} 20`).check();
  await frame.getByRole('button', { name: '认领', exact: true }).click();
  await expect(frame.getByText('已认领 2 行')).toBeVisible();

  await frame.getByLabel(`${requisition} 10`).check();
  await frame.getByLabel(`${requisition} 20`).check();
  await frame.getByRole('button', { name: '转竞价' }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByText('创建在线竞价（按行）')).toBeVisible();
  // Everything is required: the dialog says so.
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(frame.getByText(/请填写竞价名称、开始和结束时间/)).toBeVisible();

  await dialog.getByLabel('竞价名称').fill('E2E 需求池竞价');
  for (const [label, at] of [
    ['开始时间', Date.now() + 3_600_000],
    ['结束时间', Date.now() + 7_200_000],
  ] as const) {
    const input = dialog.getByLabel(label);
    await input.click();
    await input.fill(pickerText(new Date(at)));
    await input.press('Enter');
    await expect(input).toHaveValue(pickerText(new Date(at)));
  }
  await dialog.getByLabel('最小降价幅度').fill('0.001');
  const select = dialog.getByLabel('邀请供应商');
  for (const account of ['200001', '200003'])
    await pickOption(frame, select, account, { search: true, multiple: true });
  await dialog.getByText('创建在线竞价（按行）').click();
  await expect(dialog.getByLabel(`竞价数量 ${M1}`)).toHaveValue('5000');
  await dialog.getByLabel(`竞价数量 ${M1}`).fill('3000');
  await dialog.getByLabel(`起拍单价（不含税） ${M1}`).fill('0.03');
  await dialog.getByLabel(`起拍单价（不含税） ${M2}`).fill('0.05');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();

  // The auction draft opens in the e-auction app (the frame navigates there).
  const number = frame.locator('.document-detail .document-number');
  await expect(number).toHaveText(/^EB/);
  await expect(frame.getByText('未发布').first()).toBeVisible();
  await expect(frame.getByText('E2E 需求池竞价').first()).toBeVisible();

  // What is left in the pool (read through the API: the pool's tab now shows the auction): 2000 of
  // line 10; line 20 moved completely.
  const left = await api.post<{
    records: Array<{ requestItemNumber: number; remainQuantity: string; toBiddingQuantity: string }>;
  }>('/apis/purchaseRequest/PurchaseRequestService/demandPool', { pageSize: 10, purchaseFactory: FACTORY });
  expect(left.data.records).toEqual([
    expect.objectContaining({
      requestItemNumber: 10,
      remainQuantity: '2000.000',
      toBiddingQuantity: '3000.000',
    }),
  ]);
});

test("the console of the demo's finished auction prints its auction record", async ({ page, request }) => {
  const api = await apiLogin(request, '100000', 'buyer1');
  const list = await api.post<{ records: Array<{ ebiddingNumber: string; ebiddingName: string }> }>(
    '/apis/ebidding/PurchaseEbiddingService/findPageList',
    { currentPage: 1, pageSize: 100 },
  );
  const finished = list.data.records.find((r) => r.ebiddingName === '电阻电容季度竞价');
  expect(finished, 'the demo has its finished auction').toBeTruthy();
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '在线竞价');
  const frame = appFrame(page);
  // Found by its number, as a buyer would: the journeys before this one add auctions to the first page.
  await frame.getByLabel('竞价单号').fill(finished?.ebiddingNumber ?? '');
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  await frame.getByRole('button', { name: finished?.ebiddingNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByText('已定标').first()).toBeVisible();
  const popup = page.waitForEvent('popup');
  await detail.getByRole('button', { name: '打印竞价记录' }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
});
