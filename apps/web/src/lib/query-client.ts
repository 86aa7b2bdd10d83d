import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query client of the portal. Pages that fetch with queries wrap themselves in its
 * provider, so the layout (and the home route's budget, DESIGN §10) does not carry query-core.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
