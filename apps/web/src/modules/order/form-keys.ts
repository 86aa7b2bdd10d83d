import type { KeyboardEvent } from 'react';

/**
 * Enter in an input of the lines (a delivery date, a quantity …) confirms that input only: it must not save
 * the whole order (issue #12). Enter in a header field still saves, as the Save button does.
 */
export function keepEnterInLines(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter') return;
  const target = event.target as HTMLElement;
  if (target.tagName === 'INPUT' && target.closest('.order-lines-edit')) event.preventDefault();
}
