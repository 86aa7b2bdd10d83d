import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error — a plain .mjs script of the lint step, without type declarations
import { check } from '../../../scripts/borders/check.mjs';

/**
 * The module-border check of `npm run lint` (issue #34): planted imports across each border are found, an
 * import through a module's index.ts is not, and a baseline entry that no longer stands is reported.
 */
const root = mkdtempSync(join(tmpdir(), 'borders-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function plant(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('module border check', () => {
  plant('apps/server/src/modules/order/service.ts', "import { enquiries } from '../enquiry/tables.ts';\n");
  plant('apps/server/src/modules/order/routes.ts', "import { award } from '../enquiry/index.ts';\n");
  plant('apps/server/src/modules/order/own.ts', "import { orders } from './tables.ts';\n");
  plant(
    'apps/server/src/platform/document/kernel.ts',
    "import type { X } from '../../modules/audit/service.ts';\n",
  );
  plant(
    'apps/web/src/modules/rfq/Page.tsx',
    "const Room = lazy(() => import('../ebidding/BiddingRoom.tsx'));\n",
  );
  plant('apps/web/src/components/Select.tsx', "export { api } from '../modules/masterdata/api.ts';\n");

  it('finds each planted import across a border and nothing else', () => {
    const { added, gone } = check(root, []);
    expect(added.map((e: { from: string; why: string }) => [e.from, e.why]).sort()).toEqual(
      [
        ['apps/server/src/modules/order/service.ts', 'another module, not its index.ts'],
        ['apps/server/src/platform/document/kernel.ts', 'platform/ imports a module'],
        ['apps/web/src/components/Select.tsx', 'a shared part imports a feature'],
        ['apps/web/src/modules/rfq/Page.tsx', 'one feature imports another'],
      ].sort(),
    );
    expect(gone).toEqual([]);
  });

  it('lets a listed edge pass and reports a listed edge that no longer stands', () => {
    const standing = 'server-module:order -> apps/server/src/modules/enquiry/tables.ts';
    const stale = 'server-module:order -> apps/server/src/modules/refund/tables.ts';
    const { added, gone } = check(root, [standing, stale]);
    expect(added.some((e: { key: string }) => e.key === standing)).toBe(false);
    expect(added).toHaveLength(3);
    expect(gone).toEqual([stale]);
  });
});
