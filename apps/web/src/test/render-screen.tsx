import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import i18n from '../lib/i18n.ts';
import { PERMISSIONS_KEY } from '../lib/push-relay.ts';
import { useSettings } from '../lib/settings-store.ts';

/**
 * Renders a module screen as its app does (query client without retries, antd App, a router at `path`), in
 * English. With `actions`, the caller's permissions are already read (GET /user/getPermissions answers
 * them too in the tests' mocked http); without, the screen reads them itself (the loading case).
 */
export function renderScreen(screenElement: ReactElement, path: string, actions?: readonly string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (actions) client.setQueryData(PERMISSIONS_KEY, { permission: 'normal', roles: [], actions });
  useSettings.setState({ locale: 'en' });
  void i18n.changeLanguage('en');
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[path]}>{screenElement}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}
