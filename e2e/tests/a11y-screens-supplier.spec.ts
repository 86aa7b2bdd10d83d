import { WALK_LANG, walkStation } from './a11y-menu-walk.ts';
import { test } from './fixtures.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA), every screen of the demo supplier admin (200001): the supplier half of
 * a11y-screens.spec.ts's menu-wide walk (every side-menu entry read from the server's menu, each list's first
 * document and new form, the 403 and 404 pages; A11Y_THEME=dark, A11Y_LANG=en as there). A file of its own
 * (issue #35): Playwright runs a file's tests in one worker, one after another, so the two stations' walks in
 * one file were one critical path of about six minutes; in two files the two workers walk them side by side.
 */

// One walk over ~80 screens and as many axe runs; generous for a shared, busy machine.
test.describe.configure({ timeout: 600_000 });
// An action that cannot happen fails its screen after 10 s, not the whole walk at the test's timeout.
test.use({ actionTimeout: 10_000 });

test('供应方 200001 admin: every side-menu entry, its first document and its new form', async ({ page }) => {
  await walkStation(page, '供应方', '200001', WALK_LANG);
});
