import { deliveryNoteDefinition as note } from '@srm/contracts/delivery-note';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { ActionDialog } from './ActionDialog.tsx';

function renderShip(onSubmit: (body: Record<string, unknown>) => Promise<string | null>) {
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  render(
    <App>
      <ActionDialog
        name="ship"
        action={note.actions.ship}
        number="DN2026110001"
        version={3}
        record={{ logisticsCompany: null, trackingNumber: null }}
        lines={[]}
        lineNumber={(_l, i) => String((i + 1) * 10)}
        quantityOf={() => ({ remaining: '1' })}
        locale="en"
        onCancel={() => {}}
        onSubmit={onSubmit}
      />
    </App>,
  );
}

describe('ActionDialog', () => {
  it('requires the fields the definition says the action requires (ship: the logistics), as the server does', async () => {
    const onSubmit = vi.fn(async (_body: Record<string, unknown>) => null);
    renderShip(onSubmit);
    fireEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(screen.getAllByText(/required/i).length).toBeGreaterThanOrEqual(2));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Logistics company'), { target: { value: 'SF Express' } });
    fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: 'SF123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      version: 3,
      logisticsCompany: 'SF Express',
      trackingNumber: 'SF123',
    });
  });
});
