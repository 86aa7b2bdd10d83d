import { ROW_DENSITIES, type RowDensity } from '@srm/contracts/constants';
import { App, Avatar, Button, Dropdown, Menu, Space, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BulbOutlined,
  ColumnHeightOutlined,
  DownOutlined,
  FileSearchOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
  WechatOutlined,
} from '../../components/icons.tsx';
import { LanguageSelect } from '../../components/LanguageSelect.tsx';
import { getMenu, logout } from '../../lib/api.ts';
import { useAuth, useLock } from '../../lib/auth-store.ts';
import { useMenu } from '../../lib/menu-store.ts';
import { relayPush } from '../../lib/push-relay.ts';
import { LOCK_PATH } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { menuLabel } from '../menu-path.ts';
import { useUi } from '../ui-store.ts';
import { MessageBell } from './MessageBell.tsx';
import { useOpenMenuEntry, useVisibleMenu } from './SideMenu.tsx';

const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx'));
const LogModal = lazy(() => import('./LogModal.tsx'));
const QrDialog = lazy(() => import('./QrDialog.tsx'));

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle];
}

function TopMenu() {
  const locale = useSettings((s) => s.locale);
  const visible = useVisibleMenu();
  const openEntry = useOpenMenuEntry();
  const { t } = useTranslation();
  const items = useMemo(
    () =>
      visible.map((item) => ({
        key: item.id,
        label: menuLabel(item, locale),
        children: item.children.length
          ? item.children.map((c) => ({ key: c.id, label: menuLabel(c, locale) }))
          : undefined,
      })),
    [visible, locale],
  );
  return (
    <Menu
      className="top-menu"
      mode="horizontal"
      aria-label={t('shell:topbar.topMenu')}
      items={items}
      selectable={false}
      onClick={({ key }) => {
        const item = visible.flatMap((i) => [i, ...i.children]).find((i) => i.id === key);
        if (item) openEntry(item);
      }}
    />
  );
}

/**
 * Top bar (spec 000 §2): collapse toggle, row density, language, message widget, follow-us (hidden for the sale station),
 * full screen, log, settings, and the user dropdown (personal information, lock screen, logout with confirm).
 */
export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const user = useAuth((s) => s.userInfo);
  const collapsed = useUi((s) => s.collapsed);
  const setCollapsed = useUi((s) => s.setCollapsed);
  const settings = useSettings();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [followOpen, setFollowOpen] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  const confirmLogout = () => {
    modal.confirm({
      title: t('shell:topbar.logoutTitle'),
      content: t('shell:topbar.logoutConfirm'),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      onOk: () => logout(),
    });
  };

  const acting =
    user?.actingElsAccount && user.actingElsAccount !== user.elsAccount ? user.actingElsAccount : null;
  const userItems = [
    ...(acting
      ? [
          { key: 'acting', disabled: true, label: t('shell:topbar.actingAs', { account: acting }) },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'info', label: t('shell:topbar.info') },
    { key: 'refreshPermissions', label: t('shell:topbar.refreshPermissions') },
    ...(settings.showLock ? [{ key: 'lock', label: t('shell:topbar.lock') }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('shell:topbar.logout') },
  ];
  // WCAG 2.5.3 (issue #32): each button's name starts with the text it shows, then says what it is for.
  const densityText = t(`shell:topbar.densities.${settings.columnHeight}`);
  const actingText = acting ? t('shell:topbar.actingShort', { account: acting }) : '';
  const userText = [user?.name, actingText].filter(Boolean).join(' ');

  return (
    <header className="top-bar">
      <div className="top-bar-left">
        {settings.showCollapse && (
          <Tooltip title={collapsed ? t('shell:topbar.expand') : t('shell:topbar.collapse')}>
            <Button
              type="text"
              aria-label={collapsed ? t('shell:topbar.expand') : t('shell:topbar.collapse')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
          </Tooltip>
        )}
        {settings.showTopMenu && <TopMenu />}
      </div>
      <Space className="top-bar-right" size={4}>
        {user?.station !== 'sale' && (
          <Button type="text" icon={<WechatOutlined />} onClick={() => setFollowOpen(true)}>
            <span className="top-bar-label">{t('shell:topbar.followUs')}</span>
          </Button>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [settings.columnHeight],
            items: ROW_DENSITIES.map((d) => ({ key: d, label: t(`shell:topbar.densities.${d}`) })),
            onClick: ({ key }) => settings.setDensity(key as RowDensity),
          }}
        >
          <Button
            type="text"
            icon={<ColumnHeightOutlined />}
            aria-label={t('shell:topbar.densityNamed', { value: densityText })}
          >
            <span className="top-bar-label">{densityText}</span>
          </Button>
        </Dropdown>
        <LanguageSelect className="top-bar-lang" />
        <MessageBell />
        {settings.showFullScreen && (
          <Tooltip title={fullscreen ? t('shell:topbar.exitFullscreen') : t('shell:topbar.fullscreen')}>
            <Button
              type="text"
              aria-label={fullscreen ? t('shell:topbar.exitFullscreen') : t('shell:topbar.fullscreen')}
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleFullscreen}
            />
          </Tooltip>
        )}
        {settings.showTheme && (
          <Tooltip title={t('shell:settings.theme')}>
            <Button
              type="text"
              aria-label={t('shell:settings.theme')}
              aria-pressed={settings.theme === 'dark'}
              icon={<BulbOutlined />}
              onClick={() => settings.setTheme(settings.theme === 'dark' ? 'light' : 'dark')}
            />
          </Tooltip>
        )}
        {settings.showLog && (
          <Tooltip title={t('shell:topbar.log')}>
            <Button
              type="text"
              aria-label={t('shell:topbar.log')}
              icon={<FileSearchOutlined />}
              onClick={() => setLogOpen(true)}
            />
          </Tooltip>
        )}
        <Tooltip title={t('shell:topbar.settings')}>
          <Button
            type="text"
            aria-label={t('shell:topbar.settings')}
            icon={<SettingOutlined />}
            onClick={() => {
              setSettingsLoaded(true);
              setSettingsOpen(true);
            }}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: userItems,
            onClick: ({ key }) => {
              if (key === 'info') navigate('/portal/info/index');
              // "Permission refresh" (spec 001 §6, issue #19): the menu is re-read without logging out, and
              // the open module apps re-read their permissions (their buttons follow).
              if (key === 'refreshPermissions')
                void getMenu().then((items) => {
                  useMenu.getState().setMenu(items);
                  relayPush({ kind: 'permissions' });
                  void message.success(t('shell:topbar.permissionsRefreshed'));
                });
              if (key === 'lock') {
                useLock.getState().lock();
                navigate(LOCK_PATH);
              }
              if (key === 'logout') confirmLogout();
            },
          }}
        >
          <Button
            type="text"
            className="user-button"
            aria-label={t('shell:topbar.userMenuNamed', { name: userText })}
          >
            <Avatar size="small" icon={<UserOutlined />} />
            {actingText ? (
              // One box with a space between: its text reads as the name does (antd drops a blank child).
              <span>
                <span className="top-bar-label">{user?.name}</span>{' '}
                <span className="top-bar-acting">{actingText}</span>
              </span>
            ) : (
              <span className="top-bar-label">{user?.name}</span>
            )}
            <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {followOpen && (
        <Suspense fallback={null}>
          <QrDialog open={followOpen} onClose={() => setFollowOpen(false)} />
        </Suspense>
      )}
      {logOpen && (
        <Suspense fallback={null}>
          <LogModal open={logOpen} onClose={() => setLogOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
