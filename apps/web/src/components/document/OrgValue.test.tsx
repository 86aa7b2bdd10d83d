import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrgValue } from './OrgValue.tsx';

/** The factory master as findOptions answers it: 1010 named in both languages; anything else unknown. */
const server = vi.hoisted(() => ({ calls: [] as Array<{ url: string; data: unknown }> }));
vi.mock('../../lib/http.ts', async (original) => ({
  ...(await original<typeof import('../../lib/http.ts')>()),
  call: vi.fn(async (config: { url: string; data: { codes?: string[] } }) => {
    server.calls.push({ url: config.url, data: config.data });
    if (config.url === '/masterdata/PurchaseFactoryService/findOptions')
      return (config.data.codes ?? [])
        .filter((code) => code === '1010')
        .map((code) => ({ code, name: '上海工厂', nameEn: 'Shanghai plant', status: 'disabled' }));
    throw new Error(`unexpected call ${config.url}`);
  }),
}));

afterEach(() => {
  cleanup();
  server.calls = [];
});

function renderValue(code: string, locale: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <span data-testid="value">
        <OrgValue type="factory" code={code} locale={locale} />
      </span>
    </QueryClientProvider>,
  );
}

describe('OrgValue (issue #19: details name organisations)', () => {
  it('names a code from the masters in the reader’s language, even a disabled one', async () => {
    renderValue('1010', 'en');
    expect(await screen.findByText('1010 Shanghai plant')).toBeTruthy();
    expect(server.calls).toEqual([
      { url: '/masterdata/PurchaseFactoryService/findOptions', data: { codes: ['1010'] } },
    ]);
  });

  it('keeps the bare code when the masters do not hold it', async () => {
    renderValue('9999', 'zh_cn');
    await vi.waitFor(() => expect(server.calls.length).toBe(1));
    expect(screen.getByTestId('value').textContent).toBe('9999');
  });
});
