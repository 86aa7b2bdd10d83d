import type { TableProps } from 'antd';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext } from 'react';

/**
 * A table header title that is inert in antd's hidden measure row (issue #19). With a horizontal scroll,
 * antd copies every column title into an `aria-hidden` row to measure widths; a title holding a control
 * (the select-all checkbox) then leaves a focusable element in hidden content (WCAG 4.1.2, axe
 * aria-hidden-focus). Inside that row the copy is wrapped in an `inert` box: same width, not focusable.
 */
export function MeasureInert({ children }: { children: ReactNode }) {
  const inMeasureRow = useContext(TableMeasureRowContext);
  return inMeasureRow ? <div inert>{children}</div> : children;
}

/**
 * The row selection of a table with its select-all title made inert in the measure row (see
 * MeasureInert); `undefined` stays `undefined`. A caller's own `columnTitle` is kept, wrapped.
 */
export function measureSafeSelection<T>(
  selection: TableProps<T>['rowSelection'],
): TableProps<T>['rowSelection'] {
  if (!selection) return selection;
  const own = selection.columnTitle;
  return {
    ...selection,
    columnTitle: (checkbox: ReactNode) => (
      <MeasureInert>{typeof own === 'function' ? own(checkbox) : (own ?? checkbox)}</MeasureInert>
    ),
  };
}
