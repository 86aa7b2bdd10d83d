import { act, cleanup, render, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import type { PushOptions } from '../../lib/push.ts';
import { PUSH_CHANNEL, type PushRelayMessage } from '../../lib/push-relay.ts';

/** The options the bell opened the (mocked) message channel with. */
const channel = vi.hoisted(() => ({ options: null as PushOptions | null }));
vi.mock('../../lib/push.ts', () => ({
  startPush: (options: PushOptions) => {
    channel.options = options;
    return { close: () => {} };
  },
}));
vi.mock('../../lib/unread-store.ts', async () => {
  const { create } = await import('zustand');
  return {
    useUnread: create(() => ({
      count: 0,
      version: 0,
      refresh: async () => {},
      changed: () => {},
      clear: () => {},
    })),
  };
});

const { useAuth } = await import('../../lib/auth-store.ts');
const { MessageBell } = await import('./MessageBell.tsx');

function logIn() {
  useAuth.setState({
    token: 'token',
    refreshToken: 'refresh',
    userInfo: { elsAccount: '100000', elsSubAccount: 'buyer1' } as never,
    environMentConfig: { mqttUrl: '/mqtt', mqttTopic: 'srm', env: 'demo' } as never,
  });
}

async function push(text: string) {
  render(
    <App>
      <MessageBell />
    </App>,
  );
  await waitFor(() => expect(channel.options).not.toBeNull(), { timeout: 10_000 });
  act(() => channel.options?.onMessage(text));
}

afterEach(() => {
  channel.options = null;
  // Unmount before wiping what antd left in the body (notices), so the global cleanup finds nothing.
  cleanup();
  document.body.innerHTML = '';
});

// antd renders slowly in jsdom on a busy machine: generous limits.
describe('the push notice (issue #12)', { timeout: 20_000 }, () => {
  it('is headed in natural English and sits bottom right, clear of the pages’ toolbars', async () => {
    logIn();
    await push('Purchase order PO2026110001 to be confirmed');
    const notice = await waitFor(
      () => {
        const found = document.querySelector('.push-notice');
        expect(found).not.toBeNull();
        return found as HTMLElement;
      },
      { timeout: 10_000 },
    );
    expect(notice.textContent).toContain('New message');
    expect(notice.textContent).not.toContain('Backend reminder');
    expect(notice.textContent).toContain('Purchase order PO2026110001 to be confirmed');
    expect(notice.closest('.ant-notification-bottomRight')).not.toBeNull();
    expect(document.querySelector('.ant-notification-topRight .push-notice')).toBeNull();
  });

  it('is relayed to the module pages on the push channel', async () => {
    logIn();
    const heard: PushRelayMessage[] = [];
    const listener = new BroadcastChannel(PUSH_CHANNEL);
    listener.onmessage = (e: MessageEvent<PushRelayMessage>) => heard.push(e.data);
    try {
      await push('Sales order PO2026110002 shipped');
      await waitFor(
        () => expect(heard).toEqual([{ kind: 'message', text: 'Sales order PO2026110002 shipped' }]),
        { timeout: 10_000 },
      );
    } finally {
      listener.close();
    }
  });
});
