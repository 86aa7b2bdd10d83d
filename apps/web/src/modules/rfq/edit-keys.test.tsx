import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import EnquiryEdit from './EnquiryEdit.tsx';

/** The new RFQ form's calls: its selects' sources and settings; a save is recorded, never answered. */
const server = vi.hoisted(() => ({ saves: 0 }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    const url = config.url;
    if (url === '/user/getPermissions') return { permission: 'normal', roles: [], actions: ['enquiry.save'] };
    if (url.endsWith('/findPageList')) return { records: [], rows: [], nextCursor: null };
    if (url === '/inquiry/PurchaseEnquiryService/formSettings') return { minSuppliersPerLine: 3 };
    if (url === '/inquiry/PurchaseEnquiryService/save') server.saves += 1;
    throw new Error(`unexpected call ${url}`);
  }),
}));

afterEach(() => {
  cleanup();
  server.saves = 0;
});

describe('Enter in the RFQ edit form (issue #33)', () => {
  it('in a date field confirms the date only: the RFQ is not saved', async () => {
    renderScreen(<EnquiryEdit />, '/v2/edit', ['enquiry.save']);
    await screen.findByRole('button', { name: 'Save' });
    for (const name of ['Requested date', 'Quote deadline']) {
      const input = screen.getAllByLabelText(name)[0];
      // fireEvent answers false when a handler cancelled Enter's default (the browser's implicit submission).
      expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' }), name).toBe(false);
    }
    await waitFor(() => expect(server.saves).toBe(0));
  }, 90_000);
});
