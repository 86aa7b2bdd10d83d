/** antd's scroll containers of a table: the whole table (horizontal scroll) or its body (fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * What can change size inside a table's box without resizing the `<table>` (a fixed-layout table keeps its
 * width): an empty table's placeholder, as wide as the table's wrapper by a style rc-table sets once it has
 * measured it.
 */
const OVERFLOWING = '.ant-table-expanded-row-fixed';

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
 *
 * Whether a container scrolls is a matter of layout, not of the DOM: an empty table's placeholder row takes
 * its width from a style rc-table sets after measuring, column widths arrive as styles, a box narrows when
 * the page gains a scroll bar — none of which adds or removes an element. So each container, its content
 * (the `<table>`) and an empty table's placeholder are watched with a ResizeObserver, whose callback runs after layout and before
 * paint: a container is marked in the very frame it starts (or stops) scrolling. A MutationObserver only
 * brings new containers under watch (and a removed one out of it). Marks once at once, too (a table already
 * drawn when the watch starts). Returns the function that stops watching.
 */
export function watchScrollers(root: HTMLElement, labelledBy?: string): () => void {
  const mark = () => markScrollers(root, labelledBy);
  const sizes = new ResizeObserver(mark);
  const watched = new Set<Element>();
  const watch = () => {
    const now = new Set<Element>();
    for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
      now.add(el);
      for (const content of [el, ...el.children, ...el.querySelectorAll(OVERFLOWING)]) now.add(content);
    }
    for (const el of now) if (!watched.has(el)) sizes.observe(el);
    for (const el of watched) if (!now.has(el)) sizes.unobserve(el);
    watched.clear();
    for (const el of now) watched.add(el);
  };
  const elements = new MutationObserver(watch);
  elements.observe(root, { childList: true, subtree: true });
  watch();
  mark();
  return () => {
    elements.disconnect();
    sizes.disconnect();
  };
}
