import { expect, test } from './fixtures.ts';
import { LOGIN_LABELS, logIn } from './helpers.ts';

test('login form is labelled in Chinese by default and in English after switching', async ({ page }) => {
  await page.goto('/portal/#/login');
  for (const label of [LOGIN_LABELS.zh.account, LOGIN_LABELS.zh.subAccount, LOGIN_LABELS.zh.password]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SRM 供应商协同平台' })).toBeVisible();

  await page.getByLabel('语言').selectOption('en');
  for (const label of [LOGIN_LABELS.en.account, LOGIN_LABELS.en.subAccount, LOGIN_LABELS.en.password]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SRM Supplier Portal' })).toBeVisible();
});

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' });
  test('the login form follows the browser language', async ({ page }) => {
    await page.goto('/portal/#/login');
    await expect(page.getByLabel('Account', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Sub-account', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });
});

test('a wrong password shows the server error in place', async ({ page }) => {
  await logIn(page, '100000', 'admin', 'Wrong@2026');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page).toHaveURL(/#\/login$/);
});

test('empty fields are reported without calling the server', async ({ page }) => {
  await page.goto('/portal/#/login');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('a protected route without a session goes to login', async ({ page }) => {
  await page.goto('/portal/#/portal/info/index');
  await expect(page).toHaveURL(/#\/login$/);
});
