import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server suite's longest files, longest first. Vitest runs files it has no timings for (every CI run
 * starts from a clean clone) largest first, and these are short files that replay hundreds of routes:
 * the route fuzz started 13 minutes into a 31-minute run and was still running alone at the end
 * (BENCHMARKS.md, "Test suite"). Started first, they run beside the rest.
 */
const HEAVY_FIRST = [
  'test/generated/routes.test.ts',
  'test/generated/tenant-isolation.test.ts',
  'test/generated/document-kernel.test.ts',
  'test/generated/role-actions.test.ts',
];

/** Vitest's order (known timings, else size), with the heavy files above at the front. */
export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const path = file.moduleId.replaceAll('\\', '/');
      const index = HEAVY_FIRST.findIndex((suffix) => path.endsWith(suffix));
      return index < 0 ? HEAVY_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
