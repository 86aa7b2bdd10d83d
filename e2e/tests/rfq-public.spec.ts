import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';
import { moveServerClock, resetServerClock } from './test-clock.ts';

/**
 * Issue #13 public RFQs, as new users would meet them: buyer1 makes an RFQ with the method 公开询价 (Public),
 * inviting nobody, submits and publishes it; supplier 200003 — invited to nothing here — opens 公开询价
 * (Public RFQs) from its side menu (a tab next to its RFQ invitations), sees the RFQ's terms and lines (no other supplier, no price),
 * takes part and quotes on its quote page; after the quote deadline buyer1 sees 200003 among the
 * suppliers, marked as having joined, and its price in the comparison. The deadline is reached by moving the
 * server's clock just past it (issue #35), not by waiting for it.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const DESC = `E2E 公开询价 ${Date.now().toString(36).slice(-5)}`;
const MATERIAL = 'R-0603-10K';
/**
 * Time from making the RFQ to its quote deadline: enough to publish it and for the supplier to quote on a busy
 * machine (the journey does not wait for it: it moves the server's clock past the deadline).
 */
const QUOTE_WINDOW_MS = 120_000;

let rfq = '';
let deadline = 0;

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

/** "YYYY-MM-DD HH:mm:ss" (or the day alone) in the browser's time zone, as the date pickers take it. */
function pickerText(at: Date, time = true): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
  return time ? `${day} ${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}` : day;
}

async function pick(frame: FrameLocator, label: string, text: string) {
  const input = frame.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

test('buyer1 publishes a public RFQ that invites nobody', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '询价单');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建询价' }).click();
  await frame.getByLabel('询价描述', { exact: true }).fill(DESC);
  await pickOption(frame, frame.getByLabel('询价方式', { exact: true }), '公开询价');
  // A public RFQ: the suppliers are optional, and the form says how the award's minimum is counted.
  await expect(frame.getByText('邀请供应商（可选）')).toBeVisible();
  await expect(frame.getByText(/公开询价对所有供应商可见/)).toBeVisible();
  deadline = Date.now() + QUOTE_WINDOW_MS;
  await pick(frame, '报价截止时间', pickerText(new Date(deadline)));
  await pick(frame, '价格有效期至', pickerText(new Date(Date.now() + 365 * 86_400_000), false));
  // (Enter confirms a typed date and would submit a complete form: the dates go first.)
  await pick(frame, '要求交期', pickerText(new Date(Date.now() + 30 * 86_400_000), false));
  await pickOption(frame, frame.getByLabel('物料', { exact: true }), MATERIAL, { search: true });
  await frame.getByLabel('需求数量', { exact: true }).fill('5000');
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(/^RFQ/);
  rfq = (await detail.locator('.document-number').textContent())?.trim() ?? '';
  await expect(detail.getByText('公开询价').first()).toBeVisible();
  await detail.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(detail.getByText('审批通过').first()).toBeVisible();
  await detail.getByRole('button', { name: '发布', exact: true }).click();
  await expect(detail.getByText('报价中').first()).toBeVisible();
});

test('supplier 200003 finds it in Public RFQs, takes part and quotes', async ({ page }) => {
  await logInHome(page, '200003', 'admin');
  await openMenuEntry(page, '寻源管理', '询价邀请');
  const frame = appFrame(page);
  // Not invited: the RFQ is not among its invitations yet.
  await expect(frame.getByRole('button', { name: rfq, exact: true })).toHaveCount(0);
  // Its own side-menu entry opens the public list in a tab of its own, next to RFQ invitations.
  await openMenuEntry(page, '寻源管理', '公开询价');
  await expect(page.getByRole('tab', { name: '询价邀请', exact: true })).toBeVisible();
  await expect(frame.getByText('所有采购方发布的公开询价').first()).toBeVisible();
  await frame.getByLabel('询价单号或描述').fill(rfq);
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  const row = frame.locator('.ant-table-tbody tr.ant-table-row', { hasText: rfq });
  await expect(row).toContainText(DESC);
  await expect(row).toContainText('华东精密制造有限公司');
  // Its lines: the material and quantity, nothing of other suppliers or prices.
  await row.getByRole('button', { name: /展开行|Expand row/ }).click();
  const lines = frame.locator('.ant-table-expanded-row');
  await expect(lines).toContainText(MATERIAL);
  await expect(lines).toContainText('5000.000');
  await page.screenshot({ path: test.info().outputPath('public-rfqs.png'), fullPage: true });

  await row.getByRole('button', { name: '参与报价' }).click();
  // Its quote page: the line, taking part already answered.
  await expect(frame.getByText(new RegExp(`${rfq}$`)).first()).toBeVisible();
  const line = frame.locator('.ant-table-tbody tr.ant-table-row', { hasText: MATERIAL });
  await expect(line.getByText('响应成功')).toBeVisible();
  await line.getByRole('textbox').fill('0.0123');
  await frame.getByRole('button', { name: '提交报价' }).click();
  await expect(frame.getByText('报价已提交')).toBeVisible();
  await expect(line.getByText('已报价', { exact: true })).toBeVisible();
  await expect(line.getByText(/0\.012300/)).toBeVisible();
});

test('after the deadline buyer1 sees the supplier that joined and its quote', async ({ page }) => {
  // Just past the deadline by the server's clock (its quote end timer runs before the move answers); put
  // back at the end. Never backwards: on a slow run the deadline may have passed in real time already.
  await moveServerClock(page.request, Math.max(Date.now(), deadline + 1_000));
  try {
    await afterTheDeadline(page);
  } finally {
    await resetServerClock(page.request);
  }
});

async function afterTheDeadline(page: Page) {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '询价单');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: rfq, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(rfq);
  await expect
    .poll(
      async () => {
        await frame.getByRole('button', { name: '刷新' }).click();
        return detail.getByText('已报价').first().isVisible();
      },
      { timeout: 30_000, intervals: [1_000, 2_000] },
    )
    .toBe(true);
  await expect(frame.getByText('公开报名').first()).toBeVisible();
  await expect(frame.getByText(/0\.0123/).first()).toBeVisible();
  await expect(frame.getByText(/无锡精工五金/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('public-rfq-comparison.png'), fullPage: true });
}
