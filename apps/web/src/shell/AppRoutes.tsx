import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary.tsx';
import { lazyChunk as lazy } from '../lib/lazy.ts';
import { RouteGuard } from './RouteGuard.tsx';
import { REDIRECTS, TAB_ROUTES } from './route-table.ts';

const LoginPage = lazy(() => import('../pages/login/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/register/ResetPasswordPage.tsx'));
const WxAuthPage = lazy(() => import('../pages/register/WxAuthPage.tsx'));
const LockPage = lazy(() => import('../pages/lock/LockPage.tsx'));
const ErrorPage = lazy(() => import('../pages/errors/ErrorPage.tsx'));
const ForwardPassPage = lazy(() => import('../pages/forward/ForwardPassPage.tsx'));
const ShellLayout = lazy(() => import('./layout/ShellLayout.tsx'));
const AntdRoot = lazy(() => import('./AntdRoot.tsx'));

/** The thin bar while a page's code loads; named, as every progress bar must be (WCAG 4.1.2). */
function Loading() {
  const { t } = useTranslation();
  return (
    <div className="boot-loading" role="progressbar" aria-busy="true" aria-label={t('common:loading')} />
  );
}

/** A lazily loaded page; every page but login is wrapped in the (lazy) antd context. */
function Page({ children, antd = true }: { children: ReactNode; antd?: boolean }) {
  const page = <Suspense fallback={<Loading />}>{children}</Suspense>;
  if (!antd) return <ChunkErrorBoundary>{page}</ChunkErrorBoundary>;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Loading />}>
        <AntdRoot>{page}</AntdRoot>
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * Route table of spec 000 §2. Shell pages are children of the lazily loaded layout, which renders them
 * itself (one kept-alive view per tab); the login page does not load the layout.
 */
export function AppRoutes() {
  return (
    <RouteGuard>
      <Routes>
        <Route
          path="/login"
          element={
            <Page antd={false}>
              <LoginPage />
            </Page>
          }
        />
        <Route
          path="/lock"
          element={
            <Page>
              <LockPage />
            </Page>
          }
        />
        {(['403', '404', '500'] as const).map((status) => (
          <Route
            key={status}
            path={`/${status}`}
            element={
              <Page>
                <ErrorPage status={status} />
              </Page>
            }
          />
        ))}
        <Route
          path="/register"
          element={
            <Page antd={false}>
              <RegisterPage />
            </Page>
          }
        />
        <Route
          path="/resetPassword"
          element={
            <Page antd={false}>
              <ResetPasswordPage />
            </Page>
          }
        />
        <Route
          path="/wxAuth"
          element={
            <Page antd={false}>
              <WxAuthPage />
            </Page>
          }
        />
        <Route
          path="/forwardPass"
          element={
            <Page>
              <ForwardPassPage />
            </Page>
          }
        />
        {Object.entries(REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        <Route
          element={
            <Page>
              <ShellLayout />
            </Page>
          }
        >
          {TAB_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={null} />
          ))}
          <Route path="/myiframe/*" element={null} />
          {/* Any other /portal/… path: a tab with the 404 page (route-table findTabRoute). */}
          <Route path="/portal/*" element={null} />
        </Route>
        <Route
          path="*"
          element={
            <Page>
              <ErrorPage status="404" />
            </Page>
          }
        />
      </Routes>
    </RouteGuard>
  );
}
