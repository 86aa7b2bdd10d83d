import { expect, skipAxe, test } from './fixtures.ts';
import { DEMO_PASSWORD, logInHome } from './helpers.ts';

// Issue #12: a signed-in visit paints the shell's frame from the HTML before any script runs; the login
// route never shows it, and the React shell replaces it.

test('the shell frame is painted before the scripts, and only for a stored session on a shell route', async ({
  page,
  browser,
}) => {
  // Its pages run with every script refused on purpose (the HTML alone): not screens a user meets.
  skipAxe('first-paint: pages with every script refused on purpose');
  await logInHome(page, '100000', 'buyer1');
  await expect(page.locator('#boot-frame')).toHaveCount(0); // the layout removed it
  const session = await page.context().storageState();

  const kept = await browser.newContext({ storageState: session });
  try {
    const p = await kept.newPage();
    await p.route('**/assets/*.js', (route) => route.abort()); // no script at all: the HTML alone
    await p.goto('/portal/');
    await expect(p.locator('#boot-frame')).toBeVisible();
    await expect(p.locator('#boot-frame .boot-mark')).toHaveText('SRM');
    // A session on its way to the home shows no login form (issue #43).
    await expect(p.getByRole('button', { name: '登录', exact: true })).toBeHidden();
    // The login route (session or not) never paints the frame.
    await p.goto('/portal/#/login');
    await p.reload();
    await expect(p.locator('#boot-frame')).toBeHidden();
  } finally {
    await kept.close();
  }

  const fresh = await browser.newContext();
  try {
    const p = await fresh.newPage();
    await p.route('**/assets/*.js', (route) => route.abort());
    await p.goto('/portal/');
    await expect(p.locator('#boot-frame')).toBeHidden();
  } finally {
    await fresh.close();
  }
});

test('with a stored session the frame gives way to the shell, and no script is refused', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await logInHome(page, '100000', 'buyer1');
  await page.reload();
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(page.locator('#boot-frame')).toHaveCount(0);
  expect(refused).toEqual([]);
});

// Issue #43: the login page paints its form from the HTML and its CSS, before any script; what the user
// types there, and a 登录 pressed there, carry over to the React form when the scripts arrive.
test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });
  test('the login form is painted from the HTML alone, labelled', async ({ page }) => {
    skipAxe('first-paint: a page with scripts off on purpose');
    await page.goto('/portal/#/login');
    for (const label of ['账号', '子账号', '密码']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'SRM 供应商协同平台' })).toBeVisible();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  });
});

test.describe('with an English browser', () => {
  test.use({ locale: 'en-US' });
  test('a login typed and sent before the scripts arrive logs the user in once they do', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/portal/#/login', { waitUntil: 'commit' });
    // The HTML's form, in the browser's language, before any of the page's scripts ran.
    await page.getByLabel('Account', { exact: true }).fill('100000');
    await page.getByLabel('Sub-account', { exact: true }).fill('buyer1');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const submit = page.getByRole('button', { name: 'Log in', exact: true });
    await submit.click();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('#boot-login')).toHaveCount(1);
    release();
    await expect(page).toHaveURL(/#\/portal\/wel\/index$/);
    await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
    await expect(page.locator('#boot-login')).toHaveCount(0);
  });
});

test('the message channel’s client is fetched while the user types, not after the home is ready', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/portal/#/login');
  await page.getByLabel('账号', { exact: true }).fill('100000');
  await page.getByLabel('子账号', { exact: true }).fill('buyer1');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  // Before 登录 is pressed: the shell, the home and the MQTT client are on their way (shell/prefetch.ts).
  await expect.poll(() => fetched.some((p) => /\/assets\/paho-mqtt-[\w-]+\.js$/.test(p))).toBe(true);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
});
