import { HOME_TAB_PATH } from '@srm/contracts/constants';
import { Spin } from 'antd';
import { Activity, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { ChunkErrorBoundary } from '../../components/ChunkErrorBoundary.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import { FORWARD_DETAIL_PATH } from '../forward.ts';
import { findTabRoute, isIframePath } from '../route-table.ts';
import { type Tab, tabKey } from '../tabs.ts';
import { useTabs } from '../tabs-store.ts';

const HomePage = lazy(() => import('../../pages/home/HomePage.tsx'));
const InfoPage = lazy(() => import('../../pages/info/InfoPage.tsx'));
const MessageCenterPage = lazy(() => import('../../pages/message/MessageCenterPage.tsx'));
const NoticeListPage = lazy(() => import('../../pages/notice/NoticeListPage.tsx'));
const IframePage = lazy(() => import('./IframePage.tsx'));
const ForwardDetailPage = lazy(() => import('./ForwardDetailPage.tsx'));
const RohsPage = lazy(() => import('../../pages/rohs/RohsPage.tsx'));
const LoginSettingsPage = lazy(() => import('../../pages/admin/LoginSettingsPage.tsx'));
const InviteCodesPage = lazy(() => import('../../pages/admin/InviteCodesPage.tsx'));
const SmsOutboxPage = lazy(() => import('../../pages/admin/SmsOutboxPage.tsx'));
const TodoPage = lazy(() => import('../../pages/audit/TodoPage.tsx'));
const AuditPage = lazy(() => import('../../pages/audit/AuditPage.tsx'));
const AuditConfigPage = lazy(() => import('../../pages/audit/AuditConfigPage.tsx'));
const ErrorPage = lazy(() => import('../../pages/errors/ErrorPage.tsx'));

function renderPage(tab: Tab): ReactNode {
  if (tab.value === HOME_TAB_PATH || tab.value === '/portal/supplier/index') return <HomePage />;
  if (tab.value === '/portal/info/index') return <InfoPage />;
  if (tab.value === '/portal/info/message') return <MessageCenterPage />;
  if (tab.value === '/portal/notice/list') return <NoticeListPage />;
  if (tab.value === '/portal/rohs/main') return <RohsPage view="main" />;
  if (tab.value === '/portal/rohs/card') return <RohsPage view="card" />;
  if (tab.value === '/portal/info/list') return <RohsPage view="list" />;
  if (tab.value === '/portal/settings/login-page') return <LoginSettingsPage />;
  if (tab.value === '/portal/invite/list') return <InviteCodesPage />;
  if (tab.value === '/portal/sms/outbox') return <SmsOutboxPage />;
  if (tab.value === '/portal/info/todo') return <TodoPage />;
  if (tab.value === '/audit') return <AuditPage tab={tab} />;
  if (tab.value === '/portal/audit/config') return <AuditConfigPage />;
  if (tab.value === FORWARD_DETAIL_PATH) return <ForwardDetailPage tab={tab} />;
  if (isIframePath(tab.value)) return <IframePage tab={tab} />;
  // A /portal/… page the shell does not have (route-table findTabRoute): the 404 page inside the tab.
  if (findTabRoute(tab.value)?.unknown) return <ErrorPage status="404" inTab />;
  return null;
}

/**
 * Main area (spec 000 §2): one React `<Activity>` per open tab, keyed by the tab, visible only for the
 * current route, so switching tabs keeps each view's state.
 */
export function KeepAliveOutlet() {
  const location = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const current = tabKey({
    value: location.pathname,
    query: Object.fromEntries(new URLSearchParams(location.search)),
  });
  return tabs.map((tab) => {
    const key = tabKey(tab);
    return (
      <Activity key={key} mode={key === current ? 'visible' : 'hidden'}>
        <div
          className={
            isIframePath(tab.value) || tab.value === FORWARD_DETAIL_PATH
              ? 'tab-view tab-view-frame'
              : 'tab-view'
          }
        >
          <ChunkErrorBoundary>
            <Suspense fallback={<Spin className="tab-loading" />}>{renderPage(tab)}</Suspense>
          </ChunkErrorBoundary>
        </div>
      </Activity>
    );
  });
}
