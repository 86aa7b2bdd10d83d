import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { DataTable } from './DataTable.tsx';

/**
 * Issue #32: a list's row checkboxes are named by the row's document number ("Select PO2026120001"), not by
 * antd's position ("Select row 1" / "Row 1 selected"), in both languages, ticked or not.
 */
type Row = { id: string; orderNumber: string };
const ROWS: Row[] = [
  { id: 'a1', orderNumber: 'PO2026120001' },
  { id: 'a2', orderNumber: 'PO2026120002' },
];

function List({ rowName }: { rowName?: (row: Row) => string }) {
  return (
    <DataTable<Row>
      tableId="namedSelectionTest"
      rowKey="id"
      rowName={rowName}
      queryKey={['namedSelectionTest', rowName ? 'named' : 'key']}
      fetchPage={async (paging) => ({ records: ROWS, total: ROWS.length, totalExact: true, ...paging })}
      columns={[{ key: 'orderNumber', title: 'Order number', dataIndex: 'orderNumber' }]}
      rowSelection={{}}
      exportable={false}
    />
  );
}

afterEach(() => cleanup());

describe('row checkboxes named by the document (issue #32)', () => {
  it('names each row by its number, ticked or not', async () => {
    renderScreen(<List rowName={(r) => r.orderNumber} />, '/');
    const first = await screen.findByRole('checkbox', { name: 'Select PO2026120001' });
    expect(screen.getByRole('checkbox', { name: 'Select PO2026120002' })).toBeTruthy();
    fireEvent.click(first);
    expect((screen.getByRole('checkbox', { name: 'Select PO2026120001' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByRole('checkbox', { name: /Row \d|row \d/ })).toBeNull();
  });

  it('without rowName, by the row key; in Chinese with 选择', async () => {
    renderScreen(<List />, '/');
    expect(await screen.findByRole('checkbox', { name: 'Select a1' })).toBeTruthy();
    cleanup();
    renderScreen(<List rowName={(r) => r.orderNumber} />, '/');
    await i18n.changeLanguage('zh_cn');
    expect(await screen.findByRole('checkbox', { name: '选择 PO2026120001' })).toBeTruthy();
  });
});
