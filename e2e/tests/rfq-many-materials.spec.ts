import { apiLogin } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #13 pickers beyond the first page: buyer 100000 has well over 100 materials (160 made here through the
 * API, the 150th of them the 150th newest, so not among the first 100 a list would give). On a new RFQ buyer1
 * finds material 150 by typing part of its name in the material select (the select searches the server),
 * saves the RFQ (public: no suppliers needed) and, editing it again, sees the material named in its select.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const TAG = Date.now().toString(36).slice(-5).toUpperCase();
const COUNT = 160;
const TARGET = 150;
const numberOf = (n: number) => `E2E-${TAG}-${String(n).padStart(3, '0')}`;
const nameOf = (n: number) => `批量物料${TAG}第${String(n).padStart(3, '0')}号`;
const DESC = `E2E 物料搜索 ${TAG}`;

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

type Node = { id: string; cateLevel: number; children?: Node[] };

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, '100000', 'admin');
  const tree = await admin.post<Node[]>('/apis/masterdata/PurchaseMaterialCateService/tree', {});
  const leaf = tree.data.flatMap((a) => a.children ?? []).flatMap((b) => b.children ?? [])[0];
  if (!leaf) throw new Error('no level-3 material category in the demo world');
  // Made from the last number down, so the list (newest first) runs 001, 002 … and 150 is its 150th row.
  for (let n = COUNT; n >= 1; n--) {
    const saved = await admin.post('/apis/masterdata/PurchaseMaterialService/save', {
      cateId: leaf.id,
      materialNumber: numberOf(n),
      materialName: nameOf(n),
      baseUnit: 'PCS',
    });
    if (saved.code !== '200') throw new Error(`material ${numberOf(n)}: ${saved.message}`);
  }
  // The premise: the first 100 materials of the list do not hold the one the buyer looks for.
  const first = await admin.post<{ records: Array<{ materialNumber: string }> }>(
    '/apis/masterdata/PurchaseMaterialService/findPageList',
    { currentPage: 1, pageSize: 100 },
  );
  expect(first.data.records.map((m) => m.materialNumber)).not.toContain(numberOf(TARGET));
});

test('buyer1 finds material 150 by typing part of its name, saves the RFQ and sees it named on edit', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '寻源管理', '询价单');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建询价' }).click();
  await frame.getByLabel('询价描述', { exact: true }).fill(DESC);
  await pickOption(frame, frame.getByLabel('询价方式', { exact: true }), '公开询价');
  await pick(frame, '报价截止时间', pickerText(new Date(Date.now() + 7 * 86_400_000)));
  await pick(frame, '价格有效期至', pickerText(new Date(Date.now() + 365 * 86_400_000), false));
  await pick(frame, '要求交期', pickerText(new Date(Date.now() + 30 * 86_400_000), false));

  // Typing part of the name ("…第150号") asks the server; the one match is offered and picked.
  const box = frame.getByLabel('物料', { exact: true });
  await box.click();
  await box.fill(`${TAG}第${TARGET}`);
  const list = await box.getAttribute('aria-controls');
  const dropdown = frame.locator('.ant-select-dropdown').filter({ has: frame.locator(`[id="${list}"]`) });
  const options = dropdown.locator('.ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveText(`${numberOf(TARGET)} ${nameOf(TARGET)}`);
  await options.first().click();
  const select = frame.locator('.ant-select', { has: box });
  await expect(select).toContainText(`${numberOf(TARGET)} ${nameOf(TARGET)}`);

  await frame.getByLabel('需求数量', { exact: true }).fill('10');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(/^RFQ/);
  await expect(detail.getByText(numberOf(TARGET)).first()).toBeVisible();

  // Editing the draft again: the select shows the chosen material by number and name, not a bare id.
  await detail.getByRole('button', { name: '编辑', exact: true }).click();
  const again = frame.locator('.ant-select', { has: frame.getByLabel('物料', { exact: true }) });
  await expect(again).toContainText(`${numberOf(TARGET)} ${nameOf(TARGET)}`);
});
