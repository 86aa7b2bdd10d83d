import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import './i18n-masterdata.ts';
import MaterialList from './MaterialList.tsx';
import PriceList from './PriceList.tsx';

/** Renders a list with the caller's actions (already read, and what a re-read answers). */
function renderList(list: 'material' | 'price', actions: string[]) {
  server.actions = actions;
  renderScreen(list === 'material' ? <MaterialList /> : <PriceList />, `/v2/${list}/list`, actions);
}

/** The lists' sources: one material, one price record; anything else is an unexpected call. */
const server = vi.hoisted(() => ({ unexpected: [] as string[], actions: [] as string[] }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    const url = config.url;
    if (url === '/user/getPermissions') return { permission: 'normal', roles: [], actions: server.actions };
    if (url === '/masterdata/PurchaseMaterialCateService/tree') return [];
    if (url === '/masterdata/PurchaseMaterialService/findPageList')
      return {
        records: [{ id: 'm1', version: 1, materialNumber: 'M-100', materialName: 'Bolt', isFreeze: 'N' }],
        total: 1,
      };
    if (url === '/masterdata/PurchasePriceService/findPageList')
      return {
        records: [
          {
            id: 'p1',
            version: 1,
            materialNumber: 'M-100',
            materialName: 'Bolt',
            toElsAccount: '200001',
            supplierName: 'Supplier A',
            priceExcludingTax: '1.00',
            priceIncludingTax: '1.13',
            taxRate: '13',
            currency: 'CNY',
            exchangeRate: '1',
            validStartDate: '2026-01-01T00:00:00.000Z',
            priceExpiryDate: '2027-01-01T00:00:00.000Z',
            quota: '100',
          },
        ],
        total: 1,
      };
    server.unexpected.push(url);
    throw new Error(`unexpected call ${url}`);
  }),
}));

afterEach(() => {
  cleanup();
  server.unexpected = [];
});

describe('master data lists show maintenance only with its codes (issue #19, MASTER_DATA_ACTIONS)', () => {
  it('materials: without codes the list reads, opens a row to view, and offers no New, Import or Delete', async () => {
    renderList('material', ['order.read']);
    expect(await screen.findByText('Bolt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    // The record opens read-only: its fields are disabled and there is no Save.
    const number = await screen.findByDisplayValue('M-100');
    expect((number as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByDisplayValue('Bolt') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(server.unexpected).toEqual([]);
  }, 90_000);

  it('materials: with the codes New, Import, Edit and Delete are there, and Edit opens a form to save', async () => {
    renderList('material', ['material.save', 'material.delete', 'material.import', 'material.export']);
    expect(await screen.findByText('Bolt')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Import/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(((await screen.findByDisplayValue('Bolt')) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  }, 90_000);

  it('prices: save without delete shows Edit and New but no Delete', async () => {
    renderList('price', ['price.save']);
    expect(await screen.findByText('Supplier A (200001)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  }, 90_000);
});
