import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableConfigRow } from './portal-api.ts';

/** The server's rows per user, as ElsLayoutConfigService answers them; every call is recorded. */
const ROWS: Record<string, TableConfigRow[]> = {
  '100000_buyer1': [
    { uuid: 'a', configType: 'orders', configJson: { columns: [] }, version: 2 },
    { uuid: 'b', configType: 'requisitions', configJson: { columns: [] }, version: 0 },
  ],
  '100000_admin': [{ uuid: 'c', configType: 'orders', configJson: { columns: [] }, version: 5 }],
};
const calls: Array<{ url: string; data: Record<string, unknown> }> = [];
let staleOnce = false;
vi.mock('./http.ts', async (original) => ({
  ...(await original<typeof import('./http.ts')>()),
  call: vi.fn(async ({ url, data }: { url: string; data: Record<string, unknown> }) => {
    calls.push({ url, data });
    const rows = ROWS[`${data.elsAccount}_${data.elsSubAccount}`] ?? [];
    if (url.endsWith('/findPageList'))
      return data.configType ? rows.filter((r) => r.configType === data.configType) : rows;
    if (staleOnce) {
      staleOnce = false;
      const { ApiError } = await import('./http.ts');
      throw new ApiError('409', 'stale');
    }
    const before = rows.find((r) => r.configType === data.configType);
    const row = { uuid: 'n', configType: String(data.configType), configJson: data.configJson, version: 0 };
    if (before) Object.assign(row, { uuid: before.uuid, version: before.version + 1 });
    return row;
  }),
}));

const { loadTableConfigs, resetTableConfigs, saveTableConfigOf, tableConfigOf } = await import(
  './table-configs.ts'
);
const buyer = { elsAccount: '100000', elsSubAccount: 'buyer1' };
const admin = { elsAccount: '100000', elsSubAccount: 'admin' };

beforeEach(() => {
  resetTableConfigs();
  calls.length = 0;
});
afterEach(() => {
  staleOnce = false;
});

describe('table lists loaded on start (spec 000 §2)', () => {
  it('reads every configuration of the user in one call, then answers each table from it', async () => {
    const [first, second] = await Promise.all([loadTableConfigs(buyer), loadTableConfigs(buyer)]);
    expect(first).toBe(second);
    expect((await tableConfigOf(buyer, 'orders'))?.version).toBe(2);
    expect((await tableConfigOf(buyer, 'requisitions'))?.uuid).toBe('b');
    expect(await tableConfigOf(buyer, 'never-saved')).toBeUndefined();
    expect(calls).toEqual([
      {
        url: '/ElsLayoutConfigService/findPageList',
        data: { elsAccount: '100000', elsSubAccount: 'buyer1' },
      },
    ]);
  });

  it('another user gets their own rows, not the cached ones', async () => {
    await loadTableConfigs(buyer);
    expect((await tableConfigOf(admin, 'orders'))?.version).toBe(5);
    expect(calls).toHaveLength(2);
  });

  it('a save sends the version read and keeps the answer for the next list', async () => {
    await loadTableConfigs(buyer);
    const saved = await saveTableConfigOf(buyer, 'orders', { columns: ['x'] }, () => false);
    expect(calls[1]).toMatchObject({ url: '/ElsLayoutConfigService/save', data: { version: 2 } });
    expect(saved.version).toBe(3);
    expect(await tableConfigOf(buyer, 'orders')).toEqual(saved);
    expect(calls).toHaveLength(2);
  });

  it('a stale save rereads that table and retries once', async () => {
    await loadTableConfigs(buyer);
    staleOnce = true;
    const saved = await saveTableConfigOf(
      buyer,
      'orders',
      { columns: ['y'] },
      (e) => String((e as { code?: string }).code) === '409',
    );
    expect(calls.map((c) => c.url)).toEqual([
      '/ElsLayoutConfigService/findPageList',
      '/ElsLayoutConfigService/save',
      '/ElsLayoutConfigService/findPageList',
      '/ElsLayoutConfigService/save',
    ]);
    expect(calls[2].data.configType).toBe('orders');
    expect(saved.configJson).toEqual({ columns: ['y'] });
  });
});
