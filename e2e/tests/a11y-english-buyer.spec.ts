import { type Findings, logInHomeIn, report, visitMenu } from './a11y-menu-walk.ts';
import { preloadAxe } from './axe.ts';
import { test } from './fixtures.ts';

/**
 * Issue #19 "Accessibility" (WCAG 2.1 AA), the English interface beyond requisitions: the demo buyer admin
 * (100000) logs in with English picked on the login page and walks every side-menu entry, sampled to keep the
 * suite's time (every list page, one detail per module app; the full English walk is a11y-screens.spec.ts and
 * a11y-screens-supplier.spec.ts with A11Y_LANG=en). Each screen is opened by its visible label, axe-core runs on
 * the shell and the module app, and the test fails at its end with one report (screen → rule → nodes). A file
 * of its own, as the supplier's walk (a11y-english-supplier.spec.ts) is (issue #35): Playwright runs a file's tests
 * one after another in one worker, and the two walks in one file were one critical path of about six minutes.
 */

// A menu walk visits ~60 screens and runs axe on each: generous for a busy machine (the buyer's walk took 5 min
// at a load average of 23 on two cores), as the full walks' (a11y-screens.spec.ts).
test.describe.configure({ timeout: 600_000 });
// A step that cannot happen fails its screen after 10 s, not the whole walk at its timeout.
test.use({ actionTimeout: 10_000 });

test('English: Buyer 100000 admin logs in in English and walks every side-menu entry (one detail per module app)', async ({
  page,
}) => {
  const findings: Findings = new Map();
  await preloadAxe(page);
  await logInHomeIn(page, '100000', 'admin', 'en');
  const screens = await visitMenu(page, 'en Buyer', findings, { lang: 'en', sample: true });
  await report(findings, screens);
});
