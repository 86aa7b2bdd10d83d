import { describe, expect, it } from 'vitest';
import { markScrollers } from './keyboard-scroll.ts';

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
