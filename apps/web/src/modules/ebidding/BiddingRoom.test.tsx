import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import BiddingRoom from './BiddingRoom.tsx';

const S = '/ebidding/SaleEbiddingService';

/** The room findRoom answers (issue #33): status and standing set per test. */
const server = vi.hoisted(() => ({
  room: null as unknown,
  posts: [] as string[],
  /** What an offer answers: a rejection to throw, else accepted. */
  answer: null as Error | null,
  /** Whether the live channel is connected (then the room does not poll). */
  live: false,
}));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; method?: string }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: ['sale'], actions: ['ebidding.bid'] };
    if (config.url === `${S}/findRoom/a1`) return server.room;
    if (config.method === 'POST') {
      server.posts.push(config.url);
      if (server.answer) throw server.answer;
      return { seq: 9, price: '0.030000', bidTime: new Date().toISOString(), extendedTo: null };
    }
    throw new Error(`unexpected call ${config.url}`);
  }),
}));
// No live channel unless a test says so: the room polls while the auction may still change.
vi.mock('./live.ts', () => ({ useLivePush: () => server.live }));

afterEach(() => {
  cleanup();
  server.posts = [];
  server.live = false;
  server.answer = null;
});

const record = (o: Record<string, unknown>) => ({
  id: 'a1',
  version: 3,
  ebiddingNumber: 'EB-33',
  ebiddingName: 'Resistors',
  ebiddingStatus: '2',
  ebiddingType: '1',
  ebiddingMethod: '1',
  pauseStatus: '0',
  startMethod: '1',
  startTime: '2026-12-01T09:00:00.000Z',
  endTime: '2099-12-01T10:00:00.000Z',
  startingPrice: '1000',
  priceReviseType: '1',
  priceReviseExtent: '1',
  currency: 'CNY',
  postponeCount: 0,
  bargainStatus: '0',
  ...o,
});
const line = {
  itemId: 'l1',
  lineNumber: 10,
  materialNumber: 'M-1',
  materialDesc: 'Resistor',
  unit: 'PCS',
  quantity: '1000',
  deliveryDate: '2026-12-31',
  startingPrice: null,
};

function lotRoom(status: string, bidderStatus: string, rank: number | null) {
  return {
    record: record({ ebiddingStatus: status }),
    serverTime: new Date().toISOString(),
    open: status === '2',
    bidCount: rank === null ? 0 : 2,
    bidderStatus,
    bargainStatus: '0',
    lot: {
      startingPrice: '1000',
      bestPrice: '900',
      ownPrice: rank === null ? null : rank === 1 ? '900' : '950',
      ownSeq: rank === null ? null : 4,
      ownBout: 1,
      rank,
      bidders: 2,
    },
    lines: [line],
  };
}

const open = () => renderScreen(<BiddingRoom />, '/v2/room?id=a1', ['ebidding.bid']);
const statusLine = async () => (await screen.findByText('Your status')).closest('tr') as HTMLElement;

describe('the bidding room never contradicts itself (issue #33)', () => {
  it('a loser of an awarded auction sees "Not won" and no "Won" anywhere', async () => {
    server.room = lotRoom('4', '4', 2);
    open();
    expect(
      await screen.findByText('Not won', { selector: '.ant-alert-message, .ant-alert-title' }),
    ).toBeTruthy();
    expect(screen.queryAllByText(/^Won$/)).toEqual([]);
    expect(screen.getByText('Awarded')).toBeTruthy();
    expect(screen.queryByText('You have been outbid')).toBeNull();
  });

  it('after the end: awaiting the award, not "Bidding", no outbid, no polling', async () => {
    server.room = lotRoom('3', '1', 2);
    open();
    expect(within(await statusLine()).getByText(/Awaiting the award/)).toBeTruthy();
    expect(within(await statusLine()).queryByText(/Bidding ·/)).toBeNull();
    expect(screen.getByText('The auction has ended; the buyer has not awarded it yet')).toBeTruthy();
    expect(screen.queryByText('You have been outbid')).toBeNull();
    expect(screen.queryByText('Updating every 2 s')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place offer' })).toBeNull();
  });

  it('while running: rank 1 leads, a worse rank is outbid; the room polls without pushes', async () => {
    server.room = lotRoom('2', '1', 1);
    open();
    expect(await screen.findByText('You are leading')).toBeTruthy();
    expect(screen.queryByText('You have been outbid')).toBeNull();
    expect(screen.getByText('Updating every 2 s')).toBeTruthy();
    cleanup();
    server.room = lotRoom('2', '1', 2);
    open();
    expect(await screen.findByText('You have been outbid')).toBeTruthy();
    expect(screen.queryByText('You are leading')).toBeNull();
  });

  it('has a way back to the list', async () => {
    server.room = lotRoom('2', '1', 1);
    open();
    expect(await screen.findByRole('button', { name: 'Back to the list' })).toBeTruthy();
  });
});

describe('accepting on a descending clock is confirmed first (issue #33)', () => {
  const clock = { price: '0.030000', round: 1, floor: false, nextStepAt: '2099-12-01T09:10:00.000Z' };
  function dutchByLine() {
    return {
      record: record({ ebiddingType: '2', ebiddingMethod: '2', startingPrice: null }),
      serverTime: new Date().toISOString(),
      open: true,
      bidCount: 0,
      bidderStatus: '0',
      bargainStatus: '0',
      lot: null,
      lines: [
        // line 10 taken by another supplier at an earlier price; line 20 still open at 0.03
        {
          ...line,
          bestPrice: '0.040000',
          ownPrice: null,
          ownSeq: null,
          rank: null,
          bidders: 1,
          clock: { ...clock, price: '0.040000' },
        },
        {
          ...line,
          itemId: 'l2',
          lineNumber: 20,
          materialNumber: 'M-2',
          materialDesc: 'Capacitor',
          quantity: '500',
          bestPrice: null,
          ownPrice: null,
          ownSeq: null,
          rank: null,
          bidders: 0,
          clock,
        },
      ],
    };
  }

  it('Dutch per line: the header shows the price of the line the button accepts; Accept asks first', async () => {
    server.room = dutchByLine();
    open();
    const accept = await screen.findByRole('button', { name: 'Accept 0.030000' });
    expect(screen.getByText(/Line 20 · Current price \(round 1\): 0\.030000/)).toBeTruthy();
    fireEvent.click(accept);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('20 · M-2 Capacitor')).toBeTruthy();
    expect(within(dialog).getByText('0.030000 CNY')).toBeTruthy();
    expect(within(dialog).getByText('500 PCS')).toBeTruthy();
    expect(server.posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.posts).toEqual([]);
    fireEvent.click(accept);
    // the cancelled dialog may still be fading out: the newest one is the last
    const dialogs = await screen.findAllByRole('dialog');
    fireEvent.click(within(dialogs[dialogs.length - 1]).getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(server.posts).toEqual([`${S}/bid/a1`]));
  });

  it('Japanese: the room says a round not accepted drops the supplier out, and says when it did', async () => {
    server.room = {
      ...lotRoom('2', '1', 1),
      record: record({ ebiddingType: '3' }),
      lot: { ...lotRoom('2', '1', 1).lot, ownBout: 1, clock: { ...clock, round: 3 } },
    };
    open();
    expect(await screen.findByText(/a supplier that does not accept a round drops out/)).toBeTruthy();
    expect(screen.getByText('You did not accept round 2 and have dropped out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('Japanese: re-reads at the clock’s next step and says the drop-out then (no push comes)', async () => {
    const japanese = (round: number, nextStepAt: string) => ({
      ...lotRoom('2', '1', 1),
      record: record({ ebiddingType: '3' }),
      lot: { ...lotRoom('2', '1', 1).lot, ownBout: 1, clock: { ...clock, round, nextStepAt } },
    });
    server.live = true; // connected: no polling, and the step timer pushes nothing
    server.room = japanese(2, new Date(Date.now() + 800).toISOString());
    open();
    expect(await screen.findByRole('button', { name: 'Accept 0.030000' })).toBeTruthy();
    server.room = japanese(3, '2099-12-01T09:10:00.000Z');
    expect(
      await screen.findByText('You did not accept round 2 and have dropped out', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });
});

describe("the offer's own error is shown under it, not as a toast of the body path (issue #33)", () => {
  const errorOf = (input: HTMLElement) =>
    document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

  it('refuses a negative or malformed offer before sending it', async () => {
    server.room = lotRoom('2', '1', 2);
    open();
    const offer = await screen.findByLabelText('Your new offer');
    fireEvent.change(offer, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place offer' }));
    expect(await screen.findByText('The offer must be greater than 0')).toBeTruthy();
    expect(offer.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(offer)).toBe('The offer must be greater than 0');
    fireEvent.change(offer, { target: { value: '9,5' } });
    expect(offer.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place offer' }));
    expect(
      await screen.findByText('The offer must be a number with at most 14 integer digits and 6 decimals'),
    ).toBeTruthy();
    expect(server.posts).toEqual([]);
  });

  it("puts the server's field error for the price under the offer", async () => {
    server.room = lotRoom('2', '1', 2);
    server.answer = new ApiError('400', 'Invalid input: Offer must be at most 99', 'body', {
      errors: [
        {
          path: 'body.price',
          segments: ['price'],
          field: 'Offer',
          rule: 'tooBig',
          message: 'Offer must be at most 99',
        },
      ],
    });
    open();
    const offer = await screen.findByLabelText('Your new offer');
    fireEvent.change(offer, { target: { value: '800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place offer' }));
    expect(await screen.findByText('Offer must be at most 99')).toBeTruthy();
    expect(errorOf(offer)).toBe('Offer must be at most 99');
    expect(screen.queryByText('Invalid input: Offer must be at most 99')).toBeNull();
    expect(server.posts).toEqual([`${S}/bid/a1`]);
  });
});

describe("a bargain round's final offer shows its own error under it, not in a toast (issue #33)", () => {
  const errorOf = (input: HTMLElement) =>
    document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
  const bargainRoom = () => {
    const ended = lotRoom('3', '3', 2);
    return {
      ...ended,
      record: record({ ebiddingStatus: '3', bargainStatus: '1', bargainEndTime: '2099-12-01T10:00:00.000Z' }),
      open: false,
      bargainStatus: '1',
    };
  };

  it("refuses 0 before sending, and puts the server's refusal of offers.0.price under the input", async () => {
    server.room = bargainRoom();
    server.answer = new ApiError(
      '400',
      'The final offer must be at most your last offer 950.000000',
      'body',
      {
        errors: [
          {
            path: 'body.offers.0.price',
            segments: ['offers', 0, 'price'],
            field: 'Final offer',
            rule: 'ebidBargainAboveLast',
            message: 'The final offer must be at most your last offer 950.000000',
          },
        ],
      },
    );
    open();
    const offer = await screen.findByLabelText('Final offer for Resistors');
    fireEvent.change(offer, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give final offer (once)' }));
    expect(await screen.findByText('The final offer must be greater than 0')).toBeTruthy();
    expect(offer.getAttribute('aria-invalid')).toBe('true');
    expect(server.posts).toEqual([]);
    fireEvent.change(offer, { target: { value: '960' } });
    expect(offer.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Give final offer (once)' }));
    expect(
      await screen.findByText('The final offer must be at most your last offer 950.000000'),
    ).toBeTruthy();
    expect(errorOf(offer)).toBe('The final offer must be at most your last offer 950.000000');
    expect(offer.getAttribute('aria-invalid')).toBe('true');
    expect(server.posts).toEqual([`${S}/bargainOffer/a1`]);
    // Not a toast as well: the message is on the page once, under the input.
    expect(screen.getAllByText('The final offer must be at most your last offer 950.000000')).toHaveLength(1);
  });

  it('per line: each final offer is named by its line number and material, and a refusal goes under that line', async () => {
    const ownLine = (o: Record<string, unknown>) => ({
      ...line,
      bestPrice: '0.9',
      ownPrice: '0.95',
      ownSeq: 4,
      ownBout: 1,
      rank: 2,
      bidders: 2,
      ...o,
    });
    server.room = {
      ...bargainRoom(),
      record: record({
        ebiddingStatus: '3',
        ebiddingMethod: '2',
        bargainStatus: '1',
        bargainEndTime: '2099-12-01T10:00:00.000Z',
      }),
      lot: null,
      lines: [ownLine({}), ownLine({ itemId: 'l2', lineNumber: 20, materialNumber: 'M-2' })],
    };
    const refusal = 'Line 20 (M-2): the final offer must be at most your last offer 0.950000';
    server.answer = new ApiError('400', refusal, 'body', {
      errors: [
        {
          path: 'body.offers.1.price',
          segments: ['offers', 1, 'price'],
          field: 'Line 20, Final offer',
          rule: 'ebidBargainAboveLast',
          message: refusal,
        },
      ],
    });
    open();
    const first = await screen.findByLabelText('Final offer for Line 10 · M-1');
    const second = screen.getByLabelText('Final offer for Line 20 · M-2');
    fireEvent.change(first, { target: { value: '0.9' } });
    fireEvent.change(second, { target: { value: '0.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Give final offer (once)' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(errorOf(second)).toBe(refusal);
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });
});
