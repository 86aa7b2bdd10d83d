import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * The browser half of the coverage count `npm test` prints at its end (issue #35): the journeys that passed,
 * the screens and states the accessibility walks checked (the names their `axe screens` / `axe states`
 * attachments list, a11y-menu-walk.ts `reportFindings`), and the screens the journeys' own axe checks analysed
 * (journey-axe.ts's per-worker logs, `<outputDir>/axe-journeys/worker-<n>.jsonl`). Written to
 * `<SUITE_COUNTS_DIR>/playwright.json` when scripts/test.mjs sets SUITE_COUNTS_DIR; nothing otherwise.
 */
export default class SuiteCountsReporter implements Reporter {
  private outputDirs: string[] = [];
  private rootDir = '';
  private readonly journeys = new Set<string>();
  private readonly files = new Set<string>();
  private readonly walkScreens = new Set<string>();

  onBegin(config: FullConfig) {
    this.rootDir = config.rootDir;
    this.outputDirs = config.projects.map((p) => p.outputDir);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed') return;
    const file = relative(this.rootDir, test.location.file);
    this.files.add(file);
    // The title path: project (none here), file, describe blocks, title.
    this.journeys.add(test.titlePath().filter(Boolean).join(' › '));
    for (const attachment of result.attachments) {
      if (attachment.name !== 'axe screens' && attachment.name !== 'axe states') continue;
      const body = attachment.body?.toString('utf8') ?? '';
      for (const name of body.split('\n')) if (name) this.walkScreens.add(name);
    }
  }

  onEnd() {
    const dir = process.env.SUITE_COUNTS_DIR;
    if (!dir) return;
    const journeyScreens = new Set<string>();
    for (const out of this.outputDirs) {
      const logs = join(out, 'axe-journeys');
      if (!existsSync(logs)) continue;
      for (const name of readdirSync(logs)) {
        for (const line of readFileSync(join(logs, name), 'utf8').split('\n')) {
          if (!line) continue;
          const entry = JSON.parse(line) as { screen?: string };
          if (entry.screen) journeyScreens.add(entry.screen);
        }
      }
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'playwright.json'),
      JSON.stringify({
        files: [...this.files],
        journeys: [...this.journeys],
        walkScreens: [...this.walkScreens],
        journeyScreens: [...journeyScreens],
      }),
    );
  }
}
