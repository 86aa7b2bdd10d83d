import { deliveryNoteDefinition as note } from '@srm/contracts/delivery-note';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { DocumentForm } from './DocumentForm.tsx';

/** The buyer named line field fbk1 of delivery notices; the save call answers the saved record. */
const calls = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; data?: Record<string, unknown> }) => {
    calls.urls.push(config.url);
    if (config.url.endsWith('/findLabels/deliveryNoteItem'))
      return {
        documentKind: 'deliveryNoteItem',
        labels: [{ fieldKey: 'fbk1', zh_cn: '炉号', en: 'Heat number' }],
        version: 1,
      };
    if (config.url.includes('/findLabels/')) return { documentKind: 'deliveryNote', labels: [], version: 0 };
    return { id: 'n1', version: 0, ...config.data };
  }),
}));

afterEach(cleanup);

describe('DocumentForm: the line custom fields drawer', () => {
  it('lists the named line fields as inputs (not the unnamed ones) and saves their values with the line', async () => {
    useSettings.setState({ locale: 'en' });
    void i18n.changeLanguage('en');
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <DocumentForm
            def={note}
            side="sale"
            title="New delivery notice"
            initial={{
              noteDate: '2026-11-24',
              lines: [{ orderItemId: 'o1', materialNumber: 'M-7', sendDeliveryNoteQuantity: '5' }],
            }}
            lineFields={['sendDeliveryNoteQuantity']}
            onSaved={onSaved}
          />
        </App>
      </QueryClientProvider>,
    );
    // The labels of the caller's company for a new document: header and lines.
    await waitFor(() => expect(calls.urls).toContain('/CustomFieldService/findLabels/deliveryNoteItem'));
    // Named by what it shows first (WCAG 2.5.3, issue #32).
    fireEvent.click(screen.getByRole('button', { name: 'Add — custom fields of line 10' }));
    expect(await screen.findByText('Custom fields of line 10 · M-7')).toBeTruthy();
    const heat = await screen.findByLabelText('Heat number (fbk1) of line 10');
    // Unnamed fields are not listed (they can be added one by one).
    expect(screen.queryByLabelText('fbk2 of line 10')).toBeNull();
    fireEvent.change(heat, { target: { value: ' H-2026-01 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    // The line's button counts the field now.
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: /custom fields of line 10$/ }).textContent).toContain(
          '1 set',
        ),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('button', { name: /^1 set — custom fields of line 10$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(onSaved.mock.calls[0][0].lines[0]).toMatchObject({ orderItemId: 'o1', fbk1: 'H-2026-01' });
    expect(onSaved.mock.calls[0][0].lines[0]).not.toHaveProperty('fbk2');
  }, 30_000);
});
