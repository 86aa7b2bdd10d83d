import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preventEnterSubmit } from '../../components/document/FieldInput.tsx';

/** The order form's shape: header inputs, and inputs inside the lines table. */
function OrderForm({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      onKeyDown={preventEnterSubmit}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <input aria-label="Supplier account" />
      <input aria-label="Order date" />
      <textarea aria-label="Remark" />
      <table className="order-lines-edit">
        <tbody>
          <tr>
            <td>
              <input aria-label="Delivery date 1" />
            </td>
          </tr>
        </tbody>
      </table>
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

describe('Enter in the order form (issues #12, #33)', () => {
  it('inside a line input confirms that input only: the whole order is not saved', () => {
    render(<OrderForm onSubmit={vi.fn()} />);
    // fireEvent returns false when a handler prevented the default action (the implicit submission).
    expect(fireEvent.keyDown(screen.getByLabelText('Delivery date 1'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('Delivery date 1'), { key: 'Tab' })).toBe(true);
  });

  it('in a header field (the order date) does not save either: only the Save button does', () => {
    render(<OrderForm onSubmit={vi.fn()} />);
    expect(fireEvent.keyDown(screen.getByLabelText('Order date'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('Supplier account'), { key: 'Enter' })).toBe(false);
    // A new line in a multi-line text stays possible.
    expect(fireEvent.keyDown(screen.getByLabelText('Remark'), { key: 'Enter' })).toBe(true);
  });
});
