import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';

const TITLE = 'Purchase order 100000 · 华东精密 PO2026110001 to be confirmed';

vi.mock('../../lib/message-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/message-api.ts')>()),
  findHeaderMessages: async () => ({
    statusText: 'OK',
    body: {
      code: '200',
      message: 'ok',
      data: {
        records: [{ id: 'm1', msgTitle: TITLE, sendTime: '2026-11-24T08:00:00.000Z', readFlag: 'N' }],
        total: 1,
      },
    },
  }),
}));

const { useAuth } = await import('../../lib/auth-store.ts');
const { default: MessagePopoverTable } = await import('./MessagePopoverTable.tsx');

describe('the bell popover (issue #12)', () => {
  it('shows a message title whole, with its document number, and the whole title as a tooltip', async () => {
    useAuth.setState({ userInfo: { elsAccount: '100000', elsSubAccount: 'buyer1' } as never });
    render(
      <MemoryRouter>
        <MessagePopoverTable open onLeave={() => {}} />
      </MemoryRouter>,
    );
    const title = await screen.findByText(TITLE, {}, { timeout: 10_000 });
    expect(title.getAttribute('title')).toBe(TITLE);
    // Not cut by the table: the cell wraps instead of ending in an ellipsis before the number.
    const cell = title.closest('td');
    expect(cell?.className).not.toMatch(/ellipsis/);
    expect(cell?.querySelector('.ant-table-cell-content')).toBeNull();
  }, 20_000);
});
