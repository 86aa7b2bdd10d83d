import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import EbiddingEdit from '../ebidding/EbiddingEdit.tsx';
import EnquiryEdit from './EnquiryEdit.tsx';

/** The caller's actions (GET /user/getPermissions) and the selects' sources of the new-draft forms. */
const server = vi.hoisted(() => ({ actions: [] as string[], unexpected: [] as string[], min: 3 }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    const url = config.url;
    if (url === '/user/getPermissions')
      return { permission: 'normal', roles: ['buyer'], actions: server.actions };
    if (url === '/masterdata/PurchaseMaterialService/findPageList') return { records: [] };
    if (url === '/masterdata/PurchaseSupplierService/findPageList') return { records: [] };
    if (url === '/inquiry/PurchaseCostTemplateService/findPageList') return { rows: [], nextCursor: null };
    if (url === '/inquiry/PurchaseEnquiryService/findDetail/rfq-3')
      return { record: orderRfq, lines: [], trail: [], tasks: [] };
    if (url.startsWith('/inquiry/PurchaseEnquiryService/findInvitations/rfq-3'))
      return {
        costItems: [],
        feeItems: [],
        currencyRates: [],
        sealed: true,
        needsPassword: false,
        lines: [],
      };
    if (url === '/inquiry/PurchaseEnquiryService/formSettings') {
      if (!server.actions.includes('enquiry.save')) throw new Error('formSettings needs enquiry.save');
      return { minSuppliersPerLine: server.min };
    }
    server.unexpected.push(url);
    throw new Error(`unexpected call ${url}`);
  }),
}));

/** An order's one-round RFQ (enquiryType 3, made by the order's "Start bidding"). */
const orderRfq = {
  id: 'rfq-3',
  version: 1,
  elsAccount: '100000',
  toElsAccount: '100000',
  enquiryDesc: 'PO2026110001 竞价',
  enquiryMethod: '1',
  enquiryType: '3',
  quoteMethod: '1',
  quoteEndTime: '2026-12-01T08:00:00.000Z',
  priceValidDate: '2027-12-01',
  showQuoteInfo: '0',
  openOnAllQuoted: '1',
  currency: 'CNY',
};

afterEach(() => {
  cleanup();
  server.unexpected = [];
  server.min = 3;
});

/** A new draft's form, the caller's permissions already read (the loading case: the detail tests). */
function renderForm(screenOf: 'rfq' | 'ebidding', actions: string[]) {
  server.actions = actions;
  renderScreen(screenOf === 'rfq' ? <EnquiryEdit /> : <EbiddingEdit />, '/v2/edit', actions);
}

describe('the RFQ and auction edit forms show Save only with the kind’s save (issue #19)', () => {
  for (const [screenOf, code] of [
    ['rfq', 'enquiry.save'],
    ['ebidding', 'ebidding.save'],
  ] as const) {
    it(`${screenOf}: Save with ${code}`, async () => {
      renderForm(screenOf, [code]);
      expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
      expect(server.unexpected).toEqual([]);
    });

    it(`${screenOf}: no Save without ${code}, Cancel stays`, async () => {
      renderForm(screenOf, ['enquiry.read', 'ebidding.read']);
      expect(await screen.findByRole('button', { name: 'Cancel' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(server.unexpected).toEqual([]);
    });
  }
});

describe('the RFQ form asks for the company’s minimum of suppliers per line (issue #13 / #19)', () => {
  it('labels the suppliers field with the company figure once it is read', async () => {
    server.min = 5;
    renderForm('rfq', ['enquiry.save']);
    expect(await screen.findByText('Invited suppliers (at least 5)')).toBeTruthy();
    expect(screen.queryByText('Invited suppliers (at least 3)')).toBeNull();
    expect(server.unexpected).toEqual([]);
  });
});

describe('the RFQ form’s type select (issue #13: only an order’s "Start bidding" makes an order-bidding RFQ)', () => {
  it('offers Standard and Urgent on a new RFQ, never Order bidding', async () => {
    renderForm('rfq', ['enquiry.save']);
    const box = await screen.findByLabelText('Enquiry type');
    fireEvent.mouseDown(box);
    // antd's accessible listbox names options by value; the visible list shows the labels.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['1', '2']);
    const shown = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(shown).toEqual(['Standard', 'Urgent']);
    expect(screen.queryByText('Order bidding')).toBeNull();
    expect(server.unexpected).toEqual([]);
  });

  it('shows an order’s RFQ as Order bidding, read-only, without Save', async () => {
    server.actions = ['enquiry.save'];
    renderScreen(<EnquiryEdit />, '/v2/edit?id=rfq-3', ['enquiry.save']);
    expect(await screen.findByText(/made by starting bidding on a purchase order/)).toBeTruthy();
    const box = screen.getByLabelText('Enquiry type');
    expect((box as HTMLInputElement).disabled).toBe(true);
    const select = box.closest('.ant-select') as HTMLElement;
    expect(within(select).getByText('Order bidding')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });
});
