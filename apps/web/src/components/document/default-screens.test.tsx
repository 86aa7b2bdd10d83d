import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { DETAIL, def } from './collection-screen.fixture.ts';
import { kindRoutes, kindScreenPaths, screenFileNames } from './default-screens.tsx';

/**
 * Default screens by convention (issue #34): a kind routed with kindRoutes gets its list, detail and form
 * from its definition alone, at the routes of its detailPath's folder; a file of the conventional name
 * (`<Kind>Detail.tsx` …) among the app's modules replaces that screen only.
 */

// The network boundary: the list answers one row, the detail the document below, the save the record.
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; data?: Record<string, unknown> }) => {
    if (config.url === '/user/getPermissions')
      return { permission: 'normal', roles: ['buyer'], actions: ['collectionScreen.save'] };
    if (config.url.includes('/findDetail/')) return DETAIL;
    if (config.url.includes('/findPageList'))
      return {
        records: [DETAIL.record],
        total: 1,
        totalExact: true,
        nextCursor: null,
        currentPage: 1,
        pageSize: 20,
      };
    if (config.url.includes('/save')) return { id: 'c1', version: 1, ...config.data };
    return [];
  }),
}));

/** Where the router is (to see a screen navigate). */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${pathname}${search}`}</output>;
}

function renderAt(path: string, modules = {}) {
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{kindRoutes(def, modules)}</Routes>
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.mocked(call).mockClear();
});

describe('default screens by convention', () => {
  it('routes the screens at the folder of the detail path, replaced by files named after the kind', () => {
    expect(kindScreenPaths(def)).toEqual({ list: '/v2/list', detail: '/v2/detail', edit: '/v2/edit' });
    expect(kindScreenPaths({ detailPath: '/refund/#/v2/refund/detail' }).edit).toBe('/v2/refund/edit');
    expect(screenFileNames(def)).toEqual({
      list: 'CollectionScreenList.tsx',
      detail: 'CollectionScreenDetail.tsx',
      edit: 'CollectionScreenEdit.tsx',
    });
  });

  it('gives a kind without screen files a list that opens the default detail', async () => {
    renderAt('/v2/list');
    fireEvent.click(await screen.findByText('CS2026120001', {}, { timeout: 10_000 }));
    await waitFor(() => expect(screen.getByLabelText('where').textContent).toBe('/v2/detail?id=c1'));
    expect(await screen.findByRole('table', { name: 'Payment plan' }, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);

  it('gives the default form, filled from the detail when editing, and saves back to the detail', async () => {
    renderAt('/v2/edit?id=c1');
    const stage = (await screen.findByLabelText(
      'Payment plan, line 20, Stage',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(stage.value).toBe('Delivery');
    expect(screen.getByText('Edit Contract CS2026120001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('where').textContent).toBe('/v2/detail?id=c1'), {
      timeout: 10_000,
    });
    const save = vi.mocked(call).mock.calls.find(([c]) => (c as { url: string }).url.includes('/save'));
    expect((save as [{ data: Record<string, unknown> }])[0].data).toMatchObject({
      id: 'c1',
      paymentPlan: [{ stage: 'Advance' }, { stage: 'Delivery' }],
    });
  }, 30_000);

  it('uses a file of the conventional name for that screen only', async () => {
    const modules = {
      './CollectionScreenDetail.tsx': async () => ({ default: () => <p>The kind’s own detail</p> }),
      './OtherKindList.tsx': async () => ({ default: () => <p>Another kind’s list</p> }),
    };
    renderAt('/v2/detail?id=c1', modules);
    expect(await screen.findByText('The kind’s own detail')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Payment plan' })).toBeNull();
    cleanup();
    renderAt('/v2/edit', modules);
    expect(await screen.findByText('New Contract')).toBeTruthy();
    expect(screen.queryByText('Another kind’s list')).toBeNull();
  }, 30_000);
});
