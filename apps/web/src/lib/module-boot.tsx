import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { useAuth } from './auth-store.ts';
import { loadCompanyTimeZone } from './clock.ts';
import { bootTenantTexts, tenantOf } from './module-texts.ts';
import { applyDocumentSettings } from './settings-store.ts';

/**
 * Starts a module app the shell opens in /myiframe/… (same origin, same stored session): the document
 * follows the shell's settings, the tenant's interface texts are merged before the first render and again
 * on a change of language or company (module-texts.ts, issue #18/#19), then `app` renders in #root under
 * a hash router. With a session, the company's time zone is loaded for the date pickers' "today" (clock.ts).
 */
export function renderModuleApp(app: ReactNode): void {
  applyDocumentSettings();
  if (tenantOf(useAuth.getState())) void loadCompanyTimeZone();
  const root = document.getElementById('root');
  if (!root) return;
  bootTenantTexts(() =>
    createRoot(root).render(
      <StrictMode>
        <HashRouter>{app}</HashRouter>
      </StrictMode>,
    ),
  );
}
