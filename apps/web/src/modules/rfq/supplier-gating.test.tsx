import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import BiddingRoom from '../ebidding/BiddingRoom.tsx';
import QuotePage from './QuotePage.tsx';

/** The supplier's quote page and bidding room as the server answers them (an open RFQ, a running auction). */
const server = vi.hoisted(() => ({ actions: [] as string[], unexpected: [] as string[] }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    const url = config.url;
    if (url === '/user/getPermissions')
      return { permission: 'normal', roles: ['sale'], actions: server.actions };
    if (url === '/inquiry/SaleEnquiryService/findQuote/q1')
      return {
        record: { enquiryNumber: 'RFQ1', enquiryDesc: 'Test', quoteMethod: '1', quoteEndTime: null },
        costItems: [],
        feeItems: [],
        currencies: [{ currency: 'CNY', exchangeRate: '1.000000' }],
        open: true,
        lines: [
          {
            itemId: 'l1',
            lineNumber: 10,
            materialNumber: 'M-1',
            materialDesc: 'Bolt',
            unit: 'PCS',
            quantity: '100.000',
            deliveryDate: '2027-01-31',
            quoteStatus: '0',
            quota: null,
            quote: null,
            rank: null,
            inRound: true,
          },
        ],
      };
    if (url === '/ebidding/SaleEbiddingService/findRoom/e1')
      return {
        record: {
          id: 'e1',
          version: 3,
          ebiddingNumber: 'EB1',
          ebiddingName: 'Boxes',
          ebiddingStatus: '2',
          ebiddingType: '1',
          ebiddingMethod: '1',
          pauseStatus: '0',
          startTime: new Date(Date.now() - 60_000).toISOString(),
          endTime: new Date(Date.now() + 3_600_000).toISOString(),
          startingPrice: '1000.000000',
          priceReviseType: '1',
          priceReviseExtent: '10',
          currency: 'CNY',
          postponeCount: 0,
          bargainStatus: '0',
        },
        serverTime: new Date().toISOString(),
        open: true,
        bidCount: 0,
        bidderStatus: '1',
        bargainStatus: '0',
        lot: {
          startingPrice: '1000.000000',
          bestPrice: null,
          ownPrice: null,
          ownSeq: null,
          ownBout: null,
          rank: null,
          bidders: 0,
          clock: null,
        },
        lines: [],
      };
    server.unexpected.push(url);
    throw new Error(`unexpected call ${url}`);
  }),
}));
// No broker in jsdom: the room polls instead of listening.
vi.mock('../ebidding/live.ts', () => ({ useLivePush: () => false }));

afterEach(() => {
  cleanup();
  server.unexpected = [];
});

function renderPage(page: 'quote' | 'room', actions: string[]) {
  server.actions = actions;
  if (page === 'quote') renderScreen(<QuotePage />, '/v2/quote?id=q1', actions);
  else renderScreen(<BiddingRoom />, '/v2/room?id=e1', actions);
}

describe('the supplier’s own steps follow its roles (issue #19)', () => {
  it('quote page: take part, quote and decline with enquiry.quote', async () => {
    renderPage('quote', ['enquiry.read', 'enquiry.quote']);
    expect(await screen.findByRole('button', { name: 'Submit quote' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take part' })).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });

  it('quote page: read only without enquiry.quote', async () => {
    renderPage('quote', ['enquiry.read']);
    expect(await screen.findByText('M-1 Bolt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take part' })).toBeNull();
  });

  it('bidding room: the offer form with ebidding.bid, only the standing without it', async () => {
    renderPage('room', ['ebidding.read', 'ebidding.bid']);
    expect(await screen.findByRole('button', { name: 'Place offer' })).toBeTruthy();
    cleanup();
    renderPage('room', ['ebidding.read']);
    expect(await screen.findByText('Your rank')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place offer' })).toBeNull();
    expect(server.unexpected).toEqual([]);
  });
});
