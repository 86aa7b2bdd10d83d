import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';

// The top bar's message bell opens the push channel and reads the unread count: neither is under test.
vi.mock('../../lib/push.ts', () => ({ startPush: () => ({ close: () => {} }) }));
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
const { useMenu } = await import('../../lib/menu-store.ts');
const { useSettings } = await import('../../lib/settings-store.ts');
const { SideMenu } = await import('./SideMenu.tsx');
const { TopBar } = await import('./TopBar.tsx');

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

async function renderShell(locale: 'en' | 'zh_cn') {
  useSettings.setState({ locale, columnHeight: 'medium' });
  await i18n.changeLanguage(locale);
  useAuth.setState({
    userInfo: { elsAccount: '100000', elsSubAccount: 'buyer1', name: 'Li Lei', station: 'purchase' } as never,
  });
  useMenu.setState({ menu: [] });
  render(
    <App>
      <MemoryRouter initialEntries={['/portal/home']}>
        <SideMenu />
        <TopBar />
      </MemoryRouter>
    </App>,
  );
}

/** The text a button shows: its text nodes, icons' and hidden parts' names left out. */
function shownText(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('WCAG 2.5.3 Label in Name: the shell names its controls by what they show (issue #32)', () => {
  it.each([
    [
      'en',
      'Medium — row density',
      'English — language',
      'Li Lei — user menu',
      'SRM Supplier Portal — back to home',
    ],
    ['zh_cn', '中 — 行高', '简体中文 — 语言', 'Li Lei — 用户菜单', 'SRM 供应商协同平台 — 返回首页'],
  ] as const)(
    'in %s: density, language, user and logo buttons',
    async (locale, density, language, user, logo) => {
      await renderShell(locale);
      for (const name of [density, language, user, logo]) {
        const button = screen.getByRole('button', { name });
        expect(name.startsWith(shownText(button)), `"${name}" starts with "${shownText(button)}"`).toBe(true);
      }
    },
  );

  it('every top-bar and logo button with visible text has a name starting with it', async () => {
    await renderShell('en');
    const buttons = screen.getAllByRole('button').filter((b) => shownText(b));
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    for (const button of buttons) {
      const name = button.getAttribute('aria-label') ?? shownText(button);
      expect(
        name.toLowerCase().startsWith(shownText(button).toLowerCase()),
        `${name} / ${shownText(button)}`,
      ).toBe(true);
    }
  });

  it('the user button names the account acted for, as it shows it', async () => {
    await renderShell('en');
    useAuth.setState({
      userInfo: {
        elsAccount: '100000',
        elsSubAccount: 'buyer1',
        name: 'Li Lei',
        actingElsAccount: '200001',
      } as never,
    });
    const button = await screen.findByRole('button', { name: 'Li Lei (as 200001) — user menu' });
    expect(within(button).getByText('(as 200001)')).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: /Log out/ })).toBeTruthy();
  });
});
