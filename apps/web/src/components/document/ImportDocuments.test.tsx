import { deliveryNoteDefinition as note } from '@srm/contracts/delivery-note';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { ImportDocuments, ImportErrorTable } from './ImportDocuments.tsx';

/** What the mocked `call` answers, and the configs it was called with (a plain function, not a spy). */
const server: {
  answer: () => Promise<unknown>;
  calls: Array<{ url: string; method: string; data: FormData }>;
  /** The caller's actions (GET /user/getPermissions, issue #19). */
  actions: string[];
} = {
  answer: async () => null,
  calls: [],
  actions: ['deliveryNote.import'],
};
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: (config: { url: string; method: string; data: FormData }) => {
    if (config.url === '/user/getPermissions')
      return Promise.resolve({ permission: 'normal', roles: ['buyer'], actions: server.actions });
    server.calls.push(config);
    return server.answer();
  },
}));

/** The query client of the last render (to see the permissions arrive). */
let client = new QueryClient();

function renderImport(onImported = vi.fn()) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  render(
    <QueryClientProvider client={client}>
      <App>
        <ImportDocuments def={note} side="purchase" onImported={onImported} />
      </App>
    </QueryClientProvider>,
  );
  return onImported;
}

/** Opens the dialog and picks a file in the upload's input. */
async function upload() {
  fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
  await screen.findByText('Download template');
  const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
  expect(input).toBeTruthy();
  const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'requests.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  server.calls = [];
  server.actions = ['deliveryNote.import'];
});
afterEach(cleanup);

describe('ImportDocuments', () => {
  it('posts the file to the side’s import and shows a refused file’s problems per row', async () => {
    server.answer = async () => {
      throw new ApiError('400', '2 rows have errors; nothing was imported', 'body', {
        errors: [
          { row: 3, field: 'Delivery quantity', message: 'Delivery quantity is required' },
          { row: 5, field: 'Transport way', message: 'Transport way must be one of Road, Rail' },
        ],
      });
    };
    const onImported = renderImport();
    await upload();
    await waitFor(() => expect(document.querySelector('.document-import-errors table')).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(screen.getByText('2 rows have errors; nothing was imported')).toBeTruthy();
    const rows = [...document.querySelectorAll('.document-import-errors tbody tr')];
    // Two problems: row, column, message.
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['3', 'Delivery quantity', 'Delivery quantity is required'],
      ['5', 'Transport way', 'Transport way must be one of Road, Rail'],
    ]);
    expect(onImported).not.toHaveBeenCalled();
    const [config] = server.calls;
    expect(config).toMatchObject({ url: '/order/PurchaseDeliveryNoteService/import', method: 'POST' });
    expect((config.data.get('file') as File).name).toBe('requests.xlsx');
  }, 30_000);

  it('names the sheet of each problem when a child collection’s sheet has one (issue #34)', async () => {
    useSettings.setState({ locale: 'en' });
    await i18n.changeLanguage('en');
    render(
      <ImportErrorTable
        message="2 rows have errors; nothing was imported"
        firstSheet="Contract"
        errors={[
          { row: 2, field: 'Payment plan', message: 'Payment plan is required' },
          {
            sheet: 'Payment plan',
            row: 3,
            field: 'Ratio',
            message: 'Payment plan, line 20, Ratio must be positive',
          },
        ]}
      />,
    );
    const table = document.querySelector('.document-import-errors') as HTMLElement;
    expect([...table.querySelectorAll('th')].map((c) => c.textContent)).toEqual([
      'Sheet',
      'Row',
      'Column',
      'Problem',
    ]);
    expect(
      [...table.querySelectorAll('tbody tr')].map((r) =>
        [...r.querySelectorAll('td')].map((c) => c.textContent),
      ),
    ).toEqual([
      ['Contract', '2', 'Payment plan', 'Payment plan is required'],
      ['Payment plan', '3', 'Ratio', 'Payment plan, line 20, Ratio must be positive'],
    ]);
  });

  it('reports the count of created documents, refreshes through onImported and closes', async () => {
    server.answer = async () => ({ created: 2, numbers: ['DN2611000001', 'DN2611000002'] });
    const onImported = renderImport();
    await upload();
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(2), { timeout: 10_000 });
    expect(await screen.findByText('2 documents imported')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  }, 30_000);

  it('is not offered to a user whose roles lack the kind’s import (issue #19)', async () => {
    server.actions = ['deliveryNote.read', 'deliveryNote.save'];
    renderImport();
    // The permissions arrived (not merely loading) and the button stays away.
    await waitFor(() => expect(client.getQueryData(['permissions'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  }, 30_000);
});
