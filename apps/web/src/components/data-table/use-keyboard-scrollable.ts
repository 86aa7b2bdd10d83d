import { useEffect } from 'react';
import { watchScrollers } from './keyboard-scroll.ts';

/**
 * Watches the antd tables under the element `root` returns (a DataTable's box, or `document.body`) so
 * that a table wider than its box scrolls from the keyboard (keyboard-scroll.ts `watchScrollers`; issue
 * #19). `labelledBy` names the scroll region (a DataTable's title). The watch starts when the component
 * mounts, before its table has rows: it is imported with the component, not on demand, so no table is ever
 * painted scrolling but unreachable while a chunk loads (an empty list, whose rows hold no focusable link
 * of their own, failed axe `scrollable-region-focusable` when the check came first).
 */
export function useKeyboardScrollable(root: () => HTMLElement | null, labelledBy?: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the root getter reads a ref; watched once per title
  useEffect(() => {
    const element = root();
    if (!element) return;
    return watchScrollers(element, labelledBy);
  }, [labelledBy]);
}
