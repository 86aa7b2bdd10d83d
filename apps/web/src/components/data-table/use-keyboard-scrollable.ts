import { useEffect } from 'react';

/**
 * Watches the antd tables under the element `root` returns (a DataTable's box, or `document.body`) so
 * that a table wider than its box scrolls from the keyboard (keyboard-scroll.ts `watchScrollers`, loaded on
 * demand; issue #19). `labelledBy` names the scroll region (a DataTable's title).
 */
export function useKeyboardScrollable(root: () => HTMLElement | null, labelledBy?: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the root getter reads a ref; watched once per title
  useEffect(() => {
    const element = root();
    if (!element) return;
    let live = true;
    let stop = () => {};
    void import('./keyboard-scroll.ts').then((m) => {
      if (live) stop = m.watchScrollers(element, labelledBy);
    });
    return () => {
      live = false;
      stop();
    };
  }, [labelledBy]);
}
