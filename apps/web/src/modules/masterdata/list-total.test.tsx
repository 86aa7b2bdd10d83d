import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import './i18n-masterdata.ts';
import MaterialList from './MaterialList.tsx';
import OrgUnitPage from './OrgUnitPage.tsx';

/**
 * Master-data lists show their total like the document kernel's lists (issues #13/#18): the server counts
 * exactly up to 1,000 matches and answers an estimate above (`totalExact: false`, capped-total.ts); the
 * list then says "About N items" and offers page numbers only within the offset window.
 */
const server = vi.hoisted(() => ({
  total: 0,
  totalExact: true,
  actions: [] as string[],
  unexpected: [] as string[],
}));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string }) => {
    const url = config.url;
    if (url === '/user/getPermissions') return { permission: 'normal', roles: [], actions: server.actions };
    if (url === '/masterdata/PurchaseMaterialCateService/tree') return [];
    if (url === '/masterdata/PurchaseMaterialService/findPageList')
      return {
        records: [{ id: 'm1', version: 1, materialNumber: 'M-100', materialName: 'Bolt', isFreeze: 'N' }],
        total: server.total,
        totalExact: server.totalExact,
      };
    if (url === '/masterdata/PurchaseCostCenterService/findPageList')
      return {
        records: [
          { id: 'c1', version: 1, code: 'CC-1', name: 'Assembly', status: 'enabled', parentName: '' },
        ],
        total: server.total,
        totalExact: server.totalExact,
      };
    if (url.endsWith('/findOptions')) return [];
    server.unexpected.push(url);
    throw new Error(`unexpected call ${url}`);
  }),
}));

afterEach(() => {
  cleanup();
  server.unexpected = [];
});

describe('master-data list totals (capped like the kernel lists)', () => {
  it('materials: an estimated total reads "About N items"; an exact one "N items"', async () => {
    Object.assign(server, { total: 204_321, totalExact: false, actions: ['material.read'] });
    renderScreen(<MaterialList />, '/v2/material/list', ['material.read']);
    expect(await screen.findByText('Bolt')).toBeTruthy();
    expect(await screen.findByText(/^About 204,321 items/)).toBeTruthy();
    cleanup();
    Object.assign(server, { total: 37, totalExact: true });
    renderScreen(<MaterialList />, '/v2/material/list', ['material.read']);
    expect(await screen.findByText('37 items')).toBeTruthy();
    expect(screen.queryByText(/^About/)).toBeNull();
    expect(server.unexpected).toEqual([]);
  }, 90_000);

  it('cost centres: an estimated total reads "About N items"', async () => {
    Object.assign(server, { total: 1_001, totalExact: false, actions: ['orgMaster.read'] });
    renderScreen(<OrgUnitPage />, '/v2/cost-center', ['orgMaster.read']);
    expect(await screen.findByText('Assembly')).toBeTruthy();
    expect(await screen.findByText(/^About 1,001 items/)).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  }, 90_000);
});
