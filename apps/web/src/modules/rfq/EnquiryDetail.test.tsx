import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import EnquiryDetail, { lastPriceText } from './EnquiryDetail.tsx';
import './i18n-rfq.ts';

const P = '/inquiry/PurchaseEnquiryService';

/** An RFQ whose quoting has ended (status 2 "quoted"), not awarded: every own button applies to it. */
const record = {
  id: 'e1',
  elsAccount: '100000',
  toElsAccount: '',
  createUser: '100000_buyer1',
  createDate: '2026-11-20T08:00:00.000Z',
  lastUpdateDate: '2026-11-26T08:00:00.000Z',
  version: 3,
  enquiryNumber: 'RFQ-GATE-1',
  enquiryDesc: 'Resistors',
  enquiryStatus: '2',
  auditStatus: '2',
  awardAuditStatus: '0',
  currency: 'CNY',
};
const line = { itemId: 'l1', lineNumber: 10, materialNumber: 'M-1', materialDesc: 'Resistor', unit: 'PCS' };

/** What the mocked server answers; `permissions` resolves GET /user/getPermissions (held back on demand). */
const server = vi.hoisted(() => ({
  actions: [] as string[],
  hold: null as Promise<void> | null,
  unexpected: [] as string[],
  /** enquiryType of the RFQ answered: 3 is an order's RFQ (its lines sourced from PO-77). */
  type: '1',
  /** Invitations in two pages of one line each, the RFQ still sealed (no comparison). */
  pagedInvitations: false,
  /** The award's answer: its order drafts, or the source order for an order's RFQ. */
  awardOrders: [] as Array<{ id: string; orderNumber: string; toElsAccount: string }>,
  /** The award's refusal naming a body field (data.errors), or null: the award succeeds. */
  awardRefusal: null as null | { message: string; segments: Array<string | number> },
}));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; params?: unknown }) => {
    const url = config.url;
    if (url === '/user/getPermissions') {
      if (server.hold) await server.hold;
      return { permission: 'normal', roles: ['buyer'], actions: server.actions };
    }
    if (url === `${P}/findDetail/e1`)
      return {
        record: { ...record, enquiryType: server.type },
        lines: server.type === '3' ? [{ id: 'l1', sourceType: '2', sourceNumber: 'PO-77' }] : [],
        trail: [],
        tasks: [],
        actions: ['award', 'newRound', 'close'],
      };
    if (url === `${P}/award/e1`) {
      const refusal = server.awardRefusal;
      if (refusal)
        throw new ApiError('400', refusal.message, 'body', {
          errors: [{ ...refusal, path: `body.${refusal.segments.join('.')}`, rule: 'enquiryQuotaTotal' }],
        });
      return { record, orders: server.awardOrders, prices: 1, pending: false };
    }
    if (url === `${P}/findInvitations/e1`) {
      const from = (config as { params?: { lineFrom?: number } }).params?.lineFrom;
      const invited = (n: number) => ({
        itemId: `l${n}`,
        lineNumber: n * 10,
        suppliers: [
          {
            toElsAccount: `20000${n}`,
            supplierName: `Supplier ${n}`,
            quoteStatus: '0',
            declineReason: null,
            quota: null,
            joined: false,
          },
        ],
      });
      // Paged by line (issue #13): with `pagedInvitations`, line 10 first, then line 20 from lineFrom 20.
      const lines = !server.pagedInvitations
        ? [{ itemId: 'l1', lineNumber: 10, suppliers: [] }]
        : from === undefined
          ? [invited(1)]
          : [invited(2)];
      return {
        costItems: [],
        feeItems: [],
        currencyRates: [],
        sealed: server.pagedInvitations,
        needsPassword: false,
        lines,
        nextLineFrom: server.pagedInvitations && from === undefined ? 20 : null,
        lineCount: server.pagedInvitations ? 2 : 1,
      };
    }
    if (url === `${P}/findComparison/e1`) {
      // Paged by line (issue #13): the first page with the summary and the next line's number, then the rest.
      const from = (config as { params?: { lineFrom?: number } }).params?.lineFrom;
      const cell = (price: string, extra = {}) => ({
        supplier: 0,
        quoteStatus: '2',
        priceExcludingTax: price,
        taxRate: '13.00',
        bout: 1,
        lineAmount: String(Number(price) * 100),
        ...extra,
      });
      const pageLine = (n: number, price: string) => ({
        ...line,
        itemId: `l${n}`,
        lineNumber: n * 10,
        materialNumber: `M-${n}`,
        quantity: '100',
        deliveryDate: '2026-12-20',
        lastPrice: null,
        lastPriceCurrency: null,
        lastPriceOriginal: null,
        lastPriceMissing: 'none',
        budgetPrice: null,
        quotes: [cell(price, { lowest: true })],
      });
      return {
        record,
        pendingAward: null,
        costItems: [],
        feeItems: [],
        suppliers: [{ toElsAccount: '200001', supplierName: 'Supplier One' }],
        lines: from === undefined ? [pageLine(1, '9.5')] : [pageLine(2, '8.25')],
        nextLineFrom: from === undefined ? 20 : null,
        summary:
          from === undefined
            ? {
                lineCount: 2,
                quotedLines: 2,
                lowestTotal: '1775.00',
                suppliers: [
                  {
                    toElsAccount: '200001',
                    supplierName: 'Supplier One',
                    invitedLines: 2,
                    quotedLines: 2,
                    declinedLines: 0,
                    lowestLines: 2,
                    amount: '1775.00',
                    totalAmount: '1775.00',
                  },
                ],
              }
            : null,
      };
    }
    // The detail's custom field labels and attachments: none.
    if (url === '/CustomFieldService/findDocumentLabels/enquiry/e1') return { header: [], lines: [] };
    if (url === `${P}/attachments/e1`) return [];
    server.unexpected.push(url);
    throw new Error(`unexpected call ${url}`);
  }),
}));

afterEach(() => {
  cleanup();
  server.actions = [];
  server.hold = null;
  server.unexpected = [];
  server.type = '1';
  server.awardOrders = [];
  server.awardRefusal = null;
  server.pagedInvitations = false;
});

function renderDetail() {
  renderScreen(<EnquiryDetail />, '/v2/detail?id=e1');
}

/** The RFQ's own buttons (issue #19) by their visible names, with the code each needs. */
const OWN_BUTTONS = [
  ['Copy', 'enquiry.save'],
  ['New round', 'enquiry.newRound'],
  ['To e-auction', 'ebidding.save'],
  ['Export comparison (Excel)', 'enquiry.export'],
  ['Award', 'enquiry.award'],
] as const;

const button = (name: string) => screen.queryByRole('button', { name });

describe('RFQ detail buttons follow the function permissions (issue #19)', () => {
  it('shows each own button, and the award quotas, to a user holding its code', async () => {
    server.actions = ['enquiry.read', ...OWN_BUTTONS.map(([, code]) => code)];
    renderDetail();
    await screen.findByText('Price comparison');
    for (const [name] of OWN_BUTTONS) expect(await screen.findByRole('button', { name })).toBeTruthy();
    // Each quota input is named by its line's material and supplier (issue #33).
    expect(screen.getByRole('spinbutton', { name: 'Quota % M-1 200001 Supplier One' })).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });

  it('shows the summary and the first page, then the next page of lines on "Show more lines"', async () => {
    server.actions = ['enquiry.read', 'enquiry.award'];
    renderDetail();
    expect(await screen.findByText('Summary: 2 lines, 2 with a price; lowest total 1775.00')).toBeTruthy();
    expect(await screen.findByText(/^10 · M-1 Resistor/)).toBeTruthy();
    expect(screen.queryByText(/^20 · M-2 Resistor/)).toBeNull();
    expect(screen.getAllByText('Lowest')).toHaveLength(1);
    screen.getByRole('button', { name: 'Show more lines (1 of 2 shown)' }).click();
    expect(await screen.findByText(/^20 · M-2 Resistor/)).toBeTruthy();
    expect(screen.getByText('8.25')).toBeTruthy();
    expect(screen.getAllByText('Lowest')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Show more lines/ })).toBeNull();
    expect(screen.getAllByRole('spinbutton')).toHaveLength(2);
    expect(server.unexpected).toEqual([]);
  });

  it('hides each own button, and the quota inputs, from a user lacking its code', async () => {
    // enquiry.close shows the kernel's "Close": once it is there, the permissions have arrived.
    server.actions = ['enquiry.read', 'enquiry.close'];
    renderDetail();
    await screen.findAllByText('200001 Supplier One');
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    for (const [name] of OWN_BUTTONS) expect(button(name), name).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(server.unexpected).toEqual([]);
  });

  it('hides one button whose code alone is missing', async () => {
    server.actions = ['enquiry.read', 'enquiry.save', 'enquiry.export', 'enquiry.award', 'ebidding.save'];
    renderDetail();
    expect(await screen.findByRole('button', { name: 'To e-auction' })).toBeTruthy();
    expect(button('Copy')).toBeTruthy();
    expect(button('New round')).toBeNull();
  });

  it('shows no own button while the permissions load, then those they grant', async () => {
    server.actions = ['enquiry.read', ...OWN_BUTTONS.map(([, code]) => code)];
    let release = () => {};
    server.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderDetail();
    await screen.findAllByText('200001 Supplier One');
    for (const [name] of OWN_BUTTONS) expect(button(name), name).toBeNull();
    release();
    for (const [name] of OWN_BUTTONS) expect(await screen.findByRole('button', { name })).toBeTruthy();
  });
});

describe('the invited suppliers, paged by line (issue #13)', () => {
  it('shows the first page of lines, then the next on "Show more lines"', async () => {
    server.actions = ['enquiry.read'];
    server.pagedInvitations = true;
    renderDetail();
    expect(await screen.findByText(/200001 Supplier 1/)).toBeTruthy();
    expect(screen.queryByText(/200002 Supplier 2/)).toBeNull();
    (await screen.findByRole('button', { name: 'Show more lines (1 of 2 shown)' })).click();
    expect(await screen.findByText(/200002 Supplier 2/)).toBeTruthy();
    expect(screen.getByText(/200001 Supplier 1/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show more lines/ })).toBeNull();
    expect(server.unexpected).toEqual([]);
  });
});

describe('the award says what it makes for each RFQ type (issue #13)', () => {
  it('an ordinary RFQ: price records and an order draft per winner', async () => {
    server.actions = ['enquiry.read', 'enquiry.award'];
    server.awardOrders = [{ id: 'o1', orderNumber: 'PO-1', toElsAccount: '200001' }];
    renderDetail();
    expect(await screen.findByText(/makes a purchase order draft per winning supplier/)).toBeTruthy();
    expect(screen.queryByText(/Order bidding/)).toBeNull();
    (await screen.findByRole('button', { name: 'Award' })).click();
    expect(await screen.findByText('Awarded: price records and order drafts created: PO-1')).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });

  it('an order’s RFQ: the winner goes back on its source order, no order draft', async () => {
    server.actions = ['enquiry.read', 'enquiry.award'];
    server.type = '3';
    server.awardOrders = [{ id: 'o77', orderNumber: 'PO-77', toElsAccount: '200001' }];
    renderDetail();
    expect(
      await screen.findByText(
        /puts the winner and its prices back on purchase order PO-77 \(no new order draft\)/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/makes a purchase order draft per winning supplier/)).toBeNull();
    (await screen.findByRole('button', { name: 'Award' })).click();
    expect(
      await screen.findByText(
        'Awarded: the winner and its prices are on purchase order PO-77, back to draft for you to submit and send',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/order drafts created/)).toBeNull();
    expect(server.unexpected).toEqual([]);
  });
});

describe('an award refused for a line (issue #33)', () => {
  it('shows the refusal under that line and marks its quota inputs, not in a toast', async () => {
    server.actions = ['enquiry.read', 'enquiry.award'];
    server.awardRefusal = {
      message: 'Line 10: the quotas must total 100% (now 60%)',
      segments: ['lines', 0, 'awards'],
    };
    renderDetail();
    const quota = await screen.findByRole('spinbutton', { name: 'Quota % M-1 200001 Supplier One' });
    fireEvent.change(quota, { target: { value: '60' } });
    (await screen.findByRole('button', { name: 'Award' })).click();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Line 10: the quotas must total 100% (now 60%)');
    expect(quota.getAttribute('aria-invalid')).toBe('true');
    expect(quota.getAttribute('aria-describedby')).toBe(alert.id);
    // Changing a quota of the line takes the mark away.
    fireEvent.change(quota, { target: { value: '100' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(quota.getAttribute('aria-invalid')).toBeNull();
    expect(server.unexpected).toEqual([]);
  });
});

describe('the last price of a comparison line (issue #13: in the RFQ currency)', () => {
  const t = (key: string, params?: Record<string, string>) => i18n.t(key, { ...params, lng: 'en' });
  const line = (lastPrice: string | null, currency: string | null, original: string | null) => ({
    lastPrice,
    lastPriceCurrency: currency,
    lastPriceOriginal: original,
  });
  it('shows the converted price, with the recorded one when it was in another currency', () => {
    expect(lastPriceText(line('12.000000', 'CNY', '12.000000'), 'CNY', t)).toBe('12.000000');
    expect(lastPriceText(line('14.200000', 'USD', '2.000000'), 'CNY', t)).toBe(
      '14.200000 (recorded as 2.000000 USD)',
    );
  });
  it('says why nothing is compared without a rate, and a dash without a last price', () => {
    expect(lastPriceText(line(null, 'USD', '2.000000'), 'CNY', t)).toBe(
      '2.000000 USD: this RFQ has no USD rate, so no savings against it',
    );
    expect(lastPriceText(line(null, null, null), 'CNY', t)).toBe('—');
    expect(i18n.t('rfq:detail.lastPriceNoRate', { price: '2', currency: 'USD', lng: 'zh_cn' })).toBe(
      '2 USD：本询价无 USD 汇率，不计算相对上次价格的节约',
    );
  });
});
