import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { logInHome, sideMenu } from './helpers.ts';

test('a server failure while the shell starts shows the 500 page, and going home tries again', async ({
  page,
}) => {
  await logInHome(page, '100000', 'buyer1');
  // Fault injection in the browser's network (the one way to make the shared demo server fail one call):
  // the menu call answers 500 as a server with its database down would, until `failing` is cleared.
  let failing = true;
  await page.route('**/apis/user/getMenu', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: '500', message: '服务器内部错误', data: null }),
        })
      : route.continue(),
  );
  await page.reload();
  await expect(page).toHaveURL(/#\/500$/);
  await expect(page.getByText('抱歉，服务器出错了。')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '500 page');

  failing = false;
  await page.getByRole('main').getByRole('button', { name: '返回首页' }).click();
  await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  await expect(sideMenu(page).getByRole('menuitem', { name: '订单管理' })).toBeVisible();
});
