import type { MenuItem } from '@srm/contracts/menu';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useMenu } from '../../lib/menu-store.ts';
import { makeTab, tabKey } from '../tabs.ts';
import { useTabs } from '../tabs-store.ts';
import { SideMenu } from './SideMenu.tsx';

function entry(id: string, zh: string, en: string, appUrl: string, children: MenuItem[] = []): MenuItem {
  return {
    id,
    appName: zh,
    appNameI18n: { zh_cn: zh, en },
    appUrl,
    appIcon: null,
    appCode: id,
    component: null,
    meta: { roles: [] },
    group: [],
    query: {},
    children,
  };
}

const ORDERS = entry('orders', '订单管理', 'Orders', '', [
  entry('orderList', '采购订单', 'Purchase orders', '/order/#/list'),
]);
const SYSTEM = entry('system', '系统管理', 'System management', '', [
  entry('texts', '界面文字', 'Interface texts', '/system/#/language'),
]);
const TEXTS_PATH = `/myiframe/${encodeURIComponent('/system/#/language')}`;

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the side menu (spec 000 §2)', { timeout: 20_000 }, () => {
  it("keeps a group the user opened while the active tab's title or state is redrawn", async () => {
    useAuth.setState({ userInfo: { elsAccount: '100000', elsSubAccount: 'admin', roles: [] } as never });
    useMenu.setState({ menu: [ORDERS, SYSTEM] });
    // (The tests' interface language is English.)
    const tab = makeTab(TEXTS_PATH, {}, '界面文字', { code: 'texts' });
    useTabs.setState({ tabs: [tab], active: tabKey(tab) });
    render(
      <MemoryRouter initialEntries={[TEXTS_PATH]}>
        <SideMenu />
      </MemoryRouter>,
    );
    // The active entry's group is open; the other one is closed.
    const system = screen.getByRole('menuitem', { name: /System management/ });
    const orders = screen.getByRole('menuitem', { name: /Orders/ });
    await waitFor(() => expect(system.getAttribute('aria-expanded')).toBe('true'));
    expect(orders.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(orders);
    await waitFor(() => expect(orders.getAttribute('aria-expanded')).toBe('true'));
    expect(system.getAttribute('aria-expanded')).toBe('false');

    // The tab strip redraws (the frame's page gave the tab a title): the same active entry, a new tab object.
    act(() => useTabs.setState({ tabs: [{ ...tab, label: '界面文字 · 简体中文' }], active: tabKey(tab) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(orders.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menuitem', { name: /Purchase orders/ })).toBeTruthy();
  });
});
