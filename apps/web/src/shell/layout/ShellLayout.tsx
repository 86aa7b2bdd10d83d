import { HOME_TAB_PATH, RESIZE_DEBOUNCE_MS } from '@srm/contracts/constants';
import { App, Layout } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkStoredSession, getMenu } from '../../lib/api.ts';
import { tokenAtPageLoad, useAuth } from '../../lib/auth-store.ts';
import { dropBootFrame } from '../../lib/boot-frame.ts';
import { loadDictionaries } from '../../lib/dict.ts';
import { setMessageApi } from '../../lib/feedback.ts';
import { ApiError } from '../../lib/http.ts';
import { useMenu } from '../../lib/menu-store.ts';
import { useMenuChanged } from '../../lib/push-relay.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { loadTableConfigs } from '../../lib/table-configs.ts';
import { loadTenantTexts } from '../../lib/tenant-i18n.ts';
import { takePendingForward } from '../forward.ts';
import { buildMenuPath, findMenuEntry } from '../menu-path.ts';
import { findTabRoute, isIframePath, needsMenuEntry } from '../route-table.ts';
import { sessionMenu } from '../session-loads.ts';
import { sizeClass } from '../size-class.ts';
import { makeTab, tabKey } from '../tabs.ts';
import { useTabs } from '../tabs-store.ts';
import { useUi } from '../ui-store.ts';
import { useTabLabel } from '../use-tab-label.ts';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TabStrip } from './TabStrip.tsx';
import { TopBar } from './TopBar.tsx';
import './layout.css';

const ForcedPasswordDialog = lazy(() => import('./ForcedPasswordDialog.tsx'));

/** Registers the themed message API for toasts raised outside React (http client, spec 000 §8). */
function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

/** Set once per page load: the start sequence of spec 000 §2 runs on the first mount only. */
let started = false;

function useSizeClassTracking() {
  const setSizeClass = useUi((s) => s.setSizeClass);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => setSizeClass(sizeClass(window.innerWidth));
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
    };
    apply();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [setSizeClass]);
}

/**
 * The shell layout (spec 000 §2): side menu, top bar, tab strip and the kept-alive main area. On start it
 * sets the size class, loads the menu, the dictionaries and the tenant's texts, clears all tabs and
 * navigates to the home tab, then opens a forward that /forwardPass kept (spec 000 §2). "Table lists":
 * the user's personal table configurations, read once here (lib/table-configs.ts) for every list of the
 * shell and of its module frames. "Formula lists": the document kernel has no computed-field formulas, so
 * there is nothing to load.
 */
export default function ShellLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const menu = useMenu((s) => s.menu);
  const dispatch = useTabs((s) => s.dispatch);
  const collapsed = useUi((s) => s.collapsed);
  const setCollapsed = useUi((s) => s.setCollapsed);
  const size = useUi((s) => s.sizeClass);
  const showTag = useSettings((s) => s.showTag);
  const labelOf = useTabLabel();
  const mustChangePassword = useAuth((s) => s.userInfo?.fbk10 === 'Y');
  const starting = useRef(!started);

  useSizeClassTracking();
  // The page's pre-React frame (portal/index.html) has done its job once the layout is on screen.
  useEffect(() => dropBootFrame(), []);

  // Runs once, at start (spec 000 §2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the start sequence must not re-run on navigation
  useEffect(() => {
    if (!starting.current) return;
    started = true;
    // The session this page load started with, kept from an earlier visit: does the server still honour it
    // (spec 000 §7 webValidToken)? Here, not in the route guard, so that the '401' message can show (the
    // layout's message API is registered by now). A token the login has just issued needs no check.
    const stored = useAuth.getState().token;
    if (stored && stored === tokenAtPageLoad) void checkStoredSession(stored);
    dispatch({ type: 'reset' });
    if (location.pathname !== HOME_TAB_PATH || location.search) navigate(HOME_TAB_PATH, { replace: true });
  }, []);

  // After login: dictionaries (once per session) and the tenant's language file (spec 000 §2, §7).
  const acting = useAuth((s) => s.userInfo?.actingElsAccount ?? s.userInfo?.elsAccount);
  const locale = useSettings((s) => s.locale);
  const user = useAuth((s) => s.userInfo);
  useEffect(() => {
    if (!token) return;
    void loadDictionaries();
  }, [token]);
  // The table lists (spec 000 §2): every personal table configuration, once per user.
  useEffect(() => {
    if (token && user?.elsAccount && user.elsSubAccount)
      loadTableConfigs({ elsAccount: user.elsAccount, elsSubAccount: user.elsSubAccount }).catch((e) =>
        console.error('table configs', e),
      );
  }, [token, user?.elsAccount, user?.elsSubAccount]);
  useEffect(() => {
    if (token && acting) void loadTenantTexts(acting, locale);
  }, [token, acting, locale]);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    sessionMenu(token)
      .then((items) => {
        if (!cancelled && Array.isArray(items) && items.length > 0) useMenu.getState().setMenu(items);
      })
      .catch((e) => {
        console.error(t('shell:menuLoadFailed'), e);
        // The server failed (5xx, or a body code '500'): the shell cannot be built, so the 500 page (spec 000 §2).
        if (!cancelled && e instanceof ApiError && /^5\d\d$/.test(e.code))
          navigate('/500', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [token, t, navigate]);

  // Menu management saved a change (issue #19): the side menu is re-read at once, without a reload.
  const rereadMenu = useCallback(() => {
    void getMenu()
      .then((items) => {
        if (Array.isArray(items) && items.length > 0) useMenu.getState().setMenu(items);
      })
      .catch(() => undefined); // the menu shown stays; the next load reads it again
  }, []);
  useMenuChanged(rereadMenu);

  useEffect(() => {
    const path = location.pathname;
    if (!findTabRoute(path)) return;
    if (starting.current) {
      if (path !== HOME_TAB_PATH) return;
      starting.current = false;
    }
    // A forward kept by /forwardPass (spec 000 §2) opens next to the home tab once the home tab is there.
    const forward = path === HOME_TAB_PATH ? takePendingForward() : undefined;
    const query = Object.fromEntries(new URLSearchParams(location.search));
    const hit = findMenuEntry(menu, (item) => buildMenuPath(item).pathname === path);
    // A page the user's roles do not open (its menu entry is not in their menu): the 403 page (issue #19).
    if (!hit && menu.length > 0 && needsMenuEntry(path)) {
      navigate('/403', { replace: true });
      return;
    }
    const tab = makeTab(path, query, '', { code: hit?.item.appCode, group: hit?.item.group });
    dispatch({ type: 'visit', tab: { ...tab, label: labelOf(tab) } });
    if (forward) navigate(forward);
  }, [location.pathname, location.search, menu, dispatch, labelOf, navigate]);

  const activeTab = useTabs((s) => s.tabs.find((tab) => tabKey(tab) === s.active));
  useEffect(() => {
    document.title = activeTab && isIframePath(activeTab.value) ? labelOf(activeTab) : t('common:app.title');
  }, [activeTab, labelOf, t]);

  return (
    <App>
      <MessageBridge />
      <Layout className={`shell size-${size}${collapsed ? ' is-collapsed' : ''}`}>
        <Layout.Sider
          className="shell-sider"
          trigger={null}
          collapsible
          collapsed={collapsed}
          width={224}
          collapsedWidth={size === 0 ? 0 : 64}
        >
          <SideMenu />
        </Layout.Sider>
        {size === 0 && !collapsed && (
          <button
            type="button"
            className="shell-shade"
            aria-label={t('shell:menu.shade')}
            onClick={() => setCollapsed(true)}
          />
        )}
        <Layout className="shell-body">
          <TopBar />
          {showTag && <TabStrip />}
          {/* Focusable so the keyboard can scroll the page area (WCAG 2.1.1, axe scrollable-region-focusable). */}
          <Layout.Content className="shell-main" tabIndex={0}>
            <KeepAliveOutlet />
          </Layout.Content>
        </Layout>
        {mustChangePassword && (
          <Suspense fallback={null}>
            <ForcedPasswordDialog />
          </Suspense>
        )}
      </Layout>
    </App>
  );
}
