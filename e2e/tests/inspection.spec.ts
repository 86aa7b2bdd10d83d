import { apiLogin } from './api.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #16's factory inspection and sample journeys as new users would do them. The buyer's administrator
 * has put both under approval (task types "inspection" and "sample", approver: admin). buyer1 plans a
 * factory inspection of 200003 with the demo template, starts it, scores the five review items (the running
 * total shows the exact sum) and submits the result; admin approves it from the to-do list; 200003 reads
 * the passed result with its scores. Then buyer1 requests a sample from 200003, 200003 sends it with a
 * tracking number, buyer1 records the test results and submits the conclusion, admin approves, and 200003
 * reads "passed". The new inspection form and the supplier's detail have no serious axe violations (WCAG 2.1 AA).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
let inspection = '';
let sample = '';
const SCORES = ['23.5', '22', '18.25', '12', '9.75'];

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, '100000', 'admin');
  for (const documentKind of ['facIns', 'sampleNumber']) {
    const current = await admin.get<{ version: number } | null>(
      `/apis/CommonAuditService/findConfig/${documentKind}`,
    );
    const saved = await admin.post('/apis/CommonAuditService/saveConfig', {
      version: current.data?.version,
      documentKind,
      steps: [{ name: '准入审批', approverType: 'user', approvers: ['admin'] }],
    });
    expect(saved.code, saved.message).toBe('200');
  }
});

async function pick(frame: FrameLocator, label: string, option: string | RegExp, search = false) {
  await pickOption(frame, frame.getByLabel(label, { exact: true }), option, { search });
}

async function fillDate(frame: FrameLocator, label: string, value: string) {
  const date = frame.getByLabel(label, { exact: true });
  await date.click();
  await date.fill(value);
  await date.press('Enter');
}

async function approveFromTodo(page: Page, number: string) {
  await logInHome(page, '100000', 'admin');
  await page.goto('/portal/#/portal/info/todo');
  await expect(page.getByRole('tab', { name: '待我审批' })).toBeVisible();
  await page.getByRole('button', { name: number, exact: true }).click();
  await expect(page).toHaveURL(/#\/audit\?/);
  await expect(page.frameLocator('iframe.audit-frame').getByText(number).first()).toBeVisible();
  await page.getByLabel('审批意见').fill('同意准入');
  await page.getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByText('已审批通过')).toBeVisible();
}

test('buyer1 plans, starts and scores a factory inspection of 200003 and submits the result', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '验厂管理');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建验厂' }).click();
  await pick(frame, '供应商', '200003');
  await pick(frame, '模板', '电子结构件供应商验厂模板');
  await expect(frame.getByRole('cell', { name: '环境健康安全' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new factory inspection form');
  await frame.getByLabel('验厂人员', { exact: true }).fill('buyer1, admin');
  await frame.getByRole('button', { name: '保存', exact: true }).click();

  const detail = frame.locator('.document-detail');
  inspection =
    (
      await frame
        .getByText(/^FI\d{10}$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(inspection).toMatch(/^FI\d{10}$/);
  await detail.getByRole('button', { name: '开始验厂', exact: true }).click();
  await expect(detail.getByText('验厂中').first()).toBeVisible();

  await detail.getByRole('button', { name: '编辑', exact: true }).click();
  // Above the item's max score: the form refuses it before the server does.
  const first = frame.getByLabel('第 10 行得分', { exact: true });
  for (const [i, score] of SCORES.entries())
    await frame.getByLabel(`第 ${(i + 1) * 10} 行得分`, { exact: true }).fill(score);
  await first.fill('25.5');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(frame.getByText('得分不能超过 25')).toBeVisible();
  await first.fill(SCORES[0]);
  // 23.5 + 22 + 18.25 + 12 + 9.75 = 85.50 of 100, pass score 80.
  await expect(frame.getByText('当前合计 85.50 / 满分 100.00（合格分 80.00）')).toBeVisible();
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(detail.getByText('当前合计 85.50（合格分 80.00）')).toBeVisible();

  await detail.getByRole('button', { name: '提交审批', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByLabel('审批说明').fill('五项均已现场核实');
  await dialog.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('审批中').first()).toBeVisible();
});

test('admin approves the inspection result from the to-do list', async ({ page }) => {
  await approveFromTodo(page, inspection);
});

test('200003 reads the passed inspection with its scores', async ({ page }) => {
  await logInHome(page, '200003', 'admin');
  await openMenuEntry(page, '供应商准入', '验厂管理');
  const frame = appFrame(page);
  await frame.getByText(inspection, { exact: true }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.getByText('通过').first()).toBeVisible();
  await expect(detail.getByText('85.5', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('cell', { name: '18.25' })).toBeVisible();
  await expect(detail.getByRole('button', { name: '编辑', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'factory inspection detail (supplier)');
});

test('buyer1 requests a sample from 200003', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '样品管理');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建送样申请' }).click();
  await pick(frame, '供应商', '200003');
  await pick(frame, '模板', '金属结构件样品检测');
  await expect(frame.getByRole('cell', { name: '盐雾试验' })).toBeVisible();
  await frame.getByLabel('物料描述', { exact: true }).fill('E2E 铝合金支架');
  await frame.getByLabel('样品数量', { exact: true }).fill('6');
  await fillDate(frame, '要求送样日期', '2026-12-20');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  const detail = frame.locator('.document-detail');
  sample =
    (
      await frame
        .getByText(/^SP\d{10}$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(sample).toMatch(/^SP\d{10}$/);
  await detail.getByRole('button', { name: '发送送样通知', exact: true }).click();
  await expect(detail.getByText('待供应商送样').first()).toBeVisible();
});

test('200003 sends the sample with a tracking number', async ({ page }) => {
  await logInHome(page, '200003', 'admin');
  await openMenuEntry(page, '供应商准入', '样品管理');
  const frame = appFrame(page);
  await frame.getByText(sample, { exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '送样', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await fillDate(frame, '送样日期', '2026-12-01');
  await dialog.getByLabel('送样数量', { exact: true }).fill('6');
  await dialog.getByLabel('物流单号', { exact: true }).fill('SF9900112233');
  await dialog.getByRole('button', { name: '送样', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已送样待检测').first()).toBeVisible();
  await expect(detail.getByText('SF9900112233')).toBeVisible();
});

test('buyer1 records the test results and submits the conclusion', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '样品管理');
  const frame = appFrame(page);
  await frame.getByText(sample, { exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '编辑', exact: true }).click();
  await expect(frame.getByText(`录入检测结果 ${sample}`)).toBeVisible();
  for (const [i, value] of ['OK', '0.02', '72 h'].entries()) {
    await pick(frame, `第 ${(i + 1) * 10} 行检测结果`, '合格');
    await frame.getByLabel(`第 ${(i + 1) * 10} 行检测值`, { exact: true }).fill(value);
  }
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(detail.getByRole('cell', { name: '72 h' })).toBeVisible();
  await detail.getByRole('button', { name: '提交审批', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await pick(frame, '检测结论', '合格');
  await dialog.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('审批中').first()).toBeVisible();
});

test('admin approves the sample conclusion from the to-do list', async ({ page }) => {
  await approveFromTodo(page, sample);
});

test('200003 reads the passed sample', async ({ page }) => {
  await logInHome(page, '200003', 'admin');
  await openMenuEntry(page, '供应商准入', '样品管理');
  const supplierFrame = appFrame(page);
  await supplierFrame.getByText(sample, { exact: true }).click();
  await expect(supplierFrame.locator('.document-detail').getByText('合格').first()).toBeVisible();
});
