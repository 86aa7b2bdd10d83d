import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { registerSupplierViaApi } from './api.ts';
import { expect, type FrameLocator, type Page, test } from './fixtures.ts';
import { logInHome } from './helpers.ts';

/**
 * Issue #5 master data as a buyer admin would use it: the category path (level 1 → 2 → 3, a level 4
 * refused with the server's message), a new material, the Excel export, and an import whose row 3 has
 * no material number — "Excel import reports a bad row by number": nothing is imported and the error
 * table names row 3. Then the supplier form: a new record for a freshly registered supplier, edited
 * (its status fixed: issue #16).
 */
test.describe.configure({ mode: 'serial' });

const MATERIALS = '/masterdata/#/v2/material/list';
const stamp = Date.now().toString(36).toUpperCase();
const L3 = { code: `E2E-L3-${stamp}`, name: `三级分类${stamp}` };
const MATERIAL = `E2E-M-${stamp}`;

async function openMasterdata(page: Page): Promise<FrameLocator> {
  await page.goto(`/portal/#/myiframe/${encodeURIComponent(MATERIALS)}`);
  const frame = page.frameLocator('iframe.shell-iframe');
  await expect(frame.locator('.data-table')).toBeVisible();
  return frame;
}

async function addCategory(frame: FrameLocator, button: string, code: string, name: string) {
  await frame.getByRole('button', { name: button }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByLabel('分类编码').fill(code);
  await dialog.getByLabel('分类名称').fill(name);
  await dialog.getByRole('button', { name: '保存' }).click();
}

test('a buyer builds a category path, creates a material, exports and imports with a bad row', async ({
  page,
}) => {
  await logInHome(page, '100000', 'admin');
  const frame = await openMasterdata(page);

  // Categories: level 1 → 2 → 3 through the category page.
  await frame.locator('.ant-segmented').getByText('物料分类').click();
  await expect(frame.getByText('物料分类', { exact: true }).first()).toBeVisible();
  await addCategory(frame, '新增一级分类', `E2E-L1-${stamp}`, `一级分类${stamp}`);
  await expect(frame.getByRole('dialog')).toBeHidden();
  await frame.locator('.md-category-tree').getByText(`一级分类${stamp}`).click();
  await addCategory(frame, '新增下级分类', `E2E-L2-${stamp}`, `二级分类${stamp}`);
  await expect(frame.getByRole('dialog')).toBeHidden();
  await frame.locator('.md-category-tree').getByText(`二级分类${stamp}`).click();
  await addCategory(frame, '新增下级分类', L3.code, L3.name);
  await expect(frame.getByRole('dialog')).toBeHidden();
  // A fourth level is refused; the server's message is shown in the dialog.
  await frame.locator('.md-category-tree').getByText(L3.name).click();
  await addCategory(frame, '新增下级分类', `E2E-L4-${stamp}`, `四级分类${stamp}`);
  await expect(frame.getByRole('dialog').getByRole('alert')).toBeVisible();
  await frame.getByRole('dialog').getByRole('button', { name: '取消' }).click();

  // A new material under the level-3 category.
  await frame.locator('.ant-segmented').getByText('物料', { exact: true }).click();
  await frame.getByRole('button', { name: '新建' }).click();
  const dialog = frame.getByRole('dialog');
  await dialog.getByLabel('物料编码').fill(MATERIAL);
  await dialog.getByLabel('物料名称').fill('端到端测试物料');
  await dialog.getByLabel('物料分类').click();
  await frame.locator('.ant-select-dropdown').getByText(`${L3.name} (${L3.code})`).click();
  await dialog.getByLabel('基本单位').fill('PCS');
  await dialog.getByLabel('最小订货量').fill('10');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(frame.getByRole('button', { name: MATERIAL, exact: true })).toBeVisible();

  // Export: the download is an .xlsx workbook with the new material.
  const downloading = page.waitForEvent('download');
  await frame.getByRole('button', { name: '导出 Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = exported.worksheets[0];
  if (!sheet) throw new Error('no sheet in the export');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const numberCol = headers.indexOf('物料编码');
  expect(numberCol).toBeGreaterThanOrEqual(0);
  let source: unknown[] = [];
  sheet.eachRow((row, n) => {
    const values = (row.values as unknown[]).slice(1);
    if (n > 1 && values[numberCol] === MATERIAL) source = values;
  });
  expect(source.length).toBeGreaterThan(0);

  // Import a workbook in the export layout: row 2 fine, row 3 without a material number.
  const upload = new ExcelJS.Workbook();
  const out = upload.addWorksheet('materials');
  out.addRow(headers);
  out.addRow(source.map((v, i) => (i === numberCol ? `${MATERIAL}-B` : v)));
  out.addRow(source.map((v, i) => (i === numberCol ? '' : v)));
  const buffer = Buffer.from(await upload.xlsx.writeBuffer());
  await frame.locator('input[type=file]').setInputFiles({
    name: 'materials.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  const errors = frame.getByRole('dialog').filter({ hasText: '导入失败' });
  await expect(errors).toBeVisible();
  const firstRow = errors.locator('.md-import-errors tbody tr').first();
  await expect(firstRow.locator('td').first()).toHaveText('3');
  await expect(errors.getByText('未导入任何数据', { exact: false })).toBeVisible();
  await errors.locator('.ant-modal-footer').getByRole('button').click();
  // Nothing was imported: the good row 2 is not in the list either.
  await expect(frame.getByRole('button', { name: `${MATERIAL}-B`, exact: true })).toHaveCount(0);
});

test('a buyer fills a new supplier’s record through the form, edits it, and sees the change in the list', async ({
  page,
  request,
}) => {
  // Arrange: a supplier company that registered with 100000's invitation code — registration put it into
  // the buyer's supplier master as a stranger (issue #16), with an empty record.
  const { elsAccount } = await registerSupplierViaApi(request);
  const code = `E2E-S-${stamp}`;
  await logInHome(page, '100000', 'admin');
  const frame = await openMasterdata(page);
  await frame.locator('.ant-segmented').getByText('供应商', { exact: true }).click();
  await expect(frame.getByText('供应商主数据')).toBeVisible();

  await frame.getByRole('button', { name: '新建' }).click();
  const dialog = frame.getByRole('dialog');
  await expect(dialog.getByText('新建供应商')).toBeVisible();
  // 200001 already has a record, and so has the new supplier: the server's refusal is shown in the form.
  await dialog.getByLabel('供应商账号').fill('200001');
  await dialog.getByLabel('供应商编码').fill(code);
  await dialog.getByLabel('供应商全称').fill('端到端测试供应商有限公司');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toContainText('供应商 200001 已有主数据记录');
  await dialog.getByLabel('供应商账号').fill(elsAccount);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`供应商 ${elsAccount} 已有主数据记录`);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // Its stranger record is in the list; the buyer fills it in.
  const row = frame.getByRole('row', { name: new RegExp(elsAccount) });
  await expect(row).toContainText('陌生');
  await row.getByRole('button', { name: /^编辑/ }).click();
  await expect(dialog.getByText(/^编辑供应商/)).toBeVisible();
  await expect(dialog.getByLabel('供应商账号')).toBeDisabled();
  await dialog.getByLabel('供应商全称').fill('端到端测试供应商有限公司');
  await dialog.getByLabel('联系人姓名 1').fill('赵敏');
  // A wrong phone number is refused in place before anything is sent.
  await dialog.getByLabel('电话 1').fill('12345');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('手机号（1 开头 11 位）或固定电话（如 0512-66668888）')).toBeVisible();
  await dialog.getByLabel('电话 1').fill('13812345678');
  await dialog.getByRole('button', { name: '添加银行账户' }).click();
  await dialog.getByLabel('开户支行 1').fill('招商银行苏州分行');
  await dialog.getByLabel('银行账号 1').fill('6222020200001234567');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('端到端测试供应商有限公司');
  await expect(row).toContainText('赵敏 13812345678');
  await expect(row).toContainText('陌生');

  // Edit again: the account is fixed, and so is the status (issue #16: it changes only through a status
  // change request); the short name changes.
  await row.getByRole('button', { name: /^编辑/ }).click();
  await expect(dialog.getByLabel('状态', { exact: true })).toBeDisabled();
  await expect(dialog.getByText('状态只能通过“供应商生命周期”的状态变更申请修改')).toBeVisible();
  await expect(dialog.getByLabel('银行账号 1')).toHaveValue('6222020200001234567');
  await dialog.getByLabel('简称').fill('端测供应');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('端测供应');
  await expect(row).toContainText('陌生');
});
