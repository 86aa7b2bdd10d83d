import { apiLogin } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome } from './helpers.ts';

/**
 * Issue #16, the supplier lifecycle as a buyer uses it: the potential demo supplier 200007 is converted
 * to qualified from the supplier list's "Change stage" menu — under the admin's approval (the demo
 * configures one step for direct-to-qualified) — and can then be sent an order; 200004 is blacklisted
 * (no approval configured for that flow: applied at once) and the order form refuses it with the rule.
 */
test.describe.configure({ mode: 'serial' });

const SUPPLIERS = '/masterdata/#/v2/supplier/list';
let requestNumber = '';

async function openSuppliers(page: Page): Promise<FrameLocator> {
  await page.goto(`/portal/#/myiframe/${encodeURIComponent(SUPPLIERS)}`);
  const frame = page.frameLocator('iframe.shell-iframe');
  await expect(frame.locator('.data-table')).toBeVisible();
  return frame;
}

/** Narrows the supplier list to one code (suppliers registered by other journeys push demo rows off page 1). */
async function findSupplier(frame: FrameLocator, code: string) {
  await frame.getByLabel('关键字', { exact: true }).fill(code);
  await frame.getByRole('button', { name: '查询' }).click();
  await expect(frame.getByRole('button', { name: `变更阶段 ${code}` })).toBeVisible();
}

async function changeStage(frame: FrameLocator, code: string, conversion: string, reason: string) {
  await findSupplier(frame, code);
  await frame.getByRole('button', { name: `变更阶段 ${code}` }).click();
  await frame.getByRole('menuitem', { name: conversion }).click();
  await expect(frame.getByText('新建申请')).toBeVisible();
  await frame.getByLabel('申请原因').fill(reason);
  await frame.getByRole('button', { name: '提交审批' }).click();
  const number = frame.getByText(/^状态变更申请 SC\d+$/);
  await expect(number).toBeVisible();
  return ((await number.textContent()) ?? '').replace('状态变更申请 ', '');
}

test('buyer1 asks to convert the potential supplier 200007 to qualified', async ({ page }) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openSuppliers(page);
  await findSupplier(frame, 'S200007');
  const row = frame.getByRole('row', { name: /S200007/ });
  await expect(row).toContainText('潜在');
  // Only the conversions allowed from "potential" are offered.
  await row.getByRole('button', { name: '变更阶段 S200007' }).click();
  await expect(frame.getByRole('menuitem', { name: '直接转合格' })).toBeVisible();
  await expect(frame.getByRole('menuitem', { name: '黑名单转合格' })).toHaveCount(0);
  await expect(frame.getByRole('menuitem', { name: '陌生转潜在' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  requestNumber = await changeStage(frame, 'S200007', '直接转合格', '样品测试与小批量试产均合格');
  await expect(frame.getByText('审批中').first()).toBeVisible();
  await expect(frame.getByRole('cell', { name: '采购经理审批' })).toBeVisible();
});

test('the admin approves it from the to-do list and the supplier becomes qualified', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await page.goto('/portal/#/portal/info/todo');
  await page.getByRole('button', { name: requestNumber, exact: true }).click();
  await expect(page).toHaveURL(/#\/audit\?/);
  const doc = page.frameLocator('iframe.audit-frame');
  await expect(doc.getByText(`状态变更申请 ${requestNumber}`)).toBeVisible();
  await expect(doc.getByText('样品测试与小批量试产均合格').first()).toBeVisible();
  await page.getByLabel('审批意见').fill('同意转为合格供应商');
  await page.getByRole('button', { name: '同意', exact: true }).click();
  await expect(page.getByText('已审批通过')).toBeVisible();

  const frame = await openSuppliers(page);
  await expect(frame.getByRole('row', { name: /S200007/ })).toContainText('合格');
});

test('buyer1 can now send 200007 an order', async ({ request }) => {
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const admin = await apiLogin(request, '100000', 'admin');
  const saved = await buyer.post<{ id: string; version: number; orderNumber: string }>(
    '/apis/order/PurchaseOrderService/save',
    {
      toElsAccount: '200007',
      orderType: '0',
      orderDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()),
      currency: 'CNY',
      exchangeRate: '1',
      items: [
        {
          materialNumber: 'E2E-LC-1',
          materialDesc: '包装箱 E2E',
          unit: 'PCS',
          quantity: '100',
          priceExcludingTax: '3.2',
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

test('buyer1 blacklists 200004 and the order form refuses it', async ({ page, request }) => {
  await logInHome(page, '100000', 'buyer1');
  const frame = await openSuppliers(page);
  await changeStage(frame, 'S200004', '转黑名单', '质量事故，拒绝整改');
  // No approval configured for this flow: applied at once.
  await expect(frame.getByText('审批通过').first()).toBeVisible();
  await frame.getByRole('button', { name: '返回列表' }).click();

  await page.goto(`/portal/#/myiframe/${encodeURIComponent('/order/#/v2/order/list')}`);
  const orders = page.frameLocator('iframe[title="采购订单"]');
  await orders.getByRole('button', { name: '新建' }).click();
  await expect(orders.getByText('新建采购订单')).toBeVisible();
  await expect(orders.getByLabel('订单日期')).not.toHaveValue('');
  await orders.getByLabel('订单类型', { exact: true }).click();
  await orders.locator('.ant-select-item-option[title="0 · 标准"]').click();
  await orders.getByLabel('供应商账号').fill('200004');
  await orders.getByLabel('第 10 行物料编码').fill('E2E-LC-2');
  await orders.getByLabel('第 10 行物料描述').fill('华芯芯片');
  await orders.getByLabel('第 10 行单位').fill('PCS');
  await orders.getByLabel('第 10 行数量').fill('10');
  await orders.getByLabel('第 10 行不含税单价').fill('8');
  await expect(orders.getByLabel('供应商账号')).toHaveValue('200004');
  await orders.getByRole('button', { name: '保存' }).click();
  await expect(orders.getByText('供应商 200004 处于黑名单，不能下达订单').first()).toBeVisible();

  // Restore 200004 for the other journeys (RFQs invite it).
  const buyer = await apiLogin(request, '100000', 'buyer1');
  const back = await buyer.post<{ status: string }>(
    '/apis/masterdata/PurchaseSupplierStatusChangeService/save',
    {
      requestType: 'blackToQualified',
      toElsAccount: '200004',
      reason: 'e2e 恢复',
      submit: true,
    },
  );
  expect(back.data.status).toBe('approved');
});
