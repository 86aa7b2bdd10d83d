import { QueryClientProvider } from '@tanstack/react-query';
import { App, Result, Spin } from 'antd';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ChunkErrorBoundary } from '../../components/ChunkErrorBoundary.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { setMessageApi } from '../../lib/feedback.ts';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import { queryClient } from '../../lib/query-client.ts';
import { goToLogin } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings-store.ts';
import AntdRoot from '../../shell/AntdRoot.tsx';
import './i18n-masterdata.ts';
import './masterdata.css';

const MaterialList = lazy(() => import('./MaterialList.tsx'));
const CategoryPage = lazy(() => import('./CategoryPage.tsx'));
const SupplierList = lazy(() => import('./SupplierList.tsx'));
const PriceList = lazy(() => import('./PriceList.tsx'));
const CustomFieldsPage = lazy(() => import('./CustomFieldsPage.tsx'));

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
  return <Result status="403" title={t('masterdata:app.loginNeeded')} />;
}

function BuyerOnly() {
  const { t } = useTranslation();
  return <Result status="403" title={t('masterdata:app.buyerOnly')} />;
}

/**
 * The module app: #/v2/material/list, #/v2/category, #/v2/supplier/list (#/v2/supplier/edit[?id=…]: the
 * supplier form over the list), #/v2/price/list, #/v2/custom-fields (custom field labels, buyer admins;
 * issue #5) (buyer side).
 */
export function MasterdataApp() {
  useSharedStores();
  const token = useAuth((s) => s.token);
  const sale = useAuth((s) => s.userInfo?.station === 'sale');
  return (
    <AntdRoot>
      <App>
        <Feedback>
          <QueryClientProvider client={queryClient}>
            <main className="md-app">
              {!token ? (
                <NeedsLogin />
              ) : sale ? (
                <BuyerOnly />
              ) : (
                <ChunkErrorBoundary>
                  <Suspense fallback={<Spin className="tab-loading" />}>
                    <Routes>
                      <Route path="/v2/material/list" element={<MaterialList />} />
                      <Route path="/v2/category" element={<CategoryPage />} />
                      <Route path="/v2/supplier/list" element={<SupplierList />} />
                      <Route path="/v2/supplier/edit" element={<SupplierList />} />
                      <Route path="/v2/price/list" element={<PriceList />} />
                      <Route path="/v2/custom-fields" element={<CustomFieldsPage />} />
                      <Route path="*" element={<Navigate to="/v2/material/list" replace />} />
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
