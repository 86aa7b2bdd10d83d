import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import './i18n-masterdata.ts';
import PriceList from './PriceList.tsx';

/**
 * The price master names where a record came from (issue #33): a record an RFQ award wrote shows the RFQ,
 * its line and the ladder on the list and in the record; one entered on the price master says so.
 */
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: [], actions: ['order.read'] };
    if (config.url === '/masterdata/PurchasePriceService/findPageList') {
      const base = {
        version: 1,
        materialName: 'Bolt',
        supplierName: 'Supplier A',
        priceIncludingTax: '10.735000',
        taxRate: '13',
        currency: 'CNY',
        exchangeRate: '1',
        priceBase: '1',
        validStartDate: '2026-01-01T00:00:00.000Z',
        priceExpiryDate: '2027-01-01T00:00:00.000Z',
        quota: '100',
        materialId: 'm1',
        toElsAccount: '200001',
      };
      return {
        records: [
          {
            ...base,
            id: 'p1',
            materialNumber: 'M-100',
            priceExcludingTax: '9.500000',
            sourceType: 'enquiry',
            sourceNumber: 'RFQ2026120001',
            sourceItemNumber: '10',
            ladderJson: [
              { quantity: '1.000', price: '10.000000' },
              { quantity: '500.000', price: '9.500000' },
            ],
          },
          {
            ...base,
            id: 'p2',
            materialNumber: 'M-200',
            priceExcludingTax: '1.000000',
            sourceType: null,
            sourceNumber: null,
            sourceItemNumber: null,
            ladderJson: null,
          },
        ],
        total: 2,
      };
    }
    if (config.url.startsWith('/masterdata/')) return { records: [], total: 0 };
    throw new Error(`unexpected call ${config.url}`);
  }),
}));

afterEach(() => cleanup());

describe('price records name their source and keep a ladder (issue #33)', () => {
  it('lists the RFQ and line, the ladder, and "entered" for a typed record; the record shows them too', async () => {
    renderScreen(<PriceList />, '/v2/price/list', ['order.read']);
    const awarded = (await screen.findByText('RFQ RFQ2026120001 line 10')).closest('tr') as HTMLElement;
    expect(within(awarded).getByText('≥1: 10.000000; ≥500: 9.500000')).toBeTruthy();
    const typed = screen.getByText('Entered on the price master').closest('tr') as HTMLElement;
    expect(within(typed).getByText('M-200 Bolt')).toBeTruthy();
    fireEvent.click(within(awarded).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('RFQ RFQ2026120001 line 10')).toBeTruthy();
    expect(within(dialog).getByText('≥1: 10.000000; ≥500: 9.500000')).toBeTruthy();
  }, 90_000);
});
