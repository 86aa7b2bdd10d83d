import { deliveryNoteDefinition as note } from '@srm/contracts/delivery-note';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import type { DocAttachment } from './api.ts';
import { DocumentAttachments, formatSize } from './DocumentAttachments.tsx';

const BASE = '/order/SaleDeliveryNoteService';
const files: DocAttachment[] = [
  {
    id: 'a1',
    fileName: 'quality-report.pdf',
    contentType: 'application/pdf',
    size: 1250,
    filePath: '200001/202611/x.pdf',
    elsAccount: '200001',
    side: 'sale',
    createUser: '200001_admin',
    createDate: '2026-11-25T08:00:00.000Z',
    mine: true,
  },
  {
    id: 'a2',
    fileName: 'drawing.png',
    contentType: 'image/png',
    size: 3 * 1024 * 1024,
    filePath: '100000/202611/y.png',
    elsAccount: '100000',
    side: 'purchase',
    createUser: '100000_buyer1',
    createDate: '2026-11-25T09:00:00.000Z',
    mine: false,
  },
];

const api = vi.hoisted(() => ({
  calls: [] as Array<{ url: string; method?: string; data?: unknown }>,
  /** The caller's actions (GET /user/getPermissions, issue #19). */
  actions: ['deliveryNote.read', 'deliveryNote.attach'],
}));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; method?: string; data?: unknown }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: ['sales'], actions: api.actions };
    api.calls.push(config);
    if (config.url === `${BASE}/attachments/n1` && config.method === 'POST') {
      const file = (config.data as FormData).get('file') as File;
      return { ...files[0], id: 'a3', fileName: file.name };
    }
    if (config.url === `${BASE}/attachments/n1`) return files;
    if (config.url === `${BASE}/deleteAttachment/n1`) return null;
    throw new Error(`unexpected call ${config.url}`);
  }),
}));

afterEach(() => {
  cleanup();
  api.calls.length = 0;
  api.actions = ['deliveryNote.read', 'deliveryNote.attach'];
});

/** The query client of the last render (to see the permissions arrive). */
let client = new QueryClient();

function renderSection(readOnly = false) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  return render(
    <QueryClientProvider client={client}>
      <App>
        <DocumentAttachments def={note} side="sale" id="n1" readOnly={readOnly} />
      </App>
    </QueryClientProvider>,
  );
}

describe('DocumentAttachments', () => {
  it('sizes read in bytes, KB and MB', () => {
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(1250)).toBe('1.2 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('lists both parties’ files with size, side and uploader; only the own file can be removed', async () => {
    renderSection();
    await screen.findByRole('button', { name: 'Remove quality-report.pdf' });
    const own = (await screen.findByText('quality-report.pdf')).closest('tr') as HTMLElement;
    const theirs = screen.getByText('drawing.png').closest('tr') as HTMLElement;
    expect(within(own).getByText('1.2 KB')).toBeTruthy();
    expect(within(own).getByText('Supplier')).toBeTruthy();
    expect(within(own).getByText('200001_admin')).toBeTruthy();
    expect(within(theirs).getByText('3.0 MB')).toBeTruthy();
    expect(within(theirs).getByText('Buyer')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Download quality-report.pdf' })).toBeTruthy();
    expect(within(theirs).getByRole('button', { name: 'Download drawing.png' })).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: /Remove/ })).toBeNull();

    fireEvent.click(within(own).getByRole('button', { name: 'Remove quality-report.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        url: `${BASE}/deleteAttachment/n1`,
        method: 'POST',
        data: { attachmentId: 'a1' },
      }),
    );
  }, 30_000);

  it('uploads a picked file as multipart field file to the document', async () => {
    const view = renderSection();
    await screen.findByText('quality-report.pdf');
    await screen.findByRole('button', { name: 'Attach a file' });
    const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
    const picked = new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [picked] } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url === `${BASE}/attachments/n1`)).toBe(true),
    );
    const sent = api.calls.find((c) => c.method === 'POST') as { data: FormData };
    expect((sent.data.get('file') as File).name).toBe('certificate.pdf');
    expect(await screen.findByText('certificate.pdf attached')).toBeTruthy();
  }, 30_000);

  it('read-only: no upload and no remove, downloads stay', async () => {
    renderSection(true);
    await screen.findByText('quality-report.pdf');
    expect(screen.queryByRole('button', { name: 'Attach a file' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download quality-report.pdf' })).toBeTruthy();
  }, 30_000);

  it('without the kind’s attach action: no upload and no remove, downloads stay (issue #19)', async () => {
    api.actions = ['deliveryNote.read'];
    renderSection();
    await screen.findByText('quality-report.pdf');
    // The permissions arrived (not merely loading) and the buttons stay away.
    await waitFor(() => expect(client.getQueryData(['permissions'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Attach a file' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download quality-report.pdf' })).toBeTruthy();
  }, 30_000);
});
