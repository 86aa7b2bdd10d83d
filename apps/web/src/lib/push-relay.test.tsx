import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KEEP_ON_PUSH, relayPush, usePushRefresh } from './push-relay.ts';

/** A module app's page: one document read with a query, and a form's copy kept on pushes. */
function Page({ client, fetches }: { client: QueryClient; fetches: { detail: number; edit: number } }) {
  usePushRefresh(client);
  const detail = useQuery({
    queryKey: ['orders', 'detail', '1'],
    queryFn: async () => {
      fetches.detail++;
      return fetches.detail === 1 ? 'To be confirmed' : 'Confirmed';
    },
  });
  useQuery({
    queryKey: ['orders', 'edit', '1'],
    queryFn: async () => ++fetches.edit,
    meta: KEEP_ON_PUSH,
  });
  return <div data-testid="status">{detail.data ?? '…'}</div>;
}

describe('pushes relayed to module pages (issue #12)', () => {
  it('refetch the open queries when the shell relays a push, but not those an edit form holds', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetches = { detail: 0, edit: 0 };
    render(
      <QueryClientProvider client={client}>
        <Page client={client} fetches={fetches} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('To be confirmed'));
    expect(fetches.edit).toBe(1);

    relayPush({ kind: 'message', text: 'Sales order PO2026110001 confirmed' });
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('Confirmed'));
    expect(fetches.detail).toBe(2);
    expect(fetches.edit).toBe(1);
  });
});
