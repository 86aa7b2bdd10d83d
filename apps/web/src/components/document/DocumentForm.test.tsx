import { deliveryNoteDefinition as note } from '@srm/contracts/delivery-note';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { DocumentForm } from './DocumentForm.tsx';

// The save call answers the saved record (the http client's envelope unwrapped).
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { data: Record<string, unknown> }) => ({
    id: 'n1',
    version: 0,
    ...config.data,
  })),
}));

const LINE = { orderItemId: 'o1', orderNumber: 'PO1', remainQuantity: '5', sendDeliveryNoteQuantity: '5' };

function renderForm(onSaved = vi.fn(), lines: Array<Record<string, unknown>> = [LINE]) {
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <DocumentForm
          def={note}
          side="sale"
          title="New delivery notice"
          initial={{
            noteDate: '2026-11-24',
            lines,
          }}
          lineFields={['sendDeliveryNoteQuantity', 'batchNumber']}
          lineMax={{ sendDeliveryNoteQuantity: (line) => String(line.remainQuantity) }}
          onSaved={onSaved}
        />
      </App>
    </QueryClientProvider>,
  );
  return onSaved;
}

afterEach(cleanup);

describe('DocumentForm', () => {
  it('Enter in an input does not save; the rules of the definition and the upper bound apply', async () => {
    const onSaved = renderForm();
    const quantity = screen.getByLabelText('Delivery quantity of line 10');
    fireEvent.change(quantity, { target: { value: '6' } });
    // The form cancels Enter's default (the browser's implicit submission).
    expect(fireEvent.keyDown(quantity, { key: 'Enter', code: 'Enter' })).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery quantity of line 10 cannot exceed 5')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.change(quantity, { target: { value: '4.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    // Only input fields travel: the line's source (order number, remaining) stays behind.
    expect(onSaved.mock.calls[0][0]).toMatchObject({
      noteDate: '2026-11-24',
      lines: [{ orderItemId: 'o1', sendDeliveryNoteQuantity: '4.5' }],
    });
    expect(onSaved.mock.calls[0][0].lines[0]).not.toHaveProperty('orderNumber');
  }, 30_000);

  it('"add at least one line" is a field error', async () => {
    const onSaved = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one line')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  }, 30_000);

  it("shows the server's field errors next to their fields, not as one message (issue #33)", async () => {
    const onSaved = renderForm();
    const message = 'Line 10, Batch number must be at most 50 long';
    vi.mocked(call).mockRejectedValueOnce(
      new ApiError('400', `Invalid input: ${message}`, 'body', {
        errors: [
          {
            path: 'body.lines.0.batchNumber',
            segments: ['lines', 0, 'batchNumber'],
            field: 'Line 10, Batch number',
            rule: 'tooLong',
            message,
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const shown = await screen.findByText(message);
    // Under the line's batch number input, in that field's own error list; no alert repeats it.
    const item = shown.closest('.ant-form-item');
    expect(item?.querySelector('input[aria-label="Batch number of line 10"]')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /Invalid input/ })).toBeNull();
    expect(screen.queryByText(`Invalid input: ${message}`)).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  }, 30_000);

  it('names each line by its line number (10, 20 …) as the server does, not by its row (issue #33)', async () => {
    renderForm(vi.fn(), [LINE, { ...LINE, orderItemId: 'o2' }]);
    expect(screen.getByLabelText('Delivery quantity of line 20')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove line 20' })).toBeTruthy();
    expect(screen.queryByLabelText('Delivery quantity of line 2')).toBeNull();
    const numbers = [...document.querySelectorAll('.document-lines-edit tr.ant-table-row')].map(
      (row) => row.querySelector('td')?.textContent,
    );
    expect(numbers).toEqual(['10', '20']);
    // The server's error for the second line (body.lines.1 → "Line 20") lands on that line's field.
    const message = 'Line 20, Batch number must be at most 50 long';
    vi.mocked(call).mockRejectedValueOnce(
      new ApiError('400', `Invalid input: ${message}`, 'body', {
        errors: [
          {
            path: 'body.lines.1.batchNumber',
            segments: ['lines', 1, 'batchNumber'],
            field: 'Line 20, Batch number',
            rule: 'tooLong',
            message,
          },
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const shown = await screen.findByText(message);
    expect(
      shown.closest('.ant-form-item')?.querySelector('input[aria-label="Batch number of line 20"]'),
    ).toBeTruthy();
  }, 30_000);
});
