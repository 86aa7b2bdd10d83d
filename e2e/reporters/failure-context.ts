import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints what a failed test's page showed (Playwright's error-context attachment: the ARIA snapshot of the
 * page at the failure) to stdout, so a failure in CI, where only the console output survives, can be read
 * without the test-results folder. At most 6,000 characters per failure.
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      if (attachment.name !== 'error-context') continue;
      let text = attachment.body?.toString('utf8') ?? '';
      if (!text && attachment.path) {
        try {
          text = readFileSync(attachment.path, 'utf8');
        } catch {
          text = '';
        }
      }
      if (!text) continue;
      const shown =
        text.length > 6000 ? `${text.slice(0, 6000)}\n… (${text.length - 6000} more characters)` : text;
      process.stdout.write(`\n── page at the failure of "${test.title}" ──\n${shown}\n── end ──\n`);
    }
  }
}
