import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import QuotePage from './QuotePage.tsx';

/**
 * The supplier's quote page after it answered (issue #33): its own decline reads "Declined", "Take part"
 * is gone once it took part, and an awarded line shows its quota share and the quantity it gets.
 */
const server = vi.hoisted(() => ({ lines: [] as unknown[], open: true }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: ['sale'], actions: ['enquiry.read', 'enquiry.quote'] };
    if (config.url === '/inquiry/SaleEnquiryService/findQuote/q1')
      return {
        record: { enquiryNumber: 'RFQ1', enquiryDesc: 'Test', quoteMethod: '1', quoteEndTime: null },
        costItems: [],
        feeItems: [],
        currencies: [{ currency: 'CNY', exchangeRate: '1.000000' }],
        open: server.open,
        lines: server.lines,
      };
    throw new Error(`unexpected call ${config.url}`);
  }),
}));

const line = (itemId: string, materialNumber: string, extra: Record<string, unknown>) => ({
  itemId,
  lineNumber: 10,
  materialNumber,
  materialDesc: 'Bolt',
  unit: 'PCS',
  quantity: '2000.000',
  deliveryDate: '2027-01-31',
  quoteStatus: '1',
  quota: null,
  awardedQuantity: null,
  quote: null,
  rank: null,
  inRound: true,
  ...extra,
});

afterEach(() => cleanup());

describe('the quote page after the supplier answered (issue #33)', () => {
  it('shows its own decline as Declined and no Take part once it took part', async () => {
    server.open = true;
    server.lines = [line('l1', 'M-1', { quoteStatus: '1' }), line('l2', 'M-2', { quoteStatus: '4' })];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByText('Declined')).toBeTruthy();
    expect(screen.queryByText('Rejected')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  });

  it('offers Take part while a line has no response', async () => {
    server.open = true;
    server.lines = [line('l1', 'M-1', { quoteStatus: '0' })];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByRole('button', { name: 'Take part' })).toBeTruthy();
  });

  it('shows the awarded share and quantity per line', async () => {
    server.open = false;
    server.lines = [
      line('l1', 'M-1', {
        quoteStatus: '5',
        quota: '60.00',
        awardedQuantity: '1200.000',
        quote: {
          priceExcludingTax: '0.011',
          taxRate: '13',
          ladder: null,
          costs: null,
          fees: null,
          currency: 'CNY',
        },
      }),
      line('l2', 'M-2', { quoteStatus: '6' }),
    ];
    renderScreen(<QuotePage />, '/v2/quote?id=q1', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByRole('columnheader', { name: 'Awarded share' })).toBeTruthy();
    expect(screen.getByText('60 % · 1200 PCS')).toBeTruthy();
    expect(screen.getByText('Not won')).toBeTruthy();
  });
});
