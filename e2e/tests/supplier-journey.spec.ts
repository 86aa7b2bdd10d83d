import { apiLogin, latestSmsCode } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { DEMO_PASSWORD, logInHome, openMenuEntry, pickOption } from './helpers.ts';

/**
 * Issue #16 as one continuous journey of a new supplier, on its own data (it depends on no other spec):
 * the buyer's admin makes an invitation code; a new company registers with it (a stranger in 100000's
 * supplier master) and submits its admission request for ELEC-IC; buyer1 approves it (stranger →
 * potential); buyer1 inspects its factory (scored by the inspector buyer1, result approved by admin) and
 * asks for a sample, which the supplier sends and buyer1 passes (approved by admin); buyer1 asks to convert
 * it to qualified (supplierView6, approved by admin); buyer1 can then send it an order.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const appFrame = (page: Page): FrameLocator => page.frameLocator('.tab-view:visible iframe.shell-iframe');
const STAMP = Date.now().toString(36);
const COMPANY = `E2E 旅程供应商 ${STAMP}`;
const SCORES = ['23.5', '22', '18.25', '12', '9.75'];
let account = '';
let applyNumber = '';
let inspection = '';
let sample = '';
let conversion = '';

test.beforeAll(async ({ request }) => {
  // Inspection results and sample conclusions wait for the admin's approval (as inspection.spec sets them).
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

/** Picks an option in a select's own dropdown, typing to narrow long lists first. */
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
  await page.getByLabel('审批意见').fill('同意');
  await page.getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByText('已审批通过')).toBeVisible();
}

/** The buyer's supplier list narrowed to the new supplier's row (other journeys register suppliers too). */
async function supplierRow(page: Page) {
  await page.goto(`/portal/#/myiframe/${encodeURIComponent('/masterdata/#/v2/supplier/list')}`);
  const frame = page.frameLocator('iframe[title="供应商主数据"]');
  await frame.getByLabel('关键字', { exact: true }).fill(`S${account}`);
  await frame.getByRole('button', { name: '查询' }).click();
  const row = frame.getByRole('row', { name: new RegExp(`S${account}`) });
  await expect(row).toBeVisible();
  return { frame, row };
}

test('a new company registers with an invitation code', async ({ page, request }) => {
  const admin = await apiLogin(request, '100000', 'admin');
  const [invite] = (await admin.post<{ code: string }[]>('/apis/InvitationCodeService/create', { count: 1 }))
    .data;
  const mobile = `135${String(Date.now()).slice(-8)}`;
  await page.goto('/portal/#/login');
  await page.getByRole('link', { name: '注册' }).click();
  await page.getByLabel('邀请码').fill(invite.code);
  await page.getByLabel('公司名称').fill(COMPANY);
  await page.getByLabel('联系人姓名').fill('周旅程');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送，10 分钟内有效')).toBeVisible();
  await page.getByLabel('短信验证码').fill(await latestSmsCode(request, mobile));
  await page.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await page.getByLabel('确认密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '《用户协议》' }).click();
  await page.getByRole('dialog', { name: '用户协议' }).getByRole('button', { name: '我已阅读' }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('注册成功')).toBeVisible();
  account = (await page.getByText(/您的账号是 \d+/).textContent())?.match(/(\d{6})/)?.[1] ?? '';
  expect(account).toMatch(/^2\d{5}$/);
});

test('buyer1 sees it as a stranger', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const { row } = await supplierRow(page);
  await expect(row).toContainText('陌生');
});

test('the supplier submits its admission request', async ({ page }) => {
  await logInHome(page, account, 'admin');
  await openMenuEntry(page, '供应商准入', '我的准入申请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建准入申请' }).click();
  await pick(frame, '采购方', '100000');
  await pick(frame, '准入品类', 'ELEC-IC');
  await expect(frame.getByText(/资质模板：电子与包材供应商资质问卷/)).toBeVisible();
  await frame.getByLabel('公司全称', { exact: true }).fill(COMPANY);
  await frame.getByLabel('统一社会信用代码', { exact: true }).fill('91320500MA1J0URN3Y');
  await frame.getByLabel('法定代表人', { exact: true }).fill('周旅程');
  await frame.getByLabel('注册资本（万元）', { exact: true }).fill('800');
  await frame.getByLabel('注册日期', { exact: true }).fill('2019-04-01');
  await frame.getByLabel('联系人 1 姓名', { exact: true }).fill('周旅程');
  await frame.getByLabel('联系人 1 电话', { exact: true }).fill('13812340000');
  await frame.getByRole('button', { name: '添加资质证书' }).click();
  await frame.getByLabel('资质证书 1 证书类型', { exact: true }).fill('ISO9001');
  await frame.getByLabel('资质证书 1 发证机构', { exact: true }).fill('中国质量认证中心');
  await frame.getByLabel('资质证书 1 发证日期', { exact: true }).fill('2025-03-01');
  await frame.getByLabel('资质证书 1 到期日期', { exact: true }).fill('2028-02-28');
  await frame.getByLabel('年营业额（万元）', { exact: true }).fill('3200');
  await frame.getByRole('radio', { name: '是' }).check();
  await pick(frame, '供货方式', '生产商直供');
  await frame.getByRole('button', { name: '保存并提交' }).click();
  const detail = frame.locator('.document-detail');
  await expect(detail.locator('.document-number')).toHaveText(/^QA\d+/);
  applyNumber = ((await detail.locator('.document-number').textContent()) ?? '').trim();
  await expect(detail.getByText('待审核').first()).toBeVisible();
});

test('buyer1 approves the qualification: stranger → potential', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '准入申请');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: applyNumber, exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '审核通过', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: '审核通过', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已准入').first()).toBeVisible();
  const { row } = await supplierRow(page);
  await expect(row).toContainText('潜在');
});

test('buyer1 inspects the factory and scores it as its inspector', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '验厂管理');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建验厂' }).click();
  await pick(frame, '供应商', account, true);
  await pick(frame, '模板', '电子结构件供应商验厂模板');
  await expect(frame.getByRole('cell', { name: '环境健康安全' })).toBeVisible();
  await frame.getByLabel('验厂人员', { exact: true }).fill('buyer1');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  const detail = frame.locator('.document-detail');
  const number = frame.getByText(/^FI\d{10}$/).first();
  await expect(number).toBeVisible();
  inspection = ((await number.textContent()) ?? '').trim();
  await detail.getByRole('button', { name: '开始验厂', exact: true }).click();
  await expect(detail.getByText('验厂中').first()).toBeVisible();
  await detail.getByRole('button', { name: '编辑', exact: true }).click();
  for (const [i, score] of SCORES.entries())
    await frame.getByLabel(`第 ${(i + 1) * 10} 行得分`, { exact: true }).fill(score);
  await expect(frame.getByText('当前合计 85.50 / 满分 100.00（合格分 80.00）')).toBeVisible();
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  await expect(detail.getByText('当前合计 85.50（合格分 80.00）')).toBeVisible();
  await detail.getByRole('button', { name: '提交审批', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('button', { name: '提交审批', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('审批中').first()).toBeVisible();
});

test('admin approves the inspection result', async ({ page }) => {
  await approveFromTodo(page, inspection);
});

test('buyer1 asks the supplier for a sample', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '样品管理');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建送样申请' }).click();
  await pick(frame, '供应商', account, true);
  await pick(frame, '模板', '金属结构件样品检测');
  await expect(frame.getByRole('cell', { name: '盐雾试验' })).toBeVisible();
  await frame.getByLabel('物料描述', { exact: true }).fill('E2E 旅程支架');
  await frame.getByLabel('样品数量', { exact: true }).fill('4');
  await fillDate(frame, '要求送样日期', '2026-12-20');
  await frame.getByRole('button', { name: '保存', exact: true }).click();
  const detail = frame.locator('.document-detail');
  const number = frame.getByText(/^SP\d{10}$/).first();
  await expect(number).toBeVisible();
  sample = ((await number.textContent()) ?? '').trim();
  await detail.getByRole('button', { name: '发送送样通知', exact: true }).click();
  await expect(detail.getByText('待供应商送样').first()).toBeVisible();
});

test('the supplier sees the passed inspection and sends the sample', async ({ page }) => {
  await logInHome(page, account, 'admin');
  await openMenuEntry(page, '供应商准入', '验厂管理');
  let frame = appFrame(page);
  await frame.getByText(inspection, { exact: true }).click();
  await expect(frame.locator('.document-detail').getByText('通过').first()).toBeVisible();
  await openMenuEntry(page, '供应商准入', '样品管理');
  frame = appFrame(page);
  await frame.getByText(sample, { exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '送样', exact: true }).click();
  const dialog = frame.getByRole('dialog');
  await fillDate(frame, '送样日期', '2026-12-01');
  await dialog.getByLabel('送样数量', { exact: true }).fill('4');
  await dialog.getByLabel('物流单号', { exact: true }).fill('SF7700112233');
  await dialog.getByRole('button', { name: '送样', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('已送样待检测').first()).toBeVisible();
});

test('buyer1 records the tests and passes the sample', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  await openMenuEntry(page, '供应商准入', '样品管理');
  const frame = appFrame(page);
  await frame.getByText(sample, { exact: true }).click();
  const detail = frame.locator('.document-detail');
  await detail.getByRole('button', { name: '编辑', exact: true }).click();
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

test('admin approves the sample conclusion', async ({ page }) => {
  await approveFromTodo(page, sample);
});

test('buyer1 asks to convert the supplier to qualified (supplierView6)', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const { frame, row } = await supplierRow(page);
  await row.getByRole('button', { name: `变更阶段 S${account}` }).click();
  // From potential: no stranger-to-potential any more.
  await expect(frame.getByRole('menuitem', { name: '陌生转潜在' })).toHaveCount(0);
  await frame.getByRole('menuitem', { name: '直接转合格' }).click();
  await frame.getByLabel('申请原因').fill('验厂通过、样品合格');
  await frame.getByRole('button', { name: '提交审批' }).click();
  const number = frame.getByText(/^状态变更申请 SC\d+$/);
  await expect(number).toBeVisible();
  conversion = ((await number.textContent()) ?? '').replace('状态变更申请 ', '');
  await expect(frame.getByText('审批中').first()).toBeVisible();
});

test('admin approves the conversion; the supplier is qualified', async ({ page }) => {
  await approveFromTodo(page, conversion);
  const { row } = await supplierRow(page);
  await expect(row).toContainText('合格');
  await expect(row).not.toContainText('潜在');
});

test('buyer1 sends the new supplier an order', async ({ request }) => {
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const admin = await apiLogin(request, '100000', 'admin');
  const saved = await buyer.post<{ id: string; version: number; orderNumber: string }>(
    '/apis/order/PurchaseOrderService/save',
    {
      toElsAccount: account,
      orderType: '0',
      orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
      currency: 'CNY',
      exchangeRate: '1',
      items: [
        {
          materialNumber: 'E2E-JOURNEY-1',
          materialDesc: '旅程支架',
          unit: 'PCS',
          quantity: '50',
          priceExcludingTax: '4.5',
          taxRate: '13',
          deliveryDate: '2027-06-30',
        },
      ],
    },
  );
  expect(saved.code, saved.message).toBe('200');
  const submitted = await buyer.post<{ version: number; auditStatus: string }>(
    `/apis/order/PurchaseOrderService/submit/${saved.data.id}`,
    { version: saved.data.version },
  );
  expect(submitted.code, submitted.message).toBe('200');
  let version = submitted.data.version;
  if (submitted.data.auditStatus === '1') {
    const todo = await admin.get<{ records: Array<{ id: string; documentNumber: string }> }>(
      '/apis/ElsTodoService/selectTodoList',
    );
    const task = todo.data.records.find((t) => t.documentNumber === saved.data.orderNumber);
    expect((await admin.post(`/apis/CommonAuditService/approve/${task?.id}`, { remark: 'OK' })).code).toBe(
      '200',
    );
    version += 1;
  }
  const sent = await buyer.post(`/apis/order/PurchaseOrderService/send/${saved.data.id}`, { version });
  expect(sent.code, sent.message).toBe('200');
});
