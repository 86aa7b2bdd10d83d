import { expect, skipAxe, test } from './fixtures.ts';
import { logInHome } from './helpers.ts';

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
