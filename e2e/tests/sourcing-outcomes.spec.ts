import { apiLogin, arrangeEndedAuction, demoMaterial } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Two sourcing outcomes of issue #33 through their screens, each on its own document arranged through the API
 * (the demo world stays as it is):
 * - buyer1 ends an RFQ's quoting early with "End quoting now" once every invited supplier has quoted or
 *   declined, and the comparison opens at once (no waiting for the deadline);
 * - the winner of an awarded auction reads its awarded share (material, quota, quantity, unit price) in its
 *   bidding room.
 */
test.describe.configure({ timeout: 120_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
type Envelope<T> = { code: string; message: string; data: T };
const check = <T>(what: string, answer: Envelope<T>): T => {
  if (answer.code !== '200') throw new Error(`${what}: ${answer.code} ${answer.message}`);
  return answer.data;
};

test('buyer1 ends quoting early once every invited supplier has answered', async ({ page, request }) => {
  const P = '/apis/inquiry/PurchaseEnquiryService';
  const S = '/apis/inquiry/SaleEnquiryService';
  type Row = { id: string; version: number; enquiryNumber: string };
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const material = await demoMaterial(buyer, 'BOX-5L-600');
  // A deadline a day ahead: only the early end can close quoting within this test.
  let row = check(
    'save',
    await buyer.post<Row>(`${P}/save`, {
      enquiryDesc: `E2E 提前截止 ${Date.now().toString(36)}`,
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      openOnAllQuoted: '0',
      lines: [
        {
          materialId: material.id,
          quantity: '100',
          deliveryDate: '2027-06-30',
          suppliers: ['200001', '200003', '200004'],
        },
      ],
    }),
  );
  row = check('submit', await buyer.post<Row>(`${P}/submit/${row.id}`, { version: row.version }));
  row = check('publish', await buyer.post<Row>(`${P}/publish/${row.id}`, { version: row.version }));
  for (const [account, price] of [
    ['200001', '9.5'],
    ['200003', '9.8'],
  ]) {
    const supplier = await apiLogin(request, account, 'admin');
    const quotePage = check(
      `quote page of ${account}`,
      await supplier.get<{ lines: Array<{ itemId: string }> }>(`${S}/findQuote/${row.id}`),
    );
    check(
      `quote of ${account}`,
      await supplier.post(`${S}/quote/${row.id}`, {
        lines: [{ itemId: quotePage.lines[0].itemId, priceExcludingTax: price }],
      }),
    );
  }
  const decliner = await apiLogin(request, '200004', 'admin');
  check('decline', await decliner.post(`${S}/decline/${row.id}`, { reason: '产能不足' }));

  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '询价单');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: row.enquiryNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(row.enquiryNumber);
  await expect(detail.getByText('报价中').first()).toBeVisible();
  await frame.getByRole('button', { name: '提前截止报价', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '提前截止报价', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已报价').first()).toBeVisible();
  // The comparison is open at once, the cheaper quote marked lowest and the decline shown as such.
  const comparison = frame
    .locator('.ant-card')
    .filter({ has: frame.locator('.ant-card-head-title', { hasText: /^比价$/ }) });
  await expect(comparison).toBeVisible();
  await expect(comparison.locator('tr.ant-table-row', { hasText: '200001' }).getByText('最低')).toBeVisible();
  await expect(
    comparison.locator('tr.ant-table-row', { hasText: '200004' }).getByText('已拒绝'),
  ).toBeVisible();
  await expect(frame.getByRole('button', { name: '提前截止报价', exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('rfq-ended-early.png'), fullPage: true });
});

test('the winner of an awarded auction reads its awarded share in its room', async ({ page, request }) => {
  const P = '/apis/ebidding/PurchaseEbiddingService';
  const name = `E2E 中标份额 ${Date.now().toString(36)}`;
  const number = await arrangeEndedAuction(request, name);
  const buyer = await apiLogin(request, '100000', 'buyer1');
  type Detail = { record: { id: string; version: number }; lines: Array<{ itemId: string }> };
  const list = check(
    'list',
    await buyer.post<{ records: Array<{ id: string; ebiddingNumber: string }> }>(`${P}/findPageList`, {
      currentPage: 1,
      pageSize: 10,
      ebiddingNumber: number,
    }),
  );
  const id = list.records.find((r) => r.ebiddingNumber === number)?.id;
  if (!id) throw new Error(`auction ${number} not listed`);
  const detail = check('console', await buyer.get<Detail>(`${P}/findConsole/${id}`));
  // 200001's 8,900 for the 1,000 pieces is the best total: 8.9 per piece.
  check(
    'award',
    await buyer.post(`${P}/award/${id}`, {
      version: detail.record.version,
      awards: [{ itemId: null, toElsAccount: '200001' }],
      linePrices: [{ itemId: detail.lines[0].itemId, price: '8.9' }],
    }),
  );

  await logInHome(page, '200001', 'admin');
  await openMenuEntry(page, '寻源管理', '在线竞价邀请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: number, exact: true }).click();
  await expect(frame.getByText(`竞价大厅 · ${number}`)).toBeVisible();
  await expect(frame.getByText('恭喜，您已中标')).toBeVisible();
  const shares = frame.locator('.ant-table-wrapper', { hasText: '贵司中标份额' });
  await expect(shares).toBeVisible();
  const share = shares.locator('tr.ant-table-row', { hasText: 'BOX-5L-600' });
  await expect(share).toContainText('100%');
  await expect(share).toContainText(/1000 \S+/);
  await expect(share).toContainText(/8\.9(0*)? CNY/);
  await page.screenshot({ path: test.info().outputPath('room-awarded-share.png'), fullPage: true });
});

test("a supplier's cost breakdown missing an item is refused under its field, not in a toast", async ({
  page,
  request,
}) => {
  const P = '/apis/inquiry/PurchaseEnquiryService';
  type Row = { id: string; version: number; enquiryNumber: string };
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const material = await demoMaterial(buyer, 'BOX-5L-600');
  let row = check(
    'save',
    await buyer.post<Row>(`${P}/save`, {
      enquiryDesc: `E2E 成本构成 ${Date.now().toString(36)}`,
      quoteMethod: '3',
      costConstituteJson: ['材料', '加工'],
      quoteEndTime: new Date(Date.now() + 86_400_000).toISOString(),
      priceValidDate: '2027-12-31',
      lines: [
        {
          materialId: material.id,
          quantity: '100',
          deliveryDate: '2027-06-30',
          suppliers: ['200001', '200003', '200004'],
        },
      ],
    }),
  );
  row = check('submit', await buyer.post<Row>(`${P}/submit/${row.id}`, { version: row.version }));
  row = check('publish', await buyer.post<Row>(`${P}/publish/${row.id}`, { version: row.version }));

  await logInHome(page, '200003', 'admin');
  await openMenuEntry(page, '寻源管理', '询价邀请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: row.enquiryNumber, exact: true }).click();
  await expect(frame.getByText(new RegExp(`${row.enquiryNumber}$`)).first()).toBeVisible();
  await frame.getByRole('button', { name: '参与报价' }).click();
  await expect(frame.getByRole('button', { name: '参与报价' })).toHaveCount(0);
  // Only the server knows the RFQ's cost items: its refusal names line 10's cost breakdown (issue #33).
  const costs = frame.getByLabel(`成本构成（项目:单位金额，每行一个） ${material.materialNumber}`);
  await costs.fill('材料:6.2');
  await frame.getByRole('button', { name: '提交报价' }).click();
  const row10 = frame.locator('.ant-table-tbody tr.ant-table-row', { hasText: material.materialNumber });
  await expect(row10.getByText('第 10 行：请填写成本项“加工”的金额')).toBeVisible();
  await expect(costs).toHaveAttribute('aria-invalid', 'true');
  await expect(frame.locator('.ant-message-error')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('quote-business-error.png'), fullPage: true });
  await costs.fill('材料:6.2\n加工:3');
  await frame.getByRole('button', { name: '提交报价' }).click();
  await expect(frame.getByText('报价已提交')).toBeVisible();
});
