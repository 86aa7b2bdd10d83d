import type { TableProps } from 'antd';

/**
 * The row selection of a table with each row's checkbox named by what identifies the row (issue #32, WCAG
 * 2.5.3/4.1.2): `label(rowName(row))`, e.g. "Select PO2026120001" / "选择 PO2026120001", instead of antd's
 * untranslated "Select row 1" / "Row 1 selected", which names a position, not a document, and changes when
 * the box is ticked. A caller's own `getCheckboxProps` is kept, and its `aria-label` wins. `undefined` stays
 * `undefined`.
 */
export function namedSelection<T>(
  selection: TableProps<T>['rowSelection'],
  rowName: (row: T) => string,
  label: (name: string) => string,
): TableProps<T>['rowSelection'] {
  if (!selection) return selection;
  const own = selection.getCheckboxProps;
  return {
    ...selection,
    getCheckboxProps: (row: T) => ({ 'aria-label': label(rowName(row)), ...own?.(row) }),
  };
}
