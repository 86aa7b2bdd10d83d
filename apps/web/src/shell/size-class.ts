import { BREAKPOINTS_PX } from '@srm/contracts/constants';

/** Screen size class (spec 000 §2): 3 if width ≥ 1200, 2 if ≥ 992, 1 if ≥ 768, else 0. */
export function sizeClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= BREAKPOINTS_PX.lg) return 3;
  if (width >= BREAKPOINTS_PX.md) return 2;
  if (width >= BREAKPOINTS_PX.sm) return 1;
  return 0;
}
