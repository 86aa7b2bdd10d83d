import type { AdminSubaccount } from '@srm/contracts/company-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import './i18n-company-admin.ts';
import { DataPermissionDialog } from './DataPermissionDialog.tsx';

/**
 * A supplier master of 30 records, searched like the server does (code, account or name contains the
 * keyword; first 20 only); the saved scope holds one supplier beyond the first page and one the master no
 * longer has.
 */
const SUPPLIERS = Array.from({ length: 30 }, (_, i) => ({
  toElsAccount: String(300001 + i),
  supplierCode: `S${String(i + 1).padStart(3, '0')}`,
  fullName: `供应商${i + 1}号`,
}));
const server = {
  saved: {
    subaccountId: 'acc-1',
    items: { supplier: ['300030', '399999'], factory: ['1010'], materialCategory: ['PACK', 'GONE'] },
  } as {
    subaccountId: string;
    items: Record<string, string[]>;
  },
  searches: [] as string[],
  saves: [] as unknown[],
};
vi.mock('./api.ts', async (original) => ({
  ...(await original<typeof import('./api.ts')>()),
  findDataPermission: async () => server.saved,
  saveDataPermission: async (id: string, items: unknown) => {
    server.saves.push({ id, items });
    return { subaccountId: id, items };
  },
  searchSupplierOptions: async (keyword: string) => {
    server.searches.push(keyword);
    const hits = SUPPLIERS.filter(
      (s) => !keyword || s.toElsAccount.includes(keyword) || s.fullName.includes(keyword),
    );
    return { records: hits.slice(0, 20), total: hits.length };
  },
  findSupplierOptionsOf: async (accounts: string[]) =>
    SUPPLIERS.filter((s) => accounts.includes(s.toElsAccount)),
  findCategoryTree: async () => [
    {
      cateCode: 'ELEC',
      cateName: '电子',
      children: [{ cateCode: 'ELEC-IC', cateName: '集成电路', children: [] }],
    },
    { cateCode: 'PACK', cateName: '包装', children: [] },
  ],
}));

/**
 * The organisation masters as the server answers findOptions: enabled records matching the keyword (code
 * or name), plus the named codes whatever their status. Factory 1099 is disabled.
 */
const ORG = {
  factory: [
    { code: '1010', name: '苏州工厂', nameEn: 'Suzhou plant', status: 'enabled' },
    { code: '1020', name: '无锡工厂', nameEn: 'Wuxi plant', status: 'enabled' },
    { code: '1099', name: '旧工厂', nameEn: 'Old plant', status: 'disabled' },
  ],
  purchaseOrganization: [
    { code: '1000', name: '华东采购组织', nameEn: 'East China purchasing', status: 'enabled' },
  ],
  purchaseGroup: [],
  costCenter: [],
} as const;
const orgAsks: Array<{ type: string; keyword?: string; codes?: string[] }> = [];
vi.mock('../masterdata/org-api.ts', () => ({
  findOrgOptions: async (type: keyof typeof ORG, query: { keyword?: string; codes?: string[] }) => {
    orgAsks.push({ type, ...query });
    const all = ORG[type] as ReadonlyArray<{ code: string; name: string; status: string }>;
    if (query.codes) return all.filter((o) => query.codes?.includes(o.code));
    return all.filter(
      (o) =>
        o.status === 'enabled' &&
        (!query.keyword || o.code.includes(query.keyword) || o.name.includes(query.keyword)),
    );
  },
}));

const account = { id: 'acc-1', name: '测试查询员' } as AdminSubaccount;

function renderDialog(onClose = () => {}) {
  useSettings.setState({ locale: 'zh_cn' });
  void i18n.changeLanguage('zh_cn');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <DataPermissionDialog account={account} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
}

/** The tags the select of `label` shows. */
const tags = (label: string) =>
  Array.from(
    screen.getByLabelText(label).closest('.ant-select')?.querySelectorAll('.ant-select-selection-item') ?? [],
  ).map((el) => el.textContent);

beforeEach(() => {
  server.searches = [];
  server.saves = [];
});
afterEach(cleanup);

describe('DataPermissionDialog (issue #19)', () => {
  it('keeps saved values shown, picks a supplier found by a server search and saves codes', async () => {
    const onClose = vi.fn();
    renderDialog(onClose);
    const box = await screen.findByLabelText('供应商（ELS 账号）');
    // Saved suppliers outside the first page (300030) are named; one gone from the master (399999) stays
    // shown as the bare account.
    await waitFor(() => expect(tags('供应商（ELS 账号）')).toEqual(['300030 供应商30号', '399999']));
    await waitFor(() => expect(tags('工厂')).toEqual(['1010 苏州工厂']));
    // Saved categories are named from the tree; a code the tree no longer has stays as the code.
    await waitFor(() => expect(tags('物料分类')).toEqual(['PACK 包装', 'GONE']));

    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '供应商7' } });
    // The server is asked for what was typed once typing settled (not for every keystroke's state).
    await waitFor(() => expect(server.searches).toContain('供应商7'));
    const option = await screen.findByRole('option', { name: '300007 供应商7号' });
    expect(screen.queryByRole('option', { name: /300001 / })).toBeNull();
    fireEvent.click(option);
    await waitFor(() =>
      expect(tags('供应商（ELS 账号）')).toEqual(['300030 供应商30号', '399999', '300007 供应商7号']),
    );

    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(server.saves).toEqual([
        {
          id: 'acc-1',
          items: {
            purchaseOrg: [],
            purchaseGroup: [],
            factory: ['1010'],
            materialCategory: ['PACK', 'GONE'],
            supplier: ['300030', '399999', '300007'],
            costCenter: [],
          },
        },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers the company’s categories as "code name", searched by name, and saves the code', async () => {
    renderDialog();
    const box = await screen.findByLabelText('物料分类');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '集成' } });
    // The category list is virtual (it may be long): pick the rendered item, as a user clicks it.
    const option = await screen.findByTitle('ELEC-IC 集成电路');
    expect(screen.queryByTitle('ELEC 电子')).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(tags('物料分类')).toEqual(['PACK 包装', 'GONE', 'ELEC-IC 集成电路']));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    expect((server.saves[0] as { items: Record<string, string[]> }).items.materialCategory).toEqual([
      'PACK',
      'GONE',
      'ELEC-IC',
    ]);
  });

  it('offers the factories of the organisation master as "code name", enabled only, and saves the codes', async () => {
    orgAsks.length = 0;
    renderDialog();
    const box = await screen.findByLabelText('工厂');
    // The saved factory is named from the master in one call.
    await waitFor(() => expect(tags('工厂')).toEqual(['1010 苏州工厂']));
    expect(orgAsks).toContainEqual({ type: 'factory', codes: ['1010'] });
    fireEvent.mouseDown(box);
    const option = await screen.findByRole('option', { name: '1020 无锡工厂' });
    // The disabled factory is not offered.
    expect(screen.queryByRole('option', { name: /1099/ })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(tags('工厂')).toEqual(['1010 苏州工厂', '1020 无锡工厂']));
    // The organisation item searches the server as typed.
    const org = screen.getByLabelText('采购组织');
    fireEvent.mouseDown(org);
    fireEvent.change(org, { target: { value: '华东' } });
    await waitFor(() => expect(orgAsks).toContainEqual({ type: 'purchaseOrganization', keyword: '华东' }));
    fireEvent.click(await screen.findByRole('option', { name: '1000 华东采购组织' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.saves).toHaveLength(1));
    const items = (server.saves[0] as { items: Record<string, string[]> }).items;
    expect(items.factory).toEqual(['1010', '1020']);
    expect(items.purchaseOrg).toEqual(['1000']);
    await act(async () => {});
  });
});
