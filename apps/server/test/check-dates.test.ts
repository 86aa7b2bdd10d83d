import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The clock check of `npm run lint` (scripts/check-dates.mjs, issue #35): planted uses of UTC dates and the
 * machine's clock in production code fail it; tests, comments, the clock modules and allow-listed uses do not.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(REPO, 'scripts/check-dates.mjs');
const fixture = mkdtempSync(join(tmpdir(), 'check-dates-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function plant(file: string, text: string) {
  mkdirSync(dirname(join(fixture, file)), { recursive: true });
  writeFileSync(join(fixture, file), text);
}
const run = (root: string, allow?: string) =>
  spawnSync(process.execPath, [SCRIPT, '--root', root, ...(allow ? ['--allow', allow] : [])], {
    encoding: 'utf8',
  });

describe('scripts/check-dates.mjs', () => {
  it('fails on a UTC slice, getUTC… and a bare new Date() in production code, naming file, line and rule', () => {
    plant(
      'apps/server/src/modules/x/service.ts',
      [
        'export const today = () => new Date().toISOString().slice(0, 10);',
        'export const month = (d: Date) => d.getUTCMonth();',
        '// new Date().toISOString().slice(0, 10) in a comment is fine',
        'export const at = new Date(0);',
      ].join('\n'),
    );
    plant(
      'apps/web/order/src/Page.tsx',
      'export const stamp = () => new Date();\nexport const at = dayjs();\n',
    );
    plant('apps/server/src/platform/clock.ts', 'export const nowDate = () => new Date();\n');
    plant('apps/server/src/modules/x/service.test.ts', 'const t = new Date();\n');
    const res = run(fixture, join(fixture, 'none.json'));
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('apps/server/src/modules/x/service.ts:1 iso-slice');
    expect(res.stderr).toContain('apps/server/src/modules/x/service.ts:1 bare-new-date');
    expect(res.stderr).toContain('apps/server/src/modules/x/service.ts:2 get-utc');
    expect(res.stderr).toContain('apps/web/order/src/Page.tsx:1 bare-new-date');
    expect(res.stderr).toContain('apps/web/order/src/Page.tsx:2 bare-dayjs');
    expect(res.stderr).not.toContain(':3 ');
    expect(res.stderr).not.toContain(':4 ');
    expect(res.stderr).not.toContain('clock.ts');
    expect(res.stderr).not.toContain('service.test.ts');
  });

  it('accepts allow-listed uses up to their count, each with a reason', () => {
    const allow = join(fixture, 'allow.json');
    writeFileSync(
      allow,
      JSON.stringify([
        { file: 'apps/server/src/modules/x/service.ts', rule: 'iso-slice', count: 1, reason: 'fixture' },
        { file: 'apps/server/src/modules/x/service.ts', rule: 'bare-new-date', count: 1, reason: 'fixture' },
        { file: 'apps/server/src/modules/x/service.ts', rule: 'get-utc', count: 1, reason: 'fixture' },
        { file: 'apps/web/order/src/Page.tsx', rule: 'bare-new-date', count: 1, reason: 'fixture' },
        { file: 'apps/web/order/src/Page.tsx', rule: 'bare-dayjs', count: 1, reason: 'fixture' },
      ]),
    );
    expect(run(fixture, allow).status).toBe(0);
    // One more than allowed fails again.
    plant('apps/web/order/src/Page.tsx', 'export const a = new Date();\nexport const b = new Date();\n');
    const res = run(fixture, allow);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('(allowed 1, found 2)');
    // An entry without a reason is refused.
    writeFileSync(allow, JSON.stringify([{ file: 'x.ts', rule: 'iso-slice', count: 1 }]));
    expect(run(fixture, allow).stderr).toContain('reason');
  });

  it('passes on the repository as it is', () => {
    const res = run(REPO);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});
