import { QueryClientProvider } from '@tanstack/react-query';
import { App, Result, Spin } from 'antd';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import { setMessageApi } from '../lib/feedback.ts';
import { usePermissionsRefresh, usePushRefresh } from '../lib/push-relay.ts';
import { queryClient } from '../lib/query-client.ts';
import { goToLogin } from '../lib/session.ts';
import { useSettings } from '../lib/settings-store.ts';
import { storageKey } from '../lib/storage.ts';
import AntdRoot from '../shell/AntdRoot.tsx';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { useKeyboardScrollable } from './data-table/use-keyboard-scrollable.ts';

/** Follows the shell's settings and session when another window (the shell) changes them. */
function useSharedStores() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === storageKey('settings')) void useSettings.persist.rehydrate();
      if (e.key === storageKey('auth')) void useAuth.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/** Hands antd's message API (inside App) to code outside React (lib/feedback.ts). */
function Feedback({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return children;
}

/** Without a session: says so and returns to the login page. */
function NeedsLogin({ title }: { title: string }) {
  useEffect(() => {
    const timer = setTimeout(goToLogin, 1500);
    return () => clearTimeout(timer);
  }, []);
  return <Result status="403" title={title} />;
}

/** Pushes the shell received make the open pages refetch (an open document shows its new status). */
function PushRefresh() {
  usePushRefresh(queryClient);
  return null;
}

/**
 * The frame every module app the shell opens in /myiframe shares (/order/, /masterdata/, /rfq/ …): the
 * shell's settings and session followed across windows, the shell's "Refresh permissions" (the
 * permissions query re-read, issue #19), antd's theme and message API, React Query, the
 * keyboard scrolling of wide tables, the login check (`loginNeeded`: the text shown before returning to the login page), an optional `refusal`
 * (e.g. a buyer-only app opened by a supplier), and the app's routes loaded lazily behind a chunk error
 * boundary.
 */
export function ModuleAppFrame({
  className,
  loginNeeded,
  refusal,
  pushRefresh = false,
  children,
}: {
  className: string;
  loginNeeded: string;
  refusal?: ReactNode;
  /** Refetch the open pages when the shell receives a push. */
  pushRefresh?: boolean;
  children: ReactNode;
}) {
  useSharedStores();
  usePermissionsRefresh(queryClient);
  // Tables wider than their box scroll from the keyboard (issue #19, WCAG 2.1.1).
  useKeyboardScrollable(() => document.body);
  const token = useAuth((s) => s.token);
  return (
    <AntdRoot>
      <App>
        <Feedback>
          <QueryClientProvider client={queryClient}>
            {pushRefresh && <PushRefresh />}
            <main className={className}>
              {!token ? (
                <NeedsLogin title={loginNeeded} />
              ) : (
                (refusal ?? (
                  <ChunkErrorBoundary>
                    <Suspense fallback={<Spin className="tab-loading" />}>{children}</Suspense>
                  </ChunkErrorBoundary>
                ))
              )}
            </main>
          </QueryClientProvider>
        </Feedback>
      </App>
    </AntdRoot>
  );
}
