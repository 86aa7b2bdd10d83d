import { ADMIN_PERMISSION, mayUse } from '@srm/contracts/company-admin';
import { KERNEL_ROUTE_DEFINITIONS, kindActionsOf } from '@srm/contracts/document/actions';
import { transitionTable } from '@srm/contracts/document/define';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { can, kindCode, useCan } from './permissions.ts';
import { relayPush, usePermissionsRefresh } from './push-relay.ts';

/** What the mocked GET /user/getPermissions answers next: its data, or a failure. */
const server = vi.hoisted(() => ({
  answer: { permission: 'normal', roles: ['buyer'], actions: ['order.read'] } as unknown,
  calls: 0,
}));
vi.mock('./http.ts', async (original) => ({
  ...(await original<typeof import('./http.ts')>()),
  call: async (config: { url: string }) => {
    if (config.url !== '/user/getPermissions') throw new Error(`unexpected call ${config.url}`);
    server.calls++;
    if (server.answer instanceof Error) throw server.answer;
    return server.answer;
  },
}));

afterEach(() => {
  cleanup();
  server.calls = 0;
});

/** A module app's screen: an export button that needs `order.export`, listening for refreshes. */
function Screen({ client }: { client: QueryClient }) {
  usePermissionsRefresh(client);
  const may = useCan();
  return <div data-testid="buttons">{may('order.export') ? 'export' : 'none'}</div>;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Screen client={client} />
    </QueryClientProvider>,
  );
  return client;
}

const shown = () => screen.getByTestId('buttons').textContent;

describe('function permissions on the screens (issue #19)', () => {
  it('follows the server’s rule: the administrator holds every action, others their roles’', () => {
    for (const [permission, actions, code] of [
      [ADMIN_PERMISSION, [], 'order.export'],
      ['normal', ['order.export'], 'order.export'],
      ['normal', ['order.read'], 'order.export'],
      ['normal', [], 'account.list'],
    ] as const) {
      expect(can({ permission, actions: [...actions] }, code)).toBe(mayUse(permission, actions, code));
    }
    expect(can({ permission: 'normal', actions: ['order.read'] }, 'order.export')).toBe(false);
    expect(can({ permission: ADMIN_PERMISSION, actions: [] }, 'order.export')).toBe(true);
  });

  it('names every kind button by a code the server’s catalogue declares', () => {
    expect(kindCode({ kind: 'order' }, 'export')).toBe('order.export');
    expect(kindCode({ kind: 'order' }, 'edit')).toBe('order.save');
    expect(kindCode({ kind: 'order' }, 'copy')).toBe('order.save');
    expect(kindCode({ kind: 'order' }, 'withdraw')).toBe('order.submit');
    expect(kindCode({ kind: 'order' }, 'confirm')).toBe('order.confirm');
    expect(kindCode({ kind: 'order' }, 'print')).toBe('order.read');
    for (const def of KERNEL_ROUTE_DEFINITIONS) {
      const catalogue = new Set(kindActionsOf(def).map((a) => a.code));
      for (const name of Object.keys(transitionTable(def)))
        expect(catalogue, `${def.kind} ${name}`).toContain(kindCode(def, name));
      for (const op of ['read', 'export', 'attach']) expect(catalogue).toContain(kindCode(def, op));
    }
  });

  it('hides the button until the permissions arrive, then shows what they grant', async () => {
    server.answer = { permission: 'normal', roles: ['buyer'], actions: ['order.read', 'order.export'] };
    renderScreen();
    expect(shown()).toBe('none');
    await waitFor(() => expect(shown()).toBe('export'));
  });

  it('shows the button when the permissions cannot be read (the server still refuses)', async () => {
    server.answer = new Error('network down');
    const client = renderScreen();
    await waitFor(() => expect(client.getQueryState(['permissions'])?.status).toBe('error'));
    expect(shown()).toBe('export');
  });

  it('re-reads the permissions when the shell relays "Refresh permissions"', async () => {
    server.answer = { permission: 'normal', roles: ['buyer'], actions: ['order.read', 'order.export'] };
    renderScreen();
    await waitFor(() => expect(shown()).toBe('export'));
    // The admin took the export away; the user refreshes their permissions in the shell.
    server.answer = { permission: 'normal', roles: ['buyer'], actions: ['order.read'] };
    relayPush({ kind: 'permissions' });
    await waitFor(() => expect(shown()).toBe('none'));
    expect(server.calls).toBe(2);
  });
});
