import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markScrollers, watchScrollers } from './keyboard-scroll.ts';

/** A table box whose scroll container has the given content and box widths (jsdom does no layout). */
function tableBox(scrollWidth: number, clientWidth: number): { root: HTMLElement; scroller: HTMLElement } {
  const root = document.createElement('div');
  root.innerHTML = '<span id="t1">Orders</span><div class="ant-table-content"><table></table></div>';
  document.body.append(root);
  const scroller = root.querySelector<HTMLElement>('.ant-table-content') as HTMLElement;
  Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: clientWidth });
  return { root, scroller };
}

describe('markScrollers (issue #19, axe scrollable-region-focusable)', () => {
  it('makes a table wider than its box a focusable region named by the title', () => {
    const { root, scroller } = tableBox(1200, 800);
    markScrollers(root, 't1');
    expect(scroller.getAttribute('tabindex')).toBe('0');
    expect(scroller.getAttribute('role')).toBe('region');
    expect(scroller.getAttribute('aria-labelledby')).toBe('t1');
    root.remove();
  });

  it('adds no tab stop to a table that fits, and removes it once the table fits again', () => {
    const { root, scroller } = tableBox(800, 800);
    markScrollers(root, 't1');
    expect(scroller.hasAttribute('tabindex')).toBe(false);
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 1000 });
    markScrollers(root);
    expect(scroller.getAttribute('tabindex')).toBe('0');
    expect(scroller.hasAttribute('role')).toBe(false);
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 800 });
    markScrollers(root);
    expect(scroller.hasAttribute('tabindex')).toBe(false);
    root.remove();
  });
});

/**
 * The browser's ResizeObserver as far as watchScrollers uses it (jsdom has none and does no layout): it
 * records what is observed, and `resized` plays the browser's part after a layout that changed the size
 * of `el` — each observer watching `el` is called back, as between layout and paint.
 */
class LayoutObserver {
  static all = new Set<LayoutObserver>();
  readonly targets = new Set<Element>();
  constructor(readonly callback: ResizeObserverCallback) {
    LayoutObserver.all.add(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
    LayoutObserver.all.delete(this);
  }
  /** Reports a size change of `el`; returns how many observers were told. */
  static resized(el: Element): number {
    const told = [...LayoutObserver.all].filter((o) => o.targets.has(el));
    for (const o of told) o.callback([], o as unknown as ResizeObserver);
    return told.length;
  }
}

/** An empty table's box: its placeholder row (rc-table's `.ant-table-expanded-row-fixed`) in the scroller. */
function emptyTableBox(): { root: HTMLElement; scroller: HTMLElement; placeholder: HTMLElement } {
  const root = document.createElement('div');
  root.innerHTML =
    '<span id="t2">Orders</span><div class="ant-table-content"><table><tbody><tr class="ant-table-placeholder">' +
    '<td><div class="ant-table-expanded-row-fixed">No orders</div></td></tr></tbody></table></div>';
  document.body.append(root);
  const scroller = root.querySelector<HTMLElement>('.ant-table-content') as HTMLElement;
  const placeholder = root.querySelector<HTMLElement>('.ant-table-expanded-row-fixed') as HTMLElement;
  return { root, scroller, placeholder };
}

/** Gives `el` the layout sizes a browser would measure. */
function layOut(el: HTMLElement, scrollWidth: number, clientWidth: number): void {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('watchScrollers: focusable as soon as it scrolls (the empty-list race, issue #19)', () => {
  // The test setup's stand-in is writable, not configurable: swapped by assignment.
  const before = window.ResizeObserver;
  beforeEach(() => {
    window.ResizeObserver = LayoutObserver as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    window.ResizeObserver = before;
    LayoutObserver.all.clear();
  });

  it('marks a table that already scrolls when the watch starts, not a frame later', () => {
    const { root, scroller } = emptyTableBox();
    layOut(scroller, 1300, 1036);
    const stop = watchScrollers(root, 't2');
    expect(scroller.getAttribute('tabindex')).toBe('0');
    expect(scroller.getAttribute('aria-labelledby')).toBe('t2');
    stop();
    root.remove();
  });

  it('marks an empty table that starts to scroll by a layout change alone (no element added or removed)', () => {
    const { root, scroller, placeholder } = emptyTableBox();
    layOut(scroller, 1036, 1036);
    const stop = watchScrollers(root);
    expect(scroller.hasAttribute('tabindex')).toBe(false);
    // rc-table has measured the wrapper and widened the placeholder by a style: the box now overflows.
    layOut(scroller, 1068, 1036);
    expect(LayoutObserver.resized(placeholder)).toBeGreaterThan(0);
    expect(scroller.getAttribute('tabindex')).toBe('0');
    // The box grew (the page lost its scroll bar): it fits again and is no tab stop any more.
    layOut(scroller, 1068, 1068);
    expect(LayoutObserver.resized(scroller)).toBeGreaterThan(0);
    expect(scroller.hasAttribute('tabindex')).toBe(false);
    stop();
    root.remove();
  });

  it('watches a table drawn after the watch started, and stops watching when told', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const stop = watchScrollers(root);
    const { root: box, scroller } = emptyTableBox();
    root.append(box);
    await Promise.resolve(); // the MutationObserver's turn
    const table = scroller.querySelector('table') as HTMLElement;
    layOut(scroller, 1300, 1036);
    expect(LayoutObserver.resized(table)).toBeGreaterThan(0);
    expect(scroller.getAttribute('tabindex')).toBe('0');
    stop();
    expect(LayoutObserver.resized(table)).toBe(0);
    root.remove();
  });
});
