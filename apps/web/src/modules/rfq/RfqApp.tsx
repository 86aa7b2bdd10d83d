import { QueryClientProvider } from '@tanstack/react-query';
import { App, Result, Spin } from 'antd';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ChunkErrorBoundary } from '../../components/ChunkErrorBoundary.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { setMessageApi } from '../../lib/feedback.ts';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import { usePushRefresh } from '../../lib/push-relay.ts';
import { queryClient } from '../../lib/query-client.ts';
import { goToLogin } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings-store.ts';
import AntdRoot from '../../shell/AntdRoot.tsx';
import './i18n-rfq.ts';
import '../order/order.css';

const EnquiryList = lazy(() => import('./EnquiryList.tsx'));
const EnquiryDetail = lazy(() => import('./EnquiryDetail.tsx'));
const EnquiryEdit = lazy(() => import('./EnquiryEdit.tsx'));
const QuotePage = lazy(() => import('./QuotePage.tsx'));

/** Follows the shell's settings and session when another window (the shell) changes them. */
function useSharedStores() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'srm-settings') void useSettings.persist.rehydrate();
      if (e.key === 'srm-auth') void useAuth.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

function Feedback({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return children;
}

function NeedsLogin() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(goToLogin, 1500);
    return () => clearTimeout(timer);
  }, []);
  return <Result status="403" title={t('rfq:app.loginNeeded')} />;
}

/**
 * The module app /rfq/ (issue #13; spec 000 §2 task links): #/v2/list (both sides), #/v2/edit?id= (buyer:
 * new or draft; the approval link "enquiry edit"), #/v2/detail?id= (buyer: invitations, comparison and
 * award; "enquiry end"), #/v2/client/quota?id= (the supplier's quote page; "enquiry quote").
 */
export function RfqApp() {
  useSharedStores();
  // Pushes the shell received: the open pages refetch.
  usePushRefresh(queryClient);
  const token = useAuth((s) => s.token);
  return (
    <AntdRoot>
      <App>
        <Feedback>
          <QueryClientProvider client={queryClient}>
            <main className="order-app">
              {!token ? (
                <NeedsLogin />
              ) : (
                <ChunkErrorBoundary>
                  <Suspense fallback={<Spin className="tab-loading" />}>
                    <Routes>
                      <Route path="/v2/list" element={<EnquiryList />} />
                      <Route path="/v2/edit" element={<EnquiryEdit />} />
                      <Route path="/v2/detail" element={<EnquiryDetail />} />
                      <Route path="/v2/client/quota" element={<QuotePage />} />
                      <Route path="*" element={<Navigate to="/v2/list" replace />} />
                    </Routes>
                  </Suspense>
                </ChunkErrorBoundary>
              )}
            </main>
          </QueryClientProvider>
        </Feedback>
      </App>
    </AntdRoot>
  );
}
