/** antd's scroll containers of a table: the whole table (horizontal scroll) or its body (fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/** Sets or removes the focus stop of each table scroll container under `root` (see watchScrollers). */
export function markScrollers(root: HTMLElement, labelledBy?: string): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    if (scrolls) {
      el.tabIndex = 0;
      if (labelledBy && root.ownerDocument.getElementById(labelledBy)) {
        el.setAttribute('role', 'region');
        el.setAttribute('aria-labelledby', labelledBy);
      }
    } else if (el.hasAttribute('tabindex')) {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-labelledby');
    }
  }
}

/**
 * Makes each scroll container of the antd tables under `root` reachable from the keyboard while it scrolls
 * (WCAG 2.1.1, axe `scrollable-region-focusable`; issue #19): a table wider than its box (many columns,
 * `scroll.x`) gets `tabindex="0"` so the arrow keys scroll it, and `role="region"` named by the element
 * `labelledBy` (the table's title) when there is one; a container that no longer scrolls loses them.
 * Checked on the next frame after any change of the elements under `root` and when the window resizes.
 * Returns the function that stops watching. Loaded on demand (`useKeyboardScrollable`), outside the portal's
 * first bundle.
 */
export function watchScrollers(root: HTMLElement, labelledBy?: string): () => void {
  let pending = 0;
  const schedule = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      markScrollers(root, labelledBy);
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(pending);
  };
}
