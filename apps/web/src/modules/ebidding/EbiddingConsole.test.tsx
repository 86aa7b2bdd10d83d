import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import EbiddingConsole from './EbiddingConsole.tsx';

const P = '/ebidding/PurchaseEbiddingService';

/** An auction that has ended (status 3), neither awarded nor bargained: award and bargain apply. */
const record = {
  id: 'a1',
  elsAccount: '100000',
  toElsAccount: '',
  createUser: '100000_buyer1',
  createDate: '2026-11-20T08:00:00.000Z',
  lastUpdateDate: '2026-11-26T08:00:00.000Z',
  version: 5,
  ebiddingNumber: 'EB-GATE-1',
  ebiddingName: 'Capacitors',
  ebiddingStatus: '3',
  ebiddingType: '1',
  ebiddingMethod: '1',
  pauseStatus: '0',
  auditStatus: '2',
  endAuditStatus: '0',
  resultAuditStatus: '0',
  bargainStatus: '0',
  bargainAuditStatus: '0',
  startMethod: '1',
  startTime: '2026-11-26T06:00:00.000Z',
  endTime: '2026-11-26T07:00:00.000Z',
  startingPrice: '10',
  priceReviseType: '1',
  priceReviseExtent: '0.1',
  currency: 'CNY',
  postponeCount: 0,
};

const server = vi.hoisted(() => ({
  actions: [] as string[],
  hold: null as Promise<void> | null,
  unexpected: [] as string[],
}));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    const url = config.url;
    if (url === '/user/getPermissions') {
      if (server.hold) await server.hold;
      return { permission: 'normal', roles: ['buyer'], actions: server.actions };
    }
    if (url === `${P}/findDetail/a1`)
      return { record, lines: [], trail: [], tasks: [], actions: ['award', 'bargain', 'close'] };
    if (url === `${P}/findConsole/a1`)
      return {
        record,
        serverTime: '2026-11-26T08:00:00.000Z',
        open: false,
        bidders: [
          {
            toElsAccount: '200001',
            supplierName: 'Supplier One',
            bidderStatus: '1',
            bidCount: 2,
            bargainStatus: '0',
            lastBidTime: '2026-11-26T06:30:00.000Z',
          },
        ],
        lot: { startingPrice: '10', ranking: [] },
        lines: [],
        log: [],
      };
    if (url === '/CustomFieldService/findDocumentLabels/ebidding/a1') return { header: [], lines: [] };
    if (url === `${P}/attachments/a1`) return [];
    server.unexpected.push(url);
    throw new Error(`unexpected call ${url}`);
  }),
}));
// No live channel in the test (the console polls or waits; nothing here depends on pushes).
vi.mock('./live.ts', () => ({ useLivePush: () => false }));

afterEach(() => {
  cleanup();
  server.actions = [];
  server.hold = null;
  server.unexpected = [];
});

function renderConsole() {
  renderScreen(<EbiddingConsole />, '/v2/detail?id=a1');
}

/** The console's own buttons (issue #19) by their visible names, with the code each needs. */
const OWN_BUTTONS = [
  ['Award', 'ebidding.award'],
  ['Bargain', 'ebidding.bargain'],
  ['Print auction record', 'ebidding.read'],
  ['Verify bid log', 'ebidding.read'],
] as const;
const ALL_CODES = [...new Set(OWN_BUTTONS.map(([, code]) => code))];

const button = (name: string) => screen.queryByRole('button', { name });
/** The console body has loaded (its bidders card). */
const loaded = () => screen.findByText(/200001 Supplier One/);

describe('auction console buttons follow the function permissions (issue #19)', () => {
  it('shows each own button to a user holding its code', async () => {
    server.actions = ALL_CODES;
    renderConsole();
    await loaded();
    for (const [name] of OWN_BUTTONS) expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });

  it('hides award and bargain from a user holding only ebidding.read', async () => {
    // ebidding.close shows the kernel's "Close": once it is there, the permissions have arrived.
    server.actions = ['ebidding.read', 'ebidding.close'];
    renderConsole();
    await loaded();
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    expect(button('Award')).toBeNull();
    expect(button('Bargain')).toBeNull();
    expect(button('Print auction record')).toBeTruthy();
    expect(button('Verify bid log')).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });

  it('shows no own button while the permissions load, then those they grant', async () => {
    server.actions = ALL_CODES;
    let release = () => {};
    server.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderConsole();
    await loaded();
    for (const [name] of OWN_BUTTONS) expect(button(name), name).toBeNull();
    release();
    for (const [name] of OWN_BUTTONS) expect(await screen.findByRole('button', { name })).toBeTruthy();
  });
});

describe('the auction detail names every status by its field (issue #33)', () => {
  it('shows "Approval status: Approved", "Pause status: Running", never a bare row of values', async () => {
    server.actions = ALL_CODES;
    renderConsole();
    await loaded();
    const title = document.querySelector('.document-detail .ant-card-head') as HTMLElement;
    const tags = [...title.querySelectorAll('.ant-tag')].map((t) => t.textContent);
    expect(tags).toContain('Auction status: Bidding finished');
    expect(tags).toContain('Approval status: Approved');
    expect(tags).toContain('Pause status: Running');
    expect(tags).toContain('End approval: Not submitted');
    for (const tag of tags) expect(tag).toMatch(/^[^:]+: /);
    expect(screen.queryByText('Paused')).toBeNull();
  });
});

describe('the console after the end (issue #33)', () => {
  it('reads "Ended" and does not claim to update every 2 s', async () => {
    server.actions = ALL_CODES;
    renderConsole();
    await loaded();
    expect(screen.getByRole('timer').textContent).toBe('Ended');
    expect(screen.queryByText('Updating every 2 s')).toBeNull();
  });
});
