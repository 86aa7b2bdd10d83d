import {
  appFrame,
  backToList,
  dialogOpen,
  dismiss,
  openNumber,
  openRowWith,
  settled,
  walk,
} from './a11y-walk.ts';
import { preloadAxe } from './axe.ts';
import { expect, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA), the states a walk over the menu (a11y-screens.spec.ts) does not
 * reach: the approval page of each kind waiting in the demo's to-do list (with its "remark required" error),
 * the action dialogs of details (refuse, return, scrap — the reason dialogs), the import dialogs, new forms of
 * several kinds with their rule errors shown, the supplier's quote page (before and after taking part, the
 * refused quote sheet dialog), the bidding room of the running demo auction and of the one in its bargain
 * round, the buyer's console, and a walk of a few screens (home, list, detail, form, dialog) in English and in
 * the dark theme. Each state is opened as a new user would (visible labels and roles); axe-core (WCAG 2.1
 * A/AA) runs on the shell and on every visible frame (module apps, the approval page's document); every
 * serious/critical violation is collected and each test fails at its end with one report: state → rule → nodes.
 * The demo world is changed only where a state needs it (the supplier takes part in the quoting RFQ).
 */

// Many states and an axe run each per test: generous for a shared, busy machine.
test.describe.configure({ timeout: 300_000 });
// A step that cannot happen fails its state after 10 s, not the whole test at its timeout.
test.use({ actionTimeout: 10_000 });

/** A one-pixel PNG: an attachment the server takes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('采购方 100000 admin: approval pages, action and import dialogs, new forms with their rule errors', async ({
  page,
}) => {
  await preloadAxe(page);
  await logInHome(page, '100000', 'admin');
  const w = walk(page);

  // The approval page of each kind waiting in the demo's to-do list: the document in its frame, the panel.
  const todos = page.locator('a[href*="#/audit?"]');
  await expect(todos.first()).toBeVisible();
  const numbers = (await todos.allTextContents()).map((n) => n.trim());
  expect(numbers.length).toBeGreaterThan(0);
  const kinds = new Set<string>();
  for (const number of numbers) {
    const kind = number.replace(/\d+$/, '');
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    await w.state(`审批 ${number}`, async () => {
      await page.getByRole('tab', { name: '首页', exact: true }).click();
      await page.locator('a[href*="#/audit?"]', { hasText: number }).click();
      const document = page.frameLocator('.tab-view:visible iframe.audit-frame');
      await expect(document.getByText(number).first()).toBeVisible({ timeout: 20_000 });
      await settled(document);
    });
  }
  // Reject without a remark: the rule error in place.
  await w.state('审批 拒绝（未填意见）', async () => {
    await page.getByRole('button', { name: '拒绝', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: '审批意见不能为空' })).toBeVisible();
  });

  // The requisition waiting for approval, its import dialog, a new one saved empty (its rule errors).
  await openMenuEntry(page, '需求管理', '采购申请');
  const frame = appFrame(page);
  const requisition = numbers.find((n) => n.startsWith('PR'));
  if (requisition) {
    await w.state(`采购申请 ${requisition} 详情`, () => openNumber(frame, requisition));
    // An attachment uploaded, then its removal asked for: the confirmation pop-up.
    await w.state(`采购申请 ${requisition} › 删除附件（确认气泡）`, async () => {
      await frame
        .locator('input[type=file]')
        .first()
        .setInputFiles({ name: 'a11y.png', mimeType: 'image/png', buffer: PNG });
      await frame.getByRole('button', { name: '删除 a11y.png' }).first().click();
      await expect(frame.getByText('删除附件 a11y.png？')).toBeVisible();
    });
    await frame
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /取\s*消/ })
      .click()
      .catch(() => undefined);
    await backToList(frame);
  }
  await w.state('采购申请 › 导入（对话框）', async () => {
    await frame.getByRole('button', { name: '导入', exact: true }).click();
    await dialogOpen(frame, /导入/);
  });
  await dismiss(page);
  // A new requisition saved empty: its rule errors shown.
  await w.state('采购申请 › 新建（规则错误）', async () => {
    await frame.getByRole('button', { name: '新建采购申请' }).click();
    await frame.getByRole('button', { name: '保存', exact: true }).click();
    await expect(frame.locator('.ant-form-item-explain-error').first()).toBeVisible();
  });

  // An order not yet submitted: its edit form.
  await openMenuEntry(page, '订单管理', '采购订单');
  if (await w.state('采购订单 未提交审批 详情', () => openRowWith(appFrame(page), '未提交审批'))) {
    await w.state('采购订单 › 编辑', async () => {
      await appFrame(page).getByRole('button', { name: '编辑', exact: true }).click();
      await expect(appFrame(page).getByRole('button', { name: '保存', exact: true })).toBeVisible();
      await settled(appFrame(page));
    });
  }

  // A new RFQ saved empty.
  await openMenuEntry(page, '寻源管理', '询价单');
  await w.state('询价单 › 新建（规则错误）', async () => {
    await appFrame(page).getByRole('button', { name: /新建/ }).first().click();
    await appFrame(page).getByRole('button', { name: '保存', exact: true }).click();
    await expect(appFrame(page).locator('.ant-form-item-explain-error').first()).toBeVisible();
  });

  // The statement waiting for the buyer's confirmation: detail and its return dialog (reason required).
  await openMenuEntry(page, '财务协同', '对账单');
  if (await w.state('对账单 待确认 详情', () => openRowWith(appFrame(page), '待确认'))) {
    await w.state('对账单 › 退回（原因对话框）', async () => {
      await appFrame(page).getByRole('button', { name: '退回', exact: true }).click();
      const dialog = await dialogOpen(appFrame(page));
      await dialog.locator('.ant-modal-footer button').last().click();
      await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    });
    await dismiss(page);
  }

  // Masterdata: the new material form saved empty.
  await openMenuEntry(page, '主数据管理', '物料主数据');
  await w.state('物料主数据 › 新建（规则错误）', async () => {
    await appFrame(page).getByRole('button', { name: /新建/ }).first().click();
    const scope = appFrame(page);
    await scope
      .getByRole('button', { name: /保\s*存|确\s*定/ })
      .last()
      .click();
    await expect(scope.locator('.ant-form-item-explain-error').first()).toBeVisible();
  });
  await w.report();
});

test('供应方 200001 admin: refuse an order, the quote page and its actions, the bidding rooms', async ({
  page,
}) => {
  await preloadAxe(page);
  await logInHome(page, '200001', 'admin');
  const w = walk(page);
  const frame = appFrame(page);

  // An order waiting for the supplier's confirmation: its refuse dialog (reason required).
  await openMenuEntry(page, '订单管理', '销售订单');
  if (await w.state('销售订单 待确认 详情', () => openRowWith(frame, '待确认'))) {
    await w.state('销售订单 › 拒绝 / 退回变更（原因对话框）', async () => {
      await frame
        .getByRole('button', { name: /^(拒绝|退回变更)$/ })
        .first()
        .click();
      const dialog = await dialogOpen(frame);
      await dialog.locator('.ant-modal-footer button').last().click();
      await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    });
    await dismiss(page);
  }

  // The quote page of the RFQ the demo keeps open for 200001: before taking part, after, a refused sheet.
  await openMenuEntry(page, '寻源管理', '询价邀请');
  const quoting = frame.locator('tr.ant-table-row', { hasText: '2026 Q1 电阻电容年度询价' }).first();
  await w.state('询价邀请 › 报价页（未参与）', async () => {
    await settled(frame);
    await quoting.locator('.link-cell').first().click();
    await expect(frame.getByRole('button', { name: '参与报价' })).toBeVisible();
    await settled(frame);
  });
  await w.state('询价邀请 › 报价页（已参与，报价表单）', async () => {
    await frame.getByRole('button', { name: '参与报价' }).click();
    await expect(frame.getByRole('button', { name: '提交报价' })).toBeVisible();
    await frame
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByRole('textbox')
      .first()
      .fill('0.0123');
    await frame.getByPlaceholder('拒绝原因').fill('产能已满');
  });
  await w.state('询价邀请 › 上传报价单（不是工作簿：错误提示）', async () => {
    await frame
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'quote.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from('not a workbook'),
      });
    await expect(frame.locator('.ant-message-error')).toBeVisible();
  });

  // The bidding room of the running demo auction, and of the one in its bargain round.
  await openMenuEntry(page, '寻源管理', '在线竞价邀请');
  for (const [name, shows] of [
    ['2026 年度包装纸箱反向竞价', frame.getByLabel('新出价')],
    ['贴片电容年度框架竞价（议价中）', frame.getByRole('button', { name: '提交议价（仅一次）' })],
  ] as const) {
    await w.state(`竞价大厅 ${name}`, async () => {
      await openRowWith(frame, name);
      await expect(shows).toBeVisible();
    });
    await backToList(frame).catch(() => undefined);
  }
  await w.report();
});

test("采购方 100000 buyer1: the running auction's console with its extend and end dialogs, the one in its bargain round", async ({
  page,
}) => {
  await preloadAxe(page);
  await logInHome(page, '100000', 'buyer1');
  const w = walk(page);
  const frame = appFrame(page);
  await openMenuEntry(page, '寻源管理', '在线竞价');
  await w.state('竞价控制台（进行中）', async () => {
    await openRowWith(frame, '2026 年度包装纸箱反向竞价');
    await expect(frame.getByRole('button', { name: '结束竞价' })).toBeVisible();
    await expect(frame.getByText('实时排名', { exact: true })).toBeVisible();
  });
  await w.state('竞价控制台 › 延长（对话框）', async () => {
    await frame.getByRole('button', { name: '延长', exact: true }).click();
    await dialogOpen(frame);
  });
  await dismiss(page);
  await w.state('竞价控制台 › 结束竞价（确认对话框）', async () => {
    await frame.getByRole('button', { name: '结束竞价' }).click();
    await dialogOpen(frame);
  });
  await dismiss(page);
  await backToList(frame);
  await w.state('竞价控制台（议价中）', async () => {
    await openRowWith(frame, '贴片电容年度框架竞价（议价中）');
    await expect(frame.locator('.document-number')).toBeVisible();
  });
  await w.report();
});

/**
 * Home, a list, its first detail, its new form saved empty and its import dialog — the walk both the English
 * interface and the dark theme get. `labels` are the visible names in the interface's language.
 */
async function fewScreens(
  page: Page,
  w: ReturnType<typeof walk>,
  tag: string,
  labels: { group: string; entry: string; create: RegExp; save: string; import: string },
): Promise<void> {
  const frame = appFrame(page);
  await w.state(`${tag} 首页`, () => settled(page));
  await w.state(`${tag} ${labels.entry}`, async () => {
    await openMenuEntry(page, labels.group, labels.entry);
    await expect(frame.locator('tr.ant-table-row').first()).toBeVisible();
    await settled(frame);
  });
  await w.state(`${tag} ${labels.entry} › 详情`, async () => {
    await frame.locator('tr.ant-table-row .link-cell').first().click();
    await expect(frame.locator('.document-number')).toBeVisible();
    await settled(frame);
  });
  await backToList(frame);
  await w.state(`${tag} ${labels.entry} › 导入（对话框）`, async () => {
    await frame.getByRole('button', { name: labels.import, exact: true }).click();
    await dialogOpen(frame);
  });
  await dismiss(page);
  await w.state(`${tag} ${labels.entry} › 新建（规则错误）`, async () => {
    await frame.getByRole('button', { name: labels.create }).first().click();
    await frame.getByRole('button', { name: labels.save, exact: true }).click();
    await expect(frame.locator('.ant-form-item-explain-error, .ant-alert-error').first()).toBeVisible();
  });
}

test('the English interface: language attribute en in the shell and the module app, a few screens', async ({
  page,
}) => {
  await preloadAxe(page);
  await logInHome(page, '100000', 'admin');
  const w = walk(page);
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('tab', { name: 'Home', exact: true })).toBeVisible();
  await fewScreens(page, w, 'en', {
    group: 'Demand management',
    entry: 'Purchase requisitions',
    create: /^New/,
    save: 'Save',
    import: 'Import',
  });
  // The module app's document says its language too.
  await expect(appFrame(page).locator('html')).toHaveAttribute('lang', 'en');
  await w.report();
});

test('the dark theme: the settings drawer, a few screens, the auction console, an approval page', async ({
  page,
}) => {
  await preloadAxe(page);
  await logInHome(page, '100000', 'admin');
  const w = walk(page);
  await w.state('dark 设置抽屉', async () => {
    await page.getByRole('button', { name: '设置', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '界面设置' });
    await expect(drawer).toBeVisible();
    await drawer.getByText('深色', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '界面设置' })).toBeHidden();
  await fewScreens(page, w, 'dark', {
    group: '需求管理',
    entry: '采购申请',
    create: /新建/,
    save: '保存',
    import: '导入',
  });
  await w.state('dark 竞价控制台（进行中）', async () => {
    await openMenuEntry(page, '寻源管理', '在线竞价');
    await openRowWith(appFrame(page), '2026 年度包装纸箱反向竞价');
    await expect(appFrame(page).getByText('实时排名', { exact: true })).toBeVisible();
  });
  await w.state('dark 审批页', async () => {
    await page.getByRole('tab', { name: '首页', exact: true }).click();
    const todo = page.locator('a[href*="#/audit?"]').first();
    const number = ((await todo.textContent()) ?? '').trim();
    await todo.click();
    const document = page.frameLocator('.tab-view:visible iframe.audit-frame');
    await expect(document.getByText(number).first()).toBeVisible({ timeout: 20_000 });
    await settled(document);
  });
  await w.report();
});
