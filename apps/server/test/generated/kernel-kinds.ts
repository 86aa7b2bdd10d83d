import { kernelKinds } from '../../src/kinds.ts';
import type { DocumentKind } from '../../src/platform/document/kind.ts';

/**
 * Every document kind on the kernel, for the suites generated over all of them (the transition tables,
 * data permissions): the server's manifest of kinds (src/kinds.ts), so a new kind joins them by its entry
 * there (issue #34).
 */
export const KERNEL_KINDS: DocumentKind[] = kernelKinds();
