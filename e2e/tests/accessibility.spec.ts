import { expectNoSeriousA11yViolations, SHELL_IFRAME } from './axe.ts';
import { expect, type FrameLocator, type Locator, type Page, test } from './fixtures.ts';
import { logInHome, openMenuEntry } from './helpers.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA): axe-core with the WCAG 2.1 A/AA rules finds no serious or
 * critical violation in the states of screens a walk over the menu does not reach — the settings drawer,
 * the log dialog, the supplier's lines to ship with rows, the new order form with its rule errors — and a
 * keyboard-only user logs in, opens an order waiting for approval and approves it. Every menu entry, each
 * list's first detail and new form, login, register, 403 and 404: a11y-screens.spec.ts.
 */

// Several screens and an axe run each per test: more time than a single journey step on a shared machine.
test.describe.configure({ timeout: 120_000 });

function appFrame(page: Page): FrameLocator {
  return page.frameLocator(SHELL_IFRAME);
}

test('buyer home, the settings drawer and the log dialog', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await expectNoSeriousA11yViolations(page, 'buyer home');
  // A drawer: the interface settings.
  await page.getByRole('button', { name: '设置', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: '界面设置' });
  await expect(drawer).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings drawer');
  // A dialog: switch the log button on, then open the log.
  await drawer.getByRole('switch', { name: '日志' }).click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: '日志', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'log dialog');
});

test('supplier home and its lines to ship', async ({ page }) => {
  await logInHome(page, '200001', 'admin');
  await expectNoSeriousA11yViolations(page, 'supplier home');
  await openMenuEntry(page, '送货管理', '待送货订单行');
  const frame = appFrame(page);
  await frame.getByLabel('采购方账号').fill('100000');
  await frame.getByRole('button', { name: '查询', exact: true }).click();
  await expect(frame.locator('.data-table tbody tr.ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'supplier lines to ship');
});

test('the new order form with its rule errors', async ({ page }) => {
  await logInHome(page, '100000', 'admin');
  await openMenuEntry(page, '订单管理', '采购订单');
  const frame = appFrame(page);
  await frame.getByRole('button', { name: '新建' }).click();
  await expect(frame.getByText('新建采购订单')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new order form');
  // The form with its rule errors shown in place.
  await frame.getByRole('button', { name: '保存' }).click();
  await expect(frame.getByText('保存前必须选择订单类型')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new order form with errors');
});

/** True when `target` is the focused element of its document. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === el.ownerDocument.activeElement);
}

/** Presses Tab (only the keyboard) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), `Tab never reached ${target}`).toBe(true);
}

/**
 * The focused element shows where the focus is: an outline or a focus ring (box-shadow) on it or on the
 * box that draws its frame (an input inside an affix wrapper shows the ring on the wrapper).
 */
async function expectVisibleFocus(target: Locator): Promise<void> {
  const visible = await target.evaluate((el) => {
    let node: Element | null = el;
    for (let depth = 0; node && depth < 3; depth++, node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) return true;
      if (style.boxShadow !== 'none') return true;
    }
    return false;
  });
  expect(visible, `no visible focus on ${target}`).toBe(true);
}

test('keyboard only: log in, open an order waiting for approval from the to-do list and approve it', async ({
  page,
}) => {
  await page.goto('/portal/#/login');
  const account = page.getByLabel('账号', { exact: true });
  await tabTo(page, account);
  await expectVisibleFocus(account);
  await page.keyboard.type('100000');
  await tabTo(page, page.getByLabel('子账号', { exact: true }));
  await page.keyboard.type('admin');
  const password = page.getByLabel('密码', { exact: true });
  await tabTo(page, password);
  await expectVisibleFocus(password);
  await page.keyboard.type('Demo@2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/portal\/wel\/index$/);

  // The home's to-do list: each pending approval is a link to its approval page.
  const todo = page.locator('a[href*="#/audit?"]').first();
  await expect(todo).toBeVisible();
  const number = ((await todo.textContent()) ?? '').trim();
  await tabTo(page, todo, 150);
  await expectVisibleFocus(todo);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/audit\?/);
  await expect(page.frameLocator('iframe.audit-frame').getByText(number).first()).toBeVisible();

  const remark = page.getByLabel('审批意见');
  await tabTo(page, remark);
  await expectVisibleFocus(remark);
  await page.keyboard.type('同意（键盘操作）');
  const approve = page.getByRole('button', { name: '同意', exact: true });
  await tabTo(page, approve);
  await expectVisibleFocus(approve);
  await page.keyboard.press('Enter');
  await expect(page.getByText('已审批通过')).toBeVisible();
  await expect(page).toHaveURL(/#\/portal\/info\/todo$/);
  await expect(page.getByRole('button', { name: number, exact: true })).toHaveCount(0);
});
