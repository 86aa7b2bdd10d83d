import { apiLogin } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Issue #14's live screens on narrow screens, as new users on a tablet or a phone see them (demo world,
 * read only): buyer1's console of the running demo auction at 768 px (the shell's iframe about 512 px
 * wide) has no horizontal scroll, its toolbar wraps, ranking, bid log and chart stack (the log and the
 * chart as tabs) and the countdown stays in view when the log is scrolled to; 200001's bidding room at
 * 768 px and its room of the demo auction in its bargain round at 390 px have no horizontal scroll and
 * show the offer form and the final-offer panel in full.
 */
test.describe.configure({ timeout: 120_000 });

const RUNNING = '2026 年度包装纸箱反向竞价';
const BARGAINING = '贴片电容年度框架竞价（议价中）';

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');

/** The module app's page width against its viewport inside the shell's iframe. */
const widths = (frame: FrameLocator) =>
  frame.locator('html').evaluate(() => {
    const s = document.scrollingElement as HTMLElement;
    return { scrollWidth: s.scrollWidth, clientWidth: s.clientWidth };
  });

async function expectNoHorizontalScroll(frame: FrameLocator) {
  // Checked again until the layout settles (fonts, the lazy chart).
  await expect(async () => {
    const w = await widths(frame);
    expect(w.clientWidth).toBeGreaterThan(0);
    expect(w.scrollWidth, `page ${w.scrollWidth} px wide in a ${w.clientWidth} px frame`).toBeLessThanOrEqual(
      w.clientWidth,
    );
  }).toPass({ timeout: 10_000 });
}

/** The auction number of a demo auction, as the list shows it. */
async function numberOf(request: Parameters<typeof apiLogin>[0], name: string) {
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const list = await buyer.post<{ records: Array<{ ebiddingNumber: string; ebiddingName: string }> }>(
    '/apis/ebidding/PurchaseEbiddingService/findPageList',
    { currentPage: 1, pageSize: 50 },
  );
  const found = list.data.records.find((r) => r.ebiddingName === name);
  if (!found) throw new Error(`demo auction ${name} not found`);
  return found.ebiddingNumber;
}

test.use({ viewport: { width: 768, height: 900 } });

test("buyer1's console at 768 px: no horizontal scroll, stacked, the log a tab, the countdown in view", async ({
  page,
  request,
}) => {
  const number = await numberOf(request, RUNNING);
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '在线竞价');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: number, exact: true }).click();
  await expect(frame.locator('.document-detail .document-number')).toHaveText(number);
  await expect(frame.getByRole('button', { name: '结束竞价' })).toBeVisible();
  await expect(frame.getByText('实时排名', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(frame);

  // The bid log is a tab under the ranking; scrolled to it, the countdown is still on screen.
  const logTab = frame.getByRole('tab', { name: /^出价记录 \(\d+\)$/ });
  await logTab.scrollIntoViewIfNeeded();
  await expect(logTab).toHaveAttribute('aria-selected', 'true');
  await expect(frame.getByRole('button', { name: '校验出价记录' })).toBeVisible();
  const timer = frame.getByRole('timer');
  await expect(timer).toHaveText(/距结束/);
  const iframe = page.locator('.tab-view:visible iframe.shell-iframe');
  await expect(async () => {
    const [box, area] = [await timer.boundingBox(), await iframe.boundingBox()];
    expect(box && area).toBeTruthy();
    if (!box || !area) return;
    expect(box.y).toBeGreaterThanOrEqual(area.y - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height + 1);
  }).toPass({ timeout: 10_000 });
  // The chart is the other tab.
  await frame.getByRole('tab', { name: '出价走势' }).click();
  await expect(frame.getByRole('img', { name: '出价走势' })).toBeVisible();
  await expectNoHorizontalScroll(frame);
});

test("200001's bidding room: no horizontal scroll at 768 px, nor in the bargain round at 390 px", async ({
  page,
  request,
}) => {
  const running = await numberOf(request, RUNNING);
  const bargaining = await numberOf(request, BARGAINING);
  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '寻源管理', '在线竞价邀请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: running, exact: true }).click();
  await expect(frame.getByText(`竞价大厅 · ${running}`)).toBeVisible();
  await expect(frame.getByRole('timer')).toHaveText(/距结束/);
  await expect(frame.getByLabel('新出价')).toBeVisible();
  await expect(frame.getByRole('button', { name: '出价', exact: true })).toBeVisible();
  await expectNoHorizontalScroll(frame);

  // The auction in its bargain round, on a phone: the final-offer panel fits.
  await frame.locator('html').evaluate(() => history.back());
  await frame.getByRole('button', { name: bargaining, exact: true }).click();
  await expect(frame.getByText(`竞价大厅 · ${bargaining}`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const panel = frame.locator('.ant-card', { hasText: '议价邀请 — 截止' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/您的最后出价：24200(\.0+)?$/)).toBeVisible();
  await expect(panel.getByLabel(`${BARGAINING} 的议价`)).toBeVisible();
  await expect(panel.getByRole('button', { name: '提交议价（仅一次）' })).toBeVisible();
  await expectNoHorizontalScroll(frame);
});
